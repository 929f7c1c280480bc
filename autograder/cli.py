"""Command line: ``autograder list``, ``grade``, ``batch``, ``calibrate``, ``selftest``,
``similarity``, ``init`` and ``gradescope``.

``autograder grade ASSIGNMENT SUBMISSION_DIR`` grades one submission and prints its
report; ``autograder grade ASSIGNMENT`` grades the bundled reference solution;
``autograder grade all`` grades every bundled reference and prints one table;
``autograder batch ASSIGNMENT SUBMISSIONS`` grades a whole class (see
:mod:`autograder.batch`); ``autograder gradescope ASSIGNMENT -o FILE.zip`` builds an
upload-ready Gradescope bundle (see :mod:`autograder.gradescope`);
``autograder calibrate ASSIGNMENT SUBMISSIONS --truth FILE.csv`` grades a class and
compares its totals with known scores (see :mod:`autograder.calibrate`);
``autograder selftest SUITE`` grades a suite's reference and its declared mistakes,
``autograder similarity ASSIGNMENT SUBMISSIONS`` ranks every pair of submissions by the code
they share (see :mod:`autograder.similarity`), and ``autograder init FOLDER`` starts a new
suite from a working template.

Exit status: 0 when grading completed (whatever the scores), 1 when the grader could
not run (unknown assignment, missing folder, malformed truth file), 2 for a usage error,
3 when a check broke on the grader's side (``batch``: when any submission was not graded
cleanly), 4 when ``selftest`` found the suite wanting.
"""

import argparse
import atexit
import enum
import json
import os
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, List, Optional, Sequence, TextIO, Tuple

# Each command imports its own machinery when it runs: pytest and the checks' machinery
# only the commands that grade, and those while the sandbox's interpreter is already
# answering the first question a sandbox asks (see main).
from autograder.forkgrade import SERVE_COMMAND, serve
from autograder.records import GradeResult, Kind, StudentRecord
from autograder.sandbox import IsolationLevel, ask_layout_ahead
from autograder.suite import GradingError, Suite, SuiteError, bundled_suites, find_suite
from autograder.workers import usable_cores

__all__ = ["ExitCode", "main", "run"]

PROG = "autograder"
# In a batch's output folder: the marks people give (read, never written), and the export
# for a learning system's gradebook.
MARKS_FILE = "marks.csv"
GRADEBOOK_FILE = "gradebook.csv"
ALL_SUITES = "all"
# The commands that start sandboxes.
GRADING_COMMANDS = ("grade", "batch", "calibrate", "selftest")
# The status Python itself exits with when the standard streams cannot be flushed at exit.
FLUSH_FAILED_STATUS = 120
# The most workers one grading starts by default: past a few, another sandbox costs more
# than its share of the checks saves.
MAX_GRADE_JOBS = 4
# How many of the most similar pairs `similarity` prints and shows side by side.
SIMILAR_PAIRS_SHOWN = 10


class ExitCode(enum.IntEnum):
    """The command's exit statuses."""

    OK = 0
    CANNOT_RUN = 1
    USAGE = 2
    GRADER_ERROR = 3
    SELFTEST_FAILED = 4
    # The shells' status for a command ended by Ctrl-C (128 + SIGINT).
    INTERRUPTED = 130


def _job_count(text: str) -> int:
    """Parse a ``--jobs`` value: a whole number, 0 meaning one per CPU core."""
    try:
        count = int(text)
    except ValueError:
        count = -1
    if count < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of jobs (0 or more)")
    return count


def _grade_jobs(asked: int) -> int:
    """Return how many workers share a grading: ``asked``, or for 0 one per core this
    process can keep busy, at most :data:`MAX_GRADE_JOBS`."""
    return asked or min(usable_cores(), MAX_GRADE_JOBS)


def _parser() -> argparse.ArgumentParser:
    """Return the argument parser."""
    parser = argparse.ArgumentParser(prog=PROG, description="Grade game assignments in a sandbox.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="show the bundled suites and their rubric totals")
    grade_cmd = commands.add_parser("grade", help="grade a submission (or the references)")
    grade_cmd.add_argument("assignment", help="a bundled suite's name, a suite folder, or 'all'")
    grade_cmd.add_argument("submission", nargs="?", type=Path,
                           help="the submission folder or zip (default: the bundled reference)")
    grade_cmd.add_argument("--json", type=Path, metavar="FILE",
                           help="also write Gradescope's results.json to FILE")
    grade_cmd.add_argument("--isolation", choices=[level.value for level in IsolationLevel],
                           help="force a sandbox isolation level (default: the strongest)")
    grade_cmd.add_argument("--time-budget", type=float, metavar="SECONDS",
                           help="seconds all of a submission's runs may take together "
                                "(default: the suite's)")
    grade_cmd.add_argument("--record", type=Path, metavar="FILE",
                           help="also write the full result (every check) as JSON to FILE")
    grade_cmd.add_argument("--attachments", type=Path, metavar="DIR",
                           help="save the files checks attach (a PNG of the game) in DIR")
    grade_cmd.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                           help="colour the report (default: only on a terminal)")
    grade_cmd.add_argument("-j", "--jobs", type=_job_count, default=0,
                           help="processes that share a submission's checks, each with "
                                f"its own sandbox (default: one per CPU core, at most "
                                f"{MAX_GRADE_JOBS})")
    batch_cmd = commands.add_parser("batch", help="grade every submission of a class")
    batch_cmd.add_argument("assignment", help="a bundled suite's name or a suite folder")
    batch_cmd.add_argument("submissions", type=Path,
                           help="a folder with one sub-folder or zip per student "
                                "(a Gradescope export works as it is)")
    batch_cmd.add_argument("-o", "--output", type=Path, default=Path("grading-output"),
                           help="where grades.csv and the per-student files go "
                                "(default: grading-output)")
    batch_cmd.add_argument("-j", "--jobs", type=int, default=0,
                           help="submissions graded at once (default: one per CPU core)")
    batch_cmd.add_argument("--force", action="store_true",
                           help="grade again even submissions whose files did not change")
    batch_cmd.add_argument("--isolation", choices=[level.value for level in IsolationLevel],
                           help="force a sandbox isolation level (default: the strongest)")
    batch_cmd.add_argument("--only", nargs="+", metavar="STUDENT",
                           help="grade these students again (as grades.csv names them) and "
                                "keep every other row as the last run left it")
    batch_cmd.add_argument("--marks", type=Path, metavar="FILE.csv",
                           help="the marks people gave (student,item,score,marker,note), "
                                "read and never written (default: OUTPUT/marks.csv)")
    calibrate_cmd = commands.add_parser(
        "calibrate", help="grade a class and compare with known scores (trust a suite)")
    calibrate_cmd.add_argument("assignment", help="a bundled suite's name or a suite folder")
    calibrate_cmd.add_argument("submissions", type=Path,
                               help="a folder with one sub-folder or zip per student")
    calibrate_cmd.add_argument("--truth", type=Path, required=True, metavar="FILE.csv",
                               help="known scores: a CSV file with columns student, score")
    calibrate_cmd.add_argument("--truth-scale", type=float, default=1.0, metavar="FACTOR",
                               help="multiply every known score by FACTOR to put it on the "
                                    "suite's scale (e.g. 8 for a pass fraction of 0 to 1)")
    calibrate_cmd.add_argument("-o", "--output", type=Path, default=Path("calibration-output"),
                               help="where the graded results go (default: calibration-output)")
    calibrate_cmd.add_argument("-j", "--jobs", type=int, default=0,
                               help="submissions graded at once (default: one per CPU core)")
    selftest_cmd = commands.add_parser(
        "selftest", help="grade a suite's reference and its declared mistakes (variants.py)")
    selftest_cmd.add_argument("assignment", help="a bundled suite's name or a suite folder")
    similar_cmd = commands.add_parser(
        "similarity", help="compare every pair of a class's submissions (handed-out code "
                           "left out) and write a report with the matches side by side")
    similar_cmd.add_argument("assignment", help="a bundled suite's name or a suite folder")
    similar_cmd.add_argument("submissions", type=Path,
                             help="a folder with one sub-folder or zip per student")
    similar_cmd.add_argument("-o", "--output", type=Path, default=Path("similarity.html"),
                             help="the HTML report to write (default: similarity.html)")
    similar_cmd.add_argument("--boilerplate", type=Path, nargs="+", default=[], metavar="PATH",
                             help="more handed-out files or folders (starter code) to ignore")
    similar_cmd.add_argument("--top", type=int, default=SIMILAR_PAIRS_SHOWN, metavar="N",
                             help=f"pairs printed and shown side by side (default: "
                                  f"{SIMILAR_PAIRS_SHOWN})")
    init_cmd = commands.add_parser("init", help="start a new suite from a working template")
    init_cmd.add_argument("folder", type=Path, help="the new suite's folder (must not exist)")
    bundle_cmd = commands.add_parser("gradescope", help="build a Gradescope autograder zip")
    bundle_cmd.add_argument("assignment", help="a bundled suite's name or a suite folder")
    bundle_cmd.add_argument("-o", "--output", type=Path, required=True, metavar="FILE.zip",
                            help="the zip file to write")
    return parser


def _list(out: TextIO) -> ExitCode:
    """Print every bundled suite with its auto, manual and total points."""
    suites = bundled_suites()
    if not suites:
        out.write("no suites are bundled yet\n")
    for suite in suites:
        manual = suite.total_points - suite.auto_points
        out.write(f"{suite.name:<16} {suite.title:<40} auto {suite.auto_points:g}"
                  f" + manual {manual:g} = {suite.total_points:g}\n")
        for item in suite.rubric:
            kind = "auto" if item.kind is Kind.AUTO else "manual"
            out.write(f"    {item.title:<52} {item.points:>5g}  {kind}\n")
    return ExitCode.OK


def _targets(assignment: str, submission: Optional[Path]) -> List[Tuple[Suite, Path]]:
    """Return (suite, submission folder) pairs to grade.

    Raises:
        SuiteError: unknown assignment, or a suite without a bundled reference.
    """
    suites = bundled_suites() if assignment == ALL_SUITES else [find_suite(assignment)]
    if assignment == ALL_SUITES and submission is not None:
        raise SuiteError("'all' grades the bundled references; give no submission folder")
    pairs = []
    for suite in suites:
        folder = submission if submission is not None else suite.reference
        if folder is None:
            raise SuiteError(f"suite {suite.name!r} has no bundled reference; "
                             f"give a submission folder")
        pairs.append((suite, folder))
    return pairs


@contextmanager
def _unzipped(path: Path) -> Iterator[Path]:
    """Yield the submission folder ``path`` names: the folder itself, or, for a zip file
    (as ``batch`` takes them), a temporary folder it is unpacked into safely, removed after.

    Raises:
        ValueError: the zip cannot be read, is too large or escapes its folder.
    """
    if not Path(path).is_file():
        yield Path(path)
        return
    from autograder.classfolder import unzip_submission

    with tempfile.TemporaryDirectory(prefix="autograder-unzipped-") as scratch:
        yield unzip_submission(Path(path), Path(scratch) / Path(path).stem)


def _write_json(path: Path, result: GradeResult) -> None:
    """Write Gradescope's results.json for ``result`` to ``path``."""
    from autograder.report import gradescope_results

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(gradescope_results(result), indent=2) + "\n", encoding="utf-8")


def _grade(args: argparse.Namespace, out: TextIO, err: TextIO) -> ExitCode:
    """Grade what the arguments name and print the reports."""
    from autograder.grading import grade, save_attachments
    from autograder.report import render_summary_table, render_text

    colour = args.color == "always" or (args.color == "auto" and out.isatty())
    level = IsolationLevel(args.isolation) if args.isolation else None
    pairs = _targets(args.assignment, args.submission)
    if not pairs:
        err.write(f"{PROG}: no suites are bundled yet, so there is nothing to grade\n")
        return ExitCode.OK
    results = []
    for suite, folder in pairs:
        with _unzipped(folder) as unpacked:
            result = grade(suite, unpacked, level, args.time_budget, _grade_jobs(args.jobs))
        results.append(result)
        if len(pairs) == 1:
            out.write(render_text(result, colour))
        if args.json:
            _write_json(args.json, result)
        if args.attachments:
            folder = args.attachments if len(pairs) == 1 else args.attachments / suite.name
            for path in save_attachments(result, folder):
                out.write(f"saved {path}\n")
        if args.record:
            args.record.parent.mkdir(parents=True, exist_ok=True)
            args.record.write_text(json.dumps(result.to_dict(), indent=2) + "\n",
                                   encoding="utf-8")
    if len(pairs) > 1:
        out.write(render_summary_table(results, colour))
    broken = [o for r in results for o in r.grader_errors]
    if broken:
        err.write(f"{PROG}: {len(broken)} check(s) broke on the grader's side, first: "
                  f"{broken[0].name}: {broken[0].message}\n")
        return ExitCode.GRADER_ERROR
    return ExitCode.OK


def _batch(args: argparse.Namespace, out: TextIO, err: TextIO) -> ExitCode:
    """Grade a class folder, write grades.csv and print the summary."""
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


def _calibrate(args: argparse.Namespace, out: TextIO, err: TextIO) -> ExitCode:
    """Grade a class folder and compare its totals with the known scores."""
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


def _selftest(args: argparse.Namespace, out: TextIO, err: TextIO) -> ExitCode:
    """Grade the suite's reference and variants; say what is wrong."""
    from autograder.selftest import selftest

    suite = find_suite(args.assignment)
    def progress(line: str) -> None:
        """Show each variant's line as soon as it is graded, even in a log file."""
        out.write(line + "\n")
        out.flush()

    problems = selftest(suite, progress=progress)
    for problem in problems:
        err.write(f"{PROG}: selftest: {problem}\n")
    if problems:
        return ExitCode.SELFTEST_FAILED
    out.write(f"{suite.title}: the reference passes every check, every declared mistake "
              f"loses points in its item and every accepted variant keeps full marks\n")
    return ExitCode.OK


def _similarity(args: argparse.Namespace, out: TextIO) -> ExitCode:
    """Compare every pair of a class's submissions; print the most similar, write the report."""
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


def _init(args: argparse.Namespace, out: TextIO) -> ExitCode:
    """Write a new suite folder from the template."""
    from autograder.template import write_template

    name = args.folder.name
    if not name.isidentifier():
        raise ValueError(f"{args.folder}: a suite's folder name must be a Python identifier "
                         f"(letters, digits, underscores)")
    write_template(args.folder, name)
    out.write(f"wrote the suite {args.folder}: try `{PROG} selftest {args.folder}`, then "
              f"change the rubric, the reference and the checks one at a time\n")
    return ExitCode.OK


def main(argv: Optional[Sequence[str]] = None, out: TextIO = sys.stdout,
         err: TextIO = sys.stderr) -> int:
    """Run the command line and return its exit status.

    Args:
        argv: the arguments (``sys.argv[1:]`` when None).
        out: where reports are written.
        err: where one-line errors are written.
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == [SERVE_COMMAND]:
        # A batch's forking process (autograder.forkgrade): every grading it forks runs main.
        serve(main)
        return ExitCode.OK
    parser = _parser()
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exit_request:
        return int(exit_request.code or 0) and ExitCode.USAGE
    if args.command in GRADING_COMMANDS:
        ask_layout_ahead()
    try:
        if args.command == "list":
            return _list(out)
        if args.command == "batch":
            return _batch(args, out, err)
        if args.command == "calibrate":
            return _calibrate(args, out, err)
        if args.command == "selftest":
            return _selftest(args, out, err)
        if args.command == "similarity":
            return _similarity(args, out)
        if args.command == "init":
            return _init(args, out)
        if args.command == "gradescope":
            from autograder.gradescope import build_bundle

            count = build_bundle(find_suite(args.assignment), args.output)
            out.write(f"wrote {args.output} ({count} files): upload it as the "
                      f"assignment's autograder\n")
            return ExitCode.OK
        return _grade(args, out, err)
    except (SuiteError, GradingError, OSError, ValueError) as problem:  # one line, no trace
        err.write(f"{PROG}: {problem}\n")
        return ExitCode.CANNOT_RUN
    except KeyboardInterrupt:
        # Ctrl-C: every sandbox was stopped on the way out (their finally clauses); what
        # was written stays (a batch's finished records, its grades.csv so far).
        err.write(f"{PROG}: interrupted\n")
        return ExitCode.INTERRUPTED


def run() -> None:
    """Be the ``autograder`` command (and ``python -m autograder``): run :func:`main` with the
    process's arguments, then end the process with its status.

    The end is an ordinary exit's without the interpreter's teardown: threads are waited
    for, exit handlers run and the standard streams are flushed, as at any exit, but the
    objects of the grader, pytest and the suites are not then freed one by one (about 40 ms
    after a grading, on nothing that still needs doing). mypy ends the same way.
    """
    status = main()
    threading._shutdown()  # what an exit does first: wait for the threads still running
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            status = status or FLUSH_FAILED_STATUS
    os._exit(status)
