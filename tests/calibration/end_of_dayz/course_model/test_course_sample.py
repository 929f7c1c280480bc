"""A model of the course's End of DayZ sample suite, for judging partial solutions.

This is NOT the course's code. It is a reconstruction from the course's published table of its
sample suite (the tests by class, with what each group tests; reproduced in
:data:`COURSE_TABLE`), the spec (``end_of_dayz.md``) and CLARIFICATIONS.md. There is one pytest
test per course test, named ``test_<group>__<behaviour>`` (a repeated group runs the same
behaviour through ``[parameter]``). Each test checks one behaviour the way the course's
``unittest`` tests compared values: exact strings, dicts and lists by value, entities by
identity, booleans by truthiness (``assertTrue``/``assertFalse``), and the course's play
transcripts fed to ``play`` byte for byte (every line read echoed after its prompt, as when
the transcripts were recorded). A test that needs a class the submission lacks fails; it does
not stop the others. The course's functionality mark is 8 x (tests passed / tests run);
``judge.py`` runs this module and computes it.

Randomness is drawn the course's way: ``Zombie.step`` calls ``a2_support.random_directions()``
once per step (CLARIFICATIONS: End of DayZ, "Zombie.step"); tests seed the global ``random``
with the course's seed and replay the same draws to know where a zombie goes.

The published table's per-group counts add up to 151 (:data:`COURSE_TABLE`), although the
course's formula is quoted as "out of 152"; the model keeps the table's counts exactly.
"""

import builtins
import inspect
import random
import sys
from pathlib import Path

import pytest

# The published table: group -> number of course tests (the model's names start with
# "test_<group>__"). Rows of the table that list two classes are split into both groups.
COURSE_TABLE = {
    "design": 5,
    "entity": 3, "player": 3, "hospital": 3,
    "grid": 22,
    "map_loader": 1, "basic_map_loader": 5,
    "game": 10,
    "text_interface": 9,
    "vulnerable_player": 3, "zombie": 3,
    "simple_game_task2": 3,
    "intermediate_game": 13,
    "intermediate_map_loader": 5,
    "text_interface_task2": 2,
    "tracking_zombie": 5,
    "garlic": 5, "crossbow": 5,
    "inventory": 6,
    "holding_player": 6,
    "polymorphism_task3": 2,
    "advanced_game": 15,
    "advanced_map_loader": 8,
    "advanced_text_interface": 9,
}

# The course's transcripts (byte-identical copies, checked by tests/end_of_dayz).
TRANSCRIPTS = Path(__file__).resolve().parents[3] / "end_of_dayz" / "test_data"
# The seed the course's transcripts were recorded with (CLARIFICATIONS: the transcripts).
COURSE_SEED = 1001.2021
# The grid every transcript and most unit tests start from (CLARIFICATIONS: the transcripts).
TRANSCRIPT_SIZE = 5
HOSPITAL_SQUARE = (4, 4)
PLAYER_SQUARE = (1, 1)

# Task 1/2/3 classes and the methods the spec lists for each (spec section 6; inherited
# methods count, CLARIFICATIONS: "accepts methods that a class inherits").
TASK_1 = {
    "Entity": ("step", "display", "__repr__"),
    "Player": ("display",),
    "Hospital": ("display",),
    "Grid": ("get_size", "in_bounds", "add_entity", "remove_entity", "get_entity",
             "get_mapping", "get_entities", "move_entity", "find_player", "serialize"),
    "MapLoader": ("load", "create_entity"),
    "BasicMapLoader": ("create_entity",),
    "Game": ("get_grid", "get_player", "step", "get_steps", "move_player",
             "direction_to_offset", "has_won", "has_lost"),
    "TextInterface": ("draw", "play", "handle_action"),
}
TASK_2 = {
    "VulnerablePlayer": ("infect", "is_infected"),
    "Zombie": ("step", "display"),
    "IntermediateGame": ("has_lost",),
    "IntermediateMapLoader": ("create_entity",),
}
TASK_3 = {
    "TrackingZombie": ("step", "display"),
    "Pickup": ("get_durability", "get_lifetime", "hold", "__repr__"),
    "Garlic": ("get_durability", "display"),
    "Crossbow": ("get_durability", "display"),
    "Inventory": ("step", "add_item", "get_items", "contains"),
    "HoldingPlayer": ("get_inventory", "infect", "step"),
    "AdvancedGame": ("move_player",),
    "AdvancedMapLoader": ("create_entity",),
    "AdvancedTextInterface": ("draw", "handle_action"),
}


# ---------------------------------------------------------------------------------------------
# Helpers: building grids, replaying random draws, feeding input
# ---------------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def course_seed():
    """Seed ``random`` with the course's seed before every test, so each test draws the same
    numbers whatever ran before it (a zombie that should not draw, but does, fails alike)."""
    random.seed(COURSE_SEED)


def at(sub, x, y):
    """Return the course support module's ``Position(x, y)``.

    Args:
        sub: the submission (see conftest).
        x: the column.
        y: the line.
    """
    return sub.support.Position(x, y)


def make(sub, name):
    """Return a new instance of the submission's class ``name`` (no constructor arguments).

    Args:
        sub: the submission.
        name: the class name, e.g. ``"Zombie"``.
    """
    return sub.get(name)()


def grid_with(sub, size, *placed):
    """Return a new submission ``Grid(size)`` with entities added in the given order.

    Args:
        sub: the submission.
        size: the grid's size.
        placed: ``((x, y), entity)`` pairs, added in this order.
    """
    grid = sub.get("Grid")(size)
    for (x, y), entity in placed:
        grid.add_entity(at(sub, x, y), entity)
    return grid


def transcript_grid(sub, player_name="Player"):
    """Return the transcripts' starting grid: ``Grid(5)``, a hospital, then a player.

    Args:
        sub: the submission.
        player_name: the class of the player to add.

    Returns:
        ``(grid, player, hospital)``.
    """
    hospital = make(sub, "Hospital")
    player = make(sub, player_name)
    grid = grid_with(sub, TRANSCRIPT_SIZE, (HOSPITAL_SQUARE, hospital), (PLAYER_SQUARE, player))
    return grid, player, hospital


def seeded_draws(sub, count):
    """Seed ``random`` with the course's seed and return the next ``count`` direction draws.

    ``random`` is seeded again afterwards, so the code under test makes the same draws.

    Args:
        sub: the submission (its support module's ``random_directions`` is replayed).
        count: how many calls of ``random_directions()`` to replay.

    Returns:
        The list of draws, each a list of four ``(dx, dy)`` offsets.
    """
    random.seed(COURSE_SEED)
    draws = [sub.support.random_directions() for _ in range(count)]
    random.seed(COURSE_SEED)
    return draws


def moved_to(sub, start, draw):
    """Return the Position a zombie at ``start`` moves to when all four neighbours are free.

    Args:
        sub: the submission.
        start: the zombie's ``(x, y)``.
        draw: the zombie's draw of offsets (it takes the first one).
    """
    dx, dy = draw[0]
    return at(sub, start[0] + dx, start[1] + dy)


def feed_input(monkeypatch, lines):
    """Make ``input()`` return ``lines`` one by one, echoing each after its prompt.

    This is how the course's transcripts were recorded; reading past the last line raises
    EOFError, as ``input()`` does at the end of standard input.

    Args:
        monkeypatch: pytest's monkeypatch fixture.
        lines: the lines the user types, without newlines.
    """
    remaining = list(lines)

    def fake_input(prompt=""):
        """Print the prompt and the next line, and return the line."""
        if not remaining:
            raise EOFError("EOF when reading a line")
        line = remaining.pop(0)
        sys.stdout.write(f"{prompt}{line}\n")
        return line

    monkeypatch.setattr(builtins, "input", fake_input)


def assert_transcript(name, interface, game, monkeypatch, capsys):
    """Play ``game`` on ``interface`` with the transcript's input; compare its output exactly.

    Args:
        name: the transcript (``TRANSCRIPTS/<name>.in`` and ``.out``).
        interface: the submission's text interface.
        game: the submission's game, already set up (and seeded) as the course did.
        monkeypatch: pytest's monkeypatch fixture.
        capsys: pytest's capsys fixture.
    """
    typed = (TRANSCRIPTS / f"{name}.in").read_text(encoding="utf-8").splitlines()
    expected = (TRANSCRIPTS / f"{name}.out").read_text(encoding="utf-8")
    feed_input(monkeypatch, typed)
    capsys.readouterr()
    returned = interface.play(game)
    assert capsys.readouterr().out == expected
    assert returned is None


def printed_by(capsys, action):
    """Run ``action()`` and return what it printed on standard output.

    Args:
        capsys: pytest's capsys fixture.
        action: a function of no arguments.
    """
    capsys.readouterr()
    action()
    return capsys.readouterr().out


def framed(size, rows):
    """Return the text ``draw`` prints for a grid of ``size``: border, rows, border.

    Args:
        size: the grid size.
        rows: ``size`` strings of ``size`` characters (a space for an empty square).
    """
    border = "#" * (size + 2)
    return "\n".join([border] + [f"#{row}#" for row in rows] + [border]) + "\n"


def advanced_transcript_game(sub):
    """Build the advanced transcripts' game and interface as the course did, then seed.

    CLARIFICATIONS (the transcripts): Grid(5); Hospital (4, 4); Player (1, 1); then
    HoldingPlayer (1, 1), Zombie (3, 2), TrackingZombie (4, 0), Garlic (0, 2), Crossbow (0, 4);
    AdvancedGame, AdvancedTextInterface(5), then ``random.seed(1001.2021)``.

    Returns:
        ``(interface, game)``.
    """
    grid, _, _ = transcript_grid(sub)
    for square, name in ((PLAYER_SQUARE, "HoldingPlayer"), ((3, 2), "Zombie"),
                         ((4, 0), "TrackingZombie"), ((0, 2), "Garlic"), ((0, 4), "Crossbow")):
        grid.add_entity(at(sub, *square), make(sub, name))
    game = sub.get("AdvancedGame")(grid)
    interface = sub.get("AdvancedTextInterface")(TRANSCRIPT_SIZE)
    random.seed(COURSE_SEED)
    return interface, game


def zombie_transcript_game(sub):
    """Build the task 2 transcripts' game and interface as the course did, then seed.

    CLARIFICATIONS (the transcripts): Grid(5); Hospital (4, 4); Player (1, 1); then
    VulnerablePlayer (1, 1), Zombie (3, 2), Zombie (3, 0); IntermediateGame, TextInterface(5),
    then ``random.seed(1001.2021)``.

    Returns:
        ``(interface, game)``.
    """
    grid, _, _ = transcript_grid(sub)
    for square, name in ((PLAYER_SQUARE, "VulnerablePlayer"), ((3, 2), "Zombie"),
                         ((3, 0), "Zombie")):
        grid.add_entity(at(sub, *square), make(sub, name))
    game = sub.get("IntermediateGame")(grid)
    interface = sub.get("TextInterface")(TRANSCRIPT_SIZE)
    random.seed(COURSE_SEED)
    return interface, game


# ---------------------------------------------------------------------------------------------
# Design (5)
# ---------------------------------------------------------------------------------------------

def defined_in(module):
    """Return the classes and functions ``module`` defines itself (not those it imported).

    Args:
        module: the imported ``a2``.
    """
    return [value for value in vars(module).values()
            if (inspect.isclass(value) or inspect.isfunction(value))
            and getattr(value, "__module__", None) == module.__name__]


def methods_of(cls):
    """Return the functions written in the body of ``cls`` (staticmethod and the like unwrapped).

    Args:
        cls: a class of the submission.
    """
    found = []
    for value in vars(cls).values():
        function = getattr(value, "__func__", getattr(value, "fget", value))
        if inspect.isfunction(function) and function.__name__ != "<lambda>" \
                and function.__qualname__.startswith(cls.__qualname__ + "."):
            found.append(function)
    return found


def assert_task_defined(sub, task):
    """Assert every class of ``task`` exists and has the spec's methods (inherited count).

    Args:
        sub: the submission.
        task: class name -> method names.
    """
    if sub.module is None:
        pytest.fail(f"a2 did not import: {sub.import_error}", pytrace=False)
    missing = []
    for class_name, method_names in task.items():
        cls = getattr(sub.module, class_name, None)
        if not inspect.isclass(cls):
            missing.append(class_name)
            continue
        missing += [f"{class_name}.{method}" for method in method_names
                    if not callable(getattr(cls, method, None))]
    assert missing == []


def test_design__clean_import(submission):
    """Importing a2 raises nothing and prints nothing (spec 7.1: the file must run; the game
    starts only from main)."""
    assert submission.import_error is None
    assert submission.import_output == ""


def test_design__docstrings_present(submission):
    """Every class, method and function written in a2.py has a docstring (spec 7.2,
    "Informative Docstrings")."""
    module = submission.module
    if module is None:
        pytest.fail(f"a2 did not import: {submission.import_error}", pytrace=False)
    undocumented = []
    for value in defined_in(module):
        own_doc = value.__doc__ if inspect.isfunction(value) else vars(value).get("__doc__")
        if not (own_doc or "").strip():
            undocumented.append(value.__qualname__)
        if inspect.isclass(value):
            undocumented += [method.__qualname__ for method in methods_of(value)
                             if not (method.__doc__ or "").strip()]
    assert undocumented == []


def test_design__task1_classes_defined(submission):
    """The task 1 classes and their methods exist (spec 6.1)."""
    assert_task_defined(submission, TASK_1)


def test_design__task2_classes_defined(submission):
    """The task 2 classes and their methods exist (spec 6.2)."""
    assert_task_defined(submission, TASK_2)


def test_design__task3_classes_defined(submission):
    """The task 3 classes and their methods exist (spec 6.3)."""
    assert_task_defined(submission, TASK_3)


# ---------------------------------------------------------------------------------------------
# Entity, Player, Hospital (3 each)
# ---------------------------------------------------------------------------------------------

def assert_step_does_nothing(sub, name):
    """Assert ``name().step(position, game)`` returns None and changes nothing in the grid.

    Args:
        sub: the submission.
        name: the entity class.
    """
    entity = make(sub, name)
    grid = grid_with(sub, TRANSCRIPT_SIZE, ((2, 2), entity))
    game = sub.get("Game")(grid)
    assert entity.step(at(sub, 2, 2), game) is None
    assert grid.get_mapping() == {at(sub, 2, 2): entity}


def test_entity__step(submission):
    """Entity.step does nothing (spec: Entity.step "should do nothing")."""
    assert_step_does_nothing(submission, "Entity")


def test_entity__display(submission):
    """Entity.display raises NotImplementedError (spec: Entity.display)."""
    with pytest.raises(NotImplementedError):
        make(submission, "Entity").display()


def test_entity__repr(submission):
    """repr(Entity()) is 'Entity()' (spec: Entity.__repr__ examples)."""
    assert repr(make(submission, "Entity")) == "Entity()"


def test_player__step(submission):
    """Player.step does nothing (spec: Entity.step, inherited by Player)."""
    assert_step_does_nothing(submission, "Player")


def test_player__display(submission):
    """Player().display() is 'P' (spec: Player examples)."""
    assert make(submission, "Player").display() == "P"


def test_player__repr(submission):
    """repr(Player()) is 'Player()' (spec: Player examples)."""
    assert repr(make(submission, "Player")) == "Player()"


def test_hospital__step(submission):
    """Hospital.step does nothing (spec: Entity.step, inherited by Hospital)."""
    assert_step_does_nothing(submission, "Hospital")


def test_hospital__display(submission):
    """Hospital().display() is 'H' (spec: Hospital examples)."""
    assert make(submission, "Hospital").display() == "H"


def test_hospital__repr(submission):
    """repr(Hospital()) is 'Hospital()' (spec: Hospital examples)."""
    assert repr(make(submission, "Hospital")) == "Hospital()"


# ---------------------------------------------------------------------------------------------
# Grid (22)
# ---------------------------------------------------------------------------------------------

def test_grid__get_size(submission):
    """get_size returns the constructor's size (spec: Grid examples)."""
    grid_class = submission.get("Grid")
    assert grid_class(5).get_size() == 5
    assert grid_class(10).get_size() == 10


def test_grid__in_bounds_inside(submission):
    """Squares inside the grid are in bounds (spec: Grid and in_bounds examples)."""
    grid = submission.get("Grid")(5)
    for x, y in ((2, 2), (0, 4), (0, 0), (4, 4)):
        assert grid.in_bounds(at(submission, x, y)), (x, y)


def test_grid__in_bounds_far_edge(submission):
    """A coordinate equal to the size or more is out of bounds (spec: in_bounds, "less than
    the size of the grid", and its examples)."""
    grid = submission.get("Grid")(5)
    for x, y in ((0, 5), (5, 0), (5, 5), (0, 10)):
        assert not grid.in_bounds(at(submission, x, y)), (x, y)


def test_grid__in_bounds_negative(submission):
    """A negative coordinate is out of bounds (spec: in_bounds examples)."""
    grid = submission.get("Grid")(5)
    for x, y in ((-1, 4), (4, -1), (-1, -1)):
        assert not grid.in_bounds(at(submission, x, y)), (x, y)


def test_grid__in_bounds_larger_grid(submission):
    """in_bounds follows the grid's own size (spec: in_bounds examples with Grid(10))."""
    grid = submission.get("Grid")(10)
    assert grid.in_bounds(at(submission, 9, 8))
    assert grid.in_bounds(at(submission, 9, 9))
    assert not grid.in_bounds(at(submission, 9, 10))


def test_grid__add_entity_new(submission):
    """add_entity places an entity that get_entity then returns (spec: Grid examples)."""
    hospital = make(submission, "Hospital")
    grid = submission.get("Grid")(5)
    grid.add_entity(at(submission, 2, 2), hospital)
    assert grid.get_entity(at(submission, 2, 2)) is hospital
    assert grid.get_entities() == [hospital]


def test_grid__add_entity_replace(submission):
    """add_entity on an occupied square replaces its entity (spec: add_entity examples)."""
    hospital = make(submission, "Hospital")
    grid = grid_with(submission, 4, ((0, 0), make(submission, "Player")))
    grid.add_entity(at(submission, 0, 0), hospital)
    assert grid.get_entity(at(submission, 0, 0)) is hospital
    assert grid.get_entities() == [hospital]


def test_grid__remove_entity(submission):
    """remove_entity empties the square (spec: remove_entity examples)."""
    grid = grid_with(submission, 4, ((0, 0), make(submission, "Player")))
    grid.remove_entity(at(submission, 0, 0))
    assert grid.get_entity(at(submission, 0, 0)) is None
    assert grid.get_entities() == []


def test_grid__get_entity_empty(submission):
    """get_entity of an empty square is None (spec: get_entity)."""
    grid = grid_with(submission, 4, ((0, 0), make(submission, "Player")))
    assert grid.get_entity(at(submission, 1, 1)) is None


def test_grid__get_mapping_empty(submission):
    """An empty grid maps nothing (spec: get_mapping, CLARIFICATIONS: a dict)."""
    assert submission.get("Grid")(4).get_mapping() == {}


def test_grid__get_mapping_entities(submission):
    """get_mapping maps each occupied Position to its entity (spec: get_mapping examples)."""
    player = make(submission, "Player")
    hospital = make(submission, "Hospital")
    grid = grid_with(submission, 4, ((0, 0), player), ((3, 3), hospital))
    assert grid.get_mapping() == {at(submission, 0, 0): player, at(submission, 3, 3): hospital}


def test_grid__get_mapping_is_a_copy(submission):
    """Changing the returned dict leaves the grid alone (spec: get_mapping, "no
    side-effects")."""
    player = make(submission, "Player")
    grid = grid_with(submission, 4, ((0, 0), player))
    mapping = grid.get_mapping()
    mapping[at(submission, 1, 1)] = make(submission, "Hospital")
    del mapping[at(submission, 0, 0)]
    assert grid.get_mapping() == {at(submission, 0, 0): player}
    assert grid.get_entity(at(submission, 1, 1)) is None


def test_grid__get_mapping_after_move(submission):
    """get_mapping follows the grid's changes (spec: get_mapping, move_entity)."""
    player = make(submission, "Player")
    grid = grid_with(submission, 4, ((0, 0), player))
    grid.move_entity(at(submission, 0, 0), at(submission, 2, 3))
    assert grid.get_mapping() == {at(submission, 2, 3): player}


def test_grid__get_entities_empty(submission):
    """An empty grid has no entities (spec: Grid examples)."""
    assert submission.get("Grid")(5).get_entities() == []


def test_grid__get_entities_in_order(submission):
    """get_entities lists every entity, in the order added (spec: get_entities example)."""
    hospitals = [make(submission, "Hospital") for _ in range(3)]
    player = make(submission, "Player")
    grid = grid_with(submission, 5, ((0, 0), hospitals[0]), ((0, 1), player),
                     ((2, 2), hospitals[1]), ((4, 4), hospitals[2]))
    assert grid.get_entities() == [hospitals[0], player, hospitals[1], hospitals[2]]


def test_grid__get_entities_is_a_copy(submission):
    """Changing the returned list leaves the grid alone (spec: get_entities, "no
    side-effects")."""
    player = make(submission, "Player")
    grid = grid_with(submission, 5, ((0, 0), player))
    entities = grid.get_entities()
    entities.append(make(submission, "Hospital"))
    assert grid.get_entities() == [player]


def test_grid__move_entity_to_empty(submission):
    """move_entity moves an entity to an empty square (spec: move_entity example)."""
    player = make(submission, "Player")
    grid = grid_with(submission, 10, ((1, 2), player))
    grid.move_entity(at(submission, 1, 2), at(submission, 3, 5))
    assert grid.get_entity(at(submission, 1, 2)) is None
    assert grid.get_entity(at(submission, 3, 5)) is player


def test_grid__move_entity_replaces(submission):
    """move_entity replaces the entity at the end (spec: move_entity, third rule)."""
    player = make(submission, "Player")
    grid = grid_with(submission, 5, ((1, 1), player), ((2, 1), make(submission, "Hospital")))
    grid.move_entity(at(submission, 1, 1), at(submission, 2, 1))
    assert grid.get_entity(at(submission, 2, 1)) is player
    assert grid.get_entity(at(submission, 1, 1)) is None
    assert grid.get_entities() == [player]


def test_grid__move_entity_out_of_bounds(submission):
    """move_entity to a square out of bounds does nothing (spec: move_entity, first rule)."""
    player = make(submission, "Player")
    grid = grid_with(submission, 5, ((4, 2), player))
    grid.move_entity(at(submission, 4, 2), at(submission, 5, 2))
    grid.move_entity(at(submission, 4, 2), at(submission, 4, -1))
    assert grid.get_mapping() == {at(submission, 4, 2): player}


def test_grid__move_entity_empty_start(submission):
    """move_entity from an empty square does nothing (spec: move_entity, second rule)."""
    hospital = make(submission, "Hospital")
    grid = grid_with(submission, 5, ((2, 2), hospital))
    grid.move_entity(at(submission, 1, 1), at(submission, 2, 2))
    assert grid.get_mapping() == {at(submission, 2, 2): hospital}


def test_grid__find_player(submission):
    """find_player returns the player's Position (spec: find_player example)."""
    grid = grid_with(submission, 10, ((1, 1), make(submission, "Hospital")),
                     ((4, 6), make(submission, "Player")))
    assert grid.find_player() == at(submission, 4, 6)


def test_grid__serialize(submission):
    """serialize maps (x, y) tuples to display characters (spec: serialize example,
    CLARIFICATIONS: a dict)."""
    grid = grid_with(submission, 50, ((3, 8), make(submission, "Player")),
                     ((3, 20), make(submission, "Hospital")))
    assert grid.serialize() == {(3, 8): "P", (3, 20): "H"}


# ---------------------------------------------------------------------------------------------
# MapLoader (1), BasicMapLoader (5)
# ---------------------------------------------------------------------------------------------

def test_map_loader__create_entity_raises(submission):
    """The abstract MapLoader.create_entity raises NotImplementedError (spec:
    MapLoader.create_entity)."""
    with pytest.raises(NotImplementedError):
        submission.get("MapLoader")().create_entity("P")


def test_basic_map_loader__create_player(submission):
    """'P' makes a Player (spec: BasicMapLoader.create_entity)."""
    entity = submission.get("BasicMapLoader")().create_entity("P")
    assert type(entity) is submission.get("Player")


def test_basic_map_loader__create_hospital(submission):
    """'H' makes a Hospital (spec: BasicMapLoader.create_entity)."""
    entity = submission.get("BasicMapLoader")().create_entity("H")
    assert type(entity) is submission.get("Hospital")


def test_basic_map_loader__invalid_zombie(submission):
    """'Z' is not a basic entity: ValueError (spec: BasicMapLoader.create_entity)."""
    with pytest.raises(ValueError):
        submission.get("BasicMapLoader")().create_entity("Z")


def test_basic_map_loader__invalid_entity(submission):
    """An unknown token raises ValueError (spec: BasicMapLoader.create_entity)."""
    with pytest.raises(ValueError):
        submission.get("BasicMapLoader")().create_entity("X")


def test_basic_map_loader__load_basic_map(submission):
    """load reads maps/basic.txt into a Grid (spec: MapLoader.load, section 4)."""
    grid = submission.get("BasicMapLoader")().load("maps/basic.txt")
    assert grid.get_size() == 5
    assert grid.serialize() == {(0, 1): "P", (4, 4): "H"}
    assert type(grid.get_entity(at(submission, 0, 1))) is submission.get("Player")


# ---------------------------------------------------------------------------------------------
# Game (10), and the same behaviours on IntermediateGame and AdvancedGame
# ---------------------------------------------------------------------------------------------

def game_get_grid(sub, game_name):
    """get_grid returns the game's grid (spec: Game.get_grid)."""
    grid, _, _ = transcript_grid(sub)
    assert sub.get(game_name)(grid).get_grid() is grid


def game_get_player(sub, game_name):
    """get_player returns the player in the grid (spec: Game.get_player)."""
    grid, player, _ = transcript_grid(sub)
    assert sub.get(game_name)(grid).get_player() is player


def game_step_returns_none(sub, game_name):
    """step returns None (spec: Game.step -> None)."""
    grid, _, _ = transcript_grid(sub)
    assert sub.get(game_name)(grid).step() is None


def game_get_steps(sub, game_name):
    """get_steps counts the calls of step (spec: Game.get_steps)."""
    grid, _, _ = transcript_grid(sub)
    game = sub.get(game_name)(grid)
    assert game.get_steps() == 0
    for _ in range(3):
        game.step()
    assert game.get_steps() == 3


def game_move_player(sub, game_name):
    """move_player adds the offset to the player's position (spec: Game.move_player)."""
    grid, player, _ = transcript_grid(sub)
    game = sub.get(game_name)(grid)
    game.move_player(at(sub, 1, 0))
    assert grid.find_player() == at(sub, 2, 1)
    game.move_player(at(sub, 0, 1))
    assert grid.get_entity(at(sub, 2, 2)) is player


def game_move_player_out_of_bounds(sub, game_name):
    """move_player does not move the player out of bounds (spec: Game.move_player)."""
    player = make(sub, "Player")
    grid = grid_with(sub, TRANSCRIPT_SIZE, (HOSPITAL_SQUARE, make(sub, "Hospital")),
                     ((4, 0), player))
    game = sub.get(game_name)(grid)
    game.move_player(at(sub, 1, 0))
    game.move_player(at(sub, 0, -1))
    assert grid.get_entity(at(sub, 4, 0)) is player
    assert grid.find_player() == at(sub, 4, 0)


def game_direction_to_offset_w(sub, game_name):
    """'W' is the offset Position(0, -1) (spec: direction_to_offset examples)."""
    grid, _, _ = transcript_grid(sub)
    assert sub.get(game_name)(grid).direction_to_offset("W") == at(sub, 0, -1)


def game_direction_to_offset_lower_case(sub, game_name):
    """Lower-case keys are not directions: None (CLARIFICATIONS: direction_to_offset)."""
    grid, _, _ = transcript_grid(sub)
    game = sub.get(game_name)(grid)
    for key in ("w", "a", "s", "d"):
        assert game.direction_to_offset(key) is None, key


def game_has_won_false(sub, game_name):
    """The game is not won while the hospital is on the grid (spec: Game.has_won)."""
    grid, _, _ = transcript_grid(sub)
    assert not sub.get(game_name)(grid).has_won()


def game_has_won_true(sub, game_name):
    """Stepping onto the hospital wins (spec: Game.has_won)."""
    grid = grid_with(sub, TRANSCRIPT_SIZE, (HOSPITAL_SQUARE, make(sub, "Hospital")),
                     ((4, 3), make(sub, "Player")))
    game = sub.get(game_name)(grid)
    game.move_player(at(sub, 0, 1))
    assert game.has_won()


# The ten Game tests, run on Game and again on each game class that inherits them.
GAME_BEHAVIOURS = {
    "get_grid": game_get_grid,
    "get_player": game_get_player,
    "step_returns_none": game_step_returns_none,
    "get_steps": game_get_steps,
    "move_player": game_move_player,
    "move_player_out_of_bounds": game_move_player_out_of_bounds,
    "direction_to_offset_w": game_direction_to_offset_w,
    "direction_to_offset_lower_case": game_direction_to_offset_lower_case,
    "has_won_false": game_has_won_false,
    "has_won_true": game_has_won_true,
}


@pytest.mark.parametrize("behaviour", GAME_BEHAVIOURS)
def test_game__behaviour(submission, behaviour):
    """One of the ten Game tests, on Game (spec 6.1: Game)."""
    GAME_BEHAVIOURS[behaviour](submission, "Game")


# ---------------------------------------------------------------------------------------------
# TextInterface (9)
# ---------------------------------------------------------------------------------------------

def basic_interface(sub):
    """Return ``(interface, game, grid)``: the basic transcripts' Game and TextInterface(5)."""
    grid, _, _ = transcript_grid(sub)
    return sub.get("TextInterface")(TRANSCRIPT_SIZE), sub.get("Game")(grid), grid


def test_text_interface__draw(submission, capsys):
    """draw prints the grid inside a '#' border (spec: TextInterface.draw, CLARIFICATIONS:
    the size 5 example)."""
    interface, game, _ = basic_interface(submission)
    assert printed_by(capsys, lambda: interface.draw(game)) == \
        "#######\n#     #\n# P   #\n#     #\n#     #\n#    H#\n#######\n"


def test_text_interface__handle_action_move(submission):
    """'D' moves the player right (spec: handle_action, section 5)."""
    interface, game, grid = basic_interface(submission)
    interface.handle_action(game, "D")
    assert grid.find_player() == at(submission, 2, 1)


def test_text_interface__handle_action_display(submission, capsys):
    """After 'S' the drawn grid shows the player one line lower (spec: handle_action,
    draw)."""
    interface, game, _ = basic_interface(submission)

    def act():
        """Handle 'S', then draw."""
        interface.handle_action(game, "S")
        interface.draw(game)

    assert printed_by(capsys, act) == \
        framed(5, ["     ", "     ", " P   ", "     ", "    H"])


def test_text_interface__handle_action_several(submission):
    """Several actions move the player in turn (spec: handle_action, section 5)."""
    interface, game, grid = basic_interface(submission)
    for action in ("D", "D", "S", "S"):
        interface.handle_action(game, action)
    assert grid.find_player() == at(submission, 3, 3)


def test_text_interface__handle_action_invalid_letter(submission, capsys):
    """An action that is not a direction moves nothing and prints nothing (spec:
    handle_action, "should do nothing")."""
    interface, game, grid = basic_interface(submission)
    assert printed_by(capsys, lambda: interface.handle_action(game, "Q")) == ""
    assert grid.find_player() == at(submission, *PLAYER_SQUARE)


def test_text_interface__handle_action_invalid_lower_case(submission, capsys):
    """A lower-case key is not a direction (spec: handle_action; CLARIFICATIONS:
    direction_to_offset)."""
    interface, game, grid = basic_interface(submission)
    assert printed_by(capsys, lambda: interface.handle_action(game, "d")) == ""
    assert grid.find_player() == at(submission, *PLAYER_SQUARE)


def test_text_interface__handle_action_left(submission):
    """'A' moves left, and not past the left edge (spec: handle_action, section 5)."""
    interface, game, grid = basic_interface(submission)
    interface.handle_action(game, "A")
    assert grid.find_player() == at(submission, 0, 1)
    interface.handle_action(game, "A")
    assert grid.find_player() == at(submission, 0, 1)


def test_text_interface__play_basic(submission, monkeypatch, capsys):
    """play reproduces the course's basic transcript (spec: section 5, TextInterface.play)."""
    interface, game, _ = basic_interface(submission)
    assert_transcript("basic", interface, game, monkeypatch, capsys)


def test_text_interface__play_invalid_commands(submission, monkeypatch, capsys):
    """play reproduces the course's transcript with invalid commands (spec: section 5)."""
    interface, game, _ = basic_interface(submission)
    assert_transcript("invalid", interface, game, monkeypatch, capsys)


# ---------------------------------------------------------------------------------------------
# VulnerablePlayer (3), Zombie (3)
# ---------------------------------------------------------------------------------------------

def test_vulnerable_player__is_infected(submission):
    """A new VulnerablePlayer is not infected (spec: VulnerablePlayer examples)."""
    assert not make(submission, "VulnerablePlayer").is_infected()


def test_vulnerable_player__infect(submission):
    """infect makes the player infected, and it stays so (spec: VulnerablePlayer examples)."""
    player = make(submission, "VulnerablePlayer")
    player.infect()
    assert player.is_infected()
    player.infect()
    assert player.is_infected()


def test_vulnerable_player__display(submission):
    """A VulnerablePlayer is drawn as 'P' (spec: VulnerablePlayer inherits Player)."""
    assert make(submission, "VulnerablePlayer").display() == "P"


def test_zombie__display(submission):
    """A Zombie is drawn as 'Z' (spec: Zombie.display)."""
    assert make(submission, "Zombie").display() == "Z"


def test_zombie__step(submission):
    """A zombie moves to the first free square of its random_directions() draw (spec:
    Zombie.step; CLARIFICATIONS: one draw per step)."""
    zombie = make(submission, "Zombie")
    grid = grid_with(submission, TRANSCRIPT_SIZE, (HOSPITAL_SQUARE, make(submission, "Hospital")),
                     ((0, 4), make(submission, "VulnerablePlayer")), ((2, 2), zombie))
    game = submission.get("Game")(grid)
    draws = seeded_draws(submission, 1)
    zombie.step(at(submission, 2, 2), game)
    assert grid.get_entity(moved_to(submission, (2, 2), draws[0])) is zombie
    assert grid.get_entity(at(submission, 2, 2)) is None


def test_zombie__infect_player(submission):
    """A zombie whose only free way holds the player infects it and stays (spec:
    Zombie.step)."""
    zombie = make(submission, "Zombie")
    player = make(submission, "VulnerablePlayer")
    grid = grid_with(submission, TRANSCRIPT_SIZE, ((0, 0), zombie), ((1, 0), player),
                     ((0, 1), make(submission, "Hospital")))
    game = submission.get("Game")(grid)
    random.seed(COURSE_SEED)
    zombie.step(at(submission, 0, 0), game)
    assert player.is_infected()
    assert grid.get_entity(at(submission, 0, 0)) is zombie
    assert grid.get_entity(at(submission, 1, 0)) is player


# ---------------------------------------------------------------------------------------------
# Simple game polymorphism, task 2 (3); the zombie behaviours are shared with the game classes
# ---------------------------------------------------------------------------------------------

def game_zombie_moved(sub, game_name, player_name):
    """game.step moves a zombie by its random_directions() draw (spec: Game.step, Zombie.step).

    Args:
        sub: the submission.
        game_name: the game class.
        player_name: the player class.
    """
    zombie = make(sub, "Zombie")
    grid, _, _ = transcript_grid(sub, player_name)
    grid.add_entity(at(sub, 2, 3), zombie)
    game = sub.get(game_name)(grid)
    draws = seeded_draws(sub, 1)
    game.step()
    assert grid.get_entity(moved_to(sub, (2, 3), draws[0])) is zombie
    assert grid.get_entity(at(sub, 2, 3)) is None
    assert game.get_steps() == 1


def game_zombie_infects(sub, game_name, player_name):
    """game.step lets a zombie infect the player next to it (spec: Game.step, Zombie.step).

    Args:
        sub: the submission.
        game_name: the game class.
        player_name: the player class.

    Returns:
        The game, for the caller's further checks.
    """
    player = make(sub, player_name)
    grid = grid_with(sub, TRANSCRIPT_SIZE, ((0, 0), make(sub, "Zombie")), ((1, 0), player),
                     ((0, 1), make(sub, "Hospital")))
    game = sub.get(game_name)(grid)
    random.seed(COURSE_SEED)
    game.step()
    assert player.is_infected()
    assert grid.find_player() == at(sub, 1, 0)
    return game


def test_simple_game_task2__won(submission):
    """A Game with zombies is won on reaching the hospital (spec: Game.has_won, task 2)."""
    grid = grid_with(submission, TRANSCRIPT_SIZE, (HOSPITAL_SQUARE, make(submission, "Hospital")),
                     ((4, 3), make(submission, "VulnerablePlayer")),
                     ((0, 0), make(submission, "Zombie")))
    game = submission.get("Game")(grid)
    random.seed(COURSE_SEED)
    game.move_player(at(submission, 0, 1))
    game.step()
    assert game.has_won()


def test_simple_game_task2__zombie_moved(submission):
    """Game.step moves a zombie (spec: Game.step calls every entity's step)."""
    game_zombie_moved(submission, "Game", "VulnerablePlayer")


def test_simple_game_task2__zombie_infects(submission):
    """Game.step lets a zombie infect the player (spec: Game.step, Zombie.step)."""
    game_zombie_infects(submission, "Game", "VulnerablePlayer")


# ---------------------------------------------------------------------------------------------
# IntermediateGame (13)
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("behaviour", GAME_BEHAVIOURS)
def test_intermediate_game__game_behaviour(submission, behaviour):
    """One of the ten Game tests, on IntermediateGame (spec: IntermediateGame inherits
    Game)."""
    GAME_BEHAVIOURS[behaviour](submission, "IntermediateGame")


def test_intermediate_game__zombie_moved(submission):
    """IntermediateGame.step moves a zombie (spec: Game.step, Zombie.step)."""
    game_zombie_moved(submission, "IntermediateGame", "VulnerablePlayer")


def test_intermediate_game__zombie_infects(submission):
    """An infected player loses the IntermediateGame (spec: IntermediateGame.has_lost)."""
    game = game_zombie_infects(submission, "IntermediateGame", "VulnerablePlayer")
    assert game.has_lost()


def test_intermediate_game__two_zombies(submission):
    """Two zombies each draw once, in the order they were added (spec: Zombie.step;
    CLARIFICATIONS: step order and one draw per step)."""
    first = make(submission, "Zombie")
    second = make(submission, "Zombie")
    grid = grid_with(submission, TRANSCRIPT_SIZE, (HOSPITAL_SQUARE, make(submission, "Hospital")),
                     ((0, 4), make(submission, "VulnerablePlayer")), ((1, 1), first),
                     ((3, 2), second))
    game = submission.get("IntermediateGame")(grid)
    draws = seeded_draws(submission, 2)
    game.step()
    assert grid.get_entity(moved_to(submission, (1, 1), draws[0])) is first
    assert grid.get_entity(moved_to(submission, (3, 2), draws[1])) is second
    assert not game.has_lost()


# ---------------------------------------------------------------------------------------------
# IntermediateMapLoader (5)
# ---------------------------------------------------------------------------------------------

def test_intermediate_map_loader__create_player(submission):
    """'P' makes a VulnerablePlayer (spec: IntermediateMapLoader)."""
    entity = submission.get("IntermediateMapLoader")().create_entity("P")
    assert type(entity) is submission.get("VulnerablePlayer")


def test_intermediate_map_loader__create_hospital(submission):
    """'H' makes a Hospital (spec: IntermediateMapLoader extends BasicMapLoader)."""
    entity = submission.get("IntermediateMapLoader")().create_entity("H")
    assert type(entity) is submission.get("Hospital")


def test_intermediate_map_loader__create_zombie(submission):
    """'Z' makes a Zombie (spec: IntermediateMapLoader)."""
    entity = submission.get("IntermediateMapLoader")().create_entity("Z")
    assert type(entity) is submission.get("Zombie")


def test_intermediate_map_loader__invalid_entity(submission):
    """An unknown token raises ValueError (spec: BasicMapLoader.create_entity, inherited)."""
    with pytest.raises(ValueError):
        submission.get("IntermediateMapLoader")().create_entity("X")


def test_intermediate_map_loader__load(submission):
    """load reads maps/basic2.txt with zombies (spec: MapLoader.load, IntermediateMapLoader)."""
    grid = submission.get("IntermediateMapLoader")().load("maps/basic2.txt")
    assert grid.get_size() == 10
    assert grid.serialize() == {(8, 0): "P", (5, 3): "Z", (5, 4): "Z", (5, 6): "H"}
    assert type(grid.get_entity(at(submission, 8, 0))) is submission.get("VulnerablePlayer")


# ---------------------------------------------------------------------------------------------
# TextInterface, task 2 (2)
# ---------------------------------------------------------------------------------------------

def test_text_interface_task2__play_with_zombies(submission, monkeypatch, capsys):
    """play reproduces the course's with_zombies transcript (spec: section 5, task 2)."""
    interface, game = zombie_transcript_game(submission)
    assert_transcript("with_zombies", interface, game, monkeypatch, capsys)


def test_text_interface_task2__lose_with_zombies(submission, monkeypatch, capsys):
    """play reproduces the course's lose transcript (spec: section 5, "You lose!")."""
    interface, game = zombie_transcript_game(submission)
    # CLARIFICATIONS: this zombie was added after seeding.
    game.get_grid().add_entity(at(submission, 1, 3), make(submission, "Zombie"))
    assert_transcript("lose", interface, game, monkeypatch, capsys)


# ---------------------------------------------------------------------------------------------
# TrackingZombie (5)
# ---------------------------------------------------------------------------------------------

def assert_tracks(sub, zombie_square, player_square, expected_square):
    """Assert a tracking zombie at ``zombie_square`` steps to ``expected_square``.

    Args:
        sub: the submission.
        zombie_square: the zombie's ``(x, y)``.
        player_square: the player's ``(x, y)``, in line with the zombie.
        expected_square: the neighbour closest to the player.
    """
    zombie = make(sub, "TrackingZombie")
    grid = grid_with(sub, TRANSCRIPT_SIZE, (player_square, make(sub, "VulnerablePlayer")),
                     (zombie_square, zombie))
    game = sub.get("Game")(grid)
    zombie.step(at(sub, *zombie_square), game)
    assert grid.get_entity(at(sub, *expected_square)) is zombie
    assert grid.get_entity(at(sub, *zombie_square)) is None


def test_tracking_zombie__display(submission):
    """A TrackingZombie is drawn as 'T' (spec: TrackingZombie.display)."""
    assert make(submission, "TrackingZombie").display() == "T"


def test_tracking_zombie__step_from_east(submission):
    """A tracking zombie east of the player steps west (spec: TrackingZombie.step)."""
    assert_tracks(submission, (4, 2), (1, 2), (3, 2))


def test_tracking_zombie__step_from_west(submission):
    """A tracking zombie west of the player steps east (spec: TrackingZombie.step)."""
    assert_tracks(submission, (0, 2), (3, 2), (1, 2))


def test_tracking_zombie__step_from_north(submission):
    """A tracking zombie above the player steps down (spec: TrackingZombie.step)."""
    assert_tracks(submission, (2, 0), (2, 3), (2, 1))


def test_tracking_zombie__step_from_south(submission):
    """A tracking zombie below the player steps up (spec: TrackingZombie.step)."""
    assert_tracks(submission, (2, 4), (2, 1), (2, 3))


# ---------------------------------------------------------------------------------------------
# Garlic (5), Crossbow (5)
# ---------------------------------------------------------------------------------------------

# Each pickup's character and durability (spec: Garlic, Crossbow; a2_support LIFETIMES).
PICKUPS = {"Garlic": ("G", 10), "Crossbow": ("C", 5)}
# How many times the "held" tests hold a pickup before reading its lifetime.
HOLDS = 3


def pickup_display(sub, name):
    """The pickup's display character (spec: Garlic.display, Crossbow.display)."""
    assert make(sub, name).display() == PICKUPS[name][0]


def pickup_get_durability(sub, name):
    """The pickup's durability (spec: Garlic.get_durability, Crossbow.get_durability)."""
    assert make(sub, name).get_durability() == PICKUPS[name][1]


def pickup_get_lifetime_not_held(sub, name):
    """A new pickup's lifetime is its durability (spec: Pickup constructor, get_lifetime)."""
    assert make(sub, name).get_lifetime() == PICKUPS[name][1]


def pickup_get_lifetime_held(sub, name):
    """Each hold lowers the lifetime by one (spec: Pickup.hold, get_lifetime)."""
    pickup = make(sub, name)
    for _ in range(HOLDS):
        pickup.hold()
    assert pickup.get_lifetime() == PICKUPS[name][1] - HOLDS


def pickup_step(sub, name):
    """A pickup lying on the grid does nothing on a step (spec: Entity.step, inherited)."""
    pickup = make(sub, name)
    grid = grid_with(sub, TRANSCRIPT_SIZE, ((2, 2), pickup))
    game = sub.get("Game")(grid)
    assert pickup.step(at(sub, 2, 2), game) is None
    assert pickup.get_lifetime() == PICKUPS[name][1]
    assert grid.get_mapping() == {at(sub, 2, 2): pickup}


PICKUP_BEHAVIOURS = {
    "display": pickup_display,
    "get_durability": pickup_get_durability,
    "get_lifetime_not_held": pickup_get_lifetime_not_held,
    "get_lifetime_held": pickup_get_lifetime_held,
    "step": pickup_step,
}


@pytest.mark.parametrize("behaviour", PICKUP_BEHAVIOURS)
def test_garlic__behaviour(submission, behaviour):
    """One of the five pickup tests, on Garlic (spec: Garlic)."""
    PICKUP_BEHAVIOURS[behaviour](submission, "Garlic")


@pytest.mark.parametrize("behaviour", PICKUP_BEHAVIOURS)
def test_crossbow__behaviour(submission, behaviour):
    """One of the five pickup tests, on Crossbow (spec: Crossbow)."""
    PICKUP_BEHAVIOURS[behaviour](submission, "Crossbow")


# ---------------------------------------------------------------------------------------------
# Inventory (6)
# ---------------------------------------------------------------------------------------------

def test_inventory__get_items_empty(submission):
    """A new inventory holds nothing (spec: Inventory examples)."""
    assert make(submission, "Inventory").get_items() == []


def test_inventory__add_item(submission):
    """add_item adds the pickup itself (spec: Inventory.add_item)."""
    inventory = make(submission, "Inventory")
    garlic = make(submission, "Garlic")
    inventory.add_item(garlic)
    assert inventory.get_items() == [garlic]


def test_inventory__add_items(submission):
    """Items are listed in the order added (spec: Inventory examples)."""
    inventory = make(submission, "Inventory")
    inventory.add_item(make(submission, "Crossbow"))
    inventory.add_item(make(submission, "Garlic"))
    assert [repr(item) for item in inventory.get_items()] == ["Crossbow(5)", "Garlic(10)"]


def test_inventory__contains_true(submission):
    """contains finds a held item by its display character (spec: contains examples)."""
    inventory = make(submission, "Inventory")
    inventory.add_item(make(submission, "Garlic"))
    assert inventory.contains("G")


def test_inventory__contains_false(submission):
    """contains is false for an item not held (spec: contains examples)."""
    inventory = make(submission, "Inventory")
    inventory.add_item(make(submission, "Garlic"))
    assert not inventory.contains("C")


def test_inventory__step(submission):
    """step ages every item and drops the expired ones (spec: Inventory examples)."""
    inventory = make(submission, "Inventory")
    inventory.add_item(make(submission, "Crossbow"))
    inventory.add_item(make(submission, "Garlic"))
    for _ in range(3):
        inventory.step()
    assert [repr(item) for item in inventory.get_items()] == ["Crossbow(2)", "Garlic(7)"]
    inventory.step()
    inventory.step()
    assert [repr(item) for item in inventory.get_items()] == ["Garlic(5)"]
    for _ in range(30):
        inventory.step()
    assert inventory.get_items() == []


# ---------------------------------------------------------------------------------------------
# HoldingPlayer (6)
# ---------------------------------------------------------------------------------------------

def test_holding_player__display(submission):
    """A HoldingPlayer is drawn as 'P' (spec: HoldingPlayer inherits Player)."""
    assert make(submission, "HoldingPlayer").display() == "P"


def test_holding_player__is_infected(submission):
    """A new HoldingPlayer is not infected (spec: VulnerablePlayer constructor, inherited)."""
    assert not make(submission, "HoldingPlayer").is_infected()


def test_holding_player__infect(submission):
    """Without garlic, infect infects (spec: HoldingPlayer.infect)."""
    player = make(submission, "HoldingPlayer")
    player.infect()
    assert player.is_infected()


def test_holding_player__empty_inventory(submission):
    """A new HoldingPlayer's inventory is empty (spec: HoldingPlayer.get_inventory)."""
    assert make(submission, "HoldingPlayer").get_inventory().get_items() == []


def test_holding_player__step_with_inventory(submission):
    """The player's step ages its inventory (spec: HoldingPlayer.step)."""
    player = make(submission, "HoldingPlayer")
    player.get_inventory().add_item(make(submission, "Garlic"))
    player.get_inventory().add_item(make(submission, "Crossbow"))
    grid = grid_with(submission, TRANSCRIPT_SIZE, (PLAYER_SQUARE, player))
    player.step(at(submission, *PLAYER_SQUARE), submission.get("Game")(grid))
    assert [repr(item) for item in player.get_inventory().get_items()] == \
        ["Garlic(9)", "Crossbow(4)"]


def test_holding_player__infect_with_garlic(submission):
    """Holding garlic, the player cannot be infected (spec: HoldingPlayer.infect)."""
    player = make(submission, "HoldingPlayer")
    player.get_inventory().add_item(make(submission, "Garlic"))
    player.infect()
    assert not player.is_infected()


# ---------------------------------------------------------------------------------------------
# Polymorphism, task 3 (2)
# ---------------------------------------------------------------------------------------------

def assert_task3_entities_step(sub, game_name):
    """A step of ``game_name`` ages the held items, moves the tracking zombie, leaves a pickup.

    Args:
        sub: the submission.
        game_name: the game class (task 1 or task 2).
    """
    player = make(sub, "HoldingPlayer")
    player.get_inventory().add_item(make(sub, "Crossbow"))
    zombie = make(sub, "TrackingZombie")
    garlic = make(sub, "Garlic")
    grid = grid_with(sub, TRANSCRIPT_SIZE, (HOSPITAL_SQUARE, make(sub, "Hospital")),
                     (PLAYER_SQUARE, player), ((4, 1), zombie), ((0, 4), garlic))
    game = sub.get(game_name)(grid)
    game.step()
    assert [repr(item) for item in player.get_inventory().get_items()] == ["Crossbow(4)"]
    assert grid.get_entity(at(sub, 3, 1)) is zombie
    assert grid.get_entity(at(sub, 0, 4)) is garlic
    assert garlic.get_lifetime() == PICKUPS["Garlic"][1]


def test_polymorphism_task3__simple_game_step(submission):
    """Game.step drives the task 3 entities (spec: Game.step, HoldingPlayer.step,
    TrackingZombie.step)."""
    assert_task3_entities_step(submission, "Game")


def test_polymorphism_task3__intermediate_game_step(submission):
    """IntermediateGame.step drives the task 3 entities (spec: as above)."""
    assert_task3_entities_step(submission, "IntermediateGame")


# ---------------------------------------------------------------------------------------------
# AdvancedGame (15)
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("behaviour", GAME_BEHAVIOURS)
def test_advanced_game__game_behaviour(submission, behaviour):
    """One of the ten Game tests, on AdvancedGame (spec: AdvancedGame inherits
    IntermediateGame)."""
    GAME_BEHAVIOURS[behaviour](submission, "AdvancedGame")


def test_advanced_game__has_lost(submission):
    """The game is lost once the player is infected (spec: IntermediateGame.has_lost)."""
    grid, player, _ = transcript_grid(submission, "HoldingPlayer")
    game = submission.get("AdvancedGame")(grid)
    assert not game.has_lost()
    player.infect()
    assert game.has_lost()


def test_advanced_game__zombie_moved(submission):
    """AdvancedGame.step moves a zombie (spec: Game.step, Zombie.step)."""
    game_zombie_moved(submission, "AdvancedGame", "HoldingPlayer")


def test_advanced_game__zombie_infects(submission):
    """A zombie infects a player without garlic; the game is lost (spec: Zombie.step,
    has_lost)."""
    game = game_zombie_infects(submission, "AdvancedGame", "HoldingPlayer")
    assert game.has_lost()


def test_advanced_game__tracking_zombie_infects(submission):
    """A tracking zombie next to the player infects it and stays (spec: TrackingZombie.step)."""
    zombie = make(submission, "TrackingZombie")
    grid, player, _ = transcript_grid(submission, "HoldingPlayer")
    grid.add_entity(at(submission, 2, 1), zombie)
    game = submission.get("AdvancedGame")(grid)
    game.step()
    assert player.is_infected()
    assert game.has_lost()
    assert grid.get_entity(at(submission, 2, 1)) is zombie


def test_advanced_game__pick_up(submission):
    """Moving onto a pickup puts it in the inventory and off the grid (spec:
    AdvancedGame.move_player)."""
    grid, player, _ = transcript_grid(submission, "HoldingPlayer")
    grid.add_entity(at(submission, 2, 1), make(submission, "Garlic"))
    game = submission.get("AdvancedGame")(grid)
    game.move_player(at(submission, 1, 0))
    assert grid.get_entity(at(submission, 2, 1)) is player
    assert [repr(item) for item in player.get_inventory().get_items()] == ["Garlic(10)"]
    assert "G" not in grid.serialize().values()


# ---------------------------------------------------------------------------------------------
# AdvancedMapLoader (8)
# ---------------------------------------------------------------------------------------------

# Each token the advanced loader knows and the class it makes (spec: AdvancedMapLoader).
ADVANCED_TOKENS = {
    "P": "HoldingPlayer", "H": "Hospital", "Z": "Zombie", "T": "TrackingZombie",
    "G": "Garlic", "C": "Crossbow",
}


@pytest.mark.parametrize("token", ADVANCED_TOKENS)
def test_advanced_map_loader__create_entity(submission, token):
    """Each of the six tokens makes its entity (spec: AdvancedMapLoader)."""
    entity = submission.get("AdvancedMapLoader")().create_entity(token)
    assert type(entity) is submission.get(ADVANCED_TOKENS[token])


def test_advanced_map_loader__invalid_entity(submission):
    """An unknown token raises ValueError (spec: BasicMapLoader.create_entity, inherited)."""
    with pytest.raises(ValueError):
        submission.get("AdvancedMapLoader")().create_entity("X")


def test_advanced_map_loader__load(submission):
    """load reads maps/basic4.txt with every kind of entity (spec: MapLoader.load,
    AdvancedMapLoader)."""
    grid = submission.get("AdvancedMapLoader")().load("maps/basic4.txt")
    assert grid.get_size() == 10
    assert grid.serialize() == {(6, 0): "C", (8, 0): "P", (1, 2): "C", (5, 3): "Z",
                                (5, 4): "Z", (5, 6): "H", (3, 7): "T", (8, 8): "G"}
    assert type(grid.get_entity(at(submission, 8, 0))) is submission.get("HoldingPlayer")


# ---------------------------------------------------------------------------------------------
# AdvancedTextInterface (9)
# ---------------------------------------------------------------------------------------------

def advanced_draw_setup(sub):
    """Return ``(interface, game, player)`` of the spec's AdvancedTextInterface.draw example."""
    player = make(sub, "HoldingPlayer")
    grid = grid_with(sub, 4, ((2, 2), player))
    return sub.get("AdvancedTextInterface")(4), sub.get("Game")(grid), player


def test_advanced_text_interface__draw_empty_inventory(submission, capsys):
    """With nothing held, draw prints only the grid (spec: AdvancedTextInterface.draw)."""
    interface, game, _ = advanced_draw_setup(submission)
    assert printed_by(capsys, lambda: interface.draw(game)) == \
        framed(4, ["    ", "    ", "  P ", "    "])


def test_advanced_text_interface__draw_with_items(submission, capsys):
    """With items held, draw lists them after the grid (spec: AdvancedTextInterface.draw
    examples)."""
    interface, game, player = advanced_draw_setup(submission)
    player.get_inventory().add_item(make(submission, "Garlic"))
    player.get_inventory().add_item(make(submission, "Crossbow"))
    assert printed_by(capsys, lambda: interface.draw(game)) == \
        framed(4, ["    ", "    ", "  P ", "    "]) + \
        "The player is currently holding:\nGarlic(10)\nCrossbow(5)\n"


def advanced_action_setup(sub, *placed):
    """Return ``(interface, game, grid, player)``: AdvancedGame on the transcripts' grid,
    with a HoldingPlayer at (1, 1) and ``placed`` entities added after it.

    Args:
        sub: the submission.
        placed: ``((x, y), entity)`` pairs.
    """
    grid, player, _ = transcript_grid(sub, "HoldingPlayer")
    for (x, y), entity in placed:
        grid.add_entity(at(sub, x, y), entity)
    return sub.get("AdvancedTextInterface")(TRANSCRIPT_SIZE), sub.get("AdvancedGame")(grid), \
        grid, player


def test_advanced_text_interface__pick_up(submission):
    """Moving onto a crossbow picks it up (spec: AdvancedGame.move_player, handle_action)."""
    interface, game, grid, player = advanced_action_setup(
        submission, ((2, 1), make(submission, "Crossbow")))
    interface.handle_action(game, "D")
    assert grid.get_entity(at(submission, 2, 1)) is player
    assert player.get_inventory().contains("C")


def test_advanced_text_interface__fire_hit(submission, monkeypatch, capsys):
    """Firing at the first entity in line, a zombie, removes it silently (spec:
    AdvancedTextInterface.handle_action, fire steps 2-6)."""
    interface, game, grid, player = advanced_action_setup(
        submission, ((1, 4), make(submission, "Zombie")))
    player.get_inventory().add_item(make(submission, "Crossbow"))
    feed_input(monkeypatch, ["S"])
    random.seed(COURSE_SEED)
    assert printed_by(capsys, lambda: interface.handle_action(game, "F")) == \
        "Direction to fire: S\n"
    assert "Z" not in grid.serialize().values()


def test_advanced_text_interface__fire_no_zombie(submission, monkeypatch, capsys):
    """Firing where no entity is in line prints the no-zombie message (spec:
    AdvancedTextInterface.handle_action, fire step 5)."""
    interface, game, grid, player = advanced_action_setup(
        submission, ((3, 3), make(submission, "Zombie")))
    player.get_inventory().add_item(make(submission, "Crossbow"))
    feed_input(monkeypatch, ["D"])
    random.seed(COURSE_SEED)
    assert printed_by(capsys, lambda: interface.handle_action(game, "F")) == \
        "Direction to fire: D\nNo zombie in that direction!\n"
    assert list(grid.serialize().values()).count("Z") == 1


@pytest.mark.parametrize("transcript", ["with_garlic_advanced", "with_crossbow_advanced",
                                        "crossbow_shoot", "crossbow_missed"])
def test_advanced_text_interface__play(submission, transcript, monkeypatch, capsys):
    """play reproduces the course's advanced transcripts: garlic, crossbow, shoot, missed
    shot (spec: section 5 and AdvancedTextInterface; CLARIFICATIONS: the transcripts)."""
    interface, game = advanced_transcript_game(submission)
    assert_transcript(transcript, interface, game, monkeypatch, capsys)
