"""Dungeon.py: one level of the dungeon: its maze, its monsters and its objects."""

from GameObject import GameObject
from Weapon import Weapon, MACE, SHORT_SWORD, LONG_SWORD
from Scroll import Scroll, ARMOR, STRENGTH, HEALTH, DEXTERITY
from Bogeyman import Bogeyman
from Snakewoman import Snakewoman
from Dragon import Dragon
from Goblin import Goblin
from utilities import randInt

ROWS = 18
COLS = 70
WALL = "#"
FLOOR = " "
STAIRS = ">"
IDOL_SYMBOL = "&"
BOTTOM_LEVEL = 4

# Room generation: how many rooms to aim for and how big they may be.
MIN_ROOMS = 4
MAX_ROOMS = 7
MIN_ROOM_WIDTH = 6
MAX_ROOM_WIDTH = 16
MIN_ROOM_HEIGHT = 3
MAX_ROOM_HEIGHT = 6
ROOM_TRIES = 500

# Objects that may lie on a new level (never magic axes, fangs or teleportation).
PLACEABLE_WEAPONS = [MACE, SHORT_SWORD, LONG_SWORD]
PLACEABLE_SCROLLS = [ARMOR, STRENGTH, HEALTH, DEXTERITY]


class Dungeon:
    """A level: a ROWS x COLS maze of rooms and corridors with actors and objects.

    The maze is a list of lists of characters (WALL, FLOOR or STAIRS). Objects
    on the floor (weapons, scrolls, the golden idol) are GameObjects in a list;
    the monsters are Monster objects in another list. The dungeon also knows the
    player, so that monsters can find it and the screen can be drawn.
    """

    def __init__(self, level, player, goblinSmellDistance):
        """Generate level number `level` and place the player, monsters and objects on it."""
        self.m_level = level
        self.m_player = player
        self.m_smellDistance = goblinSmellDistance
        self.m_grid = [[WALL] * COLS for _ in range(ROWS)]
        self.m_monsters = []
        self.m_objects = []
        self._carveRoomsAndCorridors()
        self._placeStairsOrIdol()
        self._placeObjects()
        player.setDungeon(self)
        row, col = self.randomSpotWithoutMonster()
        player.setPosition(row, col)
        self._placeMonsters()

    # ----- queries -----

    def level(self):
        return self.m_level

    def player(self):
        return self.m_player

    def monsters(self):
        return self.m_monsters

    def isWall(self, row, col):
        """Return True for walls and for anything outside the map."""
        if not (0 <= row < ROWS and 0 <= col < COLS):
            return True
        return self.m_grid[row][col] == WALL

    def isStairs(self, row, col):
        return self.m_grid[row][col] == STAIRS

    def monsterAt(self, row, col):
        """Return the monster at (row, col), or None."""
        for monster in self.m_monsters:
            if monster.row() == row and monster.col() == col:
                return monster
        return None

    def objectAt(self, row, col):
        """Return the game object lying at (row, col), or None."""
        for item in self.m_objects:
            if item.row() == row and item.col() == col:
                return item
        return None

    def hasNonActorAt(self, row, col):
        """Return True if an object or the stairway already occupies (row, col)."""
        return self.isStairs(row, col) or self.objectAt(row, col) is not None

    def randomSpotWithoutMonster(self):
        """Return a random (row, col) that is not a wall and holds no monster."""
        while True:
            row = randInt(1, ROWS - 2)
            col = randInt(1, COLS - 2)
            if not self.isWall(row, col) and self.monsterAt(row, col) is None:
                return row, col

    # ----- changes -----

    def removeObject(self, item):
        self.m_objects.remove(item)

    def removeDeadMonsters(self):
        """Take dead monsters off the level; each may drop an item where it died."""
        for monster in list(self.m_monsters):
            if monster.isDead():
                self.m_monsters.remove(monster)
                if not self.hasNonActorAt(monster.row(), monster.col()):
                    item = monster.dropItem()
                    if item is not None:
                        item.setPosition(monster.row(), monster.col())
                        self.m_objects.append(item)

    def moveMonsters(self):
        """Give every monster its turn; return the messages. Stops if the player dies."""
        messages = []
        for monster in self.m_monsters:
            messages.extend(monster.takeTurn(self.m_player))
            if self.m_player.isDead():
                break
        return messages

    # ----- drawing -----

    def screenLines(self):
        """Return the 18 lines of the map with objects, monsters and the player drawn in."""
        picture = [list(row) for row in self.m_grid]
        for item in self.m_objects:
            picture[item.row()][item.col()] = item.symbol()
        for monster in self.m_monsters:
            picture[monster.row()][monster.col()] = monster.symbol()
        picture[self.m_player.row()][self.m_player.col()] = self.m_player.symbol()
        return ["".join(row) for row in picture]

    # ----- level generation -----

    def _carveRoomsAndCorridors(self):
        """Dig non-overlapping rectangular rooms, then join them with corridors.

        Rooms are tried at random spots; one is kept only if it stays inside the
        outer wall and keeps at least one wall between itself and every other
        room. The rooms are sorted left to right and each is joined to the next
        by an L-shaped corridor between their centres, so every room is reachable.
        """
        target = randInt(MIN_ROOMS, MAX_ROOMS)
        rooms = []
        tries = 0
        while len(rooms) < target and (tries < ROOM_TRIES or len(rooms) < 2):
            tries += 1
            height = randInt(MIN_ROOM_HEIGHT, MAX_ROOM_HEIGHT)
            width = randInt(MIN_ROOM_WIDTH, MAX_ROOM_WIDTH)
            top = randInt(1, ROWS - 1 - height)
            left = randInt(1, COLS - 1 - width)
            room = (top, left, height, width)
            if all(not self._roomsTouch(room, other) for other in rooms):
                rooms.append(room)
        for top, left, height, width in rooms:
            for r in range(top, top + height):
                for c in range(left, left + width):
                    self.m_grid[r][c] = FLOOR
        rooms.sort(key=lambda room: room[1])
        for first, second in zip(rooms, rooms[1:]):
            self._digCorridor(self._centre(first), self._centre(second))

    @staticmethod
    def _roomsTouch(a, b):
        """Return True if room a and room b overlap or have no wall between them."""
        aTop, aLeft, aHeight, aWidth = a
        bTop, bLeft, bHeight, bWidth = b
        return not (aTop + aHeight + 1 <= bTop or bTop + bHeight + 1 <= aTop or
                    aLeft + aWidth + 1 <= bLeft or bLeft + bWidth + 1 <= aLeft)

    @staticmethod
    def _centre(room):
        top, left, height, width = room
        return top + height // 2, left + width // 2

    def _digCorridor(self, start, end):
        """Dig a corridor from start along start's row, then along end's column."""
        (r1, c1), (r2, c2) = start, end
        step = 1 if c2 >= c1 else -1
        for c in range(c1, c2 + step, step):
            self.m_grid[r1][c] = FLOOR
        step = 1 if r2 >= r1 else -1
        for r in range(r1, r2 + step, step):
            self.m_grid[r][c2] = FLOOR

    def _randomEmptyFloor(self):
        """Return a random floor spot that holds no object and no stairway."""
        while True:
            row, col = self.randomSpotWithoutMonster()
            if not self.hasNonActorAt(row, col):
                return row, col

    def _placeStairsOrIdol(self):
        """Put the stairway down on levels 0-3, the golden idol on the bottom level."""
        row, col = self._randomEmptyFloor()
        if self.m_level < BOTTOM_LEVEL:
            self.m_grid[row][col] = STAIRS
        else:
            self.m_objects.append(GameObject("golden idol", IDOL_SYMBOL, row, col))

    def _placeObjects(self):
        """Scatter 2 or 3 random weapons or scrolls on free floor spots."""
        kinds = len(PLACEABLE_WEAPONS) + len(PLACEABLE_SCROLLS)
        for _ in range(randInt(2, 3)):
            row, col = self._randomEmptyFloor()
            choice = randInt(0, kinds - 1)
            if choice < len(PLACEABLE_WEAPONS):
                item = Weapon(PLACEABLE_WEAPONS[choice], row, col)
            else:
                item = Scroll(PLACEABLE_SCROLLS[choice - len(PLACEABLE_WEAPONS)], row, col)
            self.m_objects.append(item)

    def _placeMonsters(self):
        """Place randInt(2, 5*(L+1)+1) monsters of the kinds allowed on this level."""
        count = randInt(2, 5 * (self.m_level + 1) + 1)
        kinds = ["Snakewoman", "Goblin"]
        if self.m_level >= 2:
            kinds.append("Bogeyman")
        if self.m_level >= 3:
            kinds.append("Dragon")
        for _ in range(count):
            while True:
                row, col = self.randomSpotWithoutMonster()
                if (row, col) != (self.m_player.row(), self.m_player.col()):
                    break
            kind = kinds[randInt(0, len(kinds) - 1)]
            if kind == "Snakewoman":
                monster = Snakewoman(self, row, col)
            elif kind == "Goblin":
                monster = Goblin(self, row, col, self.m_smellDistance)
            elif kind == "Bogeyman":
                monster = Bogeyman(self, row, col)
            else:
                monster = Dragon(self, row, col)
            self.m_monsters.append(monster)
