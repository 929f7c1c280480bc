"""Fixtures for the acorn maze tests: the reference folder and running its programs.

Acorn modules import their siblings by bare name, so every test runs them in a child
process with the working directory set to the folder being tested.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ACORN_DIR = ROOT / "acorn_maze"
TIMEOUT_S = 60

# Replays moves through the Game of the folder it runs in; prints a JSON summary.
REPLAY_DRIVER = """
import json, sys
from game import Game
from game_parser import read_lines
game = Game(read_lines(sys.argv[1]))
moves = sys.argv[2].split(", ") if sys.argv[2] else []
ended_early = False
for move in moves:
    if game.is_over():
        ended_early = True
        break
    game.game_move(move)
print(json.dumps({"won": game.is_won(), "recorded": game.moves(), "ended_early": ended_early}))
"""


def run_in(folder, args, stdin=b"", python=None, env=None):
    """Run ``python args...`` in ``folder`` with bytes ``stdin``; return the CompletedProcess."""
    return subprocess.run([python or sys.executable, *map(str, args)], cwd=folder, input=stdin,
                          capture_output=True, timeout=TIMEOUT_S, env=env, check=False)


@pytest.fixture
def acorn():
    """Return a function running an acorn program in the reference folder."""
    def run(args, stdin=b"", python=None, env=None):
        return run_in(ACORN_DIR, args, stdin, python, env)
    return run


@pytest.fixture
def replay():
    """Return a function replaying a move list on a board through the reference Game.

    It returns the JSON summary: ``won``, the ``recorded`` moves, and ``ended_early`` when
    the game ended before the last move.
    """
    def run(board, moves):
        result = run_in(ACORN_DIR, ["-c", REPLAY_DRIVER, board, ", ".join(moves)])
        assert result.returncode == 0, result.stderr.decode()
        return json.loads(result.stdout)
    return run


@pytest.fixture
def board_file(tmp_path):
    """Return a function writing board text to a new file and returning its path."""
    count = [0]

    def write(text, name=None):
        count[0] += 1
        path = tmp_path / (name or "board{}.txt".format(count[0]))
        path.write_bytes(text.encode("utf-8"))
        return path
    return write
