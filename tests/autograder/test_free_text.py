"""Checks that read free text read it as a marker would (issue 33).

Each parser of prose states its rule in its docstring; here each is fed realistic inputs
written in different ways: MiniRogue's report (where the spec wants the recursive function
named "first"), and the header reading of ``autograder.static`` that the Ultima suites use
(the Ultima-specific field rule is tested in tests/ultima/test_ultima_headers.py).
"""

import io
import zipfile

import pytest

from autograder import static
from autograder.submission import Submission
from autograder.suites.minirogue.check_design import named_in_report

# --- MiniRogue: the report names the recursive goblin function first ---------------------

REPORTS = {
    "name_on_the_first_line": (
        "Recursive goblin function: Goblin::chooseMove in Goblin.cpp\n\nDesign\n...\n"),
    "title_name_id_date_and_heading_first": (
        "CS 32 Project 3 Report\nJane Doe\nUID: 123456789\nMay 21, 2020\n\n"
        "1. The recursive goblin function\n"
        "goblinMove(), implemented in Game.cpp, recurses over the open squares.\n"),
    "python_port_with_a_file_and_a_dot": (
        "MiniRogue report\n\nThe function is Actor.py:path_length (class Goblin).\n"),
    "statement_in_a_sentence_after_a_blank_line": (
        "\n\n   Report for MiniRogue\n\nMy goblins move with smellPath, which is "
        "recursive; it is in Dungeon.cpp.\n"),
}


def report_folder(tmp_path, name, data):
    """Write a report ``name`` holding ``data`` (bytes) in a fresh folder; return it."""
    folder = tmp_path / "submission"
    folder.mkdir()
    (folder / name).write_bytes(data)
    return Submission(folder)


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_the_function_named_in_the_reports_opening_is_found(name, tmp_path):
    submission = report_folder(tmp_path, "report.txt", REPORTS[name].encode())
    words = set(named_in_report(submission))
    assert words & {"chooseMove", "goblinMove", "path_length", "smellPath"}


def test_a_function_named_only_deep_in_the_report_is_not_first(tmp_path):
    text = "Report\n" + "".join(f"Section {n}: design notes.\n" for n in range(8)) + \
        "The recursive function is goblinMove.\n"
    submission = report_folder(tmp_path, "report.txt", text.encode())
    assert "goblinMove" not in named_in_report(submission)


def test_a_word_report_is_read_paragraph_by_paragraph_with_split_runs(tmp_path):
    paragraphs = ["Project 3", "Jane Doe", "The goblin function is <w:t>gob</w:t>"
                  "<w:t>linMove</w:t> in Game.cpp"]
    xml = "".join(f"<w:p><w:r><w:t>{text}</w:t></w:r></w:p>" for text in paragraphs)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        bundle.writestr("word/document.xml", f"<w:document><w:body>{xml}</w:body></w:document>")
    submission = report_folder(tmp_path, "report.docx", buffer.getvalue())
    assert "goblinMove" in named_in_report(submission)


def test_an_old_word_report_stored_as_utf16_is_read(tmp_path):
    # Word 97-2003 stores text as UTF-16 when it holds a character beyond Latin-1.
    text = "Report \u2013 Jane Doe\rGoblin function: goblinMove in Game.cpp\r"
    data = b"\xd0\xcf\x11\xe0" + b"\x00\x01" * 40 + text.encode("utf-16-le") + b"\x00" * 64
    submission = report_folder(tmp_path, "report.doc", data)
    assert "goblinMove" in named_in_report(submission)


# --- static: what the header of a file is --------------------------------------------------

CODE = "\nclass Tile:\n    pass\n"


@pytest.mark.parametrize("source, expected", [
    ("# Tile.py\n# Author: Jane Doe\n" + CODE, [[(1, "Tile.py"), (1, "Author: Jane Doe")]]),
    ('"""Tile.py\n\n    Author:\n        Jane\n"""\n' + CODE,
     [[(0, "Tile.py"), (0, "Author:"), (4, "Jane")]]),
    ("#" * 40 + "\n# Tile.py  #\n" + "#" * 40 + "\n" + CODE, [[(1, "Tile.py")]]),
    ('#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# pylint: disable=invalid-name\n'
     '"""Tile: one square."""\n' + CODE, [[(0, "Tile: one square.")]]),
    ("import StdDraw\n\n# Tile.py by Jane\n" + CODE, [[(1, "Tile.py by Jane")]]),
    ('"""Tile.py"""  # the header\n# ==========\n# * Credits: the handout\n' + CODE,
     [[(0, "Tile.py")], [(1, "Credits: the handout")]]),
    ("x = 1\n# Tile.py by Jane\n", []),
    ('"Tile".lower()\n', []),
], ids=["comment_block", "docstring_keeps_relative_indent", "banner_box",
        "shebang_coding_and_pragma_set_aside", "after_imports", "docstring_then_comments",
        "comment_after_code", "string_that_is_code"])
def test_header_blocks(source, expected):
    assert static.header_blocks(source) == expected
    assert static.has_header(source) == bool(expected)
