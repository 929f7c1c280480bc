"""The player (the acorn)."""

# How each movement command changes (row, col).
DIRECTIONS = {
    'w': (-1, 0),
    'a': (0, -1),
    's': (1, 0),
    'd': (0, 1),
}


class Player:
    """Holds the acorn's position and its water buckets."""

    def __init__(self, row=0, col=0):
        self.display = 'A'
        self.num_water_buckets = 0
        self.row = row
        self.col = col

    def move(self, move):
        """Move one cell in the direction of the command 'w', 'a', 's' or
        'd'.  Any other command (such as 'e') leaves the player in place."""
        if move in DIRECTIONS:
            d_row, d_col = DIRECTIONS[move]
            self.row += d_row
            self.col += d_col
