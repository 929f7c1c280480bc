"""Fixtures for the MiniRogue tests: the reference's modules, a real terminal, a pipe, a map.

- ``rogue``: the reference's modules, imported from minirogue/ (sys.path and sys.modules are
  restored afterwards).
- ``terminal``: starts ``python main.py`` in a pseudo-terminal (pexpect) with a fixed
  MINIROGUE_SEED and reads the screen through a terminal emulator (pyte). After each key it
  waits until the game has drawn its next screen and is waiting for a key again (the game
  turns terminal echo off exactly while it waits), so reading the screen is deterministic.
- ``run_piped``: runs ``python main.py`` with standard input from bytes (no terminal).
- ``text_level``: a stand-in level built from text rows, for the monsters' movement rules.
"""

import os
import re
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
MINIROGUE_DIR = ROOT / "minirogue"
MODULES = ("utilities", "Position", "GameObject", "Actor", "Dungeon", "Game", "main", "run")

ROWS, COLS = 18, 70
SCREEN_LINES, SCREEN_COLUMNS = 30, 80
STATS_LINE = 18
FIRST_MESSAGE_LINE = 20
STATS = re.compile(r"Dungeon Level: (\d), Hit points: (\d+), Armor: (\d+), Strength: (\d+), "
                   r"Dexterity: (\d+)")
LEVEL_DRAWN = re.compile(rb"Dungeon Level: \d, Hit points: \d+, Armor: \d+, Strength: \d+, "
                         rb"Dexterity: \d+\r\n\r\n")
INVENTORY_DRAWN = re.compile(rb"Inventory:\r\n")
KEYS = {(0, -1): "h", (0, 1): "l", (-1, 0): "k", (1, 0): "j"}
TIMEOUT_S = 10
ECHO_POLL_S = 0.002


@pytest.fixture
def rogue():
    """Import the reference's modules from minirogue/; undo the imports afterwards."""
    saved_path, saved_modules = list(sys.path), dict(sys.modules)
    for name in MODULES:  # another folder's module of the same name must not be picked up
        sys.modules.pop(name, None)
    sys.path.insert(0, str(MINIROGUE_DIR))
    try:
        import Actor
        import Dungeon
        import Game
        import GameObject
        import Position
        import utilities
        yield SimpleNamespace(Actor=Actor, Dungeon=Dungeon, Game=Game, GameObject=GameObject,
                              Position=Position, utilities=utilities)
    finally:
        sys.path[:] = saved_path
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]
        sys.modules.update(saved_modules)


def game_environment(seed, term="xterm"):
    """Return an environment for running the game with ``seed`` and TERM set to ``term``."""
    env = dict(os.environ, MINIROGUE_SEED=str(seed))
    env.pop("TERM", None)
    if term is not None:
        env["TERM"] = term
    return env


class Terminal:
    """MiniRogue running in a pseudo-terminal, with the screen as a terminal emulator sees it."""

    def __init__(self, seed, args=("main.py",)):
        """Start ``python <args>`` in minirogue/ with MINIROGUE_SEED ``seed``; read the screen."""
        pexpect = pytest.importorskip("pexpect")
        pyte = pytest.importorskip("pyte")
        self._pexpect = pexpect
        self.screen = pyte.Screen(SCREEN_COLUMNS, SCREEN_LINES)
        self._stream = pyte.Stream(self.screen)
        self.child = pexpect.spawn(sys.executable, list(args), cwd=str(MINIROGUE_DIR),
                                   env=game_environment(seed),
                                   dimensions=(SCREEN_LINES, SCREEN_COLUMNS))
        self.child.delaybeforesend = None  # the game reads keys at once; no need to wait
        self._display = []
        self._await(LEVEL_DRAWN)

    def press(self, key, drawn=LEVEL_DRAWN):
        """Type ``key`` and wait for the screen matching ``drawn``; return the screen lines."""
        self.child.send(key)
        self._await(drawn)
        return self.lines()

    def open_menu(self, key):
        """Type ``key`` (w, r or i) and wait for the inventory screen; return its lines."""
        return self.press(key, INVENTORY_DRAWN)

    def press_to_exit(self, key):
        """Type ``key``, which must end the game; return its exit status."""
        self.child.send(key)
        self.child.expect(self._pexpect.EOF, timeout=TIMEOUT_S)
        self.child.close()
        return self.child.exitstatus

    def close(self):
        """Stop the game if it still runs."""
        if self.child.isalive():
            self.child.close(force=True)

    def _await(self, drawn):
        """Read output until ``drawn`` matches and the game waits for a key again."""
        data = b""
        deadline = time.monotonic() + TIMEOUT_S
        while not drawn.search(data):
            assert time.monotonic() < deadline, f"the screen never came; output: {data!r}"
            data += self._read(deadline - time.monotonic())
        # The game switches echo off only once its screen is written and it waits for a key.
        while self.child.isalive() and self.child.getecho():
            assert time.monotonic() < deadline, "the game never waited for the next key"
            time.sleep(ECHO_POLL_S)
        chunk = self._read(0)
        while chunk:
            data += chunk
            chunk = self._read(0)
        self._stream.feed(data.decode("utf-8", "replace"))
        self._display = list(self.screen.display)

    def _read(self, timeout):
        """Return what the game wrote within ``timeout`` seconds (b"" if nothing)."""
        try:
            return self.child.read_nonblocking(65536, timeout=max(timeout, 0))
        except (self._pexpect.TIMEOUT, self._pexpect.EOF):
            return b""

    # ---- reading the screen ----

    def lines(self):
        """Return the screen's lines, trailing spaces removed."""
        return [line.rstrip() for line in self._display]

    def level_rows(self):
        """Return the 18 level rows, each padded to 70 characters."""
        return [line[:COLS].ljust(COLS) for line in self._display[:ROWS]]

    def stats(self):
        """Return the stats line."""
        return self.lines()[STATS_LINE]

    def stat_values(self):
        """Return (level, hit points, armor, strength, dexterity) from the stats line."""
        match = STATS.fullmatch(self.stats())
        assert match, f"bad stats line {self.stats()!r}"
        return tuple(int(value) for value in match.groups())

    def messages(self):
        """Return the message lines under the blank line, without empty ones."""
        return [line for line in self.lines()[FIRST_MESSAGE_LINE:] if line]

    @staticmethod
    def offset_of(key):
        """Return the (row, col) change of the movement key ``key``."""
        (offset,) = [offset for offset, name in KEYS.items() if name == key]
        return offset

    def open_direction(self):
        """Return a movement key whose square next to the player is empty floor."""
        row, col = self.player()
        rows = self.level_rows()
        for (dr, dc), key in KEYS.items():
            if rows[row + dr][col + dc] == " ":
                return key
        raise AssertionError("the player is boxed in:\n" + "\n".join(rows))

    def find(self, symbols):
        """Return every (row, col) of the level showing one of ``symbols``."""
        return [(row, col) for row, line in enumerate(self.level_rows())
                for col, char in enumerate(line) if char in symbols]

    def player(self):
        """Return the player's (row, col); there must be exactly one ``@``."""
        found = self.find("@")
        assert len(found) == 1, f"expected one @, found {found}"
        return found[0]

    def first_step(self, targets, avoid=""):
        """Return the key of the first step of a shortest walk from ``@`` to one of ``targets``.

        Walls block the walk, and so do squares showing one of ``avoid`` and the squares next
        to them. Other monsters do not: stepping into one attacks it until it dies. Returns
        None when no target can be reached.
        """
        rows = self.level_rows()
        start = self.player()
        danger = {(row + dr, col + dc) for row, col in self.find(avoid)
                  for dr, dc in [(0, 0), *KEYS]}
        first = {start: None}
        queue = deque([start])
        while queue:
            row, col = queue.popleft()
            if rows[row][col] in targets:
                return first[(row, col)]
            for (dr, dc), key in KEYS.items():
                square = (row + dr, col + dc)
                char = rows[square[0]][square[1]]
                if square in first or char == "#" or square in danger:
                    continue
                first[square] = first[(row, col)] or key
                queue.append(square)
        return None

    def walk_onto(self, targets, avoid="", limit=400):
        """Walk to the nearest square showing one of ``targets`` and stop on it.

        Returns every message seen on the way.
        """
        seen = []
        for _ in range(limit):
            key = self.first_step(targets, avoid)
            assert key is not None, f"no way to {targets!r}:\n" + "\n".join(self.lines())
            row, col = self.player()
            dr, dc = self.offset_of(key)
            destination = (row + dr, col + dc)
            arriving = self.level_rows()[destination[0]][destination[1]] in targets
            self.press(key)
            seen += self.messages()
            if arriving and self.player() == destination:
                return seen
        raise AssertionError(f"did not reach {targets!r} in {limit} keys")

    def fight(self, targets, limit=400):
        """Walk to the nearest monster shown as one of ``targets`` and attack until one dies.

        Returns every message seen on the way, the last one the killing blow.
        """
        seen = []
        for _ in range(limit):
            key = self.first_step(targets)
            assert key is not None, f"no way to {targets!r}:\n" + "\n".join(self.lines())
            self.press(key)
            seen += self.messages()
            if any(line.startswith("Player") and line.endswith(" dealing a final blow.")
                   for line in self.messages()):
                return seen
        raise AssertionError(f"killed no {targets!r} in {limit} keys")


@pytest.fixture
def terminal():
    """Return a function starting the game in a terminal with a seed; stop it afterwards."""
    started = []

    def start(seed, args=("main.py",)):
        session = Terminal(seed, args)
        started.append(session)
        return session

    yield start
    for session in started:
        session.close()


@pytest.fixture
def run_piped():
    """Return a function running the game with ``keys`` (bytes) as standard input.

    Its options: ``seed``; ``args``, the program and its arguments; ``term``, the value of
    TERM (None: unset, so screens are separated by plain newlines); ``python``, the
    interpreter. It returns the completed process.
    """

    def run(keys, seed=1, args=("main.py",), term=None, python=sys.executable):
        return subprocess.run([python, *args], cwd=MINIROGUE_DIR, input=keys,
                              capture_output=True, env=game_environment(seed, term),
                              timeout=TIMEOUT_S, check=False)

    return run


class TextLevel:
    """A stand-in for a Dungeon built from text: ``#`` wall, ``@`` player, letters monsters.

    It answers ``is_open`` and ``move_monster`` as a Dungeon does, which is all monsters ask.
    """

    def __init__(self, rows):
        """Read ``rows`` (strings of equal length)."""
        self.rows = rows
        self.moves = []

    def find(self, char):
        """Return every (row, col) holding ``char``."""
        return [(row, col) for row, line in enumerate(self.rows)
                for col, cell in enumerate(line) if cell == char]

    def is_open(self, square):
        """Return True if ``square`` is inside the rows and holds floor (``.`` or space)."""
        row, col = square
        return 0 <= row < len(self.rows) and 0 <= col < len(self.rows[0]) and \
            self.rows[row][col] in ". "

    def move_monster(self, monster, square):
        """Record the move and let ``monster`` stand on ``square``."""
        self.moves.append((monster.position(), square))
        monster.move_to(square)


@pytest.fixture
def text_level():
    """Return the TextLevel class."""
    return TextLevel
