#
# File:        Avatar.py
# Author:      ultima_epsilon (an independent student-style solution)
# Credits:     CSCI 136 "Ultima 0" assignment text and its clarifications;
#              the course's StdDraw/picture modules for drawing.
# Description: The player's character.  It remembers where it stands (as
#              tile indices, (0, 0) being the lower-left tile) and how
#              strong its torch is, and it can draw itself on its tile.
# Class:       Avatar
#

import StdDraw
from Tile import Tile


# Torch settings, as radii measured in tiles.
TORCH_START = 4.0
TORCH_STEP = 0.5
TORCH_MIN = 2.0

# Image used to draw the Avatar.
AVATAR_IMAGE = "avatar.gif"

# Line printed by the test main: x, y and torch radius.
TEST_LINE = "%d %d %.1f"


class Avatar:
    """The player: an index position plus a torch of variable radius.

    >>> a = Avatar(2, 3)
    >>> a.getX(), a.getY(), a.getTorchRadius()
    (2, 3, 4.0)
    >>> for _ in range(10): a.decreaseTorch()
    >>> a.getTorchRadius()
    2.0
    """

    def __init__(self, x, y):
        """Put a new Avatar at index position (x, y) with the default torch."""
        self._x = x
        self._y = y
        self._torch = TORCH_START

    def getX(self):
        """Return the Avatar's x index (column, counted from the west)."""
        return self._x

    def getY(self):
        """Return the Avatar's y index (row, counted from the south)."""
        return self._y

    def setLocation(self, x, y):
        """Move the Avatar to index position (x, y); no checks are made here."""
        self._x = x
        self._y = y

    def getTorchRadius(self):
        """Return the current torch radius in tiles."""
        return self._torch

    def increaseTorch(self):
        """Make the torch 0.5 brighter; there is no upper limit."""
        self._torch += TORCH_STEP

    def decreaseTorch(self):
        """Make the torch 0.5 dimmer, but never below a radius of 2.0."""
        self._torch = max(TORCH_MIN, self._torch - TORCH_STEP)

    def draw(self):
        """Draw the Avatar centred on the tile it stands on."""
        StdDraw.picture(Tile.picture(AVATAR_IMAGE),
                        (self._x + 0.5) * Tile.SIZE,
                        (self._y + 0.5) * Tile.SIZE)


def main():
    """Move an Avatar and turn its torch up once and down six times."""
    avatar = Avatar(5, 5)

    def report():
        print(TEST_LINE % (avatar.getX(), avatar.getY(),
                           avatar.getTorchRadius()))

    report()
    avatar.setLocation(1, 4)
    report()
    avatar.increaseTorch()
    report()
    for _ in range(6):
        avatar.decreaseTorch()
        report()


if __name__ == "__main__":
    main()
