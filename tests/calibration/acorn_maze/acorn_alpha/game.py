"""game.py - the game engine.  Nothing in here prints."""

from game_parser import read_lines
from grid import find_cell, in_bounds
from player import Player
from cells import WALL_MESSAGE


class Game:
    """
    Holds the whole state of one game: the grid, the player, the moves made
    so far, the water/fire cells that have been used up and whether the game
    has been won or lost.
    """

    def __init__(self, filename=None, grid=None):
        """Start a game from a configuration file (or a ready-made grid)."""
        if grid is None:
            grid = read_lines(filename)
        self.grid = grid
        start = find_cell(grid, 'X')
        self.player = Player(start[0], start[1])
        self.moves = []
        self.used = set()          # (row, col) of water/fire cells used up
        self.won = False
        self.lost = False
        self._previous = start     # where the player was before this move
        self._bounced = False      # set by push_back() during a move

    def game_move(self, move):
        """
        Play one command (w, a, s, d or e).  Returns the message for the
        user, or None.  Bumping into a wall (or off the grid) is not
        recorded as a move.
        """
        self._previous = (self.player.row, self.player.col)
        self._bounced = False
        self.player.move(move)

        if not in_bounds(self.grid, self.player.row, self.player.col):
            # leaving the grid works exactly like walking into a wall
            self.push_back()
            return WALL_MESSAGE

        cell = self.grid[self.player.row][self.player.col]
        message = cell.step(self)
        if not self._bounced:
            self.moves.append(move)
        return message

    def push_back(self):
        """Send the player back to the square they came from."""
        self.player.row, self.player.col = self._previous
        self._bounced = True

    def replace_cell(self, row, col, cell):
        """Put a new cell in the grid (used when water/fire gets used up)."""
        self.grid[row][col] = cell
        self.used.add((row, col))

    def is_over(self):
        """True once the game has been won or lost."""
        return self.won or self.lost

    def copy(self):
        """
        Return an independent deep copy of this game, so the solver can try
        a move on the copy without changing the original.  Cells are never
        changed in place (used ones are replaced), so copying the rows is
        enough for the grid.
        """
        other = Game.__new__(Game)
        other.grid = [row[:] for row in self.grid]
        other.player = Player(self.player.row, self.player.col)
        other.player.num_water_buckets = self.player.num_water_buckets
        other.moves = self.moves[:]
        other.used = set(self.used)
        other.won = self.won
        other.lost = self.lost
        other._previous = self._previous
        other._bounced = self._bounced
        return other
