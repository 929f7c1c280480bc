"""Results as data: the records a grading produces and reads back, below the engine.

Every module of the grader that makes or reads a result uses these records, and this
package imports none of them (its annotations name the suite and the submission, for readers
and type checkers only). Each record turns into JSON-ready builtins with ``to_dict`` and
back with ``from_dict``, which checks every field and raises a ``ValueError`` naming the one
that is wrong, so a malformed or outdated file is said to be so where it is read::

    checks.py    Finding ─┐
                 Status ──┴─> CheckOutcome ─┐
    scores.py                  Item ────────┴─> ItemScore ─> GradeResult
                                                                 │ to_dict
    students.py                                                  ▼
                                              StudentRecord (a batch's row)
    limits.py    Limits (of every sandbox run)
    _fields.py   safe_text, and the checked reading of each field

Student text a record holds is made safe to show when the record is made
(:func:`safe_text`): the report writes what the record holds.
"""

from autograder.records._fields import (MAX_DETAIL_CHARS, MAX_LINE_CHARS, MAX_MESSAGE_CHARS,
                                        safe_text)
from autograder.records.checks import (UNSCORED, Attachment, CheckOutcome, Finding, Status,
                                       Visibility)
from autograder.records.limits import Limits
from autograder.records.scores import (DEFAULT_STEP, SCORE_DECIMALS, GradeResult, Item,
                                       ItemScore, Kind, Scoring)
from autograder.records.students import RECORD_VERSION, RecordStatus, StudentRecord

__all__ = [
    # Student text, made safe to show.
    "MAX_DETAIL_CHARS", "MAX_LINE_CHARS", "MAX_MESSAGE_CHARS", "safe_text",
    # What a check ends in.
    "UNSCORED", "Attachment", "CheckOutcome", "Finding", "Status", "Visibility",
    # What a grading scores.
    "DEFAULT_STEP", "SCORE_DECIMALS", "GradeResult", "Item", "ItemScore", "Kind", "Scoring",
    # A batch's record of one student.
    "RECORD_VERSION", "RecordStatus", "StudentRecord",
    # The limits of a sandbox's runs.
    "Limits",
]
