"""grid_to_string checks: the exact drawing of the cells, the acorn and the bucket line.

The spec fixes what the course's tests use: cells with a ``display`` attribute, and a
``Player`` (player.py) with ``display``, ``row``, ``col`` and ``num_water_buckets``
("The display attribute will be used to test your grid_to_string() function", "The
grid_to_string() function must use these attributes when drawing the player"). So the checks
draw the student's own objects: the grid comes from the student's ``parse`` when it spells the
board exactly (otherwise plain cells with a ``display`` stand in, so that a parser bug is
charged once, under the parser item), and the player is the student's ``Player`` with those
four attributes set. Each call draws a freshly parsed grid: the spec never asks
grid_to_string to leave the grid as it found it. The modules are imported in the order the
student's run.py imports them, as the real game does. The layout is CLARIFICATIONS.md's: the
rows joined by newlines, the acorn over the cell at (row, col), a blank line, then
``You have N water buckets.`` (``You have 1 water bucket.`` for one); one trailing newline is
accepted.
"""

from typing import List, Sequence, Tuple

from autograder import WrongOutput, check
from autograder.drivers import Driver

TIMEOUT_S = 5

# The driver: per case, each call's drawing ("text" or "raised") and whether the student's
# own parse and Player were used.
GRID = Driver("acorn_maze.grid")

# One call: (row, col, buckets) and the exact string it must return.
Call = Tuple[int, int, int, str]


def bucket_line(buckets: int) -> str:
    """Return the bucket line for ``buckets``, singular for exactly one."""
    if buckets == 1:
        return "You have 1 water bucket."
    return f"You have {buckets} water buckets."


def drawing(rows: Sequence[str], buckets: int) -> str:
    """Return the expected drawing of ``rows`` (acorn already drawn in) with ``buckets``."""
    return "\n".join(rows) + "\n\n" + bucket_line(buckets)


def require_drawings(sandbox, cases: Sequence[Tuple[List[str], List[Call]]]) -> None:
    """Draw each case's grid for each of its calls in one child and require the drawings."""
    payload = [[rows, [[row, col, buckets] for row, col, buckets, _ in calls]]
               for rows, calls in cases]
    results = sandbox.probe(GRID, args=payload)
    if len(results) != len(cases):
        raise WrongOutput("the drawings could not be read back", repr(results)[:500])
    for (rows, calls), result in zip(cases, results):
        if len(result.drawings) != len(calls):
            raise WrongOutput("the drawings could not be read back", repr(result)[:500])
        cells = "your parse's cells" if result.parsed else "cells with a display attribute"
        player = "your Player" if result.player else "a player object"
        for (row, col, buckets, want), drawn in zip(calls, result.drawings):
            call = (f"grid_to_string on {cells} for {rows!r} with {player} at row {row}, "
                    f"column {col}, holding {buckets} bucket(s)")
            if drawn.kind != "text":
                raise WrongOutput(f"{call} raised {drawn.text}")
            if drawn.text not in (want, want + "\n"):
                raise WrongOutput(f"{call} returned the wrong string",
                                  f"expected:\n{want!r}\ngot:\n{drawn.text!r}")


@check(item="grid_to_string", timeout=TIMEOUT_S)
def test_grid_layout_with_no_buckets(sandbox):
    """grid_to_string: rows, acorn, blank line, 'You have 0 water buckets.'"""
    rows = ["***", "X Y", "***"]
    require_drawings(sandbox, [
        (rows, [(1, 1, 0, drawing(["***", "XAY", "***"], 0))]),
        (["*X*", "* *", "*Y*"], [(1, 1, 0, drawing(["*X*", "*A*", "*Y*"], 0))]),
    ])


@check(item="grid_to_string", timeout=TIMEOUT_S)
def test_grid_one_bucket_is_singular(sandbox):
    """grid_to_string: 'You have 1 water bucket.' for exactly one bucket"""
    require_drawings(sandbox, [
        (["**X**", "* F *", "***Y*"], [(1, 1, 1, drawing(["**X**", "*AF *", "***Y*"], 1))]),
    ])


@check(item="grid_to_string", timeout=TIMEOUT_S)
def test_grid_several_buckets_are_plural(sandbox):
    """grid_to_string: 'You have 2 water buckets.' and 'You have 12 water buckets.'"""
    rows = ["**X**", "*WWF*", "***Y*"]
    require_drawings(sandbox, [
        (rows, [(1, 3, 2, drawing(["**X**", "*WWA*", "***Y*"], 2)),
                (0, 2, 12, drawing(["**A**", "*WWF*", "***Y*"], 12))]),
    ])


@check(item="grid_to_string", timeout=TIMEOUT_S)
def test_grid_player_at_row_and_column(sandbox):
    """grid_to_string: the acorn is drawn at (row, col) of a grid wider than tall"""
    rows = ["*X*****", "*     *", "*****Y*"]
    require_drawings(sandbox, [
        (rows, [(1, 4, 0, drawing(["*X*****", "*   A *", "*****Y*"], 0)),
                (2, 5, 0, drawing(["*X*****", "*     *", "*****A*"], 0))]),
        (["*X*", "* *", "* *", "* *", "*Y*"],
         [(3, 1, 0, drawing(["*X*", "* *", "* *", "*A*", "*Y*"], 0))]),
    ])


@check(item="grid_to_string", timeout=TIMEOUT_S)
def test_grid_player_over_any_cell(sandbox):
    """grid_to_string: the acorn hides X, Y, a pad, water and fire"""
    rows = ["**X***", "*1W1F*", "****Y*"]
    require_drawings(sandbox, [
        (rows, [(0, 2, 0, drawing(["**A***", "*1W1F*", "****Y*"], 0)),
                (1, 1, 0, drawing(["**X***", "*AW1F*", "****Y*"], 0)),
                (1, 2, 0, drawing(["**X***", "*1A1F*", "****Y*"], 0)),
                (1, 4, 3, drawing(["**X***", "*1W1A*", "****Y*"], 3)),
                (2, 4, 1, drawing(["**X***", "*1W1F*", "****A*"], 1))]),
    ])
