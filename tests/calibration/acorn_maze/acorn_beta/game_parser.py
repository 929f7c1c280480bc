"""game_parser.py - reading and checking configuration files."""
from cells import Cell, KINDS, TELEPORT_PADS


def read_lines(filename):
    """
    Read the lines of the configuration file and parse them into a grid.
    Raises FileNotFoundError if the file is missing (run.py and solver.py
    report that to the user).
    """
    f = open(filename, 'r')
    lines = f.readlines()
    f.close()
    return parse(lines)


def parse(lines):
    """
    Parse a list of strings into a list of lists of Cells.

    The strings may end in '\\n'.  A ValueError is raised, in this order,
    for an unknown letter, for not exactly one 'X', for not exactly one 'Y'
    and for teleport pads that are not in exact pairs.
    """
    rows = []
    for line in lines:
        while line.endswith('\n') or line.endswith('\r'):
            line = line[:-1]
        if len(line) > 0:
            rows.append(line)

    # count every letter, stopping at the first one we do not know
    counts = {}
    for line in rows:
        for ch in line:
            if ch not in KINDS and ch not in TELEPORT_PADS:
                raise ValueError('Bad letter in configuration file: ' +
                                 ch + '.')
            counts[ch] = counts.get(ch, 0) + 1

    if counts.get('X', 0) != 1:
        raise ValueError('Expected 1 starting position, got ' +
                         str(counts.get('X', 0)) + '.')
    if counts.get('Y', 0) != 1:
        raise ValueError('Expected 1 ending position, got ' +
                         str(counts.get('Y', 0)) + '.')
    for pad in TELEPORT_PADS:
        if pad in counts and counts[pad] != 2:
            raise ValueError('Teleport pad ' + pad +
                             ' does not have an exclusively matching pad.')

    grid = []
    pads = {}   # pad number -> list of (row, col) where it appears
    for r in range(len(rows)):
        row = []
        for c in range(len(rows[r])):
            ch = rows[r][c]
            if ch in TELEPORT_PADS:
                row.append(Cell('teleport', ch))
                pads.setdefault(ch, []).append((r, c))
            else:
                row.append(Cell(KINDS[ch], ch))
        grid.append(row)

    # every pad remembers where its partner is
    for pad in pads:
        first, second = pads[pad]
        grid[first[0]][first[1]].pair = second
        grid[second[0]][second[1]].pair = first
    return grid
