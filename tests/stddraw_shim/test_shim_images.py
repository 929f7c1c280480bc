"""The shim's standard-library image codecs and the booksite Picture and Color types.

Fixtures in ``fixtures/`` were written by ImageMagick (GIF plain, interlaced and transparent;
PNG grey 1/8-bit, grey+alpha, palette, RGB 8/16-bit, RGBA 8/16-bit, interlaced); decodes are
compared with pygame's (SDL_image) where pygame is installed.
"""

import os
import random
import struct
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
NATIVE = ["grey1.png", "grey8.png", "greyalpha8.png", "palette4.png", "rgb8.png", "rgb16.png",
          "rgba8.png", "rgba16.png", "plain.gif", "interlaced.gif", "transparent.gif"]


@pytest.fixture(scope="module")
def shim():
    """The stddraw_shim package from the repository (imports undone afterwards)."""
    saved_path, saved_modules = list(sys.path), dict(sys.modules)
    sys.path.insert(0, str(ROOT))
    try:
        import stddraw_shim._images
        import stddraw_shim.color
        import stddraw_shim.picture
        yield stddraw_shim
    finally:
        sys.path[:] = saved_path
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]


def pygame_rgba(path):
    """Decode ``path`` with pygame, or skip when pygame is missing."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame = pytest.importorskip("pygame")
    surface = pygame.image.load(str(path))
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


def same_pixels(ours, theirs):
    """Compare RGBA buffers, treating any two fully transparent pixels as equal."""
    return all(ours[i + 3] == theirs[i + 3] == 0 or ours[i:i + 4] == theirs[i:i + 4]
               for i in range(0, len(ours), 4)) and len(ours) == len(theirs)


@pytest.mark.parametrize("name", NATIVE)
def test_fixture_decodes_like_pygame(shim, name):
    width, height, rgba = shim._images.decode_image((FIXTURES / name).read_bytes(), name)
    size, reference = pygame_rgba(FIXTURES / name)
    assert (width, height) == size == (37, 23)
    assert same_pixels(rgba, reference)


def test_transparency_is_kept(shim):
    for name in ("transparent.gif", "greyalpha8.png", "rgba8.png"):
        _w, _h, rgba = shim._images.decode_image((FIXTURES / name).read_bytes(), name)
        assert 0 in rgba[3::4], name


def test_interlaced_png_is_reported_unsupported_natively(shim):
    with pytest.raises(shim._images.UnsupportedImage, match="interlaced"):
        shim._images.decode_image((FIXTURES / "interlaced.png").read_bytes(), "interlaced.png")


def test_picture_falls_back_to_pygame_for_unsupported_variants(shim):
    pytest.importorskip("pygame")
    picture = shim.picture.Picture(str(FIXTURES / "interlaced.png"))
    _size, reference = pygame_rgba(FIXTURES / "interlaced.png")
    assert picture._rgba()[0] == reference


def test_png_round_trip(shim):
    rng = random.Random(1)
    for channels in (3, 4):
        width, height = rng.randint(1, 40), rng.randint(1, 40)
        pixels = bytes(rng.randrange(256) for _ in range(width * height * channels))
        data = shim._images.encode_png(width, height, pixels, channels)
        w, h, rgba = shim._images.decode_image(data, "x.png")
        expected = pixels if channels == 4 else b"".join(
            pixels[i:i + 3] + b"\xff" for i in range(0, len(pixels), 3))
        assert (w, h, bytes(rgba)) == (width, height, expected)


def test_damaged_files_raise_value_error_naming_the_file(shim):
    good = shim._images.encode_png(2, 2, bytes(12), 3)
    broken_crc = good[:-5] + bytes([good[-5] ^ 1]) + good[-4:]
    for data in (good[:30], broken_crc, (FIXTURES / "plain.gif").read_bytes()[:40]):
        with pytest.raises(ValueError, match="bad.img"):
            shim._images.decode_image(data, "bad.img")
    with pytest.raises(shim._images.UnsupportedImage, match="not a GIF or PNG"):
        shim._images.decode_image(b"BM not an image", "bad.img")


def test_png_filters_are_undone(shim):
    # One 3x2 RGB image stored with filters Sub and Paeth, checked against the raw values.
    rows = [bytes([10, 20, 30, 40, 50, 60, 70, 80, 90]), bytes([15, 25, 35, 45, 55, 65, 5, 6, 7])]
    sub = bytes([rows[0][i] - (rows[0][i - 3] if i >= 3 else 0) & 0xFF for i in range(9)])

    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

    second = bytes([(rows[1][i] - paeth(rows[1][i - 3] if i >= 3 else 0, rows[0][i],
                                        rows[0][i - 3] if i >= 3 else 0)) & 0xFF
                    for i in range(9)])
    raw = b"\x01" + sub + b"\x04" + second

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))

    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 3, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    _w, _h, rgba = shim._images.decode_image(data, "f.png")
    assert bytes(rgba[0::4]) == bytes(rows[0][0::3] + rows[1][0::3])


def test_picture_blank_get_set_save_and_reload(shim, tmp_path):
    Picture, Color = shim.picture.Picture, shim.color.Color
    picture = Picture(4, 3)
    assert (picture.width(), picture.height()) == (4, 3)
    assert picture.get(3, 2) == Color(0, 0, 0)
    picture.set(3, 2, Color(1, 2, 3))
    picture.set(0, 0, shim.color.BOOK_RED)
    target = tmp_path / "p.png"
    picture.save(str(target))
    again = Picture(str(target))
    assert (again.get(3, 2), again.get(0, 0), again.get(1, 1)) == (
        Color(1, 2, 3), Color(150, 35, 31), Color(0, 0, 0))
    assert Picture().width() == Picture().height() == 512
    with pytest.raises(IndexError, match=r"pixel \(4, 0\)"):
        picture.get(4, 0)


def test_picture_load_errors(shim, tmp_path):
    Picture = shim.picture.Picture
    with pytest.raises(FileNotFoundError, match="'nope.gif' not found"):
        Picture("nope.gif")
    (tmp_path / "junk.gif").write_bytes(b"GIF89a\x01")
    with pytest.raises(OSError, match="junk.gif"):
        Picture(str(tmp_path / "junk.gif"))
    with pytest.raises(ValueError):
        Picture(0, 5)


def test_colors(shim):
    color = shim.color
    names = [name for name in color.__all__ if name != "Color"]
    assert len(names) == 20
    assert str(color.ORANGE) == "(255, 200, 0)" and repr(color.PINK) == "Color(255, 175, 175)"
    assert (color.BOOK_LIGHT_BLUE.getRed(), color.BOOK_LIGHT_BLUE.getGreen(),
            color.BOOK_LIGHT_BLUE.getBlue()) == (103, 198, 243)
    with pytest.raises(ValueError, match="red component"):
        color.Color(256, 0, 0)
