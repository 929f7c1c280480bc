"""
Ultima.py
=========

:Author:  Sam O'Connor
:Class:   CSCI 136 (Data Structures and Algorithms), Ultima 0.1 lab
          (threaded monsters)
:Credits: The game loop follows the course's Ultima.py from the Ultima 0
          starter code; StdDraw is the course's booksite module.

Description
-----------
The main program of the game: ``python Ultima.py MAP``. It builds the World
(which starts the monster threads), then loops while the Avatar is alive and
monsters remain: a typed key goes to ``world.handleKey``; otherwise the world
is drawn (while holding ``world.lock``, as the monsters move in their own
threads) and shown for 100 ms. The window's title shows the Avatar's health.
At the end it prints ``You win!!!`` or ``You lose...``. Closing the window
ends the program at once (StdDraw raises SystemExit); the monster threads are
told to stop and, being daemon threads, cannot keep the program running.
"""

import sys

import StdDraw
from World import World


def setTitle(title):
    """Show title in the window's title bar, if this StdDraw has a window.

    The booksite StdDraw has no function for the title bar, so this uses
    whatever StdDraw already loaded: the course's stddraw_shim (its
    set_window_title) or, for the pygame-based booksite module, pygame's
    set_caption. Nothing new is imported; without a window nothing happens.
    """
    shim = sys.modules.get("stddraw_shim")
    if shim is not None and hasattr(shim, "set_window_title"):
        shim.set_window_title(title)
        return
    pygame = sys.modules.get("pygame")
    if pygame is not None and pygame.display.get_init():
        pygame.display.set_caption(title)


def drawWorld(world):
    """Draw the world while holding its lock and update the window title."""
    world.lock.acquire()
    try:
        world.draw()
        health = max(world.avatar.getHitPoints(), 0)
    finally:
        world.lock.release()
    setTitle("Health: %d" % health)


def main():
    """Play the game on the map file named on the command line."""
    if len(sys.argv) < 2:
        print("Usage: python Ultima.py MAP")
        sys.exit(1)
    world = World(sys.argv[1])
    try:
        drawWorld(world)
        while world.avatarAlive() and world.getNumMonsters() > 0:
            if StdDraw.hasNextKeyTyped():
                world.handleKey(StdDraw.nextKeyTyped())
            else:
                drawWorld(world)
                StdDraw.show(100)
        world.endGame()
        if world.avatarAlive():
            print("You win!!!")
        else:
            print("You lose...")
        sys.stdout.flush()
        drawWorld(world)   # show how the game ended
        StdDraw.show(0)
    finally:
        world.endGame()


if __name__ == "__main__":
    main()
