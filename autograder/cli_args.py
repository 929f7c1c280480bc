"""The command line's interface: its name, the arguments of each command, its exit statuses.

What a person types and what the command answers with, apart from what the commands do:
:mod:`autograder.cli` parses ``argv`` with :func:`argument_parser`, runs the command (the
commands on one suite there, those on a whole class in :mod:`autograder.cli_class`) and
returns one of the :class:`ExitCode` statuses.
"""

import argparse
import enum
from pathlib import Path

from autograder.sandbox import IsolationLevel

__all__ = ["ExitCode", "MAX_GRADE_JOBS", "PROG", "argument_parser"]

PROG = "autograder"
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


def argument_parser() -> argparse.ArgumentParser:
    """Return the parser of every command's arguments."""
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
                           help="seconds all of a submission's runs may use together, "
                                "counted in CPU time (default: the suite's)")
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
