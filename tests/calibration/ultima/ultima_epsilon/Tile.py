#
# File:        Tile.py
# Author:      ultima_epsilon (an independent student-style solution)
# Credits:     CSCI 136 "Ultima 0" assignment text and its clarifications;
#              the course's StdDraw/picture modules for drawing.
# Description: One square of the Ultima world.  A tile knows its type
#              (given by a one-letter code from the map file), whether the
#              torch currently lights it, whether light passes through it
#              and whether the Avatar may walk on it.  It can draw itself.
# Class:       Tile
#

import StdDraw
from picture import Picture


# Every kind of tile the game knows, keyed by its map-file letter.
# Each entry is (image file, opaque?, passable?).  Adding a new tile type
# is a one-line change here instead of another branch in every method.
TILE_TYPES = {
    "B": ("brickfloor.gif", False, True),    # brick floor
    "L": ("lava.gif",       False, True),    # lava
    "W": ("water.gif",      False, False),   # water
    "F": ("forest.gif",     True,  True),    # forest
    "G": ("grasslands.gif", False, True),    # grasslands
    "M": ("mountains.gif",  True,  False),   # mountains
    "S": ("stonewall.gif",  True,  False),   # stone wall
}

# What an unlit tile looks like.
DARK_IMAGE = "blank.gif"

# Line printed by the test main (fields separated by tabs).
TEST_LINE = "%d %d : lit %s\topaque %s\tpassable %s"


class Tile:
    """A single square of the world: its type, its light state and its looks.

    >>> t = Tile("F")
    >>> t.getLit(), t.isOpaque(), t.isPassable()
    (False, True, True)
    >>> t.setLit(True)
    >>> t.getLit()
    True
    """

    # Width and height of every tile image, in pixels.
    SIZE = 16

    # Pictures already loaded, by file name, so that each gif is read from
    # disk only once however many tiles use it.
    _pictures = {}

    def __init__(self, code):
        """Make an unlit tile of the type named by the one-letter string code.

        Raises ValueError if code is not one of B, L, W, F, G, M, S.
        """
        if code not in TILE_TYPES:
            raise ValueError("unknown tile code %r (expected one of %s)"
                             % (code, " ".join(TILE_TYPES)))
        self.code = code
        self._image, self._opaque, self._passable = TILE_TYPES[code]
        self._lit = False

    def getLit(self):
        """Return True if the torch currently lights this tile."""
        return self._lit

    def setLit(self, value):
        """Mark this tile as lit (value True) or dark (value False)."""
        self._lit = bool(value)

    def isOpaque(self):
        """Return True if this type of tile stops the torch light."""
        return self._opaque

    def isPassable(self):
        """Return True if the Avatar is allowed to stand on this tile."""
        return self._passable

    def draw(self, x, y):
        """Draw the tile at index position (x, y); (0, 0) is the lower left.

        A dark tile is drawn with the blank image.  StdDraw.picture wants
        the centre of the image, hence the half-tile shift.
        """
        name = self._image if self._lit else DARK_IMAGE
        StdDraw.picture(Tile.picture(name),
                        (x + 0.5) * Tile.SIZE, (y + 0.5) * Tile.SIZE)

    @staticmethod
    def picture(filename):
        """Return the Picture for the image file filename, loading it once."""
        if filename not in Tile._pictures:
            Tile._pictures[filename] = Picture(filename)
        return Tile._pictures[filename]

    def __repr__(self):
        """Return e.g. Tile('G') for a grasslands tile."""
        return "Tile(%r)" % self.code


def main():
    """Print the properties of two tiles of every type, every other one lit."""
    for i, code in enumerate("BLWFGMS"):
        for j in range(2):
            tile = Tile(code)
            if (i + j) % 2 == 0:
                tile.setLit(True)
            print(TEST_LINE % (i, j, tile.getLit(),
                               tile.isOpaque(), tile.isPassable()))


if __name__ == "__main__":
    main()
