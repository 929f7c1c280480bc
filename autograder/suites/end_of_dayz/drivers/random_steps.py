"""Step a game with one zombie and read where the random source is left, in the sandbox child.

A zombie and a vulnerable player on an empty grid: the random source is seeded after the
game is made, the game steps, and the next ``random.random()`` is reported; the grader
compares it with what the spec's draws leave (the child never sees that value). Read by
``check_task2.py`` (Zombie: one draw per step) and ``check_task3.py`` (TrackingZombie: none).

payload: ``size``, ``zombie`` (the class's name), ``zombie_at`` and ``player_at`` (their
Position arguments), ``steps`` and ``seed``.
"""

import importlib
import random
from typing import Any, Callable, Dict

# The next random.random() after the steps.
SHAPE = float


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Build the game, seed, step and report the next random number."""
    from a2 import Grid, IntermediateGame, VulnerablePlayer
    from a2_support import Position
    zombie_class = getattr(importlib.import_module("a2"), payload["zombie"])
    grid = Grid(payload["size"])
    grid.add_entity(Position(*payload["zombie_at"]), zombie_class())
    grid.add_entity(Position(*payload["player_at"]), VulnerablePlayer())
    game = IntermediateGame(grid)
    random.seed(payload["seed"])
    for _ in range(payload["steps"]):
        game.step()
    report(random.random())
