"""Bogeyman.py: bogeymen, monsters that smell the player 5 steps away."""

from Monster import Monster
from Weapon import Weapon, SHORT_SWORD, MAGIC_AXE
from utilities import randInt, trueWithProbability

SMELL_DISTANCE = 5


class Bogeyman(Monster):
    """A bogeyman ('B'): dim but keen-nosed; found from level 2 down."""

    def __init__(self, dungeon, row, col):
        Monster.__init__(self, dungeon, row, col, randInt(5, 10), Weapon(SHORT_SWORD),
                         2, randInt(2, 3), randInt(2, 3))

    def kind(self):
        return "Bogeyman"

    def symbol(self):
        return "B"

    def move(self, player):
        """Step toward the player's row or column when the player is within 5 steps."""
        self.stepTowardRowOrColumn(player, SMELL_DISTANCE)

    def dropItem(self):
        """1 in 10 chance of leaving a magic axe."""
        if trueWithProbability(0.1):
            return Weapon(MAGIC_AXE)
        return None
