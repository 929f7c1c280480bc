"""Calls in a submission's code: recursion and locks, found by reading the source, and cut
out of (or slowed down in) copies the grader writes for the sandbox to run.

Like :mod:`autograder.static`, everything here works on :mod:`ast` trees the parent parsed:
a submission cannot rewrite what is read here. Checks use the analyses (which functions
recurse, which calls a function reaches, whether a lock is taken) to decide what to watch,
and the copies (recursion cut, pauses put in, locks taken out) to see whether the recursion
or the lock does the work: run in place of the original, a copy that behaves differently
shows it does.
"""

import ast
import pickle
from typing import Dict, Iterable, List, Optional, Set, Union

from autograder.static import FunctionNode, definitions

__all__ = [
    "calls_reached",
    "program_bytes",
    "recursion_cycle",
    "recursive_functions",
    "recursive_names",
    "source_of",
    "takes_a_lock",
    "with_pauses",
    "without_locks",
    "without_recursive_calls",
]

# What a call of a lock's method becomes once the lock is taken out (without_locks).
LOCK_CALLS = {"acquire": True, "release": None}
# The first line of every copy the grader writes for the sandbox: Python reads the copy as
# UTF-8 whatever the text after it holds (a declaration counts only on the first two lines).
PROGRAM_DECLARATION = "# -*- coding: utf-8 -*-\n"


def _local_functions(function: FunctionNode) -> Set[str]:
    """Return the names of the functions defined inside ``function``, at any depth: a bare
    call of one of them calls that local function, never a module's function or a method
    of the same name (so a nested ``def lightDFS`` called inside the method ``lightDFS`` is
    no recursion of the method)."""
    return {node.name for node in ast.walk(function)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not function}


def _called_names(function: FunctionNode, own_key: str = "") -> Set[str]:
    """Return the names ``function`` calls (its nested functions' calls included): a bare
    call by its name unless a local function has it, a method call ``x.name(...)`` by its
    attribute. A bare call of the function's own name is ``own_key`` when given (a nested
    function keyed apart from a method of its name, see :func:`_call_graph`)."""
    local = _local_functions(function)
    called: Set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call):
            target = node.func
            if isinstance(target, ast.Name) and target.id not in local:
                called.add(own_key if own_key and target.id == function.name else target.id)
            elif isinstance(target, ast.Attribute):
                called.add(target.attr)
    return called


def _calls_itself(function: FunctionNode) -> bool:
    """Return True when ``function`` calls a function or method of its own name."""
    return function.name in _called_names(function)


def recursive_functions(tree: ast.Module) -> Set[str]:
    """Return the qualified names of functions and methods that call themselves."""
    return {d.qualname for d in definitions(tree) if d.kind != "class" and _calls_itself(d.node)}


def recursive_names(tree: ast.Module) -> Set[str]:
    """Return the names of functions and methods on a cycle of calls within the module.

    Direct recursion (``find`` calling ``find``) and mutual recursion (``step`` calling
    ``search`` calling ``step``) both count; calls are matched by name, as a method call
    ``self.search(...)`` names ``search``. This is read from the source by the parent, so
    unlike anything measured inside a submission's process, it cannot be rewritten.
    """
    calls = _call_graph(tree)
    return {name for name in calls if name in _reached(calls, name)}


def _call_graph(tree: ast.Module) -> Dict[str, Set[str]]:
    """Return, for each function or method name in the module, the names it calls.

    Functions defined inside a function count too, under their own name (a recursive
    search written inside the method that uses it is still a recursion the profiler sees by
    that name), unless a function or method of the module has that name: then the nested
    one is keyed ``outer.<locals>.name``, so that it is never taken for the other (a nested
    ``def lightDFS`` calling itself is no recursion of the method lightDFS).
    """
    functions = [d.node for d in definitions(tree) if d.kind != "class"]
    outer_names = {function.name for function in functions}
    calls: Dict[str, Set[str]] = {}
    for function in functions:
        calls.setdefault(function.name, set()).update(_called_names(function))
        for inner in ast.walk(function):
            if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)) and inner is not function:
                key = (inner.name if inner.name not in outer_names
                       else f"{function.name}.<locals>.{inner.name}")
                calls.setdefault(key, set()).update(_called_names(inner, key))
    return calls


def _reached(calls: Dict[str, Set[str]], start: str) -> Set[str]:
    """Return the names reached by one or more calls from ``start`` (itself if on a cycle)."""
    reached: Set[str] = set()
    pending = list(calls.get(start, ()))
    while pending:
        name = pending.pop()
        if name not in reached:
            reached.add(name)
            pending.extend(calls.get(name, ()))
    return reached


# What a recursive call gives in the grader's cut copies, one copy each: None (nothing
# found) and 0 (no tiles lit, a path of no length; a no-op as a statement). A search that
# returns a number, an answer or None, or nothing at all gives another result in one of them
# without failing; a copy that fails proves nothing, since a program can fail on purpose
# once a decoy's answer changes.
CUT_STAND_INS = (None, 0)


def without_recursive_calls(tree: ast.Module, names: Iterable[str],
                            stand_in: Optional[int] = None, entries: Iterable[str] = ()) -> str:
    """Return the module's source with the recursion of ``names`` taken out: inside every
    function on a cycle of calls through one of ``names``, each call of a function on that
    cycle becomes ``stand_in`` (one of :data:`CUT_STAND_INS`). Other cycles (``__init__``
    calling ``super().__init__``, which a match by name takes for one) are left alone, and
    so are the calls inside ``entries``, the functions the spec says start the recursion
    (``light`` calling ``lightDFS``): a call ``tile.light()`` inside lightDFS, matched by
    name, must not make World.light part of the cycle the cut empties.

    Run in place of the original, it shows whether the recursion does the work: a search
    that recurses gives another result without its recursive calls, while a recursive call
    that never runs, or one beside a loop that does the work, changes nothing (or makes the
    copy fail, which shows nothing). The cut is made here, from the source the grader read.
    """
    cut = _RecursionCut(recursion_cycle(tree, names) - set(entries), stand_in).visit(
        _copy_of(tree))
    return ast.unparse(ast.fix_missing_locations(cut))


def recursion_cycle(tree: ast.Module, names: Iterable[str]) -> Set[str]:
    """Return the names of the functions on a cycle of calls through one of ``names`` (what
    :func:`without_recursive_calls` cuts): ``step`` and ``search`` when each calls the other.

    >>> sorted(recursion_cycle(ast.parse("def step():\\n    search()\\ndef search():\\n"
    ...                                  "    step()\\ndef walk():\\n    step()"), ["step"]))
    ['search', 'step']
    """
    calls = _call_graph(tree)
    cycle: Set[str] = set()
    for name in names:
        cycle |= {other for other in _reached(calls, name) if name in _reached(calls, other)}
    return cycle


class _RecursionCut(ast.NodeTransformer):
    """Replaces, inside the functions on a cycle of calls, each call of one of them by a
    constant.

    Args:
        cycle: the names of the functions on the cycle.
        stand_in: the constant.
    """

    def __init__(self, cycle: Set[str], stand_in: Optional[int]) -> None:
        self._cycle = cycle
        self._stand_in = stand_in
        self._inside = 0

    def visit_FunctionDef(self, node: FunctionNode) -> ast.AST:
        """Cut the calls in a function on the cycle (nested ones included)."""
        on_cycle = node.name in self._cycle
        self._inside += on_cycle
        self.generic_visit(node)
        self._inside -= on_cycle
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Call(self, node: ast.Call) -> ast.AST:
        """Return the stand-in in place of a call of a function on the cycle, inside the
        cycle."""
        self.generic_visit(node)
        target = node.func
        name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", None)
        if self._inside and name in self._cycle:
            return ast.copy_location(ast.Constant(self._stand_in), node)
        return node


def _copy_of(tree: ast.Module) -> ast.Module:
    """Return a copy of ``tree`` that the transformers here may change in place.

    Through pickle, not ``copy.deepcopy``: the same copy, made in C (World.py of Ultima
    0.1: 19 ms deep-copied, 8 ms pickled). The tree is one the grader parsed, never bytes a
    submission wrote, so nothing but the grader's own nodes is unpickled.
    """
    return pickle.loads(pickle.dumps(tree, pickle.HIGHEST_PROTOCOL))


def calls_reached(trees: Iterable[ast.Module], roots: Iterable[str]) -> Set[str]:
    """Return the names of the functions that calls from ``roots`` reach, ``roots`` included,
    across the modules ``trees`` (matched by name, as in :func:`recursive_names`), leaving
    out every function on a cycle of calls.

    >>> sorted(calls_reached([ast.parse("def a():\\n    b()\\ndef b():\\n    c()")], ["a"]))
    ['a', 'b', 'c']
    """
    calls: Dict[str, Set[str]] = {}
    for tree in trees:
        for name, called in _call_graph(tree).items():
            calls.setdefault(name, set()).update(called)
    reached = set(roots)
    for root in roots:
        reached |= _reached(calls, root)
    return {name for name in reached if name not in _reached(calls, name)}


def with_pauses(tree: ast.Module, names: Iterable[str], seconds: float) -> ast.Module:
    """Return a copy of ``tree`` in which the functions called ``names`` pause ``seconds``
    before each of their statements, loop bodies left alone (one pause per statement run,
    not one per element of a list), and functions that only return a value (getters) too.

    A check of a tile followed by a move onto it then takes that long: two threads that
    both make one at the same time, with nothing to keep them apart, meet on the tile.
    The pauses are put in here, into the source the grader read.
    """
    return _Pauses(set(names), seconds).visit(_copy_of(tree))


def without_locks(tree: ast.Module) -> ast.Module:
    """Return a copy of ``tree`` that never takes a lock: a ``with`` on a lock (see
    :func:`takes_a_lock`) runs its body without it, ``acquire()`` on a lock is ``True`` and
    ``release()`` on one does nothing. The lock itself is still made.

    >>> print(ast.unparse(without_locks(ast.parse("with self.lock:\\n    move()"))))
    if True:
        move()
    """
    return _LockCut().visit(_copy_of(tree))


def source_of(tree: ast.Module) -> str:
    """Return the source of a tree made or changed here (line numbers filled in)."""
    return ast.unparse(ast.fix_missing_locations(tree))


def program_bytes(source: str) -> bytes:
    """Return the bytes of a copy the grader writes for the sandbox to run ``source``.

    ``source`` is text the grader made from a tree it parsed (:func:`source_of`,
    :func:`without_recursive_calls`), so it is the program the grader analysed. Written as
    UTF-8 under a line declaring UTF-8, it is read back by Python as exactly that text:
    the submission's own declaration (``raw_unicode_escape``, ``latin-1``) was a comment,
    which the tree does not keep, and no string the copy holds can stand in for one.

    >>> program_bytes("print('é')")
    b"# -*- coding: utf-8 -*-\\nprint('\\xc3\\xa9')"
    """
    return (PROGRAM_DECLARATION + source).encode("utf-8")


class _Pauses(ast.NodeTransformer):
    """Puts a pause before each statement of the functions named, outside their loops.

    Args:
        names: the names of the functions to slow down.
        seconds: the length of each pause.
    """

    def __init__(self, names: Set[str], seconds: float) -> None:
        self._names = names
        self._seconds = seconds

    def visit_FunctionDef(self, node: FunctionNode) -> ast.AST:
        """Slow down a function named, its nested functions aside."""
        docstring = node.body[:1] if ast.get_docstring(node) is not None else []
        body = node.body[len(docstring):]
        # A function that only returns a value (a getter) has nothing to pause between.
        if node.name in self._names and not (len(body) == 1 and isinstance(body[0], ast.Return)):
            node.body = docstring + self._paused(body)
        else:
            self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def _paused(self, block: List[ast.stmt]) -> List[ast.stmt]:
        """Return ``block`` with a pause before each statement, and in its inner blocks."""
        paused: List[ast.stmt] = []
        for statement in block:
            paused.append(ast.copy_location(self._pause(), statement))
            if not isinstance(statement, (ast.For, ast.AsyncFor, ast.While, ast.FunctionDef,
                                          ast.AsyncFunctionDef, ast.ClassDef)):
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(statement, field, None)
                    if inner:
                        setattr(statement, field, self._paused(inner))
                for handler in getattr(statement, "handlers", []):
                    handler.body = self._paused(handler.body)
            elif isinstance(statement, (ast.For, ast.AsyncFor, ast.While)) and statement.orelse:
                statement.orelse = self._paused(statement.orelse)
            paused.append(statement)
        return paused

    def _pause(self) -> ast.stmt:
        """Return the statement ``__import__("time").sleep(seconds)``."""
        return ast.parse(f"__import__('time').sleep({self._seconds!r})").body[0]


class _LockCut(ast.NodeTransformer):
    """Takes every lock out of a module: see :func:`without_locks`."""

    def visit_With(self, node: Union[ast.With, ast.AsyncWith]) -> ast.AST:
        """Drop the lock from a ``with``; run the body alone when nothing else is left."""
        self.generic_visit(node)
        node.items = [item for item in node.items if not _names_a_lock(item.context_expr)]
        if node.items:
            return node
        return ast.copy_location(ast.If(test=ast.Constant(True), body=node.body, orelse=[]),
                                 node)

    visit_AsyncWith = visit_With

    def visit_Call(self, node: ast.Call) -> ast.AST:
        """Return ``True`` for ``lock.acquire(...)`` and ``None`` for ``lock.release()``."""
        self.generic_visit(node)
        target = node.func
        if (isinstance(target, ast.Attribute) and target.attr in LOCK_CALLS
                and _names_a_lock(target.value)):
            return ast.copy_location(ast.Constant(LOCK_CALLS[target.attr]), node)
        return node


def _names_a_lock(node: ast.AST) -> bool:
    """Return whether the expression ``node`` mentions a name or attribute with "lock" in it."""
    for part in ast.walk(node):
        name = part.id if isinstance(part, ast.Name) else (
            part.attr if isinstance(part, ast.Attribute) else "")
        if "lock" in name.lower():
            return True
    return False


def takes_a_lock(tree: ast.Module) -> bool:
    """Return whether the module's source takes a lock anywhere.

    Taking a lock is a ``with`` statement on an expression that names a lock (``with
    self.lock:``, ``with world.lock:``, ``with lock:``) or a call of ``acquire`` on one
    (``self.lock.acquire()``). Read from the source by the parent: a submission that rewrites
    what a watcher in its own process reports cannot make its source take a lock.

    >>> takes_a_lock(ast.parse("with self._world.lock:\\n    pass"))
    True
    >>> takes_a_lock(ast.parse("self.lock = threading.Lock()"))
    False
    """
    for node in ast.walk(tree):
        if isinstance(node, (ast.With, ast.AsyncWith)):
            if any(_names_a_lock(item.context_expr) for item in node.items):
                return True
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr == "acquire" and _names_a_lock(node.func.value)):
            return True
    return False
