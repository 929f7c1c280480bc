"""Let a World's monsters run for a while, watched, in the sandbox child.

Read by ``check_monster.py``. payload: ``map`` and ``seconds``.
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


class Run(TypedDict):
    """Every monsterMove call the watch saw, and its summary."""

    calls: List[Any]
    watch: Summary


SHAPE = Run


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    _world = watch.world(payload["map"])
    time.sleep(payload["seconds"])
    report({"calls": list(watch.calls), "watch": watch.summary()})
    os._exit(0)
