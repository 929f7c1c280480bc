"""The Ultima 0 reference saved the ways editors save files keeps full marks (issue 33).

Python runs a file saved "UTF-8 with BOM", with CRLF line ends or in a declared encoding
(PEP 263); the grader reads each as Python does, so none of them looks broken.
"""

import codecs
import shutil
from pathlib import Path

import pytest

from autograder import Status, find_suite, grade
from autograder.report import render_text

ULTIMA = Path(__file__).resolve().parents[2] / "ultima"
SUITE = find_suite("ultima")
GRADED = ("Tile.py", "Avatar.py", "World.py")
LATIN_1_DECLARATION = "# -*- coding: latin-1 -*-\n"
LATIN_1_COMMENT = "# Fin du fichier : \xe9t\xe9, caf\xe9, na\xefve.\n"


def bom(name: str, text: str) -> bytes:
    """Return ``text`` saved as UTF-8 with a BOM, Avatar.py with CRLF line ends too."""
    if name == "Avatar.py":
        text = text.replace("\n", "\r\n")
    return codecs.BOM_UTF8 + text.encode("utf-8")


def latin_1(name: str, text: str) -> bytes:
    """Return ``text`` saved in latin-1 under a declaration, with a last comment in French."""
    return (LATIN_1_DECLARATION + text + LATIN_1_COMMENT).encode("latin-1")


@pytest.mark.parametrize("save", [bom, latin_1])
def test_reference_saved_by_another_editor_keeps_full_marks(save, tmp_path):
    folder = shutil.copytree(ULTIMA, tmp_path / "saved",
                             ignore=shutil.ignore_patterns("__pycache__"))
    for name in GRADED:
        (folder / name).write_bytes(save(name, (ULTIMA / name).read_text(encoding="utf-8")))
    if save is latin_1:
        with pytest.raises(UnicodeDecodeError):  # a file a UTF-8 reader cannot read
            (folder / "World.py").read_bytes().decode("utf-8")
    result = grade(SUITE, folder)
    report = render_text(result)
    assert [o.status for o in result.outcomes] == [Status.PASSED] * len(result.outcomes), report
    assert result.auto_score == SUITE.auto_points == 30, report
    assert result.notes == [], report
