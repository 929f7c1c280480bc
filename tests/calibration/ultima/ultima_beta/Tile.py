# ----------------------------------------------------------------------------
# File name:   Tile.py
# Author:      Priya Natarajan
# Credits:     Ultima 0 handout and starter files from CSCI 136; the StdDraw
#              and Picture modules are the course's copies of the Princeton
#              booksite code. Tile table copied from the handout.
# Class:       CSCI 136 - Assignment: Ultima 0
# Description: Defines the Tile class. A tile is one 16 by 16 pixel square of
#              the map. It remembers its type code and whether the torch is
#              lighting it, it answers whether it is opaque / passable, and it
#              draws itself (or a blank square when it is dark).
# ----------------------------------------------------------------------------

import StdDraw
from picture import Picture

# Image file for each tile code.
IMAGE_FILES = {
    'B': 'brickfloor.gif',
    'L': 'lava.gif',
    'W': 'water.gif',
    'F': 'forest.gif',
    'G': 'grasslands.gif',
    'M': 'mountains.gif',
    'S': 'stonewall.gif',
}

# Codes of the tiles that block light, and of the ones the Avatar cannot enter.
OPAQUE_CODES = {'F', 'M', 'S'}
BLOCKING_CODES = {'W', 'M', 'S'}

BLANK_FILE = 'blank.gif'


class Tile:
    """A single square of the Ultima world."""

    SIZE = 16   # tiles are SIZE x SIZE pixels

    def __init__(self, code):
        """Make a tile of the type given by the string code; it starts unlit.

        An unknown code raises a ValueError.
        """
        if code not in IMAGE_FILES:
            raise ValueError('unknown tile code: ' + repr(code))
        self.code = code
        self.lit = False
        self.image = Picture(IMAGE_FILES[code])
        self.blank = Picture(BLANK_FILE)

    def getLit(self):
        """Return whether this tile is lit."""
        return self.lit

    def setLit(self, value):
        """Change the lit status of this tile to value (a boolean)."""
        self.lit = value

    def draw(self, x, y):
        """Draw the tile at index position (x, y).

        picture() wants the centre of the image, so we add half a tile.
        """
        centreX = x * Tile.SIZE + Tile.SIZE / 2
        centreY = y * Tile.SIZE + Tile.SIZE / 2
        if self.lit:
            StdDraw.picture(self.image, centreX, centreY)
        else:
            StdDraw.picture(self.blank, centreX, centreY)

    def isOpaque(self):
        """Return True if light cannot pass through this tile."""
        return self.code in OPAQUE_CODES

    def isPassable(self):
        """Return True if the Avatar is allowed to walk on this tile."""
        return self.code not in BLOCKING_CODES


# Test main given with the starter code.
if __name__ == '__main__':
    codes = 'BLWFGMS'
    for i in range(7):
        for j in range(2):
            t = Tile(codes[i])
            if (i + j) % 2 == 0:
                t.setLit(True)
            print('%d %d : lit %s\topaque %s\tpassable %s'
                  % (i, j, t.getLit(), t.isOpaque(), t.isPassable()))
