"""The MiniRogue suite grades a C++ submission of the original project: the game is built
with g++ in the sandbox, once per grading run, with the grader's seedable copy of the
course's utilities.h/.cpp, and played by the same terminal checks as a Python port
(issue 16, class 7: seed C++ submissions too, for both randInt signatures)."""

import shutil
from pathlib import Path

import pytest

from autograder import Status, find_suite, grade
from autograder.suite import load_suite

CPP_GAME = Path(__file__).resolve().parent / "cpp_game"
SUITE = find_suite("minirogue")

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")

# A one-check suite that starts the submission's game as the MiniRogue checks do and
# reports the first screen of games played with several seeds.
SEED_SUITE = """
from autograder import Item, Suite
from autograder.suites.minirogue.screens import CPP_UTILITIES
from autograder.suites.minirogue.suite import SUITE as MINIROGUE

SUITE = Suite(name="cpp_seed", title="C++ seeding", rubric=[Item("seed", "Seeding", 1)],
              support_files={CPP_UTILITIES: MINIROGUE.support_files[CPP_UTILITIES]})
"""
SEED_CHECK = """
from autograder import WrongOutput, check
from autograder.suites.minirogue.screens import Game, launch

@check(item="seed", timeout=300)
def test_seeded(sandbox, submission):
    \"\"\"the same seed starts the same game, other seeds other games\"\"\"
    how = launch(sandbox, submission)
    def first(seed):
        return Game(sandbox, how, seed, 60).play([])[0].map_rows()
    games = {seed: first(seed) for seed in ("1", "2", "3", "4", "5", "6")}
    again = first("1")
    if not how.seeded or again != games["1"] or len({tuple(g) for g in games.values()}) < 2:
        raise WrongOutput(f"seeded={how.seeded}, repeat equal={again == games['1']}, "
                          f"distinct={len({tuple(g) for g in games.values()})}")
"""


# A suite of the MiniRogue checks that read the map and the statistics line from the first
# screens (the C++ stand-in shows no messages; the checks that play on need a whole game).
LAYOUT_SUITE = """
from autograder import Item, Scoring, Suite
from autograder.suites.minirogue.screens import CPP_UTILITIES
from autograder.suites.minirogue.suite import SUITE as MINIROGUE

SUITE = Suite(name="cpp_layout", title="C++ screen layout",
              rubric=[Item(item.id, item.title, item.points, scoring=Scoring.FRACTION,
                           step=0.5) for item in MINIROGUE.rubric
                      if item.id in ("display", "statistics")],
              support_files={CPP_UTILITIES: MINIROGUE.support_files[CPP_UTILITIES]})
"""
LAYOUT_CHECKS = """
from autograder.suites.minirogue.check_screen import (  # noqa: F401
    test_display_map_is_18_by_70,
    test_display_moves_one_square,
    test_statistics_after_the_cheat,
    test_statistics_line_at_the_start,
)
"""


def seed_suite(folder: Path):
    """Write and load the one-check seeding suite in ``folder``."""
    folder.mkdir()
    (folder / "suite.py").write_text(SEED_SUITE)
    (folder / "check_seed.py").write_text(SEED_CHECK)
    return load_suite(folder)


def layout_suite(folder: Path):
    """Write and load the suite of the first screens' MiniRogue checks in ``folder``."""
    folder.mkdir()
    (folder / "suite.py").write_text(LAYOUT_SUITE)
    (folder / "check_layout.py").write_text(LAYOUT_CHECKS)
    return load_suite(folder)


def test_a_blank_line_between_map_and_statistics_costs_nothing(tmp_path):
    # Issue 33: a C++ game that printed one blank line between the map and the statistics
    # (the spec says only "below the display of the level") lost the statistics item and
    # every check that read the level number or a statistic from the row under the map.
    game = tmp_path / "game"
    shutil.copytree(CPP_GAME, game)
    main = game / "main.cpp"
    main.write_text(main.read_text().replace("        std::printf(START_STATS,",
                                             "        std::printf(\"\\n\");\n"
                                             "        std::printf(START_STATS,"))
    assert "printf(\"\\n\");" in main.read_text()
    result = grade(layout_suite(tmp_path / "suite"), game)
    assert [(o.name, o.status) for o in result.outcomes if not o.passed] == []
    assert len(result.outcomes) == 4


def test_a_cpp_project_is_seeded_through_the_grader_utilities(tmp_path):
    # The stand-in places its player with randInt(limit) from its own, unseeded utilities:
    # built with the grader's copy, one seed gives one game and different seeds differ.
    result = grade(seed_suite(tmp_path / "suite"), CPP_GAME)
    assert [(o.status, o.message) for o in result.outcomes] == [(Status.PASSED, "")]


def test_the_new_skeleton_signature_builds_and_is_seeded_too(tmp_path):
    # The newer skeleton declares randInt(lowest, highest) only; the grader's copy has both.
    game = tmp_path / "game"
    shutil.copytree(CPP_GAME, game)
    header = game / "utilities.h"
    header.write_text(header.read_text().replace("int randInt(int limit);",
                                                  "int randInt(int lowest, int highest);"))
    main = game / "main.cpp"
    main.write_text(main.read_text().replace("3 + randInt(4)", "randInt(3, 6)")
                    .replace("4 + randInt(13)", "randInt(4, 16)"))
    source = game / "utilities.cpp"
    source.write_text(source.read_text().replace(
        "int randInt(int limit) {\n    return limit <= 1 ? 0 : "
        "std::uniform_int_distribution<int>(0, limit - 1)(engine());\n}",
        "int randInt(int lowest, int highest) {\n    return "
        "std::uniform_int_distribution<int>(lowest, highest)(engine());\n}"))
    result = grade(seed_suite(tmp_path / "suite"), game)
    assert [(o.status, o.message) for o in result.outcomes] == [(Status.PASSED, "")]


def test_a_project_that_does_not_build_with_the_grader_utilities_is_left_unseeded(tmp_path):
    # Its own utilities.h declares something the course's does not: built with its own
    # copies, its games cannot be seeded, so seeded checks go to the marker.
    game = tmp_path / "game"
    shutil.copytree(CPP_GAME, game)
    (game / "utilities.h").write_text((game / "utilities.h").read_text().replace(
        "#endif", "int extraHelper();\n#endif"))
    (game / "utilities.cpp").write_text((game / "utilities.cpp").read_text()
                                        + "\nint extraHelper() { return 0; }\n")
    main = game / "main.cpp"
    main.write_text(main.read_text().replace("int row = ", "int unused = extraHelper();\n"
                                             "    (void)unused;\n    int row = "))
    result = grade(seed_suite(tmp_path / "suite"), game)
    (outcome,) = result.outcomes
    assert not outcome.passed and "seeded=False" in outcome.message


@pytest.mark.slow
def test_cpp_game_is_graded_by_the_same_checks_as_a_port():
    result = grade(SUITE, CPP_GAME)
    assert not result.grader_errors
    by_item = {}
    for outcome in result.outcomes:
        by_item.setdefault(outcome.item, []).append(outcome)
    # The stand-in draws a correct screen and moves correctly: those checks pass (but for the
    # held one, below).
    for item in ("display", "statistics", "rooms"):
        assert all(o.passed for o in by_item[item] if o.status is not Status.HELD), \
            [(o.name, o.message) for o in by_item[item]]
    # Seeded, every check runs but the recursion watch (Python only), the port's rule for
    # the end of input (the course's C++ getCharacter returns '?') and the blank line before
    # the messages (the stand-in prints none): those go to the marker.
    held = [o for o in result.outcomes if o.status is Status.HELD]
    assert {o.item for o in held} == {"completeness", "recursion", "statistics"}
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
