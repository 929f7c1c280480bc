"""player.py - the Player class (the acorn)."""


class Player:
    """
    The acorn: where it is (row, col), the number of water buckets it is
    carrying and the character it is drawn with.
    """

    def __init__(self, row=0, col=0):
        self.display = 'A'
        self.num_water_buckets = 0
        self.row = row
        self.col = col

    def move(self, direction):
        """
        Move one square: 'w' up, 's' down, 'a' left, 'd' right.
        Any other command (such as 'e', wait) leaves the acorn in place.
        """
        if direction == 'w':
            self.row -= 1
        elif direction == 's':
            self.row += 1
        elif direction == 'a':
            self.col -= 1
        elif direction == 'd':
            self.col += 1
