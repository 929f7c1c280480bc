"""Helpers for the grid, the list of rows of cells that game_parser.parse builds.

grid_to_string draws the grid, the acorn and its water buckets as run.py shows them;
cell_at and find_start let the Game and the solver look cells up without repeating the
rules for the grid's edge.

>>> from cells import Air, End, Start, Wall
>>> from player import Player
>>> grid = [[Wall(), Wall(), Wall()], [Start(), Air(), End()], [Wall(), Wall(), Wall()]]
>>> print(grid_to_string(grid, Player(1, 1)))
***
XAY
***
<BLANKLINE>
You have 0 water buckets.
"""

from cells import Start, Wall

ROW_SEPARATOR = "\n"
BUCKETS_SEPARATOR = "\n\n"
ONE_BUCKET_LINE = "You have 1 water bucket."
BUCKETS_LINE = "You have {} water buckets."


def grid_to_string(grid: list, player) -> str:
    """Return ``grid`` drawn row by row, ``player`` on top, then a line with its water buckets.

    ``player`` is a Player whose ``display`` is drawn at ``row``, ``col``. The bucket line is
    singular for exactly one bucket. The string has no trailing newline.

    >>> from cells import Water
    >>> from player import Player
    >>> acorn = Player(0, 1)
    >>> acorn.add_bucket()
    >>> grid_to_string([[Water(), Water()]], acorn)
    'WA\\n\\nYou have 1 water bucket.'
    """
    rows = []
    for row_index, row in enumerate(grid):
        chars = [cell.display for cell in row]
        if row_index == player.row:
            chars[player.col] = player.display
        rows.append("".join(chars))
    if player.num_water_buckets == 1:
        buckets = ONE_BUCKET_LINE
    else:
        buckets = BUCKETS_LINE.format(player.num_water_buckets)
    return ROW_SEPARATOR.join(rows) + BUCKETS_SEPARATOR + buckets


def cell_at(grid: list, row: int, col: int):
    """Return the cell at ``row``, ``col``, or a Wall when that square is outside the grid.

    >>> cell_at([[Start()]], 0, 0), cell_at([[Start()]], -1, 0)
    (Start(), Wall())
    """
    if 0 <= row < len(grid) and 0 <= col < len(grid[row]):
        return grid[row][col]
    return Wall()


def find_start(grid: list) -> tuple:
    """Return the (row, col) of the grid's Start cell; the parser guarantees there is one."""
    for row_index, row in enumerate(grid):
        for col_index, cell in enumerate(row):
            if isinstance(cell, Start):
                return (row_index, col_index)
    raise ValueError("the grid has no starting position")
