"""The acorn: where it stands, how many water buckets it carries, and how a command moves it.

The Game owns one Player. grid.grid_to_string reads ``display``, ``row``, ``col`` and
``num_water_buckets`` to draw it; everything else goes through the methods.

>>> acorn = Player(1, 0)
>>> acorn.move("d")
>>> acorn.position(), acorn.display, acorn.num_water_buckets
((1, 1), 'A', 0)
"""

PLAYER_CHAR = "A"
UP, LEFT, DOWN, RIGHT, WAIT = "w", "a", "s", "d", "e"
# (row change, column change) of each move command; waiting keeps the acorn where it is.
MOVE_OFFSETS = {UP: (-1, 0), LEFT: (0, -1), DOWN: (1, 0), RIGHT: (0, 1), WAIT: (0, 0)}


class Player:
    """The acorn, with its position on the grid and its water buckets."""

    def __init__(self, row: int, col: int) -> None:
        """Create an acorn with no buckets standing at ``row``, ``col``."""
        self.display = PLAYER_CHAR
        self.num_water_buckets = 0
        self.row = row
        self.col = col

    def move(self, move: str) -> None:
        """Move one square in the direction of the command ``move`` (``w``, ``a``, ``s``, ``d``).

        ``e`` (wait) leaves the acorn in place. Raises ValueError for any other command.
        """
        if move not in MOVE_OFFSETS:
            raise ValueError("unknown move {!r}".format(move))
        row_change, col_change = MOVE_OFFSETS[move]
        self.row += row_change
        self.col += col_change

    def move_to(self, row: int, col: int) -> None:
        """Put the acorn at ``row``, ``col`` (a teleport or a push-back)."""
        self.row = row
        self.col = col

    def position(self) -> tuple:
        """Return the acorn's (row, col)."""
        return (self.row, self.col)

    def add_bucket(self) -> None:
        """Give the acorn one more bucket of water."""
        self.num_water_buckets += 1

    def has_bucket(self) -> bool:
        """Return True when the acorn carries at least one bucket."""
        return self.num_water_buckets > 0

    def use_bucket(self) -> None:
        """Take one bucket away; the acorn must have one."""
        assert self.has_bucket(), "no bucket to use"
        self.num_water_buckets -= 1

    def __repr__(self) -> str:
        """Return the constructor call placing an acorn here, e.g. ``Player(1, 0)``."""
        return "Player({}, {})".format(self.row, self.col)
