"""Batch grading of a class folder: grades.csv, per-student results, re-runs, bad zips."""

import csv
import json
import shutil
import zipfile
from pathlib import Path

import jsonschema

from autograder.batch import discover, render_batch_summary, run_batch, write_grades_csv
from autograder.cli import ExitCode, main
from autograder.suite import load_suite

HERE = Path(__file__).resolve().parent
SUITE = load_suite(HERE / "example_suite")
CORRECT = HERE / "submissions" / "correct"
SCHEMA = json.loads((HERE / "gradescope_results.schema.json").read_text())


def make_class(folder: Path) -> Path:
    """Write a class folder: a correct folder, a wrong one, a zip, junk, an empty folder."""
    folder.mkdir()
    shutil.copytree(CORRECT, folder / "alice")
    shutil.copytree(CORRECT, folder / "bob")
    main_py = folder / "bob" / "main.py"
    main_py.write_text(main_py.read_text().replace("print(sum(", "print(1 + sum("))
    with zipfile.ZipFile(folder / "carol.zip", "w") as bundle:
        for path in CORRECT.iterdir():
            bundle.write(path, f"carol/{path.name}")
    (folder / "dave.zip").write_bytes(b"not a zip")
    (folder / "erin").mkdir()
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
    assert rows[0] == ["student", "functions", "program", "style", "total", "status",
                       "held_for_review", "notes", "seconds"]
    # The manual style item is blank (a person scores it), never a 0 that reads as a mark.
    assert [row[:7] for row in rows[1:]] == [
        ["alice", "6", "2", "", "8", "graded", ""],
        ["bob", "6", "0", "", "6", "graded", ""],
        ["carol", "6", "2", "", "8", "graded", ""],
        ["dave", "0", "0", "", "0", "unreadable", ""],
        ["erin", "0", "0", "", "0", "graded", ""],
        ["frank", "6", "2", "", "8", "graded", ""],
    ]
    assert "not a readable zip file" in rows[4][7]
    assert "required file main.py is missing" in rows[5][7]
    for student in ("alice", "bob", "carol", "dave", "erin", "frank"):
        jsonschema.validate(json.loads((out / "results" / f"{student}.json").read_text()), SCHEMA)
    assert "not a readable zip file" in (out / "results" / "dave.json").read_text()
    assert "main.py prints the sum" in (out / "reports" / "bob.txt").read_text()


def test_rerun_skips_unchanged_submissions_unless_forced(tmp_path):
    classroom = make_class(tmp_path / "class")
    entries = [e for e in discover(classroom) if e.student in ("alice", "bob")]
    out = tmp_path / "out"
    first = run_batch(SUITE, entries, out)
    assert not any(r.get("skipped") for r in first)
    (classroom / "bob" / "main.py").write_text((CORRECT / "main.py").read_text())
    second = run_batch(SUITE, entries, out)
    assert [r.get("skipped", False) for r in second] == [True, False]
    assert [r["auto_score"] for r in second] == [8, 8]
    forced = run_batch(SUITE, entries, out, force=True)
    assert not any(r.get("skipped") for r in forced)
    assert "(1 unchanged since the last run" in render_batch_summary(SUITE, second)


def test_gradescope_export_layout_names_students(tmp_path):
    export = tmp_path / "export"
    export.mkdir()
    shutil.copytree(CORRECT, export / "submission_101")
    shutil.copytree(CORRECT, export / "submission_102")
    (export / "submission_metadata.yml").write_text(
        "submission_101:\n  :submitters:\n  - :name: Ada Lovelace\n    :sid: '1'\n"
        "submission_102:\n  :submitters:\n  - :name: Alan Turing\n")
    assert [(e.student, e.source.name) for e in discover(export)] == [
        ("Ada_Lovelace", "submission_101"), ("Alan_Turing", "submission_102")]


def test_zip_that_escapes_its_folder_is_refused(tmp_path):
    classroom = tmp_path / "class"
    classroom.mkdir()
    with zipfile.ZipFile(classroom / "mallory.zip", "w") as bundle:
        bundle.writestr("../../escaped.py", "print('gotcha')")
    out = tmp_path / "out"
    records = run_batch(SUITE, discover(classroom), out)
    assert records[0]["status"] == "unreadable"
    assert "escapes the submission folder" in records[0]["message"]
    assert not (tmp_path / "escaped.py").exists() and not (out / "escaped.py").exists()
    write_grades_csv(out / "grades.csv", SUITE, records)
    assert (out / "grades.csv").read_text().splitlines()[1].startswith("mallory,0,0,,0,unreadable")
