"""End of DayZ's a2.py saved "UTF-8 with BOM" is graded as the reference is (issue 33).

Python runs a2.py whether or not a byte order mark opens it; the grader reads it as Python
does, so the checks, the points and the tutor's style findings are the reference's.
"""

import codecs
import shutil

from autograder import PROJECT_ROOT, find_suite, grade
from autograder.report import render_text

EOD_DIR = PROJECT_ROOT / "end_of_dayz"
SUITE = find_suite("end_of_dayz")


def graded(result):
    """Return what a grading gave: each check's status and each item's points and findings."""
    return ([(o.name, o.status) for o in result.outcomes],
            [(s.item.id, s.awarded, s.needs_review, s.findings) for s in result.scores],
            result.auto_score, result.notes)


def test_a2_saved_with_a_bom_is_graded_as_the_reference(tmp_path):
    folder = shutil.copytree(EOD_DIR, tmp_path / "bom",
                             ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "a2.py").write_bytes(codecs.BOM_UTF8 + (EOD_DIR / "a2.py").read_bytes())
    reference, saved = grade(SUITE, EOD_DIR), grade(SUITE, folder)
    assert reference.auto_score == SUITE.auto_points, render_text(reference)
    assert graded(saved) == graded(reference), render_text(saved)
