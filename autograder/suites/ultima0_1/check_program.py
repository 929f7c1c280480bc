"""Program Compiles and Runs (4): the files compile and the programs run, headless, to their end.

"Runs" means starts, does its work and ends by itself without an error, also once the window is
closed while monsters still roam: a monster thread must not keep the program alive (headless,
the window "closes" a few frames after the key script, as a closed booksite window does, with
SystemExit(0)). What the games show is judged by the other items.
"""

import json
from typing import Any

from autograder import StudentTimedOut, WrongOutput, check
from autograder.sandbox import Fault
from autograder.suites.ultima.lab_checks import (
    attach_world_frame,
    redraw_frame,
    require_classes,
    require_compiles,
)
from autograder.suites.ultima0_1.ultima01_probes import MAIN_PROGRAM, run_program
from autograder.suites.ultima0_1.ultima01_rules import TILE_SIZE, course_map, require_clean_run

SUBMITTED = ("Tile.py", "Avatar.py", "Monster.py", "World.py")
TEST_MAINS = ("Tile.py", "Avatar.py", "Monster.py")
PLAY_MAP = "30x20.txt"
PLAY_KEYS = "ddwwwasx+-ddsa"
FULL_MAP = "10x10_full.txt"
FULL_KEYS = ("d" * 4 + "w" * 4 + "a" * 4 + "s" * 4) * 3
# Each show() waits this long, as a window's frame would: 10x10_full.txt's monsters step every
# millisecond and roam between the frames; 30x20.txt's sleep half a second or more, so that in
# a key script's time they take a step at most, however long its frames: its frames are short.
PLAY_FRAME_MS = 2
FULL_FRAME_MS = 10
FRAME_MARKER = "GRADER-FRAME "  # headless.py's prefix for the last frame's records on stderr
TIMEOUT_S = 10
STDERR_TAIL_CHARS = 1500


@check(item="compiles_runs", points=1)
def test_files_compile(submission):
    """Tile.py, Avatar.py, Monster.py, World.py (and Ultima.py if handed in) compile

    Each of the four defines the class it is named after: an empty file is no program.
    """
    require_compiles(submission, SUBMITTED, optional=[MAIN_PROGRAM])


@check(item="compiles_runs", points=1, timeout=TIMEOUT_S)
def test_test_mains_run(sandbox, submission):
    """python Tile.py, python Avatar.py and python Monster.py run to the end

    Each file must define its class: an empty file has no test main to run.
    """
    require_classes(submission, TEST_MAINS)
    for name in TEST_MAINS:
        command = f"python {name}"
        result = run_program(sandbox, submission, [name])
        require_clean_run(result, command)
        if result.returncode != 0:
            raise WrongOutput(f"`{command}` ended with exit status {result.returncode}",
                              _stderr(result))


@check(item="compiles_runs", points=1, timeout=TIMEOUT_S)
def test_ultima_plays_a_key_script_and_ends(sandbox, submission, attachments):
    """python Ultima.py 30x20.txt plays a key script, draws the world, ends with the window"""
    command = f"python Ultima.py {PLAY_MAP}"
    result = run_program(sandbox, submission, [MAIN_PROGRAM, PLAY_MAP], keys=PLAY_KEYS,
                         frame_ms=PLAY_FRAME_MS, frame=True)
    _require_ended(result, command)
    world_map = course_map(PLAY_MAP).tiles
    expected = (world_map.width * TILE_SIZE, world_map.height * TILE_SIZE)
    attach_world_frame(attachments, redraw_frame(sandbox, _frame(result)), command, expected)


@check(item="compiles_runs", points=1, timeout=TIMEOUT_S)
def test_ultima_runs_the_full_map_and_ends(sandbox, submission):
    """python Ultima.py 10x10_full.txt runs 99 monsters and ends when the window closes"""
    command = f"python Ultima.py {FULL_MAP}"
    result = run_program(sandbox, submission, [MAIN_PROGRAM, FULL_MAP], keys=FULL_KEYS,
                         frame_ms=FULL_FRAME_MS)
    _require_ended(result, command)


def _require_ended(result, command: str) -> None:
    """Fail unless the run ended by itself with exit status 0.

    Raises:
        StudentTimedOut: it never ended (a thread kept it alive, or it waited for a window).
        WrongOutput: it ended with an error.
    """
    if result.fault is Fault.TIMEOUT:
        raise StudentTimedOut(f"`{command}` did not end: {result.fault_message} (a thread that "
                              f"never ends keeps a program alive after its window closes)",
                              _stderr(result))
    require_clean_run(result, command)
    if result.returncode != 0:
        raise WrongOutput(f"`{command}` ended with exit status {result.returncode}",
                          _stderr(result))


def _stderr(result) -> str:
    """Return the end of a run's stderr without the grader's own lines."""
    lines = result.stderr.decode("utf-8", "replace").splitlines()
    text = "\n".join(line for line in lines if not line.startswith(FRAME_MARKER))
    return text[-STDERR_TAIL_CHARS:]


def _frame(result) -> Any:
    """Return what the last frame was drawn from, as headless.py wrote it to stderr (JSON),
    or None when it wrote nothing readable (redraw_frame then fails the check)."""
    lines = result.stderr.decode("utf-8", "replace").splitlines()
    encoded = next((line[len(FRAME_MARKER):] for line in reversed(lines)
                    if line.startswith(FRAME_MARKER)), "")
    try:
        return json.loads(encoded)
    except ValueError:
        return None
