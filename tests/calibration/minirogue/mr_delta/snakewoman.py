"""snakewoman.py: the Snakewoman monster (port of Snakewoman.h / Snakewoman.cpp)."""

from monster import Monster
from utilities import randInt, trueWithProbability
from weapon import Weapon, MAGIC_FANGS

# Snakewomen smell the player from this many steps away (through walls).
SNAKEWOMAN_SMELL = 3


class Snakewoman(Monster):
    """Any level. Moves like a bogeyman but only smells the player within 3 steps."""

    NAME = "Snakewoman"
    SYMBOL = "S"

    def __init__(self):
        """Hit points 3-6, magic fangs of sleep, armor 3, strength 2, dexterity 3."""
        super().__init__(randInt(3, 6), Weapon(MAGIC_FANGS), 3, 2, 3)

    def move(self, dungeon, player):
        """Step closer to the player's row or column if she can smell the player."""
        self.step_toward(dungeon, player, SNAKEWOMAN_SMELL)

    def dropped_item(self):
        """1 time in 3 a dead snakewoman leaves her magic fangs of sleep."""
        if trueWithProbability(1 / 3):
            return Weapon(MAGIC_FANGS)
        return None
