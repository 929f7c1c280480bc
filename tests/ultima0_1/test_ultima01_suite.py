"""The Ultima 0.1 autograder suite: full marks for the reference, lost points for every variant.

The reference is graded as it is and as a student hands it in (Tile.py, Avatar.py, Monster.py and
World.py alone: the suite must supply the shim, maps, images and the main loop). Other ways of
meeting the spec keep full marks; each broken variant of the suite's ``variants.py`` must lose
points in the rubric item it names, without a grader error.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from variantkit import build_variant, copy_with_edits, import_file

from autograder import Status, find_suite, grade
from autograder.harness import Runner
from autograder.report import render_text
from autograder.rubric import Kind
from autograder.sandbox import Sandbox
from autograder.suites.ultima0_1.ultima01_probes import monster_move_call

HERE = Path(__file__).resolve().parent
REFERENCE = HERE.parents[1] / "ultima" / "ultima0_1"
SUITE = find_suite("ultima0_1")
HANDED_IN = ("Tile.py", "Avatar.py", "Monster.py", "World.py")
RUBRIC = [("Program Compiles and Runs", 4), ("Comments on All Classes and Methods", 5),
          ("Tile", 2), ("Avatar", 3), ("Monster", 5), ("World", 8),
          ("Used Threads for Each Monster", 4), ("No Concurrency Issues on the World Instance", 5)]
TOTAL = 36
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Where hostile code goes: the top of World.__init__, which every probe and program reaches.
WORLD_INIT_END = '            OSError: the system refused a monster thread.\n        """\n'
# Marks the processes a hostile submission leaves behind, so that the test can look for them.
SURVIVOR_MARKER = "ULTIMA01-HOSTILE-SURVIVOR"
# Threaded submissions get a larger process limit than the other suites (a thread counts as a
# process): code that spawns threads or processes without end must still be stopped by it.
HOSTILE = {
    "thread_bomb": (
        "        import threading, time\n"
        "        def spawn():\n"
        "            while True:\n"
        "                try:\n"
        "                    threading.Thread(target=time.sleep, args=(600,),\n"
        "                                     daemon=True).start()\n"
        "                except RuntimeError:\n"
        "                    pass\n"
        "        threading.Thread(target=spawn, daemon=True).start()\n"),
    "fork_bomb": (
        "        import os\n"
        "        for _ in range(300):\n"
        "            try:\n"
        "                if os.fork() == 0:\n"
        "                    os.execvp('python3', ['python3', '-c',\n"
        "                                          'import time; time.sleep(600)', '{marker}'])\n"
        "            except OSError:\n"
        "                pass\n"),
    # The thread checks pause their driver for the kernel's count of threads: a World that
    # pauses it over and over itself (the sandbox's ``more``) must not keep it waiting.
    "endless_pauses": (
        "        import sys\n"
        "        pause = getattr(sys.modules.get('__main__'), 'more', None)\n"
        "        for _ in range(100):\n"
        "            if pause is None or pause() is None:\n"
        "                break\n"),
}
# One variant per kind of failure runs by default; the rest are marked slow.
FAST_VARIANTS = {"syntax_error", "no_lock_in_monster_move", "one_thread_for_all_monsters",
                 "one_thread_for_all_monsters_forging_the_watch"}
# Items a variant must not lose: one thread moving every monster has no race for the lock to
# prevent, and loses its points under threads alone.
KEEPS_FULL_MARKS = {"one_thread_for_all_monsters": ("concurrency",),
                    "one_thread_for_all_monsters_forging_the_watch": ("concurrency",)}


_VARIANTS_MODULE = import_file("ultima01_suite_variants", SUITE.directory / "variants.py")
VARIANTS = _VARIANTS_MODULE.VARIANTS
ALTERNATIVES = _VARIANTS_MODULE.ALTERNATIVES


@pytest.fixture(scope="module")
def reference_result():
    """The reference folder graded once for the tests that read its result."""
    return grade(SUITE, REFERENCE)


def edited_reference(folder, edits):
    """Copy the reference's four handed-in files to ``folder`` with ``edits`` (file -> pairs)."""
    return copy_with_edits(REFERENCE, folder, HANDED_IN, edits)


def awarded(result):
    """Return the points of each rubric item by id."""
    return {score.item.id: score.awarded for score in result.scores}


def assert_full_marks(result):
    """Require every check passed, every item full and nothing left to note."""
    report = render_text(result)
    assert [o.status for o in result.outcomes] == [Status.PASSED] * len(result.outcomes), report
    assert result.auto_score == SUITE.auto_points == TOTAL, report
    assert result.notes == [], report


def test_rubric_is_the_labs_and_all_auto():
    assert [(item.title, item.points) for item in SUITE.rubric] == RUBRIC
    assert all(item.kind is Kind.AUTO for item in SUITE.rubric)
    assert {variant.loses for variant in VARIANTS.values()} == {item.id for item in SUITE.rubric}
    assert SUITE.required_files == list(HANDED_IN)


def test_reference_scores_full_marks_and_checks_add_up_to_each_item(reference_result):
    assert_full_marks(reference_result)
    for item in SUITE.rubric:
        weights = [o.weight for o in reference_result.outcomes if o.item == item.id]
        assert sum(weights) == item.points, item.id


def test_report_attaches_the_world_after_the_key_script(reference_result):
    assert [a.name for a in reference_result.attachments] == ["world_after_key_script.png"]
    png = reference_result.attachments[0].data
    assert png.startswith(PNG_SIGNATURE)
    # 30x20.txt at 16 pixels a tile.
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (480, 320)


def test_four_handed_in_files_alone_score_full_marks(tmp_path):
    assert_full_marks(grade(SUITE, edited_reference(tmp_path / "handed_in", {})))


@pytest.mark.parametrize("name, expected", [
    (None, ["x", "y", "monster"]),
    ("monster_move_takes_monster_and_step", ["monster", "dx", "dy"]),
    ("monster_steps_before_it_sleeps", ["monster", "dx", "dy"])])
def test_the_grader_learns_how_the_submissions_monster_calls_monster_move(name, expected,
                                                                          tmp_path):
    # Issue 16, class 9: monsterMove's parameters are learnt from the submission's own monster.
    # Issue 19: its calls are watched from the moment the world is made, so the learning needs
    # no long first sleep, and a monster that steps before it first sleeps is learnt too.
    folder = edited_reference(tmp_path / "submission", ALTERNATIVES[name] if name else {})
    with Sandbox(folder, SUITE.support_file_map(), SUITE.limits, modules=SUITE.required_files,
                 preload=SUITE.preload) as sandbox:
        template = monster_move_call(Runner(sandbox, default_timeout=10.0))
    assert template == {"args": expected, "kwargs": {}}


# Issue 16, class 9: the grader learns monsterMove's parameters from the submission's own
# Monster, so this alternative runs by default; the others are slow.
DEFAULT_ALTERNATIVES = {"monster_move_takes_monster_and_step"}


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=() if name in DEFAULT_ALTERNATIVES else pytest.mark.slow)
    for name in sorted(ALTERNATIVES)])
def test_alternative_keeps_full_marks(name, tmp_path):
    assert_full_marks(grade(SUITE, edited_reference(tmp_path / name, ALTERNATIVES[name])))


@pytest.mark.parametrize("name", [
    name if name in FAST_VARIANTS else pytest.param(name, marks=pytest.mark.slow)
    for name in sorted(VARIANTS)])
def test_variant_loses_points_in_its_item(name, tmp_path):
    variant = VARIANTS[name]
    folder = build_variant(variant, REFERENCE, tmp_path / name)
    for cache in folder.rglob("__pycache__"):
        shutil.rmtree(cache)
    result = grade(SUITE, folder)
    report = render_text(result)
    assert not result.grader_errors, report
    item = SUITE.item(variant.loses)
    assert awarded(result)[item.id] < item.points, f"{name}: {item.id} kept full marks\n{report}"
    for kept in KEEPS_FULL_MARKS.get(name, ()):
        assert awarded(result)[kept] == SUITE.item(kept).points, f"{name}: {kept} lost\n{report}"


def survivors(marker: str):
    """Return the command lines of still-running processes marked with ``marker``."""
    listing = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True)
    return [line for line in listing.stdout.splitlines() if marker in line]


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_submission_costs_points_and_leaves_nothing_behind(name, tmp_path):
    # Each test's own marker: tests graded at the same time by other workers, or by another
    # test run on the same machine, are not survivors.
    marker = f"{SURVIVOR_MARKER}-{name}-{os.getpid()}"
    text = (REFERENCE / "World.py").read_text(encoding="utf-8")
    folder = edited_reference(tmp_path / name, {
        "World.py": [(WORLD_INIT_END, WORLD_INIT_END + HOSTILE[name].replace("{marker}", marker))]})
    assert (folder / "World.py").read_text(encoding="utf-8") != text

    result = grade(SUITE, folder)

    report = render_text(result)
    assert not result.grader_errors, report
    assert awarded(result)["threads"] < SUITE.item("threads").points, report
    assert survivors(marker) == []


def test_a_forged_watch_does_not_earn_the_lock_points(tmp_path):
    # Issue 17, class 1: the watch that sees unlocked changes runs beside the student's code.
    # This World never takes world.lock and makes the watch forget every unlocked change; the
    # two lock checks still fail, because the parent reads the source and finds no lock taken.
    folder = build_variant(VARIANTS["never_locks_and_forges_the_watch"], REFERENCE,
                           tmp_path / "forger")
    result = grade(SUITE, folder)
    report = render_text(result)
    lock_checks = [outcome for outcome in result.outcomes
                   if outcome.name.startswith(("monster threads change", "the avatar's moves"))]
    assert len(lock_checks) == 2, report
    for outcome in lock_checks:
        assert not outcome.passed, report
        assert "takes world.lock" in outcome.message, report


# Issue 17, class 1: each World takes world.lock somewhere (so the source confirms a lock), but
# not around one side's moves, and makes the in-process watch forget the unlocked changes; before,
# the watch and the source earned it the point. The parent plays a copy of its source with pauses
# in handleKey and monsterMove, the avatar stepping as a monster sets off for the same tile.
LOCK_FORGERS = [
    # monsterMove takes world.lock and lets it go before doing anything: two monsters meet, or
    # (while the watch says every change held the lock) a monster and the avatar do.
    ("decoy_lock_in_monster_move_forges_the_watch", "monster threads change", " met on tile "),
    # avatarMove takes no lock (World.py takes it in monsterMove and for the torch keys).
    ("unlocked_avatar_move_forges_the_watch", "the avatar's moves",
     "a monster and the avatar met on tile"),
]


@pytest.mark.parametrize("name, check_name, message", LOCK_FORGERS)
def test_a_lock_that_guards_no_move_does_not_earn_its_point(name, check_name, message, tmp_path):
    folder = build_variant(VARIANTS[name], REFERENCE, tmp_path / name)
    result = grade(SUITE, folder)
    report = render_text(result)
    (outcome,) = [o for o in result.outcomes if o.name.startswith(check_name)]
    # The race the paused copies open is real: it shows as the meeting, or, in some
    # interleavings, breaks the World itself (a monster removed twice raises in World.py).
    broken_by_the_race = outcome.status is Status.CRASHED and "World.py" in outcome.detail
    assert not outcome.passed and (message in outcome.message or broken_by_the_race), report
