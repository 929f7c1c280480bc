"""Ultima.py: the Ultima 0 game, played in a StdDraw window.

Reference version of the course's main program. It loads the world named on the command line,
draws it, then loops forever: a key typed into the window goes to World.handleKey and the world
is redrawn; with no key waiting the window is shown for a tenth of a second. Closing the window
ends the program (StdDraw exits then).

Usage: ``python Ultima.py MAP`` from this folder, which holds the tile images.
"""

import sys
from typing import List, Optional

import StdDraw
from World import EXIT_INTERRUPTED, EXIT_USAGE, MapError, World, report_error

IDLE_MS = 100
USAGE = "usage: python Ultima.py MAP"


def play(world: World) -> None:
    """Draw ``world`` and pass it every key typed, redrawing after each, until the window closes."""
    world.draw()
    while True:
        if StdDraw.hasNextKeyTyped():
            world.handleKey(StdDraw.nextKeyTyped())
            world.draw()
        else:
            StdDraw.show(IDLE_MS)


def main(argv: Optional[List[str]] = None) -> int:
    """Play the map named in ``argv`` (default: the command line); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return EXIT_USAGE
    try:
        play(World(args[0]))
    except (MapError, OSError, ImportError) as err:
        return report_error(err)
    except KeyboardInterrupt:  # Ctrl-C in the terminal ends the game quietly, like the others
        return EXIT_INTERRUPTED
    return 0


if __name__ == "__main__":
    sys.exit(main())
