"""Play a script of operations on a World whose monsters are frozen, in the sandbox child.

Read by ``ultima01_probes.py``. payload: ``map``, ``starts`` (the monsters used), ``ops``,
``call`` (how World.monsterMove is called: ``args`` and ``kwargs`` slots) and ``skip``
(picture files left out of drawings).
"""

import os
from typing import Any, Callable, List, Optional, TypedDict, Union

from ._shapes import Frame, Plain


class State(TypedDict):
    """The avatar's [x, y, hit points], the monsters' states, getNumMonsters() and
    avatarAlive()."""

    avatar: List[Plain]
    monsters: List[Any]
    count: Plain
    alive: Plain


class Step(State):
    """The state after one operation, and what was drawn (None when nothing was)."""

    drawn: Optional[Frame]


class Extra(TypedDict):
    """The avatar's damage and torch radius, and each monster's damage."""

    hero: List[Plain]
    damages: List[Plain]


class Played(TypedDict):
    """The state before any operation, the extra facts, and the state after each."""

    first: State
    extra: Extra
    states: List[Step]


class NotFound(TypedDict):
    """Why the monsters of ``starts`` could not be found."""

    lookup: str


SHAPE = Union[Played, NotFound]


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch(freeze=True)
    world = watch.world(payload["map"])
    reader = headless.LogReader()
    starts = [tuple(s) for s in payload["starts"]]
    try:
        monsters = watch.at(starts)
    except LookupError as err:
        report({"lookup": str(err)})
        os._exit(0)
    order = [watch.index(m) for m in monsters]
    def state():
        states = watch.states()
        def hero():
            return world.avatar
        return {"avatar": [headless.read(lambda: hero().getX()),
                           headless.read(lambda: hero().getY()),
                           headless.read(lambda: hero().getHitPoints())],
                "monsters": [states[i] for i in order],
                "count": headless.read(world.getNumMonsters),
                "alive": headless.read(world.avatarAlive)}
    first = state()
    extra = {"hero": [headless.read(lambda: world.avatar.getDamage()),
                      headless.read(lambda: world.avatar.getTorchRadius())],
             "damages": [headless.read(m.getDamage) for m in monsters]}
    seen = []
    for op in payload["ops"]:
        kind, drawn = op[0], None
        if kind == "monster":
            mover = monsters[starts.index((op[1], op[2]))]
            x, y = op[3], op[4]
            here = (headless.read(mover.getX), headless.read(mover.getY))
            values = {"monster": mover, "x": x, "y": y,
                      "dx": x - here[0] if isinstance(here[0], int) else x,
                      "dy": y - here[1] if isinstance(here[1], int) else y}
            world.monsterMove(*[values[slot] for slot in payload["call"]["args"]],
                              **{name: values[slot]
                                 for name, slot in payload["call"]["kwargs"].items()})
        elif kind == "avatar":
            world.avatarMove(op[1], op[2])
        elif kind == "key":
            world.handleKey(op[1])
        elif kind == "hurt":
            monsters[starts.index((op[1], op[2]))].incurDamage(op[3])
        elif kind == "place":
            monsters[starts.index((op[1], op[2]))].setLocation(op[3], op[4])
        elif kind == "draw":
            drawn = headless.frame(world, reader, payload["skip"])
        elif kind == "mdraw":
            drawn = headless.frame(monsters[starts.index((op[1], op[2]))], reader,
                                   payload["skip"])
        entry = state()
        entry["drawn"] = drawn
        seen.append(entry)
    report({"first": first, "extra": extra, "states": seen})
    os._exit(0)
