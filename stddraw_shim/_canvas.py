"""The one canvas behind ``StdDraw``: drawing state, coordinates, keys, the log and the backend.

Data flow of one draw call::

    StdDraw.filledSquare(x, y, r)            user coordinates, y up
        -> Canvas.filled_square               pen colour, scales
            -> DrawLog.write({...})            canvas pixels, y up (what a grader reads)
            -> backend.fill_rect(...)          screen pixels, y down
                 HeadlessBackend (stdlib raster) | WindowBackend (pygame-ce)

Nothing happens at import: the environment is read and the backend chosen at the first call
that needs them, so a grader can set the environment for each child process it starts.
"""

import atexit
import functools
import math
import os
from collections import deque
from typing import List, Optional, Sequence, Tuple

from ._log import DrawLog, Record
from ._settings import Settings, SettingsError
from .color import BLACK, WHITE, Color

__all__ = ["Canvas", "the_canvas"]

DEFAULT_SIZE = 512
DEFAULT_PEN_RADIUS = 0.002
# Pen radii are fractions of the booksite's default canvas side, whatever the canvas size.
PEN_RADIUS_UNIT_PX = 512
DEFAULT_FONT_FAMILY = "Helvetica"
DEFAULT_FONT_SIZE = 12
FRAME_FILE = "frame-%05d.png"
# What a program prints, and exits with status 1, when a STDDRAW_* setting is malformed.
SETTINGS_ERROR = "error: %s"
Point = Tuple[float, float]


@functools.lru_cache(maxsize=1)
def the_canvas() -> "Canvas":
    """Return the process's canvas, creating it on first use."""
    return Canvas()


class Canvas:
    """All drawing state of one process, and the operations of the booksite API on it."""

    def __init__(self) -> None:
        """Create a canvas with the booksite defaults; no backend, file or window yet."""
        self._settings: Optional[Settings] = None
        self._log: Optional[DrawLog] = None
        self._backend = None
        self._size = (DEFAULT_SIZE, DEFAULT_SIZE)
        self._xscale = (0.0, 1.0)
        self._yscale = (0.0, 1.0)
        self._pen_radius = DEFAULT_PEN_RADIUS
        self._pen_color = BLACK
        self._font_family = DEFAULT_FONT_FAMILY
        self._font_size = DEFAULT_FONT_SIZE
        self._script: deque = deque()
        self._scripted = False
        self._keys: deque = deque()
        self._click: Optional[Point] = None
        self._clicked = False
        self._frame = 0
        self._idle_shows = 0
        self._finished = False

    # --- lifecycle ---------------------------------------------------------------------------

    def set_canvas_size(self, width: int, height: int) -> None:
        """Open the canvas at ``width`` x ``height`` pixels; raise RuntimeError if already open."""
        if self._backend is not None:
            raise RuntimeError("setCanvasSize() can be called only once, before drawing: the "
                               "canvas is already %dx%d" % self._size)
        for value in (width, height):
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"canvas size must be positive ints, got {width!r} x {height!r}")
        self._open(width, height)

    def _start(self) -> Settings:
        """Read the environment and start the log, once; return the settings."""
        if self._settings is None:
            try:
                settings = Settings.from_environ(os.environ)
            except SettingsError as err:
                # The user's setting, not the program, is wrong: one line, no traceback.
                raise SystemExit(SETTINGS_ERROR % err) from None
            self._settings = settings
            self._log = DrawLog(settings.log_path, keep_in_memory=settings.headless)
            if settings.keys:
                self.type_keys(settings.keys)
            atexit.register(self._finish, "exit")
        return self._settings

    def _open(self, width: int, height: int) -> None:
        """Create the backend at the given size."""
        settings = self._start()
        self._size = (width, height)
        background = _rgb(WHITE)
        if settings.headless:
            from ._headless import HeadlessBackend
            self._backend = HeadlessBackend(width, height, background)
        else:
            from ._window import WindowBackend
            self._backend = WindowBackend(width, height, background)
        # Exit handlers run last-registered first: ours must run before pygame's own, which
        # pygame registered on import, or the window is gone when the last frame is saved.
        atexit.unregister(self._finish)
        atexit.register(self._finish, "exit")
        self._record("canvas", w=width, h=height, backend=self._backend.name)

    def _ready(self):
        """Return the backend, opening a default-size canvas first if needed."""
        if self._backend is None:
            self._open(*self._size)
        return self._backend

    def _finish(self, reason: str) -> None:
        """End drawing once: save the last frame if asked, close the log and the window."""
        if self._finished or self._settings is None:
            return
        self._finished = True
        if self._backend is not None and self._settings.png_path:
            self._backend.save_shown(self._settings.png_path)
        self._record("close", reason=reason)
        self._log.close()
        if self._backend is not None:
            self._backend.close()

    def _close(self, reason: str) -> None:
        """Close the canvas the way a closed window ends a booksite program: SystemExit(0)."""
        self._finish(reason)
        raise SystemExit(0)

    # --- state -------------------------------------------------------------------------------

    def set_xscale(self, low: float, high: float) -> None:
        """Make x run from ``low`` at the left edge to ``high`` at the right edge."""
        self._xscale = _scale(low, high, "x")
        self._record("xscale", min=float(low), max=float(high))

    def set_yscale(self, low: float, high: float) -> None:
        """Make y run from ``low`` at the bottom edge to ``high`` at the top edge."""
        self._yscale = _scale(low, high, "y")
        self._record("yscale", min=float(low), max=float(high))

    def set_pen_radius(self, radius: float) -> None:
        """Set the pen radius (a fraction of 512 pixels)."""
        if radius < 0:
            raise ValueError(f"pen radius must be non-negative, got {radius!r}")
        self._pen_radius = radius

    def set_pen_color(self, color: Color) -> None:
        """Set the pen colour."""
        _rgb(color)
        self._pen_color = color

    def set_font_family(self, family: str) -> None:
        """Set the font family used by text()."""
        self._font_family = family

    def set_font_size(self, size: int) -> None:
        """Set the font size in points used by text()."""
        self._font_size = size

    # --- shapes ------------------------------------------------------------------------------

    def point(self, x: float, y: float) -> None:
        """Draw a dot of the pen's radius at (x, y)."""
        backend = self._ready()
        px, py = self._pixel(x, y)
        radius = self._pen_radius * PEN_RADIUS_UNIT_PX
        self._draw("point", args=[x, y], x=px, y=py)
        sx, sy = self._screen(px, py)
        if radius <= 1:
            backend.pixel(math.floor(sx), math.floor(sy), _rgb(self._pen_color))
        else:
            backend.fill_ellipse(sx, sy, radius, radius, _rgb(self._pen_color))

    def line(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Draw the segment from (x0, y0) to (x1, y1)."""
        backend = self._ready()
        start, end = self._pixel(x0, y0), self._pixel(x1, y1)
        self._draw("line", args=[x0, y0, x1, y1], x0=start[0], y0=start[1], x1=end[0], y1=end[1])
        backend.polyline([self._screen(*start), self._screen(*end)], False,
                         _rgb(self._pen_color), self._line_width())

    def circle(self, x: float, y: float, r: float, filled: bool = False) -> None:
        """Draw (or fill) the circle of radius ``r`` centred at (x, y)."""
        backend = self._ready()
        _non_negative(r, "radius")
        px, py = self._pixel(x, y)
        rx, ry = self._length_x(r), self._length_y(r)
        self._draw("filledCircle" if filled else "circle", args=[x, y, r], x=px, y=py, rx=rx, ry=ry)
        sx, sy = self._screen(px, py)
        if filled:
            backend.fill_ellipse(sx, sy, rx, ry, _rgb(self._pen_color))
        else:
            backend.ellipse(sx, sy, rx, ry, _rgb(self._pen_color), self._line_width())

    def rectangle(self, x: float, y: float, w: float, h: float, filled: bool = False,
                  op: Optional[str] = None, args: Optional[list] = None) -> None:
        """Draw (or fill) the rectangle with lower-left corner (x, y), width w, height h."""
        backend = self._ready()
        _non_negative(w, "width")
        _non_negative(h, "height")
        px, py = self._pixel(x, y)
        pw, ph = self._length_x(w), self._length_y(h)
        op = op or ("filledRectangle" if filled else "rectangle")
        self._draw(op, args=args or [x, y, w, h], x=px, y=py, w=pw, h=ph)
        left, top = self._screen(px, py + ph)
        if filled:
            backend.fill_rect(left, top, pw, ph, _rgb(self._pen_color))
            return
        corners = [(left, top), (left + pw, top), (left + pw, top + ph), (left, top + ph)]
        backend.polyline(corners, True, _rgb(self._pen_color), self._line_width())

    def square(self, x: float, y: float, r: float, filled: bool = False) -> None:
        """Draw (or fill) the square of half-side ``r`` centred at (x, y)."""
        _non_negative(r, "half-side")
        self.rectangle(x - r, y - r, 2 * r, 2 * r, filled,
                       op="filledSquare" if filled else "square", args=[x, y, r])

    def polygon(self, xs: Sequence[float], ys: Sequence[float], filled: bool = False) -> None:
        """Draw (or fill) the polygon through the points (xs[i], ys[i])."""
        backend = self._ready()
        if len(xs) != len(ys):
            raise ValueError(f"polygon needs as many x as y values, got {len(xs)} and {len(ys)}")
        points = [self._pixel(x, y) for x, y in zip(xs, ys)]
        self._draw("filledPolygon" if filled else "polygon", args=[list(xs), list(ys)],
                   points=points)
        screen = [self._screen(px, py) for px, py in points]
        if filled:
            backend.fill_polygon(screen, _rgb(self._pen_color))
        else:
            backend.polyline(screen, True, _rgb(self._pen_color), self._line_width())

    def text(self, x: float, y: float, s: str) -> None:
        """Write the string ``s`` centred at (x, y)."""
        backend = self._ready()
        px, py = self._pixel(x, y)
        self._draw("text", args=[x, y, s], x=px, y=py, text=str(s), font=self._font_family,
                   size=self._font_size)
        sx, sy = self._screen(px, py)
        backend.text(str(s), sx, sy, _rgb(self._pen_color), self._font_family, self._font_size)

    def picture(self, pic, x: Optional[float] = None, y: Optional[float] = None) -> None:
        """Draw picture ``pic`` centred at (x, y), by default at the centre of the canvas."""
        backend = self._ready()
        x = (self._xscale[0] + self._xscale[1]) / 2 if x is None else x
        y = (self._yscale[0] + self._yscale[1]) / 2 if y is None else y
        px, py = self._pixel(x, y)
        width, height = pic.width(), pic.height()
        self._record("picture", args=[x, y], x=px, y=py, w=width, h=height,
                     file=pic._source_name())
        sx, sy = self._screen(px, py)
        backend.blit(pic, _nearest(sx - width / 2), _nearest(sy - height / 2))

    def clear(self, color: Color) -> None:
        """Fill the whole canvas with ``color``."""
        backend = self._ready()
        self._record("clear", color=list(_rgb(color)))
        backend.clear(_rgb(color))

    def save(self, filename: str) -> None:
        """Save the drawing so far to ``filename`` (PNG; other formats need pygame)."""
        self._ready().save_drawing(filename)
        self._record("save", file=filename)

    # --- frames, keys and the mouse ------------------------------------------------------------

    def show(self, msec: float) -> None:
        """Show the drawing, then take keys and clicks for ``msec`` ms (inf: until closed).

        Headless, and whenever keys come from a script, nothing waits: one scripted key is typed
        per call, and the canvas closes (SystemExit(0)) after the script has run out and
        ``idle_shows`` more frames were shown. A window nobody can see (SDL's dummy or
        offscreen driver) is treated as headless here: nobody can type into it or close it.
        """
        backend = self._ready()
        settings = self._start()
        backend.present()
        self._frame += 1
        self._record("show", ms=None if math.isinf(msec) else msec)
        self._log.flush()
        if settings.frame_dir:
            backend.save_shown(os.path.join(settings.frame_dir, FRAME_FILE % self._frame))
        if self._script:
            self._type(self._script.popleft(), "script")
        # Waiting for a person makes sense only where one can act: a seen window, no script.
        unattended = self._scripted or backend.unseen
        for event in backend.wait(0 if unattended and math.isinf(msec) else msec):
            self._handle(event)
        self._idle_shows = 0 if self._script else self._idle_shows + 1
        if unattended and self._idle_shows >= settings.idle_shows:
            self._close("key script done" if self._scripted else backend.idle_close_reason)

    def type_keys(self, keys: str) -> None:
        """Queue ``keys`` to be typed, one per show(), after any queued before."""
        self._scripted = True
        self._script.extend(keys)

    def has_next_key_typed(self) -> bool:
        """Return True if a typed key is waiting."""
        return bool(self._keys)

    def next_key_typed(self) -> str:
        """Return the oldest typed key; raise RuntimeError if none is waiting."""
        if not self._keys:
            raise RuntimeError("nextKeyTyped() called with no key waiting; "
                               "check hasNextKeyTyped() first")
        return self._keys.popleft()

    def mouse_pressed(self) -> bool:
        """Return True if the mouse was clicked since the last call."""
        clicked, self._clicked = self._clicked, False
        return clicked

    def mouse_position(self) -> Point:
        """Return the last click in user coordinates; raise RuntimeError if there was none."""
        if self._click is None:
            raise RuntimeError("mouseX()/mouseY() called before any mouse click")
        return self._click

    def draw_log(self, start: int = 0) -> List[Record]:
        """Return the draw records kept in memory (headless only) from number ``start`` on."""
        self._start()
        return self._log.records(start)

    def save_frame(self, filename: str) -> None:
        """Save the frame last shown as PNG."""
        self._ready().save_shown(filename)

    def set_window_title(self, title: str) -> None:
        """Show ``title`` in the window's title bar (a headless canvas has none)."""
        self._ready().set_title(title)

    def _type(self, key: str, source: str) -> None:
        """Put a key in the typed-key queue."""
        self._keys.append(key)
        self._record("key", key=key, source=source)

    def _handle(self, event: tuple) -> None:
        """Act on one window event."""
        if event[0] == "key":
            self._type(event[1], "keyboard")
        elif event[0] == "click":
            self._click = self._user(event[1], self._size[1] - event[2])
            self._clicked = True
        elif event[0] == "close":
            self._close("window closed")

    # --- coordinates and records ---------------------------------------------------------------

    def _pixel(self, x: float, y: float) -> Point:
        """Convert user coordinates to canvas pixels measured from the lower-left corner."""
        (x0, x1), (y0, y1) = self._xscale, self._yscale
        return (x - x0) / (x1 - x0) * self._size[0], (y - y0) / (y1 - y0) * self._size[1]

    def _user(self, px: float, py: float) -> Point:
        """Convert canvas pixels from the lower-left corner back to user coordinates."""
        (x0, x1), (y0, y1) = self._xscale, self._yscale
        return x0 + px / self._size[0] * (x1 - x0), y0 + py / self._size[1] * (y1 - y0)

    def _screen(self, px: float, py: float) -> Point:
        """Convert canvas pixels (y up) to screen pixels (y down)."""
        return px, self._size[1] - py

    def _length_x(self, length: float) -> float:
        """Return a horizontal user length in pixels."""
        return abs(length / (self._xscale[1] - self._xscale[0]) * self._size[0])

    def _length_y(self, length: float) -> float:
        """Return a vertical user length in pixels."""
        return abs(length / (self._yscale[1] - self._yscale[0]) * self._size[1])

    def _line_width(self) -> float:
        """Return the pen's line width in pixels (at least one)."""
        return max(1.0, 2 * self._pen_radius * PEN_RADIUS_UNIT_PX)

    def _draw(self, op: str, **fields) -> None:
        """Record a shape drawn with the pen."""
        self._record(op, color=list(_rgb(self._pen_color)),
                     pen=self._pen_radius * PEN_RADIUS_UNIT_PX, **fields)

    def _record(self, op: str, **fields) -> None:
        """Append one record to the draw log, tagged with the frame it will appear in."""
        self._start()
        record = {"op": op, "frame": self._frame + 1 if op != "show" else self._frame}
        record.update(fields)
        self._log.write(record)


def _rgb(color: Color) -> Tuple[int, int, int]:
    """Return a Color's components; raise TypeError for anything else."""
    try:
        return color.getRed(), color.getGreen(), color.getBlue()
    except AttributeError:
        raise TypeError(f"expected a color.Color, got {color!r}") from None


def _scale(low: float, high: float, axis: str) -> Tuple[float, float]:
    """Return a validated (low, high) scale; raise ValueError when they are equal."""
    if low == high:
        raise ValueError(f"{axis} scale needs two different values, got {low!r} and {high!r}")
    return float(low), float(high)


def _non_negative(value: float, what: str) -> None:
    """Raise ValueError if a size is negative."""
    if value < 0:
        raise ValueError(f"{what} must be non-negative, got {value!r}")


def _nearest(value: float) -> int:
    """Round to the nearest int, halves upward, the same on every backend."""
    return math.floor(value + 0.5)
