#==============================================================================
# Program:     Avatar.py
# Programmer:  Mei Lin Chow
# Course:      CSCI 136, Ultima 0 (recursion / game development)
# Credits:     Specification and test main from the assignment handout and
#              starter code. StdDraw and picture are the course's copies of
#              the Princeton booksite modules.
# Purpose:     The Avatar class, the hero of the game. It holds the hero's
#              tile position (x, y) and the radius of its torch, which starts
#              at 4.0, goes up or down by 0.5 and never drops below 2.0.
#==============================================================================

import StdDraw
from picture import Picture

START_TORCH = 4.0   # torch radius at the start of the game
MIN_TORCH = 2.0     # the torch cannot get smaller than this
TORCH_STEP = 0.5    # change per + or - key


class Avatar:
    """The player's hero: where it stands and how bright its torch is."""

    def __init__(self, x, y):
        """Create the Avatar standing on tile (x, y) with a torch of 4.0."""
        self.__x = x
        self.__y = y
        self.__torch = START_TORCH
        self.__image = None

    def getX(self):
        """Return the tile column the Avatar is on."""
        return self.__x

    def getY(self):
        """Return the tile row the Avatar is on."""
        return self.__y

    def setLocation(self, x, y):
        """Place the Avatar on tile (x, y)."""
        self.__x, self.__y = x, y

    def getTorchRadius(self):
        """Return how far the torch reaches (a float)."""
        return self.__torch

    def increaseTorch(self):
        """Make the torch reach 0.5 further; there is no upper limit."""
        self.__torch += TORCH_STEP

    def decreaseTorch(self):
        """Make the torch reach 0.5 less, stopping at the 2.0 minimum."""
        if self.__torch > MIN_TORCH:
            self.__torch -= TORCH_STEP

    def draw(self):
        """Draw the Avatar in the middle of its tile (StdDraw works in tile
        units, see World)."""
        if self.__image is None:
            self.__image = Picture("avatar.gif")
        StdDraw.picture(self.__image, self.__x + 0.5, self.__y + 0.5)


#------------------------------------------------------------------------------
# Test main from the starter code.
#------------------------------------------------------------------------------
def main():
    """Move the Avatar once and change its torch, printing each step."""
    hero = Avatar(5, 5)
    print("%d %d %.1f" % (hero.getX(), hero.getY(), hero.getTorchRadius()))
    hero.setLocation(1, 4)
    print("%d %d %.1f" % (hero.getX(), hero.getY(), hero.getTorchRadius()))
    hero.increaseTorch()
    print("%d %d %.1f" % (hero.getX(), hero.getY(), hero.getTorchRadius()))
    for _ in range(6):
        hero.decreaseTorch()
        print("%d %d %.1f" % (hero.getX(), hero.getY(), hero.getTorchRadius()))


if __name__ == "__main__":
    main()
