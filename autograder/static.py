"""Static checks: facts about a submission's source, read without running it.

Everything here works on :mod:`ast` trees and :mod:`tokenize` comments that
:class:`~autograder.submission.Submission` produced from the files. The functions return
plain data (names, line numbers, :class:`~autograder.records.Finding` remarks) for checks
to assert on, or raise a
:class:`~autograder.outcome.WrongOutput` naming what is missing.
"""

import ast
import copy
import hashlib
import inspect
import io
import re
import tokenize
from dataclasses import dataclass
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Set, Tuple, Union

from autograder.outcome import WrongOutput
from autograder.records import Finding

__all__ = [
    "Definition",
    "attribute_reach_ins",
    "calls_reached",
    "definitions",
    "duplicated_blocks",
    "global_statements",
    "has_header",
    "header_blocks",
    "magic_numbers",
    "parameters",
    "program_bytes",
    "recursive_functions",
    "recursive_names",
    "without_recursive_calls",
    "require_class",
    "require_method",
    "scan_summary",
    "source_of",
    "takes_a_lock",
    "undocumented",
    "with_pauses",
    "without_locks",
]

FunctionNode = Union[ast.FunctionDef, ast.AsyncFunctionDef]
# A line of a file's header: its indent (columns) and its text, decoration taken off.
HeaderLine = Tuple[int, str]
# Numbers too plain to deserve a name of their own.
PLAIN_NUMBERS = {-1, 0, 1, 2, 10, 100, 0.5}
# Statements in a window that, repeated elsewhere, counts as duplicated logic.
DUPLICATE_WINDOW = 6
# Comments this many lines above a definition still describe it.
COMMENT_REACH_LINES = 2
# What a call of a lock's method becomes once the lock is taken out (without_locks).
LOCK_CALLS = {"acquire": True, "release": None}
# Reading a header (header_blocks): the statements it may sit among, the tokens between its
# lines, the lines a shebang or coding declaration may be on (PEP 263), tool pragmas, a
# string's prefix letters and quotes, a box border at a line's end and a bullet at its start.
IMPORT_WORDS = ("import", "from")
HEADER_SPACING_TOKENS = (tokenize.NL, tokenize.NEWLINE, tokenize.ENCODING, tokenize.INDENT,
                         tokenize.DEDENT)
DECLARATION_LINES = 2
CODING_DECLARATION = re.compile(r"[ \t\f]*#.*?coding[:=]")
TOOL_PRAGMA = re.compile(r"(?i)(pylint|flake8|mypy|pyright|ruff|fmt)\s*:|noqa\b|type:\s*ignore\b")
STRING_PREFIXES = "rRuUbBfF"
TRIPLE_QUOTE = '"""'
TRIPLE_QUOTES = ('"""', "'''")
HEADER_BORDER = re.compile(r"\s+[#*|]+$")
HEADER_BULLET = re.compile("^[*|\u2022-]+\\s+")
# The first line of every copy the grader writes for the sandbox: Python reads the copy as
# UTF-8 whatever the text after it holds (a declaration counts only on the first two lines).
PROGRAM_DECLARATION = "# -*- coding: utf-8 -*-\n"


@dataclass(frozen=True)
class Definition:
    """A class, function or method found in a module.

    Attributes:
        qualname: ``Class.method`` or ``function`` or ``Class``.
        node: the syntax tree node.
        kind: ``"class"``, ``"function"`` or ``"method"``.
    """

    qualname: str
    node: ast.AST
    kind: str


def definitions(tree: ast.Module) -> Iterator[Definition]:
    """Yield every class, top-level function and method of ``tree`` in source order."""
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            yield Definition(node.name, node, "class")
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield Definition(f"{node.name}.{member.name}", member, "method")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield Definition(node.name, node, "function")


def require_class(tree: ast.Module, name: str, filename: str,
                  base: Optional[str] = None) -> ast.ClassDef:
    """Return the top-level class ``name``, requiring it (and its base class) exist.

    Raises:
        WrongOutput: the class is missing or does not name ``base`` among its bases.
    """
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            bases = {ast.unparse(b) for b in node.bases}
            if base is not None and base not in bases:
                raise WrongOutput(f"{filename}: class {name} must inherit from {base}")
            return node
    raise WrongOutput(f"{filename}: class {name} is missing")


def parameters(function: FunctionNode) -> List[str]:
    """Return the names of a function's parameters, in order (``self`` included)."""
    args = function.args
    names = [a.arg for a in getattr(args, "posonlyargs", [])] + [a.arg for a in args.args]
    if args.vararg:
        names.append("*" + args.vararg.arg)
    names += [a.arg for a in args.kwonlyargs]
    if args.kwarg:
        names.append("**" + args.kwarg.arg)
    return names


def require_method(cls: ast.ClassDef, name: str, filename: str,
                   params: Optional[Sequence[str]] = None) -> FunctionNode:
    """Return method ``name`` of ``cls``, requiring it exists with ``params`` if given.

    Only the number of parameters is compared, so students may name them freely.

    Raises:
        WrongOutput: the method is missing or takes a different number of parameters.
    """
    for member in cls.body:
        if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) and member.name == name:
            found = parameters(member)
            if params is not None and len(found) != len(params):
                raise WrongOutput(f"{filename}: {cls.name}.{name}({', '.join(found)}) must take "
                                  f"({', '.join(params)})")
            return member
    raise WrongOutput(f"{filename}: method {cls.name}.{name} is missing")


def _comment_lines(source: str) -> Set[int]:
    """Return the numbers of the lines of ``source`` that carry a comment."""
    lines = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                lines.add(token.start[0])
    except (tokenize.TokenError, IndentationError, SyntaxError):
        pass  # a file that does not tokenise has no comments we can credit
    return lines


def header_blocks(source: str) -> List[List[HeaderLine]]:
    """Return the header of ``source`` as a marker reads it: blocks of (indent, text) lines.

    The rule: the header is every comment and every bare string (the module docstring, or a
    string statement after the imports) above the file's first statement other than an
    import. Each run of comment lines, and each string, is one block; blank lines do not end
    a run. Decoration is set aside: comment marks, a shebang or coding declaration on the
    first two lines, tool pragmas (``pylint: disable``, ``noqa``), lines without a letter or
    digit (banners of ``#####`` or ``====``, box tops), a box border at a line's end and a
    bullet or border at its start. A string's lines keep their indent relative to each other
    (as ``inspect.cleandoc`` gives them); a comment's indent is counted after its ``#``.

    The source is read as tokens, so a file that fails to parse further down still has the
    header it opens with.

    >>> header_blocks("#!/usr/bin/env python3\\n# ####\\n# File: a.py  #\\nimport os\\n'Tile.'")
    [[(1, 'File: a.py')], [(0, 'Tile.')]]
    """
    blocks: List[List[HeaderLine]] = []
    run: List[HeaderLine] = []
    string: Optional[tokenize.TokenInfo] = None
    in_import = False
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if string is not None:
                if token.type == tokenize.COMMENT:
                    continue  # a remark after the string, on its line
                if token.type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
                    break  # the string began an expression: code
                blocks.append(_string_lines(string.string))
                string = None
            if in_import:
                in_import = token.type != tokenize.NEWLINE
            elif token.type == tokenize.COMMENT:
                if not _is_declaration(token):
                    run.extend(_header_lines([token.string.lstrip("#")]))
            elif token.type == tokenize.STRING:
                blocks.append(run)
                run, string = [], token
            elif token.type == tokenize.NAME and token.string in IMPORT_WORDS:
                blocks.append(run)
                run, in_import = [], True
            elif token.type not in HEADER_SPACING_TOKENS:
                break
    except (tokenize.TokenError, SyntaxError):
        pass  # the file cannot be read further: its header is what came before
    blocks.append(run)
    return [block for block in blocks if block]


def _is_declaration(token: tokenize.TokenInfo) -> bool:
    """Return True for a shebang or coding declaration (first two lines), or a tool pragma."""
    if token.start[0] <= DECLARATION_LINES and (token.string.startswith("#!")
                                                 or CODING_DECLARATION.match(token.string)):
        return True
    return bool(TOOL_PRAGMA.match(token.string.lstrip("#").strip()))


def _string_lines(literal: str) -> List[HeaderLine]:
    """Return the header lines of a string literal's text (its prefix and quotes removed)."""
    body = literal.lstrip(STRING_PREFIXES)
    quote = len(TRIPLE_QUOTE) if body[:len(TRIPLE_QUOTE)] in TRIPLE_QUOTES else 1
    return _header_lines(inspect.cleandoc(body[quote:-quote]).split("\n"))


def _header_lines(lines: Iterable[str]) -> List[HeaderLine]:
    """Return (indent, text) for each of ``lines`` with words, its decoration taken off."""
    kept = []
    for line in lines:
        expanded = line.expandtabs()
        text = HEADER_BULLET.sub("", HEADER_BORDER.sub("", expanded.strip()))
        if any(char.isalnum() for char in text):
            kept.append((len(expanded) - len(expanded.lstrip()), text))
    return kept


def has_header(source: str) -> bool:
    """Return True if ``source`` opens with a header: words in a comment or docstring.

    The header is read by :func:`header_blocks`'s rule: the comments and bare strings above
    the first statement other than an import. A shebang, a coding line, a banner of ``#``
    or an empty docstring alone is not a header.

    Args:
        source: a file's text; it need not parse (its tokens are read up to the first code).

    Returns:
        Whether the header holds at least one line with a letter or a digit.
    """
    return bool(header_blocks(source))


def undocumented(tree: ast.Module, source: str, filename: str,
                 accept_comments: bool = True) -> List[Finding]:
    """Return a remark for every class and method with neither docstring nor comment.

    A comment counts when it sits on the definition line, on one of the
    :data:`COMMENT_REACH_LINES` lines above it (or above its decorators), or on the
    first line of its body.

    Args:
        tree: the parsed module.
        source: its text (for comments).
        filename: used in the remarks.
        accept_comments: whether a comment may stand in for a docstring.

    Returns:
        Remarks like ``Finding("World.py", 12, "World.light has no docstring or comment")``.
    """
    comments = _comment_lines(source) if accept_comments else set()
    remarks = []
    for definition in definitions(tree):
        node = definition.node
        if ast.get_docstring(node) is not None:
            continue
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        nearby = set(range(first - COMMENT_REACH_LINES, node.lineno + 1))
        nearby.add(node.body[0].lineno if node.body else node.lineno)
        if comments & nearby:
            continue
        what = "docstring or comment" if accept_comments else "docstring"
        remarks.append(Finding(filename, node.lineno, f"{definition.qualname} has no {what}"))
    return remarks


def _calls_itself(function: FunctionNode) -> bool:
    """Return True when ``function`` calls a function or method of its own name."""
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        target = node.func
        if isinstance(target, ast.Name) and target.id == function.name:
            return True
        if isinstance(target, ast.Attribute) and target.attr == function.name:
            return True
    return False


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
    """Return, for each function or method name in the module, the names it calls."""
    calls: Dict[str, Set[str]] = {}
    for definition in definitions(tree):
        if definition.kind == "class":
            continue
        called = calls.setdefault(definition.node.name, set())
        for node in ast.walk(definition.node):
            if isinstance(node, ast.Call):
                target = node.func
                if isinstance(target, ast.Name):
                    called.add(target.id)
                elif isinstance(target, ast.Attribute):
                    called.add(target.attr)
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


def without_recursive_calls(tree: ast.Module, names: Iterable[str]) -> str:
    """Return the module's source with the recursion of ``names`` taken out: inside every
    function on a cycle of calls through one of ``names``, each call of a function on that
    cycle becomes ``None``. Other cycles (``__init__`` calling ``super().__init__``, which
    a match by name takes for one) are left alone.

    Run in place of the original, it shows whether the recursion does the work: a search
    that recurses gives another result without its recursive calls (or fails), while a
    recursive call that never runs, or one beside a loop that does the work, changes
    nothing. The cut is made here, from the source the grader read.
    """
    calls = _call_graph(tree)
    cycle: Set[str] = set()
    for name in names:
        cycle |= {other for other in _reached(calls, name) if name in _reached(calls, other)}
    cut = _RecursionCut(cycle).visit(copy.deepcopy(tree))
    return ast.unparse(ast.fix_missing_locations(cut))


class _RecursionCut(ast.NodeTransformer):
    """Replaces, inside the functions on a cycle of calls, each call of one of them by None.

    Args:
        cycle: the names of the functions on the cycle.
    """

    def __init__(self, cycle: Set[str]) -> None:
        self._cycle = cycle
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
        """Return None in place of a call of a function on the cycle, inside the cycle."""
        self.generic_visit(node)
        target = node.func
        name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", None)
        if self._inside and name in self._cycle:
            return ast.copy_location(ast.Constant(None), node)
        return node


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
    return _Pauses(set(names), seconds).visit(copy.deepcopy(tree))


def without_locks(tree: ast.Module) -> ast.Module:
    """Return a copy of ``tree`` that never takes a lock: a ``with`` on a lock (see
    :func:`takes_a_lock`) runs its body without it, ``acquire()`` on a lock is ``True`` and
    ``release()`` on one does nothing. The lock itself is still made.

    >>> print(ast.unparse(without_locks(ast.parse("with self.lock:\\n    move()"))))
    if True:
        move()
    """
    return _LockCut().visit(copy.deepcopy(tree))


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


def global_statements(tree: ast.Module, filename: str) -> List[Finding]:
    """Return a remark for every ``global`` statement."""
    return [Finding(filename, node.lineno, f"global {', '.join(node.names)}")
            for node in ast.walk(tree) if isinstance(node, ast.Global)]


def magic_numbers(tree: ast.Module, filename: str) -> List[Finding]:
    """Return a remark for every unnamed numeric literal inside a function body.

    Numbers assigned to UPPER_CASE names at module or class level are constants and
    are not reported; plain numbers (:data:`PLAIN_NUMBERS`) are not either.
    """
    remarks = []
    for definition in definitions(tree):
        if definition.kind == "class":
            continue
        for node in ast.walk(definition.node):
            if (isinstance(node, ast.Constant) and type(node.value) in (int, float)
                    and node.value not in PLAIN_NUMBERS):
                remarks.append(Finding(filename, node.lineno, f"unnamed number {node.value!r} "
                                                              f"in {definition.qualname}"))
    return remarks


def attribute_reach_ins(tree: ast.Module, filename: str) -> List[Finding]:
    """Return a remark for every access to another object's private attribute.

    ``self._x``, ``cls._x`` and ``super()._x`` are an object's own business; ``other._x``
    reaches into another object instead of asking it through a method.
    """
    remarks = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and not _is_own(node.value)):
            remarks.append(Finding(filename, node.lineno,
                                   f"reaches into another object's attribute {node.attr}"))
    return remarks


def _is_own(target: ast.expr) -> bool:
    """Return True for ``self``, ``cls`` and ``super()``: the object's own attributes."""
    if isinstance(target, ast.Name):
        return target.id in ("self", "cls")
    return (isinstance(target, ast.Call) and isinstance(target.func, ast.Name)
            and target.func.id == "super")


def duplicated_blocks(tree: ast.Module, filename: str,
                      window: int = DUPLICATE_WINDOW) -> List[Finding]:
    """Return a remark for every run of ``window`` statements repeated elsewhere.

    Statements are compared by their syntax tree with names kept, so a block copied and
    pasted is found; the remark names the line of each copy after the first.
    """
    seen: Dict[str, int] = {}
    remarks = []
    for body in _statement_lists(tree):
        if len(body) < window:
            continue
        dumps = [ast.dump(statement) for statement in body]  # each statement's once
        for start in range(len(body) - window + 1):
            chunk = body[start:start + window]
            key = hashlib.sha1("\n".join(dumps[start:start + window]).encode()).hexdigest()
            if key in seen and seen[key] != chunk[0].lineno:
                remarks.append(Finding(filename, chunk[0].lineno,
                                       f"{window} statements repeat those at line {seen[key]}"))
            seen.setdefault(key, chunk[0].lineno)
    return remarks


def _statement_lists(tree: ast.AST) -> Iterator[List[ast.stmt]]:
    """Yield every list of statements (module, function, loop and branch bodies)."""
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            body = getattr(node, name, None)
            if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                yield body


def scan_summary(title: str, remarks: Sequence[Finding], limit: int, file: str = ""
                 ) -> List[Finding]:
    """Return the findings that show one scan's remarks to a tutor.

    Args:
        title: what the scan finds, in the plural ("global statements").
        remarks: the scan's remarks.
        limit: how many remarks to show; the count tells how many there are in all.
        file: the file scanned, named with the count (``"Game.py: 3 global statements"``),
            or "" when the remarks name their files.

    Returns:
        Nothing when there are no remarks; otherwise a count such as ``"3 global
        statements"`` followed by at most ``limit`` remarks, one level under it.
    """
    if not remarks:
        return []
    return [Finding(file, None, f"{len(remarks)} {title}")] + [
        Finding(remark.file, remark.line, remark.text, remark.depth + 1)
        for remark in remarks[:limit]]
