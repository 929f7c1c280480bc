"""The model of the course's End of DayZ sample suite, and the partial solutions it scores.

``end_of_dayz/course_model/test_course_sample.py`` rebuilds the course's published sample suite
(the course's functionality mark is 8 x its tests passed / tests run, CLARIFICATIONS.md:
"Partial work is scored as the course scored it"); ``course_model/judge.py`` runs it on a
folder. Here: the model gives full marks to every correct solution (the four independent ones
and our reference), its tests fall into the published table's groups with the table's counts,
a folder without ``a2.py`` fails every test without breaking the run, and each partial
solution's course score stated in ``end_of_dayz/partials/partials.json`` is what the judge
gives it now.
"""

import importlib.util
import json
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
EOD = HERE / "end_of_dayz"
MODEL = EOD / "course_model"
PARTIALS = EOD / "partials"
PARTIALS_FILE = PARTIALS / "partials.json"
REFERENCE = HERE.parents[1] / "end_of_dayz"
INDEPENDENT = ("eod_alpha", "eod_beta", "eod_gamma", "eod_delta")
CORRECT = [EOD / name for name in INDEPENDENT] + [REFERENCE]
FULL_MARK = 8


def load(name, path):
    """Import the Python file ``path`` as a module called ``name`` and return it.

    Args:
        name: the module name to give it.
        path: the file (the course model's folder is not a package).
    """
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def partial_entries():
    """Return one parameter per entry of partials.json."""
    entries = json.loads(PARTIALS_FILE.read_text(encoding="utf-8"))
    return [pytest.param(entry, id=entry["name"]) for entry in entries]


@pytest.fixture(scope="module")
def judge():
    """Return the course model's runner module, ``judge.py``."""
    return load("eod_course_judge", MODEL / "judge.py")


@pytest.fixture(scope="module")
def course_table():
    """Return the published table the model follows: group -> number of course tests."""
    return load("eod_course_sample", MODEL / "test_course_sample.py").COURSE_TABLE


@pytest.mark.parametrize("folder", CORRECT, ids=[*INDEPENDENT, "reference"])
def test_the_model_gives_a_correct_solution_full_marks(folder, judge, course_table):
    verdict = judge.judge(folder)
    assert verdict.failed == []
    assert verdict.mark == FULL_MARK
    run = {}
    for name in verdict.names:
        run[judge.group_of(name)] = run.get(judge.group_of(name), 0) + 1
    assert run == course_table


def test_a_folder_without_a2_fails_every_course_test(judge, course_table, tmp_path):
    verdict = judge.judge(tmp_path)
    assert verdict.total == sum(course_table.values())
    assert verdict.passed == 0
    assert verdict.mark == 0


@pytest.mark.parametrize("entry", partial_entries())
def test_a_partial_solution_gets_its_stated_course_score(entry, judge):
    verdict = judge.judge(PARTIALS / entry["name"])
    assert (verdict.passed, verdict.mark) == (entry["course_passed"], entry["course_mark"]), \
        verdict.failed


def test_every_partial_is_listed_once_with_an_existing_base():
    entries = json.loads(PARTIALS_FILE.read_text(encoding="utf-8"))
    names = [entry["name"] for entry in entries]
    assert sorted(names) == sorted(path.name for path in PARTIALS.iterdir() if path.is_dir())
    assert len(set(names)) == len(names)
    assert {entry["base"] for entry in entries} <= set(INDEPENDENT)
