"""Count the calls of lightDFS while World.light runs, in the sandbox child.

A profile hook counts every call of a function named lightDFS, and those made while
another call of the same function (the same code, not merely the same name: a nested
``def lightDFS`` called inside the method is no recursion of it) is on the same thread's
stack. The counts run beside the student's
code, which could rewrite them: ``check_recursion.py`` trusts them only with the source's
evidence. It also reports what light() returned, so that the check can play World.py with its
recursion cut out under this same driver and hook: a run the child could tell apart by its
driver or its profiling would let a loop beside a decoy recursion answer differently there.
payload: ``map`` and ``light`` ([x, y, radius]).
"""

import sys
import threading
from typing import Any, Callable, Dict, Tuple, TypedDict, Union

# The function watched.
WATCHED = "lightDFS"


class Calls(TypedDict):
    """Every call of lightDFS, the calls made from inside lightDFS, and what light()
    returned (a JSON scalar as returned, anything else as its repr)."""

    all: int
    nested: int
    lit: Union[int, float, str]


SHAPE = Calls


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Light the World under the profile hook and report the counts and light()'s answer."""
    from World import World
    depth: Dict[Tuple[int, Any], int] = {}
    calls = {"all": 0, "nested": 0}

    def watch(frame: Any, event: str, arg: Any) -> None:
        """Count a call of lightDFS, nested or not, and track the stack's depth of each
        function of that name."""
        if event not in ("call", "return") or frame.f_code.co_name != WATCHED:
            return
        key = (threading.get_ident(), frame.f_code)
        if event == "call":
            calls["all"] += 1
            calls["nested"] += depth.get(key, 0) > 0
            depth[key] = depth.get(key, 0) + 1
        else:
            depth[key] = depth.get(key, 1) - 1

    threading.setprofile(watch)
    sys.setprofile(watch)
    try:
        world = World(payload["map"])
        count = world.light(*payload["light"])
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    report({**calls, "lit": count if isinstance(count, (int, float, str)) else repr(count)})
