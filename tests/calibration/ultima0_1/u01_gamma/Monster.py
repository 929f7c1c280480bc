"""
Monster.py
==========

:Author:  Sam O'Connor
:Class:   CSCI 136 (Data Structures and Algorithms), Ultima 0.1 lab
          (threaded monsters)
:Credits: Specification, monster images and map files from the Ultima 0.1
          handout and starter code; StdDraw/Picture are the course's booksite
          modules. The threading.Thread subclass pattern is from the Python
          library documentation (module threading).

Description
-----------
The Monster class: one monster of the Ultima world. Every monster is its own
thread (Monster is a subclass of threading.Thread): its ``run`` method is the
monster's life. It sleeps ``sleepMs`` milliseconds, picks a random step north,
south, east or west, and asks the World to move it there with
``world.monsterMove(x, y, monster)``. The World decides what happens (move,
attack the Avatar, or nothing).

Locking: the world's lock (``world.lock``) is taken here, around the call of
``monsterMove``, with an explicit acquire()/release() in try/finally, so only
one thread at a time changes the world. The main program takes the same lock
around the Avatar's move and around drawing.

A monster's thread ends when the monster dies (hp <= 0: the World has then
taken it off the map), when the Avatar dies, or when the World says the game
is over (``world.isOver()``, e.g. the window was closed). The threads are
daemon threads, so a sleeping monster can never keep the program running
after the main program has finished.
"""

import random
import threading
import time

import StdDraw
from picture import Picture
from Tile import Tile


class Monster(threading.Thread):
    """A monster of the Ultima world that walks around in its own thread."""

    # the image of each kind of monster, by its code in the map file
    IMAGES = {"SK": "skeleton.gif", "OR": "orc.gif", "BA": "bat.gif", "SL": "slime.gif"}
    # the four steps a monster can take: north, south, east, west
    STEPS = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    HURT_DRAWS = 3   # a damaged monster shows its hit points for this many draws

    def __init__(self, world, code, x, y, hp, damage, sleepMs):
        """Create a monster (its thread is not started yet: call start()).

        :param world: the World the monster lives in
        :param code: kind of monster, "SK", "OR", "BA" or "SL"
        :param x: column index of its start tile
        :param y: row index of its start tile
        :param hp: hit points (the monster dies when they reach 0)
        :param damage: hit points the Avatar loses when this monster attacks
        :param sleepMs: milliseconds the monster waits between its moves
        :raises ValueError: for an unknown monster code
        """
        threading.Thread.__init__(self, name="%s(%d,%d)" % (code, x, y), daemon=True)
        if code not in Monster.IMAGES:
            raise ValueError("Monster: bad monster code %r" % (code,))
        self.world = world
        self.code = code
        self.x = x
        self.y = y
        self.hp = hp
        self.damage = damage
        self.sleepMs = sleepMs
        self.hurtDraws = 0     # draws left that show the hit points in red
        self.picture = None    # loaded the first time the monster is drawn

    def getX(self):
        """Return the monster's column index."""
        return self.x

    def getY(self):
        """Return the monster's row index."""
        return self.y

    def setLocation(self, x, y):
        """Move the monster to index position (x, y)."""
        self.x = x
        self.y = y

    def getHitPoints(self):
        """Return the monster's hit points (0 or less means it is dead)."""
        return self.hp

    def getDamage(self):
        """Return the damage this monster does to the Avatar when it attacks."""
        return self.damage

    def getCode(self):
        """Return the monster's code ("SK", "OR", "BA" or "SL")."""
        return self.code

    def incurDamage(self, d):
        """Take d points of damage. A monster that really got hurt (d > 0)
        shows its hit points in red for the next HURT_DRAWS draws."""
        self.hp -= d
        if d > 0:
            self.hurtDraws = Monster.HURT_DRAWS

    def draw(self):
        """Draw the monster's image centred on its tile and, if it was hurt in
        the last few draws, its hit points in red on top of the image."""
        if self.picture is None:
            self.picture = Picture(Monster.IMAGES[self.code])
        half = Tile.SIZE / 2
        cx = self.x * Tile.SIZE + half
        cy = self.y * Tile.SIZE + half
        StdDraw.picture(self.picture, cx, cy)
        if self.hurtDraws > 0:
            StdDraw.setPenColor(StdDraw.RED)
            StdDraw.text(cx, cy, str(self.hp))
            StdDraw.setPenColor(StdDraw.BLACK)
            self.hurtDraws -= 1

    def run(self):
        """The monster's thread: until it dies or the game ends, sleep, then
        try one random step (under the world's lock)."""
        while self.hp > 0 and self.world.avatarAlive() and not self.world.isOver():
            time.sleep(self.sleepMs / 1000.0)
            dx, dy = random.choice(Monster.STEPS)
            self.world.lock.acquire()
            try:
                # check again: the Avatar may have killed us, or the game
                # may have ended, while we were asleep
                if self.hp > 0 and self.world.avatarAlive() and not self.world.isOver():
                    self.world.monsterMove(self.x + dx, self.y + dy, self)
            finally:
                self.world.lock.release()
