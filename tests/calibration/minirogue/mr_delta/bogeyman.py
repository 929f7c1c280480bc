"""bogeyman.py: the Bogeyman monster (port of Bogeyman.h / Bogeyman.cpp)."""

from monster import Monster
from utilities import randInt, trueWithProbability
from weapon import Weapon, SHORT_SWORD, MAGIC_AXE

# Bogeymen smell the player from this many steps away (through walls).
BOGEYMAN_SMELL = 5


class Bogeyman(Monster):
    """Level 2 and deeper. Moves toward the player's row or column when within 5 steps."""

    NAME = "Bogeyman"
    SYMBOL = "B"

    def __init__(self):
        """Hit points 5-10, short sword, armor 2, strength 2-3, dexterity 2-3."""
        super().__init__(randInt(5, 10), Weapon(SHORT_SWORD), 2, randInt(2, 3), randInt(2, 3))

    def move(self, dungeon, player):
        """Step closer to the player's row or column if it can smell the player."""
        self.step_toward(dungeon, player, BOGEYMAN_SMELL)

    def dropped_item(self):
        """1 time in 10 a dead bogeyman leaves a magic axe."""
        if trueWithProbability(1 / 10):
            return Weapon(MAGIC_AXE)
        return None
