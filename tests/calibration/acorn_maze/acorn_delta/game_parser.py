"""Reading and checking configuration files."""

from cells import Start, End, Air, Wall, Fire, Water, Teleport

MAKERS = {' ': Air, 'X': Start, 'Y': End, '*': Wall, 'W': Water, 'F': Fire}
PADS = '123456789'


def read_lines(filename):
    """Read a configuration file and return its grid, or None if it is missing.

    parse() errors (ValueError) are passed on to the caller.
    """
    try:
        handle = open(filename, 'r')
    except OSError:
        return None
    with handle:
        lines = handle.readlines()
    return parse(lines)


def make_cell(letter):
    if letter in PADS:
        return Teleport(letter)
    return MAKERS[letter]()


def parse(lines):
    """Turn a list of strings into a list of lists of cells."""
    rows = []
    for line in lines:
        text = line.rstrip('\r\n')
        if text != '':
            rows.append(text)

    for text in rows:
        for letter in text:
            if letter not in MAKERS and letter not in PADS:
                raise ValueError('Bad letter in configuration file: {}.'.format(letter))

    starts = sum(text.count('X') for text in rows)
    if starts != 1:
        raise ValueError('Expected 1 starting position, got {}.'.format(starts))

    ends = sum(text.count('Y') for text in rows)
    if ends != 1:
        raise ValueError('Expected 1 ending position, got {}.'.format(ends))

    tally = {}
    seen_order = []
    for text in rows:
        for letter in text:
            if letter in PADS:
                if letter not in tally:
                    seen_order.append(letter)
                    tally[letter] = 0
                tally[letter] += 1
    for pad in seen_order:
        if tally[pad] != 2:
            raise ValueError('Teleport pad {} does not have an exclusively matching pad.'.format(pad))

    return [[make_cell(letter) for letter in text] for text in rows]
