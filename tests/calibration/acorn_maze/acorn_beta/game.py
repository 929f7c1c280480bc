"""
game.py - the Game class, which holds everything about a game in progress
and applies the rules of the maze.  It never prints anything: move()
returns the message and run.py decides how to show it.
"""
from player import Player

WALL = "You walked into a wall. Oof!"
WATER = "Thank the Honourable Furious Forest, you've found a bucket of water!"
FIRE_OUT = ("With your strong acorn arms, you throw a water bucket at the "
            "fire. You acorn roll your way through the extinguished flames!")
FIRE_DEATH = "You step into the fires and watch your dreams disappear :(."
TELEPORT = ("Whoosh! The magical gates break Physics as we know it and opens "
            "a wormhole through space and time.")


class Game:
    """
    The state of one game:
      grid    -- list of lists of Cells
      player  -- the Player
      moves   -- the moves that were made (wall bumps are not moves)
      used    -- set of (row, col) of water and fire cells already used up
      status  -- 'playing', 'won' or 'lost'
    """

    def __init__(self, grid):
        self.grid = grid
        self.player = Player()
        self.moves = []
        self.used = set()
        self.status = 'playing'
        for r in range(len(grid)):
            for c in range(len(grid[r])):
                if grid[r][c].kind == 'start':
                    self.player.row = r
                    self.player.col = c

    def move(self, command):
        """
        Apply one command ('w', 'a', 's', 'd' or 'e') and return the message
        for the user ('' when there is none).
        """
        old_row = self.player.row
        old_col = self.player.col
        self.player.move(command)
        row = self.player.row
        col = self.player.col

        # walls, and the edge of the grid, push the acorn back
        if row < 0 or row >= len(self.grid) or col < 0 or \
                col >= len(self.grid[row]) or self.grid[row][col].kind == 'wall':
            self.player.row = old_row
            self.player.col = old_col
            return WALL

        self.moves.append(command)
        cell = self.grid[row][col]

        if cell.kind == 'water':
            self.player.num_water_buckets += 1
            cell.make_air()
            self.used.add((row, col))
            return WATER
        elif cell.kind == 'fire':
            if self.player.num_water_buckets > 0:
                self.player.num_water_buckets -= 1
                cell.make_air()
                self.used.add((row, col))
                return FIRE_OUT
            self.status = 'lost'
            return FIRE_DEATH
        elif cell.kind == 'teleport':
            self.player.row, self.player.col = cell.pair
            return TELEPORT
        elif cell.kind == 'end':
            self.status = 'won'
            return ''
        # air and the start cell: nothing happens
        return ''
