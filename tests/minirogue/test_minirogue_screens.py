"""The MiniRogue suite reads a screen as a marker does (issue 33).

``screens.Screen`` finds the map by its wall frame, the statistics line by what it names
and the messages as the non-blank lines under it, so that a layout the spec leaves open (a
blank line between map and statistics, spaces after the statistics or between its fields)
costs no check that only needs a statistic or a message. The statistics item alone judges
the line's wording and the one blank line the spec puts before the messages. These tests
render screens in each layout and read them.
"""

import pytest

from autograder import WrongOutput
from autograder.suites.minirogue.check_play import ATTACK_LIKE, read_scroll_effect
from autograder.suites.minirogue.check_screen import INITIAL_STATS, judge_statistics, spaced
from autograder.suites.minirogue.screens import (
    MAP_COLS,
    MAP_ROWS,
    TERMINAL_COLS,
    TERMINAL_ROWS,
    Screen,
    Statistics,
)

MESSAGES = ["Player slashes short sword at the Goblin and misses.",
            "the Goblin slashes short sword at Player and hits."]
STARTING = Statistics(level=0, hit_points=20, armor=2, strength=2, dexterity=2)
PLAYER = (1, 1)


def level_rows():
    """Return the 18 rows of a walled level with one room and the player at its corner."""
    rows = []
    for row in range(MAP_ROWS):
        cells = ["#"] * MAP_COLS
        if 0 < row < MAP_ROWS - 1:
            cells[1:MAP_COLS - 1] = [" "] * (MAP_COLS - 2)
        if row == PLAYER[0]:
            cells[PLAYER[1]] = "@"
        rows.append("".join(cells))
    return rows


def screen(under_map, above=()):
    """Return the terminal screen showing ``above``, the level, then the ``under_map`` lines."""
    lines = list(above) + level_rows() + list(under_map)
    lines += [""] * (TERMINAL_ROWS - len(lines))
    return Screen(tuple(line.ljust(TERMINAL_COLS) for line in lines))


# Layouts the spec allows: each reads as the specified one does.
ALLOWED = {
    "as specified": [INITIAL_STATS, ""] + MESSAGES,
    "blank line between map and statistics": ["", INITIAL_STATS, ""] + MESSAGES,
    "two blank lines between map and statistics": ["", "", INITIAL_STATS, ""] + MESSAGES,
    "trailing spaces after the statistics": [INITIAL_STATS + "    ", ""] + MESSAGES,
    "two spaces between the fields": [INITIAL_STATS.replace(", ", ",  "), ""] + MESSAGES,
    "indented statistics": ["  " + INITIAL_STATS, ""] + MESSAGES,
}


@pytest.mark.parametrize("layout", sorted(ALLOWED))
def test_an_allowed_layout_reads_as_the_specified_one(layout):
    shown = screen(ALLOWED[layout])
    assert shown.is_level()
    assert shown.player() == PLAYER
    assert shown.statistics() == STARTING
    assert shown.dungeon_level() == 0
    assert spaced(shown.stats_line()) == INITIAL_STATS
    assert shown.messages() == MESSAGES
    assert shown.rows_before_messages() == 1
    judge_statistics(shown, INITIAL_STATS, "at the start")


def test_a_title_above_the_map_moves_every_part_down():
    shown = screen([INITIAL_STATS, ""] + MESSAGES, above=["MiniRogue", ""])
    assert shown.top() == 2
    assert (shown.player(), shown.statistics(), shown.messages()) == (PLAYER, STARTING, MESSAGES)


@pytest.mark.parametrize("blank_lines", [0, 2, 3])
def test_the_blank_lines_before_the_messages_are_counted(blank_lines):
    shown = screen([INITIAL_STATS] + [""] * blank_lines + MESSAGES)
    assert shown.messages() == MESSAGES
    assert shown.rows_before_messages() == blank_lines
    assert shown.statistics() == STARTING


def test_a_screen_without_messages_has_no_gap_to_judge():
    shown = screen([INITIAL_STATS, ""])
    assert shown.messages() == []
    assert shown.rows_before_messages() is None


@pytest.mark.parametrize("line", [
    "Dungeon Level: 3, Hit Points: 17, Armor: 4, Strength: 5, Dexterity: 3",
    "dungeon level: 3,hit points: 17,armor: 4,strength: 5,dexterity: 3",
    "Dungeon Level 3   Hit points 17   Armor 4   Strength 5   Dexterity 3",
])
def test_misworded_statistics_are_read_but_fail_the_statistics_item(line):
    shown = screen([line, ""] + MESSAGES)
    assert shown.statistics() == Statistics(3, 17, 4, 5, 3)
    assert shown.messages() == MESSAGES
    with pytest.raises(WrongOutput):
        judge_statistics(shown, INITIAL_STATS.replace("0", "3"), "at the start")


def test_negative_hit_points_are_read():
    shown = screen(["Dungeon Level: 1, Hit points: -2, Armor: 2, Strength: 2, Dexterity: 2"])
    assert shown.statistics().hit_points == -2


def test_without_a_statistics_line_the_messages_follow_the_first_line_under_the_map():
    shown = screen(["Level 1  HP 20  AC 2", ""] + MESSAGES)
    assert shown.statistics() is None
    assert shown.stats_line() == ""
    assert shown.dungeon_level() is None
    assert shown.messages() == MESSAGES
    assert shown.rows_before_messages() == 1
    with pytest.raises(WrongOutput):
        judge_statistics(shown, INITIAL_STATS, "at the start")


def test_the_level_is_read_from_a_line_that_lacks_later_statistics():
    shown = screen(["", "Dungeon Level: 1, Hit points: 20", ""] + MESSAGES)
    assert shown.statistics() is None
    assert shown.dungeon_level() == 1


def test_an_inventory_screen_shows_no_statistics():
    shown = Screen(tuple(line.ljust(TERMINAL_COLS) for line in
                         ["Inventory:", " a. short sword"] + [""] * (TERMINAL_ROWS - 2)))
    assert not shown.is_level()
    assert shown.statistics() is None


@pytest.mark.parametrize("line, attack", [
    ("Player slashes short sword at the Goblin and misses.", True),
    ("the Dragon swings long sword at Player dealing a final blow.", True),
    ("The Goblin slashes short sword at Player and hits.", True),  # misworded: judged
    ("You swing at goblin.", True),
    ("You see a mace at your feet.", False),
    ("You pick up a scroll called scroll of raise strength", False),
])
def test_attack_messages_are_told_from_other_messages_that_say_at(line, attack):
    assert bool(ATTACK_LIKE.match(line)) is attack


def test_unreadable_statistics_leave_a_scroll_unjudged_in_the_inventory_item():
    raised = Statistics(0, 20, 2, 2, 3)
    assert read_scroll_effect("scroll of enhance dexterity", None, raised) == ""
    assert read_scroll_effect("scroll of enhance dexterity", STARTING, raised) == ""
    assert "Dexterity changed by 0" in read_scroll_effect("scroll of enhance dexterity",
                                                          STARTING, STARTING)
