"""Avatar.py: the player's character in Ultima 0.1, with a position, hit points and a torch.

Reference solution for CSCI 136 "Ultima 0.1" (threaded monsters), built on Ultima 0. The
avatar stands on one tile, given by index (x, y) with (0, 0) the lower-left tile. It has hit
points (it dies at 0 or below), the damage it does to a monster it attacks, and a torch whose
radius (in tiles) World uses to light the map; the torch changes in steps of 0.5, never below
2.0. The map file gives all of these. World moves the avatar, lets monsters hurt it and draws it
over the tile it stands on; the window title shows its hit points.

Running ``python Avatar.py`` prints the course's Ultima 0 test sequence (see main).

>>> hero = Avatar(3, 1, 20, 3, 4.0)
>>> hero.getX(), hero.getY(), hero.getHitPoints(), hero.getDamage(), hero.getTorchRadius()
(3, 1, 20, 3, 4.0)
>>> for _ in range(5):
...     hero.decreaseTorch()
>>> hero.getTorchRadius()
2.0
>>> hero.incurDamage(25)
>>> hero.getHitPoints()
-5
"""

import sys

import StdDraw
from Tile import Tile

AVATAR_IMAGE = "avatar.gif"
MIN_TORCH_RADIUS = 2.0
TORCH_STEP = 0.5

# The test main: start (x, y, hit points, damage, torch), then the location it moves to, and
# how often it lowers the torch. It prints what the Ultima 0 test main printed.
TEST_START = (5, 5, 20, 3, 4.0)
TEST_LOCATION = (1, 4)
TEST_DECREASES = 6
TEST_LINE = "%d %d %.1f"


class Avatar:
    """The player's character: where it stands, its health, its strength and its torch."""

    def __init__(self, x: int, y: int, hp: int, damage: int, torch: float) -> None:
        """Create an avatar at index position (x, y).

        Parameters:
            x, y: the tile it stands on.
            hp: its hit points; it is dead once they reach 0 or less.
            damage: the hit points a monster loses when the avatar attacks it.
            torch: the torch radius, in tiles.
        """
        self._x = x
        self._y = y
        self._hp = hp
        self._damage = damage
        self._torch = torch

    def getX(self) -> int:
        """Return the avatar's x index (columns count from the left)."""
        return self._x

    def getY(self) -> int:
        """Return the avatar's y index (rows count from the bottom)."""
        return self._y

    def setLocation(self, x: int, y: int) -> None:
        """Move the avatar to index position (x, y)."""
        self._x = x
        self._y = y

    def getHitPoints(self) -> int:
        """Return the avatar's hit points (0 or less once it is dead)."""
        return self._hp

    def incurDamage(self, d: int) -> None:
        """Take ``d`` hit points off the avatar."""
        self._hp -= d

    def getDamage(self) -> int:
        """Return the hit points a monster loses when the avatar attacks it."""
        return self._damage

    def getTorchRadius(self) -> float:
        """Return the torch radius, in tiles."""
        return self._torch

    def increaseTorch(self) -> None:
        """Make the torch reach half a tile further; it has no maximum."""
        self._torch += TORCH_STEP

    def decreaseTorch(self) -> None:
        """Make the torch reach half a tile less, but never less than the minimum radius."""
        self._torch = max(MIN_TORCH_RADIUS, self._torch - TORCH_STEP)

    def draw(self) -> None:
        """Draw the avatar on the tile where it stands."""
        StdDraw.picture(Tile.picture(AVATAR_IMAGE), *Tile.pixelCentre(self._x, self._y))


def print_state(avatar: Avatar) -> None:
    """Print the avatar's x, y and torch radius in the test main's format."""
    print(TEST_LINE % (avatar.getX(), avatar.getY(), avatar.getTorchRadius()))


def main() -> int:
    """Print x, y and torch radius after each step of the course's test sequence."""
    hero = Avatar(*TEST_START)
    print_state(hero)
    hero.setLocation(*TEST_LOCATION)
    print_state(hero)
    hero.increaseTorch()
    print_state(hero)
    for _ in range(TEST_DECREASES):
        hero.decreaseTorch()
        print_state(hero)
    return 0


if __name__ == "__main__":
    sys.exit(main())
