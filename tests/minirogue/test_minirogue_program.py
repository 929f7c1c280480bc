"""MiniRogue as a program: piped input, end of input, seeding, arguments, doctests, Python 3.9.

Everything runs as a child process in minirogue/ with TERM unset (screens separated by a plain
newline) unless a test sets it.
"""

import subprocess
import sys
from pathlib import Path

import pytest

MINIROGUE_DIR = Path(__file__).resolve().parents[2] / "minirogue"
STATS_START = b"Dungeon Level: 0, Hit points: "
ANSI_CLEAR = b"\x1b[H\x1b[2J"
DOCTEST_MODULES = ("utilities.py", "Position.py", "GameObject.py", "Actor.py", "Dungeon.py")
TIMEOUT_S = 10


def test_end_of_input_ends_the_game_as_if_q_were_typed(run_piped):
    result = run_piped(b"")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(STATS_START) == 1 and result.stderr == b""


def test_end_of_input_after_some_keys_ends_the_game(run_piped):
    result = run_piped(b"hjklc")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(b"Dungeon Level: 0, ") == 6
    assert b"Strength: 9" in result.stdout.split(b"\n\n")[-2]


def test_end_of_input_in_the_inventory_menu_ends_the_game(run_piped):
    result = run_piped(b"w")
    assert result.returncode == 0, result.stderr
    menu = result.stdout.index(b"Inventory:\n a. short sword\n")
    # The menu reads q (no item), the monsters move, the level is drawn, and the game quits.
    assert result.stdout.count(STATS_START) == 2 and result.stdout.rindex(STATS_START) > menu


def test_the_same_seed_replays_the_same_game(run_piped):
    keys = b"hhhhjjjjkkkkllllc" * 3
    first, again, other = run_piped(keys, seed=11), run_piped(keys, seed=11), \
        run_piped(keys, seed=12)
    assert first.stdout == again.stdout
    assert first.stdout != other.stdout


def test_arrow_key_sequences_move_like_the_letters(run_piped):
    letters = run_piped(b"hlkj" * 3, seed=5)
    arrows = run_piped(b"\x1b[D\x1b[C\x1b[A\x1b[B" * 3, seed=5)
    assert letters.stdout == arrows.stdout


def test_screens_are_cleared_with_ansi_only_on_a_real_terminal_type(run_piped):
    for term, clears in (("xterm", True), ("dumb", False), (None, False)):
        result = run_piped(b"h", seed=3, term=term)
        assert (result.stdout.count(ANSI_CLEAR) == 2) == clears, term
        assert result.stdout.count(STATS_START) == 2


USAGE = "usage: python {} (no arguments; set MINIROGUE_SEED to replay a game)\n"


@pytest.mark.parametrize("program", ["main.py", "run.py"])
def test_arguments_are_refused_with_a_usage_line_naming_the_script_started(run_piped, program):
    # Issue 35: run.py's usage line named main.py.
    result = run_piped(b"", args=(program, "--level", "3"))
    assert (result.stdout, result.stderr.decode(), result.returncode) == (
        b"", USAGE.format(program), 2)


@pytest.mark.parametrize("program", ["main.py", "run.py"])
@pytest.mark.parametrize("option", ["--help", "-h"])
def test_help_prints_the_usage_line_and_exits_0(run_piped, program, option):
    # Issue 35: --help was refused as an unknown argument, with exit status 2.
    result = run_piped(b"", args=(program, option))
    assert (result.stdout.decode(), result.stderr, result.returncode) == (
        USAGE.format(program), b"", 0)


def test_run_py_plays_like_main_py(run_piped):
    keys = b"hjklc"
    assert run_piped(keys, args=("run.py",)).stdout == run_piped(keys).stdout


@pytest.mark.parametrize("module", DOCTEST_MODULES)
def test_doctests_pass(module):
    result = subprocess.run([sys.executable, "-m", "doctest", "-v", module], cwd=MINIROGUE_DIR,
                            capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed and 0 failed." in result.stdout


def test_the_game_runs_on_the_oldest_python(run_piped, python39):
    result = run_piped(b"hjklcgwairb>q", seed=8, python=python39)
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(b"Dungeon Level: 0, ") >= 7


def test_importing_the_modules_runs_nothing():
    code = "import main, run, Game, Dungeon, Actor, GameObject, Position, utilities"
    result = subprocess.run([sys.executable, "-c", code], cwd=MINIROGUE_DIR, input=b"",
                            capture_output=True, timeout=TIMEOUT_S, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")
