"""Structure checks: the classes, methods, arguments and subclass relations the spec
requires, observed on the classes a2 really defines (so inherited methods count and a base
class may be named any way that resolves to it), and the style findings, read from the
source, shown to the tutor who marks the Style and structure item.
"""

from autograder import WrongOutput, check, static

A2 = "a2.py"
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


# Run in the sandbox: for every class the spec names, whether a2 has it, whether it is a
# subclass of the spec's base (by class, not by the name written in the class statement),
# and whether each method, defined or inherited, takes the spec's arguments.
STRUCTURE_PROBE = """
import inspect
import a2, a2_support
found = {}
for name, (base, methods) in payload.items():
    cls = getattr(a2, name, None)
    if not inspect.isclass(cls):
        found[name] = None
        continue
    parent = None
    if base is not None:
        parent = getattr(a2, base, None) or getattr(a2_support, base, None)
    callable_with = {}
    for method, params in methods.items():
        try:
            inspect.signature(getattr(cls, method)).bind(*params)
            callable_with[method] = True
        except (AttributeError, TypeError, ValueError):
            callable_with[method] = False
    found[name] = {"base": base is None or (inspect.isclass(parent) and issubclass(cls, parent)),
                   "methods": callable_with}
report(found)
"""


@check(item="functionality", timeout=5)
def test_structure_classes_methods_and_subclasses(sandbox):
    """a2.py: every class and method of the spec, with its arguments and base class

    (spec, sections 6.1 to 6.3; CLARIFICATIONS, End of DayZ: the course's suite accepts
    methods a class inherits). One share of credit per class that is complete.
    """
    found = sandbox.probe(STRUCTURE_PROBE, args=REQUIRED)
    if not isinstance(found, dict):
        raise WrongOutput("the structure probe's report came back malformed")
    problems = []
    complete = 0
    for name, (base, methods) in REQUIRED.items():
        entry = found.get(name)
        if not isinstance(entry, dict):
            problems.append(f"{A2}: class {name} is missing")
            continue
        wrong = [f"{A2}: {name} is not a subclass of {base}"] if entry.get("base") is not True \
            else []
        calls = entry.get("methods") if isinstance(entry.get("methods"), dict) else {}
        wrong += [f"{A2}: {name}.{method} cannot be called with ({', '.join(params)})"
                  for method, params in methods.items() if calls.get(method) is not True]
        problems += wrong
        complete += not wrong
    if problems:
        raise WrongOutput(f"{len(problems)} structure problems, first: {problems[0]}",
                          "\n".join(problems), credit=complete / len(REQUIRED))


@check(item="style", points=0, timeout=1)
def test_style_findings(submission, findings):
    """style: docstrings, globals, unnamed numbers, reach-ins, duplicated code"""
    tree = submission.parse(A2)
    source = submission.read_text(A2)
    for title, scan in STYLE_SCANS:
        for line in static.scan_summary(title, scan(tree, source), REMARKS_PER_SCAN):
            findings.add(line)
