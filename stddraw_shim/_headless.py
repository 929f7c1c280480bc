"""The headless backend: draws into a software raster, never opens a window, never waits.

It keeps two images: the drawing in progress and the frame last shown, because with StdDraw
nothing is visible until ``show()``; a saved "last frame" is what a person would have seen.

Painting waits until pixels are wanted. A headless program is mostly watched through the draw
log and never looked at, and a game draws hundreds of pictures a frame, so each drawing call
is kept as a step (the call and its arguments, a picture as it is at that moment) and painted
onto the raster only when an image is saved or the steps become many. A shown frame is the
raster as last painted plus the steps taken by then: saving it later paints just what had
been drawn when it was shown.
"""

from typing import Any, Callable, List, Sequence, Tuple

from ._images import encode_png
from ._pygame import import_pygame
from ._raster import RGB, Point, Raster

__all__ = ["HeadlessBackend"]

PNG_SUFFIX = ".png"
RGB_CHANNELS = 3
# Steps kept unpainted at most: enough for dozens of frames of a 30x20 tile world, and a
# bound on what a program that never saves keeps (each step holds its picture's pixels).
MAX_STEPS = 20_000

# A drawing call put off: a Raster method and the arguments to call it with.
Step = Tuple[Callable[..., None], Tuple[Any, ...]]


class HeadlessBackend:
    """A window's part played on a software raster: draw, present, wait, save and close.

    Its ``name``, ``unseen`` and ``idle_close_reason`` mean what WindowBackend's do; nobody
    sees a headless canvas, so nobody can type into it or close it.
    """

    name = "headless"
    unseen = True
    idle_close_reason = "headless"

    def __init__(self, width: int, height: int, background: RGB) -> None:
        """Create the drawing and an initial shown frame, both filled with ``background``."""
        self._raster = Raster(width, height, background)
        # The raster's pixels as last painted, and the steps drawn since, in order. The list
        # is only ever appended to: clearing or painting starts a new one, so a shown frame
        # can keep the steps it was made of.
        self._painted = self._raster.pixels()
        self._steps: List[Step] = []
        # The frame last shown: pixels painted by then, the step list and how many of its
        # steps had been taken.
        self._shown: Tuple[bytes, List[Step], int] = (self._painted, self._steps, 0)

    def size(self) -> Tuple[int, int]:
        """Return ``(width, height)`` in pixels."""
        return self._raster.size()

    # --- drawing: every call is a step -----------------------------------------------------

    def clear(self, rgb: RGB) -> None:
        """Fill everything with ``rgb``: whatever was drawn before is covered, so only this
        step is kept."""
        self._steps = [(Raster.clear, (rgb,))]

    def pixel(self, x: int, y: int, rgb: RGB) -> None:
        """Set pixel (x, y) to ``rgb``."""
        self._take(Raster.pixel, x, y, rgb)

    def fill_rect(self, left: float, top: float, width: float, height: float, rgb: RGB) -> None:
        """Fill the axis-aligned rectangle with its top-left corner at (left, top)."""
        self._take(Raster.fill_rect, left, top, width, height, rgb)

    def fill_polygon(self, points: Sequence[Point], rgb: RGB) -> None:
        """Fill the polygon through ``points``."""
        self._take(Raster.fill_polygon, tuple(points), rgb)

    def fill_ellipse(self, cx: float, cy: float, rx: float, ry: float, rgb: RGB) -> None:
        """Fill the ellipse centred at (cx, cy) with half-axes ``rx`` and ``ry``."""
        self._take(Raster.fill_ellipse, cx, cy, rx, ry, rgb)

    def polyline(self, points: Sequence[Point], closed: bool, rgb: RGB, width: float) -> None:
        """Draw segments joining ``points`` (and back to the first one when ``closed``)."""
        self._take(Raster.polyline, tuple(points), closed, rgb, width)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, rgb: RGB, width: float) -> None:
        """Outline the ellipse centred at (cx, cy) with half-axes ``rx`` and ``ry``."""
        self._take(Raster.ellipse, cx, cy, rx, ry, rgb, width)

    def text(self, text: str, cx: float, cy: float, rgb: RGB, family: str, size: int) -> None:
        """Draw ``text`` centred at (cx, cy) as the outline of its box (there are no fonts here)."""
        self._take(Raster.text_box, cx, cy, len(text), size, rgb)

    def blit(self, picture, left: int, top: int) -> None:
        """Draw ``picture`` as it is now with its top-left pixel at (left, top)."""
        runs, blends = self._raster.runs_of(picture)
        self._take(Raster.paint_runs, runs, blends, left, top)

    # --- the window's part -----------------------------------------------------------------

    def present(self) -> None:
        """Make the drawing so far the shown frame."""
        self._shown = (self._painted, self._steps, len(self._steps))

    def wait(self, msec: float) -> list:
        """Return at once with no events: nobody is at the keyboard of a headless canvas."""
        return []

    def save_drawing(self, path: str) -> None:
        """Save the drawing in progress (what ``StdDraw.save`` writes)."""
        _write_rgb(path, self.size(), self._paint())

    def save_shown(self, path: str) -> None:
        """Save the frame last shown as PNG."""
        painted, steps, taken = self._shown
        if steps is self._steps and taken == len(steps):
            pixels = self._paint()  # the drawing is still the shown frame
        else:
            pixels = _painted_over(self._raster.size(), painted, steps[:taken])
        _write_rgb(path, self.size(), pixels)

    def set_title(self, title: str) -> None:
        """Ignore ``title``: there is no window to show it in."""

    def close(self) -> None:
        """Release nothing: a raster holds no system resources."""

    def _take(self, method: Callable[..., None], *args: Any) -> None:
        """Keep a drawing step; paint the steps once there are MAX_STEPS of them."""
        self._steps.append((method, args))
        if len(self._steps) >= MAX_STEPS:
            self._paint()

    def _paint(self) -> bytes:
        """Paint the steps onto the raster and return its pixels."""
        # A new list first: a thread that draws meanwhile adds its step to the one painted
        # next (or, while this loop runs, to this one), never to a list already thrown away.
        steps, self._steps = self._steps, []
        for method, args in steps:
            method(self._raster, *args)
        if steps:
            self._painted = self._raster.pixels()
        return self._painted


def _painted_over(size: Tuple[int, int], pixels: bytes, steps: Sequence[Step]) -> bytes:
    """Return the RGB ``pixels`` of a raster of ``size`` with ``steps`` painted over them."""
    if not steps:
        return pixels
    raster = Raster(*size, (0, 0, 0))
    raster.restore(pixels)
    for method, args in steps:
        method(raster, *args)
    return raster.pixels()


def _write_rgb(path: str, size, pixels: bytes) -> None:
    """Write RGB pixels to ``path``: PNG with the standard library, other formats via pygame."""
    width, height = size
    if path.lower().endswith(PNG_SUFFIX):
        with open(path, "wb") as handle:
            handle.write(encode_png(width, height, pixels, RGB_CHANNELS))
        return
    try:
        pygame = import_pygame()
    except ImportError as err:
        raise ValueError(f"cannot save {path!r}: headless StdDraw writes only .png files "
                         f"without pygame-ce") from err
    pygame.image.save(pygame.image.frombuffer(pixels, (width, height), "RGB"), path)
