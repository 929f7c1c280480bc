#==============================================================================
# Program:     World.py
# Programmer:  Mei Lin Chow
# Course:      CSCI 136, Ultima 0 (recursion / game development)
# Credits:     Specification, maps and test main from the assignment handout
#              and starter code. StdDraw is the course's copy of the Princeton
#              booksite module.
# Purpose:     The World class. It loads a map file into a grid of Tiles plus
#              the Avatar, moves the Avatar and changes its torch when keys
#              are pressed, draws everything, and lights the map with a
#              recursive depth-first search (lightDFS) from the Avatar.
# Layout:      self.grid[y][x] is the tile in column x of row y, where row 0
#              is the BOTTOM of the map. The file lists the top row first, so
#              the rows are reversed after reading.
# Drawing:     The StdDraw scale is set to tile units (0..width, 0..height),
#              so a tile index plus 0.5 is the centre of that tile.
#==============================================================================

import sys

import StdDraw
from Avatar import Avatar
from Tile import Tile

# Movement keys and the (dx, dy) step each one makes.
MOVE_KEYS = {"w": (0, 1), "s": (0, -1), "a": (-1, 0), "d": (1, 0)}

# The four neighbours the light spreads to: north, east, south, west.
DIRECTIONS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def distance(x1, y1, x2, y2):
    """Return the Euclidean distance between tile indices (x1, y1) and (x2, y2)."""
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


class World:
    """A rectangular map of Tiles and the Avatar exploring it."""

    def __init__(self, filename):
        """Load the world in filename and light it around the Avatar.

        Line 1: width height. Line 2: the Avatar's start x y. Then height
        lines of width tile codes, top row first. Blank lines are skipped,
        and any white space (spaces, tabs, CR) may separate the values.
        """
        with open(filename, "r") as f:
            rows = [line.split() for line in f.read().splitlines()]
        rows = [r for r in rows if len(r) > 0]

        self.__width, self.__height = int(rows[0][0]), int(rows[0][1])
        self.__avatar = Avatar(int(rows[1][0]), int(rows[1][1]))

        self.__grid = []
        for lineNo, codes in enumerate(rows[2:2 + self.__height]):
            row = []
            for col in range(self.__width):
                if col >= len(codes):
                    raise ValueError("%s: map row %d has only %d tiles, expected %d"
                                     % (filename, lineNo + 1, len(codes), self.__width))
                try:
                    row.append(Tile(codes[col]))
                except ValueError:
                    raise ValueError("%s: unknown tile code '%s' in map row %d, column %d"
                                     % (filename, codes[col], lineNo + 1, col + 1))
            self.__grid.append(row)
        if len(self.__grid) != self.__height:
            raise ValueError("%s: expected %d map rows, found %d"
                             % (filename, self.__height, len(self.__grid)))
        self.__grid.reverse()   # now grid[0] is the bottom row (y = 0)

        # window of 16x16 pixel tiles, coordinates in tile units
        StdDraw.setCanvasSize(self.__width * Tile.SIZE, self.__height * Tile.SIZE)
        StdDraw.setXscale(0, self.__width)
        StdDraw.setYscale(0, self.__height)

        self.__lightFromAvatar()

    def getAvatar(self):
        """Return the Avatar of this world."""
        return self.__avatar

    def handleKey(self, ch):
        """React to one key: w/s/a/d walk north/south/west/east (blocked by
        the map edge and impassable tiles), + / - change the torch, anything
        else is ignored. The world is then lit again."""
        if ch in MOVE_KEYS:
            dx, dy = MOVE_KEYS[ch]
            toX = self.__avatar.getX() + dx
            toY = self.__avatar.getY() + dy
            if self.__isOnMap(toX, toY) and self.__grid[toY][toX].isPassable():
                self.__avatar.setLocation(toX, toY)
        elif ch == "+":
            self.__avatar.increaseTorch()
        elif ch == "-":
            self.__avatar.decreaseTorch()
        self.__lightFromAvatar()

    def draw(self):
        """Draw every tile of the grid, then the Avatar over them."""
        for y, row in enumerate(self.__grid):
            for x, tile in enumerate(row):
                tile.draw(x, y)
        self.__avatar.draw()

    def light(self, x, y, r):
        """Make every tile dark, then light the tiles that a torch of radius
        r at (x, y) reaches. Return how many tiles got lit."""
        for row in self.__grid:
            for tile in row:
                tile.setLit(False)
        return self.lightDFS(x, y, x, y, r)

    def lightDFS(self, x, y, currX, currY, r):
        """Depth-first, recursive part of light().

        (x, y) is the torch position and never changes; (currX, currY) is
        the tile being tried. The search stops (base cases) off the map, at
        a tile already lit, at a tile whose distance from the torch is r or
        more, and after lighting an opaque tile. Returns the number of tiles
        lit by this call and everything it called.
        """
        if not self.__isOnMap(currX, currY):
            return 0
        tile = self.__grid[currY][currX]
        if tile.getLit() or distance(x, y, currX, currY) >= r:
            return 0
        tile.setLit(True)
        lit = 1
        if not tile.isOpaque():
            for dx, dy in DIRECTIONS:
                lit += self.lightDFS(x, y, currX + dx, currY + dy, r)
        return lit

    def __isOnMap(self, x, y):
        """Return True when (x, y) is inside the map."""
        return 0 <= x < self.__width and 0 <= y < self.__height

    def __lightFromAvatar(self):
        """Light the world from the Avatar's position with its torch."""
        return self.light(self.__avatar.getX(), self.__avatar.getY(),
                          self.__avatar.getTorchRadius())


#------------------------------------------------------------------------------
# Test main from the starter code.
#------------------------------------------------------------------------------
def main():
    """Load the map given on the command line, print the light count at the
    Avatar's start, then draw the world and show it."""
    world = World(sys.argv[1])
    hero = world.getAvatar()
    count = world.light(hero.getX(), hero.getY(), hero.getTorchRadius())
    print("light(%d, %d, %.1f) = %d" % (hero.getX(), hero.getY(),
                                         hero.getTorchRadius(), count))
    world.draw()
    StdDraw.show()


if __name__ == "__main__":
    main()
