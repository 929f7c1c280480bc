"""The booksite ``color`` module: an RGB colour type and the 20 named colours.

Student code imports it as ``import color`` or reaches the same constants through
``StdDraw.RED`` and friends.

>>> str(RED)
'(255, 0, 0)'
>>> Color(9, 90, 166) == BOOK_BLUE
True
"""

__all__ = [
    "Color", "WHITE", "BLACK", "RED", "GREEN", "BLUE", "CYAN", "MAGENTA", "YELLOW", "DARK_RED",
    "DARK_GREEN", "DARK_BLUE", "GRAY", "DARK_GRAY", "LIGHT_GRAY", "ORANGE", "VIOLET", "PINK",
    "BOOK_BLUE", "BOOK_LIGHT_BLUE", "BOOK_RED",
]

CHANNEL_MAX = 255


class Color:
    """An immutable colour made of red, green and blue components, each 0 to 255."""

    def __init__(self, r: int = 0, g: int = 0, b: int = 0) -> None:
        """Create the colour (r, g, b); raise ValueError if a component is not an int 0..255."""
        for name, value in (("red", r), ("green", g), ("blue", b)):
            if not isinstance(value, int) or not 0 <= value <= CHANNEL_MAX:
                raise ValueError(f"Color {name} component must be an int 0..255, got {value!r}")
        self._rgb = (r, g, b)

    def getRed(self) -> int:
        """Return the red component."""
        return self._rgb[0]

    def getGreen(self) -> int:
        """Return the green component."""
        return self._rgb[1]

    def getBlue(self) -> int:
        """Return the blue component."""
        return self._rgb[2]

    def __str__(self) -> str:
        """Return the booksite form ``(r, g, b)``."""
        return "(%d, %d, %d)" % self._rgb

    def __repr__(self) -> str:
        """Return ``Color(r, g, b)``."""
        return "Color(%d, %d, %d)" % self._rgb

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a Color with the same components."""
        return isinstance(other, Color) and other._rgb == self._rgb

    def __hash__(self) -> int:
        """Hash by components, so equal colours hash alike."""
        return hash(self._rgb)


WHITE = Color(255, 255, 255)
BLACK = Color(0, 0, 0)
RED = Color(255, 0, 0)
GREEN = Color(0, 255, 0)
BLUE = Color(0, 0, 255)
CYAN = Color(0, 255, 255)
MAGENTA = Color(255, 0, 255)
YELLOW = Color(255, 255, 0)
DARK_RED = Color(128, 0, 0)
DARK_GREEN = Color(0, 128, 0)
DARK_BLUE = Color(0, 0, 128)
GRAY = Color(128, 128, 128)
DARK_GRAY = Color(64, 64, 64)
LIGHT_GRAY = Color(192, 192, 192)
ORANGE = Color(255, 200, 0)
VIOLET = Color(238, 130, 238)
PINK = Color(255, 175, 175)
BOOK_BLUE = Color(9, 90, 166)
BOOK_LIGHT_BLUE = Color(103, 198, 243)
BOOK_RED = Color(150, 35, 31)
