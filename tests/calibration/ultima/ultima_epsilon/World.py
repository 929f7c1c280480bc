#
# File:        World.py
# Author:      ultima_epsilon (an independent student-style solution)
# Credits:     CSCI 136 "Ultima 0" assignment text and its clarifications;
#              the course's StdDraw module for the window; the course's
#              maps (10x5.txt, 30x20.txt, Hawaii.txt) for testing.
# Description: The whole game world: a rectangle of Tiles read from a map
#              file plus the Avatar walking on it.  It turns key presses
#              into moves and torch changes, draws everything, and works out
#              which tiles the torch lights with a recursive depth-first
#              search (lightDFS).
# Class:       World
#
# Run "python World.py MAP" to load a map, print how many tiles the torch
# lights at the start, and show the world.
#

import math
import sys

import StdDraw
from Avatar import Avatar
from Tile import Tile


# Movement keys -> (dx, dy) step.  North is +y because (0, 0) is the
# lower-left tile.
MOVE_KEYS = {
    "w": (0, 1),    # north
    "s": (0, -1),   # south
    "a": (-1, 0),   # west
    "d": (1, 0),    # east
}
TORCH_UP_KEY = "+"
TORCH_DOWN_KEY = "-"

# The four directions the light spreads in (never diagonally).
SPREAD = ((0, 1), (0, -1), (1, 0), (-1, 0))

# Line printed by the test main.
TEST_LINE = "light(%d, %d, %.1f) = %d"
USAGE = "usage: python World.py MAPFILE"


class World:
    """All the tiles of a map, stored row by row, and the Avatar on them.

    rows[y][x] is the tile at index (x, y); rows[0] is the bottom row of the
    map, which is the LAST tile line of the map file.
    """

    def __init__(self, filename):
        """Load the map in the text file filename and light around the Avatar.

        The file holds "width height", then "startX startY", then height
        lines of width tile codes, the top row of the world first.  Any
        whitespace (spaces, tabs, CRLF line ends) may separate the values.
        The drawing window is sized to fit the map, one tile per 16x16
        pixels, with StdDraw coordinates in pixels.

        Raises ValueError, naming the file and line, if the map is malformed
        or holds an unknown tile code; OSError if it cannot be read.
        """
        with open(filename, "r") as handle:
            words = _wordsWithLines(handle.read())
        reader = _WordReader(words, filename)

        self.width = reader.positiveInt("width")
        self.height = reader.positiveInt("height")
        startX = reader.integer("avatar start x")
        startY = reader.integer("avatar start y")
        self.rows = self._readTiles(reader)
        if not self.onMap(startX, startY):
            raise ValueError("%s: avatar start (%d, %d) is off the %dx%d map"
                             % (filename, startX, startY,
                                self.width, self.height))
        self.avatar = Avatar(startX, startY)

        self._setUpCanvas()
        self.relight()

    def _readTiles(self, reader):
        """Read width * height tile codes and return them as rows, bottom first."""
        rows = [[None] * self.width for _ in range(self.height)]
        for line in range(self.height):
            y = self.height - 1 - line        # file starts with the top row
            for x in range(self.width):
                rows[y][x] = reader.tile(x, y)
        return rows

    def _setUpCanvas(self):
        """Size the window to the map and use pixel coordinates."""
        pixelsWide = self.width * Tile.SIZE
        pixelsHigh = self.height * Tile.SIZE
        try:
            StdDraw.setCanvasSize(pixelsWide, pixelsHigh)
        except Exception:
            # StdDraw allows only one canvas per program; a second World in
            # the same program keeps drawing on the window already open.
            pass
        StdDraw.setXscale(0, pixelsWide)
        StdDraw.setYscale(0, pixelsHigh)

    # ----- looking at the map -------------------------------------------

    def onMap(self, x, y):
        """Return True if index (x, y) is inside the world."""
        return 0 <= x < self.width and 0 <= y < self.height

    def tileAt(self, x, y):
        """Return the Tile at index (x, y), which must be on the map."""
        return self.rows[y][x]

    def allTiles(self):
        """Yield (x, y, tile) for every tile of the world."""
        for y, row in enumerate(self.rows):
            for x, tile in enumerate(row):
                yield x, y, tile

    # ----- keys ---------------------------------------------------------

    def handleKey(self, ch):
        """React to the key ch typed by the player, then redo the lighting.

        w/s/a/d step the Avatar north/south/west/east when the tile there is
        on the map and passable; + and - change the torch radius by 0.5.
        Other keys change nothing.
        """
        if ch in MOVE_KEYS:
            dx, dy = MOVE_KEYS[ch]
            self._step(dx, dy)
        elif ch == TORCH_UP_KEY:
            self.avatar.increaseTorch()
        elif ch == TORCH_DOWN_KEY:
            self.avatar.decreaseTorch()
        self.relight()

    def _step(self, dx, dy):
        """Move the Avatar by (dx, dy) if the tile there can be walked on."""
        newX = self.avatar.getX() + dx
        newY = self.avatar.getY() + dy
        if self.onMap(newX, newY) and self.tileAt(newX, newY).isPassable():
            self.avatar.setLocation(newX, newY)

    # ----- drawing ------------------------------------------------------

    def draw(self):
        """Draw every tile (dark ones as blanks) and then the Avatar on top."""
        for x, y, tile in self.allTiles():
            tile.draw(x, y)
        self.avatar.draw()

    # ----- torch light --------------------------------------------------

    def relight(self):
        """Light the world from where the Avatar stands with its own torch."""
        return self.light(self.avatar.getX(), self.avatar.getY(),
                          self.avatar.getTorchRadius())

    def light(self, x, y, r):
        """Darken every tile, then light the ones a torch of radius r at (x, y) reaches.

        Returns the number of tiles lit.
        """
        for _, _, tile in self.allTiles():
            tile.setLit(False)
        return self.lightDFS(x, y, x, y, r)

    def lightDFS(self, x, y, currX, currY, r):
        """Light (currX, currY) and, through it, its neighbours, recursively.

        (x, y) is where the torch is.  The search stops at a tile that is
        off the map, already lit (so already visited), or at a Euclidean
        distance of r or more from (x, y).  An opaque tile within reach is
        lit but the light goes no further through it.

        Returns how many tiles this call and its recursive calls lit.
        """
        if not self.onMap(currX, currY):
            return 0
        tile = self.tileAt(currX, currY)
        if tile.getLit():
            return 0
        if _distance(x, y, currX, currY) >= r:
            return 0

        tile.setLit(True)
        if tile.isOpaque():
            return 1
        count = 1
        for dx, dy in SPREAD:
            count += self.lightDFS(x, y, currX + dx, currY + dy, r)
        return count


# ----- helpers for the World class ---------------------------------------

def _distance(x1, y1, x2, y2):
    """Return the straight-line distance between index positions."""
    return math.sqrt((x2 - x1) ** 2 + (y2 - y1) ** 2)


def _wordsWithLines(text):
    """Split text into (word, line number) pairs, line numbers from 1."""
    words = []
    for number, line in enumerate(text.splitlines(), start=1):
        for word in line.split():
            words.append((word, number))
    return words


class _WordReader:
    """Hand out the words of a map file one at a time, with clear errors."""

    def __init__(self, words, filename):
        """Read from the list of (word, line number) pairs of file filename."""
        self._words = words
        self._next = 0
        self._filename = filename

    def _take(self, what):
        """Return the next (word, line); what names it in the error if none is left."""
        if self._next >= len(self._words):
            raise ValueError("%s: file ends before the %s"
                             % (self._filename, what))
        word, line = self._words[self._next]
        self._next += 1
        return word, line

    def integer(self, what):
        """Return the next word as an int; what names it in error messages."""
        word, line = self._take(what)
        try:
            return int(word)
        except ValueError as err:
            raise ValueError("%s, line %d: %s should be a whole number, not %r"
                             % (self._filename, line, what, word)) from err

    def positiveInt(self, what):
        """Return the next word as an int that must be at least 1."""
        value = self.integer(what)
        if value < 1:
            raise ValueError("%s: %s must be at least 1, not %d"
                             % (self._filename, what, value))
        return value

    def tile(self, x, y):
        """Return a Tile made from the next word, which is the tile at (x, y)."""
        word, line = self._take("tile at (%d, %d)" % (x, y))
        try:
            return Tile(word)
        except ValueError as err:
            raise ValueError("%s, line %d: unknown tile code %r at (%d, %d)"
                             % (self._filename, line, word, x, y)) from err


def main(argv):
    """Load the map named on the command line, report the light count, show it."""
    if len(argv) < 2:
        print(USAGE, file=sys.stderr)
        return 2
    world = World(argv[1])
    avatar = world.avatar
    x, y, r = avatar.getX(), avatar.getY(), avatar.getTorchRadius()
    print(TEST_LINE % (x, y, r, world.light(x, y, r)), flush=True)
    world.draw()
    StdDraw.show()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
