"""Shapes the Ultima 0 drivers share: what a getter answered and what a drawing showed.

No driver of its own: a driver takes these with ``from ._shapes import ...``, and the host puts
this text in place of that import (see ``autograder.drivers``), so it imports the standard
library only.
"""

from typing import Tuple, Union

# A getter's answer: a JSON scalar as returned, anything else as its repr, and "error: ..."
# when it raised.
Plain = Union[bool, int, float, str]

# A picture drawn: its file's name and its centre, in pixels.
Picture = Tuple[str, float, float]
