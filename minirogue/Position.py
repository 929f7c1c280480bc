"""Position.py: a square of a MiniRogue level, given by row and column.

Rows count down from 0 at the top, columns right from 0 at the left, as on the screen. Every
actor and object stands on one Position; the Dungeon keys its contents by Position. Actors move
one step left, right, up or down, never diagonally, so distances are Manhattan distances.

>>> here = Position(3, 4)
>>> here.row, here.col
(3, 4)
>>> here.distance_to(Position(1, 9))
7
>>> here.neighbours()
(Position(row=3, col=3), Position(row=3, col=5), Position(row=2, col=4), Position(row=4, col=4))
>>> here.steps_closer_to(Position(9, 1))
(Position(row=4, col=4), Position(row=3, col=3))
>>> here.steps_closer_to(Position(3, 9))
(Position(row=3, col=5),)
"""

from typing import NamedTuple, Tuple

# The four single steps, in the order of the movement keys h (left), l (right), k (up), j (down).
STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))


def _sign(number: int) -> int:
    """Return -1, 0 or 1: the sign of ``number``."""
    return (number > 0) - (number < 0)


class Position(NamedTuple):
    """A square of a level: its row (from the top) and column (from the left)."""

    row: int
    col: int

    def moved(self, row_change: int, col_change: int) -> "Position":
        """Return the position ``row_change`` rows down and ``col_change`` columns right."""
        return Position(self.row + row_change, self.col + col_change)

    def distance_to(self, other: "Position") -> int:
        """Return the number of single steps from here to ``other``, ignoring any obstacles."""
        return abs(self.row - other.row) + abs(self.col - other.col)

    def is_next_to(self, other: "Position") -> bool:
        """Return True if ``other`` is one step left, right, up or down from here."""
        return self.distance_to(other) == 1

    def neighbours(self) -> Tuple["Position", ...]:
        """Return the four positions one step away: left, right, up, down."""
        row, col = self
        return tuple(Position(row + row_change, col + col_change)
                     for row_change, col_change in STEPS)

    def steps_closer_to(self, target: "Position") -> Tuple["Position", ...]:
        """Return the single steps that bring us closer to ``target``'s row or column.

        The step towards its row (up or down) comes first, then the step towards its column;
        a step is left out when we already share that row or column.
        """
        row_change = _sign(target.row - self.row)
        col_change = _sign(target.col - self.col)
        steps = []
        if row_change:
            steps.append(self.moved(row_change, 0))
        if col_change:
            steps.append(self.moved(0, col_change))
        return tuple(steps)
