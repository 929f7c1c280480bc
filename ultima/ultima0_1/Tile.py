"""Tile.py: one square of the Ultima 0.1 world.

Reference solution for CSCI 136 "Ultima 0.1" (threaded monsters), built on Ultima 0. A Tile
knows its kind (brick floor, lava, water, forest, grasslands, mountains or stone wall, given by
a one-letter code from the map file), whether the avatar's torch currently lights it, whether
light passes through it, whether the avatar and the monsters may walk on it, and how much damage
stepping onto it does (lava burns). World owns a grid of Tiles and asks each one to draw itself;
an unlit tile draws as darkness (blank.gif) whatever its kind.

Running ``python Tile.py`` prints the course's test table (see main).

>>> water = Tile(WATER)
>>> water.isOpaque(), water.isPassable(), water.getLit()
(False, False, False)
>>> Tile(FOREST).isOpaque(), Tile(FOREST).isPassable()
(True, True)
>>> Tile(LAVA).getDamage(), Tile(GRASSLANDS).getDamage()
(1, 0)
>>> Tile("X")
Traceback (most recent call last):
    ...
ValueError: unknown tile code 'X'
"""

import functools
import sys
from typing import NamedTuple, Tuple

import StdDraw
from picture import Picture

# Tile codes used in map files.
BRICK_FLOOR = "B"
LAVA = "L"
WATER = "W"
FOREST = "F"
GRASSLANDS = "G"
MOUNTAINS = "M"
STONE_WALL = "S"

BLANK_IMAGE = "blank.gif"
LAVA_DAMAGE = 1  # hit points lost by whoever steps onto lava

# The test main's tile order and the format of each line it prints.
TEST_CODES = (BRICK_FLOOR, LAVA, WATER, FOREST, GRASSLANDS, MOUNTAINS, STONE_WALL)
TEST_LIT_STATES = 2
TEST_LINE = "%d %d : lit %s\topaque %s\tpassable %s"


class TileKind(NamedTuple):
    """What every tile of one code shares: its image, how it treats light and walkers, its harm."""

    image: str
    opaque: bool
    passable: bool
    damage: int = 0


KINDS = {
    BRICK_FLOOR: TileKind("brickfloor.gif", opaque=False, passable=True),
    LAVA: TileKind("lava.gif", opaque=False, passable=True, damage=LAVA_DAMAGE),
    WATER: TileKind("water.gif", opaque=False, passable=False),
    FOREST: TileKind("forest.gif", opaque=True, passable=True),
    GRASSLANDS: TileKind("grasslands.gif", opaque=False, passable=True),
    MOUNTAINS: TileKind("mountains.gif", opaque=True, passable=False),
    STONE_WALL: TileKind("stonewall.gif", opaque=True, passable=False),
}


@functools.lru_cache(maxsize=None)
def load_picture(filename: str) -> Picture:
    """Return the Picture in ``filename`` (in the working directory), reading each file once.

    Raises:
        OSError: the file is missing or is not an image.
    """
    return Picture(filename)


class Tile:
    """One square of the world: its kind and whether the torch lights it."""

    SIZE = 16  # pixels per side of every tile image

    def __init__(self, code: str) -> None:
        """Create an unlit tile of the kind named by the map code ``code`` (B, L, W, F, G, M, S).

        Raises:
            ValueError: ``code`` is not one of the seven tile codes.
        """
        if code not in KINDS:
            raise ValueError(f"unknown tile code {code!r}")
        self._kind = KINDS[code]
        self._lit = False

    def getLit(self) -> bool:
        """Return True if the torch lights this tile."""
        return self._lit

    def setLit(self, value: bool) -> None:
        """Mark this tile lit (``value`` True) or dark (False)."""
        self._lit = value

    def draw(self, x: int, y: int) -> None:
        """Draw this tile at index position (x, y): its own image if lit, darkness if not."""
        image = self._kind.image if self._lit else BLANK_IMAGE
        StdDraw.picture(load_picture(image), *Tile.pixelCentre(x, y))

    def isOpaque(self) -> bool:
        """Return True if this tile stops light (forest, mountains, stone wall)."""
        return self._kind.opaque

    def isPassable(self) -> bool:
        """Return True if the avatar or a monster may walk onto this tile.

        Every kind is passable except water, mountains and stone walls.
        """
        return self._kind.passable

    def getDamage(self) -> int:
        """Return the hit points lost by whoever steps onto this tile: 1 for lava, else 0."""
        return self._kind.damage

    @staticmethod
    def pixelCentre(x: int, y: int) -> Tuple[float, float]:
        """Return the canvas position, in pixels, of the centre of the tile at index (x, y).

        StdDraw.picture places an image by its centre, hence the half tile.

        >>> Tile.pixelCentre(0, 0), Tile.pixelCentre(2, 1)
        ((8.0, 8.0), (40.0, 24.0))
        """
        return (x + 0.5) * Tile.SIZE, (y + 0.5) * Tile.SIZE


def main() -> int:
    """Print every tile code's state, lit when (i + j) is even, in the course's format."""
    for i, code in enumerate(TEST_CODES):
        for j in range(TEST_LIT_STATES):
            tile = Tile(code)
            if (i + j) % 2 == 0:
                tile.setLit(True)
            print(TEST_LINE % (i, j, tile.getLit(), tile.isOpaque(), tile.isPassable()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
