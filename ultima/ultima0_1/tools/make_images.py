"""Draw the 16x16 tile, avatar and monster images of Ultima 0.1 and write them as GIF files.

The course's own images are not ours to publish, so this script paints replacements from code:
``python tools/make_images.py`` (from the ultima0_1 folder) rewrites brickfloor.gif, lava.gif,
water.gif, forest.gif, grasslands.gif, mountains.gif, stonewall.gif, blank.gif, avatar.gif,
skeleton.gif, orc.gif, bat.gif and slime.gif next to the game. It extends Ultima 0's script
with the four monsters; the other nine images come out byte for byte as in Ultima 0. Each image
is a 16x16 grid of colours (None is transparent, used around the avatar and the monsters so the
tile under them shows). The patterns are random-looking but seeded, so every run
writes identical bytes. Only the standard library is used, including a small GIF (LZW) encoder.
"""

import random
import struct
import sys
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

SIZE = 16
SEED = 136
OUTPUT_DIR = Path(__file__).resolve().parent.parent

RGB = Tuple[int, int, int]
Pixels = List[List[Optional[RGB]]]

# Colours, by what they paint.
BLACK = (0, 0, 0)
MORTAR = (92, 84, 76)
BRICK = (168, 74, 48)
BRICK_LIGHT = (196, 100, 64)
LAVA_DARK = (176, 32, 8)
LAVA = (232, 88, 16)
LAVA_BRIGHT = (255, 200, 48)
WATER_DEEP = (24, 56, 160)
WATER = (40, 96, 208)
WAVE = (150, 200, 255)
GRASS_DARK = (40, 120, 40)
GRASS = (64, 160, 56)
GRASS_LIGHT = (120, 200, 80)
LEAVES_DARK = (16, 72, 24)
LEAVES = (32, 112, 40)
TRUNK = (96, 60, 24)
ROCK_DARK = (88, 88, 96)
ROCK = (136, 136, 144)
SNOW = (240, 240, 250)
STONE = (150, 150, 150)
STONE_LIGHT = (184, 184, 184)
STONE_SHADOW = (70, 70, 70)
SKIN = (240, 196, 150)
TUNIC = (40, 60, 200)
BELT = (120, 72, 24)
BOOTS = (60, 40, 20)
FLAME = (255, 160, 0)
FLAME_CORE = (255, 240, 120)
OUTLINE = (20, 20, 20)
BONE = (230, 226, 206)
BONE_SHADOW = (168, 162, 140)
EYE_RED = (220, 30, 30)
ORC_SKIN = (88, 150, 56)
ORC_DARK = (52, 100, 32)
TUSK = (250, 246, 220)
LEATHER = (110, 70, 36)
AXE_HEAD = (180, 186, 196)
BAT_WING = (64, 40, 80)
BAT_BODY = (40, 24, 52)
FANG = (255, 255, 255)
SLIME = (96, 200, 72)
SLIME_DARK = (48, 140, 40)
SLIME_SHINE = (200, 255, 170)

# GIF format details (GIF89a specification).
GIF_MAX_CODE_BITS = 12
GIF_MAX_CODES = 1 << GIF_MAX_CODE_BITS
GIF_SUB_BLOCK = 255


def filled(colour: Optional[RGB]) -> Pixels:
    """Return a SIZE x SIZE grid of one colour."""
    return [[colour] * SIZE for _ in range(SIZE)]


def speckle(pixels: Pixels, colours: Sequence[RGB], share: float, rng: random.Random) -> Pixels:
    """Replace about ``share`` of the pixels by colours picked from ``colours``."""
    for row in pixels:
        for x in range(SIZE):
            if rng.random() < share:
                row[x] = rng.choice(colours)
    return pixels


def brickfloor(rng: random.Random) -> Pixels:
    """Bricks four rows high, each course shifted by half a brick, with mortar lines."""
    pixels = filled(BRICK)
    for y in range(SIZE):
        shift = 4 if (y // 4) % 2 else 0
        for x in range(SIZE):
            if y % 4 == 3 or (x + shift) % 8 == 7:
                pixels[y][x] = MORTAR
            elif y % 4 == 0 and rng.random() < 0.5:
                pixels[y][x] = BRICK_LIGHT
    return pixels


def lava(rng: random.Random) -> Pixels:
    """Molten rock: orange with darker crust and bright bubbles."""
    pixels = speckle(filled(LAVA), [LAVA_DARK], 0.3, rng)
    for _ in range(5):
        cx, cy = rng.randrange(SIZE), rng.randrange(SIZE)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if abs(dx) + abs(dy) < 2:
                    pixels[(cy + dy) % SIZE][(cx + dx) % SIZE] = LAVA_BRIGHT
    return pixels


def water(rng: random.Random) -> Pixels:
    """Deep water with short pale wave crests."""
    pixels = speckle(filled(WATER), [WATER_DEEP], 0.35, rng)
    for y in range(2, SIZE, 5):
        start = rng.randrange(SIZE)
        for dx, lift in zip(range(5), (1, 0, 0, 0, 1)):
            pixels[y - lift][(start + dx) % SIZE] = WAVE
    return pixels


def grasslands(rng: random.Random) -> Pixels:
    """Grass of three greens."""
    return speckle(speckle(filled(GRASS), [GRASS_DARK], 0.25, rng), [GRASS_LIGHT], 0.15, rng)


def forest(rng: random.Random) -> Pixels:
    """Two round tree crowns with trunks on grass."""
    pixels = grasslands(rng)
    for cx, cy in ((4, 5), (11, 8)):
        for y in range(SIZE):
            for x in range(SIZE):
                if (x - cx) ** 2 + (y - cy) ** 2 <= 13:
                    pixels[y][x] = LEAVES if rng.random() < 0.6 else LEAVES_DARK
        for y in range(cy + 4, min(SIZE, cy + 7)):
            pixels[y][cx] = TRUNK
    return pixels


def mountains(rng: random.Random) -> Pixels:
    """Two grey peaks with snow caps on grass."""
    pixels = grasslands(rng)
    for peak_x, peak_y in ((5, 2), (11, 5)):
        for y in range(peak_y, SIZE - 1):
            half = (y - peak_y) * 3 // 4
            for x in range(max(0, peak_x - half), min(SIZE, peak_x + half + 1)):
                near_top = y - peak_y < 3
                shade = ROCK_DARK if x > peak_x else ROCK
                pixels[y][x] = SNOW if near_top else shade
    return pixels


def stonewall(rng: random.Random) -> Pixels:
    """Irregular grey blocks: a lit top edge, a shadowed bottom edge."""
    pixels = speckle(filled(STONE), [STONE_LIGHT], 0.1, rng)
    for y in range(SIZE):
        shift = 3 if (y // 5) % 2 else 0
        for x in range(SIZE):
            if y % 5 == 4 or (x + shift) % 6 == 5:
                pixels[y][x] = STONE_SHADOW
            elif y % 5 == 0:
                pixels[y][x] = STONE_LIGHT
    return pixels


def blank(rng: random.Random) -> Pixels:
    """Darkness: an unlit tile."""
    return filled(BLACK)


AVATAR_ROWS = [
    "............ff..",
    "...........fFf..",
    "......oo....f...",
    ".....osso...t...",
    ".....osso...t...",
    "......oo....t...",
    ".....ocCco.st...",
    "....scCCCcss....",
    "....sCCCCC......",
    ".....CbbbC......",
    ".....CCCCC......",
    ".....cC.Cc......",
    ".....cC.Cc......",
    ".....dd.dd......",
    "....ddd.ddd.....",
    "................",
]
AVATAR_KEY: Dict[str, Optional[RGB]] = {
    ".": None, "o": OUTLINE, "s": SKIN, "c": TUNIC, "C": TUNIC, "b": BELT, "d": BOOTS,
    "f": FLAME, "F": FLAME_CORE, "t": TRUNK,
}


def avatar(rng: random.Random) -> Pixels:
    """A figure in a blue tunic holding a torch, on a transparent background."""
    return [[AVATAR_KEY[ch] for ch in row] for row in AVATAR_ROWS]


SKELETON_ROWS = [
    "................",
    "......oooo......",
    ".....oBBBBo.....",
    ".....BrBBrB.....",
    ".....BBBBBB.....",
    "......BoBo......",
    ".......BB.......",
    "....BB.BB.BB....",
    "...B..bBBb..B...",
    "......bBBb......",
    ".......BB.......",
    "......BBBB......",
    "......B..B......",
    "......B..B......",
    ".....BB..BB.....",
    "................",
]
SKELETON_KEY: Dict[str, Optional[RGB]] = {
    ".": None, "o": OUTLINE, "B": BONE, "b": BONE_SHADOW, "r": EYE_RED,
}

ORC_ROWS = [
    "............a...",
    "....oooooo..aa..",
    "...oGGGGGGo.aa..",
    "...GrGGGGrG..l..",
    "...GGGGGGGG..l..",
    "...GTooooTG..l..",
    "....GGGGGG...l..",
    "...LLLLLLLLL.l..",
    "..GLLLLLLLLGGl..",
    "..G.LLLLLL...l..",
    "....LLLLLL......",
    "....dd..dd......",
    "....GG..GG......",
    "....GG..GG......",
    "...ddd..ddd.....",
    "................",
]
ORC_KEY: Dict[str, Optional[RGB]] = {
    ".": None, "o": ORC_DARK, "G": ORC_SKIN, "r": EYE_RED, "T": TUSK, "L": LEATHER,
    "d": BOOTS, "a": AXE_HEAD, "l": TRUNK,
}

BAT_ROWS = [
    "................",
    "................",
    "................",
    "......b..b......",
    "W.....bbbb.....W",
    "WW...brbbrb...WW",
    "WWW..bbbbbb..WWW",
    "WWWWWbbbbbbWWWWW",
    "WWWWWWbffbWWWWWW",
    ".WWWWWbbbbWWWWW.",
    "..WW.WWbbWW.WW..",
    "...W..W..W..W...",
    "................",
    "................",
    "................",
    "................",
]
BAT_KEY: Dict[str, Optional[RGB]] = {
    ".": None, "W": BAT_WING, "b": BAT_BODY, "r": EYE_RED, "f": FANG,
}

SLIME_ROWS = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "......oooo......",
    "....ooSSSSoo....",
    "...oSSsSSSSSo...",
    "..oSSsSSSSSSSo..",
    "..oSSSoSSSoSSo..",
    ".oSSSSoSSSoSSSo.",
    ".oSSSSSSSSSSSSo.",
    ".oSSSSSSSSSSSSo.",
    "..oDDSSDDSSDDo..",
    "...oooooooooo...",
    "................",
]
SLIME_KEY: Dict[str, Optional[RGB]] = {
    ".": None, "o": SLIME_DARK, "S": SLIME, "s": SLIME_SHINE, "D": SLIME_DARK,
}


def sprite(rows: Sequence[str], key: Dict[str, Optional[RGB]]) -> Pixels:
    """Return the picture drawn by ``rows``, one character per pixel, coloured by ``key``."""
    return [[key[ch] for ch in row] for row in rows]


def skeleton(rng: random.Random) -> Pixels:
    """A skeleton with red eyes, on a transparent background."""
    return sprite(SKELETON_ROWS, SKELETON_KEY)


def orc(rng: random.Random) -> Pixels:
    """A green orc in leather with tusks and an axe, on a transparent background."""
    return sprite(ORC_ROWS, ORC_KEY)


def bat(rng: random.Random) -> Pixels:
    """A bat with spread wings and fangs, on a transparent background."""
    return sprite(BAT_ROWS, BAT_KEY)


def slime(rng: random.Random) -> Pixels:
    """A green slime blob with a shine and two eyes, on a transparent background."""
    return sprite(SLIME_ROWS, SLIME_KEY)


IMAGES: Dict[str, Callable[[random.Random], Pixels]] = {
    "brickfloor.gif": brickfloor, "lava.gif": lava, "water.gif": water, "forest.gif": forest,
    "grasslands.gif": grasslands, "mountains.gif": mountains, "stonewall.gif": stonewall,
    "blank.gif": blank, "avatar.gif": avatar,
    "skeleton.gif": skeleton, "orc.gif": orc, "bat.gif": bat, "slime.gif": slime,
}


def encode_gif(pixels: Pixels) -> bytes:
    """Encode a grid of colours (None: transparent) as a GIF89a file."""
    colours = sorted({colour for row in pixels for colour in row if colour is not None})
    palette: List[RGB] = colours + ([BLACK] if any(None in row for row in pixels) else [])
    transparent = len(colours) if len(palette) > len(colours) else None
    bits = max(2, (len(palette) - 1).bit_length())
    palette += [BLACK] * ((1 << bits) - len(palette))
    index = {colour: i for i, colour in enumerate(colours)}
    indices = bytes(transparent if colour is None else index[colour]
                    for row in pixels for colour in row)
    height, width = len(pixels), len(pixels[0])
    out = bytearray(b"GIF89a")
    out += struct.pack("<HHBBB", width, height, 0x80 | (bits - 1), 0, 0)
    out += b"".join(bytes(colour) for colour in palette)
    if transparent is not None:
        out += struct.pack("<BBBBHBB", 0x21, 0xF9, 4, 1, 0, transparent, 0)
    out += struct.pack("<BHHHHB", 0x2C, 0, 0, width, height, 0)
    out.append(bits)
    data = lzw_encode(indices, bits)
    for start in range(0, len(data), GIF_SUB_BLOCK):
        chunk = data[start:start + GIF_SUB_BLOCK]
        out += bytes((len(chunk),)) + chunk
    out += b"\x00\x3b"
    return bytes(out)


def lzw_encode(indices: bytes, min_bits: int) -> bytes:
    """Compress palette indices with GIF's variable-width LZW."""
    clear, end = 1 << min_bits, (1 << min_bits) + 1
    packer = _BitPacker()
    table: Dict[bytes, int] = {}
    bits = min_bits + 1

    def reset() -> None:
        table.clear()
        table.update({bytes((i,)): i for i in range(clear)})

    reset()
    packer.put(clear, bits)
    current = b""
    for value in indices:
        extended = current + bytes((value,))
        if extended in table:
            current = extended
            continue
        packer.put(table[current], bits)
        next_code = len(table) + 2
        if next_code < GIF_MAX_CODES:
            table[extended] = next_code
            # The decoder widens its codes as soon as its table needs the wider width.
            if next_code == 1 << bits:
                bits += 1
        else:
            packer.put(clear, bits)
            reset()
            bits = min_bits + 1
        current = bytes((value,))
    if current:
        packer.put(table[current], bits)
    packer.put(end, bits)
    return packer.bytes()


class _BitPacker:
    """Pack codes of varying width into bytes, least significant bit first."""

    def __init__(self) -> None:
        """Start with no bits."""
        self._out = bytearray()
        self._buffer = 0
        self._held = 0

    def put(self, code: int, bits: int) -> None:
        """Append ``code`` as ``bits`` bits."""
        self._buffer |= code << self._held
        self._held += bits
        while self._held >= 8:
            self._out.append(self._buffer & 0xFF)
            self._buffer >>= 8
            self._held -= 8

    def bytes(self) -> bytes:
        """Return the packed bytes, the last one padded with zero bits."""
        return bytes(self._out) + (bytes((self._buffer,)) if self._held else b"")


def main(argv: Optional[List[str]] = None) -> int:
    """Write every image into the ultima0_1 folder (or the folder given); return 0."""
    args = sys.argv[1:] if argv is None else argv
    target = Path(args[0]) if args else OUTPUT_DIR
    for name, painter in IMAGES.items():
        (target / name).write_bytes(encode_gif(painter(random.Random(f"{SEED}:{name}"))))
    print(f"wrote {len(IMAGES)} images to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
