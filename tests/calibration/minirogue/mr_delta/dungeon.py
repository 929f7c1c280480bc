"""dungeon.py: the Dungeon class (port of Dungeon.h / Dungeon.cpp).

A Dungeon is one level of the MiniRogue dungeon. The terrain is a 2-D list of
characters (18 rows of 70 columns): '#' for a wall, ' ' for floor and '>' for the
stairway down. The objects lying on the floor are kept in a dictionary from
(row, column) to GameObject and the monsters in a list; the player is placed on
the level but belongs to the Game.
"""

from bogeyman import Bogeyman
from dragon import Dragon
from game_object import make_golden_idol
from goblin import Goblin
from scroll import Scroll, PLACEABLE_SCROLLS
from snakewoman import Snakewoman
from utilities import randInt, trueWithProbability
from weapon import Weapon, PLACEABLE_WEAPONS

ROWS = 18
COLS = 70
WALL = "#"
FLOOR = " "
STAIRS = ">"
# The deepest level: it has the golden idol instead of a stairway down.
BOTTOM_LEVEL = 4

# Room generation limits.
MIN_ROOMS, MAX_ROOMS = 5, 8
MIN_ROOM_HEIGHT, MAX_ROOM_HEIGHT = 3, 6
MIN_ROOM_WIDTH, MAX_ROOM_WIDTH = 6, 14
ROOM_ATTEMPTS = 300


class Dungeon:
    """One level: terrain grid, objects on the floor, monsters, and the player's position."""

    def __init__(self, level, player, goblin_smell_distance):
        """Generate level number ``level`` and place ``player`` on it at random."""
        self.level = level
        self.player = player
        self.goblin_smell_distance = goblin_smell_distance
        self.grid = [[WALL] * COLS for _ in range(ROWS)]
        self.objects = {}
        self.monsters = []
        self._carve_rooms_and_corridors()
        self._place_stairs_or_idol()
        self._place_objects()
        self.player.row, self.player.col = self._random_free_square()
        self._place_monsters()

    # ----- level generation -------------------------------------------------------

    def _carve_rooms_and_corridors(self):
        """Carve non-overlapping rectangular rooms, then join them left to right.

        Rooms are kept one wall apart from each other and from the border, so the
        outer edge of the level stays wall. Sorting the rooms by their left column
        and joining each to the next with an L-shaped corridor connects them all.
        """
        rooms = []
        wanted = randInt(MIN_ROOMS, MAX_ROOMS)
        attempts = 0
        while len(rooms) < wanted and attempts < ROOM_ATTEMPTS:
            attempts += 1
            height = randInt(MIN_ROOM_HEIGHT, MAX_ROOM_HEIGHT)
            width = randInt(MIN_ROOM_WIDTH, MAX_ROOM_WIDTH)
            top = randInt(1, ROWS - 1 - height)
            left = randInt(1, COLS - 1 - width)
            room = (top, left, height, width)
            if not any(self._rooms_touch(room, other) for other in rooms):
                rooms.append(room)
        rooms.sort(key=lambda room: room[1])
        for top, left, height, width in rooms:
            for row in range(top, top + height):
                for col in range(left, left + width):
                    self.grid[row][col] = FLOOR
        for first, second in zip(rooms, rooms[1:]):
            self._carve_corridor(self._room_centre(first), self._room_centre(second))

    @staticmethod
    def _rooms_touch(room, other):
        """Return True if two rooms overlap or have no wall between them."""
        top, left, height, width = room
        other_top, other_left, other_height, other_width = other
        return (top - 1 <= other_top + other_height and other_top - 1 <= top + height and
                left - 1 <= other_left + other_width and other_left - 1 <= left + width)

    @staticmethod
    def _room_centre(room):
        """Return the (row, column) at the middle of a room."""
        top, left, height, width = room
        return top + height // 2, left + width // 2

    def _carve_corridor(self, start, end):
        """Carve an L-shaped corridor from ``start`` to ``end`` (bend chosen at random)."""
        (start_row, start_col), (end_row, end_col) = start, end
        if trueWithProbability(0.5):
            bend = (start_row, end_col)
        else:
            bend = (end_row, start_col)
        for (row1, col1), (row2, col2) in ((start, bend), (bend, end)):
            for row in range(min(row1, row2), max(row1, row2) + 1):
                for col in range(min(col1, col2), max(col1, col2) + 1):
                    self.grid[row][col] = FLOOR

    def _place_stairs_or_idol(self):
        """Put the stairway down on levels 0-3 and the golden idol on the bottom level."""
        row, col = self._random_empty_floor()
        if self.level == BOTTOM_LEVEL:
            self.objects[(row, col)] = make_golden_idol()
        else:
            self.grid[row][col] = STAIRS

    def _place_objects(self):
        """Place 2 or 3 random ordinary weapons or scrolls on free floor squares."""
        for _ in range(randInt(2, 3)):
            if trueWithProbability(0.5):
                item = Weapon(PLACEABLE_WEAPONS[randInt(0, len(PLACEABLE_WEAPONS) - 1)])
            else:
                item = Scroll(PLACEABLE_SCROLLS[randInt(0, len(PLACEABLE_SCROLLS) - 1)])
            self.objects[self._random_empty_floor()] = item

    def _place_monsters(self):
        """Place randInt(2, 5*(L+1)+1) monsters of the kinds allowed on this level."""
        kinds = [Snakewoman, Goblin]
        if self.level >= 2:
            kinds.append(Bogeyman)
        if self.level >= 3:
            kinds.append(Dragon)
        for _ in range(randInt(2, 5 * (self.level + 1) + 1)):
            kind = kinds[randInt(0, len(kinds) - 1)]
            monster = Goblin(self.goblin_smell_distance) if kind is Goblin else kind()
            monster.row, monster.col = self._random_free_square()
            self.monsters.append(monster)

    def _random_square(self, is_acceptable):
        """Return a random (row, column) of the level for which ``is_acceptable`` is true."""
        while True:
            row, col = randInt(1, ROWS - 2), randInt(1, COLS - 2)
            if is_acceptable(row, col):
                return row, col

    def _random_empty_floor(self):
        """Return a random floor square with no object or stairway on it."""
        return self._random_square(
            lambda row, col: self.grid[row][col] == FLOOR and (row, col) not in self.objects)

    def _random_free_square(self):
        """Return a random square with no wall and no actor on it."""
        return self._random_square(self.is_free_for_actor)

    def random_teleport_destination(self):
        """Return a random square, other than the player's, with no wall and no monster."""
        return self._random_square(
            lambda row, col: self.is_free_for_actor(row, col) and
            (row, col) != (self.player.row, self.player.col))

    # ----- queries used by the actors ---------------------------------------------

    def is_wall(self, row, col):
        """Return True if (row, col) is a wall or off the level."""
        return not (0 <= row < ROWS and 0 <= col < COLS) or self.grid[row][col] == WALL

    def monster_at(self, row, col):
        """Return the monster standing on (row, col), or None."""
        for monster in self.monsters:
            if monster.row == row and monster.col == col:
                return monster
        return None

    def is_free_for_actor(self, row, col):
        """Return True if an actor may step onto (row, col): no wall, monster or player."""
        if self.is_wall(row, col) or self.monster_at(row, col) is not None:
            return False
        return (row, col) != (self.player.row, self.player.col)

    def is_stairs(self, row, col):
        """Return True if the stairway down is at (row, col)."""
        return self.grid[row][col] == STAIRS

    def take_object(self, row, col):
        """Remove and return the object lying at (row, col), or None if there is none."""
        return self.objects.pop((row, col), None)

    def remove_dead_monster(self, monster):
        """Take a killed monster off the level, leaving its drop if the square is bare."""
        self.monsters.remove(monster)
        square = (monster.row, monster.col)
        if square in self.objects or self.is_stairs(*square):
            return
        item = monster.dropped_item()
        if item is not None:
            self.objects[square] = item

    def move_monsters(self):
        """Give every monster its turn, in order; return the messages they produced.

        Stops early once the player is dead.
        """
        messages = []
        for monster in list(self.monsters):
            if self.player.is_dead():
                break
            message = monster.take_turn(self, self.player)
            if message:
                messages.append(message)
        return messages

    # ----- drawing ------------------------------------------------------------------

    def render_rows(self):
        """Return the 18 lines of the map: terrain, then objects, monsters and the player."""
        picture = [list(row) for row in self.grid]
        for (row, col), item in self.objects.items():
            picture[row][col] = item.symbol
        for monster in self.monsters:
            picture[monster.row][monster.col] = monster.symbol()
        picture[self.player.row][self.player.col] = self.player.symbol()
        return ["".join(row) for row in picture]
