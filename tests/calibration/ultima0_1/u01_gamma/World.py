"""
World.py
========

:Author:  Sam O'Connor
:Class:   CSCI 136 (Data Structures and Algorithms), Ultima 0 assignment,
          extended for the Ultima 0.1 lab (threaded monsters)
:Credits: Specification, map files and test main from the Ultima 0 and
          Ultima 0.1 handouts and starter code; StdDraw is the course's
          booksite module.

Description
-----------
The World class: the whole map, the Avatar and the monsters. The tiles are
kept in one flat list in row-major order, tile (x, y) at index
``y * width + x``, with y = 0 the bottom row (the file lists the top row
first).

Lighting: ``light()`` runs the recursive ``lightDFS()`` from the Avatar's
tile. The reset of the lighting (every tile back to unlit) happens in
``draw()``: each time the world is drawn it is unlit and lit again from the
Avatar's current position and torch, so after every key the picture is
up to date. ``handleKey()`` only changes the Avatar.

Ultima 0.1: the map file's second line is ``x y hp damage torch`` for the
Avatar, and after the tile rows come monster lines
``CODE x y hp damage sleepMs``. Every monster is a thread (see Monster.py);
the constructor starts them all. Two methods change the world:
``avatarMove(x, y)`` and ``monsterMove(x, y, monster)``, where (x, y) is the
tile the mover wants to step onto. Neither takes the lock itself: the caller
holds ``world.lock`` (handleKey takes it around the Avatar's move,
Monster.run around the monster's move, and the main program around draw()).
The live monsters are kept in a list (for drawing and counting) and in a
flat list like the tiles, ``monsterAt``, with the monster standing on each
tile or None, so finding the monster on a tile takes one look-up even with
thousands of monsters. A monster that dies is taken off both at once, so it
is not drawn and does not block a tile any more; its thread then ends.
"""

import math
import sys
import threading

import StdDraw
from Avatar import Avatar
from Monster import Monster
from Tile import Tile


class World:
    """The tiles of the map, stored in a flat list, the Avatar and the
    monsters (each one running in its own thread)."""

    AVATAR_WORDS = 5    # x y hp damage torch
    MONSTER_WORDS = 6   # CODE x y hp damage sleepMs

    def __init__(self, filename):
        """Load the map file: the size, the Avatar, every tile and every
        monster.

        Also sizes the drawing window to the map (one time only), lights
        the tiles around the Avatar's start and starts the monster threads.

        :param filename: name of the map file
        :raises ValueError: if the file is not a valid Ultima 0.1 map
        """
        with open(filename) as f:
            words = f.read().split()   # any mix of spaces, tabs and newlines
        if len(words) < 2 + World.AVATAR_WORDS:
            raise ValueError("%s: the first two lines must be 'width height' and "
                             "'x y hp damage torch'" % filename)
        self.width = int(words[0])
        self.height = int(words[1])
        self.avatar = Avatar(int(words[2]), int(words[3]), int(words[4]),
                             int(words[5]), float(words[6]))

        first = 2 + World.AVATAR_WORDS   # index of the first tile code
        codes = words[first:first + self.width * self.height]
        if len(codes) < self.width * self.height:
            raise ValueError("%s: expected %d tile codes, found %d"
                             % (filename, self.width * self.height, len(codes)))
        self.tiles = [None] * (self.width * self.height)
        for n in range(self.width * self.height):
            row, x = divmod(n, self.width)   # row 0 is the first (top) row in the file
            y = self.height - 1 - row
            try:
                self.tiles[self.index(x, y)] = Tile(codes[n])
            except ValueError:
                raise ValueError("%s: unknown tile code %r at map row %d, column %d"
                                 % (filename, codes[n], row + 1, x + 1))
        if not self.inBounds(self.avatar.getX(), self.avatar.getY()):
            raise ValueError("%s: the Avatar's start (%d, %d) is off the map"
                             % (filename, self.avatar.getX(), self.avatar.getY()))

        self.lock = threading.Lock()   # taken by whoever changes or draws the world
        self.over = False              # set by endGame(): every monster thread stops
        self.monsters = []                                  # the live monsters
        self.monsterAt = [None] * (self.width * self.height)  # monster on each tile, or None
        self.loadMonsters(filename, words[first + self.width * self.height:])

        # lightDFS can go as deep as the number of tiles it lights (a whole
        # open map with a big torch), so make sure Python allows that
        if sys.getrecursionlimit() < self.width * self.height + 1000:
            sys.setrecursionlimit(self.width * self.height + 1000)

        StdDraw.setCanvasSize(self.width * Tile.SIZE, self.height * Tile.SIZE)
        StdDraw.setXscale(0, self.width * Tile.SIZE)
        StdDraw.setYscale(0, self.height * Tile.SIZE)

        self.light(self.avatar.getX(), self.avatar.getY(), self.avatar.getTorchRadius())

        for monster in self.monsters:
            monster.start()

    def loadMonsters(self, filename, words):
        """Build the monsters from the words after the tile rows, six words
        (CODE x y hp damage sleepMs) per monster. The threads are not
        started here.

        :raises ValueError: for a bad monster line, or a monster that is off
                            the map or on the Avatar or another monster
        """
        if len(words) % World.MONSTER_WORDS != 0:
            raise ValueError("%s: monster lines must be 'CODE x y hp damage sleepMs' "
                             "(%d words left over)" % (filename, len(words) % World.MONSTER_WORDS))
        for i in range(0, len(words), World.MONSTER_WORDS):
            number = i // World.MONSTER_WORDS + 1
            code = words[i]
            try:
                x, y, hp, damage = [int(w) for w in words[i + 1:i + 5]]
                sleepMs = float(words[i + 5])
                monster = Monster(self, code, x, y, hp, damage, sleepMs)
            except ValueError as err:
                raise ValueError("%s: bad monster line %d %r: %s"
                                 % (filename, number, " ".join(words[i:i + 6]), err))
            if not self.inBounds(x, y):
                raise ValueError("%s: monster %d (%s) at (%d, %d) is off the map"
                                 % (filename, number, code, x, y))
            if self.getMonster(x, y) is not None or self.isAvatarAt(x, y):
                raise ValueError("%s: monster %d (%s) at (%d, %d) is on an occupied tile"
                                 % (filename, number, code, x, y))
            self.monsters.append(monster)
            self.monsterAt[self.index(x, y)] = monster

    def index(self, x, y):
        """Return the position of tile (x, y) in the flat tile list."""
        return y * self.width + x

    def inBounds(self, x, y):
        """Return True if (x, y) is a tile index inside the map."""
        return 0 <= x < self.width and 0 <= y < self.height

    def getTile(self, x, y):
        """Return the Tile at index position (x, y) (which must be on the map)."""
        return self.tiles[self.index(x, y)]

    def getMonster(self, x, y):
        """Return the live monster on tile (x, y) (which must be on the
        map), or None if there is none."""
        return self.monsterAt[self.index(x, y)]

    def removeMonster(self, monster):
        """Take a dead monster off the map. The caller holds the lock."""
        self.monsterAt[self.index(monster.getX(), monster.getY())] = None
        self.monsters.remove(monster)

    def isAvatarAt(self, x, y):
        """Return True if the Avatar stands on tile (x, y)."""
        return self.avatar.getX() == x and self.avatar.getY() == y

    def avatarAlive(self):
        """Return True while the Avatar has hit points left."""
        return self.avatar.getHitPoints() > 0

    def getNumMonsters(self):
        """Return how many monsters are still alive."""
        return len(self.monsters)

    def isOver(self):
        """Return True once endGame() was called (the monsters then stop)."""
        return self.over

    def endGame(self):
        """Tell every monster thread to stop (used when the game or the
        program ends, e.g. the window was closed)."""
        self.over = True

    def handleKey(self, ch):
        """Handle a keypress from Ultima.py.

        w/a/s/d try to move the Avatar north/west/south/east (see
        avatarMove), + and - change the torch size. Any other key does
        nothing. The Avatar's move is made while holding the world's lock,
        since the monster threads change the world too. The new lighting is
        worked out by draw().
        """
        step = {"w": (0, 1), "a": (-1, 0), "s": (0, -1), "d": (1, 0)}
        if ch in step:
            self.lock.acquire()
            try:
                self.avatarMove(self.avatar.getX() + step[ch][0],
                                self.avatar.getY() + step[ch][1])
            finally:
                self.lock.release()
        elif ch == "+":
            self.avatar.increaseTorch()
        elif ch == "-":
            self.avatar.decreaseTorch()

    def avatarMove(self, x, y):
        """Try to move the Avatar onto tile (x, y). The caller holds the lock.

        Off the map or impassable: nothing happens. A monster there: the
        Avatar attacks it and stays where it is (a monster left with no hit
        points is taken off the map). Otherwise the Avatar moves there and
        takes the tile's damage (lava).
        """
        if not self.inBounds(x, y) or not self.getTile(x, y).isPassable():
            return
        monster = self.getMonster(x, y)
        if monster is not None:
            monster.incurDamage(self.avatar.getDamage())
            if monster.getHitPoints() <= 0:
                self.removeMonster(monster)   # its thread ends when it wakes up
            return
        self.avatar.setLocation(x, y)
        self.avatar.incurDamage(self.getTile(x, y).getDamage())

    def monsterMove(self, x, y, monster):
        """Try to move the given monster onto tile (x, y). The caller holds
        the lock.

        Off the map, impassable or another monster there: nothing happens.
        The Avatar there: the monster attacks it and stays where it is.
        Otherwise the monster moves there and takes the tile's damage (a
        monster that dies on lava is taken off the map). A monster that is
        no longer on the map (dead) does nothing.
        """
        mx, my = monster.getX(), monster.getY()
        if not self.inBounds(mx, my) or self.getMonster(mx, my) is not monster:
            return                                      # dead: no longer on the map
        if not self.inBounds(x, y) or not self.getTile(x, y).isPassable():
            return
        if self.getMonster(x, y) is not None:
            return
        if self.isAvatarAt(x, y):
            self.avatar.incurDamage(monster.getDamage())
            return
        self.monsterAt[self.index(mx, my)] = None
        monster.setLocation(x, y)
        self.monsterAt[self.index(x, y)] = monster
        monster.incurDamage(self.getTile(x, y).getDamage())
        if monster.getHitPoints() <= 0:
            self.removeMonster(monster)

    def unlightAll(self):
        """Set every tile of the world back to unlit."""
        for tile in self.tiles:
            tile.setLit(False)

    def draw(self):
        """Re-light the world from the Avatar, then draw every tile, the
        monsters and the Avatar on top. The caller holds the lock."""
        self.unlightAll()
        self.light(self.avatar.getX(), self.avatar.getY(), self.avatar.getTorchRadius())
        for n in range(len(self.tiles)):
            y, x = divmod(n, self.width)
            self.tiles[n].draw(x, y)
        for monster in self.monsters:
            monster.draw()
        self.avatar.draw()

    def light(self, x, y, r):
        """Light the tiles the torch reaches from (x, y) with radius r.

        Expects the tiles to be unlit already (draw() resets them).

        :returns: the number of tiles that were lit
        """
        return self.lightDFS(x, y, x, y, r)

    def lightDFS(self, x, y, currX, currY, r):
        """Recursive depth-first lighting from (currX, currY).

        (x, y) is where the torch is; a tile is inside the torch only if its
        Euclidean distance from (x, y) is less than r.

        :returns: how many tiles this call (and the calls it made) lit
        """
        if not self.inBounds(currX, currY):              # base case 1: off the map
            return 0
        tile = self.getTile(currX, currY)
        if tile.getLit():                                 # base case 2: visited
            return 0
        if math.hypot(currX - x, currY - y) >= r:         # base case 4: too far
            return 0
        tile.setLit(True)
        if tile.isOpaque():                               # base case 3: lit, stops light
            return 1
        return (1
                + self.lightDFS(x, y, currX - 1, currY, r)
                + self.lightDFS(x, y, currX + 1, currY, r)
                + self.lightDFS(x, y, currX, currY - 1, r)
                + self.lightDFS(x, y, currX, currY + 1, r))


def main():
    """Starter test main: light from the start, print the count, draw, show.

    The monsters are already running; they are stopped when the window is
    closed (and, being daemon threads, never keep the program alive).
    """
    world = World(sys.argv[1])
    try:
        world.lock.acquire()
        try:
            x, y = world.avatar.getX(), world.avatar.getY()
            r = world.avatar.getTorchRadius()
            world.unlightAll()
            count = world.light(x, y, r)
            print("light(%d, %d, %.1f) = %d" % (x, y, r, count))
            world.draw()
        finally:
            world.lock.release()
        StdDraw.show()
    finally:
        world.endGame()


if __name__ == "__main__":
    main()
