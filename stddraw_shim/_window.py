"""The window backend: a real pygame-ce window, initialised for drawing only (no audio).

Drawing goes to an off-screen surface; ``present`` copies it to the window, as the booksite
module does, so that nothing is visible until ``show()``. Events are read only while ``wait``
runs (that is, inside ``show``), which is also when the booksite module reads them.
"""

import math
import time
import weakref
from typing import List, Sequence, Tuple

from ._pygame import import_pygame

__all__ = ["WindowBackend"]

RGB = Tuple[int, int, int]
WINDOW_TITLE = "Standard Draw"
# SDL video drivers whose windows are never on a screen (SDL picks offscreen by itself when
# asked for a window with no display to put it on).
UNSEEN_DRIVERS = ("dummy", "offscreen")
POLL_MS = 10
LEFT_BUTTON = 1


class WindowBackend:
    """Draw with pygame into a window and report the keys, clicks and close requests it gets.

    Attributes:
        name: the backend's name in the draw log.
        unseen: True when the window is on no screen (SDL's dummy or offscreen driver), so
            nobody can type into it or close it and the canvas must not wait for a person.
        idle_close_reason: the log's reason when such a canvas closes itself.
    """

    name = "window"
    idle_close_reason = "unseen window"

    def __init__(self, width: int, height: int, background: RGB) -> None:
        """Open a ``width`` x ``height`` window filled with ``background``.

        Raises:
            ImportError: pygame-ce is not installed.
            RuntimeError: no window can be opened (no display).
        """
        try:
            self._pygame = pygame = import_pygame()
        except ImportError as err:
            raise ImportError("StdDraw needs pygame-ce to open a window (pip install "
                              "pygame-ce); set STDDRAW_HEADLESS=1 to draw without one") from err
        try:
            # display.init alone, not pygame.init(): the audio device is never touched.
            pygame.display.init()
            self._screen = pygame.display.set_mode((width, height))
        except pygame.error as err:
            raise RuntimeError(f"StdDraw cannot open a window ({err}); "
                               f"set STDDRAW_HEADLESS=1 to draw without one") from err
        pygame.display.set_caption(WINDOW_TITLE)
        # Nobody can type into, or close, a window that is on no screen.
        self.unseen = pygame.display.get_driver() in UNSEEN_DRIVERS
        self._surface = pygame.Surface((width, height))
        self._surface.fill(background)
        self._pictures: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
        self._fonts: dict = {}

    def clear(self, rgb: RGB) -> None:
        """Fill the drawing with ``rgb``."""
        self._surface.fill(rgb)

    def pixel(self, x: int, y: int, rgb: RGB) -> None:
        """Set one pixel."""
        self._surface.set_at((x, y), rgb)

    def fill_rect(self, left: float, top: float, width: float, height: float, rgb: RGB) -> None:
        """Fill the rectangle whose pixel centres lie inside the given box."""
        x0, y0 = math.ceil(left - 0.5), math.ceil(top - 0.5)
        x1, y1 = math.ceil(left + width - 0.5), math.ceil(top + height - 0.5)
        if x1 > x0 and y1 > y0:
            self._surface.fill(rgb, self._pygame.Rect(x0, y0, x1 - x0, y1 - y0))

    def fill_polygon(self, points: Sequence[Tuple[float, float]], rgb: RGB) -> None:
        """Fill the polygon through ``points``."""
        if len(points) >= 3:
            self._pygame.draw.polygon(self._surface, rgb, points)

    def fill_ellipse(self, cx: float, cy: float, rx: float, ry: float, rgb: RGB) -> None:
        """Fill the ellipse centred at (cx, cy) with half-axes rx, ry."""
        self._pygame.draw.ellipse(self._surface, rgb, self._box(cx, cy, rx, ry))

    def polyline(self, points: Sequence[Tuple[float, float]], closed: bool, rgb: RGB,
                 width: float) -> None:
        """Draw segments joining ``points``, closing the loop when ``closed``."""
        if len(points) >= 2:
            self._pygame.draw.lines(self._surface, rgb, closed, points, _pixels(width))

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, rgb: RGB, width: float) -> None:
        """Outline the ellipse centred at (cx, cy) with half-axes rx, ry."""
        self._pygame.draw.ellipse(self._surface, rgb, self._box(cx, cy, rx, ry), _pixels(width))

    def text(self, text: str, cx: float, cy: float, rgb: RGB, family: str, size: int) -> None:
        """Draw ``text`` centred at (cx, cy) in the named font family."""
        font = self._font(family, size)
        image = font.render(text, True, rgb)
        self._surface.blit(image, image.get_rect(center=(round(cx), round(cy))))

    def blit(self, picture, left: int, top: int) -> None:
        """Copy ``picture`` with its top-left pixel at (left, top)."""
        rgba, version = picture._rgba()
        cached = self._pictures.get(picture)
        if cached is None or cached[0] != version:
            size = (picture.width(), picture.height())
            surface = self._pygame.image.frombytes(rgba, size, "RGBA").convert_alpha()
            cached = (version, surface)
            self._pictures[picture] = cached
        self._surface.blit(cached[1], (left, top))

    def present(self) -> None:
        """Copy the drawing to the window."""
        self._screen.blit(self._surface, (0, 0))
        self._pygame.display.flip()

    def wait(self, msec: float) -> List[tuple]:
        """Read window events for ``msec`` milliseconds (forever for inf, until a close).

        Returns:
            Events in order: ``("key", ch)``, ``("click", x, y)`` in window pixels,
            ``("close",)``; reading stops at a close.
        """
        pygame = self._pygame
        deadline = time.monotonic() + msec / 1000.0
        events: List[tuple] = []
        while True:
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    events.append(("close",))
                    return events
                if event.type == pygame.KEYDOWN and event.unicode:
                    events.append(("key", event.unicode))
                elif event.type == pygame.MOUSEBUTTONDOWN and event.button == LEFT_BUTTON:
                    events.append(("click",) + tuple(event.pos))
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return events
            pygame.time.wait(int(min(POLL_MS, remaining * 1000)))

    def save_drawing(self, path: str) -> None:
        """Save the drawing in progress; pygame picks the format from the extension."""
        self._pygame.image.save(self._surface, path)

    def save_shown(self, path: str) -> None:
        """Save what the window shows."""
        self._pygame.image.save(self._screen, path)

    def set_title(self, title: str) -> None:
        """Show ``title`` in the window's title bar."""
        self._pygame.display.set_caption(title)

    def close(self) -> None:
        """Close the window."""
        self._pygame.display.quit()

    def _box(self, cx: float, cy: float, rx: float, ry: float):
        """Return the pygame Rect bounding an ellipse."""
        return self._pygame.Rect(round(cx - rx), round(cy - ry), round(2 * rx), round(2 * ry))

    def _font(self, family: str, size: int):
        """Return a cached pygame font for (family, size), initialising fonts on first use."""
        key = (family, size)
        if key not in self._fonts:
            if not self._pygame.font.get_init():
                self._pygame.font.init()
            self._fonts[key] = self._pygame.font.SysFont(family, size)
        return self._fonts[key]


def _pixels(width: float) -> int:
    """Return a pygame line width: whole pixels, at least 1."""
    return max(1, round(width))
