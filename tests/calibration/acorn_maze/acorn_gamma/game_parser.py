"""Reading and parsing maze configuration files."""

import sys

from cells import Start, End, Air, Wall, Water, Fire, Teleport

TELEPORT_DIGITS = '123456789'


def read_lines(filename):
    """Read the configuration file and return the parsed grid.

    If the file does not exist, print a message and exit.
    """
    try:
        f = open(filename, 'r')
    except FileNotFoundError:
        print("{} does not exist!".format(filename))
        sys.exit()
    lines = f.readlines()
    f.close()
    return parse(lines)


def make_cell(char):
    """Return a new cell object for one configuration character, or None
    if the character is not a valid cell."""
    if char == 'X':
        return Start()
    if char == 'Y':
        return End()
    if char == ' ':
        return Air()
    if char == '*':
        return Wall()
    if char == 'W':
        return Water()
    if char == 'F':
        return Fire()
    if char in TELEPORT_DIGITS:
        return Teleport(int(char))
    return None


def parse(lines):
    """Turn a list of strings into a list of lists of cells.

    Trailing newline characters are ignored.  Raises ValueError (checked in
    this order) for an unknown letter, a wrong number of starting or ending
    positions, or teleport pads that do not come in exact pairs.
    """
    rows = []
    for line in lines:
        rows.append(line.rstrip('\r\n'))

    # 1. unknown letters
    for row in rows:
        for char in row:
            if make_cell(char) is None:
                raise ValueError(
                    "Bad letter in configuration file: {}.".format(char))

    # 2. and 3. exactly one start and one end
    starts = 0
    ends = 0
    for row in rows:
        starts += row.count('X')
        ends += row.count('Y')
    if starts != 1:
        raise ValueError(
            "Expected 1 starting position, got {}.".format(starts))
    if ends != 1:
        raise ValueError("Expected 1 ending position, got {}.".format(ends))

    # 4. teleport pads come in pairs
    pads = {}
    for r in range(len(rows)):
        for c in range(len(rows[r])):
            if rows[r][c] in TELEPORT_DIGITS:
                pads.setdefault(rows[r][c], []).append((r, c))
    for digit in TELEPORT_DIGITS:
        if digit in pads and len(pads[digit]) != 2:
            raise ValueError("Teleport pad {} does not have an exclusively "
                             "matching pad.".format(digit))

    grid = []
    for row in rows:
        grid_row = []
        for char in row:
            grid_row.append(make_cell(char))
        grid.append(grid_row)

    # link every pad to its partner
    for digit in pads:
        first, second = pads[digit]
        grid[first[0]][first[1]].partner = second
        grid[second[0]][second[1]].partner = first
    return grid
