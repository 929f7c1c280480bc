"""Learn how the submission's monsters call World.monsterMove, in the sandbox child.

The first call a monster's thread makes is recorded: its arguments described (the monster,
a number, or something else) and where the monster stood before and after. Read by
``ultima01_probes.py``. payload: ``map`` and ``wait_s``.
"""

import os
import threading
from typing import Any, Callable, Dict, List, TypedDict

from ._shapes import Plain


class Learned(TypedDict, total=False):
    """The call's positional and keyword arguments, described, and the monster's [x, y]
    before and after it; empty when no call was seen."""

    args: List[Any]
    kwargs: Dict[str, Any]
    before: List[Plain]
    after: List[Plain]


SHAPE = Learned


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    seen = {}
    done = threading.Event()
    original = getattr(watch.world_class, "monsterMove", None)
    def where(monster):
        return [headless.read(monster.getX), headless.read(monster.getY)]
    def describe(value, monster):
        if value is monster:
            return "monster"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        return "other"
    def recorder(world, *args, **kwargs):
        if (done.is_set() or threading.current_thread() is threading.main_thread()
                or not watch.monsters):
            return original(world, *args, **kwargs)
        monster = watch.monsters[0]
        before = where(monster)
        result = original(world, *args, **kwargs)
        seen.update(args=[describe(a, monster) for a in args],
                    kwargs={k: describe(v, monster) for k, v in kwargs.items()},
                    before=before, after=where(monster))
        done.set()
        return result
    if callable(original):
        watch.world_class.monsterMove = recorder
    _world = watch.world(payload["map"])
    monster = watch.monsters[0] if watch.monsters else None
    if monster is not None and not done.wait(0.5) and not watch.threads():
        threading.Thread(target=monster.run, daemon=True).start()
    done.wait(payload["wait_s"])
    report(seen)
    os._exit(0)
