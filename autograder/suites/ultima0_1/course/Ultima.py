"""Ultima.py: the course's main program for Ultima 0.1, as CLARIFICATIONS.md describes it.

The grader runs this in place of a submission's own Ultima.py when the submission has none (the
course hands it out; students submit Tile.py, Avatar.py, Monster.py and World.py). It builds the
World named on the command line, which starts the monsters' threads, and loops while the avatar
is alive and monsters remain: a typed key goes to ``World.handleKey``, the world is drawn while
holding ``world.lock``, and the window is shown for a tenth of a second. At the end it prints
``You win!!!`` or ``You lose...``. Closing the window (headless: the end of the key script) ends
the program. The course's window title, ``Health: N``, has no headless counterpart and is left
out: the booksite StdDraw has no title function.
"""

import sys

import StdDraw
from World import World

FRAME_MS = 100
WIN_MESSAGE = "You win!!!"
LOSE_MESSAGE = "You lose..."


def main() -> None:
    """Play the map named on the command line until the game ends or the window closes."""
    world = World(sys.argv[1])
    while world.avatarAlive() and world.getNumMonsters() > 0:
        if StdDraw.hasNextKeyTyped():
            world.handleKey(StdDraw.nextKeyTyped())
        with world.lock:
            world.draw()
        StdDraw.show(FRAME_MS)
    print(WIN_MESSAGE if world.avatarAlive() else LOSE_MESSAGE)


if __name__ == "__main__":
    main()
