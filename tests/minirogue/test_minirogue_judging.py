"""The MiniRogue suite's rules for monster moves, on hand-made screens.

The spec's goblin example (its map did not survive the PDF) fixes the edge of smell: a goblin
"exactly 15 steps away" moves, one whose "shortest traversable path is 16 steps" does not.
Snakewomen smell the player "from a distance of three or less" and then step closer to its
row or column. These tests build a level
screen with one corridor and check what the suite expects of each monster.
"""

import pytest

from autograder import WrongOutput
from autograder.suites.minirogue.check_play import (
    Turn,
    goblin_steps,
    goblins_out_of_smell,
    judge_movers,
    judge_snakewomen,
    judge_stayers,
)
from autograder.suites.minirogue.screens import MAP_COLS, MAP_ROWS, TERMINAL_COLS, Screen

STATS = "Dungeon Level: 0, Hit points: 50, Armor: 2, Strength: 9, Dexterity: 2"
CORRIDOR_ROW = 1
PLAYER = (CORRIDOR_ROW, 1)


def corridor_screen(monsters):
    """Return a level screen: walls but for row 1, the player at its west end, and
    ``monsters`` ({(row, col): letter}) placed in the corridor."""
    rows = []
    for row in range(MAP_ROWS):
        cells = ["#"] * MAP_COLS
        if row == CORRIDOR_ROW:
            cells[1:MAP_COLS - 1] = [" "] * (MAP_COLS - 2)
            cells[PLAYER[1]] = "@"
        for (at_row, col), letter in monsters.items():
            if at_row == row:
                cells[col] = letter
        rows.append("".join(cells).ljust(TERMINAL_COLS))
    rows += [STATS.ljust(TERMINAL_COLS), " " * TERMINAL_COLS]
    return Screen(tuple(rows))


def test_a_goblin_16_steps_away_cannot_smell_the_player():
    screen = corridor_screen({(CORRIDOR_ROW, 17): "G"})
    assert goblins_out_of_smell(screen) == [(CORRIDOR_ROW, 17)]
    assert goblin_steps(screen) == []


def test_a_goblin_15_steps_away_must_step_closer():
    screen = corridor_screen({(CORRIDOR_ROW, 16): "G"})
    assert goblins_out_of_smell(screen) == []
    assert goblin_steps(screen) == [((CORRIDOR_ROW, 16), {(CORRIDOR_ROW, 15)})]


def test_a_goblin_that_moves_from_16_steps_fails_the_turn():
    turn = Turn("1", 0, corridor_screen({(CORRIDOR_ROW, 17): "G"}),
                corridor_screen({(CORRIDOR_ROW, 16): "G"}))
    with pytest.raises(WrongOutput, match="longer than 15 steps"):
        judge_stayers(turn)


def test_a_goblin_that_stays_at_15_steps_fails_the_turn():
    screen = corridor_screen({(CORRIDOR_ROW, 16): "G"})
    with pytest.raises(WrongOutput, match="did not step"):
        judge_movers(Turn("1", 0, screen, screen))


def test_goblins_that_follow_the_rules_pass_the_turn():
    before = corridor_screen({(CORRIDOR_ROW, 16): "G", (CORRIDOR_ROW, 40): "G"})
    after = corridor_screen({(CORRIDOR_ROW, 15): "G", (CORRIDOR_ROW, 40): "G"})
    assert judge_movers(Turn("1", 0, before, after)) == 1
    assert judge_stayers(Turn("1", 0, before, after)) == 1


@pytest.mark.parametrize("col, judged", [(4, 0), (5, 1)])
def test_a_snakewoman_more_than_3_steps_away_must_stay(col, judged):
    before = corridor_screen({(CORRIDOR_ROW, col): "S"})
    assert judge_stayers(Turn("1", 0, before, before)) == judged
    moved = corridor_screen({(CORRIDOR_ROW, col - 1): "S"})
    if judged:
        with pytest.raises(WrongOutput, match="more than 3 steps"):
            judge_stayers(Turn("1", 0, before, moved))
    else:
        assert judge_stayers(Turn("1", 0, before, moved)) == 0


def test_the_monsters_find_the_player_on_the_square_it_moved_to():
    screen = corridor_screen({(CORRIDOR_ROW, 17): "G"})
    moved = screen.with_player_at((CORRIDOR_ROW, 2))
    assert moved.player() == (CORRIDOR_ROW, 2)
    assert moved.at(PLAYER) == " "
    assert goblin_steps(moved) == [((CORRIDOR_ROW, 17), {(CORRIDOR_ROW, 16)})]


def test_a_snakewoman_3_steps_away_must_step_closer():
    before = corridor_screen({(CORRIDOR_ROW, 4): "S"})
    assert judge_snakewomen(Turn("1", 0, before, corridor_screen({(CORRIDOR_ROW, 3): "S"}))) == 1
    with pytest.raises(WrongOutput, match="did not step"):
        judge_snakewomen(Turn("1", 0, before, before))


def test_a_snakewoman_next_to_the_player_is_not_judged_on_moving():
    before = corridor_screen({(CORRIDOR_ROW, 2): "S"})
    assert judge_snakewomen(Turn("1", 0, before, before)) == 0
