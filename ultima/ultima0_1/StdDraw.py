"""``StdDraw``: the course's name for the booksite drawing module, provided by stddraw_shim.

This file only forwards: importing it yields the module ``stddraw_shim.stddraw`` itself, so
every booksite name for one module shares its state (StdDraw and stddraw share one canvas).
"""

import sys

from stddraw_shim import stddraw as _module

# Replacing this module's own entry makes every later import return the real module object.
sys.modules[__name__] = _module
