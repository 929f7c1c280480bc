"""Shapes the Ultima 0.1 drivers share: what ``headless`` reports of a value, a drawing and a
watch.

No driver of its own: a driver takes these with ``from ._shapes import ...``, and the host puts
this text in place of that import (see ``autograder.drivers``), so it imports the standard
library only.
"""

from typing import Any, Dict, List, Tuple, TypedDict, Union

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


class Frame(TypedDict):
    """What ``headless.frame`` reports of one drawing: the pictures ([file, x, y]), the texts,
    the monsters' states read under the lock, and getNumMonsters()."""

    pictures: List[Tuple[str, float, float]]
    texts: List[Any]
    states: List[Any]
    count: Any
