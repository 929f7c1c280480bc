"""What a check is, what it may write to, and the verdict read from how it ended.

A check is a pytest test function decorated with :func:`check` (its rubric item, points,
visibility, time limit). While it runs it may record :class:`Findings` (advisory remarks for
a manual item) and :class:`Attachments` (files for the instructor). When it ends,
:func:`classify` reads the way it ended (passed, a failure signal of
:mod:`autograder.outcome`, an assertion, pytest-timeout, an exception) as a status, a
message and a detail. :class:`~autograder.plugin.GradingPlugin` runs the checks and builds
their outcomes from these.
"""

import traceback
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Union

import pytest

from autograder.outcome import CheckFailed
from autograder.records import (MAX_MESSAGE_CHARS, Attachment, Finding, Status, Visibility,
                                safe_text)

__all__ = ["CHECK_MARKER", "Attachments", "Findings", "check", "check_name", "classify"]

CHECK_MARKER = "check"
# The largest file a check may attach to a report.
MAX_ATTACHMENT_BYTES = 4 << 20
# How pytest-timeout words the failure it raises when it stops a check.
PYTEST_TIMEOUT_TEXT = "Timeout"
# What reading a value of the wrong kind raises, where a check reads the submission's report.
MALFORMED_DATA_ERRORS = (TypeError, AttributeError, KeyError, IndexError, ValueError)


def check(name: Optional[str] = None, *, item: str, points: float = 1.0,
          visibility: str = "visible", timeout: Optional[float] = None,
          shares: Optional[str] = None) -> Callable:
    """Return a decorator that makes a test function a scored check.

    Args:
        name: the name shown in reports; the function's docstring summary, or its name,
            when None.
        item: id of the rubric item the check counts toward.
        points: the check's points (its weight within the item).
        visibility: ``visible``, ``hidden``, ``after_due_date`` or ``after_published``.
        timeout: seconds each run of the submission may take in this check; the
            suite's ``Limits.wall_s`` when None (one time model: the suite's limits are
            every check's defaults).
        shares: a label for what the check keeps with ``Runner.remember`` for other
            checks: when workers share a grading, checks with the same label run in one
            worker, one after another, so that what one remembers is not played again
            by another worker. None: the check keeps nothing another one uses.

    Returns:
        A decorator applying the ``check`` mark (the plugin adds pytest-timeout's mark
        once the suite, and so the default limit, is known).
    """
    try:
        level = Visibility(visibility)
    except ValueError:
        raise ValueError(f"@check(visibility={visibility!r}): visibility must be one of "
                         f"{', '.join(v.value for v in Visibility)}") from None

    def decorate(function: Callable) -> Callable:
        summary = (function.__doc__ or "").strip().splitlines()
        label = name or (summary[0] if summary else function.__name__)
        return pytest.mark.check(name=label, item=item, points=points, visibility=level,
                                 timeout=timeout, shares=shares)(function)

    return decorate


class Findings:
    """Advisory remarks a check makes about a submission (for manual rubric items), kept
    as :class:`~autograder.records.Finding` records until a report shows them."""

    def __init__(self) -> None:
        self.items: List[Finding] = []

    def add(self, remark: Union[Finding, str]) -> None:
        """Record one remark: a finding such as ``Finding("a2.py", 12, "Grid.get_size has
        no docstring")``, or plain text about the whole submission (``"no report"``)."""
        self.items.append(remark if isinstance(remark, Finding) else Finding("", None, remark))


class Attachments:
    """Files a check hands to the instructor with the report (a PNG of a student's world).

    Args:
        check_name: the check's name, recorded with each file.
        store: the grading run's list of attachments, shared by all checks.
    """

    def __init__(self, check_name: str, store: List["Attachment"]) -> None:
        self._check_name = check_name
        self._store = store

    def add(self, name: str, data: bytes) -> None:
        """Attach ``data`` under the file name ``name`` (a plain name, no folders).

        Raises:
            ValueError: ``name`` has a folder part or ``data`` is larger than
                :data:`MAX_ATTACHMENT_BYTES`.
        """
        if not name or Path(name).name != name or name in (".", ".."):
            raise ValueError(f"attachment name {name!r} must be a plain file name")
        if len(data) > MAX_ATTACHMENT_BYTES:
            raise ValueError(f"attachment {name!r} is {len(data)} bytes, more than "
                             f"{MAX_ATTACHMENT_BYTES}")
        self._store.append(Attachment(name, bytes(data), self._check_name))


def check_name(node: Any, mark: Dict[str, Any]) -> str:
    """Return the name reports give check ``node`` marked with ``mark``."""
    callspec = getattr(node, "callspec", None)
    # Each parametrized case is its own check, in reports and pass-rate tables.
    return mark["name"] if callspec is None else f"{mark['name']} [{callspec.id}]"


def classify(excinfo: Any, timeout: float, suite_dir: Path, observed: bool = False):
    """Return (status, message, detail) for a check that raised ``excinfo`` (or passed).

    An exception that reading the submission's data raises is the submission's failure,
    never a grader error (issue 34): a RecursionError (source or data nested deeper than
    the grader's reading goes, an expression of hundreds of terms), and, once the check has
    been handed a value the submission's process reported (``observed``), a TypeError,
    AttributeError, KeyError, IndexError or ValueError (a report of the right outer shape
    with values of the wrong kind inside). Every other exception is a grader error, whose
    detail is the traceback from the check's own frame on: the frames of pytest and its
    plugins above it say nothing to a suite's author.
    """
    if excinfo is None:
        return Status.PASSED, "", ""
    error = excinfo.value
    if isinstance(error, CheckFailed):
        return error.status, error.message, error.detail
    if excinfo.errisinstance(pytest.skip.Exception):
        return Status.NOT_RUN, str(error.msg if hasattr(error, "msg") else error), ""
    if excinfo.errisinstance(pytest.fail.Exception) and PYTEST_TIMEOUT_TEXT in str(error):
        return Status.TIMED_OUT, f"timed out after {timeout:g} s (the check's own code)", ""
    if isinstance(error, AssertionError):
        lines = str(error).strip().splitlines() or ["the result is not what the check expects"]
        return Status.WRONG, lines[0], "\n".join(lines[1:])
    if isinstance(error, RecursionError):
        return (Status.WRONG, "the submission's code or data is nested too deeply for the "
                "check to read it (RecursionError)", "")
    if observed and isinstance(error, MALFORMED_DATA_ERRORS):
        return (Status.WRONG, "the submission's report did not have the shape the check reads "
                f"({safe_text(excinfo.exconly(), MAX_MESSAGE_CHARS)})", "")
    frames = traceback.extract_tb(error.__traceback__)
    root = str(Path(suite_dir).resolve())
    first = next((index for index, frame in enumerate(frames)
                  if str(Path(frame.filename).resolve()).startswith(root)), 0)
    detail = ("Traceback (most recent call last):\n"
              + "".join(traceback.format_list(frames[first:]))
              + "".join(traceback.format_exception_only(type(error), error)))
    return Status.GRADER_ERROR, f"the check itself failed: {excinfo.exconly()}", detail
