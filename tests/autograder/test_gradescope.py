"""The Gradescope bundle, tried for real in a folder laid out like /autograder."""

import json
import os
import shutil
import subprocess
import venv
import zipfile
from pathlib import Path

import jsonschema
import pytest

from autograder.cli import main
from autograder.cli_args import ExitCode

HERE = Path(__file__).resolve().parent
SCHEMA = json.loads((HERE / "gradescope_results.schema.json").read_text())
CORRECT = HERE / "submissions" / "correct"


@pytest.fixture(scope="module")
def installed_bundle(tmp_path_factory):
    """Build the bundle, unpack it as Gradescope does and run setup.sh's install step.

    The install goes into a fresh virtual environment that sees this machine's packages,
    so setup.sh installs the bundled project itself without touching the test's own.
    """
    tmp = tmp_path_factory.mktemp("gradescope")
    bundle = tmp / "autograder.zip"
    assert main(["gradescope", str(HERE / "example_suite"), "-o", str(bundle)]) == ExitCode.OK
    root = tmp / "autograder"
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
        assert archive.getinfo("run_autograder").external_attr >> 16 & 0o111
    for name in ("setup.sh", "run_autograder"):
        (root / "source" / name).chmod(0o755)
    shutil.copy(root / "source" / "run_autograder", root / "run_autograder")
    venv.create(tmp / "venv", system_site_packages=True, with_pip=True)
    python = tmp / "venv" / "bin" / "python"
    env = dict(os.environ, AUTOGRADER_ROOT=str(root), PYTHON=str(python),
               PIP_DISABLE_PIP_VERSION_CHECK="1")
    setup = subprocess.run(["bash", str(root / "source" / "setup.sh")], env=env,
                           capture_output=True, text=True, check=False)
    assert setup.returncode == 0, setup.stdout + setup.stderr
    return root, env


def run_autograder(root: Path, env: dict, submission: Path) -> dict:
    """Put ``submission`` where Gradescope does, run run_autograder, return the results."""
    shutil.rmtree(root / "submission", ignore_errors=True)
    shutil.rmtree(root / "results", ignore_errors=True)
    shutil.copytree(submission, root / "submission")
    finished = subprocess.run(["bash", str(root / "run_autograder")], env=env,
                              capture_output=True, text=True, check=False, cwd=root)
    assert finished.returncode == 0, finished.stderr
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, SCHEMA)
    return results


def test_bundle_grades_the_reference_with_the_installed_copy(installed_bundle):
    root, env = installed_bundle
    located = subprocess.run([env["PYTHON"], "-c", "import autograder; print(autograder.__file__)"],
                             capture_output=True, text=True, env=env, cwd="/", check=True)
    assert located.stdout.startswith(str(root / "source" / "project"))
    assert run_autograder(root, env, CORRECT)["score"] == 8


def test_the_suite_and_the_references_are_the_graders_alone(installed_bundle):
    # Issue 34, item 4: where a container allows no namespaces (the rlimits level), student
    # code could read the suite's expected outputs, world-readable at a fixed path.
    root, env = installed_bundle
    suites = root / "source" / "project" / "autograder" / "suites"
    for path in [suites, *suites.rglob("*")]:
        assert path.stat().st_mode & 0o077 == 0, path
    assert (root / "source" / "project" / "stddraw_shim").stat().st_mode & 0o005 == 0o005


def test_bundle_grades_broken_submissions(installed_bundle, tmp_path):
    root, env = installed_bundle
    broken = tmp_path / "broken"
    shutil.copytree(CORRECT, broken)
    (broken / "calc.py").write_text("def add(a, b)\n")
    assert run_autograder(root, env, broken)["score"] == 2
    empty = tmp_path / "empty"
    empty.mkdir()
    results = run_autograder(root, env, empty)
    assert results["score"] == 0 and results["tests"]


def test_results_json_exists_even_when_the_grader_cannot_run(installed_bundle, tmp_path):
    root, env = installed_bundle
    shutil.rmtree(root / "submission", ignore_errors=True)
    shutil.rmtree(root / "results", ignore_errors=True)
    finished = subprocess.run(["bash", str(root / "run_autograder")], env=env,
                              capture_output=True, text=True, check=False)
    assert finished.returncode == 0
    results = json.loads((root / "results" / "results.json").read_text())
    jsonschema.validate(results, SCHEMA)
    assert results["score"] == 0 and "could not run" in results["output"]


def test_a_bundle_carries_only_the_assignment_its_suite_grades(tmp_path):
    # A one-file assignment's bundle holds no other game (issue 15: 339 files before).
    bundle = tmp_path / "eod.zip"
    assert main(["gradescope", "end_of_dayz", "-o", str(bundle)]) == ExitCode.OK
    with zipfile.ZipFile(bundle) as archive:
        tops = {name.split("/")[1] for name in archive.namelist() if name.startswith("project/")}
    assert "end_of_dayz" in tops and "autograder" in tops
    assert not tops & {"ultima", "minirogue", "acorn_maze"}


def test_per_check_scores_add_up_to_the_total(tmp_path):
    # Issue 15: FRACTION rounding and capped SUM items made the tests disagree with the total.
    from autograder import grade
    from autograder.report import gradescope_results
    from autograder.suite import load_suite

    submission = tmp_path / "student"
    shutil.copytree(HERE / "submissions" / "correct", submission)
    main_py = submission / "main.py"
    main_py.write_text(main_py.read_text().replace("print(sum(", "print(1 + sum("))
    results = gradescope_results(grade(load_suite(HERE / "example_suite"), submission))
    assert round(sum(test["score"] for test in results["tests"]), 4) == results["score"] == 6
    assert round(sum(test["max_score"] for test in results["tests"]), 4) == 8


def test_a_passed_check_scores_its_whole_maximum_and_the_tests_add_up_exactly():
    # Issue 35: passed checks showed 0.1328 of 0.1333, and the tests did not add up to the
    # total. A partial End of DayZ solution: 73 checks, some passed, some with part credit.
    from autograder import grade
    from autograder.report import gradescope_results
    from autograder.suite import find_suite

    partial = HERE.parents[1] / "tests" / "calibration" / "end_of_dayz" / "partials"
    results = gradescope_results(grade(find_suite("end_of_dayz"), partial / "task1_buggy"))
    tests = results["tests"]
    assert round(sum(test["score"] for test in tests), 4) == results["score"]
    assert round(sum(test["max_score"] for test in tests), 4) == 8
    passed = [test for test in tests if test["status"] == "passed" and test["max_score"]]
    assert passed and all(test["score"] == test["max_score"] for test in passed)
