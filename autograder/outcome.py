"""What a check produces: a status from a closed set, and the signals that set it.

A check is an ordinary pytest test function in the trusted grading process. It ends in
one of five ways (:class:`Status`); the plugin turns the way it ended into a
:class:`CheckOutcome`, plain data that the scorer and the reporters read. Check code
signals a student's failure by raising one of the :class:`CheckFailed` subclasses below
(or a plain ``assert``); any other exception is a bug in the grader, never a student's
zero.
"""

import enum
from dataclasses import dataclass, field
from typing import List, Optional

__all__ = [
    "MAX_NUMBER_DIGITS",
    "bounded_int",
    "CheckFailed",
    "CheckOutcome",
    "LeftToMarker",
    "NotApplicable",
    "Status",
    "StudentCrashed",
    "StudentTimedOut",
    "Visibility",
    "WrongOutput",
]


# Student text in reports is capped: a line at this many characters, a detail at this many.
MAX_LINE_CHARS = 400
MAX_DETAIL_CHARS = 20_000
MAX_MESSAGE_CHARS = 500
# Control characters other than newline and tab: escape sequences could redraw an
# instructor's terminal (a fake score table, a window title, a clipboard write).
_CONTROL = dict.fromkeys(code for code in range(32) if code not in (9, 10))
_CONTROL.update(dict.fromkeys(range(127, 160)))


def safe_text(text: str, max_chars: int = MAX_DETAIL_CHARS,
              max_line: int = MAX_LINE_CHARS) -> str:
    """Return ``text`` fit for a report: control characters shown as ``\\xNN`` escapes,
    each line cut at ``max_line`` characters and the whole at ``max_chars``.

    >>> safe_text("ok\\x1b[2J" + "x" * 5, max_line=6)
    'ok\\\\x1b... (8 more characters)'
    """
    text = str(text).translate({code: "\\x%02x" % code for code in _CONTROL})
    lines = []
    for line in text.split("\n"):
        if len(line) > max_line:
            line = line[:max_line] + f"... ({len(line) - max_line} more characters)"
        lines.append(line)
    text = "\n".join(lines)
    if len(text) > max_chars:
        text = text[:max_chars] + f"\n... ({len(text) - max_chars} more characters cut)"
    return text


# Numbers a check reads from a submission's output have at most this many digits: no count a
# correct program prints is longer, and Python refuses to convert a string of over 4,300
# digits, which would otherwise break the check on the grader's side.
MAX_NUMBER_DIGITS = 18


def bounded_int(text: str) -> Optional[int]:
    """Return the whole number ``text`` shows (sign and surrounding spaces allowed), or None
    when it is not one or has more than :data:`MAX_NUMBER_DIGITS` digits.

    >>> bounded_int(" 42 "), bounded_int("-7"), bounded_int("9" * 5000), bounded_int("4x")
    (42, -7, None, None)
    """
    digits = str(text).strip()
    unsigned = digits[1:] if digits[:1] in ("-", "+") else digits
    if not (unsigned.isascii() and unsigned.isdigit()) or len(unsigned) > MAX_NUMBER_DIGITS:
        return None
    return int(digits)


# A spreadsheet reads a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@")
# What a formula-like cell is prefixed with so a spreadsheet shows it as text.
TEXT_CELL_PREFIX = "'"
# Control characters in a CSV cell, newline and tab included: a newline would start a row.
_CELL_CONTROL_SPACES = {code: " " for code in list(range(32)) + list(range(127, 160))}


def safe_cell(text: str) -> str:
    """Return ``text`` fit for a cell of a CSV file an instructor opens (issue 34).

    Control characters (escape sequences, newlines that would forge a row) become spaces,
    and a cell that a spreadsheet would take for a formula (it starts with ``=``, ``+``,
    ``-`` or ``@``) and is not a number is prefixed with ``'`` so it shows as text.

    >>> safe_cell("=HYPERLINK(1)\\nforged,row"), safe_cell("-1.5"), safe_cell("ok\\x1b[2J")
    ("'=HYPERLINK(1) forged,row", '-1.5', 'ok [2J')
    """
    text = str(text).translate(_CELL_CONTROL_SPACES)
    if text.startswith(FORMULA_STARTS):
        try:
            float(text)
        except ValueError:
            return TEXT_CELL_PREFIX + text
    return text



class Status(enum.Enum):
    """How a check ended."""

    PASSED = "passed"
    WRONG = "wrong"            # the submission ran but produced the wrong result
    CRASHED = "crashed"        # the submission raised, exited, or hit a resource limit
    TIMED_OUT = "timed out"    # the submission (or the check) ran past its time limit
    NOT_RUN = "not run"        # the check did not apply (a required file was missing, ...)
    HELD = "held for the marker"   # the grader cannot judge this kind of submission here
    GRADER_ERROR = "grader error"  # the check itself is broken: never scored against anyone


class Visibility(enum.Enum):
    """When a student may see a check's result (Gradescope's four values)."""

    VISIBLE = "visible"
    HIDDEN = "hidden"
    AFTER_DUE_DATE = "after_due_date"
    AFTER_PUBLISHED = "after_published"


class CheckFailed(AssertionError):
    """Raised by check code to fail a check with a status and a readable explanation.

    It subclasses ``AssertionError`` so a check written with plain ``assert`` and one
    written with these helpers fail the same way.

    Args:
        message: one line saying what went wrong, shown to the student.
        detail: optional longer text (a unified diff, a traceback, the input used).
        credit: the share of the check's points still earned, from 0 to 1 (partial
            credit: a transcript with 12 of its 13 examples right earns 12/13).
    """

    status = Status.WRONG

    def __init__(self, message: str, detail: str = "", credit: float = 0.0) -> None:
        super().__init__(message)
        self.message = message
        self.detail = detail
        self.credit = min(1.0, max(0.0, float(credit)))


class WrongOutput(CheckFailed):
    """The submission ran to completion but its result differs from the expectation."""

    status = Status.WRONG


class StudentCrashed(CheckFailed):
    """The submission raised, exited early or was stopped by a resource limit."""

    status = Status.CRASHED


class StudentTimedOut(CheckFailed):
    """The submission did not finish within the check's time limit."""

    status = Status.TIMED_OUT


class NotApplicable(CheckFailed):
    """The check cannot run for this submission (for example a required file is missing).

    It counts as failed: what is missing is the submission's loss.
    """

    status = Status.NOT_RUN


class LeftToMarker(CheckFailed):
    """The grader cannot judge this kind of submission (say, watch a C++ program's recursion).

    The check's weight leaves the item's automatic score and the item is held for a
    person to review (CLARIFICATIONS.md: such an item goes to the marker, never to 0).
    """

    status = Status.HELD


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
        findings: advisory remarks (style findings for manual items).
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
    findings: List[str] = field(default_factory=list)
    credit: float = 0.0

    def __post_init__(self) -> None:
        """A passed check earns its whole weight; student text is made safe to show."""
        if self.status is Status.PASSED:
            self.credit = 1.0
        self.message = safe_text(self.message, MAX_MESSAGE_CHARS)
        self.detail = safe_text(self.detail)
        self.findings = [safe_text(finding, MAX_MESSAGE_CHARS) for finding in self.findings]

    @property
    def earned(self) -> float:
        """Return the points of ``weight`` this outcome earns."""
        return self.weight * self.credit

    @property
    def passed(self) -> bool:
        """Return True when the check passed."""
        return self.status is Status.PASSED

    def to_dict(self) -> dict:
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
            "duration_s": round(self.duration_s, 4),
            "findings": list(self.findings),
            "credit": round(self.credit, 4),
        }


def describe_status(status: Status, timeout_s: Optional[float] = None) -> str:
    """Return a short human label for ``status`` (with the limit for time-outs)."""
    if status is Status.TIMED_OUT and timeout_s is not None:
        return f"timed out after {timeout_s:g} s"
    return status.value


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
