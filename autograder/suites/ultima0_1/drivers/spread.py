"""Watch a World's monsters each step in a thread of their own, in the sandbox child.

Read by ``ultima01_probes.py``. payload: ``map``, ``moves``, ``monsters`` and ``seconds``.
Once the World is built the driver pauses, so that the grader counts the process's threads
from outside (``Runner.probe_counting_threads``).
"""

import os
import time
from typing import Any, Callable, TypedDict

from ._shapes import Summary


class Spread(TypedDict):
    """Threads started, and the watch's summary."""

    started: int
    watch: Summary


SHAPE = Spread


def main(payload: Any, report: Callable[[Any], None], pause: Callable[[], Any]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    _world = watch.world(payload["map"])
    time.sleep(0.05)
    started = len(watch.threads())
    pause()
    headless.wait_until(lambda: all(watch.moved(index) >= payload["moves"]
                                    for index in range(payload["monsters"])), payload["seconds"])
    report({"started": started, "watch": watch.summary()})
    os._exit(0)
