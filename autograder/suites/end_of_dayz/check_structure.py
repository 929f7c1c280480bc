"""Structure checks, read from the source without running it: the classes, methods,
signatures and subclass relations the spec requires, and the style findings shown to the
tutor who marks the Style and structure item.
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


@check(item="functionality", timeout=1)
def test_structure_classes_methods_and_subclasses(submission):
    """a2.py: every class and method of the spec, with its signature and base class"""
    tree = submission.parse(A2)
    problems = []
    for name, (base, methods) in REQUIRED.items():
        try:
            cls = static.require_class(tree, name, A2, base)
        except WrongOutput as missing:
            problems.append(missing.message)
            continue
        for method, params in methods.items():
            try:
                static.require_method(cls, method, A2, params)
            except WrongOutput as wrong:
                problems.append(wrong.message)
    if problems:
        raise WrongOutput(f"{len(problems)} structure problems, first: {problems[0]}",
                          "\n".join(problems))


@check(item="style", points=0, timeout=1)
def test_style_findings(submission, findings):
    """style: docstrings, globals, unnamed numbers, reach-ins, duplicated code"""
    tree = submission.parse(A2)
    source = submission.read_text(A2)
    for title, scan in STYLE_SCANS:
        for line in static.scan_summary(title, scan(tree, source), REMARKS_PER_SCAN):
            findings.add(line)
