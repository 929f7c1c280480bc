"""Compare the grading speed of two checkouts of this project, run by turns.

``grading_speed.py`` times one checkout; run once for each of two checkouts, its figures
differ by as much as the machine's mood between the two runs (10 to 20 % on a shared
2-core machine). This script runs ``python -m autograder grade SUITE`` in the two checkouts
by turns (old, new, then new, old, ...), so a slow spell of the machine falls on both, and
prints for each suite the median wall time and the median CPU time of the whole process
tree. The CPU time is read from a cgroup of its own that this script moves into, so its runs
start there (cgroup v1's cpuacct or v2's cpu.stat) and other work on the machine does not
count; where no cgroup can be made, it is the machine's busy time from /proc/stat, and the
table says so.

    python benchmarks/compare_checkouts.py OLD_CHECKOUT NEW_CHECKOUT [--repeat 8]
        [--suites end_of_dayz ultima] [--class-size 12]

With ``--class-size N`` each suite is also graded as an instructor grades a class:
``python -m autograder batch SUITE CLASS`` on a folder of N copies of the suite's reference
(every submission graded again each time), where one process imports the grader and forks
the gradings, so what a single ``grade`` pays once per process weighs less.

Both checkouts are run with their own folder (and its ``booksite/``, where there is one)
first on PYTHONPATH, and their modules compiled first, so neither pays for compiling.
"""

import argparse
import os
import statistics
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
SUITES = ("acorn_maze", "end_of_dayz", "minirogue", "ultima", "ultima0_1")
CGROUP_NAME = "autograder-compare-checkouts"
CGROUP_V1_CPU = Path("/sys/fs/cgroup/cpuacct")
CGROUP_ROOT = Path("/sys/fs/cgroup")
NANOSECONDS = 1e9
MICROSECONDS = 1e6
# /proc/stat's first line: user, nice, system, idle, iowait, irq, softirq (clock ticks).
BUSY_COLUMNS = (0, 1, 2, 5, 6)


class CpuMeter:
    """Reads the CPU time used by this process and the processes it starts."""

    def __init__(self) -> None:
        """Move this process into a cgroup of its own, or, where none can be made, read the
        machine's busy time instead (``self.whole_machine``)."""
        self.group: Optional[Path] = None
        self.whole_machine = False
        for group, usage in ((CGROUP_V1_CPU / CGROUP_NAME, "cpuacct.usage"),
                             (self._v2_parent() / CGROUP_NAME, "cpu.stat")):
            try:
                group.mkdir(exist_ok=True)
                (group / "cgroup.procs").write_text(str(os.getpid()))
            except OSError:
                continue
            self.group, self._usage_file = group, usage
            return
        self.whole_machine = True

    def close(self) -> None:
        """Move this process back to the group it came from and remove the group made for
        it (a group can only be removed once no process is in it)."""
        if self.group is None:
            return
        try:
            (self.group.parent / "cgroup.procs").write_text(str(os.getpid()))
            self.group.rmdir()
        except OSError:
            pass  # left behind, empty: the next comparison uses it again

    @staticmethod
    def _v2_parent() -> Path:
        """Return the cgroup v2 folder this process is in (where a group of ours may go)."""
        try:
            line = Path("/proc/self/cgroup").read_text().splitlines()[-1]
            return CGROUP_ROOT / line.split("::", 1)[1].lstrip("/")
        except (OSError, IndexError):
            return CGROUP_ROOT

    def seconds(self) -> float:
        """Return the CPU seconds used so far (by the group, or by the whole machine)."""
        if self.group is None:
            with open("/proc/stat") as stat:
                ticks = [int(value) for value in stat.readline().split()[1:]]
            return sum(ticks[column] for column in BUSY_COLUMNS) / os.sysconf("SC_CLK_TCK")
        text = (self.group / self._usage_file).read_text()
        if self._usage_file == "cpuacct.usage":
            return int(text) / NANOSECONDS
        usage = dict(line.split() for line in text.splitlines())
        return int(usage["usage_usec"]) / MICROSECONDS


def environment(checkout: Path) -> Dict[str, str]:
    """Return the environment a run in ``checkout`` gets: its folders first on the path."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    paths = [str(checkout)]
    if (checkout / "booksite").is_dir():
        paths.append(str(checkout / "booksite"))
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def timed_run(checkout: Path, argv: List[str], meter: CpuMeter) -> Tuple[float, float]:
    """Run ``python -m autograder ARGV`` in ``checkout``; return (wall s, CPU s).

    Raises:
        RuntimeError: the run failed (its last lines of output say why).
    """
    cpu_before, started = meter.seconds(), time.monotonic()
    ran = subprocess.run([sys.executable, "-m", "autograder"] + argv, cwd=checkout,
                         env=environment(checkout), stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    wall, cpu = time.monotonic() - started, meter.seconds() - cpu_before
    if ran.returncode != 0:
        raise RuntimeError(f"{checkout}: autograder {' '.join(argv)} failed:\n"
                           + "\n".join(ran.stdout.splitlines()[-8:]))
    return wall, cpu


def main() -> int:
    """Time each suite in both checkouts by turns and print the table; return 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the checkout to compare against")
    parser.add_argument("new", type=Path, nargs="?", default=ROOT,
                        help="the checkout to measure (default: this one)")
    parser.add_argument("--repeat", type=int, default=8, help="runs per suite and checkout")
    parser.add_argument("--suites", nargs="+", default=list(SUITES))
    parser.add_argument("--class-size", type=int, default=0, metavar="N",
                        help="also grade a class of N copies of each reference with batch")
    args = parser.parse_args()
    checkouts = [args.old.resolve(), args.new.resolve()]
    for checkout in checkouts:
        subprocess.run([sys.executable, "-m", "compileall", "-q", "autograder"],
                       cwd=checkout, env=environment(checkout), stdout=subprocess.DEVNULL,
                       check=False)
    meter = CpuMeter()
    print(f"python {sys.version.split()[0]}; median of {args.repeat} runs each, by turns; "
          f"CPU of {'the whole machine' if meter.whole_machine else 'the run process tree'}")
    print(f"{'suite':12} {'wall old':>9} {'wall new':>9} {'CPU old':>9} {'CPU new':>9} "
          f"{'CPU change':>10}")
    try:
        for suite in args.suites:
            print_suite(suite, checkouts, args.repeat, meter)
        if args.class_size:
            print(f"batch of {args.class_size}")
            for suite in args.suites:
                print_batch(suite, checkouts, args.repeat, args.class_size, meter)
    finally:
        meter.close()
    return 0


def print_suite(suite: str, checkouts: List[Path], repeat: int, meter: CpuMeter) -> None:
    """Grade ``suite`` ``repeat`` times in each checkout by turns; print its table line."""
    print_line(suite, by_turns(checkouts, repeat, lambda checkout, turn: ["grade", suite], meter))


def print_batch(suite: str, checkouts: List[Path], repeat: int, size: int,
                meter: CpuMeter) -> None:
    """Grade a class of ``size`` copies of ``suite``'s reference with ``batch``,
    ``repeat`` times in each checkout by turns; print its table line."""
    reference = subprocess.run(
        [sys.executable, "-c", "import sys; from autograder.suite import find_suite; "
         "print(find_suite(sys.argv[1]).reference)", suite], cwd=checkouts[1],
        env=environment(checkouts[1]), stdout=subprocess.PIPE, text=True, check=True)
    with tempfile.TemporaryDirectory() as scratch:
        classroom = Path(scratch) / "class"
        for number in range(size):
            shutil.copytree(reference.stdout.strip(), classroom / f"student_{number:03d}")

        def argv(checkout: Path, turn: int) -> List[str]:
            output = Path(scratch) / f"output_{checkouts.index(checkout)}_{turn}"
            return ["batch", suite, str(classroom), "--output", str(output), "--force"]

        print_line(suite, by_turns(checkouts, repeat, argv, meter))


def by_turns(checkouts: List[Path], repeat: int, argv: Callable[[Path, int], List[str]],
             meter: CpuMeter) -> Dict[Path, List[Tuple[float, float]]]:
    """Run ``python -m autograder argv(checkout, turn)`` ``repeat`` times in each checkout,
    by turns (old, new, then new, old, ...); return each checkout's (wall s, CPU s)."""
    figures: Dict[Path, List[Tuple[float, float]]] = {checkout: [] for checkout in checkouts}
    for turn in range(repeat):
        for checkout in checkouts if turn % 2 == 0 else checkouts[::-1]:
            figures[checkout].append(timed_run(checkout, argv(checkout, turn), meter))
    return figures


def print_line(name: str, figures: Dict[Path, List[Tuple[float, float]]]) -> None:
    """Print one table line: the median wall and CPU times of the two checkouts."""
    checkouts = list(figures)
    walls = [statistics.median(wall for wall, _ in figures[checkout])
             for checkout in checkouts]
    cpus = [statistics.median(cpu for _, cpu in figures[checkout]) for checkout in checkouts]
    change = (cpus[1] - cpus[0]) / cpus[0] * 100
    print(f"{name:12} {walls[0]:9.2f} {walls[1]:9.2f} {cpus[0]:9.2f} {cpus[1]:9.2f} "
          f"{change:+9.1f}%")


if __name__ == "__main__":
    sys.exit(main())
