"""grid.py - helper functions for the grid (a list of lists of cells)."""


def grid_to_string(grid, player):
    """
    Return the picture of the grid with the player drawn on top of it,
    followed by a blank line and the number of water buckets held.
    There is no newline at the very end of the string.
    """
    rows = []
    for r, row in enumerate(grid):
        chars = []
        for c, cell in enumerate(row):
            if r == player.row and c == player.col:
                chars.append(player.display)
            else:
                chars.append(cell.display)
        rows.append(''.join(chars))

    if player.num_water_buckets == 1:
        buckets = "You have 1 water bucket."
    else:
        buckets = "You have {} water buckets.".format(player.num_water_buckets)
    return '\n'.join(rows) + '\n\n' + buckets


def find_cell(grid, display):
    """Return (row, col) of the first cell drawn as ``display``, or None."""
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell.display == display:
                return r, c
    return None


def in_bounds(grid, row, col):
    """True if (row, col) is a square of the grid."""
    return 0 <= row < len(grid) and 0 <= col < len(grid[row])
