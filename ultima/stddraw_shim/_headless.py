"""The headless backend: draws into a software raster, never opens a window, never waits.

It keeps two images: the drawing in progress and the frame last shown, because with StdDraw
nothing is visible until ``show()``; a saved "last frame" is what a person would have seen.
"""

from ._images import encode_png
from ._pygame import import_pygame
from ._raster import RGB, Raster

__all__ = ["HeadlessBackend"]

PNG_SUFFIX = ".png"
RGB_CHANNELS = 3


class HeadlessBackend(Raster):
    """A Raster that also plays the part of a window: present, wait, save and close."""

    name = "headless"

    def __init__(self, width: int, height: int, background: RGB) -> None:
        """Create the drawing and an initial shown frame, both filled with ``background``."""
        super().__init__(width, height, background)
        self._shown = self.pixels()

    def text(self, text: str, cx: float, cy: float, rgb: RGB, family: str, size: int) -> None:
        """Draw ``text`` centred at (cx, cy) as the outline of its box (there are no fonts here)."""
        self.text_box(cx, cy, len(text), size, rgb)

    def present(self) -> None:
        """Make the drawing so far the shown frame."""
        self._shown = self.pixels()

    def wait(self, msec: float) -> list:
        """Return at once with no events: nobody is at the keyboard of a headless canvas."""
        return []

    def save_drawing(self, path: str) -> None:
        """Save the drawing in progress (what ``StdDraw.save`` writes)."""
        _write_rgb(path, self.size(), self.pixels())

    def save_shown(self, path: str) -> None:
        """Save the frame last shown as PNG."""
        _write_rgb(path, self.size(), self._shown)

    def set_title(self, title: str) -> None:
        """Ignore ``title``: there is no window to show it in."""

    def close(self) -> None:
        """Release nothing: a raster holds no system resources."""


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
