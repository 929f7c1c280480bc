"""Ultima.py: the Ultima 0.1 game, played in a StdDraw window against threaded monsters.

Reference version of the course's Ultima 0.1 main program. It loads the world named on the
command line (which starts one thread per monster) and loops while the avatar is alive and
monsters remain: a key typed into the window goes to World.handleKey; the world is drawn while
holding ``world.lock``, so that no monster moves mid-picture; the window title shows the
avatar's hit points; the window is shown for a tenth of a second. At the end it prints
``You win!!!`` when every monster is dead and ``You lose...`` when the avatar is. Closing the
window ends the program too. Either way every monster thread is stopped before it exits.

Usage: ``python Ultima.py MAP`` from this folder, which holds the images.
"""

import sys
from typing import List, Optional

import StdDraw
# Not part of the booksite API (it has no title bar function): the drawing library's own.
from stddraw_shim import set_window_title
from World import EXIT_INTERRUPTED, EXIT_USAGE, MapError, World, report_error

FRAME_MS = 100
USAGE = "usage: python Ultima.py MAP"
HEALTH_TITLE = "Health: %d"
WIN_MESSAGE = "You win!!!"
LOSE_MESSAGE = "You lose..."


def window_title(world: World) -> str:
    """Return the window title for ``world``: the avatar's hit points."""
    return HEALTH_TITLE % world.avatar.getHitPoints()


def play(world: World) -> bool:
    """Run the game loop until the avatar dies or no monster is left.

    Returns:
        True if the avatar won (it is alive and every monster is dead).

    Raises:
        SystemExit: the window was closed.
    """
    while world.avatarAlive() and world.getNumMonsters() > 0:
        if StdDraw.hasNextKeyTyped():
            world.handleKey(StdDraw.nextKeyTyped())
        with world.lock:
            world.draw()
        set_window_title(window_title(world))
        StdDraw.show(FRAME_MS)
    return world.avatarAlive()


def main(argv: Optional[List[str]] = None) -> int:
    """Play the map named in ``argv`` (default: the command line); return the exit status."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return EXIT_USAGE
    try:
        world = World(args[0])
    except (MapError, OSError) as err:
        return report_error(err)
    try:
        won = play(world)
    except (OSError, ImportError) as err:
        return report_error(err)
    except KeyboardInterrupt:  # Ctrl-C in the terminal ends the game quietly
        return EXIT_INTERRUPTED
    finally:
        # Also on SystemExit (the window closed): no monster thread outlives the game.
        world.stop()
    print(WIN_MESSAGE if won else LOSE_MESSAGE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
