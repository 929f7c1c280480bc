"""
World.py
========

:Author:  Sam O'Connor
:Class:   CSCI 136 (Data Structures and Algorithms), Ultima 0 assignment
:Credits: Specification, map files and test main from the Ultima 0 handout
          and starter code; StdDraw is the course's booksite module.

Description
-----------
The World class: the whole map and the Avatar. The tiles are kept in one flat
list in row-major order, tile (x, y) at index ``y * width + x``, with y = 0
the bottom row (the file lists the top row first).

Lighting: ``light()`` runs the recursive ``lightDFS()`` from the Avatar's
tile. The reset of the lighting (every tile back to unlit) happens in
``draw()``: each time the world is drawn it is unlit and lit again from the
Avatar's current position and torch, so after every key the picture is
up to date. ``handleKey()`` only changes the Avatar.
"""

import math
import sys

import StdDraw
from Avatar import Avatar
from Tile import Tile


class World:
    """The tiles of the map, stored in a flat list, and the Avatar."""

    def __init__(self, filename):
        """Load the map file: the size, the Avatar's start and every tile.

        Also sizes the drawing window to the map (one time only) and lights
        the tiles around the Avatar's start.

        :param filename: name of the map file
        """
        with open(filename) as f:
            words = f.read().split()   # any mix of spaces, tabs and newlines
        self.width = int(words[0])
        self.height = int(words[1])
        self.avatar = Avatar(int(words[2]), int(words[3]))

        codes = words[4:]
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

        StdDraw.setCanvasSize(self.width * Tile.SIZE, self.height * Tile.SIZE)
        StdDraw.setXscale(0, self.width * Tile.SIZE)
        StdDraw.setYscale(0, self.height * Tile.SIZE)

        self.light(self.avatar.getX(), self.avatar.getY(), self.avatar.getTorchRadius())

    def index(self, x, y):
        """Return the position of tile (x, y) in the flat tile list."""
        return y * self.width + x

    def inBounds(self, x, y):
        """Return True if (x, y) is a tile index inside the map."""
        return 0 <= x < self.width and 0 <= y < self.height

    def getTile(self, x, y):
        """Return the Tile at index position (x, y) (which must be on the map)."""
        return self.tiles[self.index(x, y)]

    def handleKey(self, ch):
        """Handle a keypress from Ultima.py.

        w/a/s/d try to move the Avatar north/west/south/east (only onto a
        passable tile that is on the map), + and - change the torch size.
        Any other key does nothing. The new lighting is worked out by draw().
        """
        step = {"w": (0, 1), "a": (-1, 0), "s": (0, -1), "d": (1, 0)}
        if ch in step:
            nx = self.avatar.getX() + step[ch][0]
            ny = self.avatar.getY() + step[ch][1]
            if self.inBounds(nx, ny) and self.getTile(nx, ny).isPassable():
                self.avatar.setLocation(nx, ny)
        elif ch == "+":
            self.avatar.increaseTorch()
        elif ch == "-":
            self.avatar.decreaseTorch()

    def unlightAll(self):
        """Set every tile of the world back to unlit."""
        for tile in self.tiles:
            tile.setLit(False)

    def draw(self):
        """Re-light the world from the Avatar, then draw every tile and the
        Avatar on top."""
        self.unlightAll()
        self.light(self.avatar.getX(), self.avatar.getY(), self.avatar.getTorchRadius())
        for n in range(len(self.tiles)):
            y, x = divmod(n, self.width)
            self.tiles[n].draw(x, y)
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
    """Starter test main: light from the start, print the count, draw, show."""
    world = World(sys.argv[1])
    x, y = world.avatar.getX(), world.avatar.getY()
    r = world.avatar.getTorchRadius()
    world.unlightAll()
    count = world.light(x, y, r)
    print("light(%d, %d, %.1f) = %d" % (x, y, r, count))
    world.draw()
    StdDraw.show()


if __name__ == "__main__":
    main()
