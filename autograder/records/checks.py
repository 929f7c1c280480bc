"""What a check ends in: its status, its outcome and the advisory findings it makes."""

import enum
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from autograder.records._fields import (MAX_MESSAGE_CHARS, escaped, expect_dict, get_dicts,
                                        get_field, get_member, safe_text)

__all__ = ["UNSCORED", "Attachment", "CheckOutcome", "Finding", "Status", "Visibility"]

# How a finding nested under the one before it is indented, per level.
FINDING_INDENT = "  "
# Decimal places kept of an outcome's duration and credit.
OUTCOME_DECIMALS = 4


@dataclass(frozen=True)
class Finding:
    """An advisory remark about a submission, for the person who marks it.

    Formatted only when shown (``str``): ``file:line: text``, ``file: text`` or ``text``,
    indented by ``depth`` levels (a remark listed under a summary finding).

    >>> str(Finding("a2.py", 12, "Grid.get_size has no docstring"))
    'a2.py:12: Grid.get_size has no docstring'
    >>> str(Finding("", None, "a2.py:3: global COUNT", depth=1))
    '  a2.py:3: global COUNT'

    Attributes:
        file: the submission's file the remark is about ("" for the whole submission).
        line: the line of ``file`` it is about, or None.
        text: the remark.
        depth: how many levels it is indented under the findings before it.

    Raises:
        ValueError: a line without a file, a line below 1 or a negative depth.
    """

    file: str
    line: Optional[int]
    text: str
    depth: int = 0

    def __post_init__(self) -> None:
        """Refuse a finding that could not be shown as the fields say."""
        if self.line is not None and (not self.file or self.line < 1):
            raise ValueError(f"finding {self.text!r}: line {self.line} needs a file and "
                             f"must be 1 or more")
        if self.depth < 0:
            raise ValueError(f"finding {self.text!r}: depth {self.depth} is negative")

    def __str__(self) -> str:
        """Return the finding as a report shows it."""
        where = (f"{self.file}:{self.line}: " if self.line is not None
                 else f"{self.file}: " if self.file else "")
        return FINDING_INDENT * self.depth + where + self.text

    def made_safe(self, max_chars: int = MAX_MESSAGE_CHARS) -> "Finding":
        """Return this finding fit for a report: shown exactly as :func:`safe_text` shows
        its text, control characters escaped; one cut to ``max_chars`` (or a line's cap)
        becomes the cut text alone, its file and line in that text."""
        shown = safe_text(str(self), max_chars)
        whole = Finding(escaped(self.file), self.line, escaped(self.text), self.depth)
        return whole if str(whole) == shown else Finding("", None, shown)

    def to_dict(self) -> Dict[str, Any]:
        """Return the finding as JSON-ready data."""
        return {"file": self.file, "line": self.line, "text": self.text, "depth": self.depth}

    @classmethod
    def from_dict(cls, data: Any) -> "Finding":
        """Return the finding ``data`` holds (see :meth:`to_dict`).

        Raises:
            ValueError: a field is missing or malformed.
        """
        where = "finding"
        data = expect_dict(data, where)
        return cls(get_field(data, "file", str, where), get_field(data, "line", int, where, None),
                   get_field(data, "text", str, where), get_field(data, "depth", int, where, 0))


class Status(enum.Enum):
    """How a check ended."""

    PASSED = "passed"
    WRONG = "wrong"            # the submission ran but produced the wrong result
    CRASHED = "crashed"        # the submission raised, exited, or hit a resource limit
    TIMED_OUT = "timed out"    # the submission (or the check) ran past its time limit
    NOT_RUN = "not run"        # the check did not apply (a required file was missing, ...)
    HELD = "held for the marker"   # the grader cannot judge this kind of submission here
    GRADER_ERROR = "grader error"  # the check itself is broken: never scored against anyone


# Outcomes that carry no weight: the item goes to a person instead.
UNSCORED = (Status.HELD, Status.GRADER_ERROR)


class Visibility(enum.Enum):
    """When a student may see a check's result (Gradescope's four values)."""

    VISIBLE = "visible"
    HIDDEN = "hidden"
    AFTER_DUE_DATE = "after_due_date"
    AFTER_PUBLISHED = "after_published"


@dataclass
class CheckOutcome:
    """The result of one check, as plain data.

    Attributes:
        name: the check's human name.
        node_id: pytest's id of the check function (unique within the suite).
        item: id of the rubric item the check counts toward.
        weight: the check's points (its weight within the item).
        visibility: when the student may see the result.
        timeout_s: the check's time limit in seconds.
        status: how the check ended.
        message: one line explaining a failure ("" when passed).
        detail: longer explanation (a diff, a traceback), possibly empty.
        duration_s: wall-clock seconds the check took.
        findings: advisory remarks (style findings for manual items); a plain string is
            taken as a remark about the whole submission.
        credit: the share of ``weight`` earned: 1 when passed, 0 to 1 when a failed
            check gave partial credit.
    """

    name: str
    node_id: str
    item: str
    weight: float
    visibility: Visibility
    timeout_s: float
    status: Status
    message: str = ""
    detail: str = ""
    duration_s: float = 0.0
    findings: List[Finding] = field(default_factory=list)
    credit: float = 0.0

    def __post_init__(self) -> None:
        """A passed check earns its whole weight; student text is made safe to show."""
        if self.status is Status.PASSED:
            self.credit = 1.0
        self.message = safe_text(self.message, MAX_MESSAGE_CHARS)
        self.detail = safe_text(self.detail)
        self.findings = [(finding if isinstance(finding, Finding)
                          else Finding("", None, str(finding))).made_safe(MAX_MESSAGE_CHARS)
                         for finding in self.findings]

    @property
    def earned(self) -> float:
        """Return the points of ``weight`` this outcome earns."""
        return self.weight * self.credit

    @property
    def passed(self) -> bool:
        """Return True when the check passed."""
        return self.status is Status.PASSED

    def to_dict(self) -> Dict[str, Any]:
        """Return the outcome as a JSON-serialisable dict."""
        return {
            "name": self.name,
            "node_id": self.node_id,
            "item": self.item,
            "weight": self.weight,
            "visibility": self.visibility.value,
            "timeout_s": self.timeout_s,
            "status": self.status.value,
            "message": self.message,
            "detail": self.detail,
            "duration_s": round(self.duration_s, OUTCOME_DECIMALS),
            "findings": [finding.to_dict() for finding in self.findings],
            "credit": round(self.credit, OUTCOME_DECIMALS),
        }

    @classmethod
    def from_dict(cls, data: Any) -> "CheckOutcome":
        """Return the outcome ``data`` holds (see :meth:`to_dict`).

        Raises:
            ValueError: a field is missing or malformed (the error names it).
        """
        where = "check outcome"
        data = expect_dict(data, where)
        number = (int, float)
        return cls(
            name=get_field(data, "name", str, where),
            node_id=get_field(data, "node_id", str, where),
            item=get_field(data, "item", str, where),
            weight=get_field(data, "weight", number, where),
            visibility=get_member(data, "visibility", Visibility, where),
            timeout_s=get_field(data, "timeout_s", number, where),
            status=get_member(data, "status", Status, where),
            message=get_field(data, "message", str, where, ""),
            detail=get_field(data, "detail", str, where, ""),
            duration_s=get_field(data, "duration_s", number, where, 0.0),
            findings=[Finding.from_dict(finding)
                      for finding in get_dicts(data, "findings", where)],
            credit=get_field(data, "credit", number, where, 0.0))


@dataclass(frozen=True)
class Attachment:
    """A file a check hands to the instructor with the report.

    Attributes:
        name: a plain file name (``"world.png"``).
        data: the file's bytes.
        check: the name of the check that attached it.
    """

    name: str
    data: bytes
    check: str

    def to_dict(self) -> Dict[str, Any]:
        """Return what a record says of the file: its name, size and check (the bytes are
        saved beside the record, never in it)."""
        return {"name": self.name, "bytes": len(self.data), "check": self.check}
