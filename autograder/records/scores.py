"""What a grading scores: rubric items, each item's score, and the whole result."""

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Type

from autograder.records._fields import expect_dict, get_dicts, get_field, get_member, get_texts
from autograder.records.checks import UNSCORED, Attachment, CheckOutcome, Finding, Status

if TYPE_CHECKING:  # names for annotations only: the records import nothing of the engine
    from autograder.submission import Submission
    from autograder.suite import Suite

__all__ = ["DEFAULT_STEP", "SCORE_DECIMALS", "GradeResult", "Item", "ItemScore", "Kind",
           "Scoring"]

# Scores are shown and compared to two decimal places.
SCORE_DECIMALS = 2
# Decimal places kept of a result's duration.
RESULT_DECIMALS = 3


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
        data = expect_dict(data, where)
        number = (int, float)
        item = Item(get_field(data, "id", str, where), get_field(data, "title", str, where),
                    get_field(data, "max", number, where), get_member(data, "kind", Kind, where),
                    get_member(data, "scoring", Scoring, where, Scoring.SUM),
                    get_field(data, "step", number, where, DEFAULT_STEP))
        return cls(item, get_field(data, "awarded", number, where),
                   [outcome for outcome in outcomes if outcome.item == item.id])


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
        data = expect_dict(data, where)
        if get_field(data, "suite", str, where) != suite.name:
            raise ValueError(f"{where}: field 'suite' names {data['suite']!r}, "
                             f"not {suite.name!r}")
        outcomes = [CheckOutcome.from_dict(check) for check in get_dicts(data, "checks", where)]
        attachments = [Attachment(get_field(entry, "name", str, where), b"",
                                  get_field(entry, "check", str, where))
                       for entry in get_dicts(data, "attachments", where)]
        return cls(suite, submission, outcomes,
                   [ItemScore.from_dict(entry, outcomes)
                    for entry in get_dicts(data, "items", where)],
                   get_member(data, "isolation", levels, where, None),
                   get_field(data, "duration_s", (int, float), where),
                   get_texts(data, "notes", where), attachments)
