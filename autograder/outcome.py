"""What a check produces: a status from a closed set, and the signals that set it.

A check is an ordinary pytest test function in the trusted grading process. It ends in
one of five ways (:class:`Status`); the plugin turns the way it ended into a
:class:`CheckOutcome`, plain data that the scorer and the reporters read. Check code
signals a student's failure by raising one of the :class:`CheckFailed` subclasses below
(or a plain ``assert``); any other exception is a bug in the grader, never a student's
zero.
"""

from typing import Optional

# The plain data a check ends in lives below the engine (autograder.records); its names are
# kept here, where checks and suites have always imported them.
from autograder.records import (MAX_DETAIL_CHARS, MAX_LINE_CHARS, MAX_MESSAGE_CHARS,
                                Attachment, CheckOutcome, Finding, Status, Visibility,
                                safe_text)

__all__ = [
    "MAX_DETAIL_CHARS",
    "MAX_LINE_CHARS",
    "MAX_MESSAGE_CHARS",
    "MAX_NUMBER_DIGITS",
    "NOT_RUN_PREFIX",
    "Attachment",
    "CheckFailed",
    "CheckOutcome",
    "Finding",
    "LeftToMarker",
    "NotApplicable",
    "Status",
    "StudentCrashed",
    "StudentTimedOut",
    "Visibility",
    "WrongOutput",
    "bounded_int",
    "describe_status",
    "safe_cell",
    "safe_text",
]


# How the message of a check that never ran starts (its cause follows): the report says one
# such cause for all checks at once without it.
NOT_RUN_PREFIX = "not run: "
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


def describe_status(status: Status, timeout_s: Optional[float] = None) -> str:
    """Return a short human label for ``status`` (with the limit for time-outs)."""
    if status is Status.TIMED_OUT and timeout_s is not None:
        return f"timed out after {timeout_s:g} s"
    return status.value
