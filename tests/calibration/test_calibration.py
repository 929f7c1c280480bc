"""The calibration corpus: independent solutions judged by the suites (issue 16).

Each folder ``tests/calibration/<suite>/<solution>/`` holds a complete, correct solution
written from the spec and CLARIFICATIONS.md alone, without sight of our reference or our
suite, in a style of its own; ``mistakes.json`` beside them lists realistic single mistakes
in them, each with the rubric items it may cost (``loses``). A correct solution must get
full auto marks; a mistake must cost points in one of its items and nowhere else; a variant
the spec allows (``"loses": []``: another layout or wording it leaves open) costs nothing. When a
correct solution fails, the suite is wrong: fix the suite, never the solution.
"""

import json
import shutil
from pathlib import Path
from typing import Dict, List

import pytest

from autograder import Kind, Status, grade
from autograder.report import render_text
from autograder.selftest import edited
from autograder.suite import find_suite

HERE = Path(__file__).resolve().parent
MISTAKES_FILE = "mistakes.json"
# Folders beside the solutions that are not solutions: End of DayZ's model of the course's
# sample suite, and the partial solutions it judges (test_eod_partials.py).
NOT_SOLUTIONS = ("course_model", "partials")


def solutions() -> List[pytest.param]:
    """Return one parameter per solution folder: (suite name, folder)."""
    found = []
    for suite_dir in sorted(path for path in HERE.iterdir() if path.is_dir()):
        for folder in sorted(path for path in suite_dir.iterdir()
                             if path.is_dir() and path.name not in NOT_SOLUTIONS):
            found.append(pytest.param(suite_dir.name, folder, id=f"{suite_dir.name}/{folder.name}"))
    return found


def mistakes() -> List[pytest.param]:
    """Return one parameter per listed mistake: (suite name, its entry)."""
    found = []
    for path in sorted(HERE.glob(f"*/{MISTAKES_FILE}")):
        for entry in json.loads(path.read_text(encoding="utf-8")):
            found.append(pytest.param(path.parent.name, entry,
                                      id=f"{path.parent.name}/{entry['solution']}/"
                                         f"{entry['name']}"))
    return found


def earned_and_ideal(result) -> Dict[str, tuple]:
    """Return item id -> (earned, ideal) check weights: unrounded, so small losses show."""
    return {score.item.id: (sum(o.earned for o in score.outcomes),
                            sum(o.weight for o in score.outcomes if o.status is not Status.HELD))
            for score in result.scores if score.item.kind is Kind.AUTO}


@pytest.mark.parametrize("suite_name, folder", solutions())
def test_a_correct_solution_gets_full_auto_marks(suite_name, folder):
    result = grade(find_suite(suite_name), folder)
    lost = [f"{o.name}: {o.message}" for o in result.outcomes
            if not o.passed and result.suite.item(o.item).kind is Kind.AUTO]
    assert lost == [], render_text(result)
    assert result.auto_score == result.suite.auto_points


@pytest.mark.parametrize("suite_name, entry", mistakes())
def test_a_mistake_costs_points_in_its_own_item_only(suite_name, entry, tmp_path):
    folder = tmp_path / entry["solution"]
    shutil.copytree(HERE / suite_name / entry["solution"], folder)
    target = folder / entry["file"]
    target.write_text(edited(target.read_text(encoding="utf-8"),
                             [(entry["old"], entry["new"])], entry["file"]), encoding="utf-8")
    result = grade(find_suite(suite_name), folder)
    scores = earned_and_ideal(result)
    losing = {item for item, (earned, ideal) in scores.items() if earned < ideal - 1e-9}
    # A variant the spec allows ("loses": []) must cost nothing at all.
    assert losing & set(entry["loses"]) or not entry["loses"], (entry["why"],
                                                                 render_text(result))
    # The checks that failed where the mistake should cost nothing come first in the
    # message: pytest shows only its first lines unless run with -vv.
    stray = [f"{o.item}: {o.name}: {o.message}" for o in result.outcomes
             if not o.passed and o.item in losing - set(entry["loses"])]
    assert losing <= set(entry["loses"]), "\n".join(stray + [entry["why"], render_text(result)])
