"""Play a small intermediate game with the typed input and report what it printed, in the
sandbox child.

Read by ``check_task2.py``: moving right onto the hospital, the player ends next to a
zombie whose only free square is the player's, so the same turn wins and infects.
payload: none (the moves come on standard input).
"""

import contextlib
import io
from typing import Any, Callable

# Everything play printed.
SHAPE = str


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Build the 2 by 2 game, play it and report its output."""
    from a2 import Grid, Hospital, IntermediateGame, TextInterface, VulnerablePlayer, Zombie
    from a2_support import Position
    grid = Grid(2)
    grid.add_entity(Position(0, 0), VulnerablePlayer())
    grid.add_entity(Position(1, 0), Hospital())
    grid.add_entity(Position(1, 1), Zombie())
    grid.add_entity(Position(0, 1), Zombie())
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        TextInterface(2).play(IntermediateGame(grid))
    report(output.getvalue())
