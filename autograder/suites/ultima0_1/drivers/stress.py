"""Play the course's game loop under load, watched, in the sandbox child.

Each frame is drawn holding world.lock, as the course's loop does. Read by
``check_concurrency.py``. payload: ``map``, ``keys``, ``switch_s``, ``seconds``,
``frames``, ``moves``, ``frame_s`` and ``skip``.
"""

import os
import sys
import time
from typing import Any, Callable, List, TypedDict

from ._shapes import Frame, Summary


class Stress(TypedDict):
    """Every frame drawn, and the watch's summary."""

    frames: List[Frame]
    watch: Summary


SHAPE = Stress


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    if payload["switch_s"]:
        sys.setswitchinterval(payload["switch_s"])
    world = watch.world(payload["map"])
    reader = headless.LogReader()
    keys = list(payload["keys"])
    frames = []
    deadline = time.monotonic() + payload["seconds"]
    while time.monotonic() < deadline and (len(frames) < payload["frames"]
                                           or watch.counts["monster move"] < payload["moves"]):
        if keys:
            world.handleKey(keys.pop(0))
        frames.append(headless.frame(world, reader, payload["skip"], watch, locked=True))
        time.sleep(payload["frame_s"])
    report({"frames": frames, "watch": watch.summary()})
    os._exit(0)
