"""
File:        Ultima.py
Author:      Jordan Alvarez
Credits:     CSCI 136 Ultima 0.1 ("threaded monsters") assignment handout and
             the course's Ultima 0 main program, which this extends; StdDraw
             from the Princeton introcs booksite.
Class:       CSCI 136, Spring 2023
Description: The main game program: python Ultima.py MAP
             Builds the World (which starts one thread per monster), then
             loops while the Avatar is alive and monsters remain: passes
             every typed key to the World, redraws the world while holding
             the world's lock, shows the Avatar's health in the window title
             and waits 100 ms. At the end prints "You win!!!" or
             "You lose...". Closing the window ends the program.
"""

import sys

import StdDraw
from World import World

# Milliseconds each frame is shown for.
FRAME_MS = 100

# Milliseconds the last frame stays up once the game is over.
END_MS = 1500


def setTitle(title):
    """Show title in the window's title bar.

    The booksite StdDraw has no function for this; when it draws in a pygame
    window (already imported by StdDraw itself) we set the caption there.
    Without a window (headless) the title is simply not shown.
    """
    pygame = sys.modules.get("pygame")
    if pygame is None:
        return
    try:
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            pygame.display.set_caption(title)
    except Exception:
        pass   # the title is only a nicety: never let it stop the game


def drawFrame(world):
    """Draw the whole world (while holding its lock), then set the title."""
    with world.lock:
        world.draw()
        health = max(0, world.avatar.getHitPoints())
    return "Health: %d" % health


def main():
    """Run the game on the map file named on the command line."""
    if len(sys.argv) < 2:
        print("usage: python Ultima.py MAP")
        return
    world = World(sys.argv[1])
    try:
        title = drawFrame(world)
        StdDraw.show(0)
        setTitle(title)
        while world.avatarAlive() and world.getNumMonsters() > 0:
            while StdDraw.hasNextKeyTyped():
                world.handleKey(StdDraw.nextKeyTyped())
            newTitle = drawFrame(world)
            StdDraw.show(FRAME_MS)
            if newTitle != title:
                title = newTitle
                setTitle(title)
    finally:
        # Game over or window closed: let every monster thread finish.
        world.stop()

    if world.avatarAlive():
        print("You win!!!")
    else:
        print("You lose...")
    setTitle(drawFrame(world))
    StdDraw.show(END_MS)


if __name__ == "__main__":
    main()
