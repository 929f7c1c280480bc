"""
game_parser.py - reads a configuration file and turns it into a grid
(a list of lists of cells).
"""
import sys

from cells import (
    Start,
    End,
    Air,
    Wall,
    Fire,
    Water,
    Teleport
)

# Which class builds each (non teleport) letter of the configuration file.
CELL_TYPES = {
    'X': Start,
    'Y': End,
    ' ': Air,
    '*': Wall,
    'F': Fire,
    'W': Water,
}
TELEPORT_LETTERS = '123456789'


def read_lines(filename):
    """Read the configuration file, parse it and return the grid."""
    try:
        with open(filename) as f:
            lines = f.readlines()
    except FileNotFoundError:
        print("{} does not exist!".format(filename))
        sys.exit()
    return parse(lines)


def parse(lines):
    """
    Turn a list of strings (each may end in a newline) into a list of lists
    of cells.  Raises ValueError when the configuration is not valid.
    """
    rows = []
    for line in lines:
        line = line.rstrip('\r\n')
        if line != '':
            rows.append(line)

    # 1. unknown letters
    for line in rows:
        for letter in line:
            if letter not in CELL_TYPES and letter not in TELEPORT_LETTERS:
                raise ValueError(
                    "Bad letter in configuration file: {}.".format(letter))

    # 2. and 3. exactly one start and one end
    text = ''.join(rows)
    starts = text.count('X')
    if starts != 1:
        raise ValueError(
            "Expected 1 starting position, got {}.".format(starts))
    ends = text.count('Y')
    if ends != 1:
        raise ValueError("Expected 1 ending position, got {}.".format(ends))

    # 4. teleport pads must come in exact pairs
    pads = {}
    for r, line in enumerate(rows):
        for c, letter in enumerate(line):
            if letter in TELEPORT_LETTERS:
                pads.setdefault(letter, []).append((r, c))
    for letter in TELEPORT_LETTERS:
        if letter in pads and len(pads[letter]) != 2:
            raise ValueError("Teleport pad {} does not have an exclusively "
                             "matching pad.".format(letter))

    # Build the cells.
    grid = []
    for r, line in enumerate(rows):
        grid_row = []
        for c, letter in enumerate(line):
            if letter in TELEPORT_LETTERS:
                first, second = pads[letter]
                partner = second if (r, c) == first else first
                grid_row.append(Teleport(letter, partner))
            else:
                grid_row.append(CELL_TYPES[letter]())
        grid.append(grid_row)
    return grid
