"""Play the course's game loop on a World, or call its light(), in the sandbox child.

Either way the driver also reports what the submission's own Tile says of each code
(which stop light, which can be walked on): the World is judged with that table, so a
wrong Tile costs its own check only. Read by ``check_world.py``.

payload: ``mode``; for "play", ``map`` and ``keys`` (typed one by one into the loop); for
"light", ``map`` and ``calls``, each ``[x, y, radius]``, made on one World with every tile
it holds unlit by the grader first (a submission may unlight in draw or handleKey instead
of in light(): CLARIFICATIONS.md, Ultima 0, accept either).
"""

import types
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, TypedDict, Union

from ._shapes import Picture

# The tile codes whose Tile is asked.
CODES = "BLWFGMS"
# What tiles_of never looks inside: code and types, not the World's data.
NOT_DATA = (types.ModuleType, type, types.FunctionType, types.MethodType,
            types.BuiltinFunctionType)


class Table(TypedDict):
    """The codes whose Tile's isOpaque() and isPassable() return True."""

    opaque: List[str]
    passable: List[str]


class Played(TypedDict):
    """The keys the loop handled, the pictures of each draw (the first before any key),
    the avatar's torch radius after each (None if it could not be read) and the table
    (None if the submission's Tile failed)."""

    typed: List[str]
    passes: List[List[Picture]]
    torches: List[Optional[float]]
    table: Optional[Table]


class Lit(TypedDict):
    """What each light() call returned (a JSON scalar, or its repr), and the table."""

    counts: List[Union[int, float, str]]
    table: Optional[Table]


SHAPE = Union[Played, Lit]


def tile_table() -> Optional[Dict[str, List[str]]]:
    """Return the codes the submission's Tile calls opaque and passable, or None if it fails."""
    from Tile import Tile
    table: Dict[str, List[str]] = {"opaque": [], "passable": []}
    try:
        for code in CODES:
            tile = Tile(code)
            for name, method in (("opaque", tile.isOpaque), ("passable", tile.isPassable)):
                if method() is True:
                    table[name].append(code)
    except Exception:  # a broken Tile is judged by its own checks
        return None
    return table


def tiles_of(value: Any, tile_class: type, seen: Set[int]) -> Iterator[Any]:
    """Yield every ``tile_class`` object ``value`` holds, in whatever lists, dicts or objects
    of its own it keeps them (a Grid class, say); ``seen`` holds the ids already visited."""
    if id(value) in seen or isinstance(value, NOT_DATA):
        return
    seen.add(id(value))
    if isinstance(value, tile_class):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from tiles_of(item, tile_class, seen)
    elif isinstance(value, (list, tuple, set)):
        for item in value:
            yield from tiles_of(item, tile_class, seen)
    elif hasattr(value, "__dict__"):
        for item in vars(value).values():
            yield from tiles_of(item, tile_class, seen)


def play(payload: Dict[str, Any]) -> Dict[str, Any]:
    """Return what the course's game loop showed with ``payload["keys"]`` typed."""
    import headless
    headless.start(keys=payload["keys"])
    from World import World
    played = headless.play(World(payload["map"]))
    played["table"] = tile_table()
    return played


def light(payload: Dict[str, Any]) -> Dict[str, Any]:
    """Return what each light() call of ``payload["calls"]`` returned on one World."""
    from Tile import Tile
    from World import World
    # One World per process, as in the course's programs (its constructor may size the
    # canvas, which StdDraw allows once); between calls every tile it holds is unlit here,
    # as CLARIFICATIONS.md asks of a grader that calls light() twice on one World.
    world = World(payload["map"])
    counts = []
    for x, y, r in payload["calls"]:
        for tile in tiles_of(world, Tile, set()):
            tile.setLit(False)
        count = world.light(x, y, r)
        counts.append(count if isinstance(count, (int, float, str)) else repr(count))
    return {"counts": counts, "table": tile_table()}


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Play or light, as ``payload["mode"]`` says, and report what was seen."""
    report(play(payload) if payload["mode"] == "play" else light(payload))
