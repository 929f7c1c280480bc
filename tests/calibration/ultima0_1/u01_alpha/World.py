"""
File:        World.py
Author:      Jordan Alvarez
Credits:     CSCI 136 Ultima 0 and Ultima 0.1 assignment handouts and starter
             code (including the test main); StdDraw from the Princeton
             introcs booksite; Python's threading module.
Class:       CSCI 136, Spring 2023
Description: The World holds every Tile of the map, the Avatar and the
             Monsters. It reads the map file, handles the key presses passed
             in by Ultima.py, draws everything, and works out which tiles the
             torch lights with a recursive depth first search (lightDFS).
             Every monster runs in its own thread; all moves (the Avatar's and
             the monsters') go through avatarMove / monsterMove, which do
             their whole work while holding self.lock, so two threads never
             change the world at the same time.

Map file format: "width height", then "startX startY hp damage torch" for the
Avatar, then height rows of width tile codes (the first row in the file is the
TOP row of the world), then one line per monster: "CODE x y hp damage sleepMs".
An Ultima 0 map (only "startX startY" on line 2, no monsters) still loads.
"""

import math
import sys
import threading

import StdDraw
from Avatar import Avatar
from Monster import Monster
from Tile import Tile


class World:
    """All the tiles of the map plus the Avatar and the Monsters on it.

    Public attributes: lock (a threading.Lock guarding the world's state)
    and avatar (the player).
    """

    # key -> (dx, dy) for the four movement keys
    MOVES = {
        "w": (0, 1),    # north
        "s": (0, -1),   # south
        "a": (-1, 0),   # west
        "d": (1, 0),    # east
    }

    def __init__(self, filename):
        """Load the tiles, the Avatar and the Monsters from the map file, size
        the window, light the area around the Avatar and start one thread per
        monster."""
        with open(filename, "r") as mapfile:
            lines = [line.split() for line in mapfile]
        lines = [words for words in lines if words]   # drop blank lines

        self._width = int(lines[0][0])
        self._height = int(lines[0][1])
        start = lines[1]
        if len(start) >= 5:
            self.avatar = Avatar(int(start[0]), int(start[1]), int(start[2]),
                                 int(start[3]), float(start[4]))
        else:   # an Ultima 0 map: the Avatar gets the default hp, damage and torch
            self.avatar = Avatar(int(start[0]), int(start[1]))

        # self._tiles[x][y]; row i of the file is y = height - 1 - i
        self._tiles = [[None] * self._height for _ in range(self._width)]
        for i in range(self._height):
            row = lines[2 + i]
            y = self._height - 1 - i
            for x in range(self._width):
                try:
                    self._tiles[x][y] = Tile(row[x])
                except ValueError:
                    raise ValueError("Unknown tile code '%s' in %s, map row %d, column %d"
                                     % (row[x], filename, i + 1, x + 1))

        # The lock every thread takes before it changes the world.
        self.lock = threading.Lock()
        self._running = True   # becomes False when the game is over (see stop)

        # The monsters, as a list and by position (self._monsterAt[x][y]).
        self._monsters = []
        self._monsterAt = [[None] * self._height for _ in range(self._width)]
        for words in lines[2 + self._height:]:
            self._addMonster(filename, words)

        # The torch search recurses once per lit tile: make room for a fully
        # lit map (the default limit of 1000 is too small for a 50x50 map).
        sys.setrecursionlimit(max(sys.getrecursionlimit(),
                                  self._width * self._height + 1000))

        StdDraw.setCanvasSize(self._width * Tile.SIZE, self._height * Tile.SIZE)
        StdDraw.setXscale(0, self._width * Tile.SIZE)
        StdDraw.setYscale(0, self._height * Tile.SIZE)

        self._relight()

        # Every monster runs in its own thread. Daemon threads, so that closing
        # the window ends the program even while a monster is asleep. The lock
        # is held while they start, so no monster moves before all have started
        # (with thousands of monsters this also makes starting much faster).
        with self.lock:
            for monster in self._monsters:
                thread = threading.Thread(target=monster.run, daemon=True)
                thread.start()

    def _addMonster(self, filename, words):
        """Create the monster described by one map line "CODE x y hp damage
        sleepMs" and put it in the world (used by the constructor)."""
        where = "in %s, monster line '%s'" % (filename, " ".join(words))
        if len(words) != 6:
            raise ValueError("Bad monster line %s: expected CODE x y hp damage sleepMs" % where)
        if words[0] not in Monster.IMAGES:
            raise ValueError("Unknown monster code '%s' %s" % (words[0], where))
        x, y, hp, damage, sleepMs = [int(word) for word in words[1:]]
        if not self._onMap(x, y):
            raise ValueError("Monster off the map %s" % where)
        if self._monsterAt[x][y] is not None or \
                (x == self.avatar.getX() and y == self.avatar.getY()):
            raise ValueError("Monster on an occupied tile %s" % where)
        monster = Monster(self, words[0], x, y, hp, damage, sleepMs)
        self._monsters.append(monster)
        self._monsterAt[x][y] = monster

    def handleKey(self, ch):
        """Handle one key from the main program.

        w/s/a/d try to move the Avatar north/south/west/east (see avatarMove);
        + and - change the torch. Other keys are ignored. The lighting is
        redone after every key.
        """
        if ch in World.MOVES:
            dx, dy = World.MOVES[ch]
            self.avatarMove(self.avatar.getX() + dx, self.avatar.getY() + dy)
        else:
            with self.lock:
                if ch == "+":
                    self.avatar.increaseTorch()
                elif ch == "-":
                    self.avatar.decreaseTorch()
                self._relight()

    def avatarMove(self, x, y):
        """Try to move the Avatar to the index position (x, y).

        Nothing happens if (x, y) is off the map or not passable, or if the
        Avatar is dead. If a monster is there the Avatar attacks it and stays
        put (a monster with no hit points left disappears). Otherwise the
        Avatar moves, takes the tile's damage (lava) and the world is relit.
        """
        with self.lock:
            if not self.avatarAlive():
                return
            if not self._onMap(x, y) or not self._tiles[x][y].isPassable():
                return
            monster = self._monsterAt[x][y]
            if monster is not None:
                monster.incurDamage(self.avatar.getDamage())
                if monster.getHitPoints() <= 0:
                    self._removeMonster(monster)
                return
            self.avatar.setLocation(x, y)
            self.avatar.incurDamage(self._tiles[x][y].getDamage())
            self._relight()

    def monsterMove(self, x, y, monster):
        """Try to move monster to the index position (x, y) (called from the
        monster's own thread).

        Nothing happens if the monster is dead, the game is over, (x, y) is
        off the map or not passable, or another monster is there. If the
        Avatar is there the monster attacks it and stays put. Otherwise the
        monster moves and takes the tile's damage (lava); if that kills it,
        it disappears.
        """
        with self.lock:
            if monster.getHitPoints() <= 0 or not self.isRunning():
                return
            if not self._onMap(x, y) or not self._tiles[x][y].isPassable():
                return
            if x == self.avatar.getX() and y == self.avatar.getY():
                self.avatar.incurDamage(monster.getDamage())
                return
            if self._monsterAt[x][y] is not None:
                return
            self._monsterAt[monster.getX()][monster.getY()] = None
            self._monsterAt[x][y] = monster
            monster.setLocation(x, y)
            monster.incurDamage(self._tiles[x][y].getDamage())
            if monster.getHitPoints() <= 0:
                self._removeMonster(monster)

    def _removeMonster(self, monster):
        """Take a dead monster out of the world (the caller holds the lock).
        Its thread sees its hit points are gone and ends by itself."""
        if self._monsterAt[monster.getX()][monster.getY()] is monster:
            self._monsterAt[monster.getX()][monster.getY()] = None
        if monster in self._monsters:
            self._monsters.remove(monster)

    def avatarAlive(self):
        """Return True while the Avatar has hit points left."""
        return self.avatar.getHitPoints() > 0

    def getNumMonsters(self):
        """Return the number of monsters still alive in the world."""
        return len(self._monsters)

    def isRunning(self):
        """Return True while the game goes on: the Avatar is alive and
        stop() has not been called. Monster threads end when this is False."""
        return self._running and self.avatarAlive()

    def stop(self):
        """End the game: every monster thread finishes after its current sleep."""
        self._running = False

    def draw(self):
        """Draw every tile, then the monsters standing on lit tiles, then the
        Avatar on top of them. Call it while holding self.lock."""
        for x in range(self._width):
            for y in range(self._height):
                self._tiles[x][y].draw(x, y)
        for monster in self._monsters:
            if self._tiles[monster.getX()][monster.getY()].getLit():
                monster.draw()
        self.avatar.draw()

    def light(self, x, y, r):
        """Unlight the whole world, then light the tiles around (x, y) for a
        torch of radius r. Return the number of tiles that were lit."""
        for column in self._tiles:
            for tile in column:
                tile.setLit(False)
        return self.lightDFS(x, y, x, y, r)

    def lightDFS(self, x, y, currX, currY, r):
        """Recursively light the tile at (currX, currY) and spread to its
        north, south, east and west neighbours.

        (x, y) stays the position of the torch. Returns how many tiles were
        lit by this call and its recursive calls.
        """
        # Base case 1: off the map
        if not self._onMap(currX, currY):
            return 0
        tile = self._tiles[currX][currY]
        # Base case 2: already visited (lit)
        if tile.getLit():
            return 0
        # Base case 4: outside the torch radius
        if math.sqrt((currX - x) ** 2 + (currY - y) ** 2) >= r:
            return 0
        tile.setLit(True)
        # Base case 3: opaque tiles are lit but stop the light
        if tile.isOpaque():
            return 1
        count = 1
        count += self.lightDFS(x, y, currX, currY + 1, r)   # north
        count += self.lightDFS(x, y, currX, currY - 1, r)   # south
        count += self.lightDFS(x, y, currX + 1, currY, r)   # east
        count += self.lightDFS(x, y, currX - 1, currY, r)   # west
        return count

    def _onMap(self, x, y):
        """Return True if (x, y) is a valid tile index of this world."""
        return 0 <= x < self._width and 0 <= y < self._height

    def _relight(self):
        """Light the world from the Avatar's current position and torch."""
        return self.light(self.avatar.getX(), self.avatar.getY(),
                          self.avatar.getTorchRadius())


def main():
    """Test main: load the map named on the command line, print the result
    of lighting from the Avatar's start, then draw and show the world."""
    world = World(sys.argv[1])
    try:
        with world.lock:
            x = world.avatar.getX()
            y = world.avatar.getY()
            r = world.avatar.getTorchRadius()
            print("light(%d, %d, %.1f) = %d" % (x, y, r, world.light(x, y, r)))
            world.draw()
        StdDraw.show()
    finally:
        world.stop()


if __name__ == "__main__":
    main()
