"""The booksite ``stddraw`` drawing API (the course's ``StdDraw``), on one shared canvas.

Coordinates are user coordinates: by default x and y run from 0 to 1, y growing upward, and
``setXscale``/``setYscale`` change that. Drawing is invisible until ``show()``. ``picture``,
``text``, ``square`` and ``filledSquare`` are centred on (x, y); ``rectangle`` and
``filledRectangle`` take the lower-left corner. Keys typed into the window queue up and
``nextKeyTyped()`` returns them oldest first.

The canvas is a pygame-ce window when a display is available and a headless recorder otherwise
(or when STDDRAW_HEADLESS=1); see the package README for what a grader can do with the latter.
"""

import math
from typing import Optional, Sequence

from ._canvas import DEFAULT_FONT_FAMILY, DEFAULT_FONT_SIZE, DEFAULT_PEN_RADIUS, DEFAULT_SIZE
from ._canvas import the_canvas as _canvas
from .color import (
    BLACK,
    BLUE,
    BOOK_BLUE,
    BOOK_LIGHT_BLUE,
    BOOK_RED,
    CYAN,
    DARK_BLUE,
    DARK_GRAY,
    DARK_GREEN,
    DARK_RED,
    GRAY,
    GREEN,
    LIGHT_GRAY,
    MAGENTA,
    ORANGE,
    PINK,
    RED,
    VIOLET,
    WHITE,
    YELLOW,
    Color,
)

__all__ = [
    "setCanvasSize", "setXscale", "setYscale", "setPenRadius", "setPenColor", "setFontFamily",
    "setFontSize", "point", "line", "circle", "filledCircle", "rectangle", "filledRectangle",
    "square", "filledSquare", "polygon", "filledPolygon", "text", "picture", "clear", "save",
    "show", "hasNextKeyTyped", "nextKeyTyped", "mousePressed", "mouseX", "mouseY",
    "WHITE", "BLACK", "RED", "GREEN", "BLUE", "CYAN", "MAGENTA", "YELLOW", "DARK_RED",
    "DARK_GREEN", "DARK_BLUE", "GRAY", "DARK_GRAY", "LIGHT_GRAY", "ORANGE", "VIOLET", "PINK",
    "BOOK_BLUE", "BOOK_LIGHT_BLUE", "BOOK_RED",
]

DEFAULT_XMIN, DEFAULT_XMAX = 0.0, 1.0
DEFAULT_YMIN, DEFAULT_YMAX = 0.0, 1.0


def setCanvasSize(w: int = DEFAULT_SIZE, h: int = DEFAULT_SIZE) -> None:
    """Set the canvas to w by h pixels. Call it once, before drawing; a second call raises."""
    _canvas().set_canvas_size(w, h)


def setXscale(min: float = DEFAULT_XMIN, max: float = DEFAULT_XMAX) -> None:
    """Set the x scale: x is min at the left edge of the canvas and max at the right edge."""
    _canvas().set_xscale(min, max)


def setYscale(min: float = DEFAULT_YMIN, max: float = DEFAULT_YMAX) -> None:
    """Set the y scale: y is min at the bottom edge of the canvas and max at the top edge."""
    _canvas().set_yscale(min, max)


def setPenRadius(r: float = DEFAULT_PEN_RADIUS) -> None:
    """Set the pen radius to r (a fraction of 512 pixels)."""
    _canvas().set_pen_radius(r)


def setPenColor(c: Color = BLACK) -> None:
    """Set the pen colour to c, a color.Color."""
    _canvas().set_pen_color(c)


def setFontFamily(f: str = DEFAULT_FONT_FAMILY) -> None:
    """Set the font family used by text() to f."""
    _canvas().set_font_family(f)


def setFontSize(s: int = DEFAULT_FONT_SIZE) -> None:
    """Set the font size used by text() to s points."""
    _canvas().set_font_size(s)


def point(x: float, y: float) -> None:
    """Draw a point at (x, y) with the pen's radius."""
    _canvas().point(x, y)


def line(x0: float, y0: float, x1: float, y1: float) -> None:
    """Draw a line from (x0, y0) to (x1, y1)."""
    _canvas().line(x0, y0, x1, y1)


def circle(x: float, y: float, r: float) -> None:
    """Draw a circle of radius r centred at (x, y)."""
    _canvas().circle(x, y, r)


def filledCircle(x: float, y: float, r: float) -> None:
    """Draw a filled circle of radius r centred at (x, y)."""
    _canvas().circle(x, y, r, filled=True)


def rectangle(x: float, y: float, w: float, h: float) -> None:
    """Draw a rectangle of width w and height h whose lower-left corner is (x, y)."""
    _canvas().rectangle(x, y, w, h)


def filledRectangle(x: float, y: float, w: float, h: float) -> None:
    """Draw a filled rectangle of width w and height h whose lower-left corner is (x, y)."""
    _canvas().rectangle(x, y, w, h, filled=True)


def square(x: float, y: float, r: float) -> None:
    """Draw a square of side 2r centred at (x, y)."""
    _canvas().square(x, y, r)


def filledSquare(x: float, y: float, r: float) -> None:
    """Draw a filled square of side 2r centred at (x, y)."""
    _canvas().square(x, y, r, filled=True)


def polygon(x: Sequence[float], y: Sequence[float]) -> None:
    """Draw the polygon through the points (x[i], y[i])."""
    _canvas().polygon(x, y)


def filledPolygon(x: Sequence[float], y: Sequence[float]) -> None:
    """Draw the filled polygon through the points (x[i], y[i])."""
    _canvas().polygon(x, y, filled=True)


def text(x: float, y: float, s: str) -> None:
    """Write string s centred at (x, y) in the current font and pen colour."""
    _canvas().text(x, y, s)


def picture(pic, x: Optional[float] = None, y: Optional[float] = None) -> None:
    """Draw picture pic, unscaled, centred at (x, y); by default at the canvas centre."""
    _canvas().picture(pic, x, y)


def clear(c: Color = WHITE) -> None:
    """Fill the whole canvas with colour c."""
    _canvas().clear(c)


def save(f: str) -> None:
    """Save the drawing to file f (PNG; other formats need pygame-ce)."""
    _canvas().save(f)


def show(msec: float = math.inf) -> None:
    """Show the drawing and wait msec milliseconds; with no argument, until the window closes."""
    _canvas().show(msec)


def hasNextKeyTyped() -> bool:
    """Return True if the user has typed a key that nextKeyTyped() has not returned yet."""
    return _canvas().has_next_key_typed()


def nextKeyTyped() -> str:
    """Return the oldest key typed and not yet returned (check hasNextKeyTyped() first)."""
    return _canvas().next_key_typed()


def mousePressed() -> bool:
    """Return True if the mouse has been clicked since the last call."""
    return _canvas().mouse_pressed()


def mouseX() -> float:
    """Return the x coordinate of the last mouse click."""
    return _canvas().mouse_position()[0]


def mouseY() -> float:
    """Return the y coordinate of the last mouse click."""
    return _canvas().mouse_position()[1]
