"""``stddraw``: the booksite's own name for its drawing module, provided by stddraw_shim.

This file only forwards: importing it yields the module ``stddraw_shim.stddraw`` itself, so
every booksite name for one module shares its state (StdDraw and stddraw share one canvas).
It is a package, not ``stddraw.py``, so that it can sit beside ``StdDraw.py`` on file systems
that ignore case (Windows, macOS), where the two file names would name one file.
"""

import sys

from stddraw_shim import stddraw as _module

# Replacing this module's own entry makes every later import return the real module object.
sys.modules[__name__] = _module
