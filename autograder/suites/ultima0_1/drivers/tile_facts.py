"""Ask the submission's Tile what it says of each tile code, in the sandbox child.

Read by ``check_tile.py``. payload: the tile codes.
"""

from typing import Any, Callable, Dict, List, TypedDict

from ._shapes import Plain


class Facts(TypedDict):
    """getDamage(), isOpaque(), isPassable(), and getLit() when new, after setLit(True) and
    after setLit(False)."""

    damage: Plain
    opaque: Plain
    passable: Plain
    lit: List[Plain]


SHAPE = Dict[str, Facts]


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    from Tile import Tile
    facts = {}
    for code in payload:
        tile = Tile(code)
        new = headless.read(tile.getLit)
        tile.setLit(True)
        lit = headless.read(tile.getLit)
        tile.setLit(False)
        facts[code] = {"damage": headless.read(tile.getDamage),
                       "opaque": headless.read(tile.isOpaque),
                       "passable": headless.read(tile.isPassable),
                       "lit": [new, lit, headless.read(tile.getLit)]}
    report(facts)
