"""The command line's commands on a whole class: ``batch``, ``calibrate`` and ``similarity``.

Each takes a class folder (one sub-folder or zip per student, see
:mod:`autograder.classfolder`) and writes what it found into an output folder or file:
``batch`` grades every submission (:mod:`autograder.batch`) and writes the grade sheets
and the class report, ``calibrate`` compares the class's totals with known scores
(:mod:`autograder.calibrate`), ``similarity`` ranks every pair of submissions by the code
they share (:mod:`autograder.similarity`). :func:`autograder.cli.main` parses the
arguments (:mod:`autograder.cli_args`) and calls these; a long grading shows its progress
on the error stream.
"""

import argparse
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, List, TextIO

# Each command imports its own machinery when it runs, as autograder.cli does.
from autograder.cli_args import PROG, ExitCode
from autograder.records import StudentRecord
from autograder.suite import Suite, find_suite

__all__ = ["batch_command", "calibrate_command", "similarity_command"]

# In a batch's output folder: the marks people give (read, never written), and the export
# for a learning system's gradebook.
MARKS_FILE = "marks.csv"
GRADEBOOK_FILE = "gradebook.csv"


def batch_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> ExitCode:
    """Grade a class folder, write grades.csv and print the summary.

    ``args`` are the parsed ``batch`` arguments; the summary goes to ``out``, the progress
    and any one-line error to ``err``. Returns :attr:`ExitCode.GRADER_ERROR` when a
    submission was not graded cleanly, else :attr:`ExitCode.OK`; raises ValueError when
    ``--only`` names a student the class folder has no submission of.
    """
    from autograder.batch import GRADED, previous_record, run_batch
    from autograder.classfolder import discover
    from autograder.gradesheet import render_batch_summary, write_gradebook, write_grades_csv
    from autograder.marks import read_marks

    suite = find_suite(args.assignment)
    entries = discover(args.submissions)
    marks = read_marks(args.marks or args.output / MARKS_FILE, suite)
    chosen = entries
    if args.only:
        known = {entry.student for entry in entries}
        unknown = [name for name in args.only if name not in known]
        if unknown:
            raise ValueError(f"{args.submissions}: no submission of {', '.join(unknown)} "
                             f"(students: {', '.join(sorted(known))})")
        chosen = [entry for entry in entries if entry.student in args.only]
    with _progress(len(chosen), "grading", err) as advance:
        graded = run_batch(suite, chosen, args.output, args.jobs, args.force or bool(args.only),
                           args.isolation, advance)
    kept = {record.student: record for record in graded}
    for entry in entries:
        if entry.student not in kept:
            kept[entry.student] = previous_record(entry, args.output)
    records = [kept[entry.student] for entry in entries if kept[entry.student] is not None]
    write_grades_csv(args.output / "grades.csv", suite, records, marks)
    write_gradebook(args.output / GRADEBOOK_FILE, suite, records, marks)
    out.write(render_batch_summary(suite, records))
    out.write(f"\nwrote {args.output / 'grades.csv'}, {args.output / GRADEBOOK_FILE} and "
              f"{len(graded)} results in {args.output / 'results'}\n")
    _write_class_report(args.output, suite, records, out)
    failed = [record.student for record in records if record.status is not GRADED]
    if failed:
        # Loud, and not 0: a script that runs the batch must not take these as grades.
        err.write(f"{PROG}: {len(failed)} of {len(records)} submissions were not graded "
                  f"cleanly (grader error or unreadable), first: {failed[0]}; see the "
                  f"status column of grades.csv\n")
        return ExitCode.GRADER_ERROR
    return ExitCode.OK


def _write_class_report(output: Path, suite: Suite, records: List[StudentRecord],
                        out: TextIO) -> None:
    """Write the batch's report.html from the grades.csv just written, and say where."""
    from autograder.classreport import write_class_report

    out.write(f"class report: {write_class_report(output, suite, records)}\n")


@contextmanager
def _progress(total: int, what: str, err: TextIO
              ) -> Iterator[Callable[[StudentRecord], None]]:
    """Yield the function to call with each finished student's record: on a terminal it
    moves a progress bar (count, rate, time left); anywhere else (a log, a job scheduler)
    it writes one line per student, so that a long batch always shows it is alive."""
    from tqdm import tqdm

    if err.isatty():
        with tqdm(total=total, desc=what, unit="submission", file=err) as bar:
            def advance(record: StudentRecord) -> None:
                bar.set_postfix_str(f"{record.student}: {record.auto_score:g}")
                bar.update()

            yield advance
        return
    done = [0]
    started = time.monotonic()

    def report(record: StudentRecord) -> None:
        done[0] += 1
        err.write(f"{what} {done[0]}/{total}: {record.student}: {record.auto_score:g} "
                  f"({record.status.value}, {time.monotonic() - started:.0f} s so far)\n")
        err.flush()

    yield report


def calibrate_command(args: argparse.Namespace, out: TextIO, err: TextIO) -> ExitCode:
    """Grade a class folder and compare its totals with the known scores.

    ``args`` are the parsed ``calibrate`` arguments; the comparison is printed to ``out``
    and the progress to ``err``. Returns :attr:`ExitCode.OK`.
    """
    from autograder.batch import run_batch
    from autograder.classfolder import discover
    from autograder.gradesheet import write_grades_csv
    from autograder.calibrate import compare, read_truth, render_calibration

    suite = find_suite(args.assignment)
    truth = read_truth(args.truth, args.truth_scale)
    entries = discover(args.submissions)
    with _progress(len(entries), "grading", err) as advance:
        records = run_batch(suite, entries, args.output, args.jobs, progress=advance)
    write_grades_csv(args.output / "grades.csv", suite, records)
    out.write(render_calibration(suite.title, compare(records, truth, suite.auto_points)))
    return ExitCode.OK


def similarity_command(args: argparse.Namespace, out: TextIO) -> ExitCode:
    """Compare every pair of a class's submissions; print the most similar, write the report.

    ``args`` are the parsed ``similarity`` arguments; the pairs are printed to ``out``.
    Returns :attr:`ExitCode.OK`.
    """
    from autograder.similarity import (
        compare_class,
        read_class,
        render_pairs,
        write_similarity_report,
    )

    suite = find_suite(args.assignment)
    codes = read_class(suite, args.submissions)
    pairs = compare_class(suite, codes, args.boilerplate)
    write_similarity_report(args.output, suite.title, codes, pairs, args.top)
    out.write(render_pairs(pairs, args.top))
    out.write(f"\ncompared {len(pairs)} pairs of {len(codes)} submissions; wrote "
              f"{args.output}\n")
    return ExitCode.OK
