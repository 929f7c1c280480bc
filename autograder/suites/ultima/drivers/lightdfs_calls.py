"""Watch the calls of lightDFS while World.light runs, in the sandbox child.

A profile hook counts every call of a function named lightDFS, and those made while another
call of the same function (the same code, not merely the same name: a nested ``def lightDFS``
called inside the method is no recursion of it) is on the same thread's stack. It also notes
the position each call considers (its ``currX`` and ``currY``, the fourth and fifth
parameters after ``self`` of the spec's ``lightDFS(self, x, y, currX, currY, r)``) and counts
the nested calls whose position is not next to their caller's. After
light() the World is drawn once, so that the check sees which tiles ended up lit. All of this
runs beside the student's code, which could rewrite it: ``check_recursion.py`` trusts it only
with the source's evidence. The check also plays World.py with its recursion cut out under
this same driver and hook: a run the child could tell apart by its driver or its profiling
would let a loop beside a decoy recursion answer differently there.
payload: ``map`` and ``light`` ([x, y, radius]).
"""

import math
import sys
import threading
from typing import Any, Callable, Dict, List, Optional, Tuple, TypedDict, Union

from ._shapes import Picture

# The function watched.
WATCHED = "lightDFS"
# Where currX and currY sit among lightDFS's parameters (self, x, y, currX, currY, r).
CURR_X, CURR_Y = 3, 4
# The distinct positions reported at most (a 10x5 map and its edges need far fewer).
MAX_POSITIONS = 2000


class Calls(TypedDict):
    """Every call of lightDFS, the calls made from inside lightDFS, what light() returned (a
    JSON scalar as returned, anything else as its repr), the positions the calls considered
    (None when lightDFS does not take currX and currY), the nested calls that did not step
    to a tile next to their caller's, and the pictures one draw() drew afterwards
    (None when it failed)."""

    all: int
    nested: int
    lit: Union[int, float, str]
    positions: Optional[List[Tuple[int, int]]]
    strays: int
    drawn: Optional[List[Picture]]


SHAPE = Calls


def _position(frame: Any) -> Optional[Tuple[Any, Any]]:
    """Return the (currX, currY) a lightDFS call considers, or None if it takes no such
    parameters or they are not whole numbers."""
    code = frame.f_code
    if code.co_argcount <= CURR_Y:
        return None
    values = frame.f_locals
    x, y = (values.get(code.co_varnames[index]) for index in (CURR_X, CURR_Y))
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
               and v == int(v) for v in (x, y)):
        return None
    return int(x), int(y)


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Light the World under the profile hook and report the calls, light()'s answer and
    the drawing that followed."""
    import headless
    headless.start()
    from World import World
    stacks: Dict[Tuple[int, Any], List[Optional[Tuple[Any, Any]]]] = {}
    calls = {"all": 0, "nested": 0, "strays": 0}
    positions = set()
    readable = [True]

    def watch(frame: Any, event: str, arg: Any) -> None:
        """Count a call of lightDFS, nested or not, note its position and track the stack of
        positions of each function of that name."""
        if event not in ("call", "return") or frame.f_code.co_name != WATCHED:
            return
        stack = stacks.setdefault((threading.get_ident(), frame.f_code), [])
        if event == "return":
            if stack:
                stack.pop()
            return
        here = _position(frame)
        readable[0] = readable[0] and here is not None
        calls["all"] += 1
        if stack:
            calls["nested"] += 1
            caller = stack[-1]
            # A neighbour, diagonals included: which neighbours a search visits is the
            # World checks' business, that it walks the map is this one's.
            steps = None if here is None or caller is None else (
                max(abs(here[0] - caller[0]), abs(here[1] - caller[1])))
            calls["strays"] += steps != 1
        if here is not None and len(positions) < MAX_POSITIONS:
            positions.add(here)
        stack.append(here)

    threading.setprofile(watch)
    sys.setprofile(watch)
    try:
        world = World(payload["map"])
        count = world.light(*payload["light"])
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    try:
        drawn = headless.pictures(world.draw)
    except Exception:  # the drawing is the World checks' business: here it is only unseen
        drawn = None
    report({"all": calls["all"], "nested": calls["nested"], "strays": calls["strays"],
            "lit": count if isinstance(count, (int, float, str)) else repr(count),
            "positions": sorted(positions) if readable[0] else None, "drawn": drawn})
