"""Snakewoman.py: snakewomen, monsters with sleep-inducing fangs."""

from Monster import Monster
from Weapon import Weapon, MAGIC_FANGS
from utilities import randInt, trueWithProbability

SMELL_DISTANCE = 3


class Snakewoman(Monster):
    """A snakewoman ('S'): moves like a bogeyman but smells only 3 steps away."""

    def __init__(self, dungeon, row, col):
        Monster.__init__(self, dungeon, row, col, randInt(3, 6), Weapon(MAGIC_FANGS), 3, 2, 3)

    def kind(self):
        return "Snakewoman"

    def symbol(self):
        return "S"

    def move(self, player):
        """Step toward the player's row or column when the player is within 3 steps."""
        self.stepTowardRowOrColumn(player, SMELL_DISTANCE)

    def dropItem(self):
        """1 in 3 chance of leaving her magic fangs of sleep."""
        if trueWithProbability(1.0 / 3):
            return Weapon(MAGIC_FANGS)
        return None
