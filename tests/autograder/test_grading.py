"""The engine end to end: the example suite graded against one submission per defect kind.

Every defect must cost exactly the points of the checks it breaks, with the status that
names what happened, and the grader must survive it.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import uuid
from pathlib import Path
from typing import Dict, Tuple

import jsonschema
import pytest

from autograder import PROJECT_ROOT, GradingError, Status, grade, plugin
from autograder.checks import MAX_ATTACHMENT_BYTES, Attachments
from autograder.records import Finding
from autograder.report import gradescope_results, render_text
from autograder.sandbox import RAM_TEMP_DIR, IsolationLevel, Sandbox, detect_isolation
from autograder.sandboxes import SharedBudget
from autograder.suite import load_suite
from autograder.workers import WorkerLost

HERE = Path(__file__).resolve().parent
SUITE = load_suite(HERE / "example_suite")
CORRECT = HERE / "submissions" / "correct"
SCHEMA = json.loads((HERE / "gradescope_results.schema.json").read_text())

# A submission whose every import sleeps this long, graded with this time budget: the
# grading takes longer on the wall clock than the budget, its runs far less CPU time.
SLEEP_S = 0.5
SLEEPY_BUDGET_S = 1.5

# file -> None (delete it), a string (its whole new text) or (old, new) edits.
Changes = Dict[str, object]

DEFECTS: Dict[str, Tuple[Changes, float, Dict[str, Status]]] = {
    "wrong_output": (
        {"main.py": [("print(sum(", "print(1 + sum(")]}, 6,
        {"main.py prints the sum of its input": Status.WRONG}),
    "exception": (
        {"calc.py": [("return a + b", "return (a + b) / 0")]}, 6 - 2 + 2,
        {"add() returns the sum of two numbers": Status.CRASHED}),
    "infinite_loop": (
        {"calc.py": [("return self._value", "while True:\n            pass")]}, 4 + 2,
        {"Counter counts up from zero": Status.TIMED_OUT}),
    "syntax_error": (
        {"calc.py": [("def add(a, b):", "def add(a, b)")]}, 2,
        {"add() returns the sum of two numbers": Status.CRASHED,
         "calc.py defines Counter with increment and value": Status.WRONG}),
    "missing_file": (
        {"calc.py": None}, 2,
        {"calc.py defines Counter with increment and value": Status.NOT_RUN,
         "Counter counts up from zero": Status.CRASHED}),
    "missing_method": (
        {"calc.py": [("    def value(self):", "    def total(self):")]}, 3 + 2,
        {"Counter counts up from zero": Status.WRONG,
         "calc.py defines Counter with increment and value": Status.WRONG}),
    "huge_output": (
        {"main.py": [("    source =", "    print('x' * 10_000_000)\n    source =")]}, 6,
        {"main.py prints the sum of its input": Status.CRASHED}),
    "exit_at_import": (
        {"calc.py": [('"""A correct', 'import sys\nsys.exit(0)\n"""A correct')]}, 1 + 2,
        {"add() returns the sum of two numbers": Status.CRASHED,
         "Counter counts up from zero": Status.CRASHED}),
}


def make_submission(tmp_path: Path, changes: Changes) -> Path:
    """Copy the correct submission into ``tmp_path`` and apply ``changes`` to it."""
    folder = tmp_path / "submission"
    shutil.copytree(CORRECT, folder)
    for name, change in changes.items():
        path = folder / name
        if change is None:
            path.unlink()
        elif isinstance(change, str):
            path.write_text(change)
        else:
            text = path.read_text()
            for old, new in change:
                assert text.count(old) == 1, (name, old)
                text = text.replace(old, new)
            path.write_text(text)
    return folder


def statuses(result) -> Dict[str, Status]:
    """Return each check's status by name."""
    return {outcome.name: outcome.status for outcome in result.outcomes}


def test_correct_submission_scores_full_marks():
    result = grade(SUITE, CORRECT)
    assert [o.status for o in result.outcomes] == [Status.PASSED] * len(result.outcomes)
    assert len(result.outcomes) == 7
    assert result.auto_score == SUITE.auto_points == 8
    assert [s.awarded for s in result.scores] == [6, 2, 0]
    assert result.scores[2].needs_review and result.scores[2].findings == []
    assert result.notes == []


@pytest.mark.parametrize("defect", sorted(DEFECTS))
def test_each_defect_costs_exactly_its_checks(tmp_path, defect):
    changes, expected_score, expected_statuses = DEFECTS[defect]
    result = grade(SUITE, make_submission(tmp_path, changes))
    found = statuses(result)
    for name, status in expected_statuses.items():
        assert found[name] is status, (name, found[name], render_text(result))
    assert result.auto_score == expected_score, render_text(result)
    assert not result.grader_errors
    jsonschema.validate(gradescope_results(result), SCHEMA)


def test_timeout_is_reported_with_its_limit(tmp_path):
    changes, _, _ = DEFECTS["infinite_loop"]
    report = render_text(grade(SUITE, make_submission(tmp_path, changes)))
    assert "Counter counts up from zero: timed out after 1 s" in report



@pytest.mark.parametrize("jobs", [1, 2])
def test_a_module_that_hangs_at_import_costs_one_wait_per_worker(tmp_path, jobs):
    # Issue 34, item 7: an a2.py that looped forever when imported took 154 s to grade,
    # every check waiting its whole limit in turn. After the first check that times out,
    # the graded modules are imported alone; when that hangs too, every later check that
    # runs the submission is timed out at once with that one cause.
    hang = "import time\nwhile True:\n    time.sleep(0.05)\n"
    result = grade(SUITE, make_submission(tmp_path, {"calc.py": [('"""A correct',
                                                                  hang + '"""A correct')]}),
                   jobs=jobs)
    static = ("calc.py defines Counter with increment and value",)
    ran = [o for o in result.outcomes if o.name not in static and o.item != "style"]
    assert {o.status for o in ran} == {Status.TIMED_OUT}, render_text(result)
    cause = [o for o in ran if o.message.startswith("not run: importing calc.py alone")]
    assert len(cause) >= len(ran) - jobs and all(o.duration_s == 0 for o in cause)
    assert not result.grader_errors


def test_a_check_that_times_out_on_its_own_leaves_the_others_to_run(tmp_path):
    # The twin: calc.py imports in time, so a slow method costs its own checks only.
    changes, expected_score, _ = DEFECTS["infinite_loop"]
    result = grade(SUITE, make_submission(tmp_path, changes))
    assert not [o for o in result.outcomes if o.message.startswith("not run: importing")]
    assert result.auto_score == expected_score



def test_a_submission_without_any_required_file_gets_one_line(tmp_path):
    # Issue 35: an empty or misnamed submission got every check's failure, one by one.
    folder = tmp_path / "misnamed"
    folder.mkdir()
    (folder / "Calc.PY").write_text("def add(a, b):\n    return a + b\n")
    result = grade(SUITE, folder)
    cause = ("not run: the submission has none of the files the assignment asks for "
             "(calc.py, main.py)")
    assert {(o.status, o.message) for o in result.outcomes} == {(Status.NOT_RUN, cause)}
    report = render_text(result)
    assert "No check ran: the submission has none of the files" in report
    assert len(report.splitlines()) < 15, report
    assert result.auto_score == 0 and not result.grader_errors


def test_a_submission_with_one_of_its_files_runs_every_check(tmp_path):
    # The twin: main.py alone is handed in, so the checks run and fail on their own.
    result = grade(SUITE, make_submission(tmp_path, {"calc.py": None}))
    assert not [o for o in result.outcomes if "has none of the files" in o.message]
    assert any(o.passed for o in result.outcomes) or any(
        o.status is not Status.NOT_RUN for o in result.outcomes)


def test_wrong_output_report_shows_diff_and_input(tmp_path):
    changes, _, _ = DEFECTS["wrong_output"]
    result = grade(SUITE, make_submission(tmp_path, changes))
    failed = [o for o in result.outcomes if o.name == "main.py prints the sum of its input"][0]
    assert "-15\n+16\n" in failed.detail
    assert "input given:\n    4\n    5\n    6" in failed.detail


def test_attachment_names_are_plain_and_sizes_bounded():
    store = []
    attachments = Attachments("a check", store)
    attachments.add("frame.png", b"data")
    assert [(a.name, a.data, a.check) for a in store] == [("frame.png", b"data", "a check")]
    for name in ("", "..", "../x.png", "dir/x.png", "/etc/passwd"):
        with pytest.raises(ValueError, match="plain file name"):
            attachments.add(name, b"")
    with pytest.raises(ValueError, match="bytes, more than"):
        attachments.add("big.bin", bytes(MAX_ATTACHMENT_BYTES + 1))


def test_failed_assert_reports_its_message(tmp_path):
    changes = {"calc.py": [("return a + b", "return a - b")]}
    result = grade(SUITE, make_submission(tmp_path, changes))
    failed = [o for o in result.outcomes if o.name == "add() returns the sum of two numbers"][0]
    assert (failed.status, failed.message) == (
        Status.WRONG, "add(2, 3), add(-1, 1) gave [-1, -2], expected [5, 0]")


def test_doctest_failure_shows_first_failing_example(tmp_path):
    changes = {"calc.py": [("self._value += step", "self._value += 2 * step")]}
    result = grade(SUITE, make_submission(tmp_path, changes))
    failed = [o for o in result.outcomes if o.name == "Counter counts up from zero"][0]
    assert failed.status is Status.WRONG
    assert failed.message == "1 of 6 examples failed"
    assert failed.detail == ">>> c.value()\nexpected:\n    2\ngot:\n    4\n"


def test_missing_required_file_is_noted(tmp_path):
    result = grade(SUITE, make_submission(tmp_path, {"calc.py": None}))
    assert result.notes == ["required file calc.py is missing"]


def test_style_findings_are_advisory(tmp_path):
    changes = {"calc.py": [('        """Return the count."""\n', "")]}
    result = grade(SUITE, make_submission(tmp_path, changes))
    style = result.scores[2]
    assert style.awarded == 0 and style.needs_review
    assert style.finding_records == [
        Finding("calc.py", 22, "Counter.value has no docstring or comment")]
    assert result.auto_score == 8


def available_levels():
    """Return the isolation levels this machine provides, strongest first."""
    levels = list(IsolationLevel)
    return levels[levels.index(detect_isolation()):]


@pytest.mark.parametrize("level", available_levels(), ids=lambda level: level.value)
def test_every_isolation_level_grades_alike_and_is_reported(tmp_path, level):
    changes, expected_score, _ = DEFECTS["infinite_loop"]
    result = grade(SUITE, make_submission(tmp_path, changes), level)
    assert result.isolation is level
    assert result.auto_score == expected_score
    assert f"isolation: {level.value};" in render_text(result)


def test_time_budget_bounds_a_submission_that_hangs_everywhere(tmp_path):
    changes = {"calc.py": [('"""A correct', 'while True:\n    pass\n"""A correct')]}
    result = grade(SUITE, make_submission(tmp_path, changes), time_budget_s=1.5)
    found = statuses(result)
    assert found["add() returns the sum of two numbers"] is Status.TIMED_OUT
    assert found["calc.py defines Counter with increment and value"] is Status.PASSED
    budget = [o for o in result.outcomes if "time budget" in o.message]
    assert budget and all(o.status is Status.TIMED_OUT for o in budget)
    # Only the static check scores: the program checks come after the budget ran out.
    assert found["main.py prints the sum of its input"] is Status.TIMED_OUT
    assert result.auto_score == 1


def test_time_budget_counts_cpu_time_not_the_wall_clock(tmp_path):
    """Runs that sleep use their CPU time of the budget, not their wall time: a grading that
    takes longer than the budget on the wall clock loses no check for it (the time rule)."""
    changes = {"calc.py": [('"""A correct', f'import time\ntime.sleep({SLEEP_S})\n"""A correct')]}
    result = grade(SUITE, make_submission(tmp_path, changes), time_budget_s=SLEEPY_BUDGET_S)
    assert result.duration_s > SLEEPY_BUDGET_S
    assert [o.status for o in result.outcomes] == [Status.PASSED] * len(result.outcomes)
    assert result.auto_score == SUITE.auto_points


def test_the_workers_of_a_grading_share_one_time_budget():
    budget = SharedBudget(10.0, workers=2)
    pid = os.fork()
    if pid == 0:  # a forked worker counts in its own slot
        budget.record(1, 4.0)
        os._exit(0)
    os.waitpid(pid, 0)
    budget.record(0, 3.0)
    assert budget.left_s() == 3.0
    budget.record(0, 3.5)  # a worker's count replaces its last one
    assert budget.left_s() == 2.5


def test_suites_with_same_check_file_names_grade_in_one_process(tmp_path):
    # Two suites whose checks live in files of the same name, each counting toward its own
    # item: the second run must use its own file, not the module the first one imported.
    for name in ("first", "second"):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "suite.py").write_text(
            "from autograder import Item, Suite\n"
            f"SUITE = Suite(name={name!r}, title={name!r}, rubric=[Item({name!r}, 'x', 1)])\n")
        (folder / "check_same.py").write_text(
            "from autograder import check\n"
            f"@check(item={name!r})\n"
            "def test_nothing(submission):\n"
            "    \"\"\"passes\"\"\"\n")
    empty = tmp_path / "submission"
    empty.mkdir()
    for name in ("first", "second"):
        result = grade(load_suite(tmp_path / name), empty)
        assert [(o.item, o.passed) for o in result.outcomes] == [(name, True)]


def write_suite(folder: Path, checks: str, limits: str = "") -> Path:
    """Write a one-item suite ``folder`` whose check file holds ``checks``."""
    folder.mkdir()
    (folder / "suite.py").write_text(
        "from autograder import Item, Suite\nfrom autograder.sandbox import Limits\n"
        f"SUITE = Suite(name='tiny', title='Tiny', rubric=[Item('only', 'Only', 2)]"
        f"{', limits=Limits(' + limits + ')' if limits else ''})\n")
    (folder / "check_tiny.py").write_text("import pytest\nfrom autograder import check\n"
                                          + checks)
    return folder


def test_an_unknown_item_id_stops_the_suite_before_any_check_runs(tmp_path):
    # Issue 15: the typo is one line naming the file and line, not a ValueError at the end.
    suite = load_suite(write_suite(tmp_path / "suite", (
        "@check(item='ony')\ndef test_typo(sandbox):\n    raise SystemExit('ran')\n")))
    empty = tmp_path / "submission"
    empty.mkdir()
    with pytest.raises(GradingError) as broken:
        grade(suite, empty)
    message = str(broken.value)
    assert "check_tiny.py:3: test_typo counts toward unknown rubric item 'ony'" in message
    assert "(items: only)" in message and "\n" not in message


def test_a_visibility_typo_names_the_valid_values(tmp_path):
    suite = load_suite(write_suite(tmp_path / "suite", (
        "@check(item='only', visibility='hiden')\ndef test_it(submission):\n    pass\n")))
    empty = tmp_path / "submission"
    empty.mkdir()
    with pytest.raises(GradingError) as broken:
        grade(suite, empty)
    assert "visibility must be one of visible, hidden, after_due_date, after_published" \
        in str(broken.value)


def test_the_suites_wall_limit_is_every_checks_default_and_is_named(tmp_path):
    # One time model (issue 15): Limits(wall_s=...) governs checks that set no timeout.
    suite = load_suite(write_suite(tmp_path / "suite", (
        "@check(item='only')\ndef test_hang(sandbox):\n"
        "    sandbox.program(['python', '-c', 'while True: pass'], '')\n"), "wall_s=1.5"))
    empty = tmp_path / "submission"
    empty.mkdir()
    outcome, = grade(suite, empty).outcomes
    assert outcome.status is Status.TIMED_OUT and outcome.timeout_s == 1.5
    assert "timed out after 1.5 s (the check's time limit, 1.5 s)" in outcome.message


def test_parametrized_checks_have_names_of_their_own(tmp_path):
    suite = load_suite(write_suite(tmp_path / "suite", (
        "@check(item='only')\n@pytest.mark.parametrize('n', [1, 2])\n"
        "def test_n(submission, n):\n    \"\"\"n is small\"\"\"\n")))
    empty = tmp_path / "submission"
    empty.mkdir()
    assert [o.name for o in grade(suite, empty).outcomes] == ["n is small [1]", "n is small [2]"]


def test_a_grader_error_shows_the_checks_own_frames(tmp_path):
    suite = load_suite(write_suite(tmp_path / "suite", (
        "@check(item='only')\ndef test_bug(submission):\n    return {}['missing']\n")))
    empty = tmp_path / "submission"
    empty.mkdir()
    outcome, = grade(suite, empty).outcomes
    assert outcome.status is Status.GRADER_ERROR
    lines = outcome.detail.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert "check_tiny.py" in lines[1] and "test_bug" in lines[1]
    assert lines[-1] == "KeyError: 'missing'"
    assert "_pytest" not in outcome.detail and "pluggy" not in outcome.detail


def test_a_file_that_does_not_compile_is_one_clear_note_and_one_grouped_failure(tmp_path):
    # Issue 15: a syntax error was eight identical failures; now it is stated once.
    changes, _, _ = DEFECTS["syntax_error"]
    result = grade(SUITE, make_submission(tmp_path, changes))
    assert result.notes == ["calc.py does not compile: line 4: expected ':'"]
    report = render_text(result)
    assert "... and 2 more checks failed the same way: Counter counts up from zero" in report


def test_sources_in_a_subfolder_are_graded_there(tmp_path):
    # Issue 16, class 6: src/calc.py with notes beside it scored 0 ("calc.py is missing").
    folder = tmp_path / "student"
    shutil.copytree(CORRECT, folder / "src")
    (folder / "notes.txt").write_text("my notes\n")
    result = grade(SUITE, folder)
    assert result.auto_score == SUITE.auto_points, render_text(result)
    assert result.notes == ["graded the sources in src/ (with the files beside it), "
                            "where the submission keeps its code"]
    assert result.submission.path == folder.resolve()


REFERENCE_SUITE = """
from pathlib import Path
from autograder import Item, Suite
from autograder.sandbox import Limits
SUITE = Suite(name="greet", title="Greet", rubric=[Item("greeting", "Greeting", 1)],
              reference=Path(__file__).resolve().parent / "reference",
              limits=Limits(wall_s=2.0))
"""
REFERENCE_CHECK = """
from autograder import check

@check(item="greeting")
def test_greets_like_the_reference(sandbox):
    \"\"\"greet.py greets as the reference does\"\"\"
    sandbox.like_reference(["python", "greet.py"], stdin="Ada\\n")
"""
GREET = "name = input('Name: ')\nprint('Hello, ' + name + '!')\n"


def reference_suite(folder: Path, reference_program: str):
    """Write a one-check suite whose expectation comes from its reference's greet.py."""
    (folder / "reference").mkdir(parents=True)
    (folder / "reference" / "greet.py").write_text(reference_program)
    (folder / "suite.py").write_text(REFERENCE_SUITE)
    (folder / "check_greet.py").write_text(REFERENCE_CHECK)
    return load_suite(folder)


@pytest.mark.parametrize("program, status", [
    (GREET, Status.PASSED),
    (GREET.replace("'!'", "'.'"), Status.WRONG),
])
def test_expected_output_can_come_from_the_reference(tmp_path, program, status):
    # Issue 15: "the option to take expected output from the reference".
    suite = reference_suite(tmp_path / "suite", GREET)
    student = tmp_path / "student"
    student.mkdir()
    (student / "greet.py").write_text(program)
    (outcome,) = grade(suite, student).outcomes
    assert outcome.status is status, outcome
    if status is Status.WRONG:
        assert "-Name: Hello, Ada!" in outcome.detail and "+Name: Hello, Ada." in outcome.detail


def test_a_reference_that_fails_holds_the_check_instead_of_blaming_the_student(tmp_path):
    suite = reference_suite(tmp_path / "suite", "while True:\n    pass\n")
    student = tmp_path / "student"
    student.mkdir()
    (student / "greet.py").write_text(GREET)
    result = grade(suite, student)
    (outcome,) = result.outcomes
    assert outcome.status is Status.GRADER_ERROR, outcome
    assert "the reference solution failed" in outcome.message


def test_a_session_a_check_kept_waiting_ends_with_the_check(tmp_path):
    # Issue 19: terminal sessions wait between looks; none may outlive its check, so no
    # later check's code shares a process with it. The first check leaves a program waiting
    # on its terminal and sees it; the second must find it gone.
    marker = "held-session-" + uuid.uuid4().hex
    checks = textwrap.dedent(f"""
        from pathlib import Path
        PROGRAM = ["python", "-c", "import sys; print('ready'); sys.stdin.read(1)", {marker!r}]
        def alive():
            found = []
            for entry in Path("/proc").iterdir():
                try:
                    cmdline = (entry / "cmdline").read_bytes() if entry.name.isdigit() else b""
                    if {marker!r}.encode() in cmdline:
                        found.append(entry.name)
                except OSError:
                    pass
            return found
        @check(item="only")
        def test_1_leave_one_waiting(sandbox):
            assert sandbox.terminal(PROGRAM, hold=True).session is not None
            assert alive()
        @check(item="only")
        def test_2_it_is_gone(submission):
            assert alive() == []
    """)
    suite = load_suite(write_suite(tmp_path / "suite", checks))
    empty = tmp_path / "submission"
    empty.mkdir()
    outcomes = grade(suite, empty).outcomes
    assert [(o.name, o.status) for o in outcomes] == [
        ("test_1_leave_one_waiting", Status.PASSED), ("test_2_it_is_gone", Status.PASSED)]


def unnamed_sandboxes(text: str) -> str:
    """Return ``text`` with the names of sandboxes' temporary folders blanked out (below
    bwrap, a traceback shows the folder, whose name each sandbox draws anew)."""
    return re.sub(r"autograder-sandbox-[\w-]+", "autograder-sandbox-*", text)


def outcome_facts(result) -> list:
    """Return what a report says of each check, in order, without its duration."""
    return [(o.name, o.node_id, o.status, o.message, unnamed_sandboxes(o.detail), o.credit,
             o.findings)
            for o in result.outcomes]


def timeless_report(result) -> list:
    """Return the lines of ``result``'s report but the one with the time it took."""
    return [line for line in unnamed_sandboxes(render_text(result)).splitlines()
            if " checks in " not in line]


@pytest.mark.parametrize("defect", [None, "exception", "infinite_loop", "missing_method"])
def test_workers_sharing_the_checks_grade_exactly_as_one(tmp_path, defect):
    folder = make_submission(tmp_path, DEFECTS[defect][0] if defect else {})
    alone = grade(SUITE, folder)
    shared = grade(SUITE, folder, jobs=3)
    assert outcome_facts(shared) == outcome_facts(alone)
    assert [s.awarded for s in shared.scores] == [s.awarded for s in alone.scores]
    assert shared.isolation is alone.isolation
    assert timeless_report(shared) == timeless_report(alone)


def test_the_checks_of_a_lost_worker_are_grader_errors_held_for_review(monkeypatch):
    # This process runs the even-numbered claims; the worker with the others is lost.
    class EvenClaims:
        def __init__(self):
            self._numbers = iter(range(0, 64, 2))

        def next(self):
            return next(self._numbers, None)

    def share_with_a_lost_worker(jobs, work, wait_s):
        return [work(EvenClaims(), 0), WorkerLost("the worker ended with status 9")]

    monkeypatch.setattr(plugin, "share", share_with_a_lost_worker)
    result = grade(SUITE, CORRECT, jobs=2)
    alone = grade(SUITE, CORRECT)
    assert [o.name for o in result.outcomes] == [o.name for o in alone.outcomes]
    lost = [o for o in result.outcomes if o.status is Status.GRADER_ERROR]
    assert lost and len(lost) < len(result.outcomes)
    assert {o.message for o in lost} == {"not graded: the worker ended with status 9"}
    assert all(o.status is Status.PASSED for o in result.outcomes if o not in lost)
    assert {score.item.id for score in result.scores if score.held} == {o.item for o in lost}


def test_a_shared_grading_launches_every_workers_sandbox_itself_and_leaves_none(
        tmp_path, monkeypatch):
    # Each Sandbox made is written down by the process that made it (a file, which forks
    # share): the grading process makes one per worker, before any fork, and no worker
    # makes its own; once the grading is over, none of their folders is left.
    made = tmp_path / "made"
    real_init = Sandbox.__init__

    def noting_init(self, *args, **kwargs):
        with open(made, "a", encoding="ascii") as listing:
            listing.write(f"{os.getpid()}\n")
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(Sandbox, "__init__", noting_init)
    marker = uuid.uuid4().hex  # names this grading's sandboxes among other tests' ones
    folder = tmp_path / "submission"
    shutil.copytree(CORRECT, folder)
    (folder / "marker.txt").write_text(marker)
    shared = grade(SUITE, folder, level=detect_isolation(), jobs=2)
    assert made.read_text(encoding="ascii").split() == [str(os.getpid())] * 2
    assert all(outcome.status is Status.PASSED for outcome in shared.outcomes)
    left = [path for parent in (tempfile.gettempdir(), RAM_TEMP_DIR)
            for path in Path(parent).glob("autograder-sandbox-*/box/pristine/marker.txt")
            if path.read_text() == marker]
    assert left == []


def test_grading_leaves_pytest_unimported_until_the_sandboxes_are_launched():
    # Importing pytest takes a tenth of a second, in which the launched servers start.
    probe = ("import sys, autograder.cli, autograder.grading; "
             "print(sorted(name for name in ('pytest', '_pytest') if name in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           check=True, cwd=PROJECT_ROOT)
    assert shown.stdout.strip() == "[]"


def test_checks_that_share_what_they_remember_run_in_one_worker(tmp_path):
    # Each check names the process it ran in (as a finding) and takes a while, so that the
    # second worker gets its share; the checks of one label must all run in one process.
    checks = "import os, time\n"
    for name, label in (("a1", "A"), ("b1", "B"), ("c", None), ("a2", "A"), ("b2", "B"),
                        ("d", None)):
        shares = f", shares={label!r}" if label else ""
        checks += (f"@check(item='only'{shares})\ndef test_{name}(findings):\n"
                   f"    findings.add(str(os.getpid()))\n    time.sleep(0.4)\n")
    suite = load_suite(write_suite(tmp_path / "suite", checks))
    empty = tmp_path / "submission"
    empty.mkdir()
    result = grade(suite, empty, jobs=2)
    ran_in = {o.name: o.findings[0] for o in result.outcomes}
    assert list(ran_in) == ["test_a1", "test_b1", "test_c", "test_a2", "test_b2", "test_d"]
    assert ran_in["test_a1"] == ran_in["test_a2"] and ran_in["test_b1"] == ran_in["test_b2"]
    assert len(set(ran_in.values())) == 2  # both workers had a share
