"""Score a folder's ``a2.py`` the way the course scored End of DayZ, using the course model.

``python judge.py FOLDER`` runs ``test_course_sample.py`` (the model of the course's sample
suite) on ``FOLDER/a2.py`` in a child pytest and prints ``passed N of TOTAL``, the course's
functionality mark 8 x N / TOTAL to 2 decimals, and the failed tests by group.
:func:`course_mark` gives the same figures to other code, and :func:`judge` the details.

TOTAL is the number of tests the model ran: 151, the sum of the published table's groups
(see the model's module docstring about the quoted 152).
"""

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import List, NamedTuple, Optional, Tuple

HERE = Path(__file__).resolve().parent
MODEL = HERE / "test_course_sample.py"
ROOT = HERE.parents[3]
SUBMISSION_VARIABLE = "EOD_SUBMISSION"
# The course's functionality mark is out of 8 (spec 7.1).
FUNCTIONALITY_MARKS = 8
MARK_DECIMALS = 2
# A safety net for a submission that loops forever; no verdict rests on it (seconds).
PER_TEST_TIMEOUT_S = 60
# Test names are "test_<group>__<behaviour>[parameter]".
GROUP_SEPARATOR = "__"
TEST_PREFIX = "test_"
# junit-xml elements that mark a test case as not passed.
NOT_PASSED = ("failure", "error", "skipped")


class Verdict(NamedTuple):
    """What the model made of one submission.

    Attributes:
        passed: the number of course tests passed.
        total: the number of course tests run.
        failed: the names of the tests not passed, in run order.
        names: the names of all the tests run, in run order.
    """

    passed: int
    total: int
    failed: List[str]
    names: List[str]

    @property
    def mark(self) -> float:
        """Return the course's functionality mark, 8 x passed / total, to 2 decimals."""
        return round(FUNCTIONALITY_MARKS * self.passed / self.total, MARK_DECIMALS)


def group_of(test_name: str) -> str:
    """Return the course group of a model test name, e.g. ``grid`` for ``test_grid__serialize``.

    Args:
        test_name: a test name as junit-xml reports it.
    """
    return test_name[len(TEST_PREFIX):].split(GROUP_SEPARATOR, 1)[0]


def judge(folder: Path, python: Optional[str] = None) -> Verdict:
    """Run the model on ``folder/a2.py`` in a child pytest and return its verdict.

    Args:
        folder: the folder holding the submission's ``a2.py``.
        python: the interpreter to run the model with; this one by default.

    Returns:
        The :class:`Verdict`.

    Raises:
        RuntimeError: when the child pytest wrote no report (the model itself broke).
    """
    environment = dict(os.environ)
    environment[SUBMISSION_VARIABLE] = str(Path(folder).resolve())
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    with tempfile.TemporaryDirectory(prefix="eod_course_model_") as scratch:
        report = Path(scratch) / "report.xml"
        child = subprocess.run(
            [python or sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
             "-p", "no:randomly", f"--timeout={PER_TEST_TIMEOUT_S}",
             f"--junitxml={report}", str(MODEL)],
            cwd=ROOT, env=environment, capture_output=True, text=True, check=False)
        if not report.is_file():
            raise RuntimeError(f"the course model wrote no report:\n{child.stdout}\n"
                               f"{child.stderr}")
        cases = list(ElementTree.parse(report).getroot().iter("testcase"))
    names = [case.get("name", "") for case in cases]
    failed = [case.get("name", "") for case in cases
              if any(case.find(tag) is not None for tag in NOT_PASSED)]
    return Verdict(len(cases) - len(failed), len(cases), failed, names)


def course_mark(folder: Path) -> Tuple[int, float]:
    """Return ``(tests passed, course mark)`` for the ``a2.py`` in ``folder``.

    Args:
        folder: the folder holding the submission's ``a2.py``.
    """
    verdict = judge(folder)
    return verdict.passed, verdict.mark


def failed_groups(verdict: Verdict) -> List[Tuple[str, int]]:
    """Return ``(group, tests failed)`` for each group with a failure, in run order.

    Args:
        verdict: a model verdict.
    """
    counts = {}
    for name in verdict.failed:
        counts[group_of(name)] = counts.get(group_of(name), 0) + 1
    return list(counts.items())


def main(argv: Optional[List[str]] = None) -> int:
    """Judge the folder named on the command line and print the course's figures.

    Args:
        argv: the arguments after the program name; ``sys.argv[1:]`` by default.

    Returns:
        The exit status: 0, or 2 for a usage error.
    """
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("Usage: python judge.py FOLDER", file=sys.stderr)
        return 2
    verdict = judge(Path(args[0]))
    print(f"passed {verdict.passed} of {verdict.total}")
    print(f"course mark {verdict.mark:.{MARK_DECIMALS}f}")
    for group, count in failed_groups(verdict):
        print(f"failed {group}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
