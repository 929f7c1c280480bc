"""Partial End of DayZ solutions are scored as the course scored them (issue 33).

Each folder of ``end_of_dayz/partials/`` is an unfinished solution made from one of the
independent corpus solutions (a student who stopped after task 1, one who skipped task 2, one
halfway through task 3, ...). ``partials.json`` states the mark the course's suite gives it:
the share of the course's sample tests it passes, as the model of that suite
(``end_of_dayz/course_model/``) finds, a figure test_eod_course_model.py checks against a real
run of the model. The bundled suite must give each partial a functionality mark within
half a mark of it (CLARIFICATIONS.md, "Partial work is scored as the course scored it").
"""

import json
from pathlib import Path

import pytest

from autograder import grade
from autograder.report import render_text
from autograder.suite import find_suite

HERE = Path(__file__).resolve().parent
PARTIALS = HERE / "end_of_dayz" / "partials"
STATED = json.loads((PARTIALS / "partials.json").read_text(encoding="utf-8"))
SUITE = find_suite("end_of_dayz")
# How far the suite's mark may be from the course's (the "within 0.5 of it").
TOLERANCE_MARKS = 0.5


@pytest.mark.parametrize("entry", STATED, ids=[entry["name"] for entry in STATED])
def test_a_partial_solution_scores_within_half_a_mark_of_the_course(entry):
    result = grade(SUITE, PARTIALS / entry["name"])
    functionality = next(s for s in result.scores if s.item.id == "functionality")
    assert not result.grader_errors, render_text(result)
    assert abs(functionality.awarded - entry["course_mark"]) <= TOLERANCE_MARKS, (
        entry["name"], functionality.awarded, entry["course_mark"], render_text(result))
