"""Game rules that the transcripts touch only lightly: firing, step order, win before loss.

Each scenario runs in a child process in end_of_dayz/ and reports, as JSON, what it printed,
the step count and the grid afterwards.
"""

import json

import pytest

# Reports what was printed, the step count and the entities left (their characters, sorted,
# as zombies move during the step). The player is at (0, 0) of a 5 by 5 grid holding the
# items of argv[1]; the hospital at (0, 2) blocks the line down (S), with a zombie at (0, 4)
# behind it; a tracking zombie at (3, 0) is on the line right (D); nothing is up (W).
FIRE_DRIVER = """
import contextlib, io, json, sys
from a2 import *
grid = Grid(5)
player = HoldingPlayer()
grid.add_entity(Position(0, 0), player)
grid.add_entity(Position(0, 2), Hospital())
grid.add_entity(Position(0, 4), Zombie())
grid.add_entity(Position(3, 0), TrackingZombie())
for item in sys.argv[1]:
    player.get_inventory().add_item({"C": Crossbow, "G": Garlic}[item]())
game = AdvancedGame(grid)
printed = io.StringIO()
with contextlib.redirect_stdout(printed):
    AdvancedTextInterface(5).handle_action(game, "F")
print(json.dumps({"printed": printed.getvalue(), "steps": game.get_steps(),
                  "entities": "".join(sorted(grid.serialize().values()))}))
"""
PROMPT = "Direction to fire: "
NO_ZOMBIE = "No zombie in that direction!\n"
ALL_ENTITIES = "HPTZ"


def fire(eod, items, typed):
    """Fire once with ``items`` held and ``typed`` at the direction prompt; return the report."""
    result = eod.run_python(eod.folder, ["-c", FIRE_DRIVER, items], typed)
    assert result.returncode == 0, result.stderr.decode()
    return json.loads(result.stdout)


def test_fire_without_a_crossbow_asks_nothing_and_steps(eod):
    report = fire(eod, "G", "")
    assert report["printed"] == "You are not holding anything to fire!\n"
    assert report["steps"] == 1
    assert report["entities"] == ALL_ENTITIES


@pytest.mark.parametrize("typed", ["X\n", "s\n", "\n", "SS\n", "F\n"])
def test_fire_in_an_invalid_direction_says_so_and_steps(eod, typed):
    report = fire(eod, "C", typed)
    assert report["printed"] == PROMPT + "Invalid firing direction entered!\n"
    assert report["steps"] == 1
    assert report["entities"] == ALL_ENTITIES


@pytest.mark.parametrize("typed", ["S\n", "W\n", "A\n"])
def test_fire_blocked_or_at_nothing_misses_and_steps(eod, typed):
    report = fire(eod, "C", typed)
    assert report["printed"] == PROMPT + NO_ZOMBIE
    assert report["steps"] == 1
    assert report["entities"] == ALL_ENTITIES


def test_fire_at_a_zombie_removes_it_silently_and_steps(eod):
    report = fire(eod, "GC", "D\n")
    assert report["printed"] == PROMPT
    assert report["steps"] == 1
    assert report["entities"] == "HPZ"


STEP_DRIVER = """
import json
from a2 import *
grid = Grid(3)
player = VulnerablePlayer()
grid.add_entity(Position(2, 2), Hospital())
grid.add_entity(Position(0, 0), Player())
grid.add_entity(Position(1, 0), Zombie())
grid.add_entity(Position(0, 0), player)   # replaces, keeping the player's place
order = [repr(entity) for entity in grid.get_entities()]
game = IntermediateGame(grid)
game.move_player(Position(1, 0))          # onto the zombie
after_move = sorted(map(list, grid.serialize().items()))
game.step()
print(json.dumps({"order": order, "after_move": after_move, "infected": player.is_infected(),
                  "steps": game.get_steps(), "won": game.has_won(), "lost": game.has_lost()}))
"""


def test_replacing_keeps_order_and_walking_onto_a_zombie_removes_it(eod):
    result = eod.run_python(eod.folder, ["-c", STEP_DRIVER])
    assert result.returncode == 0, result.stderr.decode()
    assert json.loads(result.stdout) == {
        "order": ["Hospital()", "VulnerablePlayer()", "Zombie()"],
        "after_move": [[[1, 0], "P"], [[2, 2], "H"]], "infected": False, "steps": 1,
        "won": False, "lost": False}


# The player walks onto the hospital at (1, 0); the zombie at (1, 1) can then only reach the
# player (its other neighbour holds a zombie), so the same turn wins and infects.
WIN_AND_LOSS = """
from a2 import *
grid = Grid(2)
grid.add_entity(Position(0, 0), VulnerablePlayer())
grid.add_entity(Position(1, 0), Hospital())
grid.add_entity(Position(1, 1), Zombie())
grid.add_entity(Position(0, 1), Zombie())
game = IntermediateGame(grid)
print(TextInterface(2).play(game), game.has_won(), game.has_lost())
"""


def test_a_win_is_checked_before_a_loss(eod):
    result = eod.run_python(eod.folder, ["-c", WIN_AND_LOSS], "D\n")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().endswith("Enter your next action: You win!\nNone True True\n")


ZOMBIE_PINNED = """
import random
from a2 import *
results = set()
for seed in range(20):
    random.seed(seed)
    grid = Grid(2)
    player = VulnerablePlayer()
    grid.add_entity(Position(0, 0), Zombie())
    grid.add_entity(Position(1, 0), player)
    grid.add_entity(Position(0, 1), Hospital())
    IntermediateGame(grid).step()
    results.add((str(sorted(grid.serialize().items())), player.is_infected()))
print(results)
"""


def test_a_zombie_next_to_the_player_infects_it_and_stays(eod):
    result = eod.run_python(eod.folder, ["-c", ZOMBIE_PINNED])
    assert result.returncode == 0, result.stderr.decode()
    expected = {(str([((0, 0), "Z"), ((0, 1), "H"), ((1, 0), "P")]), True)}
    assert result.stdout.decode() == str(expected) + "\n"


# A zombie beside a plain Player for ten steps, then the advanced drawing of that game.
PLAIN_PLAYER_DRIVER = """
import contextlib, io, json
from a2 import *
grid = Grid(2)
grid.add_entity(Position(0, 0), Player())
grid.add_entity(Position(1, 0), Zombie())
game = IntermediateGame(grid)
for _ in range(10):
    game.step()
shown = io.StringIO()
with contextlib.redirect_stdout(shown):
    AdvancedTextInterface(2).draw(game)
print(json.dumps({"player": grid.serialize().get((0, 0)), "drawn": shown.getvalue()}))
"""
# The game's own fire rule: the hospital stops a bolt; a zombie on the line is removed.
FIRE_RULE_DRIVER = """
import json
from a2 import *
grid = Grid(5)
grid.add_entity(Position(0, 0), HoldingPlayer())
grid.add_entity(Position(0, 2), Hospital())
grid.add_entity(Position(0, 4), Zombie())
grid.add_entity(Position(3, 0), Zombie())
game = AdvancedGame(grid)
shots = [game.fire(Position(0, 1)), game.fire(Position(1, 0))]
print(json.dumps({"shots": shots, "left": sorted(grid.serialize().values())}))
"""


def test_a_zombie_beside_a_plain_player_does_not_crash_and_draw_needs_no_inventory(eod):
    # Issue 18: a Zombie next to a plain Player, and AdvancedTextInterface.draw with a
    # player who holds nothing, raised AttributeError.
    result = eod.run_python(eod.folder, ["-c", PLAIN_PLAYER_DRIVER], "")
    report = json.loads(result.stdout)
    assert report["player"] == "P" and "holding" not in report["drawn"]


def test_the_game_owns_the_fire_rule(eod):
    result = eod.run_python(eod.folder, ["-c", FIRE_RULE_DRIVER], "")
    assert json.loads(result.stdout) == {"shots": [False, True], "left": ["H", "P", "Z"]}
