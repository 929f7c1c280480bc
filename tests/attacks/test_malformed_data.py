"""Data the submission shaped is the submission's failure when a check cannot read it
(issue 34, item 3): never a grader error, which held the check and once filled its item in
from the others.

Each attack has an honest twin that loses the same check plainly: the attack gains nothing
over it, and no grader error is reported.
"""

import shutil

from autograder import PROJECT_ROOT, Status, find_suite, grade
from autograder.report import render_text
from autograder.suite import load_suite

ULTIMA = PROJECT_ROOT / "ultima"
# Never called, and deeper than the grader's copy of the source can go (it recurses).
DEEP_EXPRESSION = "\n\ndef _unused():\n    return " + " + ".join(["1"] * 400) + "\n"

DATA_SUITE = '''
from autograder import Item, Suite
SUITE = Suite(name="data", title="Data", rubric=[Item("data", "Data", 2)],
              required_files=["calc.py"])
'''
DATA_CHECKS = '''
from autograder import check


@check(item="data", points=1)
def test_reads_the_report(sandbox):
    """the submission's totals, read from its report"""
    got = sandbox.probe("import calc\\nreport(calc.totals())")
    assert got.get("sum") == 6, f"sum was {got.get('sum')!r}"


@check(item="data", points=1)
def test_another_check(sandbox):
    """a check the submission passes"""
    assert sandbox.probe("import calc\\nreport(calc.totals()['count'] if isinstance("
                         "calc.totals(), dict) else 3)") == 3
'''


def test_an_expression_too_deep_to_copy_loses_the_recursion_item(tmp_path):
    folder = tmp_path / "deep"
    shutil.copytree(ULTIMA, folder)
    world = folder / "World.py"
    world.write_text(world.read_text() + DEEP_EXPRESSION)
    suite = find_suite("ultima")
    result = grade(suite, folder)
    assert not result.grader_errors, render_text(result)
    recursion = next(score for score in result.scores if score.item.id == "recursion")
    assert not recursion.held and recursion.awarded < recursion.item.points, render_text(result)
    deep = [o for o in recursion.outcomes if "nested too deeply" in o.message]
    assert deep and all(o.status is Status.WRONG for o in deep)


def test_a_report_of_the_wrong_shape_fails_like_a_wrong_value(tmp_path):
    suite_dir = tmp_path / "suite"
    suite_dir.mkdir()
    (suite_dir / "suite.py").write_text(DATA_SUITE)
    (suite_dir / "check_data.py").write_text(DATA_CHECKS)
    suite = load_suite(suite_dir)
    results = {}
    for name, body in (("attack", "return [1, 2, 3]"),
                       ("twin", "return {'sum': 5, 'count': 3}")):
        folder = tmp_path / name
        folder.mkdir()
        (folder / "calc.py").write_text(f"def totals():\n    {body}\n")
        results[name] = grade(suite, folder)
    for name, result in results.items():
        assert not result.grader_errors, (name, render_text(result))
        statuses = {o.name: o.status for o in result.outcomes}
        assert statuses == {"the submission's totals, read from its report": Status.WRONG,
                            "a check the submission passes": Status.PASSED}, (name, statuses)
    assert results["attack"].auto_score == results["twin"].auto_score == 1
    (attack,) = [o for o in results["attack"].outcomes if not o.passed]
    assert attack.message.startswith("the submission's report did not have the shape")


def test_a_check_that_breaks_before_reading_any_report_is_still_the_graders(tmp_path):
    suite_dir = tmp_path / "suite"
    suite_dir.mkdir()
    (suite_dir / "suite.py").write_text(DATA_SUITE)
    (suite_dir / "check_data.py").write_text(
        "from autograder import check\n\n\n@check(item='data', points=2)\n"
        "def test_broken(sandbox):\n    \"\"\"a check with a bug of its own\"\"\"\n"
        "    return {}['missing']\n")
    folder = tmp_path / "student"
    folder.mkdir()
    (folder / "calc.py").write_text("def totals():\n    return {}\n")
    result = grade(load_suite(suite_dir), folder)
    assert [o.status for o in result.outcomes] == [Status.GRADER_ERROR]
    assert result.scores[0].pending == 2 and result.auto_score == 0

