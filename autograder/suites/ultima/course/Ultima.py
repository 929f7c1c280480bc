"""Ultima.py: the course's main program for Ultima 0, as CLARIFICATIONS.md describes it.

The grader runs this in place of a submission's own Ultima.py when the submission has none (the
spec hands it out and asks students to submit only Tile.py, Avatar.py and World.py). It builds
the World named on the command line, draws it, then loops: a typed key goes to
``World.handleKey`` and the world is redrawn; otherwise the window is shown for a tenth of a
second. Closing the window (headless: the end of the key script) ends the program.
"""

import sys

import StdDraw
from World import World

IDLE_MS = 100


def main() -> None:
    """Play the map named on the command line until the window closes."""
    world = World(sys.argv[1])
    world.draw()
    while True:
        if StdDraw.hasNextKeyTyped():
            world.handleKey(StdDraw.nextKeyTyped())
            world.draw()
        else:
            StdDraw.show(IDLE_MS)


if __name__ == "__main__":
    main()
