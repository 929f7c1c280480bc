"""
File: Ultima.py
Author: (second-year student, independent solution)
Class: CSCI 136, Ultima 0.1 lab ("threaded monsters")
Credits: the Ultima 0 / 0.1 handouts and their clarifications.

Description:
    Main program.  Usage:  python Ultima.py MAPFILE
    Builds the World (which starts one thread per monster), then loops while
    the avatar is alive and monsters remain: a typed key goes to
    World.handleKey, the world is drawn while holding world.lock, the health
    goes in the window title and the frame is shown.  At the end it prints
    "You win!!!" or "You lose...".  Closing the window ends the program.

    The torch lighting is a plain recursive flood fill, which on a big open
    map with a big torch goes deeper than Python's default recursion limit,
    so the game runs on a thread with a large stack and a raised limit.
"""

import sys
import threading

import StdDraw
from World import World

FRAME_MS = 100
BIG_STACK = 512 * 1024 * 1024   # bytes, for the game thread only


def setTitle(text):
    """Put text in the window title, if this StdDraw/pygame allows it."""
    f = getattr(StdDraw, "setTitle", None)
    if f is not None:
        try:
            f(text)
            return
        except Exception:
            pass
    try:
        pygame = sys.modules.get("pygame")   # only if StdDraw is using it
        if pygame is not None and pygame.display.get_init() and pygame.display.get_surface() is not None:
            pygame.display.set_caption(text)
    except Exception:
        pass


def play(filename):
    """Run the game on the map in filename."""
    # monster threads don't need the big stack this thread was given
    try:
        threading.stack_size(0)
    except Exception:
        pass
    world = World(filename)
    with world.lock:
        world.draw()
    setTitle("Health: %d" % max(0, world.avatar.getHitPoints()))
    StdDraw.show(FRAME_MS)

    while world.avatarAlive() and world.getNumMonsters() > 0:
        if StdDraw.hasNextKeyTyped():
            world.handleKey(StdDraw.nextKeyTyped())
        with world.lock:
            world.draw()
        setTitle("Health: %d" % max(0, world.avatar.getHitPoints()))
        StdDraw.show(FRAME_MS)

    # one last picture of how it ended
    with world.lock:
        world.draw()
    setTitle("Health: %d" % max(0, world.avatar.getHitPoints()))
    if world.avatarAlive():
        print("You win!!!")
    else:
        print("You lose...")
    StdDraw.show(FRAME_MS)


def main():
    if len(sys.argv) < 2:
        print("usage: python Ultima.py MAPFILE")
        sys.exit(1)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000000))
    size = BIG_STACK
    while True:
        try:
            threading.stack_size(size)
            break
        except (ValueError, RuntimeError):
            size //= 2
            if size < 32 * 1024 * 1024:
                break
    result = {}

    def runGame():
        try:
            play(sys.argv[1])
        except SystemExit:
            pass            # window closed
        except BaseException as e:
            result["error"] = e
            raise

    game = threading.Thread(target=runGame, name="Ultima-game")
    game.start()
    try:
        threading.stack_size(0)
    except Exception:
        pass
    game.join()
    if "error" in result:
        sys.exit(1)


if __name__ == "__main__":
    main()
