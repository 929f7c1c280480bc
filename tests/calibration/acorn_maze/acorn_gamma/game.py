"""The game engine: holds the state of one game of the acorn maze."""

from game_parser import read_lines
from grid import grid_to_string, find_cell, in_bounds
from player import Player
from cells import Wall


class Game:
    """One game: the grid, the player, the moves made so far and whether
    the game has been won or lost (``status`` is None while playing, then
    'won' or 'lost')."""

    def __init__(self, filename):
        self.grid = read_lines(filename)
        start_row, start_col = find_cell(self.grid, 'X')
        self.player = Player(start_row, start_col)
        self.previous_row = start_row
        self.previous_col = start_col
        self.moves = []
        self.status = None

    def game_move(self, move):
        """Play one lower-case command ('w', 'a', 's', 'd' or 'e') and
        return the message to show, or None."""
        return apply_move(self, move)

    def draw(self):
        """The grid and bucket count as a string."""
        return grid_to_string(self.grid, self.player)


def apply_move(game, move):
    """Apply a move to the game.

    Walking into a wall or off the grid pushes the player back and is not
    recorded.  Waiting ('e') is recorded and re-triggers the current cell
    (so a teleport pad teleports again).
    """
    player = game.player
    game.previous_row = player.row
    game.previous_col = player.col

    if move == 'e':
        game.moves.append(move)
        return game.grid[player.row][player.col].step(game)

    player.move(move)
    if in_bounds(game.grid, player.row, player.col):
        cell = game.grid[player.row][player.col]
    else:
        # leaving the grid behaves exactly like walking into a wall
        cell = Wall()
    if not isinstance(cell, Wall):
        game.moves.append(move)
    return cell.step(game)
