"""
File:        Monster.py
Author:      Jordan Alvarez
Credits:     CSCI 136 Ultima 0.1 ("threaded monsters") assignment handout;
             StdDraw and Picture from the Princeton introcs booksite (as
             supplied by the course); Python's threading, time and random
             modules.
Class:       CSCI 136, Spring 2023
Description: A Monster wanders the Ultima world in its own thread. It knows
             its kind (a two letter code), its (x, y) index position, its hit
             points, the damage it does and how long it sleeps between moves.
             Its run() method is the body of its thread: sleep, pick a random
             direction and ask the World to move it there (the World decides
             whether that is a move, an attack on the Avatar or nothing).
             A monster that was hit shows its hit points in red for 3 draws.
"""

import random
import time

import StdDraw
from picture import Picture
from Tile import Tile


class Monster:
    """A monster of the world; run() is meant to be the target of a thread."""

    # code -> image file name
    IMAGES = {
        "SK": "skeleton.gif",
        "OR": "orc.gif",
        "BA": "bat.gif",
        "SL": "slime.gif",
    }

    # The four steps a monster can take: north, south, east, west.
    STEPS = [(0, 1), (0, -1), (1, 0), (-1, 0)]

    # How many draws the hit points stay visible after the monster is hurt.
    HURT_DRAWS = 3

    # Pictures already loaded, keyed by file name, so each gif is read only once.
    _pictures = {}

    def __init__(self, world, code, x, y, hp, damage, sleepMs):
        """Create a monster of kind code (SK, OR, BA or SL) at index position
        (x, y) of world, with hp hit points, doing damage points per attack
        and sleeping sleepMs milliseconds between moves.

        Raises ValueError if the code is not one of the known monster codes.
        """
        code = code.strip()
        if code not in Monster.IMAGES:
            raise ValueError("Unknown monster code '%s'" % code)
        self._world = world
        self._code = code
        self._x = x
        self._y = y
        self._hp = hp
        self._damage = damage
        self._sleepMs = sleepMs
        self._hurtDraws = 0   # draws left that show the hit points in red

    def getCode(self):
        """Return the two letter code of this monster."""
        return self._code

    def getX(self):
        """Return the current x index of the monster."""
        return self._x

    def getY(self):
        """Return the current y index of the monster."""
        return self._y

    def setLocation(self, x, y):
        """Move the monster to the index position (x, y)."""
        self._x = x
        self._y = y

    def getHitPoints(self):
        """Return the monster's current hit points (0 or less means dead)."""
        return self._hp

    def getDamage(self):
        """Return the damage this monster does to the Avatar when it attacks."""
        return self._damage

    def incurDamage(self, damage):
        """Take damage points off the monster's hit points. Its hit points
        are then shown in red over it for the next 3 draws."""
        self._hp -= damage
        if damage > 0:
            self._hurtDraws = Monster.HURT_DRAWS

    def draw(self):
        """Draw the monster centred on its current tile, with its hit points
        in red on top of it if it was hurt during the last 3 draws."""
        cx = (self._x + 0.5) * Tile.SIZE
        cy = (self._y + 0.5) * Tile.SIZE
        StdDraw.picture(Monster._picture(Monster.IMAGES[self._code]), cx, cy)
        if self._hurtDraws > 0:
            self._hurtDraws -= 1
            StdDraw.setPenColor(StdDraw.RED)
            StdDraw.text(cx, cy, str(self._hp))
            StdDraw.setPenColor(StdDraw.BLACK)

    def run(self):
        """Body of the monster's thread: until the monster dies or the game
        is over, sleep, then try to take one random step N, S, E or W.

        The World does all the checking (and the locking) in monsterMove.
        """
        while self._hp > 0 and self._world.isRunning():
            time.sleep(self._sleepMs / 1000.0)
            if self._hp <= 0 or not self._world.isRunning():
                break
            dx, dy = random.choice(Monster.STEPS)
            self._world.monsterMove(self._x + dx, self._y + dy, self)

    @staticmethod
    def _picture(filename):
        """Return the Picture for filename, loading it the first time only."""
        if filename not in Monster._pictures:
            Monster._pictures[filename] = Picture(filename)
        return Monster._pictures[filename]
