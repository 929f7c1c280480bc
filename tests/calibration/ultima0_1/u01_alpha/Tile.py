"""
File:        Tile.py
Author:      Jordan Alvarez
Credits:     CSCI 136 Ultima 0 and Ultima 0.1 assignment handouts and starter code;
             StdDraw and Picture from the Princeton introcs booksite (as supplied
             by the course).
Class:       CSCI 136, Spring 2023
Description: A Tile is one 16x16 square of the Ultima world. It knows its
             type (given by a one letter code), whether the Avatar's torch
             currently lights it, whether light passes through it, whether
             the Avatar (or a monster) may walk onto it and how much damage
             it does to whoever steps onto it (lava burns). It can draw itself
             at an index position of the world.
"""

import StdDraw
from picture import Picture


class Tile:
    """One square of the game world, identified by a one letter string code."""

    # Width and height of every tile, in pixels.
    SIZE = 16

    # code -> (image file name, opaque?, passable?, damage when stepped on)
    TYPES = {
        "B": ("brickfloor.gif", False, True, 0),
        "L": ("lava.gif", False, True, 1),
        "W": ("water.gif", False, False, 0),
        "F": ("forest.gif", True, True, 0),
        "G": ("grasslands.gif", False, True, 0),
        "M": ("mountains.gif", True, False, 0),
        "S": ("stonewall.gif", True, False, 0),
    }

    # Image drawn for tiles that are not lit.
    BLANK_FILE = "blank.gif"

    # Pictures already loaded, keyed by file name, so each gif is read only once.
    _pictures = {}

    def __init__(self, code):
        """Create a new, unlit tile from its string code (B, L, W, F, G, M or S).

        Raises ValueError if the code is not one of the known tile codes.
        """
        code = code.strip()
        if code not in Tile.TYPES:
            raise ValueError("Unknown tile code '%s'" % code)
        self._code = code
        self._filename, self._opaque, self._passable, self._damage = Tile.TYPES[code]
        self._lit = False

    def getCode(self):
        """Return the one letter code of this tile."""
        return self._code

    def getLit(self):
        """Return True if this tile is currently lit by the torch."""
        return self._lit

    def setLit(self, value):
        """Set whether this tile is lit (True) or dark (False)."""
        self._lit = value

    def draw(self, x, y):
        """Draw this tile at the index position (x, y) of the world.

        A lit tile shows its own image, a dark tile the blank image. StdDraw
        places a picture by its centre, hence the half tile offset.
        """
        if self._lit:
            pic = Tile._picture(self._filename)
        else:
            pic = Tile._picture(Tile.BLANK_FILE)
        StdDraw.picture(pic, (x + 0.5) * Tile.SIZE, (y + 0.5) * Tile.SIZE)

    def isOpaque(self):
        """Return True if this type of tile blocks the torch light."""
        return self._opaque

    def isPassable(self):
        """Return True if the Avatar (or a monster) can walk onto this type of tile."""
        return self._passable

    def getDamage(self):
        """Return the damage done to anyone who steps onto this tile (1 for lava, else 0)."""
        return self._damage

    @staticmethod
    def _picture(filename):
        """Return the Picture for filename, loading it the first time only."""
        if filename not in Tile._pictures:
            Tile._pictures[filename] = Picture(filename)
        return Tile._pictures[filename]


def main():
    """Test the Tile class: every code, lit and unlit."""
    codes = ["B", "L", "W", "F", "G", "M", "S"]
    for i in range(len(codes)):
        for j in range(2):
            tile = Tile(codes[i])
            if (i + j) % 2 == 0:
                tile.setLit(True)
            print("%d %d : lit %s\topaque %s\tpassable %s"
                  % (i, j, tile.getLit(), tile.isOpaque(), tile.isPassable()))


if __name__ == "__main__":
    main()
