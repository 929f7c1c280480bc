"""Time grading: each bundled reference, per isolation level, and a batch of a class.

Prints, for every bundled suite, the seconds to grade its reference at each isolation
level the machine provides (the cost of isolation: ``rlimits`` still runs the checks in
the sandbox's fork server but hides nothing; see ``sandbox_bench.py`` for the same
checks run with a plain subprocess each and no sandbox at all), then the throughput of
``autograder batch`` on a class of N copies of one reference.

    python benchmarks/batch_bench.py [--suite end_of_dayz] [--students 50] [--jobs 2]
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autograder import grade  # noqa: E402
from autograder.sandbox import IsolationLevel, detect_isolation  # noqa: E402
from autograder.suite import bundled_suites, find_suite  # noqa: E402


def time_references() -> None:
    """Print the seconds to grade every bundled reference at every available level."""
    levels = list(IsolationLevel)
    levels = levels[levels.index(detect_isolation()):]
    print("seconds to grade each bundled reference (one grading run, in-process):")
    print(f"  {'suite':<14}" + "".join(f"{level.value:>14}" for level in levels) + "   checks")
    for suite in bundled_suites():
        row, checks = [], 0
        for level in levels:
            started = time.perf_counter()
            result = grade(suite, suite.reference, level)
            row.append(time.perf_counter() - started)
            checks = len(result.outcomes)
        print(f"  {suite.name:<14}" + "".join(f"{seconds:14.2f}" for seconds in row)
              + f"   {checks:6}")


def time_batch(suite_name: str, students: int, jobs: int) -> None:
    """Print the wall time and throughput of a batch of ``students`` reference copies."""
    suite = find_suite(suite_name)
    with tempfile.TemporaryDirectory() as tmp:
        classroom = Path(tmp) / "class"
        for index in range(students):
            shutil.copytree(suite.reference, classroom / f"student{index:03d}",
                            ignore=shutil.ignore_patterns("__pycache__"))
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "autograder", "batch", suite.name,
                        str(classroom), "-o", str(Path(tmp) / "out"), "-j", str(jobs)],
                       check=True, stdout=subprocess.DEVNULL)
        seconds = time.perf_counter() - started
    print(f"batch of {students} {suite.name} submissions with {jobs} jobs: {seconds:.1f} s "
          f"({students / seconds:.2f} submissions/s, {seconds / students:.2f} s each)")


def main() -> int:
    """Run both measurements."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="end_of_dayz")
    parser.add_argument("--students", type=int, default=50)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    time_references()
    time_batch(args.suite, args.students, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
