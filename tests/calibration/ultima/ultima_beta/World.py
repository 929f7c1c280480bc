# ----------------------------------------------------------------------------
# File name:   World.py
# Author:      Priya Natarajan
# Credits:     Ultima 0 handout and starter files from CSCI 136 (the test main
#              comes from the starter); StdDraw is the course's copy of the
#              Princeton booksite module.
# Class:       CSCI 136 - Assignment: Ultima 0
# Description: Defines the World class: every Tile of the map (kept in a
#              dictionary keyed by (x, y)) and the Avatar. It reads the map
#              file, reacts to the keys sent by Ultima.py, draws the world and
#              lights the tiles around the Avatar with a recursive DFS.
#              Lighting is reset (all tiles made dark) in handleKey, right
#              before the world is lit again from the Avatar's new position.
# ----------------------------------------------------------------------------

import sys

import StdDraw
from Avatar import Avatar
from Tile import Tile


class World:
    """The map of tiles and the Avatar that walks around it."""

    def __init__(self, filename):
        """Read the map in filename, create the tiles and the Avatar, set up
        the drawing window and light the world around the Avatar.

        File format: width height / startX startY / then one line per row of
        tiles, top row first, with the codes separated by white space.
        """
        infile = open(filename, 'r')
        lines = []
        for line in infile:
            if line.strip() != '':
                lines.append(line.split())
        infile.close()

        self.width = int(lines[0][0])
        self.height = int(lines[0][1])
        self.avatar = Avatar(int(lines[1][0]), int(lines[1][1]))

        # tiles[(x, y)] is the Tile at column x, row y; (0, 0) is the lower left,
        # so the first row of the file is y = height - 1.
        self.tiles = {}
        for row in range(self.height):
            codes = lines[row + 2]
            y = self.height - 1 - row
            for x in range(self.width):
                code = codes[x]
                if code not in ('B', 'L', 'W', 'F', 'G', 'M', 'S'):
                    raise ValueError('%s: unknown tile code %r on line %d, column %d'
                                     % (filename, code, row + 3, x + 1))
                self.tiles[(x, y)] = Tile(code)

        StdDraw.setCanvasSize(self.width * Tile.SIZE, self.height * Tile.SIZE)
        StdDraw.setXscale(0, self.width * Tile.SIZE)
        StdDraw.setYscale(0, self.height * Tile.SIZE)

        # every tile starts dark, so the first lighting needs no reset
        self.light(self.avatar.getX(), self.avatar.getY(), self.avatar.getTorchRadius())

    def handleKey(self, ch):
        """Handle the key ch typed by the player.

        w, s, a, d move the Avatar one tile north, south, west, east when that
        tile exists and is passable; + and - make the torch bigger / smaller.
        Afterwards all tiles are made dark and the world is lit again.
        """
        x = self.avatar.getX()
        y = self.avatar.getY()
        if ch == 'w':
            self.tryMove(x, y + 1)
        elif ch == 's':
            self.tryMove(x, y - 1)
        elif ch == 'a':
            self.tryMove(x - 1, y)
        elif ch == 'd':
            self.tryMove(x + 1, y)
        elif ch == '+':
            self.avatar.increaseTorch()
        elif ch == '-':
            self.avatar.decreaseTorch()

        # reset the lighting, then light from where the Avatar is now
        for tile in self.tiles.values():
            tile.setLit(False)
        self.light(self.avatar.getX(), self.avatar.getY(), self.avatar.getTorchRadius())

    def tryMove(self, x, y):
        """Move the Avatar to (x, y) if that is a passable tile on the map;
        otherwise leave it where it is."""
        if (x, y) in self.tiles and self.tiles[(x, y)].isPassable():
            self.avatar.setLocation(x, y)

    def draw(self):
        """Draw all of the tiles and then the Avatar."""
        for (x, y), tile in self.tiles.items():
            tile.draw(x, y)
        self.avatar.draw()

    def light(self, x, y, r):
        """Light the tiles reachable from (x, y) with a torch of radius r and
        return how many were lit. Also prints the call and its result."""
        count = self.lightDFS(x, y, x, y, r)
        print('light(%d, %d, %.1f) = %d' % (x, y, r, count))
        return count

    def lightDFS(self, x, y, currX, currY, r):
        """Recursive helper for light(). (x, y) is the Avatar's position and
        (currX, currY) is the tile being looked at. Returns the number of
        tiles lit from here on."""
        # off the map
        if (currX, currY) not in self.tiles:
            return 0
        tile = self.tiles[(currX, currY)]
        # already visited
        if tile.getLit():
            return 0
        # too far away: distance >= r (compared squared, no sqrt needed)
        dx = currX - x
        dy = currY - y
        if dx * dx + dy * dy >= r * r:
            return 0
        tile.setLit(True)
        # opaque: lit, but the light does not go any further
        if tile.isOpaque():
            return 1
        total = 1
        for (nx, ny) in ((currX, currY + 1), (currX + 1, currY),
                         (currX, currY - 1), (currX - 1, currY)):
            total = total + self.lightDFS(x, y, nx, ny, r)
        return total


# Test main given with the starter code.
if __name__ == '__main__':
    world = World(sys.argv[1])
    world.draw()
    StdDraw.show()
