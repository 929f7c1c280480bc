"""A batch's record of one student: the grading's result and what the batch knows besides."""

import enum
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from autograder.records._fields import expect_dict, get_dicts, get_field, get_member, get_texts
from autograder.records.checks import CheckOutcome
from autograder.records.scores import ItemScore

__all__ = ["RECORD_VERSION", "RecordStatus", "StudentRecord"]

# The version of the batch record's format: a record of another version is graded again.
RECORD_VERSION = 2


class RecordStatus(enum.Enum):
    """How a batch's grading of one student ended (grades.csv's status column)."""

    GRADED = "graded"
    GRADER_ERROR = "grader error"
    UNREADABLE = "unreadable"


@dataclass
class StudentRecord:
    """A batch's record of one student: the grading's result as ``GradeResult.to_dict``
    wrote it, and what the batch knows besides.

    Attributes:
        student: the name grades.csv and the file names use.
        status: how the grading ended.
        auto_score: the auto-graded total.
        scores: one score per rubric item, each with its checks' outcomes.
        outcomes: every check's outcome, in run order.
        duration_s: seconds the grading took (its own measure).
        notes: remarks about the submission as a whole.
        message: why it was not graded ("" when it was).
        fingerprint: the hash of the files graded, or None (graded again next time).
        identity: what the class folder says of the student (sid, email, ...).
        skipped: True when the record was kept from an earlier run (this run's fact: a
            written record never says it).
        result: the result's other fields (suite, submission, isolation, maxima,
            attachments), kept as they were written.
        wall_s: seconds the batch waited for the grading, or None.
    """

    student: str
    status: RecordStatus
    auto_score: float
    scores: List[ItemScore]
    outcomes: List[CheckOutcome] = field(default_factory=list)
    duration_s: float = 0.0
    notes: List[str] = field(default_factory=list)
    message: str = ""
    fingerprint: Optional[str] = None
    identity: Dict[str, str] = field(default_factory=dict)
    skipped: bool = False
    result: Dict[str, Any] = field(default_factory=dict)
    wall_s: Optional[float] = None

    def to_dict(self) -> Dict[str, Any]:
        """Return the record as JSON-ready data (the batch's ``records/<student>.json``)."""
        data = dict(self.result)
        data.update(version=RECORD_VERSION, student=self.student, status=self.status.value,
                    message=self.message, auto_score=self.auto_score,
                    duration_s=self.duration_s, notes=list(self.notes),
                    items=[score.to_dict() for score in self.scores],
                    checks=[outcome.to_dict() for outcome in self.outcomes],
                    fingerprint=self.fingerprint, identity=dict(self.identity))
        if self.wall_s is not None:
            data["wall_s"] = self.wall_s
        return data

    @classmethod
    def from_dict(cls, data: Any, **batch: Any) -> "StudentRecord":
        """Return the record ``data`` holds; ``batch`` sets fields the batch knows best
        (``student``, ``status``, ``fingerprint``, ``wall_s``...) over what ``data`` says,
        so that a grading's own result (which says none of them) reads as well.

        Raises:
            ValueError: a field is missing or malformed, or the record is of another
                version (the error names the field).
        """
        where = "batch record"
        data = dict(expect_dict(data, where))
        data.update({name: (value.value if isinstance(value, enum.Enum) else value)
                     for name, value in batch.items()})
        if get_field(data, "version", int, where, RECORD_VERSION) != RECORD_VERSION:
            raise ValueError(f"{where}: field 'version' is {data['version']!r}; this grader "
                             f"reads version {RECORD_VERSION}")
        outcomes = [CheckOutcome.from_dict(check) for check in get_dicts(data, "checks", where)]
        identity = get_field(data, "identity", dict, where, {}) or {}
        if not all(isinstance(v, str) for v in identity.values()):
            raise ValueError(f"{where}: field 'identity' must map names to strings")
        known = {"version", "student", "status", "message", "auto_score", "duration_s", "notes",
                 "items", "checks", "fingerprint", "identity", "skipped", "wall_s"}
        return cls(
            student=get_field(data, "student", str, where),
            status=get_member(data, "status", RecordStatus, where),
            auto_score=get_field(data, "auto_score", (int, float), where),
            scores=[ItemScore.from_dict(entry, outcomes)
                    for entry in get_dicts(data, "items", where)],
            outcomes=outcomes,
            duration_s=get_field(data, "duration_s", (int, float), where, 0.0),
            notes=get_texts(data, "notes", where),
            message=get_field(data, "message", str, where, ""),
            fingerprint=get_field(data, "fingerprint", str, where, None),
            identity=dict(identity),
            skipped=get_field(data, "skipped", bool, where, False),
            result={name: value for name, value in data.items() if name not in known},
            wall_s=get_field(data, "wall_s", (int, float), where, None))
