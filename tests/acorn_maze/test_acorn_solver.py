"""The acorn maze solver: optimal BFS, valid DFS, no-path boards, and the board generator.

Paths are checked twice: replayed through the reference Game, and against a separate,
deliberately plain model of the rules written here, which also gives the shortest lengths of
generated boards by brute force.
"""

import json
from pathlib import Path

import pytest
from variantkit import import_file

ROOT = Path(__file__).resolve().parents[2]
# The project's byte-for-byte copies of the course boards (checked against
# ../shared by test_acorn_reference.py when that folder is present).
COURSE_BOARDS = ROOT / "acorn_maze" / "boards"
OPTIMAL_LENGTHS = {"simple": 2, "medium": 7, "hard": 25, "super_hard": 27, "bfs_killer": 67}
NO_PATH = b"There is no possible path.\n"
OFFSETS = {"w": (-1, 0), "a": (0, -1), "s": (1, 0), "d": (0, 1), "e": (0, 0)}
GENERATED_BOARDS = 40

# Solves each board of a JSON list read from stdin in both modes; prints the paths as JSON.
SOLVE_MANY_DRIVER = """
import json, sys
from game_parser import parse
from solver import solve
boards = json.load(sys.stdin)
print(json.dumps([[solve(parse(board.split("\\n")), mode) for mode in (True, False)]
                  for board in boards]))
"""


BOARDGEN = import_file("acorn_boardgen", ROOT / "benchmarks" / "acorn_boardgen.py")


class PlainRules:
    """The game's rules written out directly on board text, independent of the reference."""

    def __init__(self, text):
        self.rows = text.split("\n")
        self.pads = {}
        for row, line in enumerate(self.rows):
            for col, char in enumerate(line):
                if char == "X":
                    self.start = (row, col)
                if char.isdigit():
                    self.pads.setdefault(char, []).append((row, col))

    def char(self, row, col):
        inside = 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row])
        return self.rows[row][col] if inside else "*"

    def step(self, state, move):
        """Return the state after ``move``, "win", "burnt", or None for a wall."""
        row, col, buckets, used = state
        row, col = row + OFFSETS[move][0], col + OFFSETS[move][1]
        char = self.char(row, col)
        if (row, col) in used:
            char = " "
        if char == "*":
            return None
        if char == "Y":
            return "win"
        if char.isdigit():
            first, second = self.pads[char]
            row, col = second if (row, col) == first else first
        elif char == "W":
            buckets, used = buckets + 1, used | {(row, col)}
        elif char == "F":
            if buckets == 0:
                return "burnt"
            buckets, used = buckets - 1, used | {(row, col)}
        return (row, col, buckets, used)

    def initial(self):
        return (self.start[0], self.start[1], 0, frozenset())

    def wins_with(self, path):
        """Return True when ``path`` wins on its last move and no move hits a wall."""
        state = self.initial()
        for index, move in enumerate(path):
            state = self.step(state, move)
            if state == "win":
                return index == len(path) - 1
            if state in (None, "burnt"):
                return False
        return False

    def shortest_length(self):
        """Return the length of a shortest winning path by plain BFS, or None."""
        frontier, seen, depth = [self.initial()], {self.initial()}, 0
        while frontier:
            depth += 1
            next_frontier = []
            for state in frontier:
                for move in OFFSETS:
                    after = self.step(state, move)
                    if after == "win":
                        return depth
                    if isinstance(after, tuple) and after not in seen:
                        seen.add(after)
                        next_frontier.append(after)
            frontier = next_frontier
        return None


def parse_solver_output(stdout):
    """Return the path printed by solver.py, checking both lines' format."""
    lines = stdout.decode().split("\n")
    assert len(lines) == 3 and lines[2] == "", stdout
    count = int(lines[0][len("Path has "):-len(" moves.")])
    assert lines[0] == "Path has {} moves.".format(count)
    assert lines[1].startswith("Path: ")
    path = lines[1][len("Path: "):].split(", ")
    assert len(path) == count
    return path


@pytest.mark.parametrize("name", sorted(OPTIMAL_LENGTHS))
def test_bfs_prints_a_shortest_path_that_wins(acorn, replay, name):
    board = COURSE_BOARDS / "board_{}.txt".format(name)
    result = acorn(["solver.py", board, "BFS"])
    path = parse_solver_output(result.stdout)
    assert len(path) == OPTIMAL_LENGTHS[name]
    assert replay(board, path) == {"won": True, "recorded": path, "ended_early": False}
    assert PlainRules(board.read_text()).wins_with(path)


@pytest.mark.parametrize("name", sorted(OPTIMAL_LENGTHS))
def test_dfs_prints_a_path_that_wins(acorn, replay, name):
    board = COURSE_BOARDS / "board_{}.txt".format(name)
    path = parse_solver_output(acorn(["solver.py", board, "DFS"]).stdout)
    assert replay(board, path) == {"won": True, "recorded": path, "ended_early": False}


@pytest.mark.parametrize("board", [
    "*X*\n*F*\n*Y*",
    "**X***\n*W FF*\n****Y*",
    "*X***\n* * *\n***Y*",
    "*X****\n*1** *\n****1*\n*****Y",
])
@pytest.mark.parametrize("mode", ["BFS", "DFS"])
def test_no_possible_path(acorn, board_file, board, mode):
    result = acorn(["solver.py", board_file(board), mode])
    assert result.stdout == NO_PATH and result.returncode == 0


def test_bfs_matches_brute_force_on_generated_boards(acorn):
    boards = ["\n".join(BOARDGEN.generate(size=9 + 2 * (seed % 4), buckets=1 + seed % 4,
                                          fires=2 + seed % 5, teleports=seed % 3,
                                          loops=seed % 6, seed=seed))
              for seed in range(GENERATED_BOARDS)]
    result = acorn(["-c", SOLVE_MANY_DRIVER], json.dumps(boards).encode())
    assert result.returncode == 0, result.stderr.decode()
    solvable = 0
    for board, (bfs_path, dfs_path) in zip(boards, json.loads(result.stdout)):
        rules = PlainRules(board)
        shortest = rules.shortest_length()
        assert (bfs_path is None) == (shortest is None) == (dfs_path is None), board
        if shortest is not None:
            solvable += 1
            assert len(bfs_path) == shortest, board
            assert rules.wins_with(bfs_path) and rules.wins_with(dfs_path), board
    assert solvable >= GENERATED_BOARDS // 4


@pytest.mark.parametrize("mode", ["BFS", "DFS"])
def test_long_paths_need_no_recursion(acorn, replay, board_file, mode):
    rows = ["*X" + "*" * 39]
    for corridor in range(40):
        rows.append("*" + " " * 39 + "*")
        gap = 39 if corridor % 2 == 0 else 1
        rows.append("".join(("Y" if corridor == 39 else " ") if col == gap else "*"
                            for col in range(41)))
    board = board_file("\n".join(rows))
    path = parse_solver_output(acorn(["solver.py", board, mode]).stdout)
    assert len(path) == 1600
    assert replay(board, path)["won"]


def test_a_full_size_generated_board_is_solved_in_both_modes(acorn, board_file):
    text = "\n".join(BOARDGEN.generate(121, 12, 14, 4, 1000, 1))
    board = board_file(text)
    bfs = parse_solver_output(acorn(["solver.py", board, "BFS"]).stdout)
    dfs = parse_solver_output(acorn(["solver.py", board, "DFS"]).stdout)
    rules = PlainRules(text)
    assert rules.wins_with(bfs) and rules.wins_with(dfs)
    assert len(bfs) <= len(dfs)


def test_generator_is_seeded_and_places_what_was_asked():
    rows = BOARDGEN.generate(31, 5, 6, 3, 20, 11)
    assert rows == BOARDGEN.generate(31, 5, 6, 3, 20, 11)
    assert rows != BOARDGEN.generate(31, 5, 6, 3, 20, 12)
    text = "".join(rows)
    assert len(rows) == 31 and {len(row) for row in rows} == {31}
    counts = {char: text.count(char) for char in "XYWF123"}
    assert counts == {"X": 1, "Y": 1, "W": 5, "F": 6, "1": 2, "2": 2, "3": 2}
    assert rows[0].replace("X", "*") == rows[-1].replace("Y", "*") == "*" * 31
    assert all(row[0] == row[-1] == "*" for row in rows)
