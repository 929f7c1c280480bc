"""World.py: the Ultima 0.1 world: Tiles, the Avatar, and Monsters that each run in a thread.

Reference solution for CSCI 136 "Ultima 0.1" (threaded monsters), built on Ultima 0. World
reads a map file, lights the map around the avatar with its torch (``light`` and the recursive
``lightDFS``, as in Ultima 0), handles the keys that Ultima.py passes on (w a s d move or
attack, + and - change the torch) and draws everything.

Every monster runs in a thread of its own (see Monster.run) and asks the world to move it with
``monsterMove``; the main program's keys move the avatar through ``avatarMove``. These two
methods decide every outcome: a move off the map, onto an impassable tile or onto another
monster does nothing; a move onto the enemy (the avatar for a monster, a monster for the
avatar) attacks it and stays put; any other move goes ahead and the mover takes the damage of
the tile it steps on (lava burns). A monster at 0 hit points or less leaves the world at once
and its thread ends. Many threads share one world, so every change to it happens while holding
``world.lock``, and the main program draws while holding it too: no thread ever sees a half-made
move, and no two monsters can step onto the same free tile.

Map file: line 1 ``width height``; line 2 ``x y hp damage torch``, the avatar's start, hit
points, attack damage and torch radius; then ``height`` lines of ``width`` tile codes, the TOP
row first (tile line i holds y = height-1-i, so (0, 0) is the lower-left tile); then one line
per monster, ``CODE x y hp damage sleepMs`` (codes SK skeleton, OR orc, BA bat, SL slime;
sleepMs is the pause between its steps, in milliseconds). Blank lines among the monsters are
ignored.

Running ``python World.py MAP`` prints how many tiles the torch lights at the start, then shows
the world.

>>> world = World("30x20.txt", seed=1)
>>> world.getNumMonsters(), world.avatar.getHitPoints(), world.avatarAlive()
(12, 20, True)
>>> with world.lock:
...     world.light(11, 2, 4.0)
40
>>> world.stop()
True
"""

import math
import random
import sys
import threading
import time
from typing import Dict, List, Optional, Sequence, Tuple

import StdDraw
from Avatar import MIN_TORCH_RADIUS, Avatar
from Monster import Monster
from Tile import Tile

# Keys and what they do.
MOVES = {"w": (0, 1), "s": (0, -1), "a": (-1, 0), "d": (1, 0)}
INCREASE_TORCH_KEY = "+"
DECREASE_TORCH_KEY = "-"
# The light spreads to these neighbours: north, south, east, west, never diagonally.
NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0))

# Map file layout: line numbers of the two header lines and of the first tile line, and the
# fields of the header and monster lines as (name, type, smallest allowed value or None).
SIZE_LINE = 1
START_LINE = 2
FIRST_ROW_LINE = 3
Field = Tuple[str, type, Optional[float]]
SIZE_FIELDS: Tuple[Field, ...] = (("width", int, 1), ("height", int, 1))
START_FIELDS: Tuple[Field, ...] = (("x", int, None), ("y", int, None), ("hp", int, 1),
                                   ("damage", int, 0), ("torch", float, MIN_TORCH_RADIUS))
MONSTER_FIELDS: Tuple[Field, ...] = (("CODE", str, None), ("x", int, None), ("y", int, None),
                                     ("hp", int, 1), ("damage", int, 0), ("sleepMs", int, 1))
TYPE_WORDS = {int: "a whole number", float: "a number", str: "text"}

# Threads.
THREAD_NAME = "monster-%d-%s"  # the monster's place in the map file, and its code
JOIN_TIMEOUT_S = 5.0           # how long stop() waits, in all, for the monster threads to end
MS_PER_S = 1000.0


# Command line.
USAGE = "usage: python World.py MAP"
LIGHT_REPORT = "light(%d, %d, %.1f) = %d"
ERROR_LINE = "error: %s"
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
# The shell's status for a program stopped with Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130

Position = Tuple[int, int]


class MapError(ValueError):
    """A map file that cannot be read or does not describe a world; the message says where."""


class World:
    """The map of Tiles, the Avatar and the Monsters on it, and the torch light around the Avatar.

    Attributes:
        lock: the threading.Lock that guards every change to the world; draw while holding it.
        avatar: the player's Avatar.
    """

    def __init__(self, filename: str, seed: Optional[int] = None) -> None:
        """Load the world from the map file ``filename``, light the torch, start the monsters.

        Parameters:
            filename: the map file.
            seed: seeds the random generators that choose the monsters' steps, so that each
                monster tries the same steps again (when it takes them depends on the threads);
                None for new steps every game.

        Raises:
            MapError: the file cannot be read, or its contents are malformed.
            OSError: the system refused a monster thread.
        """
        lines = _read_lines(filename)
        self._width, self._height = _parse_line(lines, SIZE_LINE, SIZE_FIELDS, filename)
        x, y, hp, damage, torch = _parse_line(lines, START_LINE, START_FIELDS, filename)
        if not self._onMap(x, y):
            raise MapError(f"{filename}, line {START_LINE}: start ({x}, {y}) is outside the "
                           f"{self._width}x{self._height} map")
        self._tiles = self._parseTiles(lines, filename)
        self.lock = threading.Lock()
        self.avatar = Avatar(x, y, hp, damage, torch)
        self._canvas_ready = False
        self._stop = threading.Event()
        # The live monsters in map-file order (the order they are drawn in), and by position.
        self._monsters: List[Monster] = []
        self._occupant: Dict[Position, Monster] = {}
        self._parseMonsters(lines, filename, random.Random(seed))
        self._relight()
        self._threads: List[threading.Thread] = []
        self._startThreads()

    # --- the game --------------------------------------------------------------------------

    def handleKey(self, ch: str) -> None:
        """Act on key ``ch``: w/s/a/d move north/south/west/east, + and - change the torch.

        A move is handed to avatarMove, which decides what it does; other keys are ignored.
        """
        if ch in MOVES:
            dx, dy = MOVES[ch]
            # Only this thread moves the avatar, so its position cannot change meanwhile.
            self.avatarMove(self.avatar.getX() + dx, self.avatar.getY() + dy)
            return
        with self.lock:
            if ch == INCREASE_TORCH_KEY:
                self.avatar.increaseTorch()
            elif ch == DECREASE_TORCH_KEY:
                self.avatar.decreaseTorch()
            else:
                return
            self._relight()

    def avatarMove(self, x: int, y: int) -> None:
        """Move the avatar to tile (x, y), attack the monster there, or do nothing.

        Nothing happens if the avatar is dead or (x, y) is off the map or impassable. A monster
        on (x, y) is attacked (it loses the avatar's damage and leaves the world at 0 hit points
        or less) and the avatar stays. Otherwise the avatar moves, takes the tile's damage, and
        the torch light is worked out afresh.
        """
        with self.lock:
            if not self.avatarAlive() or not self.isPassable(x, y):
                return
            monster = self._occupant.get((x, y))
            if monster is not None:
                self._wound(monster, self.avatar.getDamage())
                return
            self.avatar.setLocation(x, y)
            damage = self._tiles[x][y].getDamage()
            if damage:
                self.avatar.incurDamage(damage)
            self._relight()

    def monsterMove(self, x: int, y: int, monster: Monster) -> None:
        """Move ``monster`` to tile (x, y), attack the avatar there, or do nothing.

        Nothing happens if the game is over, ``monster`` has left the world, or (x, y) is off the
        map, impassable or taken by a monster. If the avatar stands on (x, y) it loses the
        monster's damage and the monster stays. Otherwise the monster moves and takes the tile's
        damage, leaving the world if that brings it to 0 hit points or less.
        """
        with self.lock:
            if not self._gameOn() or not self._holds(monster):
                return
            if not self.isPassable(x, y) or (x, y) in self._occupant:
                return
            if (x, y) == (self.avatar.getX(), self.avatar.getY()):
                self.avatar.incurDamage(monster.getDamage())
                return
            del self._occupant[(monster.getX(), monster.getY())]
            monster.setLocation(x, y)
            self._occupant[(x, y)] = monster
            damage = self._tiles[x][y].getDamage()
            if damage:
                self._wound(monster, damage)

    def avatarAlive(self) -> bool:
        """Return True while the avatar has hit points left."""
        return self.avatar.getHitPoints() > 0

    def getNumMonsters(self) -> int:
        """Return how many monsters are still in the world."""
        return len(self._monsters)

    def getMonsters(self) -> List[Monster]:
        """Return the monsters still in the world, in map-file order (a new list).

        The monsters keep moving; hold ``lock`` while using the list to see them stand still.
        """
        return list(self._monsters)

    def isPassable(self, x: int, y: int) -> bool:
        """Return True if (x, y) is on the map and its tile may be walked on."""
        return self._onMap(x, y) and self._tiles[x][y].isPassable()

    # --- threads ---------------------------------------------------------------------------

    def waitTurn(self, sleep_ms: int) -> bool:
        """Sleep ``sleep_ms`` milliseconds, less if the world is stopped meanwhile.

        Returns:
            True if the game goes on (a monster may take its step), False once the world is
            stopped, the avatar is dead or no monster is left.
        """
        stopped = self._stop.wait(sleep_ms / MS_PER_S)
        return not stopped and self._gameOn()

    def stop(self, timeout: float = JOIN_TIMEOUT_S) -> bool:
        """Stop every monster thread and wait up to ``timeout`` seconds in all for them to end.

        Safe to call more than once. The threads are daemon threads: one that has not ended
        still cannot keep the program alive.

        Returns:
            True if every monster thread has ended.
        """
        self._stop.set()
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        return not any(thread.is_alive() for thread in self._threads)

    # --- drawing and light -----------------------------------------------------------------

    def draw(self) -> None:
        """Draw every tile, then the monsters on lit tiles, then the avatar over its tile.

        Call it while holding ``lock``, so that nothing moves mid-picture. The first call sizes
        the canvas to the map: Tile.SIZE pixels per tile, with the x and y scales in pixels, so
        that tile (x, y) is centred at Tile.pixelCentre(x, y).
        """
        if not self._canvas_ready:
            StdDraw.setCanvasSize(self._width * Tile.SIZE, self._height * Tile.SIZE)
            StdDraw.setXscale(0, self._width * Tile.SIZE)
            StdDraw.setYscale(0, self._height * Tile.SIZE)
            self._canvas_ready = True
        for x in range(self._width):
            for y in range(self._height):
                self._tiles[x][y].draw(x, y)
        for monster in self._monsters:
            # It is night: a monster in the dark is not seen.
            if self._tiles[monster.getX()][monster.getY()].getLit():
                monster.draw()
        self.avatar.draw()

    def light(self, x: int, y: int, r: float) -> int:
        """Light the tiles a torch of radius ``r`` at (x, y) reaches; return how many it lit.

        Every tile is made dark first; then lightDFS spreads the light from (x, y). The
        recursion goes about as deep as the number of tiles lit: Python's default limit (1000
        levels) holds for the course's maps, and Ultima.py makes room for bigger ones. Once the
        monsters run, call it while holding ``lock``.
        """
        for column in self._tiles:
            for tile in column:
                tile.setLit(False)
        return self.lightDFS(x, y, x, y, r)

    def lightDFS(self, x: int, y: int, currX: int, currY: int, r: float) -> int:
        """Light (currX, currY) if the torch at (x, y) reaches it, then spread to its neighbours.

        A depth-first search in which a tile's lit flag marks it visited. Base cases, each
        lighting nothing: (1) the position is off the map; (2) its tile is already lit; (4) it
        is outside the torch, at distance >= r from (x, y). Otherwise the tile is lit, and then
        (3) an opaque tile stops the search: it is seen, but light does not pass it. Case 4 is
        tested before case 3 so that an opaque tile beyond the torch stays dark.

        Returns:
            The number of tiles this call and the calls it makes lit.
        """
        if not self._onMap(currX, currY):
            return 0
        tile = self._tiles[currX][currY]
        if tile.getLit():
            return 0
        if math.hypot(currX - x, currY - y) >= r:
            return 0
        tile.setLit(True)
        if tile.isOpaque():
            return 1
        lit = 1
        for dx, dy in NEIGHBOURS:
            # The recursive step: each neighbour is lit by the same torch at (x, y).
            lit += self.lightDFS(x, y, currX + dx, currY + dy, r)
        return lit

    # --- helpers ---------------------------------------------------------------------------

    def _onMap(self, x: int, y: int) -> bool:
        """Return True if (x, y) is the index of a tile of this map."""
        return 0 <= x < self._width and 0 <= y < self._height

    def _gameOn(self) -> bool:
        """Return True while the avatar lives and a monster is left."""
        return self.avatarAlive() and bool(self._monsters)

    def _holds(self, monster: Monster) -> bool:
        """Return True if ``monster`` is still in the world (it leaves when it dies)."""
        return self._occupant.get((monster.getX(), monster.getY())) is monster

    def _wound(self, monster: Monster, damage: int) -> None:
        """Take ``damage`` hit points off ``monster``; remove it at 0 or less (lock held)."""
        monster.incurDamage(damage)
        if monster.getHitPoints() <= 0:
            del self._occupant[(monster.getX(), monster.getY())]
            self._monsters.remove(monster)

    def _relight(self) -> int:
        """Light the map from the avatar's position with its torch; return the tiles lit."""
        avatar = self.avatar
        return self.light(avatar.getX(), avatar.getY(), avatar.getTorchRadius())

    def _startThreads(self) -> None:
        """Start one daemon thread per monster, running Monster.run.

        Raises:
            OSError: the system refused a thread (a limit on threads or memory); the threads
                already started are stopped first.
        """
        try:
            # Held while the threads start: a monster that wakes early waits for the lock in
            # monsterMove, so the first monsters' steps do not slow the start of thousands more.
            with self.lock:
                for index, monster in enumerate(self._monsters):
                    name = THREAD_NAME % (index, monster.getCode())
                    thread = threading.Thread(target=monster.run, name=name, daemon=True)
                    thread.start()
                    self._threads.append(thread)
        except RuntimeError as err:
            self.stop()
            raise OSError(f"cannot start a thread for monster {len(self._threads) + 1} of "
                          f"{len(self._monsters)} ({err})") from err

    def _parseTiles(self, lines: Sequence[str], filename: str) -> List[List[Tile]]:
        """Build the tile grid from the map's tile lines, indexed [x][y], y = 0 at the bottom.

        Raises:
            MapError: rows are missing or have the wrong number of codes, or a code is unknown.
        """
        rows = lines[FIRST_ROW_LINE - 1:FIRST_ROW_LINE - 1 + self._height]
        if len(rows) < self._height:
            raise MapError(f"{filename}, line {FIRST_ROW_LINE + len(rows)}: expected "
                           f"{self._height} rows of tiles, the file ends after {len(rows)}")
        tiles: List[List[Optional[Tile]]] = [[None] * self._height for _ in range(self._width)]
        for i, row in enumerate(rows):
            line_number = FIRST_ROW_LINE + i
            codes = row.split()
            if len(codes) != self._width:
                raise MapError(f"{filename}, line {line_number}: expected {self._width} tile "
                               f"codes, found {len(codes)}")
            for x, code in enumerate(codes):
                try:
                    tiles[x][self._height - 1 - i] = Tile(code)
                except ValueError as err:
                    raise MapError(f"{filename}, line {line_number}: {err} in column "
                                   f"{x + 1}") from err
        return tiles

    def _parseMonsters(self, lines: Sequence[str], filename: str, rng: random.Random) -> None:
        """Add a Monster for every monster line after the tile rows; blank lines are skipped.

        Each monster gets its own random generator, seeded from ``rng``.

        Raises:
            MapError: a line is malformed, names an unknown monster, or puts the monster off
                the map, on an impassable tile, on the avatar or on another monster.
        """
        first = FIRST_ROW_LINE + self._height
        for number, text in enumerate(lines[first - 1:], start=first):
            if not text.strip():
                continue
            where = f"{filename}, line {number}"
            code, x, y, hp, damage, sleep_ms = _parse_fields(text, MONSTER_FIELDS, where)
            try:
                monster = Monster(self, code, x, y, hp, damage, sleep_ms,
                                  rng=random.Random(rng.random()))
            except ValueError as err:
                raise MapError(f"{where}: {err}") from err
            problem = self._placementProblem(x, y)
            if problem:
                raise MapError(f"{where}: monster at ({x}, {y}) {problem}")
            self._monsters.append(monster)
            self._occupant[(x, y)] = monster

    def _placementProblem(self, x: int, y: int) -> str:
        """Return why a monster cannot start on (x, y), or "" if it can."""
        if not self._onMap(x, y):
            return f"is outside the {self._width}x{self._height} map"
        if not self._tiles[x][y].isPassable():
            return "is on an impassable tile"
        if (x, y) == (self.avatar.getX(), self.avatar.getY()):
            return "is on the avatar's start"
        if (x, y) in self._occupant:
            return "is on another monster"
        return ""


def _read_lines(filename: str) -> List[str]:
    """Return the lines of a text file (any line endings); raise MapError if unreadable."""
    try:
        with open(filename, encoding="utf-8") as handle:
            return handle.read().splitlines()
    except OSError as err:
        raise MapError(f"{filename}: cannot read the map file ({err.strerror})") from err
    except UnicodeDecodeError as err:
        raise MapError(f"{filename}: not a text map file ({err.reason})") from err


def _parse_line(lines: Sequence[str], number: int, fields: Sequence[Field],
                filename: str) -> list:
    """Return the values on line ``number`` (1-based) of ``lines``, as described by ``fields``.

    Raises:
        MapError: the line is missing or does not hold those fields.
    """
    text = lines[number - 1] if number <= len(lines) else ""
    return _parse_fields(text, fields, f"{filename}, line {number}")


def _parse_fields(text: str, fields: Sequence[Field], where: str) -> list:
    """Return the whitespace-separated values of ``text``, one per (name, type, minimum) field.

    Raises:
        MapError: starting with ``where``: the count of values is wrong, a value is not of its
            field's type (or not finite), or it is below the field's minimum.
    """
    parts = text.split()
    if len(parts) != len(fields):
        layout = " ".join(name for name, _kind, _minimum in fields)
        raise MapError(f"{where}: expected '{layout}', found {text.strip()!r}")
    values = []
    for part, (name, kind, minimum) in zip(parts, fields):
        try:
            value = kind(part)
        except ValueError:
            value = None
        if value is None or (kind is float and not math.isfinite(value)):
            raise MapError(f"{where}: {name} must be {TYPE_WORDS[kind]}, found {part!r}")
        if minimum is not None and value < minimum:
            raise MapError(f"{where}: {name} must be at least {minimum}, found {part!r}")
        values.append(value)
    return values


def report_error(err: Exception) -> int:
    """Print ``err`` as a one-line error message on stderr; return the bad-input exit status."""
    print(ERROR_LINE % err, file=sys.stderr)
    return EXIT_BAD_INPUT


def main(argv: Optional[List[str]] = None) -> int:
    """Load the map named on the command line, print the start's light count and show it."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return EXIT_USAGE
    try:
        world = World(args[0])
    except (MapError, OSError) as err:
        return report_error(err)
    try:
        avatar = world.avatar
        x, y, r = avatar.getX(), avatar.getY(), avatar.getTorchRadius()
        with world.lock:
            print(LIGHT_REPORT % (x, y, r, world.light(x, y, r)))
            world.draw()
        StdDraw.show()
    except (OSError, ImportError) as err:
        return report_error(err)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    finally:
        world.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
