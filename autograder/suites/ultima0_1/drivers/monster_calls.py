"""Make calls on Monsters in a frozen World and read their getters after each, in the sandbox
child.

Read by ``check_monster.py``. payload: ``map``, ``cases``, each ``[constructor arguments,
[[method, arguments...], ...]]``, and ``getters``, the getters read.
"""

import os
from typing import Any, Callable, List

from ._shapes import Plain


# Per case, the getters' values at the start and after each call.
SHAPE = List[List[List[Plain]]]


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch(freeze=True)
    world = watch.world(payload["map"])
    from Monster import Monster
    seen = []
    for made, calls in payload["cases"]:
        monster = Monster(world, *made)
        def state(monster=monster):
            return [headless.read(getattr(monster, name)) for name in payload["getters"]]
        states = [state()]
        for name, *args in calls:
            getattr(monster, name)(*args)
            states.append(state())
        seen.append(states)
    report(seen)
    os._exit(0)
