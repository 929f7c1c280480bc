"""level.py: one level of the dungeon (its walls, the objects on the floor and the monsters).

The walls are kept as a list of 18 strings of 70 characters, '#' for a wall and ' ' for floor.
Strings cannot be changed in place, so carving a floor spot rebuilds that row's string.
Objects lie in a dict keyed by (row, column); monsters are a list of Monster objects.
"""

from utilities import randInt
from items import random_floor_item, make_stairs, make_idol
from actors import Monster, random_kind

ROWS = 18
COLUMNS = 70
WALL = "#"
FLOOR = " "
LAST_LEVEL = 4

# Room sizes and how many rooms to aim for.
MIN_ROOM_WIDTH, MAX_ROOM_WIDTH = 6, 16
MIN_ROOM_HEIGHT, MAX_ROOM_HEIGHT = 3, 6
MIN_ROOMS, MAX_ROOMS = 4, 7
PLACEMENT_TRIES = 200


def carve(rows, row, col):
    """Turn the spot (row, col) of the wall map ``rows`` into floor by rebuilding its string."""
    line = rows[row]
    rows[row] = line[:col] + FLOOR + line[col + 1:]


def overlaps(room, others):
    """Return True if ``room`` (top, left, height, width) touches or overlaps any of ``others``.

    A one-spot margin is required so rooms never merge into each other.
    """
    top, left, height, width = room
    for o_top, o_left, o_height, o_width in others:
        if (top - 1 <= o_top + o_height and o_top - 1 <= top + height and
                left - 1 <= o_left + o_width and o_left - 1 <= left + width):
            return True
    return False


def build_walls():
    """Return a fresh map (list of strings) of rooms joined by corridors, walled all around.

    Rooms of random size are dropped at random non-overlapping places inside the outer wall
    (a spot is tried again when it overlaps). The rooms are then sorted from left to right
    and each is joined to the next by an L-shaped corridor between their centres, so every
    room can be reached from every other.
    """
    while True:
        rows = [WALL * COLUMNS for _ in range(ROWS)]
        rooms = []
        wanted = randInt(MIN_ROOMS, MAX_ROOMS)
        for _ in range(PLACEMENT_TRIES):
            if len(rooms) == wanted:
                break
            height = randInt(MIN_ROOM_HEIGHT, MAX_ROOM_HEIGHT)
            width = randInt(MIN_ROOM_WIDTH, MAX_ROOM_WIDTH)
            room = (randInt(1, ROWS - 1 - height), randInt(1, COLUMNS - 1 - width), height, width)
            if not overlaps(room, rooms):
                rooms.append(room)
        if len(rooms) >= MIN_ROOMS:
            break
    for top, left, height, width in rooms:
        for row in range(top, top + height):
            for col in range(left, left + width):
                carve(rows, row, col)
    rooms.sort(key=lambda room: room[1])
    for first, second in zip(rooms, rooms[1:]):
        dig_corridor(rows, centre(first), centre(second))
    return rows


def centre(room):
    """Return the (row, column) centre of a room."""
    top, left, height, width = room
    return (top + height // 2, left + width // 2)


def dig_corridor(rows, start, end):
    """Carve an L-shaped corridor from ``start`` to ``end``, turning at a random corner."""
    (r1, c1), (r2, c2) = start, end
    if randInt(0, 1) == 0:
        corner = (r1, c2)   # along the row first, then down/up the column
    else:
        corner = (r2, c1)   # down/up the column first, then along the row
    for (a_row, a_col), (b_row, b_col) in ((start, corner), (corner, end)):
        for row in range(min(a_row, b_row), max(a_row, b_row) + 1):
            for col in range(min(a_col, b_col), max(a_col, b_col) + 1):
                carve(rows, row, col)


class Level:
    """A dungeon level: the wall map, the objects on the floor, the monsters and the player.

    The Level does not own the player (the Game does) but needs to know where the player is
    to keep monsters and the player from sharing a spot.
    """

    def __init__(self, number, player):
        self.number = number
        self.player = player
        self.rows = build_walls()
        self.items = {}
        self.monsters = []
        # The stairway (or, on the last level, the idol), then 2 or 3 objects.
        bottom_item = make_idol() if number == LAST_LEVEL else make_stairs()
        self.items[self.random_spot(for_actor=False)] = bottom_item
        for _ in range(randInt(2, 3)):
            self.items[self.random_spot(for_actor=False)] = random_floor_item()
        # The player, then M = randInt(2, 5 * (L + 1) + 1) monsters.
        player.position = self.random_spot(for_actor=True)
        for _ in range(randInt(2, 5 * (number + 1) + 1)):
            kind = random_kind(number)
            self.monsters.append(Monster(kind, self.random_spot(for_actor=True)))

    def is_wall(self, spot):
        """Return True if ``spot`` is a wall or lies off the map."""
        row, col = spot
        if not (0 <= row < ROWS and 0 <= col < COLUMNS):
            return True
        return self.rows[row][col] == WALL

    def monster_at(self, spot):
        """Return the monster standing on ``spot``, or None."""
        for monster in self.monsters:
            if monster.position == spot:
                return monster
        return None

    def is_free(self, spot):
        """Return True if an actor could step onto ``spot``: no wall, monster or player."""
        return (not self.is_wall(spot) and self.monster_at(spot) is None
                and spot != self.player.position)

    def random_spot(self, for_actor):
        """Return a random spot that is not a wall, for an actor or for an object.

        A spot for an actor must hold no monster and not be the player's current spot (so a
        teleported player always lands somewhere else); a spot for an object must hold no
        other object.
        """
        while True:
            spot = (randInt(1, ROWS - 2), randInt(1, COLUMNS - 2))
            if for_actor and self.is_free(spot):
                return spot
            if not for_actor and not self.is_wall(spot) and spot not in self.items:
                return spot

    def remove_dead(self):
        """Take dead monsters off the level, leaving what they drop where nothing lies yet."""
        for monster in [m for m in self.monsters if m.body.is_dead()]:
            self.monsters.remove(monster)
            if monster.position not in self.items:
                dropped = monster.leave_item()
                if dropped is not None:
                    self.items[monster.position] = dropped
