"""weapon.py: the Weapon class (port of Weapon.h / Weapon.cpp).

Every weapon is drawn as ')' and has an action phrase used in attack messages,
a dexterity bonus (chance to hit) and a damage amount.
"""

from game_object import GameObject

WEAPON_SYMBOL = ")"

MACE = "mace"
SHORT_SWORD = "short sword"
LONG_SWORD = "long sword"
MAGIC_AXE = "magic axe"
MAGIC_FANGS = "magic fangs of sleep"

# name -> (action phrase, dexterity bonus, damage amount)
WEAPON_TABLE = {
    MACE: ("swings mace", 0, 2),
    SHORT_SWORD: ("slashes short sword", 0, 2),
    LONG_SWORD: ("swings long sword", 2, 4),
    MAGIC_AXE: ("chops magic axe", 5, 5),
    MAGIC_FANGS: ("strikes magic fangs", 3, 2),
}

# The weapons that may be placed on a fresh level (the magic ones only come from monsters).
PLACEABLE_WEAPONS = (MACE, SHORT_SWORD, LONG_SWORD)


class Weapon(GameObject):
    """A weapon that an actor can wield in battle."""

    def __init__(self, name):
        """Create the weapon called ``name`` (one of the keys of WEAPON_TABLE)."""
        super().__init__(name, WEAPON_SYMBOL)
        self.action, self.dexterity_bonus, self.damage_amount = WEAPON_TABLE[name]

    def is_weapon(self):
        """Weapons can be wielded."""
        return True

    def puts_to_sleep(self):
        """Return True if a hit with this weapon may put the defender to sleep."""
        return self.name == MAGIC_FANGS
