"""The acorn maze suite: full marks for the reference, lost points for every broken variant.

Each variant in the suite's variants.py must lose points in the rubric item it names, without a
grader error. Grading one submission takes a few seconds, so only one variant per rubric item
runs by default; the rest are marked slow (run them with ``-m slow``).
"""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from variantkit import build_variant, import_file

from autograder import Status, find_suite, grade
from autograder.report import render_text

HERE = Path(__file__).resolve().parent
ACORN_DIR = HERE.parents[1] / "acorn_maze"
SUITE = find_suite("acorn_maze")
COURSE_TEST = SUITE.directory / "course_test"
# One variant per rubric item runs by default.
REPRESENTATIVES = {"parse_checks_out_of_order", "bucket_wording_always_plural",
                   "push_back_teleports_again", "solver_visited_by_square",
                   "dfs_mode_rejected", "missing_file_traceback"}
# The shortest path on board_hard.txt as the course data lists it.
HARD_PATH = ("s, d, d, d, d, s, s, w, w, d, d, d, a, a, s, s, d, d, d, d, s, s, s, s, s"
             .split(", "))


VARIANTS_MODULE = import_file("acorn_maze_suite_test_variants", SUITE.directory / "variants.py")
VARIANTS = VARIANTS_MODULE.VARIANTS
RULES = import_file("acorn_maze_suite_test_rules", SUITE.directory / "maze_rules.py")


def variant_params():
    """Return one pytest param per variant, all but the representatives marked slow."""
    return [pytest.param(name, marks=() if name in REPRESENTATIVES else pytest.mark.slow)
            for name in sorted(VARIANTS)]


def score_of(result, item_id):
    """Return the points ``result`` awarded for the rubric item ``item_id``."""
    return next(score.awarded for score in result.scores if score.item.id == item_id)


def test_reference_scores_full_auto_marks():
    result = grade(SUITE, ACORN_DIR)
    assert not result.grader_errors, render_text(result)
    assert result.auto_score == SUITE.auto_points == 22, render_text(result)
    assert all(outcome.status is Status.PASSED for outcome in result.outcomes), \
        render_text(result)
    assert {outcome.item for outcome in result.outcomes} == {item.id for item in SUITE.rubric}
    assert result.notes == []
    findings = next(score.findings for score in result.scores if score.item.id == "code_quality")
    assert any(re.fullmatch(r"own unit tests \(test_\*\.py\): (\d+) of \1 pass", finding)
               for finding in findings), findings
    assert any(re.fullmatch(r"own end-to-end tests \(tests_e2e/\): (\d+) of \1 pass", finding)
               for finding in findings), findings
    assert any(finding.startswith("line coverage of the seven modules") for finding in findings)


def test_every_rubric_item_is_lost_by_a_representative():
    assert {VARIANTS[name].loses for name in REPRESENTATIVES} == {
        item.id for item in SUITE.rubric if item.points}


@pytest.mark.parametrize("name", variant_params())
def test_variant_loses_points_in_its_item(name, tmp_path):
    variant = VARIANTS[name]
    result = grade(SUITE, build_variant(variant, ACORN_DIR, tmp_path / "variant"))
    assert not result.grader_errors, render_text(result)
    item = SUITE.item(variant.loses)
    assert score_of(result, variant.loses) < item.points, render_text(result)


@pytest.mark.parametrize("name", sorted(VARIANTS_MODULE.ACCEPTED))
def test_a_choice_the_course_allows_keeps_every_check(name, tmp_path):
    variant = VARIANTS_MODULE.ACCEPTED[name]
    result = grade(SUITE, build_variant(variant, ACORN_DIR, tmp_path / name))
    assert result.auto_score == SUITE.auto_points, (variant.why, render_text(result))
    graded = {item.id for item in SUITE.rubric if item.points}
    assert [o.name for o in result.outcomes if o.item in graded and not o.passed] == [], (
        variant.why, render_text(result))


def test_empty_submission_scores_nothing_and_breaks_no_check(tmp_path):
    result = grade(SUITE, tmp_path)
    assert not result.grader_errors, render_text(result)
    assert result.auto_score == 0
    assert len(result.notes) == len(SUITE.required_files)



def test_a_length_too_long_to_read_is_a_wrong_answer_not_a_grader_error(tmp_path):
    # Issue 34, item 6: a solver that printed a 5,000-digit length broke the check on the
    # grader's side (Python refuses to convert it), which held the check and kept half a
    # point it did not earn. Its honest twin is the reference, which scores full marks.
    folder = tmp_path / "student"
    shutil.copytree(ACORN_DIR, folder)
    solver = folder / "solver.py"
    solver.write_text(solver.read_text().replace('PATH_LENGTH_LINE = "Path has {} moves."',
                                                 'PATH_LENGTH_LINE = "Path has 9{}" + "9" * 5000'
                                                 ' + " moves."'))
    result = grade(SUITE, folder)
    assert not result.grader_errors, render_text(result)
    solver_checks = [o for o in result.outcomes if o.item in ("solver_bfs", "solver_dfs")]
    failed = [o for o in solver_checks if not o.passed]
    assert failed and all(o.status is Status.WRONG for o in failed), render_text(result)
    assert sum(s.awarded for s in result.scores if s.item.id in ("solver_bfs", "solver_dfs")) < 5


def test_course_sample_is_the_one_the_reference_reproduces():
    for name in ("1.config", "1.in", "1.out"):
        assert (COURSE_TEST / name).read_bytes() == (
            ACORN_DIR / "tests_e2e" / "1" / name).read_bytes()


def test_replay_accepts_a_shortest_path_on_the_hard_board():
    board = (ACORN_DIR / "boards" / "board_hard.txt").read_text()
    assert RULES.replay(board, HARD_PATH) is None
    assert RULES.replay(board, [move.upper() for move in HARD_PATH]) is None


@pytest.mark.parametrize("board, moves, problem", [
    ("***\nX Y\n***", ["w", "d", "d"], "move 1 (w) walks into a wall"),
    ("***\nX Y\n***", ["a", "d", "d"], "move 1 (a) walks into a wall"),
    ("***\nX Y\n***", ["d"], "the path ends before the acorn reaches Y"),
    ("***\nX Y\n***", ["d", "x"], "move 2 ('x') is not one of"),
    ("*X*\n*Y*\n* *", ["s", "s"], "move 1 (s) already reaches Y"),
    ("*X***\n* F *\n***Y*", ["s", "d", "d", "s"], "move 2 (d) steps into the fire"),
    ("**X***\n*W FF*\n****Y*", ["s", "a", "d", "a", "d", "d", "d", "s"],
     "move 7 (d) steps into the fire"),
])
def test_replay_names_what_is_wrong(board, moves, problem):
    assert RULES.replay(board, moves).startswith(problem)


@pytest.mark.parametrize("board, moves", [
    ("**X****\n* 1*1 *\n*****Y*", ["s", "d", "s"]),
    ("**X***\n*Y1*1*\n******", ["s", "e", "a"]),
    ("**X**\n*W  *\n***F*\n***Y*", ["s", "a", "d", "d", "s", "s"]),
    ("***\nX Y\n***\n", ["e", "d", "d"]),
    ("***\r\nX Y\r\n***\r\n", ["d", "d"]),
])
def test_replay_accepts_winning_paths(board, moves):
    assert RULES.replay(board, moves) is None


PLAIN_TESTS = '''
from game_parser import parse


def test_parse_keeps_rows():
    assert len(parse(["*X*", "*Y*"])) == 2


def test_parse_gets_it_wrong():
    assert len(parse(["*X*", "*Y*"])) == 3


def test_needs_a_fixture(tmp_path):
    assert tmp_path


class TestPlain:
    def test_rows_are_lists(self):
        assert isinstance(parse(["*X*", "*Y*"])[0], list)
'''


def test_own_tests_findings_count_plain_and_pytest_style_tests(tmp_path):
    folder = tmp_path / "submission"
    folder.mkdir()
    for name in SUITE.required_files:
        (folder / name).write_bytes((ACORN_DIR / name).read_bytes())
    (folder / "test_plain.py").write_text(PLAIN_TESTS)
    (folder / "test_uses_pytest.py").write_text("import pytest\n")
    case = folder / "tests_e2e" / "win"
    case.mkdir(parents=True)
    (case / "win.config").write_text("*X*\n*Y*\n")
    (case / "win.in").write_text("s\n")
    (case / "win.out").write_text("not what run.py prints\n")
    result = grade(SUITE, folder)
    findings = next(score.findings for score in result.scores if score.item.id == "code_quality")
    assert not result.grader_errors and result.auto_score == SUITE.auto_points
    assert "own unit tests (test_*.py): 2 of 3 pass" in findings
    assert ("own unit tests (test_*.py) failing: test_plain.test_parse_gets_it_wrong "
            "(AssertionError)") in findings
    assert ("own unit tests (test_*.py) not run: test_plain.test_needs_a_fixture (needs pytest "
            "fixtures), test_uses_pytest.py (needs pytest, which the sandbox does not have)"
            ) in findings
    assert "own end-to-end tests (tests_e2e/): 0 of 1 pass" in findings
    assert "no test_e2e.sh" in findings


TRACE_ORACLE = """
import dis, json, sys, trace, types, unittest

def line_starts(code):
    lines = {line for _, line in dis.findlinestarts(code) if line}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            lines |= line_starts(const)
    return lines

def run():
    unittest.TestLoader().loadTestsFromName("test_grid").run(unittest.TestResult())

tracer = trace.Trace(count=1, trace=0, ignoredirs=[sys.prefix, sys.exec_prefix])
tracer.runfunc(run)
hit = {}
for (filename, line) in tracer.results().counts:
    hit.setdefault(filename.rsplit("/", 1)[-1], set()).add(line)
counts = {}
for name in sys.argv[1:]:
    with open(name) as source:
        lines = line_starts(compile(source.read(), name, "exec"))
    counts[name] = [len(lines & hit.get(name, set())), len(lines)]
print(json.dumps(counts))
"""


def test_line_coverage_agrees_with_the_standard_librarys_trace(tmp_path):
    # Issue 19: the own-tests probe records lines with a trace hook on the seven modules only
    # instead of the trace module; its figures must be the ones trace itself gives.
    folder = tmp_path / "submission"
    folder.mkdir()
    for name in SUITE.required_files + ["test_grid.py"]:
        (folder / name).write_bytes((ACORN_DIR / name).read_bytes())
    modules = ["cells.py", "game.py", "game_parser.py", "grid.py", "player.py", "run.py",
               "solver.py"]
    oracle = subprocess.run([sys.executable, "-c", TRACE_ORACLE, *modules], cwd=folder,
                            capture_output=True, text=True, check=True)
    counts = json.loads(oracle.stdout)
    hit, lines = (sum(pair[index] for pair in counts.values()) for index in (0, 1))
    each = ", ".join(f"{name} {100 * got // total}%" for name, (got, total) in counts.items())
    assert 0 < hit < lines
    result = grade(SUITE, folder)
    findings = next(score.findings for score in result.scores if score.item.id == "code_quality")
    assert (f"line coverage of the seven modules by these tests (line trace): "
            f"{100 * hit // lines}% ({hit} of {lines} lines); {each}") in findings, findings
