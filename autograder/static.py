"""Static checks: facts about a submission's source, read without running it.

Everything here works on :mod:`ast` trees and :mod:`tokenize` comments that
:class:`~autograder.submission.Submission` produced from the files. The functions return
plain data (names, line numbers, :class:`~autograder.records.Finding` remarks) for checks
to assert on, or raise a
:class:`~autograder.outcome.WrongOutput` naming what is missing.
"""

import ast
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
    "definitions",
    "duplicated_blocks",
    "global_statements",
    "has_header",
    "header_blocks",
    "magic_numbers",
    "parameters",
    "require_class",
    "require_method",
    "scan_summary",
    "undocumented",
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


def block_statements(body: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """Yield the statements of ``body`` in source order, and those inside its blocks.

    A class or function defined under ``if``, ``try``, ``with``, ``for`` or ``while`` (or a
    ``match`` case) is still one of the module's (or the class's), as Python runs it: only
    the bodies of nested functions and classes are left out.
    """
    for node in body:
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield from block_statements(list(_inner_statements(node)))


def _inner_statements(node: ast.stmt) -> Iterator[ast.stmt]:
    """Yield the statements directly inside a compound statement (its blocks, its except
    handlers' and its match cases' bodies)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.stmt):
            yield child
        elif not isinstance(child, ast.expr):
            yield from (inner for inner in ast.iter_child_nodes(child)
                        if isinstance(inner, ast.stmt))


def definitions(tree: ast.Module) -> Iterator[Definition]:
    """Yield every class, top-level function and method of ``tree`` in source order (those
    defined inside blocks too: :func:`block_statements`)."""
    for node in block_statements(tree.body):
        if isinstance(node, ast.ClassDef):
            yield Definition(node.name, node, "class")
            for member in block_statements(node.body):
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield Definition(f"{node.name}.{member.name}", member, "method")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield Definition(node.name, node, "function")


def require_class(tree: ast.Module, name: str, filename: str,
                  base: Optional[str] = None) -> ast.ClassDef:
    """Return the module's class ``name``, requiring it (and its base class) exist.

    Raises:
        WrongOutput: the class is missing or does not name ``base`` among its bases.
    """
    for node in block_statements(tree.body):
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
    for member in block_statements(cls.body):
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

    A comment counts when it sits on one of the :data:`COMMENT_REACH_LINES` lines above the
    definition (or above its decorators), or anywhere from its ``def`` or ``class`` line to
    the first line of its body: a comment standing between the header and the first
    statement describes what follows the header, as a docstring would.

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
        body_starts = node.body[0].lineno if node.body else node.lineno
        nearby = set(range(first - COMMENT_REACH_LINES, body_starts + 1))
        if comments & nearby:
            continue
        what = "docstring or comment" if accept_comments else "docstring"
        remarks.append(Finding(filename, node.lineno, f"{definition.qualname} has no {what}"))
    return remarks


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
