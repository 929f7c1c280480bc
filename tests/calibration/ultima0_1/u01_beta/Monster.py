"""
File: Monster.py
Author: (second-year student, independent solution)
Class: CSCI 136, Ultima 0.1 lab ("threaded monsters")
Credits: the Ultima 0.1 handout and its clarifications.

Description:
    A Monster wanders around the world in its own thread.  Every sleepMs
    milliseconds it picks a random direction (N, S, E or W) and asks the
    World to move it there (World.monsterMove does the checking, fighting and
    locking).  When its hit points drop to 0 or below it disappears from the
    world and its thread ends.  A monster that just got hurt shows its hit
    points in red on top of its picture for the next 3 draws.
"""

import random
import threading
import time

import StdDraw
from Tile import Tile, getPicture


# monster code -> picture file
MONSTER_IMAGES = {
    "SK": "skeleton.gif",
    "OR": "orc.gif",
    "BA": "bat.gif",
    "SL": "slime.gif",
}

# the four steps a monster can take: north, south, east, west
STEPS = [(0, 1), (0, -1), (1, 0), (-1, 0)]

# how many draws the hp number stays visible after a hit
HURT_DRAWS = 3


class Monster:
    """A monster with its own thread (the thread runs self.run())."""

    def __init__(self, world, code, x, y, hp, damage, sleepMs):
        """Create a monster of type `code` (SK, OR, BA, SL) at index (x, y)
        in `world`, with hp hit points, doing `damage` per attack and waiting
        sleepMs milliseconds between moves.  The thread is not started here:
        call start() (the World does that once everything is loaded)."""
        code = str(code).strip().upper()
        if code not in MONSTER_IMAGES:
            raise ValueError("unknown monster code '%s' (valid codes: %s)"
                             % (code, " ".join(MONSTER_IMAGES)))
        self.world = world
        self.code = code
        self.image = MONSTER_IMAGES[code]
        self.x = x
        self.y = y
        self.hp = hp
        self.damage = damage
        self.sleepMs = sleepMs
        self.hurtDraws = 0
        self.thread = None

    def start(self):
        """Start this monster's thread (daemon, so it never keeps the program
        alive after the game window is closed)."""
        if self.thread is None:
            self.thread = threading.Thread(target=self.run,
                                           name="Monster-%s-%d-%d"
                                           % (self.code, self.x, self.y))
            self.thread.daemon = True
            self.thread.start()

    def incurDamage(self, d):
        """Lose d hit points; if it really hurt, show the hp for 3 draws."""
        self.hp -= d
        if d > 0:
            self.hurtDraws = HURT_DRAWS

    def draw(self):
        """Draw the monster at its position, plus its hp in red if it was
        hit recently."""
        cx = (self.x + 0.5) * Tile.SIZE
        cy = (self.y + 0.5) * Tile.SIZE
        StdDraw.picture(getPicture(self.image), cx, cy)
        if self.hurtDraws > 0:
            StdDraw.setPenColor(StdDraw.RED)
            StdDraw.text(cx, cy, str(self.hp))
            StdDraw.setPenColor(StdDraw.BLACK)
            self.hurtDraws -= 1

    def getHitPoints(self):
        """Hit points left."""
        return self.hp

    def getDamage(self):
        """Damage this monster does to the avatar when it attacks."""
        return self.damage

    def getX(self):
        """Current x index."""
        return self.x

    def getY(self):
        """Current y index."""
        return self.y

    def setLocation(self, x, y):
        """Move the monster to index (x, y) (the World calls this)."""
        self.x = x
        self.y = y

    def run(self):
        """Thread body: sleep, pick a random N/S/E/W step, ask the world to
        move there.  Stops when the monster dies or the avatar is dead."""
        while self.hp > 0 and self.world.avatarAlive():
            time.sleep(self.sleepMs / 1000.0)
            if self.hp <= 0 or not self.world.avatarAlive():
                break
            dx, dy = random.choice(STEPS)
            self.world.monsterMove(self.x + dx, self.y + dy, self)
