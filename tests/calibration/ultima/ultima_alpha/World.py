"""
File:        World.py
Author:      Jordan Alvarez
Credits:     CSCI 136 Ultima 0 assignment handout and starter code (including the
             test main); StdDraw from the Princeton introcs booksite.
Class:       CSCI 136, Spring 2023
Description: The World holds every Tile of the map and the Avatar. It reads
             the map file, handles the key presses passed in by Ultima.py,
             draws everything, and works out which tiles the torch lights
             with a recursive depth first search (lightDFS).

Map file format: "width height", then "startX startY", then height rows of
width tile codes. The first row in the file is the TOP row of the world.
"""

import math
import sys

import StdDraw
from Avatar import Avatar
from Tile import Tile


class World:
    """All the tiles of the map plus the Avatar walking on it."""

    # key -> (dx, dy) for the four movement keys
    MOVES = {
        "w": (0, 1),    # north
        "s": (0, -1),   # south
        "a": (-1, 0),   # west
        "d": (1, 0),    # east
    }

    def __init__(self, filename):
        """Load the tiles and the Avatar from the map file, size the window
        and light the area around the Avatar."""
        with open(filename, "r") as mapfile:
            lines = [line.split() for line in mapfile]
        lines = [words for words in lines if words]   # drop blank lines

        self._width = int(lines[0][0])
        self._height = int(lines[0][1])
        self._avatar = Avatar(int(lines[1][0]), int(lines[1][1]))

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

        StdDraw.setCanvasSize(self._width * Tile.SIZE, self._height * Tile.SIZE)
        StdDraw.setXscale(0, self._width * Tile.SIZE)
        StdDraw.setYscale(0, self._height * Tile.SIZE)

        self._relight()

    def handleKey(self, ch):
        """Handle one key from the main program.

        w/s/a/d move the Avatar north/south/west/east if the tile there is on
        the map and passable; + and - change the torch. Other keys are ignored.
        The lighting is redone after every key.
        """
        if ch in World.MOVES:
            dx, dy = World.MOVES[ch]
            newX = self._avatar.getX() + dx
            newY = self._avatar.getY() + dy
            if self._onMap(newX, newY) and self._tiles[newX][newY].isPassable():
                self._avatar.setLocation(newX, newY)
        elif ch == "+":
            self._avatar.increaseTorch()
        elif ch == "-":
            self._avatar.decreaseTorch()
        self._relight()

    def draw(self):
        """Draw every tile, then the Avatar on top of them."""
        for x in range(self._width):
            for y in range(self._height):
                self._tiles[x][y].draw(x, y)
        self._avatar.draw()

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
        return self.light(self._avatar.getX(), self._avatar.getY(),
                          self._avatar.getTorchRadius())


def main():
    """Test main: load the map named on the command line, print the result
    of lighting from the Avatar's start, then draw and show the world."""
    world = World(sys.argv[1])
    x = world._avatar.getX()
    y = world._avatar.getY()
    r = world._avatar.getTorchRadius()
    print("light(%d, %d, %.1f) = %d" % (x, y, r, world.light(x, y, r)))
    world.draw()
    StdDraw.show()


if __name__ == "__main__":
    main()
