"""The game engine: one Game object per play-through (or per solver state)."""

from cells import OK, WALL, WIN, LOSE, INVALID, MSG_INVALID
from grid import Board, grid_to_string
from player import Player


class Game:
    def __init__(self, grid):
        self.board = Board(grid)
        row, col = self.board.start
        self.player = Player(row, col)
        self.moves = []
        self.finished = False

    def apply(self, command):
        """Play one command; return (outcome, message).

        Walls (and the edge of the board) push back and are not recorded;
        every other move, the fatal one included, is recorded.
        """
        if self.finished or not self.player.knows(command):
            return INVALID, MSG_INVALID
        self.player.move(command)
        cell = self.board.cell_at(self.player.position())
        outcome, message = cell.step(self)
        if outcome != WALL:
            self.moves.append(command)
        if outcome == WIN or outcome == LOSE:
            self.finished = True
        return outcome, message

    def picture(self):
        return grid_to_string(self.board.rows(), self.player)

    def state_key(self):
        """Everything that decides the future: spot, buckets, used-up cells."""
        return (self.player.position(), self.player.num_water_buckets,
                tuple(sorted(self.board.used)))
