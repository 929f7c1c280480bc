"""Return what World.light returns on a fresh World, in the sandbox child.

Read by ``check_recursion.py``. payload: ``map`` and ``light`` ([x, y, radius]).
"""

from typing import Any, Callable, Dict, Union

# light()'s return value: a JSON scalar as returned, anything else as its repr.
SHAPE = Union[int, float, str]


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Light the World once and report the count."""
    from World import World
    world = World(payload["map"])
    count = world.light(*payload["light"])
    report(count if isinstance(count, (int, float, str)) else repr(count))
