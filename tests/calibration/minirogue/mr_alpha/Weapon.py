"""Weapon.py: weapons, a kind of game object that actors fight with."""

from GameObject import GameObject

# Every kind of weapon: name -> (action verb, dexterity bonus, damage amount).
MACE = "mace"
SHORT_SWORD = "short sword"
LONG_SWORD = "long sword"
MAGIC_AXE = "magic axe"
MAGIC_FANGS = "magic fangs of sleep"

WEAPON_TABLE = {
    MACE: ("swings", 0, 2),
    SHORT_SWORD: ("slashes", 0, 2),
    LONG_SWORD: ("swings", 2, 4),
    MAGIC_AXE: ("chops", 5, 5),
    MAGIC_FANGS: ("strikes", 3, 2),
}

# How a weapon is named inside an attack message ("strikes magic fangs at ...").
ATTACK_NAMES = {MAGIC_FANGS: "magic fangs"}


class Weapon(GameObject):
    """A weapon: all weapons are drawn as ')' and differ only in their numbers.

    The action string, dexterity bonus and damage amount come from WEAPON_TABLE.
    """

    SYMBOL = ")"

    def __init__(self, kind, row=0, col=0):
        """Create a weapon of the given kind (one of the names in WEAPON_TABLE)."""
        GameObject.__init__(self, kind, Weapon.SYMBOL, row, col)
        self.m_action, self.m_dexterityBonus, self.m_damage = WEAPON_TABLE[kind]

    def isWeapon(self):
        """Weapons can be wielded."""
        return True

    def action(self):
        """Return the verb used in attack messages, e.g. 'slashes'."""
        return self.m_action

    def dexterityBonus(self):
        """Return the bonus added to the attacker's dexterity when attacking."""
        return self.m_dexterityBonus

    def damageAmount(self):
        """Return the damage amount added to the attacker's strength."""
        return self.m_damage

    def attackPhrase(self):
        """Return the verb and weapon as used in a message, e.g. 'slashes short sword'."""
        return self.m_action + " " + ATTACK_NAMES.get(self.m_name, self.m_name)

    def putsToSleep(self):
        """Return True if a hit with this weapon may put the defender to sleep."""
        return self.m_name == MAGIC_FANGS
