"""headless.py: the Ultima grader's helper inside the sandbox, where StdDraw never opens a window.

The grader copies this file next to every submission. Run as a program,

    python headless.py PROGRAM [ARGS...]

runs PROGRAM as ``python PROGRAM ARGS`` would, with the StdDraw shim forced headless
(``STDDRAW_HEADLESS=1``): ``show()`` returns at once and nothing waits for a person. Imported by
the suite's probes, it forces headless drawing before the submission is imported, plays the
course's game loop on a key script, and reads the shim's draw log back as plain lists (a
picture is ``[file name, x, y]``, its centre in canvas pixels, y up) for the grader to judge.
"""

import functools
import os
import runpy
import sys
from typing import Callable, List, Optional

import stddraw_shim

__all__ = ["start", "pictures", "canvas_sizes", "prepare_canvas", "play"]

IDLE_MS = 100  # the course's Ultima.py shows the window this long when no key is waiting
USAGE = "usage: python headless.py PROGRAM [ARGS...]"
EXIT_USAGE = 2


def start(keys: str = "") -> None:
    """Make StdDraw headless for this process and queue ``keys`` as typed keys.

    Call before the submission draws anything: the shim reads its settings at the first draw.
    """
    os.environ[stddraw_shim.ENV_HEADLESS] = "1"
    if keys:
        os.environ[stddraw_shim.ENV_KEYS] = keys


def pictures(action: Callable[[], object]) -> List[list]:
    """Call ``action()`` and return the pictures it drew, in order, as ``[file, x, y]``."""
    before = len(stddraw_shim.draw_log())
    action()
    return [[os.path.basename(record.get("file") or ""), record["x"], record["y"]]
            for record in stddraw_shim.draw_log()[before:] if record["op"] == "picture"]


def canvas_sizes() -> List[list]:
    """Return the size of every canvas opened so far, as ``[width, height]`` in pixels."""
    return [[record["w"], record["h"]] for record in stddraw_shim.draw_log()
            if record["op"] == "canvas"]


def prepare_canvas(map_file: str, width: int, height: int) -> None:
    """Size and scale the canvas the way the submission's World does for ``map_file``.

    A World built on the map and drawn once leaves the canvas as the game has it. If that
    fails (World.py may not even import), the canvas is set up as CLARIFICATIONS.md describes
    instead (``width`` x ``height`` pixels, scales in pixels), so that Tile and Avatar drawing
    can still be observed.
    """
    try:
        from World import World
        World(map_file).draw()
        return
    except Exception:  # the World's own checks report its failure; here it is only a setting
        pass
    import StdDraw
    try:
        StdDraw.setCanvasSize(width, height)
    except RuntimeError:
        # The World failed after opening the canvas (in its lighting, say): it has set the
        # canvas up its own way, which its Tile and Avatar drawing expect; keep that.
        return
    StdDraw.setXscale(0, width)
    StdDraw.setYscale(0, height)


def play(world) -> dict:
    """Play the course's game loop on ``world`` until the key script runs out.

    The loop is Ultima.py's: draw, then forever pass a typed key to ``handleKey`` and draw
    again, or show the window for IDLE_MS when none is waiting. The shim ends it with
    SystemExit once the script (see :func:`start`) is done.

    Returns:
        ``{"typed": [keys handled], "passes": [pictures of each draw], "torches": [the
        avatar's getTorchRadius() after each draw, or None]}``; the first pass is the
        drawing before any key.
    """
    import StdDraw
    typed: List[str] = []
    passes = [pictures(world.draw)]
    torches = [torch_of(world)]

    def handle(key: str) -> None:
        """Pass one key to the world and redraw it."""
        world.handleKey(key)
        world.draw()

    try:
        while True:
            if StdDraw.hasNextKeyTyped():
                key = StdDraw.nextKeyTyped()
                typed.append(key)
                passes.append(pictures(functools.partial(handle, key)))
                torches.append(torch_of(world))
            else:
                StdDraw.show(IDLE_MS)
    except SystemExit:
        pass  # the canvas closed: the key script is done
    return {"typed": typed, "passes": passes, "torches": torches}


def torch_of(world) -> Optional[float]:
    """Return the torch radius of the avatar ``world`` holds (an attribute with a
    getTorchRadius method), or None when there is none or it fails."""
    for value in vars(world).values():
        getter = getattr(value, "getTorchRadius", None)
        if callable(getter) and not isinstance(value, type):
            try:
                radius = getter()
            except Exception:
                return None
            return radius if isinstance(radius, (int, float)) else None
    return None


def main(argv: List[str]) -> None:
    """Run the program ``argv[0]`` with arguments ``argv[1:]``, StdDraw headless."""
    if not argv:
        print(USAGE, file=sys.stderr)
        sys.exit(EXIT_USAGE)
    start()
    sys.argv = list(argv)
    sys.path[0] = os.path.dirname(os.path.abspath(argv[0]))
    runpy.run_path(argv[0], run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
