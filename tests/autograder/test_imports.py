"""The engine's import graph has no circle (issue 36): each module sits above the ones it needs.

The graph is read from the source with :mod:`ast`, never by importing: every ``import
autograder...`` and ``from autograder... import`` of a module of the package (the suites'
check files aside, which pytest loads by path and nothing imports), at any depth of the
module, except under ``if TYPE_CHECKING:``, which never runs. A name the package re-exports
on first use (``from autograder import check``) counts as an import of the module that
defines it.
"""

import ast
from pathlib import Path
from typing import Dict, List, Optional, Set

import autograder

PACKAGE = Path(autograder.__file__).resolve().parent
CHECK_FILE_PREFIX = "check_"


def module_name(path: Path) -> str:
    """Return the dotted name of the package's file ``path``."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_modules() -> Dict[str, Path]:
    """Return dotted name -> file of every module of the package but the check files."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))
            if not path.name.startswith(CHECK_FILE_PREFIX)}


def _is_type_checking(node: ast.If) -> bool:
    """Return True for ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_nodes(node: ast.AST):
    """Yield the nodes under ``node`` that run, leaving out ``if TYPE_CHECKING:`` bodies."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield other
                yield from _run_nodes(other)
            continue
        yield child
        yield from _run_nodes(child)


def _resolve(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    """Return the absolute module a ``from ... import`` in ``importer`` reads from."""
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    base = base[:len(base) - node.level + (1 if is_package else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, modules: Dict[str, Path]) -> Set[str]:
    """Return the package's modules that module ``name`` (file ``path``) imports."""
    found: Set[str] = set()
    tree = ast.parse(path.read_bytes(), str(path))
    for node in _run_nodes(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(name, path.name == "__init__.py", node)
            found.add(source)
            for alias in node.names:
                if f"{source}.{alias.name}" in modules:
                    found.add(f"{source}.{alias.name}")
                elif source == "autograder" and alias.name in autograder._HOMES:
                    found.add(autograder._HOMES[alias.name])
    return {module for module in found if module in modules and module != name}


def import_graph() -> Dict[str, Set[str]]:
    """Return each engine module -> the engine modules it imports."""
    modules = engine_modules()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def find_cycle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    """Return one cycle of ``graph`` as a list of modules (first repeated last), or None."""
    done: Set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path, on_path = [start], {start}
        stack = [iter(sorted(graph[start]))]
        while stack:
            following = next(stack[-1], None)
            if following is None:  # every module below this one is free of circles
                stack.pop()
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
                continue
            if following in on_path:
                return path[path.index(following):] + [following]
            if following not in done:
                path.append(following)
                on_path.add(following)
                stack.append(iter(sorted(graph[following])))
    return None


def test_the_engine_imports_no_module_that_imports_it_back():
    cycle = find_cycle(import_graph())
    assert cycle is None, " -> ".join(cycle)


def test_a_circle_is_found_and_named():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_graph_sees_the_imports_it_must_see():
    graph = import_graph()
    # Absolute, relative, lazily re-exported and function-level imports all count.
    assert "autograder.records" in graph["autograder.report"]
    assert "autograder.sandbox.trial" in graph["autograder.sandbox"]
    assert "autograder.suite" in graph["autograder.suites.ultima.suite"]
    assert "autograder.static" in graph["autograder.suites.ultima.lab_checks"]
    assert "autograder.grading" in graph["autograder.cli"]
    # An annotation-only import is no edge.
    assert "autograder.suite" not in graph["autograder.records.scores"]


def test_the_records_and_the_suites_stand_below_the_engine():
    graph = import_graph()
    records = {name for name in graph if name.split(".")[:2] == ["autograder", "records"]}
    assert {"autograder.records", "autograder.records.checks"} <= records
    assert all(graph[name] <= records for name in records), {
        name: graph[name] - records for name in records}
    assert "autograder.grading" not in graph["autograder.report"]
    assert "autograder.cli" not in graph["autograder.forkgrade"]
    assert "autograder.sandbox" not in graph["autograder.suite"]
