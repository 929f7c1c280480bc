"""scroll.py: the Scroll class (port of Scroll.h / Scroll.cpp).

Every scroll is drawn as '?'. Reading one applies its magic to the player, after
which the scroll self-destructs (the Player removes it from the knapsack).
"""

from game_object import GameObject
from utilities import randInt

SCROLL_SYMBOL = "?"

TELEPORTATION = "scroll of teleportation"
IMPROVE_ARMOR = "scroll of enhance armor"
RAISE_STRENGTH = "scroll of strength"
ENHANCE_HEALTH = "scroll of enhance health"
ENHANCE_DEXTERITY = "scroll of enhance dexterity"

# Every kind of scroll, and the kinds that may be placed on a fresh level.
ALL_SCROLLS = (TELEPORTATION, IMPROVE_ARMOR, RAISE_STRENGTH, ENHANCE_HEALTH,
               ENHANCE_DEXTERITY)
PLACEABLE_SCROLLS = (IMPROVE_ARMOR, RAISE_STRENGTH, ENHANCE_HEALTH, ENHANCE_DEXTERITY)

# No statistic may go above this.
MAX_STAT = 99


class Scroll(GameObject):
    """A magic scroll that the player can read once."""

    def __init__(self, name):
        """Create the scroll called ``name`` (one of ALL_SCROLLS)."""
        super().__init__(name, SCROLL_SYMBOL)

    def is_scroll(self):
        """Scrolls can be read."""
        return True

    def pickup_message(self):
        """Return the message shown when the player picks this scroll up."""
        return "You pick up a scroll called " + self.name

    def inventory_label(self):
        """Return how the scroll is described in the inventory listing."""
        return "A scroll called " + self.name

    def apply_to(self, player, dungeon):
        """Perform the scroll's magic on ``player`` and return the effect message.

        A teleportation scroll needs the ``dungeon`` to find a free place.
        """
        if self.name == TELEPORTATION:
            row, col = dungeon.random_teleport_destination()
            player.row, player.col = row, col
            return "You feel your body wrenched in space and time."
        if self.name == IMPROVE_ARMOR:
            player.armor = min(MAX_STAT, player.armor + randInt(1, 3))
            return "Your armor glows blue."
        if self.name == RAISE_STRENGTH:
            player.strength = min(MAX_STAT, player.strength + randInt(1, 3))
            return "Your muscles bulge."
        if self.name == ENHANCE_HEALTH:
            player.max_hit_points = min(MAX_STAT, player.max_hit_points + randInt(3, 8))
            return "You feel your heart beating stronger."
        player.dexterity = min(MAX_STAT, player.dexterity + 1)
        return "You feel like less of a klutz."
