"""Results as data: the records a grading produces and reads back, below the engine.

Every module of the grader that makes or reads a result uses these records, and this module
imports none of them (its annotations name the suite and the submission, for readers and
type checkers only). Each record turns into JSON-ready builtins with ``to_dict`` and back
with ``from_dict``, which checks every field and raises a ``ValueError`` naming the one that
is wrong, so a malformed or outdated file is said to be so where it is read::

    Finding ─┐
             ├─> CheckOutcome ─> ItemScore (with its rubric Item) ─> GradeResult
    Status ──┘                                                        │ to_dict
                                                                      ▼
    Limits (of every sandbox run)                      StudentRecord (a batch's row)

Student text a record holds is made safe to show when the record is made
(:func:`safe_text`): the report writes what the record holds.
"""

import enum
from dataclasses import dataclass, field
from typing import (TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple, Type,
                    TypeVar, Union)

if TYPE_CHECKING:  # names for annotations only: this module imports nothing of the engine
    from autograder.submission import Submission
    from autograder.suite import Suite

__all__ = ["Attachment", "CheckOutcome", "Finding", "GradeResult", "Item", "ItemScore", "Kind",
           "Limits", "RecordStatus", "Scoring", "Status", "StudentRecord", "Visibility",
           "safe_text"]

# Student text in reports is capped: a line at this many characters, a detail at this many.
MAX_LINE_CHARS = 400
MAX_DETAIL_CHARS = 20_000
MAX_MESSAGE_CHARS = 500
# Control characters other than newline and tab: escape sequences could redraw an
# instructor's terminal (a fake score table, a window title, a clipboard write).
_CONTROL = [code for code in range(32) if code not in (9, 10)] + list(range(127, 160))
_ESCAPES = {code: "\\x%02x" % code for code in _CONTROL}
# Scores are shown and compared to two decimal places.
SCORE_DECIMALS = 2
# Decimal places kept of an outcome's duration and credit, and of a result's duration.
OUTCOME_DECIMALS = 4
RESULT_DECIMALS = 3
# The version of the batch record's format: a record of another version is graded again.
RECORD_VERSION = 2
# How a finding nested under the one before it is indented, per level.
FINDING_INDENT = "  "

_Enum = TypeVar("_Enum", bound=enum.Enum)


def safe_text(text: str, max_chars: int = MAX_DETAIL_CHARS,
              max_line: int = MAX_LINE_CHARS) -> str:
    """Return ``text`` fit for a report: control characters shown as ``\\xNN`` escapes,
    each line cut at ``max_line`` characters and the whole at ``max_chars``.

    >>> safe_text("ok\\x1b[2J" + "x" * 5, max_line=6)
    'ok\\\\x1b... (8 more characters)'
    """
    text = _escaped(text)
    lines = []
    for line in text.split("\n"):
        if len(line) > max_line:
            line = line[:max_line] + f"... ({len(line) - max_line} more characters)"
        lines.append(line)
    text = "\n".join(lines)
    if len(text) > max_chars:
        text = text[:max_chars] + f"\n... ({len(text) - max_chars} more characters cut)"
    return text


def _escaped(text: str) -> str:
    """Return ``text`` with its control characters shown as ``\\xNN`` escapes, uncut."""
    return str(text).translate(_ESCAPES)


# Reading records: each helper returns one checked field or raises a ValueError naming it.

_REQUIRED = object()
# How an error names the JSON types a field may have.
_KIND_NAMES = {int: "a whole number", float: "a number", str: "a string", list: "a list",
               dict: "a dict", bool: "true or false"}


def _mapping(data: Any, record: str) -> Mapping[str, Any]:
    """Return ``data`` when it is a dict, else raise a ValueError naming ``record``."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{record}: expected a dict, got {type(data).__name__}")
    return data


def _get(data: Mapping[str, Any], name: str, kinds: Union[type, Tuple[type, ...]],
         record: str, default: Any = _REQUIRED) -> Any:
    """Return field ``name`` of ``data`` (``default`` when absent and one is given), checked
    to be of ``kinds`` (None is accepted only as a default).

    Raises:
        ValueError: the field is missing or of another type (a bool is no number).
    """
    if name not in data:
        if default is _REQUIRED:
            raise ValueError(f"{record}: field {name!r} is missing")
        return default
    value = data[name]
    if value is None and default is None:
        return None
    numbers = kinds in ((int, float), int, float)
    if not isinstance(value, kinds) or (numbers and isinstance(value, bool)):
        raise ValueError(f"{record}: field {name!r} must be {_kind_name(kinds)}, "
                         f"got {type(value).__name__}")
    return float(value) if kinds == (int, float) else value


def _kind_name(kinds: Union[type, Tuple[type, ...]]) -> str:
    """Return how an error names the type(s) ``kinds``."""
    if kinds == (int, float):
        return "a number"
    return " or ".join(_KIND_NAMES.get(kind, kind.__name__)
                       for kind in (kinds if isinstance(kinds, tuple) else (kinds,)))


def _member(data: Mapping[str, Any], name: str, kind: Type[_Enum], record: str,
            default: Any = _REQUIRED) -> Any:
    """Return the ``kind`` member whose value field ``name`` holds.

    Raises:
        ValueError: the field is missing or names no member of ``kind``.
    """
    value = _get(data, name, str, record, default)
    if value is None or isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        raise ValueError(f"{record}: field {name!r} must be one of "
                         f"{', '.join(repr(m.value) for m in kind)}, got {value!r}") from None


def _texts(data: Mapping[str, Any], name: str, record: str) -> List[str]:
    """Return field ``name``, a list of strings (empty when absent)."""
    values = _get(data, name, list, record, [])
    if not all(isinstance(value, str) for value in values):
        raise ValueError(f"{record}: field {name!r} must be a list of strings")
    return list(values)


def _records(data: Mapping[str, Any], name: str, record: str) -> List[Mapping[str, Any]]:
    """Return field ``name``, a list of dicts (empty when absent)."""
    values = _get(data, name, list, record, [])
    return [_mapping(value, f"{record}: {name}[{index}]") for index, value in enumerate(values)]


# Findings -----------------------------------------------------------------------------

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
        escaped = Finding(_escaped(self.file), self.line, _escaped(self.text), self.depth)
        return escaped if str(escaped) == shown else Finding("", None, shown)

    def to_dict(self) -> Dict[str, Any]:
        """Return the finding as JSON-ready data."""
        return {"file": self.file, "line": self.line, "text": self.text, "depth": self.depth}

    @classmethod
    def from_dict(cls, data: Any) -> "Finding":
        """Return the finding ``data`` holds (see :meth:`to_dict`).

        Raises:
            ValueError: a field is missing or malformed.
        """
        data = _mapping(data, "finding")
        return cls(_get(data, "file", str, "finding"), _get(data, "line", int, "finding", None),
                   _get(data, "text", str, "finding"), _get(data, "depth", int, "finding", 0))


# Check outcomes -----------------------------------------------------------------------

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
        data = _mapping(data, where)
        number = (int, float)
        return cls(
            name=_get(data, "name", str, where), node_id=_get(data, "node_id", str, where),
            item=_get(data, "item", str, where), weight=_get(data, "weight", number, where),
            visibility=_member(data, "visibility", Visibility, where),
            timeout_s=_get(data, "timeout_s", number, where),
            status=_member(data, "status", Status, where),
            message=_get(data, "message", str, where, ""),
            detail=_get(data, "detail", str, where, ""),
            duration_s=_get(data, "duration_s", number, where, 0.0),
            findings=[Finding.from_dict(finding)
                      for finding in _records(data, "findings", where)],
            credit=_get(data, "credit", number, where, 0.0))


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


# Rubric items and their scores ---------------------------------------------------------

class Kind(enum.Enum):
    """Who scores a rubric item."""

    AUTO = "auto"
    MANUAL = "manual"


class Scoring(enum.Enum):
    """How an auto item's checks combine into its score."""

    SUM = "sum"
    FRACTION = "fraction"


# FRACTION scores are rounded to a multiple of this unless an item says otherwise.
DEFAULT_STEP = 0.01


@dataclass(frozen=True)
class Item:
    """One line of an assignment's rubric.

    Attributes:
        id: short identifier checks refer to (``"functionality"``).
        title: the rubric's own wording (``"Functionality"``).
        points: the most the item can award.
        kind: auto (scored from checks) or manual (a person scores it).
        scoring: how the item's checks combine (auto items only).
        step: FRACTION scores are rounded to a multiple of this.
    """

    id: str
    title: str
    points: float
    kind: Kind = Kind.AUTO
    scoring: Scoring = Scoring.SUM
    step: float = DEFAULT_STEP


@dataclass
class ItemScore:
    """An item's result for one submission.

    Attributes:
        item: the rubric item.
        awarded: points given (0 for manual items until a person reviews them).
        outcomes: the outcomes of the checks counted toward the item.
    """

    item: Item
    awarded: float
    outcomes: List[CheckOutcome] = field(default_factory=list)

    @property
    def held(self) -> List[CheckOutcome]:
        """Return the outcomes no score may rest on: held for the marker, or grader errors."""
        return [outcome for outcome in self.outcomes if outcome.status in UNSCORED]

    @property
    def needs_review(self) -> bool:
        """Return True when a person has to score or confirm the item.

        That is every manual item, and every auto item with a check that was held for
        the marker or broke on the grader's side: those checks' points are pending until
        a person scores them, never silently final.
        """
        return self.item.kind is Kind.MANUAL or bool(self.held)

    @property
    def pending(self) -> float:
        """Return the points of the item's held checks, which a person has yet to score.

        They are neither awarded nor lost: a SUM item's held checks carry their own points
        (up to what the item has left), a FRACTION item's their share of its points.
        """
        if self.item.kind is Kind.MANUAL or not self.held:
            return 0.0
        held = sum(outcome.weight for outcome in self.held)
        if self.item.scoring is Scoring.SUM:
            return round(max(0.0, min(held, self.item.points - self.awarded)), SCORE_DECIMALS)
        total = sum(outcome.weight for outcome in self.outcomes)
        return round(self.item.points * held / total, SCORE_DECIMALS) if total > 0 else 0.0

    @property
    def finding_records(self) -> List[Finding]:
        """Return the advisory findings of the item's checks, in check order."""
        return [finding for outcome in self.outcomes for finding in outcome.findings]

    @property
    def findings(self) -> List[str]:
        """Return the advisory findings of the item's checks as reports show them."""
        return [str(finding) for finding in self.finding_records]

    def to_dict(self) -> Dict[str, Any]:
        """Return the item's score as JSON-ready data (its checks are the result's)."""
        return {"id": self.item.id, "title": self.item.title, "kind": self.item.kind.value,
                "scoring": self.item.scoring.value, "step": self.item.step,
                "awarded": self.awarded, "max": self.item.points,
                "findings": [finding.to_dict() for finding in self.finding_records],
                "held": len(self.held), "pending": self.pending}

    @classmethod
    def from_dict(cls, data: Any, outcomes: Sequence[CheckOutcome] = ()) -> "ItemScore":
        """Return the item score ``data`` holds, counting those of ``outcomes`` that name
        its item (what it holds besides, its findings and held and pending points, follows
        from them).

        Raises:
            ValueError: a field is missing or malformed (the error names it).
        """
        where = "item score"
        data = _mapping(data, where)
        number = (int, float)
        item = Item(_get(data, "id", str, where), _get(data, "title", str, where),
                    _get(data, "max", number, where), _member(data, "kind", Kind, where),
                    _member(data, "scoring", Scoring, where, Scoring.SUM),
                    _get(data, "step", number, where, DEFAULT_STEP))
        return cls(item, _get(data, "awarded", number, where),
                   [outcome for outcome in outcomes if outcome.item == item.id])


# A whole grading -----------------------------------------------------------------------

@dataclass
class GradeResult:
    """Everything one grading run found.

    Attributes:
        suite: the suite that was run.
        submission: the submission graded.
        outcomes: one outcome per check, in run order.
        scores: one score per rubric item, in rubric order.
        isolation: the sandbox isolation level in force (an ``IsolationLevel``), or None
            if no check ran code.
        duration_s: wall-clock seconds the whole run took.
        notes: remarks about the submission as a whole (missing required files).
        attachments: files the checks handed to the instructor (a PNG of the game).
    """

    suite: "Suite"
    submission: "Submission"
    outcomes: List[CheckOutcome]
    scores: List[ItemScore]
    isolation: Optional[enum.Enum]
    duration_s: float
    notes: List[str] = field(default_factory=list)
    attachments: List[Attachment] = field(default_factory=list)

    @property
    def auto_score(self) -> float:
        """Return the points awarded by checks (manual items count 0)."""
        return round(sum(s.awarded for s in self.scores if s.item.kind is Kind.AUTO),
                     SCORE_DECIMALS)

    @property
    def grader_errors(self) -> List[CheckOutcome]:
        """Return the checks that broke on the grader's side."""
        return [o for o in self.outcomes if o.status is Status.GRADER_ERROR]

    def to_dict(self) -> Dict[str, Any]:
        """Return the result as JSON-serialisable data (the per-student results file)."""
        return {
            "suite": self.suite.name,
            "submission": str(self.submission.path),
            "isolation": self.isolation.value if self.isolation else None,
            "duration_s": round(self.duration_s, RESULT_DECIMALS),
            "auto_score": self.auto_score,
            "auto_max": self.suite.auto_points,
            "total_max": self.suite.total_points,
            "notes": list(self.notes),
            "items": [score.to_dict() for score in self.scores],
            "checks": [outcome.to_dict() for outcome in self.outcomes],
            "attachments": [attachment.to_dict() for attachment in self.attachments],
        }

    @classmethod
    def from_dict(cls, data: Any, suite: "Suite", submission: "Submission",
                  levels: Type[enum.Enum]) -> "GradeResult":
        """Return the result ``data`` holds, graded with ``suite`` on ``submission``, whose
        isolation level is a member of ``levels`` (the sandbox's ``IsolationLevel``: this
        module sits below the sandbox). Attachments come back without their bytes, which
        are saved beside a record, never in it.

        Raises:
            ValueError: a field is missing or malformed, or ``data`` is another suite's.
        """
        where = "grade result"
        data = _mapping(data, where)
        if _get(data, "suite", str, where) != suite.name:
            raise ValueError(f"{where}: field 'suite' names {data['suite']!r}, "
                             f"not {suite.name!r}")
        outcomes = [CheckOutcome.from_dict(check) for check in _records(data, "checks", where)]
        attachments = [Attachment(_get(entry, "name", str, where), b"",
                                  _get(entry, "check", str, where))
                       for entry in _records(data, "attachments", where)]
        return cls(suite, submission, outcomes,
                   [ItemScore.from_dict(entry, outcomes)
                    for entry in _records(data, "items", where)],
                   _member(data, "isolation", levels, where, None),
                   _get(data, "duration_s", (int, float), where),
                   _texts(data, "notes", where), attachments)


# A batch's record of one student -------------------------------------------------------

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
        data = dict(_mapping(data, where))
        data.update({name: (value.value if isinstance(value, enum.Enum) else value)
                     for name, value in batch.items()})
        if _get(data, "version", int, where, RECORD_VERSION) != RECORD_VERSION:
            raise ValueError(f"{where}: field 'version' is {data['version']!r}; this grader "
                             f"reads version {RECORD_VERSION}")
        outcomes = [CheckOutcome.from_dict(check) for check in _records(data, "checks", where)]
        identity = _get(data, "identity", dict, where, {}) or {}
        if not all(isinstance(v, str) for v in identity.values()):
            raise ValueError(f"{where}: field 'identity' must map names to strings")
        known = {"version", "student", "status", "message", "auto_score", "duration_s", "notes",
                 "items", "checks", "fingerprint", "identity", "skipped", "wall_s"}
        return cls(
            student=_get(data, "student", str, where),
            status=_member(data, "status", RecordStatus, where),
            auto_score=_get(data, "auto_score", (int, float), where),
            scores=[ItemScore.from_dict(entry, outcomes)
                    for entry in _records(data, "items", where)],
            outcomes=outcomes,
            duration_s=_get(data, "duration_s", (int, float), where, 0.0),
            notes=_texts(data, "notes", where),
            message=_get(data, "message", str, where, ""),
            fingerprint=_get(data, "fingerprint", str, where, None),
            identity=dict(identity),
            skipped=_get(data, "skipped", bool, where, False),
            result={name: value for name, value in data.items() if name not in known},
            wall_s=_get(data, "wall_s", (int, float), where, None))


# Limits of a sandbox's runs ------------------------------------------------------------

@dataclass(frozen=True)
class Limits:
    """Resource limits of every run in a sandbox.

    Attributes:
        wall_s: default time budget of a run, in seconds (see the sandbox module: CPU
            time, with wall time from the budget on only for a run that waits).
        cpu_s: CPU seconds per process (RLIMIT_CPU).
        memory_bytes: address space per process (RLIMIT_AS).
        file_size_bytes: largest file a process may write (RLIMIT_FSIZE).
        open_files: open file descriptors per process (RLIMIT_NOFILE).
        processes: processes (threads included) the run may have at once.
        output_bytes: cap per stream; past it the run is killed and the output cut.
    """

    wall_s: float = 10.0
    cpu_s: int = 10
    memory_bytes: int = 1 << 30
    file_size_bytes: int = 16 << 20
    open_files: int = 64
    processes: int = 32
    output_bytes: int = 1 << 20

    def to_dict(self) -> Dict[str, Any]:
        """Return the limits as JSON-ready data."""
        return {"wall_s": self.wall_s, "cpu_s": self.cpu_s, "memory_bytes": self.memory_bytes,
                "file_size_bytes": self.file_size_bytes, "open_files": self.open_files,
                "processes": self.processes, "output_bytes": self.output_bytes}

    @classmethod
    def from_dict(cls, data: Any) -> "Limits":
        """Return the limits ``data`` holds; a field it leaves out keeps its default.

        Raises:
            ValueError: a field is malformed, not above 0, or not one of the limits.
        """
        where = "limits"
        data = _mapping(data, where)
        defaults = cls()
        unknown = sorted(set(data) - set(defaults.to_dict()))
        if unknown:
            raise ValueError(f"{where}: unknown field {unknown[0]!r}")
        values = {name: _get(data, name, (int, float) if name == "wall_s" else int, where,
                             default)
                  for name, default in defaults.to_dict().items()}
        low = next((name for name, value in values.items() if value <= 0), None)
        if low is not None:
            raise ValueError(f"{where}: field {low!r} must be above 0, got {values[low]!r}")
        return cls(**values)
