"""A sandboxed autograder for the game assignments: spec-output and doctest checks.

The pipeline, one small module per stage::

    submission folder ──> Sandbox (sandbox.py) ──> children run the student's code
          │                     ▲ run()/call(): JSON observations, capped output
          │                     │
          ├──> Submission (submission.py, static.py): source read, never run
          │
    suite folder: suite.py (Suite, rubric.py) + check_*.py (pytest functions)
          │
          └──> grade() (grading.py) runs pytest with GradingPlugin (plugin.py)
                   │  each check ──> CheckOutcome (outcome.py)
                   ▼
               score_items() (rubric.py) ──> GradeResult
                   │
                   ▼
               report.py: terminal table, Gradescope results.json ──> cli.py

Trust boundary: this process (the parent) decides every score and never imports or
executes submission code; it only compares what the sandbox's children report with
the expectations held here.
"""

from autograder.grading import GradeResult, GradingError, grade
from autograder.outcome import (
    CheckFailed,
    CheckOutcome,
    LeftToMarker,
    NotApplicable,
    Status,
    StudentCrashed,
    StudentTimedOut,
    Visibility,
    WrongOutput,
)
from autograder.plugin import check
from autograder.rubric import Item, ItemScore, Kind, Scoring
from autograder.suite import PROJECT_ROOT, Suite, SuiteError, find_suite

__all__ = [
    "PROJECT_ROOT",
    "CheckFailed",
    "CheckOutcome",
    "GradeResult",
    "GradingError",
    "Item",
    "ItemScore",
    "Kind",
    "LeftToMarker",
    "NotApplicable",
    "Scoring",
    "Status",
    "StudentCrashed",
    "StudentTimedOut",
    "Suite",
    "SuiteError",
    "Visibility",
    "WrongOutput",
    "check",
    "find_suite",
    "grade",
]
