"""Time the whole grading pipeline on a suite of many small checks.

Issue 3 asks that a suite of about 150 small checks grade in about a second. This
script writes such a suite (probes and doctest transcripts over the example "counter"
submission of tests/autograder), grades it at every isolation level the machine
provides, and prints the seconds per run and per check.

    python benchmarks/engine_bench.py [--checks 150] [--repeat 3]
"""

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from autograder import Status, grade  # noqa: E402
from autograder.sandbox import IsolationLevel, detect_isolation  # noqa: E402
from autograder.suite import load_suite  # noqa: E402

EXAMPLE = ROOT / "tests" / "autograder"
CHECK_TEMPLATE = '''
@check(item="functions", points=1, timeout=5)
def test_probe_{n}(sandbox):
    """add({n}, 1) is {m}"""
    assert sandbox.probe("import calc\\nreport(calc.add({n}, 1))") == {m}


@check(item="functions", points=1, timeout=5)
def test_doctest_{n}(sandbox):
    """a Counter incremented {n} times"""
    sandbox.doctest(""">>> c = Counter()
>>> for _ in range({n}): c.increment()
>>> c.value()
{n}
""", setup="from calc import Counter")
'''


def write_suite(folder: Path, checks: int) -> None:
    """Write a copy of the example suite with ``checks`` small checks."""
    shutil.copytree(EXAMPLE / "example_suite", folder)
    for old in folder.glob("check_*.py"):
        old.unlink()
    body = "".join(CHECK_TEMPLATE.format(n=n, m=n + 1) for n in range(checks // 2))
    (folder / "check_many.py").write_text("from autograder import check\n" + body)
    suite_file = folder / "suite.py"
    suite_file.write_text(suite_file.read_text().replace(
        'HERE.parent / "submissions" / "correct"',
        f'Path({str(EXAMPLE / "submissions" / "correct")!r})'))


def main() -> int:
    """Grade the generated suite at each level and print the timings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    strongest = detect_isolation()
    levels = list(IsolationLevel)[list(IsolationLevel).index(strongest):]
    with tempfile.TemporaryDirectory() as tmp:
        suite_dir = Path(tmp) / "many"
        write_suite(suite_dir, args.checks)
        suite = load_suite(suite_dir)
        submission = EXAMPLE / "submissions" / "correct"
        print(f"suite of {args.checks} checks (probes and doctests), best of {args.repeat}")
        for level in levels:
            times = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                result = grade(suite, submission, level)
                times.append(time.perf_counter() - started)
                assert all(o.status is Status.PASSED for o in result.outcomes), level
            best = min(times)
            print(f"  {level.value:<13} {best:6.2f} s per grading run "
                  f"({1000 * best / len(result.outcomes):5.1f} ms per check; "
                  f"median {statistics.median(times):.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
