"""Structure of the reference: the spec's class tree, docstrings everywhere, I/O kept apart."""

import ast
import json
from pathlib import Path

import pytest

EOD_DIR = Path(__file__).resolve().parents[2] / "end_of_dayz"
MODULES = ("a2.py", "a2_support.py", "run.py")
# Where print() and input() may appear: the interfaces and the program's entry points.
IO_OWNERS = {"TextInterface", "AdvancedTextInterface", "main", "run_command_line"}
# Each class of the spec with its direct superclass.
CLASS_TREE = {
    "Entity": "object", "Player": "Entity", "Hospital": "Entity", "Grid": "object",
    "MapLoader": "object", "BasicMapLoader": "MapLoader", "Game": "object",
    "TextInterface": "GameInterface", "VulnerablePlayer": "Player", "Zombie": "Entity",
    "IntermediateGame": "Game", "IntermediateMapLoader": "BasicMapLoader",
    "TrackingZombie": "Zombie", "Pickup": "Entity", "Garlic": "Pickup", "Crossbow": "Pickup",
    "Inventory": "object", "HoldingPlayer": "VulnerablePlayer",
    "AdvancedGame": "IntermediateGame", "AdvancedMapLoader": "IntermediateMapLoader",
    "AdvancedTextInterface": "TextInterface",
}
CLASS_TREE_PROBE = """
import json, a2
print(json.dumps({name: getattr(a2, name).__bases__[0].__name__ for name in %r}))
""" % sorted(CLASS_TREE)


def _parse(module):
    """Return the syntax tree of ``module`` in the reference folder."""
    return ast.parse((EOD_DIR / module).read_text(encoding="utf-8"))


@pytest.mark.parametrize("module", MODULES)
def test_module_class_and_function_all_have_docstrings(module):
    tree = _parse(module)
    assert ast.get_docstring(tree)
    undocumented = [node.name for node in ast.walk(tree)
                    if isinstance(node, (ast.ClassDef, ast.FunctionDef))
                    and not ast.get_docstring(node)]
    assert undocumented == []


@pytest.mark.parametrize("module", MODULES)
def test_no_global_statements(module):
    assert not any(isinstance(node, ast.Global) for node in ast.walk(_parse(module)))


def test_print_and_input_only_in_interfaces_and_main():
    misplaced = []
    for top in _parse("a2.py").body:
        if isinstance(top, (ast.ClassDef, ast.FunctionDef)) and top.name in IO_OWNERS:
            continue
        misplaced += [getattr(top, "name", type(top).__name__) for node in ast.walk(top)
                      if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                      and node.func.id in ("print", "input")]
    assert misplaced == []


def test_classes_follow_the_spec_tree(eod):
    result = eod.run_python(eod.folder, ["-c", CLASS_TREE_PROBE])
    assert result.returncode == 0, result.stderr.decode()
    assert json.loads(result.stdout) == CLASS_TREE
