"""
File:        Avatar.py
Author:      Jordan Alvarez
Credits:     CSCI 136 Ultima 0 assignment handout and starter code; StdDraw and
             Picture from the Princeton introcs booksite (as supplied by the course).
Class:       CSCI 136, Spring 2023
Description: The Avatar is the player of the game. It knows its (x, y) index
             position in the world and the radius of its torch, which changes
             in steps of 0.5 and never goes below 2.0. It can draw itself.
"""

import StdDraw
from picture import Picture
from Tile import Tile


class Avatar:
    """The player: a position in tile indices plus a torch of variable radius."""

    DEFAULT_TORCH = 4.0   # radius of the torch when the game starts
    MIN_TORCH = 2.0       # the torch never gets smaller than this
    TORCH_STEP = 0.5      # amount the torch changes per key press
    IMAGE_FILE = "avatar.gif"

    def __init__(self, x, y):
        """Create a new Avatar at index position (x, y) with the default torch."""
        self._x = x
        self._y = y
        self._torch = Avatar.DEFAULT_TORCH
        self._picture = None   # loaded the first time the Avatar is drawn

    def getX(self):
        """Return the current x index of the Avatar."""
        return self._x

    def getY(self):
        """Return the current y index of the Avatar."""
        return self._y

    def setLocation(self, x, y):
        """Move the Avatar to the index position (x, y)."""
        self._x = x
        self._y = y

    def getTorchRadius(self):
        """Return the current radius of the torch."""
        return self._torch

    def increaseTorch(self):
        """Make the torch 0.5 bigger (there is no maximum)."""
        self._torch += Avatar.TORCH_STEP

    def decreaseTorch(self):
        """Make the torch 0.5 smaller, but never below the minimum of 2.0."""
        self._torch = max(Avatar.MIN_TORCH, self._torch - Avatar.TORCH_STEP)

    def draw(self):
        """Draw the Avatar centred on its current tile."""
        if self._picture is None:
            self._picture = Picture(Avatar.IMAGE_FILE)
        StdDraw.picture(self._picture,
                        (self._x + 0.5) * Tile.SIZE,
                        (self._y + 0.5) * Tile.SIZE)


def main():
    """Test the Avatar: moving it and changing its torch."""
    avatar = Avatar(5, 5)
    print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    avatar.setLocation(1, 4)
    print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    avatar.increaseTorch()
    print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    for _ in range(6):
        avatar.decreaseTorch()
        print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))


if __name__ == "__main__":
    main()
