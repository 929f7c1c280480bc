"""Dungeon.py: one level of the MiniRogue dungeon -- its walls, monsters, objects and player.

The C++ project's Dungeon class (one object per level; the Game makes a new one on every
descent). A level is a 70-column by 18-row grid of wall and floor. It is generated as rooms
joined by corridors:

    repeat
        try up to ROOM_ATTEMPTS times to add a room of random size at a random place,
        keeping a wall between rooms, until there are randInt(MIN_ROOMS, MAX_ROOMS) rooms
    until there are at least MIN_ROOMS rooms
    dig out every room
    sort the rooms by their left edge
    for each room and the next one: dig an L-shaped corridor between their centres,
        going along first or down first at random

Rooms and corridors lie inside rows 1..16 and columns 1..68, so the outer edge stays wall; every
room is joined to the next one, so every floor square can be reached from every other.

Then the level is filled: the stairway (or, on the deepest level, the golden idol) and 2 or 3
random objects on distinct floor squares; the player on a random floor square; and
randInt(2, 5 * (level + 1) + 1) monsters on free floor squares, of the kinds the level allows.

The Dungeon answers what stands where (``is_open``, ``monster_at``, ``object_at``), moves
actors, removes dead monsters (leaving their drops) and draws itself as text lines. It never
prints; the Game does.
"""

from typing import Callable, Dict, List, Optional

from Actor import Monster, Player, random_monster_maker
from GameObject import GameObject, GoldenIdol, Stairway, random_floor_object
from Position import Position
from utilities import randInt, trueWithProbability

ROWS = 18
COLS = 70
WALL_SYMBOL = "#"
FLOOR_SYMBOL = " "
DEEPEST_LEVEL = 4

# Rooms: how many, how big (inclusive ranges), how many placements to try per level.
MIN_ROOMS = 4
MAX_ROOMS = 8
ROOM_HEIGHTS = (3, 6)
ROOM_WIDTHS = (6, 16)
ROOM_ATTEMPTS = 200
ROOM_GAP = 1  # squares of wall kept between two rooms
ALONG_FIRST_PROBABILITY = 1 / 2  # how often a corridor goes along before it goes up or down

# Contents: objects per level, and monsters per level L from MIN_MONSTERS to
# MONSTERS_PER_LEVEL * (L + 1) + 1.
OBJECT_COUNTS = (2, 3)
MIN_MONSTERS = 2
MONSTERS_PER_LEVEL = 5


def max_monsters(level: int) -> int:
    """Return the most monsters that level number ``level`` can start with.

    >>> max_monsters(0), max_monsters(3), max_monsters(4)
    (6, 21, 26)
    """
    return MONSTERS_PER_LEVEL * (level + 1) + 1


class Room:
    """A rectangle of floor: its top row, left column, height and width.

    >>> room = Room(2, 3, 4, 5)
    >>> room.centre(), room.overlaps(Room(6, 3, 2, 2), ROOM_GAP)
    (Position(row=4, col=5), True)
    >>> room.overlaps(Room(7, 3, 2, 2), ROOM_GAP)
    False
    """

    def __init__(self, top: int, left: int, height: int, width: int) -> None:
        """Create the room whose top-left square is (``top``, ``left``)."""
        self._top = top
        self._left = left
        self._bottom = top + height - 1
        self._right = left + width - 1

    def top(self) -> int:
        """Return the room's top row."""
        return self._top

    def bottom(self) -> int:
        """Return the room's bottom row."""
        return self._bottom

    def left(self) -> int:
        """Return the room's leftmost column."""
        return self._left

    def right(self) -> int:
        """Return the room's rightmost column."""
        return self._right

    def centre(self) -> Position:
        """Return the square in the middle of the room."""
        return Position((self._top + self._bottom + 1) // 2, (self._left + self._right + 1) // 2)

    def overlaps(self, other: "Room", gap: int) -> bool:
        """Return True if ``other`` comes within ``gap`` squares of this room (or overlaps it)."""
        return (self._top - gap <= other.bottom() and other.top() <= self._bottom + gap
                and self._left - gap <= other.right() and other.left() <= self._right + gap)

    def squares(self) -> List[Position]:
        """Return every square of the room."""
        return [Position(row, col) for row in range(self._top, self._bottom + 1)
                for col in range(self._left, self._right + 1)]


class Dungeon:
    """One level: the wall grid, the objects on the floor, the monsters and the player."""

    def __init__(self, level: int, player: Player, goblin_smell_distance: int) -> None:
        """Generate level number ``level`` and place ``player`` and new monsters and objects on it.

        Parameters:
            level: 0 for the top level up to DEEPEST_LEVEL.
            player: the player, who keeps their stats and knapsack from level to level.
            goblin_smell_distance: how many steps away the level's goblins smell the player.
        """
        self._level = level
        self._player = player
        self._goblin_smell_distance = goblin_smell_distance
        self._is_wall = [[True] * COLS for _ in range(ROWS)]
        self._objects: Dict[Position, GameObject] = {}
        self._monsters: List[Monster] = []
        self._monster_at: Dict[Position, Monster] = {}
        self._dig_rooms_and_corridors()
        self._place_objects()
        # No monster stands anywhere yet, so the player may go on any floor square.
        player.move_to(self._random_floor_square(lambda square: True))
        self._place_monsters()

    # ---- questions about squares ----

    def level(self) -> int:
        """Return the level number, 0 at the top."""
        return self._level

    def is_wall(self, square: Position) -> bool:
        """Return True if ``square`` is wall or lies outside the level."""
        row, col = square
        return not (0 <= row < ROWS and 0 <= col < COLS) or self._is_wall[row][col]

    def is_open(self, square: Position) -> bool:
        """Return True if an actor could step onto ``square``: floor with no actor on it."""
        return not self.is_wall(square) and self._has_no_actor(square)

    def monster_at(self, square: Position) -> Optional[Monster]:
        """Return the monster standing on ``square``, or None."""
        return self._monster_at.get(square)

    def monsters(self) -> List[Monster]:
        """Return the living monsters, in the order they take their turns."""
        return list(self._monsters)

    def object_at(self, square: Position) -> Optional[GameObject]:
        """Return the object lying on ``square``, or None."""
        return self._objects.get(square)

    # ---- changes ----

    def remove_object(self, square: Position) -> GameObject:
        """Take the object off ``square`` (there must be one) and return it."""
        return self._objects.pop(square)

    def move_player(self, square: Position) -> None:
        """Move the player to the open square ``square``."""
        assert self.is_open(square), f"the player cannot step onto {square}"
        self._player.move_to(square)

    def teleport_player(self) -> None:
        """Move the player to a random other floor square without a monster."""
        here = self._player.position()
        self._player.move_to(self._random_floor_square(
            lambda square: square != here and square not in self._monster_at))

    def move_monster(self, monster: Monster, square: Position) -> None:
        """Move ``monster`` to the open square ``square``."""
        assert self.is_open(square), f"{monster.name()} cannot step onto {square}"
        del self._monster_at[monster.position()]
        monster.move_to(square)
        self._monster_at[square] = monster

    def remove_dead_monsters(self) -> None:
        """Take dead monsters off the level, leaving what they drop where no object lies."""
        for monster in [monster for monster in self._monsters if monster.is_dead()]:
            square = monster.position()
            self._monsters.remove(monster)
            del self._monster_at[square]
            if square not in self._objects:
                dropped = monster.drop()
                if dropped is not None:
                    self._objects[square] = dropped

    # ---- display ----

    def render(self) -> List[str]:
        """Return the level as ROWS lines of COLS characters: actors over objects over terrain."""
        symbols = [[WALL_SYMBOL if wall else FLOOR_SYMBOL for wall in row]
                   for row in self._is_wall]
        for square, item in self._objects.items():
            symbols[square.row][square.col] = item.symbol()
        for actor in [*self._monsters, self._player]:
            square = actor.position()
            symbols[square.row][square.col] = actor.symbol()
        return ["".join(row) for row in symbols]

    # ---- generation ----

    def _dig_rooms_and_corridors(self) -> None:
        """Dig random rooms and the corridors joining each room to the next from the left."""
        rooms: List[Room] = []
        while len(rooms) < MIN_ROOMS:
            rooms = _random_rooms()
        rooms.sort(key=Room.left)
        for room in rooms:
            for square in room.squares():
                self._dig(square)
        for room, next_room in zip(rooms, rooms[1:]):
            self._dig_corridor(room.centre(), next_room.centre())

    def _dig_corridor(self, start: Position, end: Position) -> None:
        """Dig an L-shaped corridor from ``start`` to ``end``, along or down first at random."""
        corner = (Position(start.row, end.col) if trueWithProbability(ALONG_FIRST_PROBABILITY)
                  else Position(end.row, start.col))
        for first, last in ((start, corner), (corner, end)):
            for row in range(min(first.row, last.row), max(first.row, last.row) + 1):
                for col in range(min(first.col, last.col), max(first.col, last.col) + 1):
                    self._dig(Position(row, col))

    def _dig(self, square: Position) -> None:
        """Turn ``square``, which must not be on the outer edge, into floor."""
        assert 0 < square.row < ROWS - 1 and 0 < square.col < COLS - 1, f"{square} is on the edge"
        self._is_wall[square.row][square.col] = False

    def _place_objects(self) -> None:
        """Place the stairway (or the idol on the deepest level) and 2 or 3 random objects."""
        fixtures = [GoldenIdol() if self._level == DEEPEST_LEVEL else Stairway()]
        items = [random_floor_object() for _ in range(randInt(*OBJECT_COUNTS))]
        for item in fixtures + items:
            square = self._random_floor_square(lambda square: square not in self._objects)
            self._objects[square] = item

    def _place_monsters(self) -> None:
        """Place randInt(2, max_monsters(level)) monsters of kinds allowed on this level."""
        for _ in range(randInt(MIN_MONSTERS, max_monsters(self._level))):
            make_monster = random_monster_maker(self._level, self._goblin_smell_distance)
            square = self._random_floor_square(self._has_no_actor)
            monster = make_monster(square)
            self._monsters.append(monster)
            self._monster_at[square] = monster

    def _random_floor_square(self, is_wanted: Callable[[Position], bool]) -> Position:
        """Return a random floor square for which ``is_wanted`` is True (there must be one)."""
        squares = [Position(row, col) for row in range(ROWS) for col in range(COLS)
                   if not self._is_wall[row][col] and is_wanted(Position(row, col))]
        assert squares, "no floor square is left to place something on"
        return squares[randInt(0, len(squares) - 1)]

    def _has_no_actor(self, square: Position) -> bool:
        """Return True if neither a monster nor the player stands on ``square``."""
        return square not in self._monster_at and square != self._player.position()


def _random_rooms() -> List[Room]:
    """Return up to randInt(MIN_ROOMS, MAX_ROOMS) non-touching rooms at random places."""
    wanted = randInt(MIN_ROOMS, MAX_ROOMS)
    rooms: List[Room] = []
    for _ in range(ROOM_ATTEMPTS):
        if len(rooms) == wanted:
            break
        height, width = randInt(*ROOM_HEIGHTS), randInt(*ROOM_WIDTHS)
        room = Room(randInt(1, ROWS - 1 - height), randInt(1, COLS - 1 - width), height, width)
        if not any(room.overlaps(other, ROOM_GAP) for other in rooms):
            rooms.append(room)
    return rooms
