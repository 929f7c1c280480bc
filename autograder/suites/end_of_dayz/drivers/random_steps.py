"""Step a game with one zombie and read where the random source is left, in the sandbox child.

A zombie and a vulnerable player on an empty grid: the random source is seeded after the
game is made, the game steps, and the next ``random.random()`` is reported with the square
the zombie stepped to; the grader compares both with what the spec's rules give. The random
state alone could be worked out from the payload without any zombie, so the square, which
takes the zombie's own step rule, must be right too. Read by ``check_task2.py`` (Zombie: one
draw per step) and ``check_task3.py`` (TrackingZombie: none).

payload: ``size``, ``zombie`` (the class's name), ``zombie_at`` and ``player_at`` (their
Position arguments), ``steps`` and ``seed``.
"""

import importlib
import random
from typing import Any, Callable, Dict, List, Optional, TypedDict


class Steps(TypedDict):
    """The next random.random() after the steps, and the zombie's square then ([x, y], or
    None where the grid's mapping does not hold it)."""

    next: float
    at: Optional[List[int]]


SHAPE = Steps


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Build the game, seed, step and report the next random number and the zombie's square."""
    from a2 import Grid, IntermediateGame, VulnerablePlayer
    from a2_support import Position
    zombie_class = getattr(importlib.import_module("a2"), payload["zombie"])
    grid = Grid(payload["size"])
    zombie = zombie_class()
    grid.add_entity(Position(*payload["zombie_at"]), zombie)
    grid.add_entity(Position(*payload["player_at"]), VulnerablePlayer())
    game = IntermediateGame(grid)
    random.seed(payload["seed"])
    for _ in range(payload["steps"]):
        game.step()
    after = random.random()
    squares = [position for position, entity in grid.get_mapping().items() if entity is zombie]
    at = [squares[0].get_x(), squares[0].get_y()] if squares else None
    report({"next": after, "at": at})
