"""
Avatar.py
=========

:Author:  Sam O'Connor
:Class:   CSCI 136 (Data Structures and Algorithms), Ultima 0 assignment
:Credits: Specification and test main from the Ultima 0 handout and starter
          code; StdDraw/Picture are the course's booksite modules.

Description
-----------
The Avatar class: the player's character. It stores the Avatar's tile index
position and its torch. The torch radius starts at 4.0 and changes in steps of
0.5 with a minimum of 2.0; I store it as a whole number of half steps so the
value is always exact.
"""

import StdDraw
from picture import Picture
from Tile import Tile


class Avatar:
    """The player's character: a tile position and a torch."""

    START_HALVES = 8   # torch radius 4.0, counted in halves
    MIN_HALVES = 4     # torch radius 2.0, counted in halves

    def __init__(self, x, y):
        """Create the Avatar at index position (x, y) with a 4.0 torch.

        :param x: column index (0 is the west edge)
        :param y: row index (0 is the south edge)
        """
        self.x = x
        self.y = y
        self.halves = Avatar.START_HALVES
        self.picture = None

    def getX(self):
        """Return the Avatar's column index."""
        return self.x

    def getY(self):
        """Return the Avatar's row index."""
        return self.y

    def setLocation(self, x, y):
        """Move the Avatar to index position (x, y)."""
        self.x = x
        self.y = y

    def getTorchRadius(self):
        """Return the torch radius as a float (halves / 2)."""
        return self.halves / 2.0

    def increaseTorch(self):
        """Grow the torch radius by 0.5 (no maximum)."""
        self.halves += 1

    def decreaseTorch(self):
        """Shrink the torch radius by 0.5 unless it is already at 2.0."""
        if self.halves > Avatar.MIN_HALVES:
            self.halves -= 1

    def draw(self):
        """Draw avatar.gif centred on the Avatar's tile."""
        if self.picture is None:
            self.picture = Picture("avatar.gif")
        half = Tile.SIZE / 2
        StdDraw.picture(self.picture, self.x * Tile.SIZE + half, self.y * Tile.SIZE + half)


def main():
    """Starter test: move the Avatar and play with its torch."""
    a = Avatar(5, 5)
    print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))
    a.setLocation(1, 4)
    print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))
    a.increaseTorch()
    print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))
    for _ in range(6):
        a.decreaseTorch()
        print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))


if __name__ == "__main__":
    main()
