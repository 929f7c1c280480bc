"""Ultima.py: the Ultima 0.1 game, played in a StdDraw window against threaded monsters.

Reference version of the course's Ultima 0.1 main program. It loads the world named on the
command line (which starts one thread per monster) and loops while the avatar is alive and
monsters remain: a key typed into the window goes to World.handleKey; the world is drawn while
holding ``world.lock``, so that no monster moves mid-picture; the window title shows the
avatar's hit points; the window is shown for a tenth of a second. At the end it prints
``You win!!!`` when every monster is dead and ``You lose...`` when the avatar is. Closing the
window ends the program too. Either way every monster thread is stopped before it exits.

Not part of the lab: room for a huge torch, as in Ultima 0's Ultima.py. World.lightDFS recurses
about as deep as the number of tiles it lights, so on a big open map, after many presses of
``+``, it goes deeper than Python allows by default (1000 levels). DeepCaller raises that limit
to what the map needs and makes World's calls that light the map (its constructor and
handleKey) on a helper thread whose stack is big enough for that depth: before Python 3.11
every level also uses the C stack, and the main thread's stack is too small to be trusted.
Drawing stays on the main thread, where window libraries want it; the monsters' threads get
the usual stack. The course's maps need none of this.

Usage: ``python Ultima.py MAP`` from this folder, which holds the images.
"""

import sys
import threading
from typing import Any, Callable, List, Optional

import StdDraw
from World import EXIT_INTERRUPTED, EXIT_USAGE, MapError, World, report_error

try:
    # Not part of the booksite API (it has no title bar function): the drawing library's own.
    from stddraw_shim import set_window_title
except ImportError:
    def set_window_title(title: str) -> None:
        """Show nothing: the course's own StdDraw has no title bar to put ``title`` in."""

FRAME_MS = 100
USAGE = "usage: python Ultima.py MAP"
HEALTH_TITLE = "Health: %d"
WIN_MESSAGE = "You win!!!"
LOSE_MESSAGE = "You lose..."

# Room for lightDFS (see the module docstring).
CALLER_FRAMES = 200                # recursion levels kept for the game loop and World itself
STACK_BYTES_PER_LEVEL = 1024       # C stack one level may use before Python 3.11 (about 500)
STACK_BYTES_BASE = 1024 * 1024     # stack for the helper thread itself
HELPER_THREAD_NAME = "lightDFS"


class DeepCaller:
    """Makes calls that may recurse as deep as a map has tiles, however big the map."""

    def __init__(self, depth: int) -> None:
        """Make room for recursion ``depth`` levels deep (nothing to do when Python has it).

        Raises the recursion limit for good (the game needs it until it ends) and sizes the
        helper thread's stack for that depth.
        """
        self._stack_bytes = 0
        needed = depth + CALLER_FRAMES
        if needed <= sys.getrecursionlimit():
            return
        try:
            sys.setrecursionlimit(needed)
        except (OverflowError, ValueError):
            return  # no map that big can be loaded: World will say what is wrong with it
        self._stack_bytes = STACK_BYTES_BASE + depth * STACK_BYTES_PER_LEVEL

    def call(self, function: Callable[..., Any], *args: Any) -> Any:
        """Return ``function(*args)``, run on a helper thread with a big stack if one is needed.

        The caller waits for the helper, so the call is made as if here. If no such thread can
        be had (under a memory limit, say), the function runs in this thread instead.

        Raises:
            Whatever ``function`` raised.
        """
        if not self._stack_bytes:
            return function(*args)
        outcome: list = []

        def run() -> None:
            """Make the call and keep its result or its exception for the waiting caller."""
            # Threads that the call starts get the usual stack again.
            threading.stack_size(previous)
            try:
                outcome.append((True, function(*args)))
            except BaseException as err:  # raised again in the caller, below
                outcome.append((False, err))

        previous = threading.stack_size()
        try:
            threading.stack_size(self._stack_bytes)
            # A daemon: Ctrl-C ends the program even while the helper works.
            helper = threading.Thread(target=run, name=HELPER_THREAD_NAME, daemon=True)
            helper.start()
        except (RuntimeError, ValueError, MemoryError, OverflowError):
            threading.stack_size(previous)
            return function(*args)
        helper.join()
        finished, value = outcome[0]
        if not finished:
            raise value
        return value


def map_tiles(filename: str) -> int:
    """Return how many tiles the map file ``filename`` says it has (width times height).

    Returns 0 if its first line does not hold two whole numbers: World then says what is wrong.
    """
    try:
        with open(filename, encoding="utf-8") as handle:
            numbers = [int(word) for word in handle.readline().split()]
    except (OSError, UnicodeDecodeError, ValueError):
        return 0
    if len(numbers) != 2:
        return 0
    return max(numbers[0], 0) * max(numbers[1], 0)


def window_title(world: World) -> str:
    """Return the window title for ``world``: the avatar's hit points."""
    return HEALTH_TITLE % world.avatar.getHitPoints()


def play(world: World, caller: DeepCaller) -> bool:
    """Run the game loop until the avatar dies or no monster is left.

    ``caller`` makes the handleKey calls, which may light the map again.

    Returns:
        True if the avatar won (it is alive and every monster is dead).

    Raises:
        SystemExit: the window was closed.
    """
    while world.avatarAlive() and world.getNumMonsters() > 0:
        if StdDraw.hasNextKeyTyped():
            caller.call(world.handleKey, StdDraw.nextKeyTyped())
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
    # lightDFS is never deeper than the map has tiles, plus one.
    caller = DeepCaller(map_tiles(args[0]) + 1)
    try:
        world = caller.call(World, args[0])
    except (MapError, OSError) as err:
        return report_error(err)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    try:
        won = play(world, caller)
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
