"""Draw a World once on a headless canvas, in the sandbox child.

Read by ``check_world.py``. payload: the map file's name.
"""

from typing import Any, Callable, List, Tuple, TypedDict

from ._shapes import Picture


class Drawn(TypedDict):
    """Every canvas opened ([width, height] in pixels), and the pictures draw() drew."""

    canvas: List[Tuple[float, float]]
    pictures: List[Picture]


SHAPE = Drawn


def main(payload: str, report: Callable[[Any], None]) -> None:
    """Make the World, draw it and report the canvas and the pictures."""
    import headless
    headless.start()
    from World import World
    world = World(payload)
    drawn = headless.pictures(world.draw)
    report({"canvas": headless.canvas_sizes(), "pictures": drawn})
