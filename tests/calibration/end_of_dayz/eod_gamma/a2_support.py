"""Support code for End of DayZ: shared constants, Position, the map reader and the interface base.

The course hands this module to students next to their ``a2.py``; this is the repository's own
implementation of the same interface, with exactly the names and values that the course's
module has (``CLARIFICATIONS.md`` lists them). ``a2.py`` imports everything it uses from here:
the entity characters, the direction keys, every message the game prints, ``Position``,
``random_directions``, ``load_map`` and ``GameInterface``.

Positions are ``(x, y)`` with x the column and y the line of the map, ``(0, 0)`` top-left.
"""

import random
from typing import Dict, List, Tuple

# Deliberately no __all__: like the course's module, ``from a2_support import *`` also
# hands a student ``random``, ``List``, ``Tuple``, ``Dict`` and ``EntityLocations``.

# What ``load_map`` reads: (column, line) of each non-space character -> that character.
EntityLocations = Dict[Tuple[int, int], str]

# Characters that stand for entities, in map files and on screen.
PLAYER = "P"
HOSPITAL = "H"
BORDER = "#"
ZOMBIE = "Z"
TRACKING_ZOMBIE = "T"
ZOMBIES = (ZOMBIE, TRACKING_ZOMBIE)
GARLIC = "G"
CROSSBOW = "C"
PICKUP_ITEMS = (GARLIC, CROSSBOW)

# How many steps each pickup lasts once the player holds it.
LIFETIMES = {GARLIC: 10, CROSSBOW: 5}

# Actions the user types.
UP = "W"
LEFT = "A"
DOWN = "S"
RIGHT = "D"
DIRECTIONS = (UP, LEFT, DOWN, RIGHT)
FIRE = "F"

# The four (dx, dy) steps a zombie may take; seeded games depend on this exact order.
OFFSETS = [(0, 1), (0, -1), (1, 0), (-1, 0)]

# Everything the game prints or prompts with.
ACTION_PROMPT = "Enter your next action: "
WIN_MESSAGE = "You win!"
LOSE_MESSAGE = "You lose!"
HOLDING_MESSAGE = "The player is currently holding:"
FIRE_PROMPT = "Direction to fire: "
NO_ZOMBIE_MESSAGE = "No zombie in that direction!"
INVALID_FIRING_MESSAGE = "Invalid firing direction entered!"
NO_WEAPON_MESSAGE = "You are not holding anything to fire!"

# Map files mark an empty square with this character.
EMPTY_SQUARE = " "


def random_directions() -> List[Tuple[int, int]]:
    """Return the four ``OFFSETS`` in a new random order, drawn from the global ``random``.

    Every call draws afresh, so a seeded game replays only if each zombie calls this exactly
    as often as the course's own game does.

    >>> sorted(random_directions()) == sorted(OFFSETS)
    True
    """
    return random.sample(OFFSETS, k=len(OFFSETS))


class Position:
    """An ``(x, y)`` square of the grid: x counts columns, y counts lines, from the top-left.

    >>> position = Position(2, 3)
    >>> position.get_x(), position.get_y()
    (2, 3)
    >>> position.add(Position(-1, 1))
    Position(1, 4)
    >>> position.distance(Position(0, 0))
    5
    >>> position.in_range(Position(0, 0), 5), position.in_range(Position(0, 0), 6)
    (False, True)
    >>> Position(1, 1) == Position(1, 1), Position(1, 1) == (1, 1)
    (True, False)
    >>> str(position)
    'Position(2, 3)'
    """

    def __init__(self, x: int, y: int) -> None:
        """Make the position of column ``x``, line ``y``."""
        self._x = x
        self._y = y

    def get_x(self) -> int:
        """Return the column of this position."""
        return self._x

    def get_y(self) -> int:
        """Return the line (row) of this position."""
        return self._y

    def distance(self, other: "Position") -> int:
        """Return the Manhattan distance between this position and ``other``."""
        return abs(self._x - other.get_x()) + abs(self._y - other.get_y())

    def in_range(self, other: "Position", range: int) -> bool:
        """Return True if ``other`` is strictly closer than ``range`` (Manhattan distance).

        The parameter keeps the course's name ``range``, shadowing the builtin inside.
        """
        return self.distance(other) < range

    def add(self, other: "Position") -> "Position":
        """Return a new position: this one moved by the offset ``other``; neither changes."""
        return Position(self._x + other.get_x(), self._y + other.get_y())

    def __eq__(self, other: object) -> bool:
        """Return True if ``other`` is a Position of the same square (never for other types)."""
        if not isinstance(other, Position):
            return False
        return (self._x, self._y) == (other.get_x(), other.get_y())

    def __hash__(self) -> int:
        """Return the hash of ``(x, y)``, so equal positions are the same dictionary key."""
        return hash((self._x, self._y))

    def __repr__(self) -> str:
        """Return ``Position(x, y)``, the expression that builds this position."""
        return f"Position({self._x}, {self._y})"

    __str__ = __repr__


class GameInterface:
    """The base of every user interface: it shows a game and runs its loop."""

    def draw(self, game) -> None:
        """Show ``game`` to the user; each interface defines how.

        Raises:
            NotImplementedError: always, here; subclasses replace it.
        """
        raise NotImplementedError

    def play(self, game) -> None:
        """Run ``game`` with the user until it is over; each interface defines how.

        Raises:
            NotImplementedError: always, here; subclasses replace it.
        """
        raise NotImplementedError


def load_map(filename: str) -> Tuple[EntityLocations, int]:
    """Read the map file ``filename``.

    Every character other than a space becomes an entry ``(column, line_index) -> character``;
    the entries come in reading order (line by line, left to right).

    Returns:
        The dictionary of entries and the map's size, which is its number of lines.

    Raises:
        OSError: if the file cannot be read.
    """
    entities = {}
    size = 0
    with open(filename, encoding="utf-8") as file:
        for line_index, line in enumerate(file):
            size += 1
            for column, char in enumerate(line.rstrip("\n")):
                if char != EMPTY_SQUARE:
                    entities[(column, line_index)] = char
    return entities, size
