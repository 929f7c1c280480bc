"""dragon.py: the Dragon monster (port of Dragon.h / Dragon.cpp)."""

from monster import Monster
from scroll import Scroll, ALL_SCROLLS
from utilities import randInt, trueWithProbability
from weapon import Weapon, LONG_SWORD


class Dragon(Monster):
    """Level 3 and deeper. Never moves, regains hit points, always drops a scroll."""

    NAME = "Dragon"
    SYMBOL = "D"

    def __init__(self):
        """Hit points 20-25, long sword, armor 4, strength 4, dexterity 4."""
        super().__init__(randInt(20, 25), Weapon(LONG_SWORD), 4, 4, 4)

    def before_turn(self):
        """1 time in 10, regain one hit point, never above the starting hit points."""
        if trueWithProbability(1 / 10) and self.hit_points < self.max_hit_points:
            self.hit_points += 1

    # move() is inherited unchanged: a dragon guards its treasure and stays put.

    def dropped_item(self):
        """A dead dragon always leaves a scroll of some kind."""
        return Scroll(ALL_SCROLLS[randInt(0, len(ALL_SCROLLS) - 1)])
