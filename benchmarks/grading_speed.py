"""Time ``autograder grade SUITE`` on every bundled reference, as a user runs it, and a batch.

Issue 19's table: for each bundled suite, the wall time and the CPU time of the whole
``python -m autograder grade SUITE`` process tree (median of ``--repeat`` runs), and beside
them the issue's goals; then the wall time of ``autograder batch`` on a class of
``--students`` copies of the End of DayZ reference with ``--jobs`` workers. The CPU time is
the machine's busy time over the run, from /proc/stat (all cores, so run it on a quiet
machine): the sandbox's processes live in their own pid namespace and are not all reaped by
the grader, so ``getrusage`` would miss them. Without /proc/stat it falls back to getrusage.

The course's own End of DayZ test suite is not part of this repository; when its file is
given with ``--course-suite FILE`` (a unittest module run beside a copy of the reference's
a2.py), its in-process time is printed for comparison.

Then, per suite, the seconds its checks took in one grading and the slowest of them.

Where PYTHONDONTWRITEBYTECODE is set, Python never caches the bytecode of a module it compiles:
every run then compiles each grader module whose cache is missing or stale, which a user's
Python does once. The script says so; ``python -m compileall -q autograder stddraw_shim``
caches them.

    python benchmarks/grading_speed.py [--repeat 5] [--students 50] [--jobs 2] [--slowest 3]
"""

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autograder.suite import bundled_suites, find_suite  # noqa: E402

# Issue 19's goals, wall seconds per suite on a 2-core machine.
GOALS_S = {"end_of_dayz": 0.6, "acorn_maze": 1.0, "ultima": 1.0, "ultima0_1": 3.0,
           "minirogue": 4.0}
BATCH_SUITE = "end_of_dayz"
BATCH_GOAL_S = 20.0
PROC_STAT = "/proc/stat"
BYTECODE_HINT = "python -m compileall -q autograder stddraw_shim"
IDLE_FIELD, IOWAIT_FIELD = 3, 4


def busy_seconds() -> float:
    """Return the CPU seconds the whole machine has been busy since boot (or, without
    /proc/stat, this process's reaped children's CPU seconds)."""
    try:
        with open(PROC_STAT, encoding="ascii") as stat:
            fields = stat.readline().split()
    except OSError:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime
    # cpu user nice system idle iowait irq softirq steal ...: all but idle and iowait.
    ticks = [int(value) for value in fields[1:]]
    busy = sum(ticks) - ticks[IDLE_FIELD] - ticks[IOWAIT_FIELD]
    return busy / os.sysconf("SC_CLK_TCK")


def timed(argv: List[str], cwd: Optional[Path] = None) -> Tuple[float, float]:
    """Run ``argv`` to its end; return (wall seconds, CPU seconds the machine spent)."""
    before = busy_seconds()
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    wall = time.perf_counter() - start
    return wall, busy_seconds() - before


def suite_rows(repeat: int) -> List[Tuple[str, List[Tuple[float, str]], float, float]]:
    """Return (suite, its checks' (seconds, name), median wall s, median CPU s) for every
    bundled suite."""
    rows = []
    for suite in sorted(bundled_suites(), key=lambda found: found.name):
        runs = [timed([sys.executable, "-m", "autograder", "grade", suite.name])
                for _ in range(repeat)]
        rows.append((suite.name, check_seconds(suite.name), statistics.median(w for w, _ in runs),
                     statistics.median(c for _, c in runs)))
    return rows


def check_seconds(name: str) -> List[Tuple[float, str]]:
    """Return (seconds, name) of every check grading the reference of suite ``name`` runs,
    slowest first (one grading in this process; the first check also starts the sandbox)."""
    from autograder import grade
    suite = find_suite(name)
    outcomes = grade(suite, suite.reference).outcomes
    return sorted(((outcome.duration_s, outcome.name) for outcome in outcomes), reverse=True)


def batch_seconds(students: int, jobs: int) -> float:
    """Return the wall seconds of ``autograder batch`` on ``students`` reference copies."""
    reference = find_suite(BATCH_SUITE).reference
    with tempfile.TemporaryDirectory(prefix="grading-speed-") as scratch:
        classroom = Path(scratch) / "class"
        for number in range(students):
            shutil.copytree(reference, classroom / f"student_{number:03d}",
                            ignore=shutil.ignore_patterns("__pycache__"))
        wall, _cpu = timed([sys.executable, "-m", "autograder", "batch", BATCH_SUITE,
                            str(classroom), "-o", str(Path(scratch) / "out"), "-j", str(jobs)])
    return wall


def course_suite_seconds(course_suite: Path) -> float:
    """Return the wall seconds of the course's unittest suite beside the reference's a2.py."""
    reference = find_suite(BATCH_SUITE).reference
    with tempfile.TemporaryDirectory(prefix="course-suite-") as scratch:
        folder = Path(scratch)
        for name in ("a2.py", "a2_support.py"):
            shutil.copy(reference / name, folder / name)
        shutil.copytree(reference / "maps", folder / "maps")
        shutil.copy(course_suite, folder / course_suite.name)
        wall, _cpu = timed([sys.executable, "-m", "unittest", course_suite.stem], cwd=folder)
    return wall


def main() -> None:
    """Print the table, then the batch figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per suite (median)")
    parser.add_argument("--students", type=int, default=50, help="class size for batch")
    parser.add_argument("--jobs", type=int, default=2, help="batch workers")
    parser.add_argument("--course-suite", type=Path, help="the course's End of DayZ tests")
    parser.add_argument("--slowest", type=int, default=3,
                        help="the slowest checks listed per suite, where the time goes")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, median of {args.repeat} runs of "
          f"`python -m autograder grade SUITE`; seconds")
    if sys.flags.dont_write_bytecode:
        # Each run then compiles every module of the grader whose cached bytecode is missing
        # or older than its source: what a user's Python does only once.
        print(f"PYTHONDONTWRITEBYTECODE is set: modules without cached bytecode are compiled "
              f"in every run ({BYTECODE_HINT} caches them)")
    print(f"{'suite':<14}{'checks':>7}{'wall':>9}{'CPU':>9}{'goal':>9}")
    rows = suite_rows(args.repeat)
    for name, checks, wall, cpu in rows:
        goal = GOALS_S.get(name)
        print(f"{name:<14}{len(checks):>7}{wall:>9.2f}{cpu:>9.2f}"
              f"{goal if goal is not None else '-':>9}")
    for name, checks, _wall, _cpu in rows:
        print(f"{name}: checks {sum(seconds for seconds, _ in checks):.2f} s in all; slowest: "
              + "; ".join(f"{seconds:.2f} s {check}" for seconds, check in checks[:args.slowest]))
    if args.course_suite is not None:
        print(f"course's End of DayZ suite, in process: "
              f"{course_suite_seconds(args.course_suite):.2f} s")
    else:
        print("course's End of DayZ suite: not run (give --course-suite FILE)")
    seconds = batch_seconds(args.students, args.jobs)
    print(f"batch of {args.students} {BATCH_SUITE} submissions, -j {args.jobs}: "
          f"{seconds:.1f} s (goal {BATCH_GOAL_S:g} s)")


if __name__ == "__main__":
    main()
