"""Grid helpers: drawing, and a dict-based board used by the game engine."""

from cells import Start, End, Air, Wall, Teleport

OUTSIDE = Wall()


def grid_to_string(grid, player):
    """Draw a list of lists of cells with the player on top, plus the bucket line."""
    pictures = []
    for r, row in enumerate(grid):
        chars = [cell.display for cell in row]
        if r == player.row and 0 <= player.col < len(chars):
            chars[player.col] = player.display
        pictures.append(''.join(chars))
    count = player.num_water_buckets
    noun = 'bucket' if count == 1 else 'buckets'
    return '\n'.join(pictures) + '\n\nYou have {} water {}.'.format(count, noun)


class Board:
    """The maze as a dict keyed by (row, col)."""

    def __init__(self, rows):
        self.cells = {}
        self.widths = []
        self.pads = {}
        self.used = set()
        self.start = None
        self.end = None
        for r, row in enumerate(rows):
            self.widths.append(len(row))
            for c, cell in enumerate(row):
                spot = (r, c)
                self.cells[spot] = cell
                if isinstance(cell, Start):
                    self.start = spot
                elif isinstance(cell, End):
                    self.end = spot
                elif isinstance(cell, Teleport):
                    self.pads.setdefault(cell.display, []).append(spot)

    def cell_at(self, spot):
        """The cell at a spot; anything off the board behaves as a wall."""
        return self.cells.get(spot, OUTSIDE)

    def partner_of(self, spot):
        first, second = self.pads[self.cells[spot].display]
        if spot == first:
            return second
        return first

    def use_up(self, spot):
        """Water taken or fire put out: the cell becomes air for good."""
        self.cells[spot] = Air()
        self.used.add(spot)

    def rows(self):
        return [[self.cells[(r, c)] for c in range(width)]
                for r, width in enumerate(self.widths)]
