"""Dragon.py: dragons, strong monsters that guard their treasure and never move."""

from Monster import Monster
from Weapon import Weapon, LONG_SWORD
from Scroll import Scroll, ALL_SCROLLS
from utilities import randInt, trueWithProbability


class Dragon(Monster):
    """A dragon ('D'): found from level 3 down; it heals and always drops a scroll."""

    def __init__(self, dungeon, row, col):
        hitPoints = randInt(20, 25)
        Monster.__init__(self, dungeon, row, col, hitPoints, Weapon(LONG_SWORD), 4, 4, 4)
        self.m_maxHitPoints = hitPoints

    def kind(self):
        return "Dragon"

    def symbol(self):
        return "D"

    def takeTurn(self, player):
        """Before each turn, 1 in 10 chance to regain a hit point (up to the start value)."""
        if trueWithProbability(0.1) and self.m_hitPoints < self.m_maxHitPoints:
            self.m_hitPoints += 1
        return Monster.takeTurn(self, player)

    def dropItem(self):
        """A dragon always leaves a scroll of a random kind."""
        return Scroll(ALL_SCROLLS[randInt(0, len(ALL_SCROLLS) - 1)])
