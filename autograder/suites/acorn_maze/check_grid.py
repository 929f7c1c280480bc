"""grid_to_string checks: the exact drawing of the cells, the acorn and the bucket line.

As the spec says the course tested it, the grid and the player are built by the grader from
the attributes the spec fixes: cells with a ``display`` character, and a player with
``display``, ``row``, ``col`` and ``num_water_buckets``. So the checks depend on neither the
student's parser nor their cell and player classes. The layout is CLARIFICATIONS.md's: the rows
joined by newlines, the acorn over the cell at (row, col), a blank line, then
``You have N water buckets.`` (``You have 1 water bucket.`` for one); one trailing newline is
accepted.
"""

from typing import List, Sequence, Tuple

from autograder import WrongOutput, check

TIMEOUT_S = 5

# Each case: [rows of display characters, [[row, col, buckets], ...]]. All calls of a case
# draw the same grid objects, so a drawing that changes the grid shows in the next call.
GRID_DRIVER = """
from types import SimpleNamespace
from grid import grid_to_string
results = []
for rows, calls in payload:
    grid = [[SimpleNamespace(display=char) for char in row] for row in rows]
    drawings = []
    for row, col, buckets in calls:
        player = SimpleNamespace(display="A", row=row, col=col, num_water_buckets=buckets)
        try:
            text = grid_to_string(grid, player)
            drawings.append(["text", text if isinstance(text, str) else repr(text)])
        except Exception as err:
            drawings.append(["raised", type(err).__name__ + ": " + str(err)])
    results.append(drawings)
report(results)
"""

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
    results = sandbox.probe(GRID_DRIVER, args=payload)
    if not isinstance(results, list) or len(results) != len(cases):
        raise WrongOutput("the drawings could not be read back", repr(results)[:500])
    for (rows, calls), drawings in zip(cases, results):
        if not (isinstance(drawings, list) and len(drawings) == len(calls)
                and all(isinstance(entry, list) and len(entry) == 2 for entry in drawings)):
            raise WrongOutput("the drawings could not be read back", repr(drawings)[:500])
        for (row, col, buckets, want), (kind, got) in zip(calls, drawings):
            call = (f"grid_to_string on the cells {rows!r} with the player at row {row}, "
                    f"column {col}, holding {buckets} bucket(s)")
            if kind != "text":
                raise WrongOutput(f"{call} raised {got}")
            if got not in (want, want + "\n"):
                raise WrongOutput(f"{call} returned the wrong string",
                                  f"expected:\n{want!r}\ngot:\n{got!r}")


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


@check(item="grid_to_string", timeout=TIMEOUT_S)
def test_grid_drawing_leaves_the_cells_unchanged(sandbox):
    """grid_to_string: drawing twice on one grid shows the acorn only where it is now"""
    rows = ["***", "X Y", "***"]
    require_drawings(sandbox, [
        (rows, [(1, 1, 0, drawing(["***", "XAY", "***"], 0)),
                (1, 0, 0, drawing(["***", "A Y", "***"], 0)),
                (1, 2, 0, drawing(["***", "X A", "***"], 0))]),
    ])
