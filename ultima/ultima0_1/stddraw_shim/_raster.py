"""A small software rasteriser: the headless backend's drawing surface.

Shapes arrive in screen pixels (origin top-left, y down, floats allowed) and are painted into an
RGB byte array. A pixel is covered when its centre lies inside a filled shape, so adjacent
rectangles neither overlap nor leave gaps. Thin lines use Bresenham's algorithm; thick lines are
filled quadrilaterals with round joints. Text has no font here: it is drawn as the outline of the
box the text would occupy, enough to see where a program wrote something.

Pictures are the hot path (Ultima draws hundreds of tiles a frame), so each picture is turned
once into runs of opaque pixels that are copied with slice assignment; only partly transparent
pixels are blended one by one.
"""

import math
import weakref
from typing import List, Sequence, Tuple

__all__ = ["Raster"]

RGB = Tuple[int, int, int]
Point = Tuple[float, float]
CHANNELS = 3
OPAQUE = 255
# Text is drawn as a box about this many pixels wide per point of font size and character.
TEXT_WIDTH_PER_CHAR = 0.6
# Outlined ellipses are polygons with about one vertex per this many pixels of circumference.
ELLIPSE_PIXELS_PER_VERTEX = 2.0
ELLIPSE_MIN_VERTICES = 12
ELLIPSE_MAX_VERTICES = 720


class Raster:
    """An RGB image that shapes and pictures are painted into."""

    def __init__(self, width: int, height: int, background: RGB) -> None:
        """Create a ``width`` x ``height`` raster filled with ``background``."""
        self._width = width
        self._height = height
        self._buffer = bytearray(bytes(background) * (width * height))
        self._picture_runs: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()

    def size(self) -> Tuple[int, int]:
        """Return ``(width, height)`` in pixels."""
        return self._width, self._height

    def pixels(self) -> bytes:
        """Return a copy of the RGB bytes, rows from the top."""
        return bytes(self._buffer)

    def clear(self, rgb: RGB) -> None:
        """Fill the whole raster with ``rgb``."""
        self._buffer[:] = bytes(rgb) * (self._width * self._height)

    def pixel(self, x: int, y: int, rgb: RGB) -> None:
        """Set pixel (x, y) to ``rgb`` if it is on the raster."""
        if 0 <= x < self._width and 0 <= y < self._height:
            at = (y * self._width + x) * CHANNELS
            self._buffer[at:at + CHANNELS] = bytes(rgb)

    def fill_rect(self, left: float, top: float, width: float, height: float, rgb: RGB) -> None:
        """Fill the axis-aligned rectangle with its top-left corner at (left, top)."""
        x0, x1 = self._span(left, left + width, self._width)
        y0, y1 = self._span(top, top + height, self._height)
        if x0 >= x1:
            return
        run = bytes(rgb) * (x1 - x0)
        for y in range(y0, y1):
            at = (y * self._width + x0) * CHANNELS
            self._buffer[at:at + len(run)] = run

    def fill_polygon(self, points: Sequence[Point], rgb: RGB) -> None:
        """Fill the polygon through ``points`` (even-odd rule)."""
        if len(points) < 3:
            return
        edges = list(zip(points, list(points[1:]) + [points[0]]))
        top = max(0, math.floor(min(y for _x, y in points)))
        bottom = min(self._height, math.ceil(max(y for _x, y in points)) + 1)
        for row in range(top, bottom):
            centre = row + 0.5
            crossings = sorted(
                x0 + (centre - y0) * (x1 - x0) / (y1 - y0)
                for (x0, y0), (x1, y1) in edges
                if (y0 <= centre < y1) or (y1 <= centre < y0))
            for start, end in zip(crossings[0::2], crossings[1::2]):
                self._fill_row(row, start, end, rgb)

    def fill_ellipse(self, cx: float, cy: float, rx: float, ry: float, rgb: RGB) -> None:
        """Fill the ellipse centred at (cx, cy) with half-axes ``rx`` and ``ry``."""
        if rx <= 0 or ry <= 0:
            return
        top = max(0, math.floor(cy - ry))
        bottom = min(self._height, math.ceil(cy + ry) + 1)
        for row in range(top, bottom):
            offset = (row + 0.5 - cy) / ry
            if abs(offset) < 1:
                half = rx * math.sqrt(1 - offset * offset)
                self._fill_row(row, cx - half, cx + half, rgb)

    def polyline(self, points: Sequence[Point], closed: bool, rgb: RGB, width: float) -> None:
        """Draw segments joining ``points`` (and back to the first one when ``closed``)."""
        ends = list(points) + ([points[0]] if closed and points else [])
        for start, end in zip(ends, ends[1:]):
            self._segment(start, end, rgb, width)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, rgb: RGB, width: float) -> None:
        """Outline the ellipse centred at (cx, cy) with half-axes ``rx`` and ``ry``."""
        circumference = 2 * math.pi * max(rx, ry)
        count = int(circumference / ELLIPSE_PIXELS_PER_VERTEX)
        count = min(ELLIPSE_MAX_VERTICES, max(ELLIPSE_MIN_VERTICES, count))
        points = [(cx + rx * math.cos(2 * math.pi * i / count),
                   cy + ry * math.sin(2 * math.pi * i / count)) for i in range(count)]
        self.polyline(points, True, rgb, width)

    def text_box(self, cx: float, cy: float, characters: int, size: int, rgb: RGB) -> None:
        """Outline the box a centred text of ``characters`` characters at ``size`` points fills."""
        half_w = characters * size * TEXT_WIDTH_PER_CHAR / 2
        half_h = size / 2
        corners = [(cx - half_w, cy - half_h), (cx + half_w, cy - half_h),
                   (cx + half_w, cy + half_h), (cx - half_w, cy + half_h)]
        self.polyline(corners, True, rgb, 1)

    def restore(self, pixels: bytes) -> None:
        """Make the raster the RGB bytes ``pixels`` (as :meth:`pixels` returned them)."""
        self._buffer[:] = pixels

    def blit(self, picture, left: int, top: int) -> None:
        """Copy ``picture`` with its top-left pixel at (left, top), honouring transparency."""
        self.paint_runs(*self.runs_of(picture), left, top)

    def paint_runs(self, runs: list, blends: list, left: int, top: int) -> None:
        """Paint a picture's runs and blended pixels (see :meth:`runs_of`) with its top-left
        pixel at (left, top)."""
        for dy, dx, run in runs:
            self._copy_run(top + dy, left + dx, run)
        for dy, dx, colour, alpha in blends:
            self._blend(left + dx, top + dy, colour, alpha)

    def _copy_run(self, y: int, x: int, run: bytes) -> None:
        """Copy a run of RGB bytes to row ``y`` from column ``x``, clipped to the raster."""
        if not 0 <= y < self._height:
            return
        first = max(0, -x)
        last = min(len(run) // CHANNELS, self._width - x)
        if first >= last:
            return
        at = (y * self._width + x + first) * CHANNELS
        self._buffer[at:at + (last - first) * CHANNELS] = run[first * CHANNELS:last * CHANNELS]

    def _blend(self, x: int, y: int, colour: bytes, alpha: int) -> None:
        """Mix ``colour`` into pixel (x, y) with opacity ``alpha`` out of 255."""
        if 0 <= x < self._width and 0 <= y < self._height:
            at = (y * self._width + x) * CHANNELS
            old = self._buffer[at:at + CHANNELS]
            self._buffer[at:at + CHANNELS] = bytes(
                (new * alpha + was * (OPAQUE - alpha)) // OPAQUE for new, was in zip(colour, old))

    def runs_of(self, picture) -> Tuple[list, list]:
        """Return the picture's opaque runs ``(dy, dx, RGB bytes)`` and partly transparent
        pixels ``(dy, dx, RGB bytes, alpha)`` as they are now, cached per version of it."""
        rgba, version = picture._rgba()
        cached = self._picture_runs.get(picture)
        if cached is not None and cached[0] == version:
            return cached[1], cached[2]
        width = picture.width()
        runs: List[Tuple[int, int, bytes]] = []
        blends: List[Tuple[int, int, bytes, int]] = []
        for dy in range(picture.height()):
            start = None
            for dx in range(width + 1):
                alpha = rgba[(dy * width + dx) * 4 + 3] if dx < width else 0
                if alpha == OPAQUE:
                    start = dx if start is None else start
                    continue
                if start is not None:
                    runs.append((dy, start, _rgb_run(rgba, dy * width + start, dx - start)))
                    start = None
                if alpha:
                    at = (dy * width + dx) * 4
                    blends.append((dy, dx, rgba[at:at + 3], alpha))
        self._picture_runs[picture] = (version, runs, blends)
        return runs, blends

    def _segment(self, start: Point, end: Point, rgb: RGB, width: float) -> None:
        """Draw one line segment ``width`` pixels wide."""
        if width <= 1:
            self._thin_segment(start, end, rgb)
            return
        (x0, y0), (x1, y1) = start, end
        length = math.hypot(x1 - x0, y1 - y0)
        half = width / 2
        if length > 0:
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            self.fill_polygon([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny),
                               (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)], rgb)
        # Round ends make joined segments meet without notches.
        self.fill_ellipse(x0, y0, half, half, rgb)
        self.fill_ellipse(x1, y1, half, half, rgb)

    def _thin_segment(self, start: Point, end: Point, rgb: RGB) -> None:
        """Draw a one-pixel segment with Bresenham's algorithm."""
        x, y = math.floor(start[0]), math.floor(start[1])
        x1, y1 = math.floor(end[0]), math.floor(end[1])
        dx, dy = abs(x1 - x), -abs(y1 - y)
        step_x, step_y = (1 if x < x1 else -1), (1 if y < y1 else -1)
        error = dx + dy
        while True:
            self.pixel(x, y, rgb)
            if x == x1 and y == y1:
                return
            doubled = 2 * error
            if doubled >= dy:
                error += dy
                x += step_x
            if doubled <= dx:
                error += dx
                y += step_y

    def _fill_row(self, row: int, start: float, end: float, rgb: RGB) -> None:
        """Fill the pixels of ``row`` whose centres lie between ``start`` and ``end``."""
        self.fill_rect(start, row, end - start, 1, rgb)

    @staticmethod
    def _span(low: float, high: float, limit: int) -> Tuple[int, int]:
        """Return the pixel range [first, stop) whose centres lie in [low, high), clipped."""
        first = max(0, math.ceil(low - 0.5))
        stop = min(limit, math.ceil(high - 0.5))
        return first, stop


def _rgb_run(rgba: bytes, first_pixel: int, count: int) -> bytes:
    """Return the RGB bytes of ``count`` RGBA pixels starting at pixel index ``first_pixel``."""
    chunk = rgba[first_pixel * 4:(first_pixel + count) * 4]
    out = bytearray(count * CHANNELS)
    out[0::3] = chunk[0::4]
    out[1::3] = chunk[1::4]
    out[2::3] = chunk[2::4]
    return bytes(out)
