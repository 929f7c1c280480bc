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

This module is the entry point and runs the commands on one suite (``list``, ``grade``,
``selftest``, ``init``, ``gradescope``); :mod:`autograder.cli_args` holds the arguments and
the exit statuses, :mod:`autograder.cli_class` the commands on a whole class.

Exit status: 0 when grading completed (whatever the scores), 1 when the grader could
not run (unknown assignment, missing folder, malformed truth file), 2 for a usage error,
3 when a check broke on the grader's side (``batch``: when any submission was not graded
cleanly), 4 when ``selftest`` found the suite wanting.
"""

import argparse
import atexit
import json
import os
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, List, Optional, Sequence, TextIO, Tuple

# Each command imports its own machinery when it runs: pytest and the checks' machinery
# only the commands that grade, and those while the sandbox's interpreter is already
# answering the first question a sandbox asks (see main).
from autograder.cli_args import MAX_GRADE_JOBS, PROG, ExitCode, argument_parser
from autograder.cli_class import batch_command, calibrate_command, similarity_command
from autograder.forkgrade import SERVE_COMMAND, serve
from autograder.records import GradeResult, Kind
from autograder.sandbox import IsolationLevel, ask_layout_ahead
from autograder.suite import GradingError, Suite, SuiteError, bundled_suites, find_suite
from autograder.workers import usable_cores

__all__ = ["main", "run"]

ALL_SUITES = "all"
# The commands that start sandboxes.
GRADING_COMMANDS = ("grade", "batch", "calibrate", "selftest")
# The status Python itself exits with when the standard streams cannot be flushed at exit.
FLUSH_FAILED_STATUS = 120


def _grade_jobs(asked: int) -> int:
    """Return how many workers share a grading: ``asked``, or for 0 one per core this
    process can keep busy, at most :data:`MAX_GRADE_JOBS`."""
    return asked or min(usable_cores(), MAX_GRADE_JOBS)


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
    parser = argument_parser()
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
            return batch_command(args, out, err)
        if args.command == "calibrate":
            return calibrate_command(args, out, err)
        if args.command == "selftest":
            return _selftest(args, out, err)
        if args.command == "similarity":
            return similarity_command(args, out)
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
