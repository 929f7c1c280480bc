"""Comments on All Classes and Methods (5): read from the source, never run.

One point per file (Tile.py, Avatar.py, Monster.py, World.py) that defines its class and whose
every class, method and function has a docstring or a comment, and one for a header at the top
of all four (the course asks for a header section naming the file, its author and what it
does). Every missing comment is listed."""

from autograder import check
from autograder.suites.ultima.lab_checks import require_documented, require_headers

SUBMITTED = ("Tile.py", "Avatar.py", "Monster.py", "World.py")


@check(item="comments", points=1)
def test_tile_is_commented(submission, findings):
    """Tile.py: every class and method has a docstring or comment"""
    require_documented(submission, findings, "Tile.py")


@check(item="comments", points=1)
def test_avatar_is_commented(submission, findings):
    """Avatar.py: every class and method has a docstring or comment"""
    require_documented(submission, findings, "Avatar.py")


@check(item="comments", points=1)
def test_monster_is_commented(submission, findings):
    """Monster.py: every class and method has a docstring or comment"""
    require_documented(submission, findings, "Monster.py")


@check(item="comments", points=1)
def test_world_is_commented(submission, findings):
    """World.py: every class and method has a docstring or comment"""
    require_documented(submission, findings, "World.py")


@check(item="comments", points=1)
def test_files_have_headers(submission, findings):
    """Tile.py, Avatar.py, Monster.py and World.py open with a header comment or docstring"""
    require_headers(submission, findings, SUBMITTED)
