"""
File:        Avatar.py
Author:      Jordan Alvarez
Credits:     CSCI 136 Ultima 0 and Ultima 0.1 assignment handouts and starter code;
             StdDraw and Picture from the Princeton introcs booksite (as supplied
             by the course).
Class:       CSCI 136, Spring 2023
Description: The Avatar is the player of the game. It knows its (x, y) index
             position in the world, the radius of its torch (which changes in
             steps of 0.5 and never goes below 2.0), its hit points and the
             damage it does when it attacks a monster. It can draw itself.
"""

import StdDraw
from picture import Picture
from Tile import Tile


class Avatar:
    """The player: a position in tile indices, a torch of variable radius,
    hit points and an attack damage."""

    DEFAULT_TORCH = 4.0   # radius of the torch when none is given
    MIN_TORCH = 2.0       # the torch never gets smaller than this
    TORCH_STEP = 0.5      # amount the torch changes per key press
    DEFAULT_HP = 20       # hit points when none are given (Ultima 0 maps)
    DEFAULT_DAMAGE = 1    # attack damage when none is given (Ultima 0 maps)
    IMAGE_FILE = "avatar.gif"

    def __init__(self, x, y, hp=DEFAULT_HP, damage=DEFAULT_DAMAGE, torch=DEFAULT_TORCH):
        """Create a new Avatar at index position (x, y) with hp hit points,
        doing damage points per attack and carrying a torch of radius torch."""
        self._x = x
        self._y = y
        self._hp = hp
        self._damage = damage
        self._torch = torch
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

    def getHitPoints(self):
        """Return the Avatar's current hit points (0 or less means dead)."""
        return self._hp

    def incurDamage(self, damage):
        """Take damage points off the Avatar's hit points."""
        self._hp -= damage

    def getDamage(self):
        """Return the damage the Avatar does to a monster it attacks."""
        return self._damage

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
    """Test the Avatar: moving it and changing its torch (same output as in
    Ultima 0), then check its hit points and damage quietly."""
    avatar = Avatar(5, 5, 20, 3, 4.0)
    print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    avatar.setLocation(1, 4)
    print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    avatar.increaseTorch()
    print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))
    for _ in range(6):
        avatar.decreaseTorch()
        print("%d %d %.1f" % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))

    # Ultima 0.1 additions: hit points and damage (only reports a problem).
    avatar.incurDamage(5)
    avatar.incurDamage(1)
    if avatar.getHitPoints() != 14 or avatar.getDamage() != 3:
        print("hit points / damage wrong: %d %d"
              % (avatar.getHitPoints(), avatar.getDamage()))


if __name__ == "__main__":
    main()
