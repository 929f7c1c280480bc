"""
Avatar.py
=========

:Author:  Sam O'Connor
:Class:   CSCI 136 (Data Structures and Algorithms), Ultima 0 assignment,
          extended for the Ultima 0.1 lab (threaded monsters)
:Credits: Specification and test main from the Ultima 0 handout and starter
          code; StdDraw/Picture are the course's booksite modules.

Description
-----------
The Avatar class: the player's character. It stores the Avatar's tile index
position and its torch. The torch radius changes in steps of 0.5 with a
minimum of 2.0 (Ultima 0 always started it at 4.0).

Ultima 0.1: the Avatar also has hit points and the damage it does when it
attacks a monster; the map file gives the start values of both and of the
torch, so the constructor is now ``Avatar(x, y, hp, damage, torch)``. Only
the World changes an Avatar, always while holding the world's lock.
"""

import StdDraw
from picture import Picture
from Tile import Tile


class Avatar:
    """The player's character: a tile position, a torch, hit points and the
    damage its attacks do."""

    START_TORCH = 4.0   # the Ultima 0 torch radius (used when none is given)
    MIN_TORCH = 2.0     # the torch never shrinks below this
    TORCH_STEP = 0.5    # change of radius for one + or - key

    def __init__(self, x, y, hp=1, damage=1, torch=START_TORCH):
        """Create the Avatar at index position (x, y).

        :param x: column index (0 is the west edge)
        :param y: row index (0 is the south edge)
        :param hp: starting hit points (the Avatar is alive while hp > 0)
        :param damage: hit points a monster loses when the Avatar attacks it
        :param torch: starting torch radius (4.0 in Ultima 0)

        hp, damage and torch have defaults only so that the Ultima 0 call
        ``Avatar(x, y)`` still works; the World always passes all five.
        """
        self.x = x
        self.y = y
        self.hp = hp
        self.damage = damage
        self.torch = float(torch)
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

    def getHitPoints(self):
        """Return the Avatar's hit points (0 or less means it is dead)."""
        return self.hp

    def incurDamage(self, d):
        """Take d points of damage: the hit points go down by d."""
        self.hp -= d

    def getDamage(self):
        """Return the damage the Avatar does to a monster it attacks."""
        return self.damage

    def getTorchRadius(self):
        """Return the torch radius as a float."""
        return self.torch

    def increaseTorch(self):
        """Grow the torch radius by 0.5 (no maximum)."""
        self.torch += Avatar.TORCH_STEP

    def decreaseTorch(self):
        """Shrink the torch radius by 0.5, but never below 2.0."""
        if self.torch > Avatar.MIN_TORCH:
            self.torch = max(Avatar.MIN_TORCH, self.torch - Avatar.TORCH_STEP)

    def draw(self):
        """Draw avatar.gif centred on the Avatar's tile."""
        if self.picture is None:
            self.picture = Picture("avatar.gif")
        half = Tile.SIZE / 2
        StdDraw.picture(self.picture, self.x * Tile.SIZE + half, self.y * Tile.SIZE + half)


def main():
    """Starter test: move the Avatar and play with its torch.

    The Ultima 0 test, with the Ultima 0.1 constructor: an Avatar at (5, 5)
    with 20 hit points, damage 3 and the usual 4.0 torch. It prints the same
    nine lines as in Ultima 0.
    """
    a = Avatar(5, 5, 20, 3, 4.0)
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
