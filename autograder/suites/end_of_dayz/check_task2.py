"""Task 2 checks: the vulnerable player, zombies, the step order and the intermediate game.

Zombies move at random, through the support module's ``random_directions`` (the grader's
own copy). Checks either seed the random source and compare the whole walk, or build
grids where every random order leads to the same result, so that only the rules decide.
"""

import random
from typing import List, Tuple

import pytest

from autograder import check
from autograder.drivers import Driver

SETUP = "from a2 import *\nfrom a2_support import Position"
TIMEOUT_S = 5
# The support module's OFFSETS, in its order: random_directions() samples this list.
SUPPORT_OFFSETS = [(0, 1), (0, -1), (1, 0), (-1, 0)]
RANDOM_SEED = 3
# The drivers: where a seeded random source is left by a game's steps, and what a small
# game printed.
RANDOM_STEPS = Driver("end_of_dayz.random_steps")
PLAY_OUTPUT = Driver("end_of_dayz.play_output")


def one_draw(seed: int) -> Tuple[List[Tuple[int, int]], float]:
    """Return what ``random_directions()`` gives after seeding, and the ``random.random()``
    that follows it (computed here, in the grader)."""
    source = random.Random(seed)
    directions = source.sample(SUPPORT_OFFSETS, k=len(SUPPORT_OFFSETS))
    return directions, source.random()


@check(item="functionality", points=3, timeout=TIMEOUT_S)
def test_vulnerable_player_infection(sandbox):
    """VulnerablePlayer: infect and is_infected"""
    sandbox.doctest("""
        >>> player = VulnerablePlayer()
        >>> bool(player.is_infected())
        False
        >>> player.infect()
        >>> player.infect()
        >>> bool(player.is_infected()), player.display(), repr(player), isinstance(player, Player)
        (True, 'P', 'VulnerablePlayer()', True)
    """, setup=SETUP)


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_zombie_seeded_walk(sandbox):
    """Zombie: a seeded walk of six steps"""
    sandbox.doctest(f"""
        >>> import random
        >>> random.seed({RANDOM_SEED})
        >>> grid = Grid(4)
        >>> grid.add_entity(Position(1, 1), Zombie())
        >>> grid.add_entity(Position(3, 3), VulnerablePlayer())
        >>> game = IntermediateGame(grid)
        >>> for _ in range(6):
        ...     game.step()
        ...     print(sorted(grid.serialize().items()))
        [((1, 0), 'Z'), ((3, 3), 'P')]
        [((0, 0), 'Z'), ((3, 3), 'P')]
        [((0, 1), 'Z'), ((3, 3), 'P')]
        [((1, 1), 'Z'), ((3, 3), 'P')]
        [((1, 0), 'Z'), ((3, 3), 'P')]
        [((1, 1), 'Z'), ((3, 3), 'P')]
        >>> Zombie(), Zombie().display()
        (Zombie(), 'Z')
    """, setup=SETUP)


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_zombie_draws_directions_once_per_step(sandbox):
    """Zombie.step calls random_directions() exactly once

    (CLARIFICATIONS.md, End of DayZ: "Zombie.step calls random_directions() exactly once per
    step, then tries the offsets in that order"). The zombie in the middle of a 3x3 grid has
    four free squares around it, so it must step to the first offset drawn.
    """
    got = sandbox.probe(RANDOM_STEPS, args={"size": 3, "zombie": "Zombie", "zombie_at": [1, 1],
                                            "player_at": [2, 2], "steps": 1,
                                            "seed": RANDOM_SEED})
    directions, after = one_draw(RANDOM_SEED)
    assert got.next == after, (
        "after one step with one zombie, the random source is not where one call of "
        "random_directions() leaves it")
    first = [1 + directions[0][0], 1 + directions[0][1]]
    assert got.at == first, (
        f"the zombie on (1, 1) stepped to {got.at}, not to {first}, the first of the "
        f"directions random_directions() drew")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_zombie_infects_and_stays(sandbox):
    """Zombie: next to the player it infects and does not move"""
    sandbox.doctest("""
        >>> grid = Grid(2)
        >>> player = VulnerablePlayer()
        >>> grid.add_entity(Position(0, 0), Zombie())
        >>> grid.add_entity(Position(1, 0), player)
        >>> grid.add_entity(Position(0, 1), Hospital())
        >>> grid.add_entity(Position(1, 1), Hospital())
        >>> game = IntermediateGame(grid)
        >>> game.step()
        >>> sorted(grid.serialize().items()), bool(player.is_infected()), bool(game.has_lost())
        ([((0, 0), 'Z'), ((0, 1), 'H'), ((1, 0), 'P'), ((1, 1), 'H')], True, True)
    """, setup=SETUP)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_zombie_blocked_by_entities(sandbox):
    """Zombie: boxed in by other entities, it stays"""
    sandbox.doctest("""
        >>> grid = Grid(2)
        >>> player = VulnerablePlayer()
        >>> grid.add_entity(Position(0, 0), Zombie())
        >>> grid.add_entity(Position(1, 0), Hospital())
        >>> grid.add_entity(Position(0, 1), Hospital())
        >>> grid.add_entity(Position(1, 1), player)
        >>> IntermediateGame(grid).step()
        >>> sorted(grid.serialize().items()), bool(player.is_infected())
        ([((0, 0), 'Z'), ((0, 1), 'H'), ((1, 0), 'H'), ((1, 1), 'P')], False)
    """, setup=SETUP)


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_step_order_is_insertion_order(sandbox):
    """Game.step: entities step in the order they were added"""
    # Both zombies can only move to (1, 0): the one added first, on the right, gets it.
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> grid.add_entity(Position(2, 0), Zombie())
        >>> grid.add_entity(Position(0, 0), Zombie())
        >>> for x in range(3): grid.add_entity(Position(x, 1), Hospital())
        >>> grid.add_entity(Position(0, 2), Hospital())
        >>> grid.add_entity(Position(1, 2), Hospital())
        >>> grid.add_entity(Position(2, 2), VulnerablePlayer())
        >>> IntermediateGame(grid).step()
        >>> sorted(position for position, token in grid.serialize().items() if token == "Z")
        [(0, 0), (1, 0)]
    """, setup=SETUP)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_step_order_uses_a_snapshot(sandbox):
    """Game.step: an entity that moves does not step twice"""
    sandbox.doctest("""
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(0, 0), TrackingZombie())
        >>> grid.add_entity(Position(0, 4), VulnerablePlayer())
        >>> game = IntermediateGame(grid)
        >>> game.step()
        >>> sorted(grid.serialize().items()), game.get_steps()
        ([((0, 1), 'T'), ((0, 4), 'P')], 1)
    """, setup=SETUP)


@pytest.mark.parametrize("game, player", [("IntermediateGame", "VulnerablePlayer"),
                                           ("AdvancedGame", "HoldingPlayer")],
                         ids=["IntermediateGame", "AdvancedGame"])
@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_game_intermediate_loses_when_infected(sandbox, game, player):
    """IntermediateGame.has_lost follows the player's infection, in the task 3 game too

    (spec, IntermediateGame.has_lost; the course's IntermediateGame and AdvancedGame tests).
    """
    sandbox.doctest(f"""
        >>> grid = Grid(3)
        >>> player = {player}()
        >>> grid.add_entity(Position(0, 0), player)
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> game = {game}(grid)
        >>> bool(game.has_lost()), bool(Game(grid).has_lost())
        (False, False)
        >>> player.infect()
        >>> bool(game.has_lost()), bool(game.has_won()), isinstance(game, Game)
        (True, False, True)
    """, setup=SETUP)


@check(item="functionality", points=3, timeout=TIMEOUT_S)
def test_game_basic_with_zombies(sandbox):
    """Game (task 1) with task 2 entities: a zombie moves, infects, and the player still wins

    (spec, Game.step: every entity steps; the course's three "simple game polymorphism"
    tests: won, zombie moved, zombie infects).
    """
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> grid.add_entity(Position(0, 0), VulnerablePlayer())
        >>> grid.add_entity(Position(2, 2), Zombie())
        >>> grid.add_entity(Position(1, 0), Hospital())
        >>> game = Game(grid)
        >>> game.step()
        >>> print(grid.get_entity(Position(2, 2)))
        None
        >>> game.move_player(Position(1, 0))
        >>> bool(game.has_won())
        True
        >>> grid = Grid(2)
        >>> player = VulnerablePlayer()
        >>> grid.add_entity(Position(0, 0), Zombie())
        >>> grid.add_entity(Position(1, 0), player)
        >>> grid.add_entity(Position(0, 1), Hospital())
        >>> grid.add_entity(Position(1, 1), Hospital())
        >>> Game(grid).step()
        >>> bool(player.is_infected())
        True
    """, setup=SETUP)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_game_player_kills_zombie_by_moving_onto_it(sandbox):
    """Game: the player moving onto a zombie takes its square"""
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> player = VulnerablePlayer()
        >>> grid.add_entity(Position(0, 0), player)
        >>> grid.add_entity(Position(1, 0), Zombie())
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> game = IntermediateGame(grid)
        >>> game.move_player(Position(1, 0))
        >>> sorted(grid.serialize().items()), bool(player.is_infected())
        ([((1, 0), 'P'), ((2, 2), 'H')], False)
    """, setup=SETUP)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_win_lose_order_win_checked_first(sandbox):
    """play: reaching the hospital while infected wins"""
    # Moving right onto the hospital, the player ends next to a zombie whose only free
    # square is the player's: the same turn wins and infects, and the win is announced.
    result = sandbox.probe(PLAY_OUTPUT, stdin="D\n")
    printed = result if isinstance(result, str) else ""
    assert printed.endswith("You win!\n") and "You lose!" not in printed, (
        f"play ended with {printed[-40:]!r}: the win must be announced, not the loss")


@check(item="functionality", points=4, timeout=TIMEOUT_S)
def test_map_loader_intermediate(sandbox):
    """IntermediateMapLoader: maps/basic2.txt with zombies, and create_entity

    (spec, IntermediateMapLoader; the course's tests: create a player, a hospital and a
    zombie, load a map).
    """
    sandbox.doctest("""
        >>> grid = IntermediateMapLoader().load("maps/basic2.txt")
        >>> grid.get_size(), sorted(grid.serialize().items())
        (10, [((5, 3), 'Z'), ((5, 4), 'Z'), ((5, 6), 'H'), ((8, 0), 'P')])
        >>> type(grid.get_entity(Position(8, 0))).__name__
        'VulnerablePlayer'
        >>> loader = IntermediateMapLoader()
        >>> loader.create_entity("P"), loader.create_entity("H"), loader.create_entity("Z")
        (VulnerablePlayer(), Hospital(), Zombie())
        >>> isinstance(IntermediateMapLoader(), BasicMapLoader)
        True
    """, setup=SETUP)
