"""Fixtures for the End of DayZ tests: the reference folder and ways to run code inside it.

``a2.py`` imports ``a2_support`` by bare name, so every test runs the code in a child process
whose working directory is the folder under test (the reference, or a broken variant).

The course's play transcripts (copied byte for byte into ``test_data/``) were made by calling
``play`` on hand-built grids, with every line read from standard input echoed right after its
prompt. ``TRANSCRIPT_DRIVER`` rebuilds those grids exactly as CLARIFICATIONS.md describes and
echoes input the same way.
"""

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parents[2]
EOD_DIR = ROOT / "end_of_dayz"
TEST_DATA = Path(__file__).resolve().parent / "test_data"
COURSE_DATA = ROOT.parent / "shared" / "data" / "end_of_dayz"
TRANSCRIPTS = ("basic", "invalid", "with_zombies", "lose", "with_garlic_advanced",
               "with_crossbow_advanced", "crossbow_shoot", "crossbow_missed")
TIMEOUT_S = 30

# argv[1] names the transcript; stdin is its .in file. Exits 3 if play() returned something or
# left input unread.
TRANSCRIPT_DRIVER = """
import builtins, random, sys
from a2_support import Position
from a2 import (AdvancedGame, AdvancedTextInterface, Crossbow, Game, Garlic, Grid,
                HoldingPlayer, Hospital, IntermediateGame, Player, TextInterface,
                TrackingZombie, VulnerablePlayer, Zombie)

read_line = builtins.input


def echoing_input(prompt=""):
    line = read_line(prompt)
    print(line)
    return line


builtins.input = echoing_input
name = sys.argv[1]
grid = Grid(5)
grid.add_entity(Position(4, 4), Hospital())
grid.add_entity(Position(1, 1), Player())
if name in ("basic", "invalid"):
    game, interface = Game(grid), TextInterface(5)
elif name in ("with_zombies", "lose"):
    grid.add_entity(Position(1, 1), VulnerablePlayer())
    grid.add_entity(Position(3, 2), Zombie())
    grid.add_entity(Position(3, 0), Zombie())
    game, interface = IntermediateGame(grid), TextInterface(5)
    random.seed(1001.2021)
    if name == "lose":
        grid.add_entity(Position(1, 3), Zombie())
else:
    grid.add_entity(Position(1, 1), HoldingPlayer())
    grid.add_entity(Position(3, 2), Zombie())
    grid.add_entity(Position(4, 0), TrackingZombie())
    grid.add_entity(Position(0, 2), Garlic())
    grid.add_entity(Position(0, 4), Crossbow())
    game, interface = AdvancedGame(grid), AdvancedTextInterface(5)
    random.seed(1001.2021)
returned = interface.play(game)
unread = sys.stdin.read()
if returned is not None or unread:
    sys.exit(3)
"""


def run_python(folder, args, stdin="", python=None):
    """Run ``python args...`` with ``folder`` as working directory.

    Parameters:
        folder: the End of DayZ folder to run in.
        args: the interpreter's arguments (a script, or ``-c`` and source, then more).
        stdin: the text typed.
        python: the interpreter; the one running the tests by default.

    Returns:
        The CompletedProcess, with stdout and stderr as text.
    """
    return subprocess.run([python or sys.executable, *map(str, args)], cwd=folder,
                          input=stdin.encode(), capture_output=True, timeout=TIMEOUT_S,
                          check=False, env=_child_environment())


def _child_environment():
    """Return the environment for children: no bytecode files left in the folders."""
    environment = dict(os.environ)
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    environment.pop("PYTHONPATH", None)
    return environment


def replay_transcript(folder, name):
    """Replay the course transcript ``name`` on the folder's ``a2``; return the process."""
    stdin = (TEST_DATA / (name + ".in")).read_text(encoding="utf-8")
    return run_python(folder, ["-c", TRANSCRIPT_DRIVER, name], stdin)


def expected_transcript(name):
    """Return the course's recorded output of transcript ``name``, as text."""
    return (TEST_DATA / (name + ".out")).read_bytes().decode("utf-8")


@pytest.fixture(scope="session")
def eod():
    """Return the helpers and paths above, for tests (conftest is not importable by name)."""
    return SimpleNamespace(root=ROOT, folder=EOD_DIR, test_data=TEST_DATA,
                           course_data=COURSE_DATA, transcripts=TRANSCRIPTS,
                           transcript_driver=TRANSCRIPT_DRIVER,
                           run_python=run_python, replay_transcript=replay_transcript,
                           expected_transcript=expected_transcript)
