"""Time the autograder sandbox and print the figures.

For every isolation level this machine provides it prints the cost of starting
and stopping a sandbox, the per-check cost of ``call()`` (a probe: the driver
imports the submission and reports a value), of ``run()`` of ``python -c pass``
and of ``run()`` of a small script, and the wall time of a whole suite of N
probe checks (start + N calls + stop).  The same checks are then timed with no
sandbox at all (one plain ``subprocess.run`` of the interpreter per check), the
way a naive grader would run them.

    python3 benchmarks/sandbox_bench.py                  # 150 checks, every level
    python3 benchmarks/sandbox_bench.py --checks 50 --levels bwrap rlimits
"""

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from autograder.sandbox import (  # noqa: E402
    IsolationLevel,
    Sandbox,
    SandboxError,
    detect_isolation,
)

DEFAULT_CHECKS = 150
STARTS = 5
SUBMISSION = {
    "game.py": "def score(moves):\n    return sum(len(move) for move in moves)\n",
    "run.py": "import game\nprint(game.score(['up', 'left', 'down']))\n",
}
DRIVER = "import game\nreport(game.score(payload))"
PLAIN_DRIVER = "import game, json, sys\nprint(json.dumps(game.score(json.loads(sys.argv[1]))))"
PAYLOAD = ["up", "left", "down"]
MS = 1000.0


def per_check_ms(check: Callable[[], object], count: int) -> float:
    """Run ``check`` ``count`` times and return the median milliseconds of one run."""
    times = []
    for _ in range(count):
        started = time.perf_counter()
        check()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * MS


def time_level(level: IsolationLevel, submission: Path, checks: int) -> Dict[str, float]:
    """Return the figures of one isolation level (milliseconds)."""
    starts, stops = [], []
    for _ in range(STARTS):
        started = time.perf_counter()
        sandbox = Sandbox(submission, level=level).__enter__()
        entered = time.perf_counter()
        sandbox.__exit__(None, None, None)
        starts.append(entered - started)
        stops.append(time.perf_counter() - entered)
    figures = {"start": statistics.median(starts) * MS, "stop": statistics.median(stops) * MS}
    with Sandbox(submission, level=level) as sandbox:
        assert sandbox.call(DRIVER, PAYLOAD).observation == 10, "the probe must work"
        figures["call"] = per_check_ms(lambda: sandbox.call(DRIVER, PAYLOAD), checks)
        figures["run_pass"] = per_check_ms(lambda: sandbox.run(["python", "-c", "pass"]), checks)
        figures["run_script"] = per_check_ms(lambda: sandbox.run(["python", "run.py"]), checks)
    started = time.perf_counter()
    with Sandbox(submission, level=level) as sandbox:
        for _ in range(checks):
            sandbox.call(DRIVER, PAYLOAD)
    figures["suite"] = (time.perf_counter() - started) * MS
    return figures


def time_plain(submission: Path, checks: int) -> Dict[str, float]:
    """Return the same checks' figures with one plain interpreter per check and no sandbox."""
    python = sys.executable

    def run(argv: List[str]) -> None:
        subprocess.run(argv, cwd=submission, capture_output=True, check=True, timeout=60)

    probe = [python, "-c", PLAIN_DRIVER, '["up", "left", "down"]']
    figures = {"call": per_check_ms(lambda: run(probe), checks),
               "run_pass": per_check_ms(lambda: run([python, "-c", "pass"]), checks),
               "run_script": per_check_ms(lambda: run([python, "run.py"]), checks)}
    started = time.perf_counter()
    for _ in range(checks):
        run(probe)
    figures["suite"] = (time.perf_counter() - started) * MS
    return figures


def main() -> int:
    """Parse the options, time every level and the plain runs, and print one table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=DEFAULT_CHECKS,
                        help="checks per kind (default %(default)s)")
    parser.add_argument("--levels", nargs="*", choices=[level.value for level in IsolationLevel],
                        default=[level.value for level in IsolationLevel])
    args = parser.parse_args()
    started = time.perf_counter()
    detected = detect_isolation()
    print("detect_isolation() -> {} in {:.0f} ms (tried once per process)".format(
        detected.value, (time.perf_counter() - started) * MS))
    print("python {}, {} checks per kind; milliseconds (median per check)".format(
        sys.version.split()[0], args.checks))
    header = "{:<14}{:>9}{:>9}{:>10}{:>15}{:>15}{:>16}".format(
        "level", "start", "stop", "call()", "run(-c pass)", "run(script)",
        "suite of {}".format(args.checks))
    print(header)
    print("-" * len(header))
    row = "{:<14}{:>9}{:>9}{:>10.1f}{:>15.1f}{:>15.1f}{:>16.0f}"
    with tempfile.TemporaryDirectory() as folder:
        submission = Path(folder)
        for name, text in SUBMISSION.items():
            (submission / name).write_text(text)
        for value in args.levels:
            try:
                figures = time_level(IsolationLevel(value), submission, args.checks)
            except SandboxError as exc:
                print("{:<14}unavailable: {}".format(value, exc))
                continue
            print(row.format(value, "{:.0f}".format(figures["start"]),
                             "{:.0f}".format(figures["stop"]), figures["call"],
                             figures["run_pass"], figures["run_script"], figures["suite"]))
        plain = time_plain(submission, args.checks)
        print(row.format("no sandbox", "-", "-", plain["call"], plain["run_pass"],
                         plain["run_script"], plain["suite"]))
    print("call() with no sandbox = one `python -c` per probe that imports the submission")
    return 0


if __name__ == "__main__":
    sys.exit(main())
