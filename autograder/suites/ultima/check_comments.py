"""Comments on All Classes and Methods (4): read from the source, never run.

One point per file (Tile.py, Avatar.py, World.py) whose every class, method and function has a
docstring or a comment, and one for a header at the top of all three (the spec asks for a header
section naming the file, its author and what it does). Every missing comment is listed.
"""

import ast
import io
import tokenize

from autograder import WrongOutput, check, static

SUBMITTED = ("Tile.py", "Avatar.py", "World.py")


def _documented(submission, findings, name):
    """Fail, listing each one, if a class or method of ``name`` lacks a docstring or comment."""
    tree = submission.parse(name)
    remarks = static.undocumented(tree, submission.read_text(name), name)
    for remark in remarks:
        findings.add(remark)
    if remarks:
        raise WrongOutput(f"{len(remarks)} classes or methods of {name} have no docstring or "
                          f"comment", "\n".join(remarks))


@check(item="comments", points=1)
def test_tile_is_commented(submission, findings):
    """Tile.py: every class and method has a docstring or comment"""
    _documented(submission, findings, "Tile.py")


@check(item="comments", points=1)
def test_avatar_is_commented(submission, findings):
    """Avatar.py: every class and method has a docstring or comment"""
    _documented(submission, findings, "Avatar.py")


@check(item="comments", points=1)
def test_world_is_commented(submission, findings):
    """World.py: every class and method has a docstring or comment"""
    _documented(submission, findings, "World.py")


def _has_header(source: str) -> bool:
    """Return True if ``source`` opens with a docstring or a comment before any code."""
    try:
        if ast.get_docstring(ast.parse(source)) is not None:
            return True
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        pass  # a file that does not parse can still open with a header, read as tokens
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type in (tokenize.COMMENT, tokenize.STRING):
                return True
            if token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.ENCODING):
                return False
    except (tokenize.TokenError, SyntaxError):
        return False
    return False


@check(item="comments", points=1)
def test_files_have_headers(submission, findings):
    """Tile.py, Avatar.py and World.py open with a header comment or docstring"""
    missing = [name for name in SUBMITTED if not _has_header(submission.read_text(name))]
    for name in missing:
        findings.add(f"{name}:1: no header comment or docstring")
    if missing:
        raise WrongOutput(f"no header at the top of {', '.join(missing)}")
