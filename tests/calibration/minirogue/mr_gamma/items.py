"""items.py: the game objects of MiniRogue (weapons, scrolls, the stairway and the golden idol).

Every game object is an ``Item``. Instead of a class hierarchy, an item is *composed* of an
optional ``WeaponProfile`` (how it fights) or an optional scroll effect (a function that is run
on the player when the scroll is read). The symbol tells the screen how to draw it.
"""

from utilities import randInt

# Symbols drawn on the map for the non-actors.
WEAPON_SYMBOL = ")"
SCROLL_SYMBOL = "?"
STAIRS_SYMBOL = ">"
IDOL_SYMBOL = "&"


class WeaponProfile:
    """The fighting data of a weapon: the verb of its attack message and its two bonuses."""

    def __init__(self, action, dexterity_bonus, damage):
        self.action = action                    # e.g. "slashes" in "Player slashes short sword"
        self.dexterity_bonus = dexterity_bonus  # added to the attacker's dexterity
        self.damage = damage                    # added to the attacker's strength for damage


class Item:
    """A game object lying on the floor or carried in the player's knapsack.

    Attributes:
        name: the name shown in messages and in the inventory ("long sword").
        symbol: the character drawn on the map.
        weapon: a WeaponProfile if the item is a weapon, else None.
        effect: for a scroll, a function effect(player, game) returning the effect message;
            None for every other item.
    """

    def __init__(self, name, symbol, weapon=None, effect=None):
        self.name = name
        self.symbol = symbol
        self.weapon = weapon
        self.effect = effect

    def is_weapon(self):
        """Return True if the item can be wielded."""
        return self.weapon is not None

    def is_scroll(self):
        """Return True if the item can be read."""
        return self.effect is not None

    def can_be_picked_up(self):
        """Return True for weapons, scrolls and the idol (not for the stairway)."""
        return self.symbol != STAIRS_SYMBOL

    def inventory_label(self):
        """Return the text that names the item in the inventory listing."""
        if self.is_scroll():
            return "A scroll called " + self.name
        return self.name


# ---------------------------------------------------------------- weapons

# name -> (action verb, dexterity bonus, damage amount)
WEAPON_TABLE = {
    "mace": ("swings", 0, 2),
    "short sword": ("slashes", 0, 2),
    "long sword": ("swings", 2, 4),
    "magic axe": ("chops", 5, 5),
    "magic fangs of sleep": ("strikes", 3, 2),
}

FANGS = "magic fangs of sleep"
AXE = "magic axe"


def make_weapon(name):
    """Build a new weapon item called ``name`` (a key of WEAPON_TABLE)."""
    action, bonus, damage = WEAPON_TABLE[name]
    return Item(name, WEAPON_SYMBOL, weapon=WeaponProfile(action, bonus, damage))


def attack_phrase(weapon):
    """Return the "<verb> <weapon>" part of an attack message ("strikes magic fangs")."""
    # The fangs are named in full in the inventory but only as "magic fangs" when they strike.
    shown = "magic fangs" if weapon.name == FANGS else weapon.name
    return weapon.weapon.action + " " + shown


# ---------------------------------------------------------------- scrolls
# Each effect changes the player (and, for teleportation, asks the game for a free spot) and
# returns the message that tells the user what happened.

def _teleport(player, game):
    """Move the player to a random spot that holds neither a wall nor a monster."""
    player.position = game.level.random_spot(for_actor=True)
    return "You feel your body wrenched in space and time."


def _improve_armor(player, game):
    """Raise the player's armor by 1 to 3."""
    player.body.armor = min(99, player.body.armor + randInt(1, 3))
    return "Your armor glows blue."


def _raise_strength(player, game):
    """Raise the player's strength by 1 to 3."""
    player.body.strength = min(99, player.body.strength + randInt(1, 3))
    return "Your muscles bulge."


def _enhance_health(player, game):
    """Raise the player's maximum hit points (not the current ones) by 3 to 8."""
    player.body.max_hp = min(99, player.body.max_hp + randInt(3, 8))
    return "You feel your heart beating stronger."


def _enhance_dexterity(player, game):
    """Raise the player's dexterity by 1."""
    player.body.dexterity = min(99, player.body.dexterity + 1)
    return "You feel like less of a klutz."


SCROLL_TABLE = {
    "scroll of teleportation": _teleport,
    "scroll of improve armor": _improve_armor,
    "scroll of raise strength": _raise_strength,
    "scroll of enhance health": _enhance_health,
    "scroll of enhance dexterity": _enhance_dexterity,
}


def make_scroll(name):
    """Build a new scroll item called ``name`` (a key of SCROLL_TABLE)."""
    return Item(name, SCROLL_SYMBOL, effect=SCROLL_TABLE[name])


# ---------------------------------------------------------------- random choices

# What may lie on a fresh level: no magic weapons and no teleportation scrolls.
FLOOR_ITEMS = ["mace", "short sword", "long sword",
               "scroll of improve armor", "scroll of raise strength",
               "scroll of enhance health", "scroll of enhance dexterity"]
ALL_SCROLLS = list(SCROLL_TABLE)


def random_floor_item():
    """Return a random item that may be placed on a new level."""
    name = FLOOR_ITEMS[randInt(0, len(FLOOR_ITEMS) - 1)]
    if name in WEAPON_TABLE:
        return make_weapon(name)
    return make_scroll(name)


def random_scroll():
    """Return a scroll of any of the five kinds (what a dying dragon leaves)."""
    return make_scroll(ALL_SCROLLS[randInt(0, len(ALL_SCROLLS) - 1)])


def make_stairs():
    """Return the stairway down."""
    return Item("stairway", STAIRS_SYMBOL)


def make_idol():
    """Return the golden idol."""
    return Item("the golden idol", IDOL_SYMBOL)
