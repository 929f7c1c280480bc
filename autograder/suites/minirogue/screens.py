"""The grader's reading of MiniRogue screens, and a player that plans its keys from them.

Every student's classes differ, so the MiniRogue checks judge what a player sees: the
screens the program draws on a terminal. This module runs only in the grader (it never
imports student code): it parses a rendered screen into the level map, the statistics line
and the messages (CLARIFICATIONS.md: 18 map rows of 70 columns, the statistics, a blank
line, then the messages), finds paths on the map, and replays seeded games key by key.

Each part of a screen is found by what it is, as a marker finds it, not by a fixed row
(issue 33): the map is the 18 x 70 block framed by wall rows, the statistics line is the
first line under it that names the five statistics in order with their numbers (spacing
and letter case aside), and the messages are the non-blank lines under the statistics. A
layout the spec does not demand (a blank line between map and statistics, spaces after the
statistics) so costs no check that needs a statistic or a message; the checks of the
statistics item judge the line's wording and the one blank line before the messages.

A seeded game is the same game every time it is started with the same keys, so a player
that needs to react to the game (walk to a weapon, chase a monster) plans a few keys from
the last screen, starts the game again with all keys so far, and looks again.
"""

import base64
import binascii
import re
from collections import deque
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from autograder import LeftToMarker, NotApplicable

MAP_ROWS, MAP_COLS = 18, 70
# The terminal the game is played on: the map, the statistics and room for messages.
TERMINAL_ROWS, TERMINAL_COLS = 32, 80
WALL, PLAYER, WEAPON, SCROLL, STAIRS, IDOL = "#", "@", ")", "?", ">", "&"
MONSTER_NAMES = {"B": "Bogeyman", "S": "Snakewoman", "D": "Dragon", "G": "Goblin"}
MONSTERS = "".join(MONSTER_NAMES)
MAP_SYMBOLS = set(MONSTERS + WALL + PLAYER + WEAPON + SCROLL + STAIRS + IDOL + " ")
# The statistics line as a marker reads it: the five statistics in the order
# CLARIFICATIONS.md gives ("Dungeon Level: 0, Hit points: 20, Armor: 2, Strength: 2,
# Dexterity: 2"), each with its number, whatever the spacing, punctuation or letter case
# between them (the statistics item judges the exact wording, once).
_NUMBER = r"\s*:?\s*(-?\d+)"
STATISTICS_LINE = re.compile(
    r"dungeon\s+level" + _NUMBER + r"\W+hit\s+points" + _NUMBER + r"\W+armor" + _NUMBER
    + r"\W+strength" + _NUMBER + r"\W+dexterity" + _NUMBER, re.IGNORECASE)
DUNGEON_LEVEL = re.compile(r"dungeon\s+level" + _NUMBER, re.IGNORECASE)
# The move keys and the (row, column) step each takes; arrow keys send these escapes.
MOVES = {"h": (0, -1), "l": (0, 1), "k": (-1, 0), "j": (1, 0)}
ARROWS = {"h": "\x1b[D", "l": "\x1b[C", "k": "\x1b[A", "j": "\x1b[B"}
# A key that is no command: the player does nothing and the monsters take their turn.
IDLE_KEY = "x"
CHEAT_KEY = "c"
# The environment variable the grader's utilities.py seeds the random source from.
SEED_VARIABLE = "MINIROGUE_SEED"

Square = Tuple[int, int]


@dataclass(frozen=True)
class Statistics:
    """The player's statistics as a screen shows them.

    Attributes:
        level: the dungeon level (0 to 4).
        hit_points: the hit points.
        armor: the armor points.
        strength: the strength points.
        dexterity: the dexterity points.
    """

    level: int
    hit_points: int
    armor: int
    strength: int
    dexterity: int


@dataclass(frozen=True)
class Screen:
    """One rendered terminal screen.

    Attributes:
        rows: the terminal's rows, each padded to its width.
    """

    rows: Tuple[str, ...]

    @cached_property
    def _top(self) -> int:
        """The terminal row the map starts on, found once per screen (see :meth:`top`):
        path searches ask for it at every square they look at."""
        walls = [index for index, row in enumerate(self.rows) if row[:MAP_COLS] == WALL * MAP_COLS]
        for index in walls:
            if index + MAP_ROWS - 1 in walls:
                return index
        return 0

    @cached_property
    def _floor(self) -> FrozenSet[Square]:
        """Every map square that is not a wall, found once per screen: path searches ask
        about every square they look at, many times over."""
        return frozenset((row, col) for row, line in enumerate(self.map_rows())
                         for col, symbol in enumerate(line) if symbol != WALL)

    @cached_property
    def _open(self) -> FrozenSet[Square]:
        """Every map square that is neither a wall nor an actor (see :attr:`_floor`)."""
        actors = set(self.squares_of(MONSTERS + PLAYER))
        return self._floor - actors

    def floor_squares(self) -> FrozenSet[Square]:
        """Return every map square that is not a wall (actors stand on floor)."""
        return self._floor

    def free_squares(self) -> FrozenSet[Square]:
        """Return every map square that is neither a wall nor an actor."""
        return self._open

    def top(self) -> int:
        """Return the terminal row the map starts on: the first full wall row with another
        one 17 rows below it, else 0.

        A program may print a blank line or a title before its map (CLARIFICATIONS.md
        fixes the map's shape, not the row it starts on).
        """
        return self._top

    def map_rows(self) -> List[str]:
        """Return the 18 rows of the level map, 70 columns each."""
        top = self.top()
        return [row[:MAP_COLS] for row in self.rows[top:top + MAP_ROWS]]

    def at(self, square: Square) -> str:
        """Return the symbol on map square (row, column)."""
        row, col = square
        return self.rows[self.top() + row][col]

    def squares_of(self, symbols: str) -> List[Square]:
        """Return every map square showing one of ``symbols``, row by row."""
        if not symbols:
            return []
        # A character class finds the few squares wanted without visiting every square in
        # Python: the player and the monsters are looked up at every planning step.
        wanted = re.compile("[" + re.escape(symbols) + "]")
        return [(row, match.start()) for row, line in enumerate(self.map_rows())
                for match in wanted.finditer(line)]

    def with_player_at(self, square: Square) -> "Screen":
        """Return this screen with its ``@`` moved to ``square`` (the map as the monsters
        find it once the player has moved; what the ``@`` covered shows as floor)."""
        rows = list(self.rows)
        for old, symbol in ((self.player(), " "), (square, PLAYER)):
            if old is not None:
                index = self.top() + old[0]
                rows[index] = rows[index][:old[1]] + symbol + rows[index][old[1] + 1:]
        return Screen(tuple(rows))

    def open_squares(self) -> List[Square]:
        """Return every map square that is not a wall, whatever it shows."""
        return [(row, col) for row, line in enumerate(self.map_rows())
                for col, symbol in enumerate(line) if symbol != WALL]

    def player(self) -> Optional[Square]:
        """Return the player's square, or None unless exactly one ``@`` is on the map."""
        found = self.squares_of(PLAYER)
        return found[0] if len(found) == 1 else None

    @cached_property
    def _stats_index(self) -> Optional[int]:
        """The terminal row of the statistics line, found once per screen (see
        :meth:`stats_line`)."""
        for index in range(self.top() + MAP_ROWS, len(self.rows)):
            if STATISTICS_LINE.search(self.rows[index]):
                return index
        return None

    def dungeon_level(self) -> Optional[int]:
        """Return the level number the statistics line shows, or None without one.

        Read on its own where the line is not whole (the first line under the map that
        names the dungeon level), so that a mistake later in the line does not hide it.
        """
        shown = self.statistics()
        if shown:
            return shown.level
        found = [DUNGEON_LEVEL.search(line) for line in self.under_map()]
        return next((int(match.group(1)) for match in found if match), None)

    def statistics(self) -> Optional[Statistics]:
        """Return the values the statistics line shows, or None if no line under the map
        names the five statistics in order."""
        if self._stats_index is None:
            return None
        match = STATISTICS_LINE.search(self.rows[self._stats_index])
        return Statistics(*(int(value) for value in match.groups()))

    def stats_line(self) -> str:
        """Return the statistics line as shown, spaces around it removed, or "" if there is
        none.

        It is the first line under the map that names the dungeon level, hit points, armor,
        strength and dexterity in that order, each with a number (spec: "Below the display
        of the level, display the player's statistics"; the spec demands no row for it, so
        blank lines may come between).
        """
        return "" if self._stats_index is None else self.rows[self._stats_index].strip()

    def under_map(self) -> List[str]:
        """Return the non-blank lines under the map, trailing spaces removed (what a
        failure shows when no statistics line is found)."""
        return [row.rstrip() for row in self.rows[self.top() + MAP_ROWS:] if row.strip()]

    def _heading_index(self) -> Optional[int]:
        """Return the terminal row the messages come under: the statistics line's or, without
        one, the first non-blank row under the map (where the spec puts the statistics);
        None if nothing is under the map."""
        if self._stats_index is not None:
            return self._stats_index
        return next((index for index in range(self.top() + MAP_ROWS, len(self.rows))
                     if self.rows[index].strip()), None)

    def _message_indexes(self) -> List[int]:
        """Return the terminal rows of the messages: the non-blank rows under the statistics
        (see :meth:`_heading_index`)."""
        heading = self._heading_index()
        if heading is None:
            return []
        return [index for index in range(heading + 1, len(self.rows)) if self.rows[index].strip()]

    def messages(self) -> List[str]:
        """Return the message lines under the statistics, trailing spaces removed."""
        return [self.rows[index].rstrip() for index in self._message_indexes()]

    def rows_before_messages(self) -> Optional[int]:
        """Return how many (blank) rows lie between the statistics (see
        :meth:`_heading_index`) and the first message, or None when no message is shown."""
        indexes = self._message_indexes()
        return indexes[0] - self._heading_index() - 1 if indexes else None

    def is_level(self) -> bool:
        """Return True when the screen shows a level: 18 rows of 70 map columns, walled
        above and below.

        A level is known by its map's frame alone, so that a misworded statistics line or
        one unexpected glyph costs only the checks that judge them, not every check that
        looks at a level.
        """
        rows = self.map_rows()
        return len(rows) == MAP_ROWS and rows[0] == rows[-1] == WALL * MAP_COLS

    def text(self) -> List[str]:
        """Return every non-blank row, trailing spaces removed."""
        return [row.rstrip() for row in self.rows if row.strip()]

    def monsters(self) -> List[Square]:
        """Return the squares of every monster on the map."""
        return self.squares_of(MONSTERS)


def manhattan(first: Square, second: Square) -> int:
    """Return the number of single steps between two squares, walls ignored."""
    return abs(first[0] - second[0]) + abs(first[1] - second[1])


def open_square(screen: Screen, square: Square) -> bool:
    """Return True if ``square`` is on the map and neither a wall nor an actor."""
    return square in screen.free_squares()


def step(square: Square, key: str) -> Square:
    """Return the square one move ``key`` away from ``square``."""
    drow, dcol = MOVES[key]
    return square[0] + drow, square[1] + dcol


def distances(screen: Screen, start: Square,
              passable: Callable[[Screen, Square], bool] = open_square,
              limit: Optional[int] = None) -> Dict[Square, int]:
    """Return the number of moves from ``start`` to every square reachable through
    ``passable`` squares (a breadth-first search on the map); with ``limit``, only to the
    squares at most that many moves away."""
    allowed = _membership(screen, passable)
    found = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        if found[square] == limit:
            continue
        row, col = square
        for drow, dcol in MOVES.values():
            nxt = (row + drow, col + dcol)
            if nxt not in found and allowed(nxt):
                found[nxt] = found[square] + 1
                queue.append(nxt)
    return found


def _membership(screen: Screen, passable: Callable[[Screen, Square], bool]
                ) -> Callable[[Square], bool]:
    """Return ``passable`` on ``screen`` as a test of one square.

    For :func:`floor` and :func:`open_square` that is a look-up in the screen's own set of
    squares, which a search makes for every square it reaches: the grading of one game
    runs thousands of searches.
    """
    if passable is floor:
        return screen.floor_squares().__contains__
    if passable is open_square:
        return screen.free_squares().__contains__
    return partial(passable, screen)


def path_keys(screen: Screen, start: Square, goal: Square,
              passable: Callable[[Screen, Square], bool] = open_square) -> Optional[List[str]]:
    """Return move keys along a shortest path from ``start`` to ``goal``, or None.

    The goal itself may be any square (a monster to walk up to is not passable).
    """
    to_goal = distances(screen, goal, lambda s, q: q == start or passable(s, q))
    if start not in to_goal:
        return None
    keys, square = [], start
    while square != goal:
        key = min(MOVES, key=lambda k: to_goal.get(step(square, k), MAP_ROWS * MAP_COLS))
        keys.append(key)
        square = step(square, key)
    return keys


def floor(screen: Screen, square: Square) -> bool:
    """Return True for any square on the map that is not a wall (actors stand on floor)."""
    return square in screen.floor_squares()


@dataclass(frozen=True)
class Launch:
    """How a submission's game is started.

    Attributes:
        command: the command run on the terminal.
        seeded: whether :data:`SEED_VARIABLE` makes its games repeatable (Python ports use
            the grader's utilities.py; a C++ project built with the grader's
            utilities.h/.cpp).
        startup_s: how long its first screen may take.
        quits_at_end_of_input: whether the end of input ends the game as ``q`` does (the
            Python port's getCharacter; the C++ original returns '?' and loops on).
        files: files written beside the submission before each start (a built program).
    """

    command: Tuple[str, ...]
    seeded: bool
    startup_s: float
    quits_at_end_of_input: bool
    files: Mapping[str, bytes] = field(default_factory=dict)


PYTHON_LAUNCH = Launch(("python", "main.py"), True, 5.0, True)
# The folder the suite's C++ utilities (the course's API, seedable) are copied to.
CPP_UTILITIES = "grader_cpp_utilities"
CPP_PROGRAM = "minirogue.bin"
USE_GRADER_UTILITIES = (f"cp -f {CPP_UTILITIES}/utilities.h {CPP_UTILITIES}/utilities.cpp . "
                        "&& ")
# Built once per grading run, stripped, and sent back base64-encoded on stdout; every game
# start then gets the program as a file (each run is a fresh copy of the submission).
CPP_BUILD = f"g++ -std=c++17 -O1 -s -o {CPP_PROGRAM} *.cpp && base64 -w0 {CPP_PROGRAM}"
CPP_BUILD_S = 120.0
CPP_RUN = ("sh", "-c", f"chmod +x {CPP_PROGRAM} && exec ./{CPP_PROGRAM}")
CPP_STARTUP_S = 5.0
# A project that builds neither way: started the same way, it shows its compiler errors.
CPP_UNBUILT = Launch(("sh", "-c", "g++ -std=c++17 -O1 -o minirogue.bin *.cpp && "
                                  "exec ./minirogue.bin"), False, CPP_BUILD_S, False)


def build_cpp(sandbox, grader_utilities: bool) -> Optional[bytes]:
    """Build the submission's C++ project in the sandbox; return the program, or None.

    ``grader_utilities`` replaces its utilities.h/.cpp with the grader's seedable copy first.
    The program comes back as data and is only ever run in the sandbox again.
    """
    command = (USE_GRADER_UTILITIES if grader_utilities else "") + CPP_BUILD
    result = sandbox.run(["sh", "-c", command], timeout=CPP_BUILD_S)
    if result.fault is not None or result.returncode != 0:
        return None
    try:
        return base64.b64decode(result.stdout, validate=True)
    except (binascii.Error, ValueError):
        return None


def launch(sandbox, submission) -> Launch:
    """Return how to start the submission: its main.py, else its C++ sources.

    A C++ project is built once per grading run, with the grader's utilities.h and
    utilities.cpp (CLARIFICATIONS.md preamble: the grader supplies the course's files), so its
    games are seeded; a project that does not build with them is built with its own copies,
    unseeded.

    Raises:
        NotApplicable: it has neither.
    """
    if submission.exists("main.py"):
        return PYTHON_LAUNCH
    if not any(name.endswith(".cpp") and "/" not in name for name in submission.files()):
        raise NotApplicable("neither main.py nor C++ sources (.cpp files) were handed in")

    def built() -> Launch:
        for seeded in (True, False):
            program = build_cpp(sandbox, grader_utilities=seeded)
            if program:
                return Launch(CPP_RUN, seeded, CPP_STARTUP_S, False, {CPP_PROGRAM: program})
        return CPP_UNBUILT

    return sandbox.remember("cpp_launch", built)


def require_seed(how: Launch) -> None:
    """Refuse a check that replays games when the submission's games cannot be seeded.

    Raises:
        LeftToMarker: a C++ project that does not build with the grader's utilities
            (CLARIFICATIONS.md preamble: an item the grader cannot run on a kind of
            submission goes to the marker).
    """
    if not how.seeded:
        raise LeftToMarker("this check replays seeded games; this C++ project does not build "
                            "with the grader's seedable utilities.cpp, so it is left to the "
                            "marker")


class Game:
    """Plays one submission's game, seeded, looking at its screens after every few keys.

    The game is kept waiting between looks, and the next keys are typed on into it; where
    it no longer waits (the check that started it has ended, or another run of the
    sandbox came in between) it is started again and every key so far is typed anew,
    which plays the same seeded game to the same screens.

    Args:
        sandbox: the check's runner.
        how: how the game is started.
        seed: the seed given through :data:`SEED_VARIABLE`.
        timeout: seconds each play may take.
        hold: whether the game waits for more keys after a play; without it, each play
            closes the terminal after the keys (ending the Python port's game).
    """

    def __init__(self, sandbox, how: Launch, seed: str, timeout: float,
                 hold: bool = True) -> None:
        self._sandbox = sandbox
        self._how = how
        self._seed = seed
        self._timeout = timeout
        self._hold = hold
        self.keys: List[str] = []
        self.session = None

    def play(self, keys: Sequence[str] = ()) -> List[Screen]:
        """Type ``keys`` on into the waiting game, or start it again and type every key so
        far plus ``keys``; return all its screens (the first, then one per key)."""
        self.keys = self.keys + list(keys)
        if self.session is not None and self._hold:
            played_on = self._sandbox.type_on(self.session, keys, timeout=self._timeout)
            if played_on is not None:
                self.session = played_on
                return self.screens()
        self.session = self._sandbox.terminal(
            list(self._how.command), self.keys, rows=TERMINAL_ROWS, cols=TERMINAL_COLS,
            env={SEED_VARIABLE: self._seed}, startup_s=self._how.startup_s,
            timeout=self._timeout, files=self._how.files, hold=self._hold)
        return self.screens()

    def seed(self) -> str:
        """Return the seed the game is played with."""
        return self._seed

    def screens(self) -> List[Screen]:
        """Return the game's screens so far (first screen, then one per key)."""
        return [Screen(tuple(rows)) for rows in self.session.screens] if self.session else []

    def last_level(self) -> Optional[Screen]:
        """Return the game's last screen so far that shows a level, or None."""
        levels = [screen for screen in self.screens() if screen.is_level()]
        return levels[-1] if levels else None

    def walk_to(self, target: Square, rounds: int, keys_per_round: int) -> bool:
        """Walk the player onto ``target``; return whether it got there.

        Each round plans a shortest path on the last screen, types at most
        ``keys_per_round`` of it, and looks again (monsters move in between).
        """
        for _ in range(rounds):
            screen = self.last_level()
            if screen is None or screen.player() is None:
                return False
            if screen.player() == target:
                return True
            keys = path_keys(screen, screen.player(), target)
            if not keys:
                return False
            self.play(keys[:keys_per_round])
        screen = self.last_level()
        return screen is not None and screen.player() == target

def nearest(screen: Screen, symbols: str) -> Optional[Square]:
    """Return the reachable square showing one of ``symbols`` closest to the player."""
    start = screen.player()
    if start is None:
        return None
    reach = distances(screen, start)
    candidates = [square for square in screen.squares_of(symbols) if square in reach]
    return min(candidates, key=lambda square: reach[square]) if candidates else None
