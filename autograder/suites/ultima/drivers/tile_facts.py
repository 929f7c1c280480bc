"""Ask the submission's Tile what it says of each tile code, in the sandbox child.

Read by ``check_tile.py``. payload: the tile codes.
"""

from typing import Any, Callable, Dict, List, TypedDict

from ._shapes import Plain


class Facts(TypedDict):
    """isOpaque() and isPassable(), and getLit() when new, after setLit(True) and after
    setLit(False)."""

    opaque: Plain
    passable: Plain
    lit: List[Plain]


SHAPE = Dict[str, Facts]


def plain(value: Any) -> Any:
    """Return ``value`` if it is a JSON scalar, else its repr."""
    return value if isinstance(value, (bool, int, float, str)) else repr(value)


def main(payload: List[str], report: Callable[[Any], None]) -> None:
    """Make a Tile of each code, ask it, and report the answers."""
    from Tile import Tile
    facts = {}
    for code in payload:
        tile = Tile(code)
        fresh = plain(tile.getLit())
        tile.setLit(True)
        lit = plain(tile.getLit())
        tile.setLit(False)
        facts[code] = {"opaque": plain(tile.isOpaque()), "passable": plain(tile.isPassable()),
                       "lit": [fresh, lit, plain(tile.getLit())]}
    report(facts)
