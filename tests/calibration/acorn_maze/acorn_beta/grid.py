"""grid.py - drawing the grid."""


def grid_to_string(grid, player):
    """
    Return the grid as text, one line per row, with the player's 'A' drawn
    over the cell it stands on, then a blank line and the number of water
    buckets the player holds.  Every line, the last one included, ends with
    a newline.
    """
    text = ''
    for r in range(len(grid)):
        for c in range(len(grid[r])):
            if r == player.row and c == player.col:
                text += player.display
            else:
                text += grid[r][c].display
        text += '\n'

    text += '\n'
    if player.num_water_buckets == 1:
        text += 'You have 1 water bucket.\n'
    else:
        text += 'You have ' + str(player.num_water_buckets) + \
            ' water buckets.\n'
    return text
