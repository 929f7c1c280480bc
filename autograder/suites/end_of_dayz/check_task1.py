"""Task 1 checks: entities, the grid, the basic game, its map loader and its text interface.

Most checks are doctest transcripts: the examples run in the sandbox, one child per check,
and their output is compared here with the expected text below (never sent to the child).
"""

import doctest

import pytest

from autograder import check

# Every transcript starts from the names a student's a2.py provides, and the support
# module's Position (the spec requires a2.py to use that class).
SETUP = "from a2 import *\nfrom a2_support import Position"
TIMEOUT_S = 5


@check(item="functionality", points=5, timeout=TIMEOUT_S)
def test_entities_repr_and_display(sandbox):
    """Entity, Player and Hospital: repr and display"""
    sandbox.doctest("""
        >>> repr(Entity()), Entity().__repr__()
        ('Entity()', 'Entity()')
        >>> Player(), Player().display()
        (Player(), 'P')
        >>> Hospital(), Hospital().display()
        (Hospital(), 'H')
        >>> isinstance(Player(), Entity), isinstance(Hospital(), Entity)
        (True, True)
    """, setup=SETUP)


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_entities_base_display_not_implemented(sandbox):
    """Entity.display raises NotImplementedError"""
    sandbox.doctest("""
        >>> Entity().display()
        Traceback (most recent call last):
        NotImplementedError
    """, setup=SETUP, optionflags=doctest.IGNORE_EXCEPTION_DETAIL)


@check(item="functionality", points=5, timeout=TIMEOUT_S)
def test_grid_in_bounds_edges(sandbox):
    """Grid.in_bounds: every edge of a 5 by 5 grid"""
    sandbox.doctest("""
        >>> grid = Grid(5)
        >>> grid.get_size()
        5
        >>> [grid.in_bounds(Position(x, 0)) for x in (-1, 0, 4, 5)]
        [False, True, True, False]
        >>> [grid.in_bounds(Position(0, y)) for y in (-1, 0, 4, 5)]
        [False, True, True, False]
        >>> grid.in_bounds(Position(4, 4)), grid.in_bounds(Position(5, 5))
        (True, False)
        >>> Grid(10).in_bounds(Position(9, 8)), Grid(10).in_bounds(Position(9, 10))
        (True, False)
    """, setup=SETUP)


@check(item="functionality", points=4, timeout=TIMEOUT_S)
def test_grid_add_replace_remove(sandbox):
    """Grid: add, replace, ignore out of bounds, remove"""
    sandbox.doctest("""
        >>> grid = Grid(4)
        >>> grid.add_entity(Position(0, 0), Player())
        >>> grid.get_entity(Position(0, 0))
        Player()
        >>> grid.add_entity(Position(0, 0), Hospital())
        >>> grid.get_entity(Position(0, 0))
        Hospital()
        >>> grid.add_entity(Position(-1, 0), Player())
        >>> grid.add_entity(Position(4, 1), Player())
        >>> print(grid.get_entity(Position(-1, 0)), grid.get_entity(Position(4, 1)))
        None None
        >>> grid.get_entities()
        [Hospital()]
        >>> grid.remove_entity(Position(0, 0))
        >>> print(grid.get_entity(Position(0, 0)))
        None
        >>> grid.remove_entity(Position(2, 2))
        >>> grid.get_entities()
        []
    """, setup=SETUP)


@check(item="functionality", points=8, timeout=TIMEOUT_S)
def test_grid_mapping_entities_serialize(sandbox):
    """Grid: get_mapping, get_entities and serialize, all copies"""
    sandbox.doctest("""
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(0, 0), Hospital())
        >>> grid.add_entity(Position(0, 1), Player())
        >>> grid.add_entity(Position(4, 4), Hospital())
        >>> sorted(grid.get_mapping().items(), key=repr)
        [(Position(0, 0), Hospital()), (Position(0, 1), Player()), (Position(4, 4), Hospital())]
        >>> grid.get_entities()
        [Hospital(), Player(), Hospital()]
        >>> sorted(grid.serialize().items())
        [((0, 0), 'H'), ((0, 1), 'P'), ((4, 4), 'H')]
        >>> grid.get_mapping().clear()
        >>> grid.get_entities().clear()
        >>> grid.serialize().clear()
        >>> len(grid.get_mapping()), len(grid.get_entities()), len(grid.serialize())
        (3, 3, 3)
    """, setup=SETUP)


@check(item="functionality", points=4, timeout=TIMEOUT_S)
def test_grid_move_entity(sandbox):
    """Grid.move_entity: moves, replaces, ignores bad squares"""
    sandbox.doctest("""
        >>> grid = Grid(10)
        >>> grid.add_entity(Position(1, 2), Player())
        >>> grid.move_entity(Position(1, 2), Position(3, 5))
        >>> grid.serialize()
        {(3, 5): 'P'}
        >>> grid.add_entity(Position(0, 0), Hospital())
        >>> grid.move_entity(Position(3, 5), Position(0, 0))
        >>> grid.serialize()
        {(0, 0): 'P'}
        >>> grid.move_entity(Position(0, 0), Position(10, 0))
        >>> grid.move_entity(Position(5, 5), Position(0, 0))
        >>> grid.serialize()
        {(0, 0): 'P'}
    """, setup=SETUP)


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_grid_find_player(sandbox):
    """Grid.find_player, with and without a player"""
    sandbox.doctest("""
        >>> grid = Grid(10)
        >>> print(grid.find_player())
        None
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> grid.add_entity(Position(4, 6), Player())
        >>> grid.find_player()
        Position(4, 6)
    """, setup=SETUP)


# The course's ten Game tests run again on IntermediateGame and on AdvancedGame (its sample
# suite's "the 10 Game tests again"), each game with the player of its own task.
GAMES = pytest.mark.parametrize("game, player", [
    ("Game", "Player"), ("IntermediateGame", "VulnerablePlayer"),
    ("AdvancedGame", "HoldingPlayer")], ids=["Game", "IntermediateGame", "AdvancedGame"])


@GAMES
@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_game_direction_to_offset(sandbox, game, player):
    """Game.direction_to_offset: W, A, S, D only, upper case

    (spec, Game.direction_to_offset; CLARIFICATIONS: lower case and other strings give None;
    two of the course's Game tests, inherited by the task 2 and task 3 games).
    """
    sandbox.doctest(f"""
        >>> game = {game}(Grid(5))
        >>> [game.direction_to_offset(key) for key in "WASD"]
        [Position(0, -1), Position(-1, 0), Position(0, 1), Position(1, 0)]
        >>> [game.direction_to_offset(key) for key in ("w", "d", "F", "", "WA")]
        [None, None, None, None, None]
    """, setup=SETUP)


@GAMES
@check(item="functionality", points=6, timeout=TIMEOUT_S)
def test_game_moves_and_counts_steps(sandbox, game, player):
    """Game: get_grid, get_player, move_player, walls, step and get_steps

    (spec, Game; six of the course's Game tests, inherited by the task 2 and task 3 games).
    """
    sandbox.doctest(f"""
        >>> grid = Grid(3)
        >>> player = {player}()
        >>> grid.add_entity(Position(0, 0), player)
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> game = {game}(grid)
        >>> game.get_grid() is grid, game.get_player() is player, game.get_steps()
        (True, True, 0)
        >>> game.move_player(Position(0, -1))
        >>> game.move_player(Position(-1, 0))
        >>> grid.find_player()
        Position(0, 0)
        >>> game.move_player(Position(1, 0))
        >>> sorted(grid.serialize().items())
        [((1, 0), 'P'), ((2, 2), 'H')]
        >>> print(game.step())
        None
        >>> game.step()
        >>> game.get_steps()
        2
        >>> bool(game.has_lost())
        False
    """, setup=SETUP)


@GAMES
@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_game_player_reaches_hospital(sandbox, game, player):
    """Game.has_won: not before the player reaches the hospital, and once it does

    (spec, Game.has_won; CLARIFICATIONS: the player moving onto the hospital wins; two of the
    course's Game tests, inherited by the task 2 and task 3 games).
    """
    sandbox.doctest(f"""
        >>> grid = Grid(3)
        >>> grid.add_entity(Position(1, 1), {player}())
        >>> grid.add_entity(Position(1, 2), Hospital())
        >>> game = {game}(grid)
        >>> bool(game.has_won())
        False
        >>> game.move_player(Position(0, 1))
        >>> grid.serialize(), bool(game.has_won()), bool(game.has_lost())
        ({{(1, 2): 'P'}}, True, False)
    """, setup=SETUP)


@check(item="functionality", points=4, timeout=TIMEOUT_S)
def test_handle_action_moves_and_steps(sandbox):
    """TextInterface.handle_action: a move, then one step"""
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> grid.add_entity(Position(0, 0), Player())
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> game = Game(grid)
        >>> interface = TextInterface(3)
        >>> interface.handle_action(game, "S")
        >>> grid.find_player(), game.get_steps()
        (Position(0, 1), 1)
        >>> interface.handle_action(game, "A")
        >>> grid.find_player(), game.get_steps()
        (Position(0, 1), 2)
    """, setup=SETUP)


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_handle_action_invalid_still_steps(sandbox):
    """TextInterface.handle_action: an invalid action still steps"""
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> grid.add_entity(Position(0, 0), Player())
        >>> game = Game(grid)
        >>> interface = TextInterface(3)
        >>> for action in ("X", "w", "", "WASD"): interface.handle_action(game, action)
        >>> grid.find_player(), game.get_steps()
        (Position(0, 0), 4)
    """, setup=SETUP)


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_draw_text_interface(sandbox):
    """TextInterface.draw: the grid inside a border of #"""
    sandbox.doctest("""
        >>> grid = Grid(5)
        >>> grid.add_entity(Position(1, 1), Player())
        >>> grid.add_entity(Position(4, 4), Hospital())
        >>> TextInterface(5).draw(Game(grid))
        #######
        #     #
        # P   #
        #     #
        #     #
        #    H#
        #######
        >>> grid = Grid(2)
        >>> grid.add_entity(Position(1, 0), Player())
        >>> TextInterface(2).draw(Game(grid))
        ####
        # P#
        #  #
        ####
    """, setup=SETUP)


@check(item="functionality", points=5, timeout=TIMEOUT_S)
def test_map_loader_basic(sandbox):
    """BasicMapLoader: maps/basic.txt, and create_entity

    (spec, BasicMapLoader; the course's tests: load the basic map, create a player and a
    hospital, a zombie and an unknown token are invalid).
    """
    sandbox.doctest("""
        >>> grid = BasicMapLoader().load("maps/basic.txt")
        >>> grid.get_size(), sorted(grid.serialize().items())
        (5, [((0, 1), 'P'), ((4, 4), 'H')])
        >>> BasicMapLoader().create_entity("P"), BasicMapLoader().create_entity("H")
        (Player(), Hospital())
        >>> BasicMapLoader().create_entity("Z")
        Traceback (most recent call last):
        ValueError
        >>> BasicMapLoader().create_entity("X")
        Traceback (most recent call last):
        ValueError
    """, setup=SETUP, optionflags=doctest.IGNORE_EXCEPTION_DETAIL)



@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_map_loader_base_create_entity_not_implemented(sandbox):
    """MapLoader.create_entity raises NotImplementedError (spec, MapLoader.create_entity)"""
    sandbox.doctest("""
        >>> MapLoader().create_entity("P")
        Traceback (most recent call last):
        NotImplementedError
    """, setup=SETUP, optionflags=doctest.IGNORE_EXCEPTION_DETAIL)


@check(item="functionality", points=3, timeout=TIMEOUT_S)
def test_entities_step_does_nothing(sandbox):
    """Entity, Player and Hospital: step does nothing and returns None (spec, Entity.step)"""
    sandbox.doctest("""
        >>> grid = Grid(3)
        >>> grid.add_entity(Position(0, 0), Player())
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> game = Game(grid)
        >>> [grid.get_entity(p).step(p, game) for p in (Position(0, 0), Position(2, 2))]
        [None, None]
        >>> print(Entity().step(Position(1, 1), game))
        None
        >>> sorted(grid.serialize().items()), game.get_steps()
        ([((0, 0), 'P'), ((2, 2), 'H')], 0)
    """, setup=SETUP)
