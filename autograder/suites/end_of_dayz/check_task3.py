"""Task 3 checks: tracking zombies, pickups, the inventory, garlic, the crossbow and the
advanced game, loader and interface.
"""

import doctest
import random
from typing import Sequence, Tuple

import pytest

from autograder import check
from autograder.drivers import Driver

SETUP = "from a2 import *\nfrom a2_support import Position"
TIMEOUT_S = 5
RANDOM_SEED = 5

# The driver: F pressed in a small advanced game (see drivers/fire.py).
FIRE = Driver("end_of_dayz.fire")
# The driver: where a seeded random source is left by a game's steps.
RANDOM_STEPS = Driver("end_of_dayz.random_steps")
# Where a tracking zombie from (0, 0) is after two steps toward a player on (4, 4).
TRACKED_TWICE = [0, 2]
FIRE_PROMPT = "Direction to fire: "
NO_ZOMBIE = "No zombie in that direction!\n"


def fire(sandbox, direction: str, item: str = "Crossbow",
         extra: Sequence[Tuple[str, int, int]] = ()) -> dict:
    """Press F in the FIRE game, typing ``direction``; return what the child saw.

    Args:
        sandbox: the check's runner.
        direction: the firing direction typed.
        item: the class of what the player holds.
        extra: more entities, as (class name, row, column).

    Returns:
        A record with ``printed``, ``steps``, ``hospital_shielding``, ``zombies`` and
        ``items``; a report of another shape fails the check (StudentCrashed).
    """
    return sandbox.probe(FIRE, args={"item": item, "extra": [list(each) for each in extra]},
                         stdin=direction + "\n")


def expect(result: dict, **expected) -> None:
    """Compare the listed fields of a fire result, naming every field that differs."""
    wrong = {key: (result.get(key), want) for key, want in expected.items()
             if result.get(key) != want}
    assert not wrong, "; ".join(f"{key} was {got!r}, expected {want!r}"
                                for key, (got, want) in wrong.items())


@check(item="functionality", points=5, timeout=TIMEOUT_S)
def test_tracking_zombie_moves_towards_player(sandbox):
    """TrackingZombie: the spec's example, a blocked best square, the player straight to its
    left, right or up, and a tie between left and down, which goes left

    (spec, TrackingZombie.step: "picking 'W' first followed by 'S', 'N', and finally 'E'";
    CLARIFICATIONS.md: ties broken left, down, up, right, either order for up and down.)
    """
    sandbox.doctest("""
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(1, 1), TrackingZombie())
        >>> grid.add_entity(Position(2, 4), VulnerablePlayer())
        >>> game = IntermediateGame(grid)
        >>> game.step()
        >>> sorted(grid.serialize().items())
        [((1, 2), 'T'), ((2, 4), 'P')]
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(1, 1), TrackingZombie())
        >>> grid.add_entity(Position(2, 4), VulnerablePlayer())
        >>> grid.add_entity(Position(1, 2), Hospital())
        >>> IntermediateGame(grid).step()
        >>> sorted(grid.serialize().items())
        [((1, 2), 'H'), ((2, 1), 'T'), ((2, 4), 'P')]
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(3, 1), TrackingZombie())
        >>> grid.add_entity(Position(0, 1), VulnerablePlayer())
        >>> IntermediateGame(grid).step()
        >>> sorted(grid.serialize().items())
        [((0, 1), 'P'), ((2, 1), 'T')]
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(0, 1), TrackingZombie())
        >>> grid.add_entity(Position(3, 1), VulnerablePlayer())
        >>> IntermediateGame(grid).step()
        >>> sorted(grid.serialize().items())
        [((1, 1), 'T'), ((3, 1), 'P')]
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(1, 3), TrackingZombie())
        >>> grid.add_entity(Position(1, 0), VulnerablePlayer())
        >>> IntermediateGame(grid).step()
        >>> sorted(grid.serialize().items())
        [((1, 0), 'P'), ((1, 2), 'T')]
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(2, 0), TrackingZombie())
        >>> grid.add_entity(Position(0, 2), VulnerablePlayer())
        >>> IntermediateGame(grid).step()
        >>> sorted(grid.serialize().items())
        [((0, 2), 'P'), ((1, 0), 'T')]
        >>> TrackingZombie().display(), isinstance(TrackingZombie(), Zombie)
        ('T', True)
    """, setup=SETUP)


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_tracking_zombie_infects_and_stays(sandbox):
    """TrackingZombie: next to the player it infects and does not move"""
    sandbox.doctest("""
        >>> grid = Grid(4)
        >>> player = VulnerablePlayer()
        >>> grid.add_entity(Position(1, 1), TrackingZombie())
        >>> grid.add_entity(Position(1, 2), player)
        >>> IntermediateGame(grid).step()
        >>> sorted(grid.serialize().items()), bool(player.is_infected())
        ([((1, 1), 'T'), ((1, 2), 'P')], True)
    """, setup=SETUP)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_tracking_zombie_draws_no_random_numbers(sandbox):
    """TrackingZombie.step never uses the random source

    (CLARIFICATIONS.md, End of DayZ: "TrackingZombie.step never draws random numbers: it
    orders the four offsets by Manhattan distance ..."). From (0, 0) toward the player on
    (4, 4), down and right tie at each step and down comes first in either accepted tie
    order, so the zombie must be on (0, 2) after two steps.
    """
    got = sandbox.probe(RANDOM_STEPS, args={"size": 5, "zombie": "TrackingZombie",
                                            "zombie_at": [0, 0], "player_at": [4, 4],
                                            "steps": 2, "seed": RANDOM_SEED})
    assert got.next == random.Random(RANDOM_SEED).random(), (
        "two steps of a lone tracking zombie moved the random source")
    assert got.at == TRACKED_TWICE, (
        f"the tracking zombie on (0, 0) stepped to {got.at} in two steps toward the player "
        f"on (4, 4), not to {TRACKED_TWICE}")


@check(item="functionality", points=8, timeout=TIMEOUT_S)
def test_pickup_durability_lifetime_repr(sandbox):
    """Garlic and Crossbow: durability, lifetime, hold, repr, display"""
    sandbox.doctest("""
        >>> garlic, crossbow = Garlic(), Crossbow()
        >>> garlic, crossbow, garlic.display(), crossbow.display()
        (Garlic(10), Crossbow(5), 'G', 'C')
        >>> garlic.get_durability(), garlic.get_lifetime(), crossbow.get_durability()
        (10, 10, 5)
        >>> garlic.hold()
        >>> garlic.hold()
        >>> garlic, garlic.get_lifetime(), garlic.get_durability()
        (Garlic(8), 8, 10)
        >>> crossbow.get_lifetime()
        5
        >>> crossbow.hold()
        >>> crossbow, crossbow.get_lifetime(), crossbow.get_durability()
        (Crossbow(4), 4, 5)
        >>> isinstance(garlic, Pickup), isinstance(crossbow, Entity)
        (True, True)
    """, setup=SETUP)


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_pickup_moving_onto_an_item(sandbox):
    """AdvancedGame: moving onto an item picks it up and takes its square"""
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> player = HoldingPlayer()
        >>> grid.add_entity(Position(0, 0), player)
        >>> grid.add_entity(Position(1, 0), Garlic())
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> game = AdvancedGame(grid)
        >>> game.move_player(Position(1, 0))
        >>> sorted(grid.serialize().items()), player.get_inventory().get_items()
        ([((1, 0), 'P'), ((2, 2), 'H')], [Garlic(10)])
        >>> game.step()
        >>> player.get_inventory().get_items()
        [Garlic(9)]
        >>> isinstance(game, IntermediateGame)
        True
    """, setup=SETUP)


@check(item="functionality", points=4, timeout=TIMEOUT_S)
def test_inventory_lifetimes(sandbox):
    """Inventory: the spec's lifetimes example"""
    sandbox.doctest("""
        >>> inventory = Inventory()
        >>> inventory.get_items()
        []
        >>> inventory.add_item(Crossbow())
        >>> inventory.add_item(Garlic())
        >>> inventory.get_items()
        [Crossbow(5), Garlic(10)]
        >>> for _ in range(4): inventory.step()
        >>> inventory.get_items()
        [Crossbow(1), Garlic(6)]
        >>> inventory.step()
        >>> inventory.get_items()
        [Garlic(5)]
        >>> for _ in range(30): inventory.step()
        >>> inventory.get_items()
        []
    """, setup=SETUP)


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_inventory_contains_and_copies(sandbox):
    """Inventory: contains, and get_items is a copy"""
    sandbox.doctest("""
        >>> inventory = Inventory()
        >>> inventory.add_item(Garlic())
        >>> inventory.contains("C"), inventory.contains("G")
        (False, True)
        >>> inventory.get_items().append(Crossbow())
        >>> inventory.get_items().clear()
        >>> inventory.get_items(), inventory.contains("C")
        ([Garlic(10)], False)
    """, setup=SETUP)


@check(item="functionality", points=3, timeout=TIMEOUT_S)
def test_inventory_held_by_stepping_player(sandbox):
    """HoldingPlayer: display, an empty inventory to start, and its inventory steps with
    the game (spec, HoldingPlayer; the course's HoldingPlayer tests)"""
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> player = HoldingPlayer()
        >>> grid.add_entity(Position(0, 0), player)
        >>> player.get_inventory().add_item(Crossbow())
        >>> game = AdvancedGame(grid)
        >>> for _ in range(3): game.step()
        >>> player.get_inventory().get_items()
        [Crossbow(2)]
        >>> isinstance(player, VulnerablePlayer), player.get_inventory() is player.get_inventory()
        (True, True)
        >>> HoldingPlayer().display(), HoldingPlayer().get_inventory().get_items()
        ('P', [])
    """, setup=SETUP)


@check(item="functionality", points=3, timeout=TIMEOUT_S)
def test_garlic_makes_player_immune(sandbox):
    """HoldingPlayer: garlic protects it until the garlic is spent"""
    sandbox.doctest("""
        >>> player = HoldingPlayer()
        >>> player.get_inventory().add_item(Garlic())
        >>> player.infect()
        >>> bool(player.is_infected())
        False
        >>> for _ in range(10): player.get_inventory().step()
        >>> player.infect()
        >>> bool(player.is_infected())
        True
        >>> plain = HoldingPlayer()
        >>> plain.get_inventory().add_item(Crossbow())
        >>> plain.infect()
        >>> plain.is_infected()
        True
    """, setup=SETUP)


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_garlic_protects_against_a_zombie(sandbox):
    """AdvancedGame: a zombie next to a player holding garlic cannot infect it"""
    sandbox.doctest("""
        >>> grid = Grid(2)
        >>> player = HoldingPlayer()
        >>> grid.add_entity(Position(0, 0), TrackingZombie())
        >>> grid.add_entity(Position(1, 0), player)
        >>> grid.add_entity(Position(0, 1), Hospital())
        >>> grid.add_entity(Position(1, 1), Hospital())
        >>> player.get_inventory().add_item(Garlic())
        >>> game = AdvancedGame(grid)
        >>> game.step()
        >>> bool(player.is_infected()), bool(game.has_lost())
        (False, False)
    """, setup=SETUP)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_fire_without_a_crossbow(sandbox):
    """F: no crossbow, a message and one step"""
    expect(fire(sandbox, "S", item="Garlic"),
           printed="You are not holding anything to fire!\n", steps=1, items=["Garlic(9)"])


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_fire_invalid_direction(sandbox):
    """F: an invalid direction, a message and one step"""
    expect(fire(sandbox, "X"), printed=FIRE_PROMPT + "Invalid firing direction entered!\n",
           steps=1, items=["Crossbow(4)"], zombies=["Z"])


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_fire_empty_line(sandbox):
    """F: nothing in that direction, a message and one step"""
    expect(fire(sandbox, "D"), printed=FIRE_PROMPT + NO_ZOMBIE, steps=1, items=["Crossbow(4)"],
           zombies=["Z"])


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_fire_blocked_by_another_entity(sandbox):
    """F: the hospital in the way shields the zombie behind it"""
    expect(fire(sandbox, "S"), printed=FIRE_PROMPT + NO_ZOMBIE, steps=1, zombies=["Z"],
           hospital_shielding=True, items=["Crossbow(4)"])


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_fire_hits_zombies(sandbox):
    """F: the first zombie (Z or T) in line is removed silently, then one step"""
    expect(fire(sandbox, "D", extra=[("Zombie", 3, 0)]),
           printed=FIRE_PROMPT, steps=1, zombies=["Z"], items=["Crossbow(4)"])
    expect(fire(sandbox, "D", extra=[("TrackingZombie", 2, 0), ("Zombie", 3, 0)]),
           printed=FIRE_PROMPT, steps=1, zombies=["Z", "Z"], items=["Crossbow(4)"])


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_draw_advanced_with_and_without_items(sandbox):
    """AdvancedTextInterface.draw: the holding list only when something is held"""
    sandbox.doctest("""
        >>> grid = Grid(4)
        >>> player = HoldingPlayer()
        >>> grid.add_entity(Position(2, 2), player)
        >>> game = AdvancedGame(grid)
        >>> interface = AdvancedTextInterface(4)
        >>> interface.draw(game)
        ######
        #    #
        #    #
        #  P #
        #    #
        ######
        >>> player.get_inventory().add_item(Garlic())
        >>> player.get_inventory().add_item(Crossbow())
        >>> interface.draw(game)
        ######
        #    #
        #    #
        #  P #
        #    #
        ######
        The player is currently holding:
        Garlic(10)
        Crossbow(5)
    """, setup=SETUP)


@check(item="functionality", points=7, timeout=TIMEOUT_S)
def test_map_loader_advanced(sandbox):
    """AdvancedMapLoader: maps/basic4.txt, and create_entity for every kind of entity

    (spec, AdvancedMapLoader; the course's tests: create each of the six kinds, load a map).
    """
    sandbox.doctest("""
        >>> grid = AdvancedMapLoader().load("maps/basic4.txt")
        >>> grid.get_size()
        10
        >>> sorted(grid.serialize().items())  # doctest: +NORMALIZE_WHITESPACE
        [((1, 2), 'C'), ((3, 7), 'T'), ((5, 3), 'Z'), ((5, 4), 'Z'), ((5, 6), 'H'),
         ((6, 0), 'C'), ((8, 0), 'P'), ((8, 8), 'G')]
        >>> type(grid.get_entity(Position(8, 0))).__name__
        'HoldingPlayer'
        >>> loader = AdvancedMapLoader()
        >>> [loader.create_entity(token) for token in "PHZTGC"]
        [HoldingPlayer(), Hospital(), Zombie(), TrackingZombie(), Garlic(10), Crossbow(5)]
        >>> isinstance(AdvancedMapLoader(), IntermediateMapLoader)
        True
    """, setup=SETUP)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_pickup_base_durability_not_implemented(sandbox):
    """Pickup.get_durability raises NotImplementedError (spec, Pickup.get_durability)

    Raised from the constructor (the spec sets the lifetime to the durability there) or
    from the method: either way the abstract pickup cannot say how long it lasts.
    """
    sandbox.doctest("""
        >>> Pickup().get_durability()
        Traceback (most recent call last):
        NotImplementedError
    """, setup=SETUP, optionflags=doctest.IGNORE_EXCEPTION_DETAIL)


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_pickups_step_does_nothing(sandbox):
    """Garlic and Crossbow on the grid: step does nothing (spec, Entity.step, inherited)"""
    sandbox.doctest("""
        >>> grid = Grid(4)
        >>> grid.add_entity(Position(0, 0), HoldingPlayer())
        >>> garlic, crossbow = Garlic(), Crossbow()
        >>> grid.add_entity(Position(2, 2), garlic)
        >>> grid.add_entity(Position(3, 3), crossbow)
        >>> game = AdvancedGame(grid)
        >>> garlic.step(Position(2, 2), game), crossbow.step(Position(3, 3), game)
        (None, None)
        >>> sorted(grid.serialize().items()), garlic.get_lifetime(), crossbow.get_lifetime()
        ([((0, 0), 'P'), ((2, 2), 'G'), ((3, 3), 'C')], 10, 5)
    """, setup=SETUP)


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_map_loader_subclasses_refuse_unknown_tokens(sandbox):
    """Intermediate and advanced loaders raise ValueError on a token they do not know

    (spec, BasicMapLoader.create_entity: the subclasses extend the tokens it knows).
    """
    sandbox.doctest("""
        >>> IntermediateMapLoader().create_entity("T")
        Traceback (most recent call last):
        ValueError
        >>> IntermediateMapLoader().create_entity("X")
        Traceback (most recent call last):
        ValueError
        >>> AdvancedMapLoader().create_entity("X")
        Traceback (most recent call last):
        ValueError
    """, setup=SETUP, optionflags=doctest.IGNORE_EXCEPTION_DETAIL)


@pytest.mark.parametrize("game", ["Game", "IntermediateGame"])
@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_pickup_task3_entities_step_in_earlier_games(sandbox, game):
    """Game and IntermediateGame step the task 3 entities: a tracking zombie closes in, the
    holding player's inventory ages, pickups on the grid stay

    (spec, Game.step: every entity steps; the course's two "polymorphism task 3" tests).
    """
    sandbox.doctest(f"""
        >>> grid = Grid(5)
        >>> player = HoldingPlayer()
        >>> grid.add_entity(Position(0, 0), player)
        >>> grid.add_entity(Position(4, 0), TrackingZombie())
        >>> grid.add_entity(Position(2, 4), Garlic())
        >>> grid.add_entity(Position(4, 4), Crossbow())
        >>> player.get_inventory().add_item(Crossbow())
        >>> game = {game}(grid)
        >>> game.step()
        >>> sorted(grid.serialize().items())
        [((0, 0), 'P'), ((2, 4), 'G'), ((3, 0), 'T'), ((4, 4), 'C')]
        >>> player.get_inventory().get_items(), game.get_steps()
        ([Crossbow(4)], 1)
    """, setup=SETUP)
