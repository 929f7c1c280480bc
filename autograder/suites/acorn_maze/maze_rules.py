"""The acorn maze's rules, re-implemented on the grader's side to replay a solver's path.

The solver checks never import student code: they read the path a submission's solver.py
printed and replay it here, on the board text the check wrote. The rules are the ones of
CLARIFICATIONS.md: walls and the grid's edge push back (a path must not contain such a move,
since the game would not count it), water gives a bucket and becomes air, fire costs a bucket
and becomes air or ends the game, teleport pads move the acorn to their partner (waiting on
a pad does too), and entering Y wins.

>>> replay("***\\nX Y\\n***", ["d", "d"]) is None
True
>>> replay("***\\nX Y\\n***", ["d"])
'the path ends before the acorn reaches Y'
"""

from typing import Dict, List, Optional, Sequence, Tuple

WALL, WATER, FIRE, START, END, AIR = "*", "W", "F", "X", "Y", " "
TELEPORT_PADS = "123456789"
# (row change, column change) of each move; waiting stays in place.
OFFSETS = {"w": (-1, 0), "a": (0, -1), "s": (1, 0), "d": (0, 1), "e": (0, 0)}
WAIT = "e"

Square = Tuple[int, int]


def board_rows(text: str) -> List[str]:
    """Return the rows of the board ``text``, line endings and empty lines dropped."""
    return [line.rstrip("\r") for line in text.split("\n") if line.rstrip("\r")]


def pad_partners(rows: Sequence[str]) -> Dict[Square, Square]:
    """Return each teleport pad's square mapped to its partner's square."""
    squares: Dict[str, List[Square]] = {}
    for row, line in enumerate(rows):
        for col, char in enumerate(line):
            if char in TELEPORT_PADS:
                squares.setdefault(char, []).append((row, col))
    partners = {}
    for pair in squares.values():
        assert len(pair) == 2, f"the grader's board has an unpaired pad at {pair}"
        partners[pair[0]], partners[pair[1]] = pair[1], pair[0]
    return partners


def replay(board: str, moves: Sequence[str]) -> Optional[str]:
    """Play ``moves`` on ``board`` and return what is wrong with them, or None for a win.

    The path is right when every move is one of w, a, s, d, e (any case), none walks into a
    wall or off the grid, none steps into a fire without a bucket, and the last move, and
    only the last, enters Y.
    """
    rows = [list(line) for line in board_rows(board)]
    partners = pad_partners(rows)
    here = next((row, col) for row, line in enumerate(rows)
                for col, char in enumerate(line) if char == START)
    buckets = 0
    for number, move in enumerate(moves, start=1):
        offset = OFFSETS.get(move.lower())
        if offset is None:
            return f"move {number} ({move!r}) is not one of w, a, s, d, e"
        row, col = here[0] + offset[0], here[1] + offset[1]
        if not (0 <= row < len(rows) and 0 <= col < len(rows[row])) or rows[row][col] == WALL:
            return (f"move {number} ({move}) walks into a wall at row {row}, column {col}; "
                    f"the game would not count it")
        cell = rows[row][col]
        here = (row, col)
        if cell == END:
            if number != len(moves):
                return f"move {number} ({move}) already reaches Y; the path goes on after it"
            return None
        if cell == WATER:
            buckets += 1
            rows[row][col] = AIR
        elif cell == FIRE:
            if buckets == 0:
                return (f"move {number} ({move}) steps into the fire at row {row}, "
                        f"column {col} without a bucket of water")
            buckets -= 1
            rows[row][col] = AIR
        elif cell in TELEPORT_PADS:
            here = partners[here]
    return "the path ends before the acorn reaches Y"
