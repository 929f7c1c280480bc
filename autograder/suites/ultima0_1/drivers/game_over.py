"""Walk the avatar to its death and watch the game end, in the sandbox child.

Read by ``check_threads.py``. payload: ``map``, ``step``, ``wait_s`` and ``exit_wait_s``.
The driver pauses once the World is built and again at the end, so that the grader counts
the process's threads from outside at both (``Runner.probe_counting_threads``).
"""

import os
import threading
from typing import Any, Callable, TypedDict

# What world.lock may be (the lab asks for a threading.Lock; a re-entrant one works alike).
LOCK_TYPES = (type(threading.Lock()), type(threading.RLock()))


class GameOver(TypedDict):
    """Threads started, whether the avatar died in time, and threads left."""

    started: int
    over: bool
    left: int


SHAPE = GameOver


def main(payload: Any, report: Callable[[Any], None], pause: Callable[[], Any]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    world = watch.world(payload["map"])
    # The orc may end the game at its first step: holding world.lock (which the monsters
    # take to move) keeps their threads alive while they are counted.
    lock = getattr(world, "lock", None)
    held = isinstance(lock, LOCK_TYPES) and lock.acquire(timeout=payload["wait_s"])
    try:
        started = len(watch.threads())
        pause()
        first = headless.kernel_threads()
    finally:
        if held:
            lock.release()
    world.avatarMove(*payload["step"])
    over = headless.wait_until(lambda: not world.avatarAlive(), payload["wait_s"])
    headless.wait_until(lambda: not watch.threads(), payload["wait_s"])
    left = len(watch.threads())
    headless.wait_until_left_kernel(first, started - left, payload["exit_wait_s"])
    pause()
    report({"started": started, "over": over, "left": left})
    os._exit(0)
