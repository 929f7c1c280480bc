"""dungeon.py: one level of the MiniRogue dungeon.

A Level stores
  * ``tiles``: a dict keyed by (row, col) holding WALL or FLOOR for every square,
  * ``floor``: a dict keyed by (row, col) holding the one non-actor on that square
    (a Weapon, a Scroll, the Idol or the Stairs), if any,
  * ``monsters``: the list of living monsters, in the order they take their turns.
The Player object belongs to the Game; the level keeps a reference to it (``player``) so
that it can place it and answer "is this square free?".

Level generation (see carve()): start from solid rock, cut out a handful of rectangular
rooms that never touch each other, then join each room to the next one (sorted from left
to right) with an L-shaped corridor, so every room is reachable.
"""

from typing import Callable, Dict, List, Optional, Tuple

from creatures import Monster, kinds_for_level
from things import Idol, Stairs, random_level_object
from utilities import randInt

Position = Tuple[int, int]

ROWS = 18
COLS = 70
WALL = "#"
FLOOR = " "
BOTTOM_LEVEL = 4


class Level:
    """A freshly generated dungeon level with its rooms, objects and monsters."""

    def __init__(self, depth: int, player):
        """Generate level ``depth`` and put ``player`` at a random spot on it."""
        self.depth = depth
        self.player = player
        self.tiles: Dict[Position, str] = {}
        self.floor: Dict[Position, object] = {}
        self.monsters: List[Monster] = []
        self.carve()
        self._furnish()

    # ----- building the level -----------------------------------------------------------

    def carve(self) -> None:
        """Make the rooms-and-corridors layout, surrounded by walls on every side."""
        self.tiles = {(r, c): WALL for r in range(ROWS) for c in range(COLS)}
        rooms = []
        wanted = randInt(4, 7)
        for _attempt in range(300):
            if len(rooms) == wanted:
                break
            height, width = randInt(3, 6), randInt(6, 14)
            top = randInt(1, ROWS - 1 - height)
            left = randInt(1, COLS - 1 - width)
            room = (top, left, height, width)
            if not any(_rooms_touch(room, other) for other in rooms):
                rooms.append(room)
        for top, left, height, width in rooms:
            for r in range(top, top + height):
                for c in range(left, left + width):
                    self.tiles[(r, c)] = FLOOR
        rooms.sort(key=lambda room: room[1])
        for first, second in zip(rooms, rooms[1:]):
            self._corridor(_centre(first), _centre(second))

    def _corridor(self, start: Position, end: Position) -> None:
        """Dig an L-shaped corridor from start to end (randomly horizontal leg first)."""
        (r1, c1), (r2, c2) = start, end
        corner = (r1, c2) if randInt(0, 1) == 0 else (r2, c1)
        for a, b in ((start, corner), (corner, end)):
            for r in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
                for c in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
                    self.tiles[(r, c)] = FLOOR

    def _furnish(self) -> None:
        """Put down the stairway (or the idol), 2 or 3 objects and the monsters.

        The player's spot is chosen before the monsters so that none starts on it.
        """
        goal = Idol() if self.depth == BOTTOM_LEVEL else Stairs()
        self.floor[self.random_spot(lambda p: p not in self.floor)] = goal
        for _ in range(randInt(2, 3)):
            self.floor[self.random_spot(lambda p: p not in self.floor)] = random_level_object()
        self.player.pos = self.random_spot(lambda p: True)
        kinds = kinds_for_level(self.depth)
        for _ in range(randInt(2, 5 * (self.depth + 1) + 1)):
            spot = self.random_spot(self.is_free)
            self.monsters.append(Monster(kinds[randInt(0, len(kinds) - 1)], spot))

    def random_spot(self, accept: Callable[[Position], bool]) -> Position:
        """Return a random non-wall square for which ``accept`` is true."""
        spots = [p for p, tile in self.tiles.items() if tile == FLOOR and accept(p)]
        return spots[randInt(0, len(spots) - 1)]

    # ----- questions about squares -----------------------------------------------------

    def is_wall(self, pos: Position) -> bool:
        """True for walls (and for anything off the map)."""
        return self.tiles.get(pos, WALL) == WALL

    def monster_at(self, pos: Position) -> Optional[Monster]:
        """Return the monster standing on ``pos``, or None."""
        for monster in self.monsters:
            if monster.pos == pos:
                return monster
        return None

    def is_free(self, pos: Position) -> bool:
        """True when an actor could step onto ``pos``: no wall, no monster, no player."""
        return (not self.is_wall(pos) and pos != self.player.pos
                and self.monster_at(pos) is None)

    # ----- things that happen on the level ----------------------------------------------

    def bury_dead(self) -> None:
        """Remove dead monsters; each may leave an item if its square holds none."""
        for monster in [m for m in self.monsters if m.body.is_dead()]:
            self.monsters.remove(monster)
            if monster.pos not in self.floor:
                item = monster.loot()
                if item is not None:
                    self.floor[monster.pos] = item

    def picture(self) -> List[str]:
        """Return the level as ROWS strings of COLS characters (actors drawn on top)."""
        grid = [[self.tiles[(r, c)] for c in range(COLS)] for r in range(ROWS)]
        for (r, c), thing in self.floor.items():
            grid[r][c] = thing.symbol
        for monster in self.monsters:
            grid[monster.pos[0]][monster.pos[1]] = monster.symbol
        grid[self.player.pos[0]][self.player.pos[1]] = self.player.symbol
        return ["".join(row) for row in grid]


def _rooms_touch(a, b) -> bool:
    """True when two rooms (top, left, height, width) overlap or have no wall between them."""
    a_top, a_left, a_height, a_width = a
    b_top, b_left, b_height, b_width = b
    return not (a_top + a_height + 1 <= b_top or b_top + b_height + 1 <= a_top
                or a_left + a_width + 1 <= b_left or b_left + b_width + 1 <= a_left)


def _centre(room) -> Position:
    """Return the middle square of a room."""
    top, left, height, width = room
    return (top + height // 2, left + width // 2)
