"""The program: main() on every bundled map, run.py, bad maps, ended input, a silent import.

Everything runs as a real child process in end_of_dayz/, with the actions piped to standard
input (so, unlike the course transcripts, typed lines are not echoed).
"""

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

EOD_DIR = Path(__file__).resolve().parents[2] / "end_of_dayz"
MAP_NAMES = sorted(path.name for path in (EOD_DIR / "maps").glob("*.txt"))
MAP_PROMPT = "Map: "
ACTION_PROMPT = "Enter your next action: "
HOLDING = "The player is currently holding:"
ITEM_LINE = re.compile(r"^(Garlic|Crossbow)\(\d+\)$")
OFFSETS = {"W": (0, -1), "A": (-1, 0), "S": (0, 1), "D": (1, 0)}
TIMEOUT_S = 30


def frame(size, cells):
    """Return the grid drawing the spec asks for: ``cells`` maps (x, y) to a character."""
    border = "#" * (size + 2)
    rows = ["#" + "".join(cells.get((x, y), " ") for x in range(size)) + "#"
            for y in range(size)]
    return "\n".join([border, *rows, border]) + "\n"


def read_map(path):
    """Return (size, cells) of the map file at ``path``, read independently of a2."""
    lines = path.read_text(encoding="utf-8").splitlines()
    cells = {(x, y): char for y, line in enumerate(lines) for x, char in enumerate(line)
             if char != " "}
    return len(lines), cells


def find(cells, char):
    """Return the squares of ``cells`` that hold ``char``."""
    return [square for square, held in cells.items() if held == char]


def path_to_hospital(cells):
    """Return the actions walking the player to the hospital: across first, then down or up."""
    (px, py), (hx, hy) = find(cells, "P")[0], find(cells, "H")[0]
    across = ("D" if hx > px else "A") * abs(hx - px)
    return list(across + ("S" if hy > py else "W") * abs(hy - py))


def parse_turn(text, size):
    """Split one printed turn into its grid cells and the inventory lines after it."""
    lines = text.split("\n")
    assert lines[-1] == ""
    drawn, rest = lines[:size + 2], lines[size + 2:-1]
    assert drawn[0] == drawn[-1] == "#" * (size + 2)
    assert all(len(row) == size + 2 and row[0] == row[-1] == "#" for row in drawn[1:-1])
    cells = {(x, y): char for y, row in enumerate(drawn[1:-1]) for x, char in enumerate(row[1:-1])
             if char != " "}
    if rest:
        assert rest[0] == HOLDING and len(rest) > 1
        assert all(ITEM_LINE.match(line) for line in rest[1:])
    return cells


def run(args, stdin="", python=None):
    """Run ``python args`` in end_of_dayz/; return (stdout, stderr, exit status) as text."""
    result = subprocess.run([python or sys.executable, *args], cwd=EOD_DIR, input=stdin.encode(),
                            capture_output=True, timeout=TIMEOUT_S, check=False)
    return result.stdout.decode(), result.stderr.decode(), result.returncode


def test_main_plays_basic_map_exactly():
    actions = ["S", "S", "S", "D", "D", "D", "D"]
    stdout, stderr, status = run(["a2.py"], "maps/basic.txt\n" + "\n".join(actions) + "\n")
    expected = MAP_PROMPT + frame(5, {(0, 1): "P", (4, 4): "H"})
    for player in [(0, 2), (0, 3), (0, 4), (1, 4), (2, 4), (3, 4)]:
        expected += ACTION_PROMPT + frame(5, {player: "P", (4, 4): "H"})
    expected += ACTION_PROMPT + "You win!\n"
    assert (stdout, stderr, status) == (expected, "", 0)


@pytest.mark.parametrize("map_name", MAP_NAMES)
def test_main_plays_each_bundled_map_by_the_rules(map_name):
    size, start = read_map(EOD_DIR / "maps" / map_name)
    actions = path_to_hospital(start)
    stdout, stderr, status = run(["a2.py"], f"maps/{map_name}\n" + "\n".join(actions) + "\n")
    assert (stderr, status) == ("", 0)
    assert stdout.startswith(MAP_PROMPT + frame(size, start))
    turns = stdout[len(MAP_PROMPT):].split(ACTION_PROMPT)
    ending = turns.pop()
    assert ending in ("You win!\n", "You lose!\n")
    if ending == "You win!\n":
        assert len(turns) == len(actions)
    # Each drawn turn: the player took exactly the typed step, the hospital stayed, and no
    # zombie appeared from nowhere.
    cells = [parse_turn(turn, size) for turn in turns]
    for before, after, action in zip(cells, cells[1:], actions):
        (x, y), (dx, dy) = find(before, "P")[0], OFFSETS[action]
        assert find(after, "P") == [(x + dx, y + dy)]
        assert find(after, "H") == find(start, "H")
        zombies = [char for char in after.values() if char in "ZT"]
        assert len(zombies) <= len([char for char in before.values() if char in "ZT"])


def test_run_py_takes_the_map_as_its_argument():
    stdout, stderr, status = run(["run.py", "maps/basic.txt"], "D\nD\nD\nD\nS\nS\nS\n")
    assert (stderr, status) == ("", 0)
    assert stdout.startswith(frame(5, {(0, 1): "P", (4, 4): "H"}) + ACTION_PROMPT)
    assert stdout.endswith(frame(5, {(4, 3): "P", (4, 4): "H"}) + ACTION_PROMPT + "You win!\n")


def test_run_py_without_arguments_prompts_for_the_map():
    direct = run(["a2.py"], "maps/basic.txt\nD\nW\nS\n")
    assert run(["run.py"], "maps/basic.txt\nD\nW\nS\n") == direct
    assert direct[0].startswith(MAP_PROMPT + "#######\n")


def test_a_full_game_runs_under_the_oldest_python(python39):
    actions = "maps/basic.txt\nS\nS\nS\nD\nD\nD\nD\n"
    assert run(["run.py"], actions, python=python39) == run(["run.py"], actions)


BAD_MAPS = {
    "unknown_token.txt": ("P X\n   \n  H\n", "unknown entity 'X' at line 1, column 3"),
    "too_wide.txt": ("P  H\n    \n", "'H' at line 1, column 4 lies outside the 2 by 2 map"),
    "no_player.txt": ("  \n H\n", "expected one player ('P'), found 0"),
    "two_hospitals.txt": ("PH\nH \n", "expected one hospital ('H'), found 2"),
    "empty.txt": ("", "expected one player ('P'), found 0"),
}


@pytest.mark.parametrize("name", sorted(BAD_MAPS))
@pytest.mark.parametrize("given_as", ["prompt", "argument"])
def test_malformed_map_gives_one_line_and_exit_1(name, given_as, tmp_path):
    text, problem = BAD_MAPS[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    if given_as == "prompt":
        result = run(["a2.py"], f"{path}\n")
    else:
        result = run(["run.py", str(path)])
    prompt = MAP_PROMPT if given_as == "prompt" else ""
    assert result == (prompt, f"Cannot load map {str(path)!r}: {problem}\n", 1)


@pytest.mark.parametrize("path, problem", [
    ("maps/nowhere.txt", "No such file or directory"),
    ("maps", "Is a directory"),
])
def test_unreadable_map_gives_one_line_and_exit_1(path, problem):
    assert run(["a2.py"], path + "\n") == (
        MAP_PROMPT, f"Cannot load map {path!r}: {problem}\n", 1)


def test_map_that_is_not_text_gives_one_line_and_exit_1(tmp_path):
    path = tmp_path / "binary.txt"
    path.write_bytes(b"\xff\xfeP\x00")
    stdout, stderr, status = run(["run.py", str(path)])
    assert (stdout, status) == ("", 1)
    assert stderr.startswith(f"Cannot load map {str(path)!r}: ") and stderr.count("\n") == 1
    assert "decode" in stderr


@pytest.mark.parametrize("stdin, message", [
    ("", "Input ended before a map was given.\n"),
    ("maps/basic.txt\nS\n", "Input ended before the game was over.\n")])
def test_input_ending_early_gives_one_line_and_exit_1(stdin, message):
    stdout, stderr, status = run(["a2.py"], stdin)
    assert (stderr, status) == (message, 1)
    assert stdout.endswith(MAP_PROMPT if not stdin else ACTION_PROMPT)


@pytest.mark.parametrize("script", ["a2.py", "run.py"])
def test_more_than_one_argument_is_a_usage_error(script):
    assert run([script, "maps/basic.txt", "extra"]) == (
        "", f"Usage: python {script} [MAP_FILE]\n", 2)


@pytest.mark.parametrize("script", ["a2.py", "run.py"])
@pytest.mark.parametrize("option", ["--help", "-h"])
def test_help_prints_the_usage_line_and_exits_0(script, option):
    # Issue 35: --help was taken for a map ("Cannot load map '--help': ...").
    assert run([script, option]) == (f"Usage: python {script} [MAP_FILE]\n", "", 0)


def test_ctrl_c_at_a_prompt_exits_130_without_a_traceback():
    # A test run started in the background ignores SIGINT, and so would the child: it takes
    # Ctrl-C as a terminal's foreground program does.
    child = subprocess.Popen([sys.executable, "a2.py"], cwd=EOD_DIR, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert child.stdout.read(len(MAP_PROMPT)) == MAP_PROMPT.encode()
        child.send_signal(signal.SIGINT)
        _, stderr = child.communicate(timeout=TIMEOUT_S)
    finally:
        child.kill()
    assert child.returncode == 130
    assert b"Traceback" not in stderr


@pytest.mark.parametrize("module", ["a2", "a2_support", "run"])
def test_importing_prints_nothing(module):
    assert run(["-c", f"import {module}"]) == ("", "", 0)


def test_a2_binds_no_class_it_did_not_define_but_the_support_modules():
    # Issue 18: the course's suite wants a docstring on every method of every class bound
    # in a2, imported ones included; collections.Counter failed it.
    stdout, _, status = run(["-c", "import inspect, a2\nprint(sorted(n for n, o in vars(a2).items()"
                                   " if inspect.isclass(o) and o.__module__ not in "
                                   "('a2', 'a2_support')))"])
    assert (stdout, status) == ("[]\n", 0)
