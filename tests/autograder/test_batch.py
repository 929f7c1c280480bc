"""Batch grading of a class folder: grades.csv, per-student results, re-runs, bad zips."""

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import uuid
import zipfile
from pathlib import Path

import jsonschema
from example_class import write_class

from autograder.sandbox.server.files import remove_path
from autograder.batch import run_batch
from autograder.classfolder import discover, fingerprint
from autograder.gradesheet import render_batch_summary, write_grades_csv
from autograder.cli import main
from autograder.cli_args import ExitCode
from autograder.records import RecordStatus, Status
from autograder.sandbox import RAM_TEMP_DIR
from autograder.suite import load_suite

HERE = Path(__file__).resolve().parent
SUITE = load_suite(HERE / "example_suite")
CORRECT = HERE / "submissions" / "correct"
SCHEMA = json.loads((HERE / "gradescope_results.schema.json").read_text())
# Deeper than Python's default recursion limit (1,000 frames).
DEEP_LEVELS = 1_100


def make_class(folder: Path) -> Path:
    """Write a class folder: a correct folder, a wrong one, a zip, junk, an empty folder,
    and one handed in inside one more folder."""
    write_class(folder)
    # Handed in inside one more folder, not zipped: graded like carol's zip (issue 15).
    shutil.copytree(CORRECT, folder / "frank" / "counter-final")
    return folder


def test_batch_writes_grades_results_and_summary(tmp_path):
    classroom = make_class(tmp_path / "class")
    out = tmp_path / "out"
    status = main(["batch", str(HERE / "example_suite"), str(classroom), "-o", str(out),
                   "-j", "2"])
    # dave's zip is unreadable: the batch says so in its exit status, not only in the csv.
    assert status == ExitCode.GRADER_ERROR
    rows = list(csv.reader((out / "grades.csv").open()))
    assert rows[0] == ["student", "submission_id", "sid", "email", "functions", "program",
                       "style", "auto_total", "total", "status", "needs_review", "notes",
                       "seconds"]
    # The manual style item waits for a person: "pending", never a 0 that reads as a mark.
    assert [[row[0]] + row[4:11] for row in rows[1:]] == [
        ["alice", "6", "2", "pending", "8", "8", "graded", "style (2 pending)"],
        ["bob", "6", "0", "pending", "6", "6", "graded", "style (2 pending)"],
        ["carol", "6", "2", "pending", "8", "8", "graded", "style (2 pending)"],
        ["dave", "0", "0", "pending", "0", "0", "unreadable", "style (2 pending)"],
        ["erin", "0", "0", "pending", "0", "0", "graded", "style (2 pending)"],
        ["frank", "6", "2", "pending", "8", "8", "graded", "style (2 pending)"],
    ]
    assert "not a readable zip file" in rows[4][11]
    assert "required file main.py is missing" in rows[5][11]
    for student in ("alice", "bob", "carol", "dave", "erin", "frank"):
        jsonschema.validate(json.loads((out / "results" / f"{student}.json").read_text()), SCHEMA)
    assert "not a readable zip file" in (out / "results" / "dave.json").read_text()
    assert "main.py prints the sum" in (out / "reports" / "bob.txt").read_text()


def test_folders_named_relative_to_where_the_batch_starts(tmp_path, monkeypatch):
    # Each submission is graded by a process started in the grader's own folder: the class
    # folder, the output folder and the suite, named relative to the instructor's working
    # folder, must still be found (they were not: every student was a grader error).
    make_class(tmp_path / "class")
    shutil.copytree(HERE / "example_suite", tmp_path / "suite")
    monkeypatch.chdir(tmp_path)
    main(["batch", "suite", "class", "-o", "out", "-j", "2"])
    with (tmp_path / "out" / "grades.csv").open() as grades:
        rows = {row["student"]: row for row in csv.DictReader(grades)}
    assert (rows["alice"]["total"], rows["alice"]["status"]) == ("8", "graded")
    assert (rows["bob"]["total"], rows["bob"]["status"]) == ("6", "graded")
    assert "main.py prints the sum" in (tmp_path / "out" / "reports" / "bob.txt").read_text()


def test_rerun_skips_unchanged_submissions_unless_forced(tmp_path):
    classroom = make_class(tmp_path / "class")
    entries = [e for e in discover(classroom) if e.student in ("alice", "bob")]
    out = tmp_path / "out"
    first = run_batch(SUITE, entries, out)
    assert not any(r.skipped for r in first)
    (classroom / "bob" / "main.py").write_text((CORRECT / "main.py").read_text())
    second = run_batch(SUITE, entries, out)
    assert [r.skipped for r in second] == [True, False]
    assert [r.auto_score for r in second] == [8, 8]
    forced = run_batch(SUITE, entries, out, force=True)
    assert not any(r.skipped for r in forced)
    assert "1 kept from an earlier run (files and suite unchanged)" in render_batch_summary(
        SUITE, second)


def test_gradescope_export_layout_names_students(tmp_path):
    export = tmp_path / "export"
    export.mkdir()
    shutil.copytree(CORRECT, export / "submission_101")
    shutil.copytree(CORRECT, export / "submission_102")
    shutil.copytree(CORRECT, export / "submission_103")
    (export / "submission_metadata.yml").write_text(
        "submission_101:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: '1'\n"
        "    :email: ada@example.org\n"
        "submission_102:\n  :submitters:\n  - :name: Alan Turing\n"
        "submission_103:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: '7'\n")
    entries = discover(export)
    # Two students of one name are told apart by the export's own submission id.
    assert [(e.student, e.source.name) for e in entries] == [
        ("Ada_Lovelace", "submission_101"), ("Alan_Turing", "submission_102"),
        ("Ada_Lovelace_103", "submission_103")]
    assert [dict(e.identity) for e in entries][0] == {
        "submission_id": "101", "name": "Ada Lovelace", "sid": "1", "email": "ada@example.org"}
    out = tmp_path / "out"
    write_grades_csv(out.with_suffix(".csv"), SUITE, run_batch(SUITE, entries[2:], out))
    row = list(csv.reader(out.with_suffix(".csv").open()))[1]
    assert row[:4] == ["Ada_Lovelace_103", "103", "7", ""]


def test_one_hostile_submission_never_ends_the_batch(tmp_path, monkeypatch):
    # Issue 17, classes 4 and 5: each of these aborted a whole batch before.
    classroom = tmp_path / "class"
    classroom.mkdir()
    shutil.copytree(CORRECT, classroom / "alice")
    shutil.copytree(CORRECT, classroom / "links")
    os.symlink("/proc/self/mem", classroom / "links" / "notes.txt")
    os.symlink("/", classroom / "links" / "root")
    shutil.copytree(CORRECT, classroom / "oddname")
    (classroom / "oddname" / os.fsdecode(b"caf\xe9.txt")).write_text("latin-1 name")
    deep = classroom / "deep"
    shutil.copytree(CORRECT, deep)
    handle = os.open(deep, os.O_RDONLY)
    for _ in range(1100):  # deeper than a path may be long: made one level at a time
        os.mkdir("d", dir_fd=handle)
        inner = os.open("d", os.O_RDONLY, dir_fd=handle)
        os.close(handle)
        handle = inner
    os.close(handle)
    # A student folder named like the grader's package, in the folder the batch starts in.
    (classroom / "autograder").mkdir()
    (classroom / "autograder" / "__main__.py").write_text(
        "open('HIJACKED', 'w').write('yes')\n")
    try:
        monkeypatch.chdir(classroom)
        out = tmp_path / "out"
        status = main(["batch", str(HERE / "example_suite"), str(classroom), "-o", str(out)])
        rows = {row[0]: row for row in csv.reader((out / "grades.csv").open())}
        assert rows["alice"][8:10] == ["8", "graded"]
        assert rows["links"][8:10] == ["8", "graded"]
        assert rows["oddname"][8:10] == ["8", "graded"]
        assert rows["deep"][9] in ("graded", "unreadable")
        assert rows["autograder"][9] == "graded"
        assert not (classroom / "HIJACKED").exists() and not (tmp_path / "HIJACKED").exists()
        assert status in (ExitCode.OK, ExitCode.GRADER_ERROR)
    finally:
        remove_path(str(deep))  # deeper than pytest's own clean-up can recurse


def test_long_display_names_are_cut_and_kept_apart(tmp_path):
    export = tmp_path / "export"
    export.mkdir()
    for number in (1, 2):
        shutil.copytree(CORRECT, export / f"submission_{number}")
    long_name = "A" * 300
    (export / "submission_metadata.yml").write_text(
        f"submission_1:\n  :submitters:\n  - :name: {long_name}1\n"
        f"submission_2:\n  :submitters:\n  - :name: {long_name}2\n")
    students = [entry.student for entry in discover(export)]
    assert len(set(students)) == 2 and all(len(name) < 100 for name in students)


def test_zip_that_escapes_its_folder_is_refused(tmp_path):
    classroom = tmp_path / "class"
    classroom.mkdir()
    with zipfile.ZipFile(classroom / "mallory.zip", "w") as bundle:
        bundle.writestr("../../escaped.py", "print('gotcha')")
    out = tmp_path / "out"
    records = run_batch(SUITE, discover(classroom), out)
    assert records[0].status is RecordStatus.UNREADABLE
    assert "escapes the submission folder" in records[0].message
    assert not (tmp_path / "escaped.py").exists() and not (out / "escaped.py").exists()
    write_grades_csv(out / "grades.csv", SUITE, records)
    assert (out / "grades.csv").read_text().splitlines()[1].startswith(
        "mallory,,,,0,0,pending,0,0,unreadable")



def test_a_student_named_like_another_s_output_file_takes_nothing_from_them(tmp_path):
    # Red team, round 3: bob.stdout.zip was unzipped into the folder where bob's grading
    # then wrote its output, bob.stdout, and bob's record became "cannot be graded".
    classroom = tmp_path / "class"
    classroom.mkdir()
    for name in ("bob", "bob.stdout", "bob.stderr"):
        with zipfile.ZipFile(classroom / f"{name}.zip", "w") as bundle:
            for path in CORRECT.iterdir():
                if name == "bob" and path.is_file():
                    bundle.write(path, path.name)
            bundle.writestr("notes.txt", "not a solution\n")
    records = run_batch(SUITE, discover(classroom), tmp_path / "out", jobs=1)
    scores = {record.student: (record.status, record.auto_score) for record in records}
    assert scores["bob"] == (RecordStatus.GRADED, 8), records
    assert {status for status, _ in scores.values()} == {RecordStatus.GRADED}, records


# A file bigger than the memory the fingerprinting process may use.
HUGE_FILE_BYTES = 400 << 20
FINGERPRINT_MEMORY_BYTES = 300 << 20
FINGERPRINT_IN_LITTLE_MEMORY = """
import resource, sys
from pathlib import Path
from autograder.classfolder import fingerprint
from autograder.suite import load_suite
suite = load_suite(Path(sys.argv[2]))
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[3]),) * 2)
print(fingerprint(Path(sys.argv[1]), suite))
"""


def test_a_file_larger_than_memory_is_fingerprinted_a_block_at_a_time(tmp_path):
    # Red team, round 3: the batch's fingerprint read each file whole, so a folder holding
    # one huge file could exhaust the batch's memory.
    folder = tmp_path / "huge"
    shutil.copytree(CORRECT, folder)
    with open(folder / "video.bin", "wb") as handle:
        handle.truncate(HUGE_FILE_BYTES)  # sparse: no disk space used
    done = subprocess.run([sys.executable, "-c", FINGERPRINT_IN_LITTLE_MEMORY, str(folder),
                           str(HERE / "example_suite"), str(FINGERPRINT_MEMORY_BYTES)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == fingerprint(folder, SUITE)


def test_student_text_in_grades_csv_is_made_safe(tmp_path):
    # Issue 34, item 5: a broken zip's member name reached the notes cell raw: escape
    # sequences reached the terminal of whoever printed the file, a newline forged a row,
    # and a cell could start with "=".
    classroom = tmp_path / "class"
    classroom.mkdir()
    with zipfile.ZipFile(classroom / "mallory.zip", "w") as bundle:
        bundle.writestr("../\x1b]0;owned\x07\n=HYPERLINK(\"x\"),forged,row.py", "pass")
    (classroom / "=1+1 \x1b[2J\nforged,row.zip").write_bytes(b"not a zip")
    out = tmp_path / "out"
    records = run_batch(SUITE, discover(classroom), out)
    write_grades_csv(out / "grades.csv", SUITE, records)
    text = (out / "grades.csv").read_text()
    rows = list(csv.reader(text.splitlines(keepends=True)))
    assert len(rows) == 3 and {len(row) for row in rows} == {len(rows[0])}
    assert not any(ord(char) < 32 or 127 <= ord(char) < 160 for char in text if char not in "\r\n")
    cells = [cell for row in rows[1:] for cell in row]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@"))], cells
    assert "escapes the submission folder" in text



def test_a_tree_deeper_than_the_recursion_limit_is_graded_normally(tmp_path):
    # Issue 34, item 6: a file 1,100 folders deep failed the whole grading (RecursionError
    # in the submission's file walk, the batch's fingerprint and its cleanup).
    classroom = tmp_path / "class"
    shutil.copytree(CORRECT, classroom / "deep")
    folder = classroom / "deep"
    for _ in range(DEEP_LEVELS):
        folder = folder / "d"
        folder.mkdir()
    (folder / "notes.txt").write_text("deep\n")
    out = tmp_path / "out"
    records = run_batch(SUITE, discover(classroom), out)
    remove_path(str(classroom))  # pytest's own clean-up of old temporary folders recurses
    assert [(r.status, r.auto_score) for r in records] == [(RecordStatus.GRADED, 8)], records
    assert not (out / ".unzipped").exists()


LEAVES_STATE_BEHIND = '''
import time
from pathlib import Path

import autograder.outcome
from autograder import Item, Suite, WrongOutput, check

SUITE = Suite(name="alone", title="Alone", rubric=[Item("only", "Only", 2)])
'''

CHECK_ALONE = '''
import os
import time

import autograder.outcome
from autograder import WrongOutput, check


@check(item="only", timeout=120)
def test_runs_alone(submission):
    """no earlier grading's state is here"""
    left = getattr(autograder.outcome, "LEFT_BY_AN_EARLIER_GRADING", None)
    autograder.outcome.LEFT_BY_AN_EARLIER_GRADING = os.getpid()
    if left is not None:
        raise WrongOutput(f"the grading in process {left} left its state here")
    if submission.exists("hang.txt"):
        time.sleep(120)
'''


def test_each_submission_is_graded_alone_and_a_hung_grading_is_stopped(tmp_path, monkeypatch):
    # Issue 19: gradings are forked from one process that loaded the grader once. Each must
    # still run alone (a check that leaves state in the grader's modules must not reach the
    # next grading, even in the same worker), and one that runs past its time is stopped
    # without ending the batch.
    suite_dir = tmp_path / "alone"
    suite_dir.mkdir()
    (suite_dir / "suite.py").write_text(LEAVES_STATE_BEHIND)
    (suite_dir / "check_alone.py").write_text(CHECK_ALONE)
    classroom = tmp_path / "class"
    for name in ("amy", "ben", "cat", "dan"):
        (classroom / name).mkdir(parents=True)
        (classroom / name / "notes.txt").write_text("hello\n")
    (classroom / "cat" / "hang.txt").write_text("wait\n")
    marker = uuid.uuid4().hex  # names the hung grading's sandboxes among other tests' ones
    (classroom / "cat" / "marker.txt").write_text(marker)
    monkeypatch.setattr("autograder.batch.SUBMISSION_TIMEOUT_S", 8)
    records = run_batch(load_suite(suite_dir), discover(classroom), tmp_path / "out", jobs=1)
    assert [(r.student, r.status.value) for r in records] == [
        ("amy", "graded"), ("ben", "graded"), ("cat", "grader error"), ("dan", "graded")]
    assert [records[i].outcomes[0].status for i in (0, 1, 3)] == [Status.PASSED] * 3
    assert records[2].message == "grading stopped after 8 s"
    # The stopped grading's sandbox folders (in memory or on disk) went with it.
    left = [path for parent in (tempfile.gettempdir(), RAM_TEMP_DIR)
            for path in Path(parent).glob("autograder-sandbox-*/box/pristine/marker.txt")
            if path.read_text() == marker]
    assert left == []


def test_a_tutors_marks_survive_every_rerun_and_count_in_the_total(tmp_path):
    # Issue 35: a style mark typed into grades.csv was erased by the next batch run. Marks
    # live in marks.csv, which the batch reads and never writes.
    classroom = make_class(tmp_path / "class")
    out = tmp_path / "out"
    out.mkdir()
    marks = out / "marks.csv"
    marks.write_text("student,item,score,marker,note\nalice,style,1.5,Sam,tidy\n"
                     "bob,program,2,Sam,sum checked by hand\n")
    before = marks.read_bytes()
    for extra in ([], [], ["--force"]):
        main(["batch", str(HERE / "example_suite"), str(classroom), "-o", str(out), *extra])
        rows = {row["student"]: row for row in csv.DictReader((out / "grades.csv").open())}
        assert (rows["alice"]["style"], rows["alice"]["total"]) == ("1.5", "9.5")
        assert rows["alice"]["needs_review"] == ""
        # A mark for an auto item replaces its score: bob's program item, 0 by the checks.
        assert (rows["bob"]["program"], rows["bob"]["auto_total"], rows["bob"]["total"]) == (
            "2", "6", "8")
        assert (rows["carol"]["style"], rows["carol"]["needs_review"]) == (
            "pending", "style (2 pending)")
        assert marks.read_bytes() == before
    gradebook = list(csv.reader((out / "gradebook.csv").open()))
    assert gradebook[0] == ["student", "sid", "email", "Counter (example) (10)"]
    assert ["alice", "", "", "9.5"] in gradebook


def test_a_marks_file_with_a_mistake_is_one_line_naming_where(tmp_path):
    classroom = make_class(tmp_path / "class")
    marks = tmp_path / "marks.csv"
    marks.write_text("student,item,score,marker,note\nalice,styel,1,Sam,\n")
    status, err = main_with_err(["batch", str(HERE / "example_suite"), str(classroom), "-o",
                                 str(tmp_path / "out"), "--marks", str(marks)])
    assert status == ExitCode.CANNOT_RUN
    assert err == f"autograder: {marks}:2: no rubric item 'styel' (items: functions, " \
                  f"program, style)\n"


def test_only_regrades_the_students_named_and_keeps_every_other_row(tmp_path):
    # Issue 35: one student could not be regraded without --force on the whole class.
    classroom = make_class(tmp_path / "class")
    out = tmp_path / "out"
    main(["batch", str(HERE / "example_suite"), str(classroom), "-o", str(out)])
    first = (out / "grades.csv").read_text().splitlines()
    # bob resubmits a corrected main.py; alice changes too, but is not asked for.
    shutil.copy(CORRECT / "main.py", classroom / "bob" / "main.py")
    (classroom / "alice" / "main.py").write_text("print(0)\n")
    status, err = main_with_err(["batch", str(HERE / "example_suite"), str(classroom), "-o",
                                 str(out), "--only", "bob"])
    rows = (out / "grades.csv").read_text().splitlines()
    assert [row for row in rows if not row.startswith("bob,")] == [
        row for row in first if not row.startswith("bob,")]
    assert [row.split(",")[8] for row in rows if row.startswith("bob,")] == ["8"]
    # Off a terminal the batch says, student by student, how far it is.
    assert err.splitlines()[0].startswith("grading 1/1: bob: 8 (graded, ")
    assert status == ExitCode.GRADER_ERROR  # dave's unreadable zip, kept from the last run
    status, err = main_with_err(["batch", str(HERE / "example_suite"), str(classroom), "-o",
                                 str(out), "--only", "nobody"])
    assert status == ExitCode.CANNOT_RUN and "no submission of nobody" in err


def main_with_err(argv):
    """Run the command line with a captured standard error; return (status, its text)."""
    err = io.StringIO()
    status = main(argv, out=io.StringIO(), err=err)
    return status, err.getvalue()
