"""Avatar.py: the player's character in Ultima 0, with a position and a torch.

Author: the Game assignments project (reference solution, for students to read).
Credits: the CSCI 136 "Ultima 0" assignment (its map format, tile codes and test mains);
StdDraw is the Princeton booksite's drawing module. Class: Avatar.

Reference solution for CSCI 136 "Ultima 0". The avatar stands on one tile, given by index
(x, y) with (0, 0) the lower-left tile, and carries a torch whose radius (in tiles) World uses
to light the map. The torch starts at 4.0 and changes in steps of 0.5, never below 2.0. The
avatar draws itself over the tile it stands on; World moves it and changes its torch.

Running ``python Avatar.py`` prints the course's test sequence (see main).

>>> hero = Avatar(3, 1)
>>> hero.getX(), hero.getY(), hero.getTorchRadius()
(3, 1, 4.0)
>>> for _ in range(5):
...     hero.decreaseTorch()
>>> hero.getTorchRadius()
2.0
"""

import sys

import StdDraw
from Tile import Tile

AVATAR_IMAGE = "avatar.gif"
DEFAULT_TORCH_RADIUS = 4.0
MIN_TORCH_RADIUS = 2.0
TORCH_STEP = 0.5

# The test main: start, then the location it moves to, and how often it lowers the torch.
TEST_START = (5, 5)
TEST_LOCATION = (1, 4)
TEST_DECREASES = 6
TEST_LINE = "%d %d %.1f"


class Avatar:
    """The player's character: where it stands and how far its torch reaches."""

    def __init__(self, x: int, y: int) -> None:
        """Create an avatar at index position (x, y) holding a torch of the default radius."""
        self._x = x
        self._y = y
        self._torch = DEFAULT_TORCH_RADIUS

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
