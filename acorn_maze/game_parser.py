"""Turn a board file into a grid: a list of rows, each a list of cells (see cells.py).

read_lines opens the file and hands its lines to parse; parse checks the board, in a fixed
order, and links each teleport pad to its partner. Both report a bad board by raising
ValueError with a one-line message; printing it is the entry points' job.

>>> grid = parse(["*X*\\n", "*1*\\n", "*1*\\n", "*Y*\\n"])
>>> [[cell.display for cell in row] for row in grid][1]
['*', '1', '*']
>>> grid[1][1].destination()
(2, 1)
>>> parse(["X1Y"])
Traceback (most recent call last):
    ...
ValueError: Teleport pad 1 does not have an exclusively matching pad.
"""

from cells import (AIR_CHAR, END_CHAR, FIRE_CHAR, START_CHAR, TELEPORT_CHARS, WALL_CHAR,
                   WATER_CHAR, Air, End, Fire, Start, Teleport, Wall, Water)

LINE_ENDINGS = "\r\n"
FILE_ENCODING = "utf-8"
PAD_COUNT = 2
BAD_LETTER_MESSAGE = "Bad letter in configuration file: {}."
START_COUNT_MESSAGE = "Expected 1 starting position, got {}."
END_COUNT_MESSAGE = "Expected 1 ending position, got {}."
UNMATCHED_PAD_MESSAGE = "Teleport pad {} does not have an exclusively matching pad."
MISSING_FILE_MESSAGE = "{} does not exist!"
UNREADABLE_FILE_MESSAGE = "{} cannot be read: {}."
NOT_TEXT_MESSAGE = "{} is not a UTF-8 text file."

# The cell class for every character except the teleport pads, which need their digit.
CELL_TYPES = {AIR_CHAR: Air, START_CHAR: Start, END_CHAR: End, WALL_CHAR: Wall,
              WATER_CHAR: Water, FIRE_CHAR: Fire}


def read_lines(filename: str) -> list:
    """Read the board file ``filename`` and return its grid (see ``parse``).

    Raises ValueError with a one-line message when the file does not exist, cannot be read,
    is not UTF-8 text, or holds a bad board.
    """
    try:
        with open(filename, encoding=FILE_ENCODING) as board_file:
            lines = board_file.readlines()
    except FileNotFoundError as err:
        raise ValueError(MISSING_FILE_MESSAGE.format(filename)) from err
    except UnicodeDecodeError as err:
        raise ValueError(NOT_TEXT_MESSAGE.format(filename)) from err
    except OSError as err:
        raise ValueError(UNREADABLE_FILE_MESSAGE.format(filename, err.strerror)) from err
    return parse(lines)


def parse(lines: list) -> list:
    """Return the grid of cells described by ``lines``, the board's rows as strings.

    A trailing newline (``\\n`` or ``\\r\\n``) on a line is ignored, and so are empty lines.
    The checks run in this order, each raising ValueError with its message: every character
    is a known cell, there is exactly one X, exactly one Y, and every teleport digit appears
    exactly twice. The first bad character in reading order, and the lowest unmatched pad,
    are the ones reported.
    """
    rows = [line.rstrip(LINE_ENDINGS) for line in lines]
    rows = [row for row in rows if row]
    for row in rows:
        for char in row:
            if char not in CELL_TYPES and char not in TELEPORT_CHARS:
                raise ValueError(BAD_LETTER_MESSAGE.format(char))
    text = "".join(rows)
    if text.count(START_CHAR) != 1:
        raise ValueError(START_COUNT_MESSAGE.format(text.count(START_CHAR)))
    if text.count(END_CHAR) != 1:
        raise ValueError(END_COUNT_MESSAGE.format(text.count(END_CHAR)))
    for pad in TELEPORT_CHARS:
        if text.count(pad) not in (0, PAD_COUNT):
            raise ValueError(UNMATCHED_PAD_MESSAGE.format(pad))
    grid = [[make_cell(char) for char in row] for row in rows]
    link_teleports(grid)
    return grid


def make_cell(char: str):
    """Return a new cell for the board character ``char`` (already checked to be valid)."""
    if char in TELEPORT_CHARS:
        return Teleport(char)
    return CELL_TYPES[char]()


def link_teleports(grid: list) -> None:
    """Point each teleport pad in ``grid`` at the other pad with the same digit."""
    pads = {}
    for row_index, row in enumerate(grid):
        for col_index, cell in enumerate(row):
            if isinstance(cell, Teleport):
                pads.setdefault(cell.display, []).append((row_index, col_index))
    for first, second in pads.values():
        grid[first[0]][first[1]].link(*second)
        grid[second[0]][second[1]].link(*first)
