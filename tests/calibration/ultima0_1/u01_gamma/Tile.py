"""
Tile.py
=======

:Author:  Sam O'Connor
:Class:   CSCI 136 (Data Structures and Algorithms), Ultima 0 assignment,
          extended for the Ultima 0.1 lab (threaded monsters)
:Credits: Tile table, images and test main from the Ultima 0 handout and
          starter code; StdDraw/Picture are the course's booksite modules.
          I talked about the blank.gif hint with the TA in lab.

Description
-----------
The Tile class: one square (Tile.SIZE x Tile.SIZE pixels) of the map. A tile
is built from a one character code and knows its picture, whether it blocks
light, whether it can be walked on, and whether it is lit right now (tiles
start unlit). Dark tiles draw the blank image.

Ultima 0.1: a tile also knows how much damage it does to whoever steps on
it (lava burns for 1 hit point, every other tile does no damage).
"""

import StdDraw
from picture import Picture


class Tile:
    """A tile of the Ultima world built from a string code."""

    SIZE = 16
    LAVA_DAMAGE = 1   # hit points lost by whoever steps onto lava

    def __init__(self, code):
        """Create an unlit tile for the given string code.

        :param code: one of "B", "L", "W", "F", "G", "M", "S"
        :raises ValueError: for any other code
        """
        self.code = code
        self.lit = False
        if code == "B":
            self.filename, self.opaque, self.passable = "brickfloor.gif", False, True
        elif code == "L":
            self.filename, self.opaque, self.passable = "lava.gif", False, True
        elif code == "W":
            self.filename, self.opaque, self.passable = "water.gif", False, False
        elif code == "F":
            self.filename, self.opaque, self.passable = "forest.gif", True, True
        elif code == "G":
            self.filename, self.opaque, self.passable = "grasslands.gif", False, True
        elif code == "M":
            self.filename, self.opaque, self.passable = "mountains.gif", True, False
        elif code == "S":
            self.filename, self.opaque, self.passable = "stonewall.gif", True, False
        else:
            raise ValueError("Tile: bad tile code %r" % (code,))
        self.damage = Tile.LAVA_DAMAGE if code == "L" else 0
        self.picture = None   # loaded lazily, the first time the tile is drawn lit
        self.blank = None

    def getLit(self):
        """Return True when the tile is lit by the torch, else False."""
        return self.lit

    def setLit(self, value):
        """Mark the tile as lit (value True) or unlit (value False)."""
        self.lit = value

    def draw(self, x, y):
        """Draw the tile with its index position (x, y) on the map.

        StdDraw.picture() centres the image on the point it is given, so the
        centre of tile (x, y) is half a tile up and right of its corner.
        """
        half = Tile.SIZE / 2
        if self.lit:
            if self.picture is None:
                self.picture = Picture(self.filename)
            image = self.picture
        else:
            if self.blank is None:
                self.blank = Picture("blank.gif")
            image = self.blank
        StdDraw.picture(image, x * Tile.SIZE + half, y * Tile.SIZE + half)

    def isOpaque(self):
        """Return True when this kind of tile blocks light (forest, mountains, stone wall)."""
        return self.opaque

    def isPassable(self):
        """Return True when the Avatar may walk on this kind of tile."""
        return self.passable

    def getDamage(self):
        """Return the damage done to the Avatar or a monster stepping onto
        this tile: 1 for lava, 0 for every other tile."""
        return self.damage


def main():
    """Starter test: show lit/opaque/passable for every tile code."""
    codes = "BLWFGMS"
    for i, code in enumerate(codes):
        for j in range(2):
            tile = Tile(code)
            if (i + j) % 2 == 0:
                tile.setLit(True)
            print("%d %d : lit %s\topaque %s\tpassable %s"
                  % (i, j, tile.getLit(), tile.isOpaque(), tile.isPassable()))


if __name__ == "__main__":
    main()
