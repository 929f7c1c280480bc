"""A sandboxed autograder for the game assignments: spec-output and doctest checks.

The pipeline, one small module per stage::

    submission folder ──> Sandbox (sandbox/) ──> children run the student's code
          │                     ▲ run()/call(): JSON observations, capped output
          │                     │
          ├──> Submission (submission.py, static.py): source read, never run
          │
    suite folder: suite.py (Suite, rubric.py) + check_*.py (pytest functions)
          │
          └──> grade() (grading.py) runs pytest with GradingPlugin (plugin.py)
                   │  each check ──> CheckOutcome (records/)
                   ▼
               score_items() (rubric.py) ──> GradeResult (records/)
                   │
                   ▼
               report.py: terminal table, Gradescope results.json ──> cli.py
               batch.py ──> StudentRecord (records/) ──> grades.csv, report.html
                            (classreport.py)

Results are plain data (``records/``: each record with to_dict/from_dict), below every
other module of the engine.

Trust boundary: this process (the parent) decides every score and never imports or
executes submission code; it only compares what the sandbox's children report with
the expectations held here.

The names below are imported on first use (PEP 562), so that a command that does not
grade, or the start of one that does, need not wait for pytest and the checks' machinery.
"""

import importlib
from typing import Any, List

# Each public name, and the module that defines it.
_HOMES = {
    "grade": "autograder.grading",
    "CheckFailed": "autograder.outcome", "LeftToMarker": "autograder.outcome",
    "NotApplicable": "autograder.outcome", "StudentCrashed": "autograder.outcome",
    "StudentTimedOut": "autograder.outcome", "WrongOutput": "autograder.outcome",
    "check": "autograder.checks",
    "CheckOutcome": "autograder.records", "Finding": "autograder.records",
    "GradeResult": "autograder.records", "Item": "autograder.records",
    "ItemScore": "autograder.records", "Kind": "autograder.records",
    "Limits": "autograder.records", "Scoring": "autograder.records",
    "Status": "autograder.records", "Visibility": "autograder.records",
    "PROJECT_ROOT": "autograder.suite", "GradingError": "autograder.suite",
    "Suite": "autograder.suite", "SuiteError": "autograder.suite",
    "find_suite": "autograder.suite",
    "write_class_report": "autograder.classreport",
}

__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    """Return the public ``name``, importing the module that defines it on first use."""
    if name not in _HOMES:
        raise AttributeError(f"module 'autograder' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value  # found directly from now on
    return value


def __dir__() -> List[str]:
    """List the module's own names and the public ones not imported yet."""
    return sorted(set(globals()) | set(_HOMES))
