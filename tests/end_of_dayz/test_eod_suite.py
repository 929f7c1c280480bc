"""The bundled End of DayZ suite: the reference scores full marks, and every broken variant in
variants.py fails a check of the area its mistake belongs to and loses functionality points.

Check functions are named ``test_<area>_...``, so a variant's ``loses`` area names the checks
that must catch it, and its functionality mark, never rounded to half marks, falls below 8.
"""

from pathlib import Path

import pytest
from variantkit import build_variant, import_file

from autograder import PROJECT_ROOT, Status, grade
from autograder.report import render_text
from autograder.suite import find_suite

HERE = Path(__file__).resolve().parent
EOD_DIR = PROJECT_ROOT / "end_of_dayz"
SUITE = find_suite("end_of_dayz")


VARIANTS_MODULE = import_file("end_of_dayz_suite_variants", SUITE.directory / "variants.py")
VARIANTS = VARIANTS_MODULE.VARIANTS


def function_name(outcome):
    """Return the check function's name from the outcome's pytest node id."""
    return outcome.node_id.rsplit("::", 1)[-1]


def area_of(outcome):
    """Return the longest area in AREAS that the check's function name starts with."""
    name = function_name(outcome)
    matches = [area for area in VARIANTS_MODULE.AREAS if name.startswith(f"test_{area}_")
               or name == f"test_{area}"]
    return max(matches, key=len) if matches else None


def test_reference_scores_full_marks():
    result = grade(SUITE, EOD_DIR)
    report = render_text(result)
    assert [o.status for o in result.outcomes] == [Status.PASSED] * len(result.outcomes), report
    assert result.auto_score == SUITE.auto_points == 8
    assert [(s.item.id, s.awarded, s.needs_review) for s in result.scores] == [
        ("functionality", 8, False), ("style", 0, True)]
    assert result.notes == []


def test_rubric_is_the_specs():
    assert [(item.id, item.points) for item in SUITE.rubric] == [("functionality", 8),
                                                                  ("style", 7)]


def test_every_area_has_checks():
    result = grade(SUITE, EOD_DIR)
    covered = {area_of(outcome) for outcome in result.outcomes}
    assert set(VARIANTS_MODULE.AREAS) <= covered


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_fails_a_check_of_its_area(name, tmp_path):
    variant = VARIANTS[name]
    result = grade(SUITE, build_variant(variant, EOD_DIR, tmp_path / name))
    report = render_text(result)
    assert not result.grader_errors, report
    functionality = [o for o in result.outcomes if o.item == "functionality"]
    failed_areas = {area_of(o) for o in functionality if not o.passed}
    assert VARIANTS_MODULE.AREA_OF[name] in failed_areas, (variant.why, failed_areas, report)
    assert result.scores[0].awarded < SUITE.rubric[0].points, report


@pytest.mark.parametrize("name", sorted(VARIANTS_MODULE.ACCEPTED))
def test_a_choice_the_course_allows_keeps_every_check(name, tmp_path):
    variant = VARIANTS_MODULE.ACCEPTED[name]
    result = grade(SUITE, build_variant(variant, EOD_DIR, tmp_path / name))
    assert [o.name for o in result.outcomes if not o.passed] == [], (variant.why,
                                                                     render_text(result))


def test_a_one_bug_report_reads_as_a_student_needs_it(tmp_path):
    # Issue 15, part 3: a student with one bug in Grid.in_bounds got about 500 lines, most
    # of them the grader's driver program, printed once per failed transcript.
    variant = VARIANTS["in_bounds_off_by_one"]
    report = render_text(grade(SUITE, build_variant(variant, EOD_DIR, tmp_path / "student")))
    assert "import builtins" not in report and "echoing_input" not in report
    assert "played the course transcript `with_zombies` (a 5x5 Grid" in report
    assert len(report.splitlines()) < 200
