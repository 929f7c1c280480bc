"""Design checks and style findings.

The course's sample suite gives five tests to design (CLARIFICATIONS.md, "Partial work is
scored as the course scored it"): a clean import (check_play.py), docstrings present, and the
classes and functions of each task defined. The last three are observed on the classes a2
really defines (so inherited methods count and a base class may be named any way that resolves
to it), one check per task, so a student who stopped after task 1 earns that task's test. The
style findings, read from the source, are shown to the tutor who marks Style and structure.

The observation is made in the child, beside the student's code, and its right answer (every
class there, every method callable) needs no knowledge of the game: so a class counts only
where a2.py, read here, has a class statement of that name, and a method only where a def of
that name is in a class of a2.py or of the supplied support module, or object gives it.
"""

import ast
from typing import Set, Tuple

from autograder import CheckFailed, WrongOutput, check, static
from autograder.drivers import Driver
from autograder.suites.end_of_dayz.suite import REFERENCE

A2 = "a2.py"
# The classes of each task (spec, sections 6.1, 6.2 and 6.3).
TASK_CLASSES = {
    1: ("Entity", "Player", "Hospital", "Grid", "MapLoader", "BasicMapLoader", "Game",
        "TextInterface"),
    2: ("VulnerablePlayer", "Zombie", "IntermediateGame", "IntermediateMapLoader"),
    3: ("TrackingZombie", "Pickup", "Garlic", "Crossbow", "Inventory", "HoldingPlayer",
        "AdvancedGame", "AdvancedMapLoader", "AdvancedTextInterface"),
}
# class -> (its base class in the spec, {method: its parameters}).
REQUIRED = {
    "Entity": (None, {"step": ("self", "position", "game"), "display": ("self",),
                      "__repr__": ("self",)}),
    "Player": ("Entity", {"display": ("self",)}),
    "Hospital": ("Entity", {"display": ("self",)}),
    "Grid": (None, {"__init__": ("self", "size"), "get_size": ("self",),
                    "in_bounds": ("self", "position"),
                    "add_entity": ("self", "position", "entity"),
                    "remove_entity": ("self", "position"), "get_entity": ("self", "position"),
                    "get_mapping": ("self",), "get_entities": ("self",),
                    "move_entity": ("self", "start", "end"), "find_player": ("self",),
                    "serialize": ("self",)}),
    "MapLoader": (None, {"load": ("self", "filename"), "create_entity": ("self", "token")}),
    "BasicMapLoader": ("MapLoader", {"create_entity": ("self", "token")}),
    "Game": (None, {"__init__": ("self", "grid"), "get_grid": ("self",),
                    "get_player": ("self",), "step": ("self",), "get_steps": ("self",),
                    "move_player": ("self", "offset"),
                    "direction_to_offset": ("self", "direction"), "has_won": ("self",),
                    "has_lost": ("self",)}),
    "TextInterface": ("GameInterface", {"__init__": ("self", "size"), "draw": ("self", "game"),
                                        "play": ("self", "game"),
                                        "handle_action": ("self", "game", "action")}),
    "VulnerablePlayer": ("Player", {"infect": ("self",), "is_infected": ("self",)}),
    "Zombie": ("Entity", {"step": ("self", "position", "game"), "display": ("self",)}),
    "IntermediateGame": ("Game", {"has_lost": ("self",)}),
    "IntermediateMapLoader": ("BasicMapLoader", {}),
    "TrackingZombie": ("Zombie", {"step": ("self", "position", "game"), "display": ("self",)}),
    "Pickup": ("Entity", {"get_durability": ("self",), "get_lifetime": ("self",),
                          "hold": ("self",), "__repr__": ("self",)}),
    "Garlic": ("Pickup", {"get_durability": ("self",), "display": ("self",)}),
    "Crossbow": ("Pickup", {"get_durability": ("self",), "display": ("self",)}),
    "Inventory": (None, {"step": ("self",), "add_item": ("self", "item"),
                         "get_items": ("self",), "contains": ("self", "pickup_id")}),
    "HoldingPlayer": ("VulnerablePlayer", {"get_inventory": ("self",), "infect": ("self",),
                                           "step": ("self", "position", "game")}),
    "AdvancedGame": ("IntermediateGame", {"move_player": ("self", "offset")}),
    "AdvancedMapLoader": ("IntermediateMapLoader", {}),
    "AdvancedTextInterface": ("TextInterface", {"draw": ("self", "game"),
                                                "handle_action": ("self", "game", "action")}),
}
# What each style finding is called in the tutor's list.
STYLE_SCANS = (
    ("missing docstrings", lambda tree, source: static.undocumented(tree, source, A2,
                                                                    accept_comments=False)),
    ("global statements", lambda tree, source: static.global_statements(tree, A2)),
    ("unnamed numbers", lambda tree, source: static.magic_numbers(tree, A2)),
    ("reaching into other objects", lambda tree, source: static.attribute_reach_ins(tree, A2)),
    ("duplicated blocks", lambda tree, source: static.duplicated_blocks(tree, A2)),
)
# A long list helps nobody: the tutor sees this many remarks of each kind, then a count.
REMARKS_PER_SCAN = 8


# The driver: for every class the spec names, whether a2 has it, with the spec's base and
# methods callable with the spec's arguments (see drivers/structure.py).
STRUCTURE = Driver("end_of_dayz.structure")
# The module the grader supplies beside a2.py: methods its classes define may be inherited.
SUPPORT = REFERENCE / "a2_support.py"


def _class_statements(tree: ast.Module) -> Tuple[Set[str], Set[str]]:
    """Return the names of the classes ``tree`` defines by a class statement (at any depth)
    and the names of the functions those classes define (inside their blocks too)."""
    classes = [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    methods = {member.name for node in classes for member in static.block_statements(node.body)
               if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return {node.name for node in classes}, methods


def written_classes(submission) -> Tuple[Set[str], Set[str]]:
    """Return the classes a2.py defines in its source and the method names a class may have
    there: those defined in a class of a2.py or of the support module, and object's own.

    A source that cannot be read or parsed writes none.
    """
    try:
        classes, methods = _class_statements(submission.parse(A2))
    except CheckFailed:
        return set(), set()
    _support_classes, inherited = _class_statements(ast.parse(SUPPORT.read_text("utf-8")))
    return classes, methods | inherited | set(dir(object))


def require_task_defined(sandbox, submission, task: int) -> None:
    """Fail unless every class of ``task`` is defined with the spec's methods and base class.

    Args:
        sandbox: the sandbox fixture.
        submission: the submission fixture (its a2.py is read here, never run).
        task: 1, 2 or 3 (a key of ``TASK_CLASSES``).

    Raises:
        WrongOutput: listing every missing class, wrong base and uncallable method, with a
            share of credit per class that is complete.
    """
    wanted = {name: REQUIRED[name] for name in TASK_CLASSES[task]}
    found = sandbox.probe(STRUCTURE, args=wanted)
    classes, defined = written_classes(submission)
    problems = []
    complete = 0
    for name, (base, methods) in wanted.items():
        entry = found.get(name)
        if entry is None or name not in classes:
            problems.append(f"{A2}: class {name} is missing")
            continue
        wrong = [f"{A2}: {name} is not a subclass of {base}"] if entry.base is not True else []
        wrong += [f"{A2}: {name}.{method} cannot be called with ({', '.join(params)})"
                  for method, params in methods.items()
                  if entry.methods.get(method) is not True or method not in defined]
        problems += wrong
        complete += not wrong
    if problems:
        raise WrongOutput(f"{len(problems)} structure problems, first: {problems[0]}",
                          "\n".join(problems), credit=complete / len(wanted))


@check(item="functionality", points=1, timeout=5)
def test_structure_task1_defined(sandbox, submission):
    """design: the classes and methods of task 1, with their arguments and base classes

    (spec, section 6.1; CLARIFICATIONS, End of DayZ: the course's suite accepts methods a
    class inherits; the course's design test for task 1).
    """
    require_task_defined(sandbox, submission, 1)


@check(item="functionality", points=1, timeout=5)
def test_structure_task2_defined(sandbox, submission):
    """design: the classes and methods of task 2, with their arguments and base classes

    (spec, section 6.2; the course's design test for task 2).
    """
    require_task_defined(sandbox, submission, 2)


@check(item="functionality", points=1, timeout=5)
def test_structure_task3_defined(sandbox, submission):
    """design: the classes and methods of task 3, with their arguments and base classes

    (spec, section 6.3; the course's design test for task 3).
    """
    require_task_defined(sandbox, submission, 3)


@check(item="functionality", points=1, timeout=1)
def test_structure_docstrings_present(submission):
    """design: every class, method and function in a2.py has a docstring

    (spec 7.2, "Every class, method and function should have a docstring"; the course's
    design test "docstrings present"). Read from the source: nothing runs.
    """
    tree = submission.parse(A2)
    missing = static.undocumented(tree, submission.read_text(A2), A2, accept_comments=False)
    if missing:
        raise WrongOutput(f"{len(missing)} classes, methods or functions have no docstring",
                          "\n".join(str(remark) for remark in missing))


@check(item="style", points=0, timeout=1)
def test_style_findings(submission, findings):
    """style: docstrings, globals, unnamed numbers, reach-ins, duplicated code"""
    tree = submission.parse(A2)
    source = submission.read_text(A2)
    for title, scan in STYLE_SCANS:
        for finding in static.scan_summary(title, scan(tree, source), REMARKS_PER_SCAN):
            findings.add(finding)
