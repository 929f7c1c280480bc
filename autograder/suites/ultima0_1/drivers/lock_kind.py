"""Read the type of the lock inside a World's world.lock, in the sandbox child.

Read by ``check_concurrency.py``. payload: the map file's name.
"""

import os
from typing import Any, Callable

# The lock's type name ("lock", "RLock"), or "none".
SHAPE = str


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch(freeze=True)
    _world = watch.world(payload)
    report(watch.lock_kind())
    os._exit(0)
