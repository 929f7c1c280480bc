"""MiniRogue played for real: ``python main.py`` in a pseudo-terminal, the screen read by pyte.

Each test starts the game with a fixed MINIROGUE_SEED and types keys, checking the screen as a
player sees it. Where a test needs the level to offer something (objects to pick up, a way to
the stairs that avoids dragons), the seed was chosen for it and the test first checks that
premise, so a change to level generation fails with a clear message rather than a puzzle.
"""

import os
import re
import sys
from pathlib import Path

import pytest

pytest.importorskip("pexpect")
pytest.importorskip("pyte")

MINIROGUE_DIR = Path(__file__).resolve().parents[2] / "minirogue"
QUIET_SEED = 1      # no monster near the start: moves and walls go undisturbed
ITEMS_SEED = 9      # level 0 has a weapon and a scroll the player can reach
WINNING_SEED = 7    # with the cheat, a dragon-free way down to the idol
DYING_SEED = 2      # without the cheat, fighting everything gets the player killed
FIRST_STATS = "Dungeon Level: 0, Hit points: 20, Armor: 2, Strength: 2, Dexterity: 2"
CHEAT_STATS = "Dungeon Level: 0, Hit points: 50, Armor: 2, Strength: 9, Dexterity: 2"
ARROWS = {"h": "\x1b[D", "l": "\x1b[C", "k": "\x1b[A", "j": "\x1b[B"}
ATTACK = re.compile(
    r"(Player|the (Bogeyman|Snakewoman|Dragon|Goblin)) "
    r"(swings mace|slashes short sword|swings long sword|chops magic axe|strikes magic fangs) "
    r"at (Player|the (Bogeyman|Snakewoman|Dragon|Goblin))"
    r"( and hits\.| and misses\.| dealing a final blow\.| and hits, putting \4 to sleep\.)")
LEVEL_SYMBOLS = set("#@)?>&BSDG ")
ROWS, COLS = 18, 70
WIN_MESSAGES = ["You pick up the golden idol", "Congratulations, you won!",
                "Press q to exit game."]


def test_first_screen_is_the_level_then_the_stats_line(terminal):
    game = terminal(QUIET_SEED)
    lines = game.lines()
    level = lines[:ROWS]
    assert all(len(line) == COLS for line in level), level
    assert level[0] == level[-1] == "#" * COLS
    assert all(line[0] == line[-1] == "#" for line in level)
    assert set("".join(level)) <= LEVEL_SYMBOLS
    assert not set("".join(level)) & set("BD"), "level 0 has only snakewomen and goblins"
    game.player()
    assert lines[ROWS] == FIRST_STATS
    assert not any(lines[ROWS + 1:])


def test_letters_and_arrow_keys_move_the_player(terminal):
    game = terminal(QUIET_SEED)
    for sends in (lambda key: key, ARROWS.get):
        for _ in range(4):
            key = game.open_direction()
            row, col = game.player()
            dr, dc = game.offset_of(key)
            game.press(sends(key))
            assert game.player() == (row + dr, col + dc), f"{sends(key)!r} did not move"


def test_walls_block_the_player(terminal):
    game = terminal(QUIET_SEED)
    key = game.open_direction()
    dr, dc = game.offset_of(key)
    for _ in range(COLS):
        row, col = game.player()
        if game.level_rows()[row + dr][col + dc] == "#":
            break
        game.press(key)
    else:
        raise AssertionError("never reached a wall")
    game.press(key)
    assert game.player() == (row, col)
    assert game.messages() == []


def test_cheat_sets_strength_9_and_hit_points_50(terminal):
    game = terminal(QUIET_SEED)
    game.press("c")
    assert game.stats() == CHEAT_STATS


def test_player_fights_and_kills_a_monster(terminal):
    game = terminal(QUIET_SEED)
    game.press("c")
    before = len(game.find("GS"))
    seen = game.fight("GS")
    assert seen, "no fight happened"
    assert all(ATTACK.fullmatch(line) for line in seen), seen
    assert re.fullmatch(r"Player slashes short sword at the (Goblin|Snakewoman) dealing a final "
                        r"blow\.", seen[-1]), seen[-1]
    assert len(game.find("GS")) == before - 1


def test_monsters_kill_the_player_and_the_game_waits_for_q(terminal):
    game = terminal(DYING_SEED)
    for _ in range(600):
        if game.messages()[-1:] == ["Press q to exit game."]:
            break
        key = game.first_step("BSDG")
        assert key is not None, "no monster left to fight"
        game.press(key)
    else:
        raise AssertionError("the player never died")
    assert game.stat_values()[1] == 0
    assert re.fullmatch(r"the \w+ .* at Player dealing a final blow\.", game.messages()[-2])
    game.child.send("x")  # any key but q is ignored now
    assert game.press_to_exit("q") == 0


def test_pick_up_wield_read_and_inventory(terminal):
    game = terminal(ITEMS_SEED)
    assert game.find(")") and game.find("?"), "seed no longer offers a weapon and a scroll"
    game.press("c")
    game.walk_onto(")", avoid="D")
    game.press("g")
    weapon = re.fullmatch(r"You pick up ([a-z ]+)", game.messages()[0]).group(1)
    game.walk_onto("?", avoid="D")
    game.press("g")
    scroll = re.fullmatch(r"You pick up a scroll called (scroll of [a-z ]+)",
                          game.messages()[0]).group(1)
    shown = game.open_menu("i")
    assert shown[:4] == ["Inventory:", " a. short sword", f" b. {weapon}",
                         f" c. A scroll called {scroll}"]
    assert not any(shown[4:])
    game.press("x")
    game.player()
    game.open_menu("w")
    game.press("b")
    assert game.messages()[0] == f"You are wielding {weapon}"
    game.open_menu("w")
    game.press("c")
    assert game.messages()[0] == f"You can't wield {scroll}"
    game.open_menu("r")
    game.press("a")
    assert game.messages()[0] == "You can't read a short sword"
    game.open_menu("r")
    game.press("c")
    assert game.messages()[:2] == [f"You read the scroll called {scroll}", "Your armor glows blue."]
    assert 3 <= game.stat_values()[2] <= 5, "improve armor raises armor by 1 to 3"
    shown = game.open_menu("i")
    assert shown[:3] == ["Inventory:", " a. short sword", f" b. {weapon}"] and not shown[3]


def test_descending_the_stairs_makes_level_1(terminal):
    game = terminal(WINNING_SEED)
    game.press("c")
    first_level = game.level_rows()
    game.walk_onto(">", avoid="D")
    game.press(">")
    assert game.stat_values()[0] == 1
    assert game.messages() == []
    assert game.level_rows() != first_level
    game.player()


def test_cheat_then_the_idol_on_level_4_wins(terminal):
    game = terminal(WINNING_SEED)
    game.press("c")
    for level in range(1, 5):
        game.walk_onto(">", avoid="D")
        game.press(">")
        assert game.stat_values()[0] == level
    assert not game.find(">"), "level 4 has no stairway"
    assert game.find("&"), "seed no longer shows the idol"
    game.walk_onto("&", avoid="D")
    game.press("g")
    assert game.messages() == WIN_MESSAGES
    assert game.press_to_exit("q") == 0


def test_q_quits(terminal):
    assert terminal(QUIET_SEED).press_to_exit("q") == 0


def test_run_py_starts_the_same_game(terminal):
    assert terminal(QUIET_SEED, ("run.py",)).lines() == terminal(QUIET_SEED).lines()


@pytest.mark.parametrize("program", ["main.py", "run.py"])
def test_help_in_a_terminal_prints_the_usage_line_naming_the_script(program):
    # Issue 35: --help, typed as a player types it, gives the usage line, not a game.
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, [program, "--help"], cwd=str(MINIROGUE_DIR),
                          env=dict(os.environ, TERM="xterm"), dimensions=(24, 80),
                          encoding="utf-8", timeout=10)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert child.before == (f"usage: python {program} (no arguments; set MINIROGUE_SEED to "
                            f"replay a game)\r\n")


@pytest.mark.parametrize("lines, columns", [(12, 40), (30, 69), (19, 80)])
def test_a_terminal_too_small_for_the_map_is_refused_with_the_size_needed(lines, columns):
    # Issue 18: at 40x12 the map and the statistics line wrapped and the game was unplayable.
    pexpect = pytest.importorskip("pexpect")
    env = {name: value for name, value in os.environ.items() if name not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm", MINIROGUE_SEED=str(QUIET_SEED))
    child = pexpect.spawn(sys.executable, ["main.py"], cwd=str(MINIROGUE_DIR), env=env,
                          dimensions=(lines, columns), encoding="utf-8", timeout=10)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert child.before.strip() == (
        f"MiniRogue needs a terminal of at least 70 columns and 20 rows; this one has "
        f"{columns} columns and {lines} rows")
