"""Draw grids with the submission's ``grid_to_string`` in the sandbox child.

The grid comes from the student's ``parse`` when it spells the board exactly (otherwise
plain cells with a ``display`` stand in), and the player is the student's ``Player`` with
``display``, ``row``, ``col`` and ``num_water_buckets`` set; the modules are imported in
the order the student's run.py imports them. Read by ``check_grid.py``.

payload: a list of cases, each ``[rows of display characters, [[row, col, buckets], ...]]``;
every call draws a fresh grid.
"""

import ast
import importlib
from types import SimpleNamespace
from typing import Any, Callable, List, Optional, Tuple, TypedDict


class Drawing(TypedDict):
    """What one call gave: ``kind`` "text" (the string returned, or its repr when it is not
    a string) or "raised" (the exception's type and message)."""

    kind: str
    text: str


class Case(TypedDict):
    """The drawings of one case's calls, whether the student's own parse made every grid,
    and whether the student's Player was used."""

    drawings: List[Drawing]
    parsed: bool
    player: bool


SHAPE = List[Case]


def run_imports() -> None:
    """Import what run.py imports, in its order: another order can meet a circular import
    the game never does."""
    try:
        with open("run.py", "rb") as source:  # bytes: parsed as Python decodes them
            tree = ast.parse(source.read())
    except (OSError, SyntaxError, ValueError):
        return
    for node in tree.body:
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module] if isinstance(node, ast.ImportFrom) and node.module
                 and not node.level else [])
        for name in names:
            try:
                importlib.import_module(name)
            except Exception:  # the game's own import error shows where it matters
                pass


def own_grid(rows: List[str], parse: Optional[Callable[[List[str]], Any]]) -> Tuple[Any, bool]:
    """Return a grid of ``rows`` and whether it is the student's own parse's."""
    if parse is not None:
        try:
            grid = parse([row + "\n" for row in rows])
            if ["".join(str(cell.display) for cell in line) for line in grid] == list(rows):
                return grid, True
        except Exception:  # a parser bug is charged under the parser item
            pass
    return [[SimpleNamespace(display=char) for char in row] for row in rows], False


def own_player(player_class: Any, row: int, col: int, buckets: int) -> Any:
    """Return a player (the student's class when there is one) with the four attributes."""
    player = None
    if player_class is not None:
        for arguments in ((), (row, col)):
            try:
                player = player_class(*arguments)
                break
            except Exception:  # try the next constructor the spec allows
                pass
        else:
            player = player_class.__new__(player_class)
    else:
        player = SimpleNamespace()
    player.display = "A"
    player.row, player.col, player.num_water_buckets = row, col, buckets
    return player


def main(payload: List[Any], report: Callable[[Any], None]) -> None:
    """Draw every case's calls and report the drawings."""
    run_imports()
    from grid import grid_to_string
    try:
        from game_parser import parse
    except Exception:  # drawn on plain cells instead
        parse = None
    try:
        from player import Player
    except Exception:  # drawn with a plain player instead
        Player = None
    results = []
    for rows, calls in payload:
        drawings, parsed = [], True
        for row, col, buckets in calls:
            try:
                grid, own = own_grid(rows, parse)
                parsed = parsed and own
                text = grid_to_string(grid, own_player(Player, row, col, buckets))
                drawings.append({"kind": "text",
                                 "text": text if isinstance(text, str) else repr(text)})
            except Exception as err:  # the submission's exception is the observation
                drawings.append({"kind": "raised", "text": type(err).__name__ + ": " + str(err)})
        results.append({"drawings": drawings, "parsed": parsed, "player": Player is not None})
    report(results)
