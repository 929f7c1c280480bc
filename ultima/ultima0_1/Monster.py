"""Monster.py: a monster of Ultima 0.1 that wanders the world in a thread of its own.

Reference solution for CSCI 136 "Ultima 0.1" (threaded monsters). A Monster is a skeleton,
orc, bat or slime (map codes SK, OR, BA, SL) with a position, hit points, the damage it does
when it attacks the avatar, and a pause between its steps. World starts one thread per monster
running ``run``: sleep, pick a random step north, south, east or west, and ask the world to make
it (``World.monsterMove`` decides whether the monster moves, attacks or stays). A monster that
has just been hurt shows its hit points in red over its image for the next three draws. At 0 hit
points or less it leaves the world, and its thread ends.

A Monster's state changes only through calls from World, made while World holds its lock;
the thread itself only reads the monster's position and hit points.

>>> skeleton = Monster(None, "SK", 3, 4, 10, 3, 1000)
>>> skeleton.getX(), skeleton.getY(), skeleton.getHitPoints(), skeleton.getDamage()
(3, 4, 10, 3)
>>> skeleton.incurDamage(4)
>>> skeleton.getHitPoints(), skeleton.hurtDrawsLeft()
(6, 3)
>>> Monster(None, "XX", 0, 0, 1, 1, 1)
Traceback (most recent call last):
    ...
ValueError: unknown monster code 'XX'
"""

import random
from typing import TYPE_CHECKING, Optional

import StdDraw
from Tile import Tile

if TYPE_CHECKING:  # World imports this module, so the name is needed only by type checkers
    from World import World

# Monster codes used in map files, and the image of each.
SKELETON = "SK"
ORC = "OR"
BAT = "BA"
SLIME = "SL"
IMAGES = {SKELETON: "skeleton.gif", ORC: "orc.gif", BAT: "bat.gif", SLIME: "slime.gif"}

# The steps a monster may take: north, south, east, west.
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
# How many draws show a monster's hit points after it is hurt, and in which colour.
HURT_DRAWS = 3
HURT_COLOR = StdDraw.RED


class Monster:
    """A monster: its kind, where it stands, its health, its strength and its pace."""

    def __init__(self, world: "World", code: str, x: int, y: int, hp: int, damage: int,
                 sleepMs: int, rng: Optional[random.Random] = None) -> None:
        """Create a monster of kind ``code`` at index position (x, y) in ``world``.

        Parameters:
            world: the World it lives in, which moves it.
            code: SK skeleton, OR orc, BA bat or SL slime.
            x, y: the tile it stands on.
            hp: its hit points; it dies at 0 or less.
            damage: the hit points the avatar loses when this monster attacks it.
            sleepMs: the pause between two steps, in milliseconds.
            rng: the random generator that picks its steps (default: a new one).

        Raises:
            ValueError: ``code`` is not a monster code.
        """
        if code not in IMAGES:
            raise ValueError(f"unknown monster code {code!r}")
        self._world = world
        self._code = code
        self._x = x
        self._y = y
        self._hp = hp
        self._damage = damage
        self._sleep_ms = sleepMs
        self._rng = rng or random.Random()
        self._hurt_draws = 0

    def incurDamage(self, d: int) -> None:
        """Take ``d`` hit points off the monster and show its hit points for the next draws."""
        self._hp -= d
        self._hurt_draws = HURT_DRAWS

    def draw(self) -> None:
        """Draw the monster on its tile, with its hit points in red if it was hurt lately.

        Each draw with the hit points shown counts towards the HURT_DRAWS that show them.
        """
        x, y = Tile.pixelCentre(self._x, self._y)
        StdDraw.picture(Tile.picture(IMAGES[self._code]), x, y)
        if self._hurt_draws > 0:
            StdDraw.setPenColor(HURT_COLOR)
            StdDraw.text(x, y, str(self._hp))
            self._hurt_draws -= 1

    def getHitPoints(self) -> int:
        """Return the monster's hit points (0 or less once it is dead)."""
        return self._hp

    def getDamage(self) -> int:
        """Return the hit points the avatar loses when this monster attacks it."""
        return self._damage

    def getX(self) -> int:
        """Return the monster's x index (columns count from the left)."""
        return self._x

    def getY(self) -> int:
        """Return the monster's y index (rows count from the bottom)."""
        return self._y

    def setLocation(self, x: int, y: int) -> None:
        """Move the monster to index position (x, y)."""
        self._x = x
        self._y = y

    def getCode(self) -> str:
        """Return the monster's map code (SK, OR, BA or SL)."""
        return self._code

    def hurtDrawsLeft(self) -> int:
        """Return how many more draws will show the monster's hit points."""
        return self._hurt_draws

    def run(self) -> None:
        """Wander until the monster dies or the game ends: the body of the monster's thread.

        Each turn sleeps sleepMs milliseconds, then asks the world to step one tile in a random
        direction. The world's wait ends early, and the loop with it, when the game stops.
        """
        while self._hp > 0 and self._world.waitTurn(self._sleep_ms):
            dx, dy = self._rng.choice(STEPS)
            # Only this thread moves this monster, so its position is safe to read here.
            self._world.monsterMove(self._x + dx, self._y + dy, self)
