"""Verdicts of "too slow" that do not depend on the machine's load (issue 33).

A run's timeout is its time budget, judged by the CPU time the run used
(``autograder/sandbox/server/usage.py``, applied by ``monitor.py``, "the time rule"): a correct
program that a busy machine runs slowly keeps its verdict, a program that sleeps or spins is
still cut, and a run the machine starves is cut by the wall-clock backstop only after a
second try.

Each test loads the machine with busy processes of its own, LOAD_PER_CPU per core, killed
when it ends; each runs in a session of its own, so that the scheduler's per-session groups
(autogroup) cannot shelter the sandbox, whose runs have sessions of their own, from them.
Amounts of work are counted loops calibrated here from a measured CPU rate; the tests
assert verdicts and outputs, never times. Every test runs at each isolation level the
machine has.
"""

import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest
from levels import LEVELS

import autograder.sandbox as sandbox_module
from autograder import PROJECT_ROOT, find_suite, grade
from autograder.harness import TERMINAL_KEY_S, Runner
from autograder.sandbox import Fault, IsolationLevel, Limits, RunResult, Sandbox
from autograder.sandbox.server.protocol import Request

# Busy processes started per core while a test wants the machine loaded.
LOAD_PER_CPU = 3
# What a busy process prints once it runs, so that no run starts before the load is there.
HOG_READY = b"busy\n"
HOG_SOURCE = ("import sys\nsys.stdout.buffer.write({!r})\nsys.stdout.flush()\n"
              "while True:\n    pass\n")
# The counted loop, as a module-level program (a run's ``python -c`` or a call's driver):
# calibrated here in the same shape, since a loop at module level runs at its own speed.
BURN_SOURCE = "for _ in range({}):\n    pass\n"
CALIBRATION_COUNT = 1_000_000
CALIBRATION_CPU_S = 0.3
# A slow but correct program needs this much CPU (measured on the loaded machine) and gets
# a budget this many times as large: CPU time itself grows under load where cores share
# their units (SMT, or a busy host under a virtual machine), so the margin covers that.
SLOW_RUN_CPU_S = 0.4
BUDGET_FACTOR = 2.5
SLOW_RUN_BUDGET_S = SLOW_RUN_CPU_S * BUDGET_FACTOR
# The first part of a held call does this many times a slow run's work, alone more than
# the budget of the part that follows it (even run on a quiet machine, where the same work
# takes less CPU time than under load).
EARLIER_PART_FACTOR = 5
HANG_BUDGET_S = 1.0
BUSY_BUDGET_S = 0.5
# A run that lowers its own priority this far gets almost no CPU on a loaded machine.
LOWEST_PRIORITY = 19
STARVED_BUDGET_S = 0.5
ACORN_SUITE = find_suite("acorn_maze")
# The acorn solver is slowed down only on this board and mode, so one check is affected.
SLOWED_BOARD = "course_boards/board_hard.txt"
SLOWED_MODE = "BFS"
SLOWED_CHECK = "test_bfs_course_board_hard"
# The slowed solver takes at least this many times the check's limit under the test's load
# (so the old wall-clock rule would fail it), and stays well inside the check's own code limit.
SOLVER_LOADED_WALL_FACTOR = 2
# The acorn grading's load: heavier, so that twice the limit of wall time is little CPU time.
SOLVER_LOAD_PER_CPU = 5


def burn_source(count: int) -> str:
    """Return a module-level program that counts ``count`` times and does nothing else."""
    return BURN_SOURCE.format(count)


def measure_loop() -> Tuple[float, float]:
    """Run the counted loop here, in this process, until it has used CALIBRATION_CPU_S of
    CPU; return (iterations per CPU second, CPU seconds per wall second)."""
    count = CALIBRATION_COUNT
    while True:
        code = compile(burn_source(count), "<calibration>", "exec")
        cpu, wall = time.process_time(), time.monotonic()
        exec(code, {})
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
        if cpu >= CALIBRATION_CPU_S:
            return count / cpu, cpu / wall
        count *= 2


@contextmanager
def machine_load(per_cpu: int = LOAD_PER_CPU) -> Iterator[None]:
    """Keep ``per_cpu`` busy processes per core running, each in a session of its own."""
    hogs: List[subprocess.Popen] = []
    try:
        for _ in range(per_cpu * (os.cpu_count() or 1)):
            hogs.append(subprocess.Popen([sys.executable, "-c", HOG_SOURCE.format(HOG_READY)],
                                         stdout=subprocess.PIPE, start_new_session=True))
        for hog in hogs:
            assert hog.stdout is not None and hog.stdout.readline() == HOG_READY
        yield
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()
            if hog.stdout is not None:
                hog.stdout.close()


@pytest.fixture(scope="module")
def loaded_rate() -> float:
    """Iterations per CPU second of the counted loop while the machine is loaded."""
    with machine_load():
        return measure_loop()[0]


@contextmanager
def sandbox_at(level: IsolationLevel, root: Path) -> Iterator[Sandbox]:
    """Start a sandbox at ``level`` on an empty submission under ``root``."""
    submission = root / "submission"
    submission.mkdir(parents=True)
    with Sandbox(submission, level=level, limits=Limits(wall_s=HANG_BUDGET_S)) as box:
        yield box


def outcome(result: RunResult) -> Tuple[object, ...]:
    """Return what a verdict rests on: exit status, output, fault and observation."""
    return result.returncode, result.stdout, result.fault, result.observation


# A program's work done in the run's own process, or in a child it waits for (the CPU time
# of the run's descendants counts too).
SLOW_PROGRAMS = {
    "in its own process": "{burn}print('done')\n",
    "in a child process": ("import subprocess, sys\n"
                           "subprocess.run([sys.executable, '-c', {burn!r}], check=True)\n"
                           "print('done')\n"),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("where", sorted(SLOW_PROGRAMS))
def test_a_slow_but_correct_program_passes_on_a_loaded_machine_as_on_a_quiet_one(
        level: IsolationLevel, where: str, tmp_path: Path, loaded_rate: float) -> None:
    """Issue 33: a program within its budget of CPU time keeps its verdict under load."""
    program = SLOW_PROGRAMS[where].format(
        burn=burn_source(int(SLOW_RUN_CPU_S * loaded_rate)))
    with sandbox_at(level, tmp_path) as box:
        quiet = box.run(["python", "-c", program], timeout=SLOW_RUN_BUDGET_S)
        with machine_load():
            loaded = box.run(["python", "-c", program], timeout=SLOW_RUN_BUDGET_S)
    assert outcome(quiet) == (0, b"done\n", None, None)
    assert outcome(loaded) == outcome(quiet)


# Programs that wait, not compute: the wall clock still judges them, at their budget.
WAITING_PROGRAMS = {
    "sleeps": "import time\ntime.sleep(600)\n",
    "waits for a sleeping child": ("import subprocess, sys\nsubprocess.run([sys.executable, "
                                   "'-c', 'import time; time.sleep(600)'])\n"),
}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("what", sorted(WAITING_PROGRAMS))
def test_a_program_that_waits_is_cut_at_its_budget_even_under_load(
        level: IsolationLevel, what: str, tmp_path: Path) -> None:
    """A hang costs no more than before: cut for waiting, never left to the backstop."""
    with sandbox_at(level, tmp_path) as box, machine_load():
        result = box.run(["python", "-c", WAITING_PROGRAMS[what]], timeout=HANG_BUDGET_S)
    assert (result.fault, result.backstop) == (Fault.TIMEOUT, False)
    assert result.fault_message == "timed out after 1 s"


@pytest.mark.parametrize("level", LEVELS)
def test_a_busy_loop_is_cut_when_its_cpu_time_reaches_the_budget_under_load(
        level: IsolationLevel, tmp_path: Path) -> None:
    """A program too slow for its budget still times out, by the CPU rule, not the backstop."""
    with sandbox_at(level, tmp_path) as box, machine_load():
        result = box.run(["python", "-c", "while True:\n    pass\n"], timeout=BUSY_BUDGET_S)
    assert (result.fault, result.backstop, result.returncode) == (Fault.TIMEOUT, False, None)
    assert result.fault_message == "timed out after 0.5 s"


@pytest.mark.parametrize("level", LEVELS)
def test_each_fed_part_of_a_held_call_is_judged_on_its_own_cpu_time(
        level: IsolationLevel, tmp_path: Path, loaded_rate: float) -> None:
    """A held call's part has a budget of its own: what earlier parts used is not charged."""
    first_count = int(EARLIER_PART_FACTOR * SLOW_RUN_CPU_S * loaded_rate)
    driver = (burn_source(first_count) + "report('first')\nmore()\n"
              + burn_source(int(SLOW_RUN_CPU_S * loaded_rate)) + "report('second')\n")
    with sandbox_at(level, tmp_path) as box:
        first = box.call(driver, hold=True, timeout=EARLIER_PART_FACTOR * SLOW_RUN_BUDGET_S)
        assert (first.observation, first.fault) == ("first", None)
        with machine_load():
            second = box.feed(first.session, None, timeout=SLOW_RUN_BUDGET_S)
    assert outcome(second) == (0, b"", None, "second")


# A program that sleeps this long uses little CPU time. The others spin until their own
# CPU clock shows what they are to use (no calibration: the test process may be traced by
# coverage, the child never is): a run, then a held call's first part and its second.
SLEEP_S = 1.0
SPIN_SOURCE = ("import time\nspin_until = time.process_time() + {seconds}\n"
               "while time.process_time() < spin_until:\n    pass\n")
SPIN_CPU_S, HELD_FIRST_CPU_S, HELD_SECOND_CPU_S = 0.4, 0.6, 0.05
# What a run costs beyond the spin it was asked for (its start and end in the child) is
# far below this share of the spin; a paused child's CPU time is read from /proc in clock
# ticks, which may show up to this share of the spin less than the child's own clock.
COUNT_MARGIN = 0.5
TICKS_MARGIN = 0.1


@pytest.mark.parametrize("level", LEVELS)
def test_a_sandbox_counts_the_cpu_time_its_runs_used_and_the_whole_limit_of_a_time_out(
        level: IsolationLevel, tmp_path: Path) -> None:
    """What a submission's time budget is charged (``Sandbox.used_s``): a run's CPU time
    (a sleep costs next to nothing), the whole limit of a run cut for time, and a held
    call's CPU time once, however many parts it is fed in."""
    held = (SPIN_SOURCE.format(seconds=HELD_FIRST_CPU_S) + "report('first')\nmore()\n"
            + SPIN_SOURCE.format(seconds=HELD_SECOND_CPU_S) + "report('second')\n")
    with sandbox_at(level, tmp_path) as box:
        counts = [box.used_s()]
        box.run(["python", "-c", f"import time\ntime.sleep({SLEEP_S})\n"], timeout=5 * SLEEP_S)
        counts.append(box.used_s())
        spun = box.run(["python", "-c", SPIN_SOURCE.format(seconds=SPIN_CPU_S)],
                       timeout=5 * SPIN_CPU_S)
        counts.append(box.used_s())
        box.run(["python", "-c", "while True:\n    pass\n"], timeout=BUSY_BUDGET_S)
        counts.append(box.used_s())
        first = box.call(held, hold=True, timeout=5 * HELD_FIRST_CPU_S)
        counts.append(box.used_s())
        second = box.feed(first.session, None, timeout=5 * HELD_FIRST_CPU_S)
        counts.append(box.used_s())
    slept, burned, hung, first_part, second_part = (
        later - earlier for earlier, later in zip(counts, counts[1:]))
    assert (counts[0], spun.fault, first.observation, second.observation) == (
        0.0, None, "first", "second")
    assert slept < SLEEP_S / 2
    assert SPIN_CPU_S * (1 - TICKS_MARGIN) <= burned < SPIN_CPU_S * (1 + COUNT_MARGIN)
    assert hung == pytest.approx(BUSY_BUDGET_S)
    assert (HELD_FIRST_CPU_S * (1 - TICKS_MARGIN) <= first_part
            < HELD_FIRST_CPU_S * (1 + COUNT_MARGIN))
    # The server's figure for the ended child covers the first part too: counted once.
    assert HELD_SECOND_CPU_S <= second_part < HELD_FIRST_CPU_S * COUNT_MARGIN


STARVED_PROGRAM = ("import os\nos.nice({priority})\ntry:\n"
                   "    with open('/proc/self/autogroup', 'w') as group:\n"
                   "        group.write('{priority}')\n"
                   "except OSError:\n    pass\nwhile True:\n    pass\n").format(
                       priority=LOWEST_PRIORITY)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_a_run_the_machine_starves_is_cut_by_the_backstop_after_a_second_try(
        level: IsolationLevel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that keeps waiting for a CPU goes on to the backstop, and is tried again once."""
    exchanges = []
    real_exchange = Sandbox._exchange

    def counted(box: Sandbox, request: Request, timeout: float) -> RunResult:
        exchanges.append(request.op.value)
        return real_exchange(box, request, timeout)

    monkeypatch.setattr(sandbox_module.Sandbox, "_exchange", counted)
    with sandbox_at(level, tmp_path) as box, machine_load():
        result = box.run(["python", "-c", STARVED_PROGRAM], timeout=STARVED_BUDGET_S)
    assert (result.fault, result.backstop) == (Fault.TIMEOUT, True)
    assert exchanges == ["run", "run"]


def slowed_solver(source: str, count: int) -> str:
    """Return solver.py's ``source`` made to count ``count`` times before it solves
    SLOWED_BOARD in SLOWED_MODE (and only then)."""
    call = "    path = solve(grid, mode == BREADTH_FIRST)\n"
    assert source.count(call) == 1
    delay = (f"    if filename == {SLOWED_BOARD!r} and mode == {SLOWED_MODE!r}:\n"
             f"        for _ in range({count}):\n            pass\n")
    return source.replace(call, delay + call)


def verdicts(result) -> Tuple[List[Tuple[str, object, float]], List[float]]:
    """Return each check's (id, status, credit) and each item's points of a grading."""
    return ([(item.node_id, item.status, item.credit) for item in result.outcomes],
            [score.awarded for score in result.scores])


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_a_slow_correct_acorn_solver_scores_the_same_under_load(level: IsolationLevel,
                                                                 tmp_path: Path) -> None:
    """Issue 33, end to end: the same submission scores the same while the machine is busy."""
    limit = ACORN_SUITE.limits.wall_s
    with machine_load(SOLVER_LOAD_PER_CPU):
        rate = measure_loop()[0]
    # The most of a core a run can get beside the test's load is its fair share; enough
    # work to outlast the limit even then is CPU time well under the limit.
    cores = os.cpu_count() or 1
    cpu_s = SOLVER_LOADED_WALL_FACTOR * limit * cores / (SOLVER_LOAD_PER_CPU * cores + 1)
    assert cpu_s < limit / 2
    submission = tmp_path / "submission"
    shutil.copytree(PROJECT_ROOT / "acorn_maze", submission)
    solver = submission / "solver.py"
    solver.write_text(slowed_solver(solver.read_text(encoding="utf-8"), int(cpu_s * rate)),
                      encoding="utf-8")
    quiet = grade(ACORN_SUITE, submission, level=level)
    with machine_load(SOLVER_LOAD_PER_CPU):
        loaded = grade(ACORN_SUITE, submission, level=level)
    assert any(SLOWED_CHECK in node_id for node_id, _, _ in verdicts(quiet)[0])
    assert quiet.auto_score == ACORN_SUITE.auto_points
    assert verdicts(loaded) == verdicts(quiet)



TERMINAL_PROGRAM = Path(__file__).resolve().parent / "terminal_program"
TERMINAL_KEYS = ["a", "b"]
# The program's thinking after each key, in CPU seconds under the test's load: more than the
# driver's wait for one key (TERMINAL_KEY_S), so that on any machine a wait counted in wall
# time runs out before the screen is drawn.
KEY_WORK_CPU_S = 1.5 * TERMINAL_KEY_S
# A session's CPU-time budget: the program's thinking is a small part of it.
TERMINAL_BUDGET_S = 30.0


def test_a_game_that_thinks_between_keys_shows_the_same_screens_under_load(
        loaded_rate: float) -> None:
    """Each key's screen is read once the program waits for the next key, however long it
    thinks or a busy machine keeps it from the CPU: a wait counted in wall time cut a
    screen short and gave the rest of its output to the next key (the CI failure after
    issue 35). The driver is the same at every level: the default level runs it."""
    work = {"COUNTER_WORK": str(int(KEY_WORK_CPU_S * loaded_rate))}
    with Sandbox(TERMINAL_PROGRAM) as box:
        # A runner each, as two gradings would have.
        quiet = Runner(box, default_timeout=TERMINAL_BUDGET_S).terminal(
            ["python", "counter.py"], keys=TERMINAL_KEYS, env=work)
        with machine_load():
            loaded = Runner(box, default_timeout=TERMINAL_BUDGET_S).terminal(
                ["python", "counter.py"], keys=TERMINAL_KEYS, env=work)
    assert [rows[0].rstrip() for rows in quiet.screens] == [
        f"presses: {count}" for count in range(len(TERMINAL_KEYS) + 1)]
    assert loaded.screens == quiet.screens
