"""Helper functions for the grid (a list of lists of cells)."""


def grid_to_string(grid, player):
    """Return the grid drawn as text, with the player 'A' drawn over the
    cell at (player.row, player.col), followed by a blank line and the
    number of water buckets the player holds.  The string ends with a
    newline."""
    lines = []
    for r in range(len(grid)):
        line = ''
        for c in range(len(grid[r])):
            if r == player.row and c == player.col:
                line += player.display
            else:
                line += grid[r][c].display
        lines.append(line)

    if player.num_water_buckets == 1:
        buckets = "You have 1 water bucket."
    else:
        buckets = "You have {} water buckets.".format(
            player.num_water_buckets)
    return "\n".join(lines) + "\n\n" + buckets + "\n"


def find_cell(grid, display):
    """Return (row, col) of the first cell showing ``display``, or None."""
    for r in range(len(grid)):
        for c in range(len(grid[r])):
            if grid[r][c].display == display:
                return (r, c)
    return None


def in_bounds(grid, row, col):
    """True if (row, col) lies inside the grid."""
    return 0 <= row < len(grid) and 0 <= col < len(grid[row])
