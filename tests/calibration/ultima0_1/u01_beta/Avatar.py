"""
File: Avatar.py
Author: (second-year student, independent solution)
Class: CSCI 136, Ultima 0.1 lab ("threaded monsters")
Credits: the Ultima 0 / 0.1 handouts and their clarifications.

Description:
    The Avatar is the player.  It knows its (x, y) tile index ((0, 0) is the
    lower-left tile), the radius of its torch, its hit points and how much
    damage it does when it attacks a monster.
    The torch starts at 4.0 by default, changes in steps of 0.5 and never goes
    below 2.0.
"""

import StdDraw
from Tile import Tile, getPicture


class Avatar:
    """The player character."""

    MIN_TORCH = 2.0
    TORCH_STEP = 0.5
    IMAGE = "avatar.gif"

    def __init__(self, x, y, hp=20, damage=1, torch=4.0):
        """Create a new Avatar at index position (x, y) with hp hit points,
        doing `damage` per attack, with a torch of radius `torch`.
        (hp/damage/torch have defaults so the Ultima 0 call Avatar(x, y)
        still works.)"""
        self.x = x
        self.y = y
        self.hp = hp
        self.damage = damage
        self.torch = float(torch)

    def getX(self):
        """Current x index."""
        return self.x

    def getY(self):
        """Current y index."""
        return self.y

    def setLocation(self, x, y):
        """Move the avatar to index (x, y)."""
        self.x = x
        self.y = y

    def getTorchRadius(self):
        """Current torch radius."""
        return self.torch

    def increaseTorch(self):
        """Torch radius + 0.5 (no maximum)."""
        self.torch += Avatar.TORCH_STEP

    def decreaseTorch(self):
        """Torch radius - 0.5, but never below 2.0."""
        self.torch -= Avatar.TORCH_STEP
        if self.torch < Avatar.MIN_TORCH:
            self.torch = Avatar.MIN_TORCH

    def getHitPoints(self):
        """Hit points left (0 or less means dead)."""
        return self.hp

    def incurDamage(self, d):
        """Lose d hit points."""
        self.hp -= d

    def getDamage(self):
        """How much damage the avatar does to a monster it attacks."""
        return self.damage

    def draw(self):
        """Draw the avatar at its current position."""
        StdDraw.picture(getPicture(Avatar.IMAGE),
                        (self.x + 0.5) * Tile.SIZE, (self.y + 0.5) * Tile.SIZE)


def main():
    """Test main (output given in the handout)."""
    a = Avatar(5, 5)
    print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))
    a.setLocation(1, 4)
    print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))
    a.increaseTorch()
    print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))
    for i in range(6):
        a.decreaseTorch()
        print("%d %d %.1f" % (a.getX(), a.getY(), a.getTorchRadius()))


if __name__ == "__main__":
    main()
