"""Draw tiles with the submission's Tile on a headless canvas, in the sandbox child.

The canvas is set up as the submission's World sets it up (``headless.prepare_canvas``).
Read by ``check_tile.py``. payload: ``map``, ``canvas`` ([width, height] in pixels) and
``tiles``, each ``[code, lit, x, y]``.
"""

import functools
from typing import Any, Callable, Dict, List

from ._shapes import Picture

# Per tile, the pictures its draw(x, y) drew.
SHAPE = List[List[Picture]]


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Draw every tile and report the pictures each drew."""
    import headless
    headless.start()
    from Tile import Tile
    headless.prepare_canvas(payload["map"], *payload["canvas"])
    drawn = []
    for code, lit, x, y in payload["tiles"]:
        tile = Tile(code)
        tile.setLit(lit)
        drawn.append(headless.pictures(functools.partial(tile.draw, x, y)))
    report(drawn)
