"""game_object.py: the GameObject base class (port of GameObject.h / GameObject.cpp).

A game object is anything that lies on the dungeon floor and can be picked up by the
player: weapons, scrolls and the golden idol. Stairways are not game objects in this
port; they are stored as the character '>' in the dungeon grid itself.
"""

# Symbol of the golden idol on the map, and its name.
IDOL_SYMBOL = "&"
IDOL_NAME = "golden idol"


class GameObject:
    """Something that can lie on the floor and be carried in the player's knapsack."""

    def __init__(self, name, symbol):
        """Create an object called ``name`` that is drawn on the map as ``symbol``."""
        self.name = name
        self.symbol = symbol

    def is_weapon(self):
        """Return True if the object can be wielded (overridden by Weapon)."""
        return False

    def is_scroll(self):
        """Return True if the object can be read (overridden by Scroll)."""
        return False

    def is_idol(self):
        """Return True if this is the golden idol, whose pick-up wins the game."""
        return self.symbol == IDOL_SYMBOL

    def pickup_message(self):
        """Return the message shown when the player picks this object up."""
        if self.is_idol():
            return "You pick up the " + self.name
        return "You pick up " + self.name

    def inventory_label(self):
        """Return how the object is described in the inventory listing."""
        return self.name


def make_golden_idol():
    """Return a new golden idol (there is one, on the bottom level)."""
    return GameObject(IDOL_NAME, IDOL_SYMBOL)
