"""
File: Tile.py
Author: (second-year student, independent solution)
Class: CSCI 136, Ultima 0.1 lab ("threaded monsters")
Credits: the Ultima 0 / 0.1 handouts and their clarifications.

Description:
    A Tile is one 16x16 square of the Ultima world.  It knows what kind of
    terrain it is (by its one-letter code), whether the torch currently lights
    it, whether light goes through it, whether you can walk on it and how much
    damage it does to whoever steps on it (lava hurts).
"""

import StdDraw
from picture import Picture


# Info for every tile type:
#   code -> (image file, opaque?, passable?, damage when stepped on)
TILE_TYPES = {
    "B": ("brickfloor.gif", False, True, 0),
    "L": ("lava.gif", False, True, 1),
    "W": ("water.gif", False, False, 0),
    "F": ("forest.gif", True, True, 0),
    "G": ("grasslands.gif", False, True, 0),
    "M": ("mountains.gif", True, False, 0),
    "S": ("stonewall.gif", True, False, 0),
}

BLANK_IMAGE = "blank.gif"

# Pictures are loaded the first time they are needed and then reused, so we
# don't read the same gif from disk for every tile on every frame.
_pictures = {}


def getPicture(filename):
    """Return the Picture for filename (a bare file name in the working
    directory), loading it only once."""
    pic = _pictures.get(filename)
    if pic is None:
        pic = Picture(filename)
        _pictures[filename] = pic
    return pic


class Tile:
    """One square of the world map."""

    # size of a tile in pixels (width and height)
    SIZE = 16

    def __init__(self, code):
        """Create a new tile from its one-letter string code (B L W F G M S).
        Raises ValueError for an unknown code.  Tiles start out unlit."""
        code = str(code).strip()
        if code not in TILE_TYPES:
            raise ValueError("unknown tile code '%s' (valid codes: %s)"
                             % (code, " ".join(TILE_TYPES)))
        self.code = code
        self.image, self.opaque, self.passable, self.damage = TILE_TYPES[code]
        self.lit = False

    def getLit(self):
        """Return whether this tile is lit."""
        return self.lit

    def setLit(self, value):
        """Change whether this tile is lit."""
        self.lit = bool(value)

    def draw(self, x, y):
        """Draw the tile at index position (x, y).  Unlit tiles are drawn
        with the blank image.  picture() wants the centre of the image."""
        if self.lit:
            name = self.image
        else:
            name = BLANK_IMAGE
        StdDraw.picture(getPicture(name),
                        (x + 0.5) * Tile.SIZE, (y + 0.5) * Tile.SIZE)

    def isOpaque(self):
        """Does this kind of tile block light?"""
        return self.opaque

    def isPassable(self):
        """Can the avatar (or a monster) walk onto this tile?"""
        return self.passable

    def getDamage(self):
        """Damage done to whoever moves onto this tile (1 for lava, else 0)."""
        return self.damage


def main():
    """Test main: prints the lit/opaque/passable status of every tile type."""
    codes = ["B", "L", "W", "F", "G", "M", "S"]
    for i in range(len(codes)):
        for j in range(2):
            t = Tile(codes[i])
            if (i + j) % 2 == 0:
                t.setLit(True)
            print("%d %d : lit %s\topaque %s\tpassable %s"
                  % (i, j, t.getLit(), t.isOpaque(), t.isPassable()))


if __name__ == "__main__":
    main()
