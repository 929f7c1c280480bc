"""Let a World's monsters run for a while, watched, in the sandbox child.

Read by ``check_monster.py``. payload: ``map`` and ``seconds``.
"""

import os
import time
from typing import Any, Callable, List, TypedDict

from ._shapes import Summary


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
