# ----------------------------------------------------------------------------
# File name:   Avatar.py
# Author:      Priya Natarajan
# Credits:     Ultima 0 handout and starter files from CSCI 136; StdDraw and
#              Picture are the course's copies of the Princeton booksite code.
# Class:       CSCI 136 - Assignment: Ultima 0
# Description: Defines the Avatar class, the player character. It keeps the
#              Avatar's tile position (x, y) and the radius of its torch
#              (starts at 4.0, changes by 0.5, never less than 2.0) and can
#              draw itself on the map.
# ----------------------------------------------------------------------------

import StdDraw
from picture import Picture
from Tile import Tile


class Avatar:
    """The player of the game, with a position and a torch."""

    def __init__(self, x, y):
        """Create an Avatar at tile index (x, y) holding a torch of radius 4.0."""
        self.x = x
        self.y = y
        self.torch = 4.0
        self.image = Picture('avatar.gif')

    def getX(self):
        """Return the x index of the Avatar."""
        return self.x

    def getY(self):
        """Return the y index of the Avatar."""
        return self.y

    def setLocation(self, x, y):
        """Put the Avatar at tile index (x, y)."""
        self.x = x
        self.y = y

    def getTorchRadius(self):
        """Return the radius of the torch (a float)."""
        return self.torch

    def increaseTorch(self):
        """Increase the torch radius by 0.5."""
        self.torch = self.torch + 0.5

    def decreaseTorch(self):
        """Decrease the torch radius by 0.5, but do not go below 2.0."""
        if self.torch - 0.5 >= 2.0:
            self.torch = self.torch - 0.5

    def draw(self):
        """Draw the Avatar's picture on top of the tile where it stands."""
        StdDraw.picture(self.image,
                        self.x * Tile.SIZE + Tile.SIZE / 2,
                        self.y * Tile.SIZE + Tile.SIZE / 2)


# Test main given with the starter code.
if __name__ == '__main__':
    avatar = Avatar(5, 5)
    print('%d %d %.1f' % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    avatar.setLocation(1, 4)
    print('%d %d %.1f' % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    avatar.increaseTorch()
    print('%d %d %.1f' % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    for i in range(6):
        avatar.decreaseTorch()
        print('%d %d %.1f' % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
