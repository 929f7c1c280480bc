"""
File: World.py
Author: (second-year student, independent solution)
Class: CSCI 136, Ultima 0.1 lab ("threaded monsters")
Credits: the Ultima 0 / 0.1 handouts and their clarifications.

Description:
    The World holds the grid of Tiles, the Avatar and the Monsters.  It reads
    the map file, handles the keys typed by the player, lights the map with a
    recursive flood fill (lightDFS), and referees every move: both the
    avatar's (from the main program) and the monsters' (from their threads).

    Thread safety: self.lock (a threading.Lock) protects the tiles, the
    avatar and the monsters.  avatarMove() and monsterMove() take the lock
    themselves; handleKey() changes the torch and relights under the lock.
    draw() does NOT take the lock: the caller (Ultima.py) holds it while
    drawing, because the lock is not re-entrant.

Map file format (Ultima 0.1):
    width height
    avatarX avatarY hitPoints damage torchRadius
    `height` lines of `width` tile codes, the first line being the TOP row
    then any number of monster lines:  CODE x y hitPoints damage sleepMs
    (An Ultima 0 map, whose second line is just "x y", also loads: the avatar
    then gets the default hit points / damage / torch and there are no
    monsters.)
"""

import sys
import threading

import StdDraw
from Tile import Tile
from Avatar import Avatar
from Monster import Monster


# key -> (dx, dy)
MOVES = {
    "w": (0, 1),    # north
    "s": (0, -1),   # south
    "a": (-1, 0),   # west
    "d": (1, 0),    # east
}


def _number(tok, filename, lineno, what, isInt):
    """Convert a token from the map file to an int (isInt) or a float, with
    a clear error message if it isn't one."""
    try:
        if isInt:
            return int(tok)
        return float(tok)
    except ValueError:
        pass
    # allow things like "20.0" for integer fields as long as they are whole
    try:
        f = float(tok)
        if isInt and f == int(f):
            return int(f)
    except ValueError:
        pass
    raise ValueError("%s line %d: %s should be a%s number, got '%s'"
                     % (filename, lineno, what,
                        "n integer" if isInt else "", tok))


class World:
    """All the tiles, the avatar and the monsters."""

    def __init__(self, filename):
        """Load the tiles, avatar and monsters from the map file, set up the
        drawing window, light the world once and start the monster threads."""
        self.lock = threading.Lock()
        self.monsters = []
        self._occupied = {}  # (x, y) -> monster standing there

        # read the non-blank lines, remembering their line numbers
        lines = []
        with open(filename, "r") as f:   # universal newlines handles CRLF
            lineno = 0
            for line in f:
                lineno += 1
                parts = line.split()
                if parts:
                    lines.append((lineno, parts))
        if len(lines) < 2:
            raise ValueError("%s: the map needs a size line and an avatar line"
                             % filename)

        # line 1: width height
        lineno, parts = lines[0]
        if len(parts) != 2:
            raise ValueError("%s line %d: expected 'width height'"
                             % (filename, lineno))
        self.width = _number(parts[0], filename, lineno, "width", True)
        self.height = _number(parts[1], filename, lineno, "height", True)
        if self.width <= 0 or self.height <= 0:
            raise ValueError("%s line %d: width and height must be positive"
                             % (filename, lineno))

        # line 2: x y hp damage torch   (or just x y for an Ultima 0 map)
        lineno, parts = lines[1]
        if len(parts) not in (2, 5):
            raise ValueError("%s line %d: expected 'x y hitPoints damage torch'"
                             % (filename, lineno))
        ax = _number(parts[0], filename, lineno, "avatar x", True)
        ay = _number(parts[1], filename, lineno, "avatar y", True)
        if len(parts) == 5:
            hp = _number(parts[2], filename, lineno, "avatar hit points", True)
            dmg = _number(parts[3], filename, lineno, "avatar damage", True)
            torch = _number(parts[4], filename, lineno, "torch radius", False)
            self.avatar = Avatar(ax, ay, hp, dmg, torch)
        else:
            self.avatar = Avatar(ax, ay)
        if not self.inBounds(ax, ay):
            raise ValueError("%s line %d: avatar start (%d, %d) is off the map"
                             % (filename, lineno, ax, ay))

        # the tile rows; self.tiles[x][y], first row in the file is the top
        if len(lines) < 2 + self.height:
            raise ValueError("%s: expected %d rows of tiles, found only %d"
                             % (filename, self.height, len(lines) - 2))
        self.tiles = [[None] * self.height for _ in range(self.width)]
        for i in range(self.height):
            lineno, parts = lines[2 + i]
            if len(parts) != self.width:
                raise ValueError("%s line %d: expected %d tile codes, found %d"
                                 % (filename, lineno, self.width, len(parts)))
            y = self.height - 1 - i
            for x in range(self.width):
                try:
                    self.tiles[x][y] = Tile(parts[x])
                except ValueError:
                    raise ValueError("%s line %d, code number %d (tile x=%d, y=%d):"
                                     " unknown tile code '%s'"
                                     % (filename, lineno, x + 1, x, y, parts[x]))

        # the monsters
        for lineno, parts in lines[2 + self.height:]:
            if len(parts) != 6:
                raise ValueError("%s line %d: expected a monster line "
                                 "'CODE x y hitPoints damage sleepMs'"
                                 % (filename, lineno))
            mx = _number(parts[1], filename, lineno, "monster x", True)
            my = _number(parts[2], filename, lineno, "monster y", True)
            mhp = _number(parts[3], filename, lineno, "monster hit points", True)
            mdmg = _number(parts[4], filename, lineno, "monster damage", True)
            msleep = _number(parts[5], filename, lineno, "monster sleepMs", False)
            if not self.inBounds(mx, my):
                raise ValueError("%s line %d: monster position (%d, %d) is off"
                                 " the map" % (filename, lineno, mx, my))
            if (mx, my) in self._occupied or \
                    (mx == self.avatar.getX() and my == self.avatar.getY()):
                raise ValueError("%s line %d: tile (%d, %d) is already taken"
                                 % (filename, lineno, mx, my))
            try:
                m = Monster(self, parts[0], mx, my, mhp, mdmg, msleep)
            except ValueError:
                raise ValueError("%s line %d: unknown monster code '%s'"
                                 % (filename, lineno, parts[0]))
            self.monsters.append(m)
            self._occupied[(mx, my)] = m

        # window: one 16x16 tile per index, scales in pixels
        try:
            StdDraw.setCanvasSize(self.width * Tile.SIZE,
                                  self.height * Tile.SIZE)
        except Exception:
            pass   # StdDraw only allows one canvas per program
        StdDraw.setXscale(0, self.width * Tile.SIZE)
        StdDraw.setYscale(0, self.height * Tile.SIZE)

        # light once, then let the monsters loose
        self.light(self.avatar.getX(), self.avatar.getY(),
                   self.avatar.getTorchRadius())
        # (holding the lock while starting them keeps the early starters
        # blocked in monsterMove instead of fighting over the CPU with the
        # loop that starts the rest; matters with thousands of monsters)
        with self.lock:
            for m in list(self.monsters):
                m.start()

    # ------------------------------------------------------------------
    # small helpers

    def inBounds(self, x, y):
        """Is index (x, y) on the map?"""
        return 0 <= x < self.width and 0 <= y < self.height

    def _relight(self):
        """Unlight everything and relight around the avatar (lock held)."""
        return self.light(self.avatar.getX(), self.avatar.getY(),
                          self.avatar.getTorchRadius())

    def _removeIfDead(self, monster):
        """Take a dead monster off the map (lock held).  Its thread notices
        its hp <= 0 and ends by itself."""
        if monster.getHitPoints() <= 0:
            key = (monster.getX(), monster.getY())
            if self._occupied.get(key) is monster:
                del self._occupied[key]
            if monster in self.monsters:
                self.monsters.remove(monster)

    # ------------------------------------------------------------------
    # the public interface

    def handleKey(self, ch):
        """Handle a key from the main program: w/s/a/d move the avatar
        north/south/west/east, + and - change the torch; anything else is
        ignored.  Afterwards the world is relit from the avatar."""
        if not self.avatarAlive():
            return
        if ch in MOVES:
            dx, dy = MOVES[ch]
            # avatarMove takes the lock and relights
            self.avatarMove(self.avatar.getX() + dx, self.avatar.getY() + dy)
            return
        with self.lock:
            if ch == "+":
                self.avatar.increaseTorch()
            elif ch == "-":
                self.avatar.decreaseTorch()
            self._relight()

    def avatarMove(self, x, y):
        """Try to move the avatar to index (x, y).  Off the map or
        impassable: nothing happens.  A monster there: the avatar attacks it
        and stays put.  Otherwise the avatar moves and takes the tile's
        damage.  The world is relit afterwards."""
        with self.lock:
            if not self.avatarAlive():
                return
            if self.inBounds(x, y) and self.tiles[x][y].isPassable():
                target = self._occupied.get((x, y))
                if target is not None:
                    target.incurDamage(self.avatar.getDamage())
                    self._removeIfDead(target)
                else:
                    self.avatar.setLocation(x, y)
                    dmg = self.tiles[x][y].getDamage()
                    if dmg > 0:
                        self.avatar.incurDamage(dmg)
            self._relight()

    def monsterMove(self, x, y, monster):
        """Try to move `monster` to index (x, y) (called from the monster's
        thread).  Off the map, impassable or another monster there: nothing.
        The avatar there: the monster attacks it and stays put.  Otherwise
        the monster moves and takes the tile's damage (and disappears if
        that kills it)."""
        with self.lock:
            # a dead monster, or one no longer on the map, doesn't move
            if monster.getHitPoints() <= 0 or \
                    self._occupied.get((monster.getX(), monster.getY())) \
                    is not monster:
                return
            if not self.avatarAlive():
                return
            if not self.inBounds(x, y) or not self.tiles[x][y].isPassable():
                return
            if (x, y) in self._occupied:
                return
            if x == self.avatar.getX() and y == self.avatar.getY():
                self.avatar.incurDamage(monster.getDamage())
                return
            del self._occupied[(monster.getX(), monster.getY())]
            monster.setLocation(x, y)
            self._occupied[(x, y)] = monster
            dmg = self.tiles[x][y].getDamage()
            if dmg > 0:
                monster.incurDamage(dmg)
                self._removeIfDead(monster)

    def avatarAlive(self):
        """Is the avatar still alive (hp > 0)?"""
        return self.avatar.getHitPoints() > 0

    def getNumMonsters(self):
        """How many monsters are still alive on the map."""
        return len(self.monsters)

    def draw(self):
        """Draw all the tiles, the monsters on lit tiles, then the avatar.
        The caller should hold self.lock while this runs."""
        for x in range(self.width):
            column = self.tiles[x]
            for y in range(self.height):
                column[y].draw(x, y)
        for m in list(self.monsters):
            mx, my = m.getX(), m.getY()
            if self.inBounds(mx, my) and self.tiles[mx][my].getLit():
                m.draw()
        self.avatar.draw()

    def light(self, x, y, r):
        """Unlight every tile, then light the tiles the torch of radius r at
        (x, y) reaches.  Returns how many tiles got lit."""
        for column in self.tiles:
            for t in column:
                t.setLit(False)
        return self.lightDFS(x, y, x, y, r)

    def lightDFS(self, x, y, currX, currY, r):
        """Recursive flood fill for light().  (x, y) is the torch position,
        (currX, currY) the tile being looked at.  Returns the number of tiles
        lit by this call and its recursive calls."""
        # base case 1: off the map
        if not self.inBounds(currX, currY):
            return 0
        tile = self.tiles[currX][currY]
        # base case 2: already visited (lit)
        if tile.getLit():
            return 0
        # base case 4: outside the torch, Euclidean distance >= r
        dx = currX - x
        dy = currY - y
        if dx * dx + dy * dy >= r * r:
            return 0
        tile.setLit(True)
        # base case 3: opaque tiles get lit but stop the light
        if tile.isOpaque():
            return 1
        count = 1
        count += self.lightDFS(x, y, currX, currY + 1, r)   # north
        count += self.lightDFS(x, y, currX, currY - 1, r)   # south
        count += self.lightDFS(x, y, currX + 1, currY, r)   # east
        count += self.lightDFS(x, y, currX - 1, currY, r)   # west
        return count


def main():
    """Test main: load the map given on the command line, light it from the
    avatar's start, print the count, draw and show."""
    if len(sys.argv) < 2:
        print("usage: python World.py MAPFILE")
        return
    # big open maps with a big torch recurse deeper than Python's default
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 100000))
    world = World(sys.argv[1])
    a = world.avatar
    with world.lock:
        count = world.light(a.getX(), a.getY(), a.getTorchRadius())
        print("light(%d, %d, %.1f) = %d"
              % (a.getX(), a.getY(), a.getTorchRadius(), count))
        world.draw()
    StdDraw.show()


if __name__ == "__main__":
    main()
