"""GameObject.py: the non-actors of MiniRogue -- weapons, scrolls, the golden idol and stairs.

The C++ project's GameObject family in one module, as GameObject.h/.cpp would hold it:

- ``GameObject``: anything that lies on a level square (at most one per square) and has a name
  and a screen symbol.
- ``Weapon`` (shown as ``)``): an action string for attack messages, a dexterity bonus and a
  damage amount. Kinds: ``Mace``, ``ShortSword``, ``LongSword``, ``MagicAxe`` and
  ``MagicFangsOfSleep``, whose hits may also put the defender to sleep.
- ``Scroll`` (shown as ``?``): read once by the player, then destroyed. Kinds:
  ``TeleportationScroll``, ``ImproveArmorScroll``, ``RaiseStrengthScroll``,
  ``EnhanceHealthScroll`` and ``EnhanceDexterityScroll``.
- ``GoldenIdol`` (``&``): picking it up wins the game. ``Stairway`` (``>``): cannot be picked
  up; the player takes it down to the next level.

Objects know their own messages and effects; the Player carries them and the Dungeon holds the
ones lying on the floor. ``random_floor_object`` and ``random_scroll`` pick kinds at random.

>>> sword = LongSword()
>>> sword.name(), sword.symbol(), sword.action(), sword.dexterity_bonus(), sword.damage()
('long sword', ')', 'swings long sword', 2, 4)
>>> EnhanceHealthScroll().inventory_label()
'A scroll called scroll of enhance health'
>>> EnhanceHealthScroll().pickup_message()
'You pick up a scroll called scroll of enhance health'
"""

from typing import TYPE_CHECKING, List, Type

from utilities import randInt, trueWithProbability

if TYPE_CHECKING:  # only for annotations: Actor.py and Dungeon.py import this module
    from Actor import Actor, Player
    from Dungeon import Dungeon

WEAPON_SYMBOL = ")"
SCROLL_SYMBOL = "?"
IDOL_SYMBOL = "&"
STAIRWAY_SYMBOL = ">"

PICK_UP_MESSAGE = "You pick up {}"
SCROLL_DESCRIPTION = "a scroll called {}"
SCROLL_INVENTORY_LABEL = "A scroll called {}"
IDOL_NAME = "golden idol"
IDOL_DESCRIPTION = "the golden idol"
STAIRWAY_NAME = "stairway"

# Weapons: (name, action in attack messages, dexterity bonus, damage).
MACE = ("mace", "swings mace", 0, 2)
SHORT_SWORD = ("short sword", "slashes short sword", 0, 2)
LONG_SWORD = ("long sword", "swings long sword", 2, 4)
MAGIC_AXE = ("magic axe", "chops magic axe", 5, 5)
MAGIC_FANGS = ("magic fangs of sleep", "strikes magic fangs", 3, 2)

# Magic fangs of sleep: how often a hit puts the defender to sleep, and for how many turns.
SLEEP_PROBABILITY = 1 / 5
SLEEP_TURNS_MIN = 2
SLEEP_TURNS_MAX = 6

# Scroll effects: the random ranges of the raises, and each scroll's message.
ARMOR_RAISE = (1, 3)
STRENGTH_RAISE = (1, 3)
MAX_HIT_POINTS_RAISE = (3, 8)
DEXTERITY_RAISE = 1
TELEPORT_MESSAGE = "You feel your body wrenched in space and time."
ARMOR_MESSAGE = "Your armor glows blue."
STRENGTH_MESSAGE = "Your muscles bulge."
HEALTH_MESSAGE = "You feel your heart beating stronger."
DEXTERITY_MESSAGE = "You feel like less of a klutz."
TELEPORTATION_NAME = "scroll of teleportation"
IMPROVE_ARMOR_NAME = "scroll of improve armor"
RAISE_STRENGTH_NAME = "scroll of raise strength"
ENHANCE_HEALTH_NAME = "scroll of enhance health"
ENHANCE_DEXTERITY_NAME = "scroll of enhance dexterity"


class GameObject:
    """Anything that can lie on a square of a level: it has a name and a screen symbol."""

    def __init__(self, name: str, symbol: str) -> None:
        """Create an object called ``name`` that the level shows as ``symbol``."""
        self._name = name
        self._symbol = symbol

    def name(self) -> str:
        """Return the object's name, e.g. ``short sword`` or ``scroll of raise strength``."""
        return self._name

    def symbol(self) -> str:
        """Return the character the level display shows for this object."""
        return self._symbol

    def can_be_picked_up(self) -> bool:
        """Return True if the player can put this object in the knapsack (the default)."""
        return True

    def wins_game(self) -> bool:
        """Return True if picking this object up wins the game (only the golden idol does)."""
        return False

    def description(self) -> str:
        """Return how messages refer to the object; by default its name."""
        return self._name

    def inventory_label(self) -> str:
        """Return how the inventory screen lists the object; by default its name."""
        return self._name

    def pickup_message(self) -> str:
        """Return the message shown when the player picks the object up."""
        return PICK_UP_MESSAGE.format(self.description())


class Stairway(GameObject):
    """The stairway down to the next level; it stays where it is."""

    def __init__(self) -> None:
        """Create a stairway."""
        super().__init__(STAIRWAY_NAME, STAIRWAY_SYMBOL)

    def can_be_picked_up(self) -> bool:
        """Return False: a stairway is taken with ``>``, not picked up."""
        return False


class GoldenIdol(GameObject):
    """The golden idol on the deepest level; picking it up wins the game."""

    def __init__(self) -> None:
        """Create the golden idol."""
        super().__init__(IDOL_NAME, IDOL_SYMBOL)

    def wins_game(self) -> bool:
        """Return True: whoever picks up the idol has won."""
        return True

    def description(self) -> str:
        """Return ``the golden idol``, as the pick-up message names it."""
        return IDOL_DESCRIPTION


class Weapon(GameObject):
    """Something an actor wields; it decides how often and how hard its wielder hits."""

    def __init__(self, name: str, action: str, dexterity_bonus: int, damage: int) -> None:
        """Create a weapon.

        Parameters:
            name: the weapon's name, e.g. ``mace``.
            action: the verb and weapon of attack messages, e.g. ``swings mace``.
            dexterity_bonus: added to the wielder's dexterity when trying to hit.
            damage: added to the wielder's strength to bound the damage of a hit.
        """
        super().__init__(name, WEAPON_SYMBOL)
        self._action = action
        self._dexterity_bonus = dexterity_bonus
        self._damage = damage

    def action(self) -> str:
        """Return the verb and weapon that attack messages use, e.g. ``slashes short sword``."""
        return self._action

    def dexterity_bonus(self) -> int:
        """Return the bonus this weapon adds to its wielder's dexterity in an attack."""
        return self._dexterity_bonus

    def damage(self) -> int:
        """Return the weapon's damage amount."""
        return self._damage

    def after_hit(self, defender: "Actor") -> bool:
        """Apply any magic of a hit that did not kill ``defender``; return True if it slept.

        Ordinary weapons have no magic, so this returns False.
        """
        return False


class Mace(Weapon):
    """A mace: dexterity bonus 0, damage 2."""

    def __init__(self) -> None:
        """Create a mace."""
        super().__init__(*MACE)


class ShortSword(Weapon):
    """A short sword: dexterity bonus 0, damage 2."""

    def __init__(self) -> None:
        """Create a short sword."""
        super().__init__(*SHORT_SWORD)


class LongSword(Weapon):
    """A long sword: dexterity bonus 2, damage 4."""

    def __init__(self) -> None:
        """Create a long sword."""
        super().__init__(*LONG_SWORD)


class MagicAxe(Weapon):
    """A magic axe, which hits more often than ordinary weapons: dexterity bonus 5, damage 5."""

    def __init__(self) -> None:
        """Create a magic axe."""
        super().__init__(*MAGIC_AXE)


class MagicFangsOfSleep(Weapon):
    """Magic fangs of sleep: dexterity bonus 3, damage 2, and hits may put the defender to sleep."""

    def __init__(self) -> None:
        """Create magic fangs of sleep."""
        super().__init__(*MAGIC_FANGS)

    def after_hit(self, defender: "Actor") -> bool:
        """With probability 1/5 put ``defender`` to sleep for 2 to 6 turns; return True if so."""
        if not trueWithProbability(SLEEP_PROBABILITY):
            return False
        defender.fall_asleep(randInt(SLEEP_TURNS_MIN, SLEEP_TURNS_MAX))
        return True


class Scroll(GameObject):
    """A magic scroll: the player reads it once, it takes effect and destroys itself."""

    def __init__(self, name: str) -> None:
        """Create a scroll called ``name`` (e.g. ``scroll of enhance health``)."""
        super().__init__(name, SCROLL_SYMBOL)

    def description(self) -> str:
        """Return ``a scroll called <name>``, as the pick-up message says."""
        return SCROLL_DESCRIPTION.format(self._name)

    def inventory_label(self) -> str:
        """Return ``A scroll called <name>``, as the inventory screen lists it."""
        return SCROLL_INVENTORY_LABEL.format(self._name)

    def take_effect(self, player: "Player", dungeon: "Dungeon") -> str:
        """Work this scroll's magic on ``player`` (standing in ``dungeon``); return its message."""
        raise NotImplementedError(f"{type(self).__name__} does not define its effect")


class TeleportationScroll(Scroll):
    """Moves the player to a random square that holds neither a wall nor a monster."""

    def __init__(self) -> None:
        """Create a scroll of teleportation."""
        super().__init__(TELEPORTATION_NAME)

    def take_effect(self, player: "Player", dungeon: "Dungeon") -> str:
        """Teleport ``player`` within ``dungeon``; return the message."""
        dungeon.teleport_player()
        return TELEPORT_MESSAGE


class ImproveArmorScroll(Scroll):
    """Raises the player's armor by 1 to 3 points."""

    def __init__(self) -> None:
        """Create a scroll of improve armor."""
        super().__init__(IMPROVE_ARMOR_NAME)

    def take_effect(self, player: "Player", dungeon: "Dungeon") -> str:
        """Raise ``player``'s armor; return the message."""
        player.raise_armor(randInt(*ARMOR_RAISE))
        return ARMOR_MESSAGE


class RaiseStrengthScroll(Scroll):
    """Raises the player's strength by 1 to 3 points."""

    def __init__(self) -> None:
        """Create a scroll of raise strength."""
        super().__init__(RAISE_STRENGTH_NAME)

    def take_effect(self, player: "Player", dungeon: "Dungeon") -> str:
        """Raise ``player``'s strength; return the message."""
        player.raise_strength(randInt(*STRENGTH_RAISE))
        return STRENGTH_MESSAGE


class EnhanceHealthScroll(Scroll):
    """Raises the player's maximum hit points by 3 to 8 (the current hit points stay)."""

    def __init__(self) -> None:
        """Create a scroll of enhance health."""
        super().__init__(ENHANCE_HEALTH_NAME)

    def take_effect(self, player: "Player", dungeon: "Dungeon") -> str:
        """Raise ``player``'s maximum hit points; return the message."""
        player.raise_max_hit_points(randInt(*MAX_HIT_POINTS_RAISE))
        return HEALTH_MESSAGE


class EnhanceDexterityScroll(Scroll):
    """Raises the player's dexterity by 1."""

    def __init__(self) -> None:
        """Create a scroll of enhance dexterity."""
        super().__init__(ENHANCE_DEXTERITY_NAME)

    def take_effect(self, player: "Player", dungeon: "Dungeon") -> str:
        """Raise ``player``'s dexterity; return the message."""
        player.raise_dexterity(DEXTERITY_RAISE)
        return DEXTERITY_MESSAGE


# Kinds that may lie on a new level: never fangs, axes or teleportation, which only monsters drop.
FLOOR_KINDS: List[Type[GameObject]] = [
    Mace, ShortSword, LongSword,
    ImproveArmorScroll, RaiseStrengthScroll, EnhanceHealthScroll, EnhanceDexterityScroll,
]
SCROLL_KINDS: List[Type[Scroll]] = [
    TeleportationScroll, ImproveArmorScroll, RaiseStrengthScroll, EnhanceHealthScroll,
    EnhanceDexterityScroll,
]


def random_floor_object() -> GameObject:
    """Return a new object of a kind chosen at random among those placed on new levels."""
    return FLOOR_KINDS[randInt(0, len(FLOOR_KINDS) - 1)]()


def random_scroll() -> Scroll:
    """Return a new scroll of a kind chosen at random among all five."""
    return SCROLL_KINDS[randInt(0, len(SCROLL_KINDS) - 1)]()
