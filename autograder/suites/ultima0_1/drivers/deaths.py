"""Kill monsters by attacking them and watch their threads end, in the sandbox child.

Read by ``check_threads.py``. payload: ``map``, ``starts`` (the victims', then the
survivor's), ``attacks``, ``wait_s``, ``survivor_wait_s`` and ``exit_wait_s``. The driver
pauses once the World is built and again at the end, so that the grader counts the
process's threads from outside at both (``Runner.probe_counting_threads``).
"""

import os
from typing import Any, Callable, List, TypedDict

from ._shapes import Plain


class Deaths(TypedDict):
    """Threads started, the victims' hit points after the attacks, threads left, and the
    survivor's steps since."""

    started: int
    killed: List[Plain]
    left: int
    survivor_steps: int


SHAPE = Deaths


def main(payload: Any, report: Callable[[Any], None], pause: Callable[[], Any]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    world = watch.world(payload["map"])
    started = len(watch.threads())
    pause()
    first = headless.kernel_threads()
    *victims, lives = watch.at(payload["starts"])
    for x, y in payload["attacks"]:
        world.avatarMove(x, y)
    killed = [headless.read(victim.getHitPoints) for victim in victims]
    headless.wait_until(lambda: len(watch.threads()) <= 1, payload["wait_s"])
    left = len(watch.threads())
    index = watch.index(lives)
    moves = watch.moved(index)
    headless.wait_until(lambda: watch.moved(index) > moves, payload["survivor_wait_s"])
    headless.wait_until_left_kernel(first, started - left, payload["exit_wait_s"])
    pause()
    report({"started": started, "killed": killed, "left": left,
            "survivor_steps": watch.moved(index) - moves})
    os._exit(0)
