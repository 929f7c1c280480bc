"""Scroll.py: scrolls, a kind of game object the player can read once."""

from GameObject import GameObject
from utilities import randInt

TELEPORTATION = "scroll of teleportation"
ARMOR = "scroll of enhance armor"
STRENGTH = "scroll of strength"
HEALTH = "scroll of enhance health"
DEXTERITY = "scroll of enhance dexterity"

ALL_SCROLLS = [TELEPORTATION, ARMOR, STRENGTH, HEALTH, DEXTERITY]

# The second line shown after reading each kind of scroll.
EFFECT_MESSAGES = {
    TELEPORTATION: "You feel your body wrenched in space and time.",
    ARMOR: "Your armor glows blue.",
    STRENGTH: "Your muscles bulge.",
    HEALTH: "You feel your heart beating stronger.",
    DEXTERITY: "You feel like less of a klutz.",
}

MAX_STAT = 99


class Scroll(GameObject):
    """A magic scroll, drawn as '?'. Reading it changes the player, then it vanishes."""

    SYMBOL = "?"

    def __init__(self, kind, row=0, col=0):
        """Create a scroll of the given kind (one of ALL_SCROLLS)."""
        GameObject.__init__(self, kind, Scroll.SYMBOL, row, col)

    def isScroll(self):
        """Scrolls can be read."""
        return True

    def inventoryDescription(self):
        """Scrolls are listed as 'A scroll called <name>'."""
        return "A scroll called " + self.m_name

    def readBy(self, player, dungeon):
        """Work the scroll's magic on the player and return the effect message.

        The dungeon is needed by the teleportation scroll to find a free spot.
        """
        if self.m_name == TELEPORTATION:
            row, col = dungeon.randomSpotWithoutMonster()
            player.setPosition(row, col)
        elif self.m_name == ARMOR:
            player.setArmor(min(MAX_STAT, player.armor() + randInt(1, 3)))
        elif self.m_name == STRENGTH:
            player.setStrength(min(MAX_STAT, player.strength() + randInt(1, 3)))
        elif self.m_name == HEALTH:
            player.setMaxHitPoints(min(MAX_STAT, player.maxHitPoints() + randInt(3, 8)))
        elif self.m_name == DEXTERITY:
            player.setDexterity(min(MAX_STAT, player.dexterity() + 1))
        return EFFECT_MESSAGES[self.m_name]
