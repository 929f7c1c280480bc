"""Comments on All Classes and Methods (4): read from the source, never run.

One point per file (Tile.py, Avatar.py, World.py) that defines its class and whose every class,
method and function has a docstring or a comment, and one for a header at the top of all three
(the spec asks for a header section naming the file, its author and what it does). Every missing
comment is listed.
"""

from autograder import check
from autograder.suites.ultima.lab_checks import require_documented, require_headers

SUBMITTED = ("Tile.py", "Avatar.py", "World.py")


@check(item="comments", points=1)
def test_tile_is_commented(submission, findings):
    """Tile.py: every class and method has a docstring or comment"""
    require_documented(submission, findings, "Tile.py")


@check(item="comments", points=1)
def test_avatar_is_commented(submission, findings):
    """Avatar.py: every class and method has a docstring or comment"""
    require_documented(submission, findings, "Avatar.py")


@check(item="comments", points=1)
def test_world_is_commented(submission, findings):
    """World.py: every class and method has a docstring or comment"""
    require_documented(submission, findings, "World.py")


@check(item="comments", points=1)
def test_files_have_headers(submission, findings):
    """Tile.py, Avatar.py and World.py open with a header, no field of it left empty

    (spec: "header sections that include the file name, your name, credits, a description
    of the file, the class"; a header with an empty ``Author:`` line has no author).
    """
    require_headers(submission, findings, SUBMITTED)
