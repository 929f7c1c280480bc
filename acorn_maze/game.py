"""The game engine: one Game holds a grid, the acorn, the moves made so far and the outcome.

run.py feeds each line the player types to ``game_move`` and prints what comes back; the
test scripts replay moves the same way, and the solver asks what a move does by putting the
game back in one of its states (``state``, ``restore``) and making the move. Entering a cell
calls that cell's ``step`` (cells.py), which acts on the game through the methods grouped
below under "called by cells". Nothing here prints.

>>> from game_parser import parse
>>> game = Game(parse(["***", "X Y", "***"]))
>>> game.game_move("D")
''
>>> game.game_move("w")
'You walked into a wall. Oof!'
>>> game.game_move("d"), game.is_won(), game.moves()
('', True, ['d', 'd'])
"""

from cells import NO_MESSAGE, Air
from grid import cell_at, find_start, grid_to_string
from player import MOVE_OFFSETS, Player

QUIT_COMMAND = "q"
INVALID_MOVE_MESSAGE = "Please enter a valid move (w, a, s, d, e, q)."
PLAYING, WON, LOST, QUIT = "playing", "won", "lost", "quit"


class Game:
    """A game of acorn maze in progress, from the start cell to a win, a loss or a quit."""

    def __init__(self, grid: list) -> None:
        """Start a game on ``grid`` (from game_parser.parse) with the acorn on the X cell.

        ``grid`` is never changed: the water and fire cells used up in this game are kept
        as a set of squares, which count as air.
        """
        self._grid = grid
        self._used = frozenset()
        row, col = find_start(grid)
        self._player = Player(row, col)
        self._previous = (row, col)
        self._moves = []
        self._move_stands = False
        self._status = PLAYING

    def game_move(self, move: str) -> str:
        """Carry out the typed command ``move`` and return the message to show ("" for none).

        Commands are case-insensitive: ``w``, ``a``, ``s``, ``d`` move, ``e`` waits, ``q``
        quits. Anything else returns the invalid-move message and changes nothing. A move
        that ends against a wall or off the grid is pushed back and not recorded.
        Raises RuntimeError once the game is over.
        """
        if self.is_over():
            raise RuntimeError("the game is over; no more moves can be made")
        command = move.lower()
        if command == QUIT_COMMAND:
            self._status = QUIT
            return NO_MESSAGE
        if command not in MOVE_OFFSETS:
            return INVALID_MOVE_MESSAGE
        self._previous = self._player.position()
        self._move_stands = True
        self._player.move(command)
        message = self._cell_at(*self._player.position()).step(self)
        if self._move_stands:
            self._moves.append(command)
        return message

    def state(self) -> tuple:
        """Return what decides the rest of the game: ((row, col), buckets, used squares).

        The used squares are a frozenset of the (row, col) of the water and fire cells used
        up so far. Two games in the same state play on the same from here.

        >>> from game_parser import parse
        >>> game = Game(parse(["*X*", "*W*", "*Y*"]))
        >>> game.game_move("s")
        "Thank the Honourable Furious Forest, you've found a bucket of water!"
        >>> game.state()
        ((1, 1), 1, frozenset({(1, 1)}))
        """
        return (self._player.position(), self._player.num_water_buckets, self._used)

    def restore(self, state: tuple) -> None:
        """Put the game back in ``state``, as ``state()`` returned it: in play, no moves made.

        The solver uses this to try a move from any state without replaying the path that
        leads there.
        """
        (row, col), buckets, used = state
        self._player.move_to(row, col)
        self._player.num_water_buckets = buckets
        self._used = used
        self._previous = (row, col)
        self._moves = []
        self._status = PLAYING

    def to_string(self) -> str:
        """Return the grid with the acorn and its buckets, as grid.grid_to_string draws it."""
        rows = [[self._cell_at(row, col) for col in range(len(cells))]
                for row, cells in enumerate(self._grid)]
        return grid_to_string(rows, self._player)

    def moves(self) -> list:
        """Return the recorded moves so far, in lower case, oldest first."""
        return list(self._moves)

    def player_position(self) -> tuple:
        """Return the acorn's (row, col)."""
        return self._player.position()

    def bucket_count(self) -> int:
        """Return how many buckets of water the acorn carries."""
        return self._player.num_water_buckets

    def is_won(self) -> bool:
        """Return True once the acorn has reached the Y cell."""
        return self._status == WON

    def is_lost(self) -> bool:
        """Return True once the acorn has stepped into a fire without water."""
        return self._status == LOST

    def has_quit(self) -> bool:
        """Return True once the player has typed ``q``."""
        return self._status == QUIT

    def is_over(self) -> bool:
        """Return True when the game was won, lost or quit."""
        return self._status != PLAYING

    # Called by cells from their step method.

    def push_back(self) -> None:
        """Return the acorn to where the current move began and cancel the move."""
        self._player.move_to(*self._previous)
        self._move_stands = False

    def teleport_player(self, row: int, col: int) -> None:
        """Put the acorn on the teleport pad at ``row``, ``col``."""
        self._player.move_to(row, col)

    def give_bucket(self) -> None:
        """Give the acorn a bucket of water."""
        self._player.add_bucket()

    def has_bucket(self) -> bool:
        """Return True when the acorn carries at least one bucket."""
        return self._player.has_bucket()

    def use_bucket(self) -> None:
        """Take one of the acorn's buckets."""
        self._player.use_bucket()

    def clear_cell(self) -> None:
        """Turn the cell under the acorn into air (a used bucket or a put-out fire)."""
        self._used = self._used | {self._player.position()}

    def _cell_at(self, row: int, col: int):
        """Return the cell at ``row``, ``col`` in this game: air once used up, wall off the grid."""
        if (row, col) in self._used:
            return Air()
        return cell_at(self._grid, row, col)

    def win(self) -> None:
        """End the game as a win."""
        self._status = WON

    def lose(self) -> None:
        """End the game as a loss."""
        self._status = LOST
