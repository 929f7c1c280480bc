"""Solver checks: ``python solver.py BOARD BFS|DFS``, its path replayed here by the grader.

The solver prints ``Path has N moves.`` and ``Path: s, d, d`` (``Path has 1 move.`` is also
accepted), or ``There is no possible path.``. The printed path is replayed by the grader's own
rule simulator (``maze_rules.py``, loaded from this folder; no student code runs here): it
must win, with no move wasted on a wall. BFS must also be optimal: any path of the optimal
length is accepted (CLARIFICATIONS.md gives the lengths on the course boards, which the
sandbox gets as ``course_boards/``); DFS may return any winning path.
"""

import importlib.util
import re
from pathlib import Path
from typing import List, Optional

from autograder import PROJECT_ROOT, StudentCrashed, StudentTimedOut, WrongOutput, check
from autograder.outcome import bounded_int
from autograder.sandbox import Fault

HERE = Path(__file__).resolve().parent
COURSE_BOARDS = PROJECT_ROOT / "acorn_maze" / "boards"
COURSE_BOARDS_IN_SANDBOX = "course_boards"
BOARD_FILE = "board.txt"
# The course asks for fast solvers; these boards take the reference milliseconds.
TIMEOUT_S = 10
STDERR_QUOTE_CHARS = 1500

NO_PATH = "There is no possible path."
LENGTH_LINE = re.compile(r"Path has (\d+) moves?\.")
PATH_LINE = re.compile(r"Path: (.*)")
MOVE_SEPARATOR = ", "

# Shortest path lengths on the course boards (CLARIFICATIONS.md).
COURSE_OPTIMAL = {"simple": 2, "medium": 7, "hard": 25, "super_hard": 27, "bfs_killer": 67}
CORRIDOR = "***\nX Y\n***"
# Stepping down from X onto the left pad lands on the right pad; Y is below its neighbour.
PADS = "**X****\n* 1*1 *\n*****Y*"
# The bucket lies in a dead end: fetching it means walking back over squares already visited.
BUCKET_BEHIND = "**X**\n*W  *\n***F*\n***Y*"
# Y is next to the left pad only; the left pad leads to a walled-in right pad, so the one way
# onto the left pad is to wait on the right one.
WAIT_ON_PAD = "**X***\n*Y1*1*\n******"
FIRE_ONLY = "*X*\n*F*\n*Y*"
# One bucket, two fires in a row: a used water cell gives no second bucket.
ONE_BUCKET_TWO_FIRES = "**X***\n*W FF*\n****Y*"
# A winding board for DFS whose one path (66 moves) is as long as the longest path on the
# course's boards (67, CLARIFICATIONS.md). Longer paths are not demanded: the spec only advises
# against recursion ("Avoid recursion ... your solves may time out"), and a recursive search
# is correct at the course's scale (CLARIFICATIONS.md, "(reference only)" preamble).
SERPENTINE_WIDTH = 12
SERPENTINE_CORRIDORS = 6


def _load_rules():
    """Import this folder's maze_rules.py (check files are not on sys.path)."""
    spec = importlib.util.spec_from_file_location("acorn_maze_suite_maze_rules",
                                                  HERE / "maze_rules.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RULES = _load_rules()


def serpentine(width: int, corridors: int) -> str:
    """Return a board whose one path runs along ``corridors`` corridors of ``width - 2`` squares.

    X is above the first corridor's left end; each corridor opens into the next at
    alternating ends, and Y is below the last opening.
    """
    inner = width - 2
    rows = ["*X" + "*" * inner]
    for number in range(corridors):
        rows.append("*" + " " * inner + "*")
        gap = inner if number % 2 == 0 else 1
        gap_char = "Y" if number == corridors - 1 else " "
        rows.append("*" * gap + gap_char + "*" * (width - gap - 1))
    return "\n".join(rows)


def course_board(name: str) -> str:
    """Return the text of the course board ``name`` (e.g. ``"hard"``)."""
    return (COURSE_BOARDS / f"board_{name}.txt").read_text(encoding="utf-8")


def solve(sandbox, board: str, mode: str, board_path: Optional[str] = None) -> Optional[List[str]]:
    """Run the submission's solver on ``board`` and return the path it printed.

    ``board_path`` names a board already in the sandbox; otherwise ``board`` is written there.
    Returns None when the solver says there is no path.

    Raises:
        StudentTimedOut, StudentCrashed: the solver hung, hit a limit or raised.
        WrongOutput: its output is not in the spec's format.
    """
    files = {} if board_path else {BOARD_FILE: board.encode("utf-8")}
    argv = ["python", "solver.py", board_path or BOARD_FILE, mode]
    command = " ".join(argv)
    result = sandbox.run(argv, files=files)
    stderr = result.stderr.decode("utf-8", "replace")[-STDERR_QUOTE_CHARS:]
    if result.fault is Fault.TIMEOUT:
        raise StudentTimedOut(f"`{command}`: {result.fault_message}")
    if result.fault is not None:
        raise StudentCrashed(f"`{command}`: {result.fault_message}", stderr)
    if "Traceback (most recent call last)" in stderr:
        raise StudentCrashed(f"`{command}` raised an exception", stderr)
    return read_path(result.stdout.decode("utf-8", "replace"), command, stderr)


def read_path(stdout: str, command: str, stderr: str) -> Optional[List[str]]:
    """Return the moves of the solver output ``stdout``, or None for "no possible path".

    Raises:
        WrongOutput: the output is not the two lines, or the one line, the spec gives.
    """
    lines = [line.rstrip() for line in stdout.rstrip().splitlines()]
    if lines == [NO_PATH]:
        return None
    length = LENGTH_LINE.fullmatch(lines[0]) if len(lines) == 2 else None
    path = PATH_LINE.fullmatch(lines[1]) if length else None
    if path is None:
        raise WrongOutput(f"`{command}` did not print 'Path has N moves.' and 'Path: ...' "
                          f"(or '{NO_PATH}')", f"output:\n{stdout[:2000]}\nstderr:\n{stderr}")
    moves = path.group(1).split(MOVE_SEPARATOR)
    if bounded_int(length.group(1)) != len(moves):
        raise WrongOutput(f"`{command}` says the path has {length.group(1)} moves but lists "
                          f"{len(moves)}", stdout[:2000])
    return moves


def require_path(sandbox, board: str, mode: str, optimal: Optional[int],
                 board_path: Optional[str] = None) -> None:
    """Require the solver to print a winning path on ``board`` (of length ``optimal`` if given)."""
    moves = solve(sandbox, board, mode, board_path)
    where = f"solver.py {board_path or BOARD_FILE} {mode} on the board\n{board}\n"
    if moves is None:
        raise WrongOutput(f"{mode} found no path where there is one", where)
    problem = RULES.replay(board, moves)
    if problem is not None:
        raise WrongOutput(f"{mode} printed a path that does not win: {problem}",
                          where + "path: " + MOVE_SEPARATOR.join(moves))
    if optimal is not None and len(moves) != optimal:
        raise WrongOutput(f"{mode} printed a winning path of {len(moves)} moves; the shortest "
                          f"has {optimal}", where + "path: " + MOVE_SEPARATOR.join(moves))


def require_no_path(sandbox, board: str, mode: str) -> None:
    """Require the solver to print exactly "There is no possible path." on ``board``."""
    moves = solve(sandbox, board, mode)
    if moves is not None:
        raise WrongOutput(f"{mode} printed a path where there is none; expected '{NO_PATH}'",
                          f"board:\n{board}\npath: {MOVE_SEPARATOR.join(moves)}")


def require_course_board(sandbox, name: str, mode: str) -> None:
    """Require a winning path (the shortest for BFS) on the course board ``name``."""
    optimal = COURSE_OPTIMAL[name] if mode == "BFS" else None
    require_path(sandbox, course_board(name), mode, optimal,
                 board_path=f"{COURSE_BOARDS_IN_SANDBOX}/board_{name}.txt")


# BFS ----------------------------------------------------------------------------------------

@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_course_board_simple(sandbox):
    """solver BFS: board_simple.txt in 2 moves"""
    require_course_board(sandbox, "simple", "BFS")


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_course_board_medium(sandbox):
    """solver BFS: board_medium.txt in 7 moves"""
    require_course_board(sandbox, "medium", "BFS")


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_course_board_hard(sandbox):
    """solver BFS: board_hard.txt in 25 moves"""
    require_course_board(sandbox, "hard", "BFS")


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_course_board_super_hard(sandbox):
    """solver BFS: board_super_hard.txt in 27 moves"""
    require_course_board(sandbox, "super_hard", "BFS")


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_course_board_bfs_killer(sandbox):
    """solver BFS: board_bfs_killer.txt in 67 moves"""
    require_course_board(sandbox, "bfs_killer", "BFS")


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_corridor(sandbox):
    """solver BFS: a straight corridor, 'Path has 2 moves.'"""
    require_path(sandbox, CORRIDOR, "BFS", 2)


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_teleport(sandbox):
    """solver BFS: a path through a teleport pad"""
    require_path(sandbox, PADS, "BFS", 3)


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_walks_back_for_a_bucket(sandbox):
    """solver BFS: fetching a bucket over squares already visited (state holds buckets)"""
    require_path(sandbox, BUCKET_BEHIND, "BFS", 6)


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_waits_on_a_pad(sandbox):
    """solver BFS: a path that needs waiting on a teleport pad"""
    require_path(sandbox, WAIT_ON_PAD, "BFS", 3)


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_no_path_through_fire(sandbox):
    """solver BFS: 'There is no possible path.' past a fire without water"""
    require_no_path(sandbox, FIRE_ONLY, "BFS")


@check(item="solver_bfs", timeout=TIMEOUT_S)
def test_bfs_used_water_gives_no_second_bucket(sandbox):
    """solver BFS: no path when one bucket must put out two fires (state holds used cells)"""
    require_no_path(sandbox, ONE_BUCKET_TWO_FIRES, "BFS")


# DFS ----------------------------------------------------------------------------------------

@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_course_board_simple(sandbox):
    """solver DFS: a winning path on board_simple.txt"""
    require_course_board(sandbox, "simple", "DFS")


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_course_board_medium(sandbox):
    """solver DFS: a winning path on board_medium.txt"""
    require_course_board(sandbox, "medium", "DFS")


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_course_board_hard(sandbox):
    """solver DFS: a winning path on board_hard.txt"""
    require_course_board(sandbox, "hard", "DFS")


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_course_board_super_hard(sandbox):
    """solver DFS: a winning path on board_super_hard.txt"""
    require_course_board(sandbox, "super_hard", "DFS")


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_course_board_bfs_killer(sandbox):
    """solver DFS: a winning path on board_bfs_killer.txt"""
    require_course_board(sandbox, "bfs_killer", "DFS")


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_long_winding_path(sandbox):
    """solver DFS: a winning path on a winding board as long as the course's longest

    Spec: "Your DFS solver only needs to produce a valid path"; CLARIFICATIONS.md: the longest
    course path is bfs_killer's 67 moves, so nothing longer is demanded.
    """
    require_path(sandbox, serpentine(SERPENTINE_WIDTH, SERPENTINE_CORRIDORS), "DFS", None)


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_walks_back_for_a_bucket(sandbox):
    """solver DFS: a winning path that fetches a bucket from a dead end"""
    require_path(sandbox, BUCKET_BEHIND, "DFS", None)


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_waits_on_a_pad(sandbox):
    """solver DFS: a winning path that needs waiting on a teleport pad"""
    require_path(sandbox, WAIT_ON_PAD, "DFS", None)


@check(item="solver_dfs", timeout=TIMEOUT_S)
def test_dfs_no_path(sandbox):
    """solver DFS: 'There is no possible path.' where none exists"""
    require_no_path(sandbox, ONE_BUCKET_TWO_FIRES, "DFS")
