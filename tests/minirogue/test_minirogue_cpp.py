"""The MiniRogue suite grades a C++ submission of the original project: the game is built
with g++ in the sandbox and played by the same terminal checks, and checks that need the
seed hook (which only the Python port has) are reported as not run."""

import shutil
from pathlib import Path

import pytest

from autograder import Status, find_suite, grade

CPP_GAME = Path(__file__).resolve().parent / "cpp_game"
SUITE = find_suite("minirogue")

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")


def test_cpp_game_is_built_and_played_and_seeded_checks_are_left_to_the_marker():
    result = grade(SUITE, CPP_GAME)
    assert not result.grader_errors
    by_item = {}
    for outcome in result.outcomes:
        by_item.setdefault(outcome.item, []).append(outcome)
    # The stand-in draws a correct screen and moves correctly: those checks pass.
    for item in ("display", "statistics", "rooms"):
        assert all(o.passed for o in by_item[item]), [(o.name, o.message) for o in by_item[item]]
    held = [o for o in result.outcomes if o.status is Status.HELD]
    assert {o.item for o in held} == {"fighting", "monsters", "inventory", "completeness",
                                      "recursion"}
    assert all("seeded" in o.message or "Python ports only" in o.message for o in held)
    # A check that cannot run on C++ costs nothing: its item is held for the marker
    # (issue 16, class 7), and a held item whose other checks all pass keeps its points.
    scores = {score.item.id: score for score in result.scores}
    assert scores["recursion"].needs_review and scores["recursion"].awarded == 0
    for item in ("fighting", "monsters", "inventory", "completeness"):
        counted = [o for o in by_item[item] if o.status is not Status.HELD]
        assert scores[item].needs_review
        if counted and all(o.passed for o in counted):
            assert scores[item].awarded == scores[item].item.points
    assert {o.name for o in result.outcomes if o.passed} >= {
        "i shows 'Inventory:' and 'a. short sword'",
        "level 0: 2 to 6 monsters (snakewomen and goblins), at most 3 objects, one stairway"}
    assert result.notes == []  # the report may be .txt, .docx or .doc: a finding, no note


def test_a_program_that_does_not_build_has_no_game_to_quit(tmp_path):
    # Issue 16, class 9: a C++ project that did not compile passed "q ends the game".
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "main.cpp").write_text("int main( { return 0; }\n")
    result = grade(SUITE, folder)
    (quit_check,) = [o for o in result.outcomes if o.name == "q ends the game"]
    assert not quit_check.passed, quit_check
