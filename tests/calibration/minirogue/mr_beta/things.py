"""things.py: the non-actors of MiniRogue (weapons, scrolls, the golden idol, the stairway).

Every game object is a tiny data class.  What makes one weapon different from another is
only data (its action string, dexterity bonus and damage), so instead of one subclass per
weapon there is a single Weapon class and a table WEAPON_TABLE that lists the stats of each
kind.  The same goes for scrolls: a Scroll only remembers its name and which effect it has;
the effect itself is carried out by the Game (it needs the level for teleportation).
"""

from dataclasses import dataclass

from utilities import randInt

# name -> (action string used in attack messages, dexterity bonus, damage amount)
WEAPON_TABLE = {
    "mace": ("swings mace", 0, 2),
    "short sword": ("slashes short sword", 0, 2),
    "long sword": ("swings long sword", 2, 4),
    "magic axe": ("chops magic axe", 5, 5),
    "magic fangs of sleep": ("strikes magic fangs", 3, 2),
}

# The only weapon that can put its victim to sleep.
SLEEP_WEAPON = "magic fangs of sleep"

# effect key -> (scroll name, the line printed after the scroll has been read)
SCROLL_TABLE = {
    "teleport": ("scroll of teleportation", "You feel your body wrenched in space and time."),
    "armor": ("scroll of enhance armor", "Your armor glows blue."),
    "strength": ("scroll of strength", "Your muscles bulge."),
    "health": ("scroll of enhance health", "You feel your heart beating stronger."),
    "dexterity": ("scroll of enhance dexterity", "You feel like less of a klutz."),
}

# What may be put on a fresh level: magic fangs, magic axes and teleportation scrolls
# only ever come from dead monsters.
LEVEL_WEAPONS = ("mace", "short sword", "long sword")
LEVEL_SCROLLS = ("armor", "strength", "health", "dexterity")


@dataclass
class Weapon:
    """A weapon lying on the floor, carried in the knapsack, or wielded by an actor."""

    name: str
    action: str
    dexterity_bonus: int
    damage: int

    symbol = ")"  # class attribute (not a dataclass field): how every weapon is drawn

    def inventory_label(self) -> str:
        """Return how this weapon is listed in the inventory."""
        return self.name

    def pickup_text(self) -> str:
        """Return the message shown when the player picks this weapon up."""
        return "You pick up " + self.name


@dataclass
class Scroll:
    """A magic scroll; ``effect`` is one of the keys of SCROLL_TABLE."""

    name: str
    effect: str

    symbol = "?"

    def inventory_label(self) -> str:
        """Return how this scroll is listed in the inventory."""
        return "A scroll called " + self.name

    def pickup_text(self) -> str:
        """Return the message shown when the player picks this scroll up."""
        return "You pick up a scroll called " + self.name

    def effect_text(self) -> str:
        """Return the line shown after the scroll has done its magic."""
        return SCROLL_TABLE[self.effect][1]


@dataclass
class Idol:
    """The golden idol: picking it up wins the game (only on the bottom level)."""

    name: str = "the golden idol"
    symbol = "&"


@dataclass
class Stairs:
    """The stairway down; it cannot be picked up, only taken with the > command."""

    name: str = "stairway"
    symbol = ">"


def make_weapon(name: str) -> Weapon:
    """Build a new weapon of the given kind from WEAPON_TABLE."""
    action, bonus, damage = WEAPON_TABLE[name]
    return Weapon(name, action, bonus, damage)


def make_scroll(effect: str) -> Scroll:
    """Build a new scroll with the given effect key from SCROLL_TABLE."""
    return Scroll(SCROLL_TABLE[effect][0], effect)


def make_by_name(name: str):
    """Build a weapon from its name, or a scroll from its effect key."""
    if name in WEAPON_TABLE:
        return make_weapon(name)
    return make_scroll(name)


def random_level_object():
    """Return a random weapon or scroll of a kind that may be placed on a new level."""
    choices = LEVEL_WEAPONS + LEVEL_SCROLLS
    return make_by_name(choices[randInt(0, len(choices) - 1)])
