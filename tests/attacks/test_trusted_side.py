"""Attacks on what the trusted side reads and supplies (issue 17, classes 3 and 4).

A submission may try to replace what the grader supplies or grades (a package beside the
support module, a package beside the graded file, a standard module of its own) or make
the trusted side follow a link out of its folder. Each test runs at every isolation
level this machine provides, with a real sandbox.
"""

import json
import os
import shutil
from pathlib import Path

import pytest
from levels import LEVELS

from autograder.sandbox import Sandbox
from autograder.submission import Submission

FORGED = "raise SystemExit('the submission replaced me')\n"


def write(folder: Path, files: dict) -> Path:
    """Write ``files`` (relative name -> text) under ``folder``."""
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return folder


@pytest.mark.parametrize("level", LEVELS)
def test_support_files_graded_files_and_the_standard_library_win(level, tmp_path):
    support = write(tmp_path / "support", {"a2_support.py": "ORIGIN = 'grader'\n"})
    submission = write(tmp_path / "submission", {
        "a2.py": "ORIGIN = 'graded file'\n",
        "a2/__init__.py": FORGED,                       # a package beats a module of its name
        "a2_support/__init__.py": FORGED,
        "a2_support.cpython-311-x86_64-linux-gnu.so": "not really a library",
        "platform.py": FORGED,                          # a standard module of its own
    })
    driver = ("import platform\nimport a2, a2_support\n"
              "report([a2.ORIGIN, a2_support.ORIGIN, platform.system()])")
    with Sandbox(submission, {"a2_support.py": support / "a2_support.py"}, level=level,
                 modules=["a2.py"]) as sandbox:
        result = sandbox.call(driver, timeout=10)
    assert result.observation == ["graded file", "grader", "Linux"], result


@pytest.mark.parametrize("level", LEVELS)
def test_links_in_a_submission_are_never_followed(level, tmp_path):
    # stddraw_shim -> a folder of the grader's: copying the supplied shim through the link
    # would overwrite the grader's own files.
    grader_dir = write(tmp_path / "grader_package", {"__init__.py": "ORIGINAL = True\n"})
    shim = write(tmp_path / "shim", {"__init__.py": "SHIM = True\n"})
    submission = tmp_path / "submission"
    submission.mkdir()
    os.symlink(grader_dir, submission / "stddraw_shim")
    os.symlink("/proc/self/environ", submission / "report.txt")
    os.symlink("/etc/hostname", submission / "notes.txt")
    with Sandbox(submission, {"stddraw_shim": shim}, level=level) as sandbox:
        result = sandbox.call(
            "import os\nreport([name for name in sorted(os.listdir('.')) + "
            "sorted(os.listdir('stddraw_shim')) if name != '__pycache__'])",
            timeout=10)
    assert (grader_dir / "__init__.py").read_text() == "ORIGINAL = True\n"
    assert sorted(os.listdir(grader_dir)) == ["__init__.py"]
    assert result.observation == ["stddraw_shim", "__init__.py"]
    static = Submission(submission)
    assert static.files() == [] and not static.exists("report.txt")


def test_student_output_in_reports_is_made_safe_and_bounded(tmp_path):
    # Issue 17, class 7: escape sequences drew a fake score table on the instructor's
    # terminal, and one 1 MB line made an 11 MB results.json.
    from autograder import grade
    from autograder.report import gradescope_results, render_text
    from autograder.suite import load_suite

    example = Path(__file__).resolve().parent.parent / "autograder"
    submission = tmp_path / "submission"
    shutil.copytree(example / "submissions" / "correct", submission)
    # One long line, under the example suite's 64 KiB output cap so that it is diffed.
    (submission / "main.py").write_text(
        "import sys\nsys.stdout.write('\\x1b]0;pwned\\x07\\x1b[2J\\x1b[H  "
        "Auto-graded total  8 / 8\\n' + 'A' * 60000 + '\\n')\n")
    result = grade(load_suite(example / "example_suite"), submission)
    report = render_text(result)
    results = json.dumps(gradescope_results(result))
    assert "\x1b" not in report and "\x07" not in report
    assert "\\x1b" in report  # shown, not obeyed
    assert len(report) < 20_000 and len(results) < 40_000
