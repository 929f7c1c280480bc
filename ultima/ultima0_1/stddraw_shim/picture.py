"""The booksite ``picture`` module: a picture loaded from a file or made blank, pixel by pixel.

Student code does ``from picture import Picture`` and hands pictures to ``StdDraw.picture``.
GIF and PNG files load with the standard library alone (see ``_images``); other formats, and
saving to anything but ``.png``, use pygame when it is installed. Pixel ``(0, 0)`` is the
top-left corner, as in the booksite module.

>>> blank = Picture(3, 2)
>>> (blank.width(), blank.height(), str(blank.get(2, 1)))
(3, 2, '(0, 0, 0)')
>>> blank.set(2, 1, Color(1, 2, 3))
>>> str(blank.get(2, 1))
'(1, 2, 3)'
"""

import os
from typing import Optional, Tuple, Union

from . import _images
from ._pygame import import_pygame
from .color import Color

__all__ = ["Picture"]

DEFAULT_SIZE = 512
BYTES_PER_PIXEL = 4
OPAQUE = 255
PNG_SUFFIX = ".png"


class Picture:
    """A rectangle of RGBA pixels, read from an image file or created black."""

    def __init__(self, arg1: Union[str, int, None] = None, arg2: Optional[int] = None) -> None:
        """Load ``Picture(filename)``, or create a black ``Picture(width, height)``.

        ``Picture()`` is a black 512x512 picture, as in the booksite module.

        Raises:
            FileNotFoundError: the file does not exist.
            OSError: the file cannot be read or decoded.
            ValueError: a size is not a positive int.
        """
        self._version = 0
        if isinstance(arg1, str):
            self._source: Optional[str] = arg1
            self._width, self._height, self._pixels = _load(arg1)
            return
        width = DEFAULT_SIZE if arg1 is None else arg1
        height = DEFAULT_SIZE if arg2 is None else arg2
        for value in (width, height):
            if not isinstance(value, int) or value <= 0:
                raise ValueError(f"Picture size must be positive ints, got {width!r} x {height!r}")
        self._source = None
        self._width, self._height = width, height
        self._pixels = bytearray(bytes((0, 0, 0, OPAQUE)) * (width * height))

    def width(self) -> int:
        """Return the width in pixels."""
        return self._width

    def height(self) -> int:
        """Return the height in pixels."""
        return self._height

    def get(self, x: int, y: int) -> Color:
        """Return the Color of pixel (x, y), where (0, 0) is the top-left pixel."""
        at = self._offset(x, y)
        return Color(*self._pixels[at:at + 3])

    def set(self, x: int, y: int, c: Color) -> None:
        """Set pixel (x, y) to the opaque Color ``c``."""
        at = self._offset(x, y)
        self._pixels[at:at + 4] = bytes((c.getRed(), c.getGreen(), c.getBlue(), OPAQUE))
        self._version += 1

    def save(self, f: str) -> None:
        """Save the picture to file ``f``: PNG for ``.png``, any other format through pygame."""
        _save_rgba(f, self._width, self._height, self._pixels)

    def _offset(self, x: int, y: int) -> int:
        """Return the byte offset of pixel (x, y); raise IndexError when it is outside."""
        if not (0 <= x < self._width and 0 <= y < self._height):
            raise IndexError(
                f"pixel ({x}, {y}) is outside the {self._width}x{self._height} picture")
        return (y * self._width + x) * BYTES_PER_PIXEL

    def _rgba(self) -> Tuple[bytes, int]:
        """Return the RGBA bytes (rows from the top) and a number that changes on every ``set``."""
        return bytes(self._pixels), self._version

    def _source_name(self) -> Optional[str]:
        """Return the file name the picture came from, or None for a blank picture."""
        return self._source


def _load(filename: str) -> Tuple[int, int, bytearray]:
    """Read and decode an image file into ``(width, height, rgba)``."""
    try:
        with open(filename, "rb") as handle:
            data = handle.read()
    except FileNotFoundError as err:
        raise FileNotFoundError(f"picture file {filename!r} not found "
                                f"(looked in {os.getcwd()})") from err
    except OSError as err:
        raise OSError(f"cannot read picture file {filename!r}: {err.strerror}") from err
    try:
        return _images.decode_image(data, filename)
    except _images.UnsupportedImage as err:
        return _load_with_pygame(filename, err)
    except ValueError as err:
        raise OSError(f"cannot decode picture file {filename!r}: {err}") from err


def _load_with_pygame(filename: str, reason: Exception) -> Tuple[int, int, bytearray]:
    """Decode a format the standard-library codecs do not handle, if pygame is installed."""
    try:
        pygame = import_pygame()
    except ImportError as err:
        raise OSError(f"cannot decode picture file {filename!r}: {reason}; "
                      f"other formats need pygame-ce") from err
    try:
        surface = pygame.image.load(filename)
    except pygame.error as err:
        raise OSError(f"cannot decode picture file {filename!r}: {err}") from err
    width, height = surface.get_size()
    return width, height, bytearray(pygame.image.tobytes(surface, "RGBA"))


def _save_rgba(filename: str, width: int, height: int, pixels: bytes) -> None:
    """Write RGBA pixels to ``filename``, choosing the format by its extension."""
    if filename.lower().endswith(PNG_SUFFIX):
        with open(filename, "wb") as handle:
            handle.write(_images.encode_png(width, height, pixels, BYTES_PER_PIXEL))
        return
    try:
        pygame = import_pygame()
    except ImportError as err:
        raise ValueError(f"cannot save {filename!r}: only .png files can be written "
                         f"without pygame-ce") from err
    surface = pygame.image.frombuffer(bytes(pixels), (width, height), "RGBA")
    pygame.image.save(surface, filename)
