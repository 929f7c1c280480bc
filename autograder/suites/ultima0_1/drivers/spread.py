"""Watch a World's monsters each step in a thread of their own, in the sandbox child.

Read by ``ultima01_probes.py``. payload: ``map``, ``moves``, ``monsters`` and ``seconds``.
"""

import os
import time
from typing import Any, Callable, Dict, List, TypedDict, Union

# A value a getter returned, as ``headless.read`` reports it: a JSON scalar as returned,
# anything else as its repr, "error: ..." when it raised.
Plain = Union[bool, int, float, str]


class Summary(TypedDict):
    """What ``headless.Watch.summary`` reports: counts of what it saw, the changes made
    without world.lock, the threads' errors, monsterMove calls per mover, the lock's type."""

    counts: Dict[str, int]
    violations: List[Any]
    thread_errors: List[Any]
    movers: Dict[str, int]
    lock: str


class Spread(TypedDict):
    """Threads started, and the watch's summary."""

    started: int
    watch: Summary


SHAPE = Spread


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    _world = watch.world(payload["map"])
    time.sleep(0.05)
    started = len(watch.threads())
    headless.wait_until(lambda: all(watch.moved(index) >= payload["moves"]
                                    for index in range(payload["monsters"])), payload["seconds"])
    report({"started": started, "watch": watch.summary()})
    os._exit(0)
