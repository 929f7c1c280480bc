"""player.py - the acorn controlled by the user."""

# How each movement command changes (row, col).
OFFSETS = {
    'w': (-1, 0),
    'a': (0, -1),
    's': (1, 0),
    'd': (0, 1),
    'e': (0, 0),   # waiting keeps the acorn where it is
}


class Player:
    """
    The acorn.  ``row`` and ``col`` give its position in the grid,
    ``num_water_buckets`` how many buckets of water it carries and
    ``display`` the character used to draw it.
    """

    def __init__(self, row=0, col=0):
        self.display = 'A'
        self.num_water_buckets = 0
        self.row = row
        self.col = col

    def move(self, move):
        """Move one square in the direction of the command (w, a, s, d, e)."""
        d_row, d_col = OFFSETS[move]
        self.row += d_row
        self.col += d_col
