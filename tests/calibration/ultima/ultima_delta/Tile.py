#==============================================================================
# Program:     Tile.py
# Programmer:  Mei Lin Chow
# Course:      CSCI 136, Ultima 0 (recursion / game development)
# Credits:     Tile types, images and the test main come from the assignment
#              handout and starter code. StdDraw and picture are the course's
#              copies of the Princeton booksite modules.
# Purpose:     The Tile class. Every square of the Ultima map is a Tile made
#              from a one letter code. A tile knows its kind (which image,
#              opaque or not, passable or not) and whether it is lit, and it
#              can draw itself. Tiles are NOT lit when created.
# Notes:       Tile.draw() works in tile units: World sets the StdDraw scale
#              to the width/height of the map in tiles, so tile (x, y) is the
#              unit square with lower left corner (x, y).
#==============================================================================

from collections import namedtuple

import StdDraw
from picture import Picture

# The description of one kind of tile.
TileKind = namedtuple("TileKind", ["name", "image", "opaque", "passable"])

# All tile kinds the game knows, by string code (table from the handout).
KINDS = {
    "B": TileKind("Brick floor", "brickfloor.gif", False, True),
    "L": TileKind("Lava", "lava.gif", False, True),
    "W": TileKind("Water", "water.gif", False, False),
    "F": TileKind("Forest", "forest.gif", True, True),
    "G": TileKind("Grasslands", "grasslands.gif", False, True),
    "M": TileKind("Mountains", "mountains.gif", True, False),
    "S": TileKind("Stone wall", "stonewall.gif", True, False),
}


class Tile:
    """One square of the map: a kind of terrain plus a lit flag."""

    SIZE = 16                  # size of a tile in pixels (both ways)
    BLANK_IMAGE = "blank.gif"  # what a dark tile looks like
    _cache = {}                # image file name -> Picture, shared by all tiles

    def __init__(self, code):
        """Build an unlit tile from its string code; ValueError if the code
        is not in the tile table."""
        if code not in KINDS:
            raise ValueError("no tile has the code '" + str(code) + "'")
        self.__kind = KINDS[code]
        self.__lit = False

    def getLit(self):
        """Tell whether the torch lights this tile right now."""
        return self.__lit

    def setLit(self, value):
        """Set the lit flag of this tile to the boolean value."""
        self.__lit = value

    def draw(self, x, y):
        """Draw this tile (its image if lit, blank.gif if dark) with its
        centre in the middle of tile position (x, y)."""
        image = self.__kind.image if self.__lit else Tile.BLANK_IMAGE
        if image not in Tile._cache:
            Tile._cache[image] = Picture(image)
        StdDraw.picture(Tile._cache[image], x + 0.5, y + 0.5)

    def isOpaque(self):
        """Tell whether this kind of tile stops the torch light."""
        return self.__kind.opaque

    def isPassable(self):
        """Tell whether the Avatar may step onto this kind of tile."""
        return self.__kind.passable

    def __str__(self):
        """Return a short description, e.g. 'Forest (lit)', for debugging."""
        return self.__kind.name + (" (lit)" if self.__lit else " (dark)")


#------------------------------------------------------------------------------
# Test main from the starter code.
#------------------------------------------------------------------------------
def main():
    """Print lit / opaque / passable for every tile code, lit and unlit."""
    codes = ["B", "L", "W", "F", "G", "M", "S"]
    for i in range(7):
        for j in range(2):
            tile = Tile(codes[i])
            if (i + j) % 2 == 0:
                tile.setLit(True)
            print("%d %d : lit %s\topaque %s\tpassable %s" %
                  (i, j, tile.getLit(), tile.isOpaque(), tile.isPassable()))


if __name__ == "__main__":
    main()
