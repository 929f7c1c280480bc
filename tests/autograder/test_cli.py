"""The command line: exit statuses, the one-line errors, and the reports it writes."""

import io
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path

import jsonschema
import pytest

from autograder.cli import main
from autograder.cli_args import ExitCode
from autograder.suite import bundled_suites

HERE = Path(__file__).resolve().parent
SUITE_DIR = HERE / "example_suite"
CORRECT = HERE / "submissions" / "correct"
SCHEMA = json.loads((HERE / "gradescope_results.schema.json").read_text())


def run_cli(*argv):
    """Run the command line in-process and return (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_grade_prints_rubric_table_and_writes_valid_json(tmp_path):
    results = tmp_path / "out" / "results.json"
    status, out, err = run_cli("grade", str(SUITE_DIR), str(CORRECT), "--json", str(results))
    assert status == ExitCode.OK, err
    assert "Functions and classes" in out and "needs review" in out
    assert "\033[" not in out  # no colour when not writing to a terminal
    data = json.loads(results.read_text())
    jsonschema.validate(data, SCHEMA)
    assert data["score"] == 8
    assert sum(test["max_score"] for test in data["tests"]) == pytest.approx(8)
    assert {test["visibility"] for test in data["tests"]} >= {"visible", "hidden"}


def test_json_is_valid_for_an_empty_submission(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    results = tmp_path / "results.json"
    status, _, _ = run_cli("grade", str(SUITE_DIR), str(empty), "--json", str(results))
    assert status == ExitCode.OK
    data = json.loads(results.read_text())
    jsonschema.validate(data, SCHEMA)
    assert data["score"] == 0
    assert all(test["score"] == 0 for test in data["tests"])


def test_grading_the_suite_reference_needs_no_submission():
    status, out, _ = run_cli("grade", str(SUITE_DIR))
    assert status == ExitCode.OK
    assert "Auto-graded total" in out and "8 / 8" in out


@pytest.mark.parametrize("argv, fragment", [
    (["grade", "no_such_assignment", "."], "unknown assignment 'no_such_assignment'"),
    (["grade", str(SUITE_DIR), "/no/such/folder"], "/no/such/folder: no such submission folder"),
])
def test_cannot_run_gives_one_line_and_status_1(argv, fragment):
    status, out, err = run_cli(*argv)
    assert status == ExitCode.CANNOT_RUN
    assert out == ""
    assert err.count("\n") == 1 and fragment in err and err.startswith("autograder: ")


def test_unknown_option_is_a_usage_error(capsys):
    status, _, _ = run_cli("list", "--no-such-option")
    assert status == ExitCode.USAGE
    assert "unrecognized arguments: --no-such-option" in capsys.readouterr().err


@pytest.mark.parametrize("jobs", ["-1", "two"])
def test_jobs_must_be_a_count(capsys, jobs):
    status, _, _ = run_cli("grade", str(SUITE_DIR), str(CORRECT), "--jobs", jobs)
    assert status == ExitCode.USAGE
    assert f"argument -j/--jobs: {jobs!r} is not a number of jobs (0 or more)" in \
        capsys.readouterr().err


def test_grading_with_several_jobs_records_the_same_checks(tmp_path):
    records = []
    for jobs in ("1", "3"):
        record = tmp_path / f"record{jobs}.json"
        status, _, err = run_cli("grade", str(SUITE_DIR), str(CORRECT), "-j", jobs,
                                 "--record", str(record))
        assert status == ExitCode.OK, err
        checks = json.loads(record.read_text())["checks"]
        records.append([{key: value for key, value in check.items() if key != "duration_s"}
                        for check in checks])
    assert records[0] == records[1] and len(records[0]) == 7


def test_list_shows_every_bundled_suite_with_its_totals():
    status, out, _ = run_cli("list")
    assert status == ExitCode.OK
    suites = bundled_suites()
    assert [suite.name for suite in suites] == ["acorn_maze", "end_of_dayz", "minirogue",
                                                "ultima", "ultima0_1"]
    for suite in suites:
        assert f"= {suite.total_points:g}" in out.split(suite.name, 1)[1].splitlines()[0]


def test_python_dash_m_runs_the_same_command(tmp_path):
    result = subprocess.run([sys.executable, "-m", "autograder", "grade", str(SUITE_DIR),
                             str(CORRECT)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "Counter (example): correct" in result.stdout


@pytest.mark.parametrize("argv, status", [
    (["list"], ExitCode.OK), (["grade", "no_such_suite"], ExitCode.CANNOT_RUN),
    (["grade", "end_of_dayz", "--jobs", "many"], ExitCode.USAGE)])
def test_the_command_ends_with_mains_status_and_all_it_wrote(argv, status):
    # run() ends the process without the interpreter's teardown: what main() wrote to the
    # pipes (block-buffered) and the status it returned must come out whole all the same.
    buffered = {name: value for name, value in os.environ.items()
                if name != "PYTHONUNBUFFERED"}
    finished = subprocess.run([sys.executable, "-m", "autograder", *argv], capture_output=True,
                              text=True, check=False, timeout=120, env=buffered)
    expected_status, expected_out, expected_err = run_cli(*argv)
    assert finished.returncode == status == expected_status
    assert finished.stdout == expected_out
    assert finished.stderr.endswith(expected_err)
    assert not finished.stderr or finished.stderr.endswith("\n")


def test_a_command_that_does_not_grade_does_not_import_pytest():
    # The package and the command line import the checks' machinery only when they grade.
    code = ("import sys\nfrom autograder.cli import main\nstatus = main(['list'])\n"
            "print(status, sorted(name for name in sys.modules\n"
            "                     if name.split('.')[0] in ('pytest', '_pytest')))")
    finished = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=False, timeout=60)
    assert finished.stdout.splitlines()[-1] == "0 []", finished.stderr


def test_grade_all_is_the_quick_start_main_job():
    # README's first Quick start command, as a user runs it: every bundled reference
    # graded in one process, one table, full auto marks everywhere.
    finished = subprocess.run([sys.executable, "-m", "autograder", "grade", "all"],
                              capture_output=True, text=True, check=False, timeout=600)
    assert finished.returncode == 0, finished.stderr
    rows = finished.stdout.splitlines()[1:]
    names = {suite.title for suite in bundled_suites()}
    assert len(rows) == len(names) == 5
    # The title column is matched whole: "Ultima 0" is a prefix of "Ultima 0.1".
    title_column = slice(0, finished.stdout.splitlines()[0].index("Submission"))
    for suite in bundled_suites():
        row = [line for line in rows if line[title_column].strip() == suite.title]
        auto = f"{suite.auto_points:g} / {suite.auto_points:g}"
        assert len(row) == 1 and auto in row[0], finished.stdout


WAITING_SUITE = '''
import os
from pathlib import Path

from autograder import Item, Suite, check

SUITE = Suite(name="waiting", title="Waiting", rubric=[Item("only", "Only", 1)])
'''
WAITING_CHECK = '''
import os
from pathlib import Path

from autograder import check


@check(item="only", timeout=60)
def test_waits(sandbox):
    """a run that waits until the grading is stopped"""
    Path(os.environ["WAITING_MARK"]).write_text("started")
    sandbox.run(["python", "-c", "import time; time.sleep(60)"])
'''


@pytest.mark.parametrize("command", ["grade", "batch"])
def test_ctrl_c_ends_the_command_with_130_and_leaves_nothing_behind(tmp_path, command):
    # Issue 35: Ctrl-C made `batch` print a KeyboardInterrupt traceback and `grade` say
    # "suite did not run (pytest exit code 2)". A terminal's Ctrl-C reaches the whole
    # foreground process group: the grader and the sandboxes it started.
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "suite.py").write_text(WAITING_SUITE)
    (suite / "check_waits.py").write_text(WAITING_CHECK)
    (tmp_path / "class" / "alice").mkdir(parents=True)
    mark = tmp_path / "started"
    argv = ([command, str(suite), str(tmp_path / "class" / "alice")] if command == "grade"
            else [command, str(suite), str(tmp_path / "class"), "-o", str(tmp_path / "out")])
    process = subprocess.Popen([sys.executable, "-m", "autograder", *argv],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "WAITING_MARK": str(mark)},
                               start_new_session=True, preexec_fn=answer_ctrl_c)
    try:
        deadline = 600
        while not mark.exists() and process.poll() is None and deadline:
            deadline -= 1
            threading.Event().wait(0.1)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert mark.exists(), err
    assert process.returncode == ExitCode.INTERRUPTED, (out, err)
    assert "Traceback" not in err and err.endswith("autograder: interrupted\n"), err
    leftovers = [name for folder in ("/dev/shm", tempfile.gettempdir())
                 for name in os.listdir(folder)
                 if name.startswith(f"autograder-sandbox-{process.pid}-")]
    assert leftovers == []


def test_grade_takes_a_zip_as_batch_does(tmp_path):
    # Issue 35: `grade SUITE x.zip` answered "no such submission folder" for a zip that
    # exists. The zip is unpacked as batch unpacks one (a wrapping folder unwrapped).
    archive = tmp_path / "alice.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        for path in sorted(CORRECT.iterdir()):
            bundle.write(path, f"alice-final/{path.name}")
    status, out, err = run_cli("grade", str(SUITE_DIR), str(archive))
    assert status == ExitCode.OK, err
    assert "Auto-graded total                                      8 / 8" in out
    (tmp_path / "broken.zip").write_bytes(b"not a zip")
    status, out, err = run_cli("grade", str(SUITE_DIR), str(tmp_path / "broken.zip"))
    assert (status, err) == (ExitCode.CANNOT_RUN,
                             "autograder: broken.zip: not a readable zip file (File is not a "
                             "zip file)\n")


def answer_ctrl_c() -> None:
    """In a child about to start: take Ctrl-C as a terminal's foreground program does. A
    test run started in the background (``cmd &`` in a script) ignores SIGINT, and so
    would every program it starts, Python included."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
