"""autograder calibrate: a class graded beside known scores (issue 16)."""

import shutil
from io import StringIO
from pathlib import Path

import pytest

from autograder.calibrate import compare, read_truth
from autograder.cli import main
from autograder.cli_args import ExitCode
from autograder.records import RecordStatus, StudentRecord

HERE = Path(__file__).resolve().parent
CORRECT = HERE / "submissions" / "correct"


def test_agreement_worst_submissions_and_likely_false_fails(tmp_path):
    classroom = tmp_path / "class"
    classroom.mkdir()
    for student in ("alice", "bob", "carol"):
        shutil.copytree(CORRECT, classroom / student)
    # bob's program is off by one; the truth calls it correct anyway (a false fail to find).
    main_py = classroom / "bob" / "main.py"
    main_py.write_text(main_py.read_text().replace("print(sum(", "print(1 + sum("))
    truth = tmp_path / "truth.csv"
    truth.write_text("student,score\nalice,1\nbob,1\ncarol,0.5\ndan,1\n")
    out = StringIO()
    status = main(["calibrate", str(HERE / "example_suite"), str(classroom), "--truth",
                   str(truth), "--truth-scale", "8", "-o", str(tmp_path / "out")], out=out)
    assert status == ExitCode.OK
    report = out.getvalue()
    # ours: alice 8, bob 6, carol 8; known: 8, 8, 4.
    assert "3 submissions with a known score (out of 8 auto-graded points)" in report
    assert "mean absolute difference 2.00, largest 4.00, mean signed difference +0.67" in report
    assert "not in the class folder: dan" in report
    worst = report.split("Most disagreeing")[1].splitlines()[1:4]
    assert [line.split()[0] for line in worst] == ["carol", "bob", "alice"]
    assert " 50.0%     1/2    main.py prints the sum of its input" in report


def test_truth_file_errors_name_the_file_and_line(tmp_path):
    bad = tmp_path / "truth.csv"
    bad.write_text("student,score\nalice,8\nbob,eight\n")
    with pytest.raises(ValueError, match=r"truth.csv:3: score 'eight' is not a number"):
        read_truth(bad)
    bad.write_text("name,mark\nalice,8\n")
    err = StringIO()
    assert main(["calibrate", str(HERE / "example_suite"), str(tmp_path), "--truth",
                 str(bad)], err=err) == ExitCode.CANNOT_RUN
    assert "needs the columns 'student' and 'score'" in err.getvalue()


def test_correlation_is_undefined_for_constant_scores():
    records = [StudentRecord(s, RecordStatus.GRADED, 8, []) for s in ("a", "b")]
    calibration = compare(records, {"a": 8, "b": 6}, 8)
    assert calibration.correlation is None and calibration.bias == 1.0
