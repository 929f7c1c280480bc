"""Walk the avatar to its death and watch the game end, in the sandbox child.

Read by ``check_threads.py``. payload: ``map``, ``step`` and ``wait_s``.
"""

import os
from typing import Any, Callable, TypedDict


class GameOver(TypedDict):
    """Threads started, whether the avatar died in time, and threads left."""

    started: int
    over: bool
    left: int


SHAPE = GameOver


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    world = watch.world(payload["map"])
    started = len(watch.threads())
    world.avatarMove(*payload["step"])
    over = headless.wait_until(lambda: not world.avatarAlive(), payload["wait_s"])
    headless.wait_until(lambda: not watch.threads(), payload["wait_s"])
    report({"started": started, "over": over, "left": len(watch.threads())})
    os._exit(0)
