"""Parse boards with the submission's ``game_parser.parse`` in the sandbox child.

payload: a list of boards, each a list of lines. Reports, per board, the grid's display
characters row by row, or the exception ``parse`` raised (as data, never re-raised).
Read by ``check_parser.py``.
"""

from typing import Any, Callable, List, TypedDict, Union


class Parsed(TypedDict):
    """The grid's rows of display characters, and whether it is a list of lists."""

    rows: List[str]
    lists: bool


class Raised(TypedDict):
    """The exception's type name and message."""

    raised: str
    message: str


SHAPE = List[Union[Parsed, Raised]]


def main(payload: List[List[str]], report: Callable[[Any], None]) -> None:
    """Parse every board and report what each gave."""
    from game_parser import parse
    results = []
    for lines in payload:
        try:
            grid = parse(list(lines))
            shape = isinstance(grid, list) and all(isinstance(row, list) for row in grid)
            rows = ["".join(cell.display if isinstance(cell.display, str)
                            else repr(cell.display) for cell in row) for row in grid]
            results.append({"rows": rows, "lists": shape})
        except Exception as err:  # the submission's exception is the observation
            results.append({"raised": type(err).__name__, "message": str(err)})
    report(results)
