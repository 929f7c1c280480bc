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

import sys
from typing import Dict, Tuple

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


# What every tile of one code shares: (image, opaque, passable, damage).
KINDS = {
    BRICK_FLOOR: ("brickfloor.gif", False, True, 0),
    LAVA: ("lava.gif", False, True, LAVA_DAMAGE),
    WATER: ("water.gif", False, False, 0),
    FOREST: ("forest.gif", True, True, 0),
    GRASSLANDS: ("grasslands.gif", False, True, 0),
    MOUNTAINS: ("mountains.gif", True, False, 0),
    STONE_WALL: ("stonewall.gif", True, False, 0),
}


class Tile:
    """One square of the world: its kind and whether the torch lights it."""

    SIZE = 16  # pixels per side of every tile image
    # Each image file is read once and shared by every tile that shows it.
    _pictures: Dict[str, Picture] = {}

    def __init__(self, code: str) -> None:
        """Create an unlit tile of the kind named by the map code ``code`` (B, L, W, F, G, M, S).

        Raises:
            ValueError: ``code`` is not one of the seven tile codes.
        """
        if code not in KINDS:
            raise ValueError(f"unknown tile code {code!r}")
        self._image, self._opaque, self._passable, self._damage = KINDS[code]
        self._lit = False

    def getLit(self) -> bool:
        """Return True if the torch lights this tile."""
        return self._lit

    def setLit(self, value: bool) -> None:
        """Mark this tile lit (``value`` True) or dark (False)."""
        self._lit = value

    def draw(self, x: int, y: int) -> None:
        """Draw this tile at index position (x, y): its own image if lit, darkness if not."""
        image = self._image if self._lit else BLANK_IMAGE
        StdDraw.picture(Tile.picture(image), *Tile.pixelCentre(x, y))

    def isOpaque(self) -> bool:
        """Return True if this tile stops light (forest, mountains, stone wall)."""
        return self._opaque

    def isPassable(self) -> bool:
        """Return True if the avatar or a monster may walk onto this tile.

        Every kind is passable except water, mountains and stone walls.
        """
        return self._passable

    def getDamage(self) -> int:
        """Return the hit points lost by whoever steps onto this tile: 1 for lava, else 0."""
        return self._damage

    @staticmethod
    def picture(filename: str) -> Picture:
        """Return the Picture in ``filename`` (in the working directory), reading each file once.

        Raises:
            OSError: the file is missing or is not an image.
        """
        if filename not in Tile._pictures:
            Tile._pictures[filename] = Picture(filename)
        return Tile._pictures[filename]

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
