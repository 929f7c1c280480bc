"""Rubrics as data, and the scorer that turns check outcomes into points.

A suite declares its rubric as a list of :class:`Item`: an id, a title, the points it is
worth, whether a machine or a person scores it, and how its checks combine. The scorer
never looks at submissions; it only reads :class:`~autograder.outcome.CheckOutcome`
records, so the same outcomes always give the same score.

Two ways to combine an auto item's checks:

``Scoring.SUM``
    each check adds the points it earned, capped at the item's points;
``Scoring.FRACTION``
    the item's points times the earned share of the checks' total weight, rounded to
    the item's ``step`` (End of DayZ: 8 x earned / total, to the nearest 0.5).

A passed check earns its points; a failed one earns its partial credit (the share of its
examples that were right, for a doctest transcript), or nothing. A check held for the marker
(or broken on the grader's side) earns nothing and loses nothing: its share of the item is
*pending* until a person scores it, and no other check's points stand in for it.
"""

import enum
import math
from dataclasses import dataclass, field
from typing import Iterable, List, Sequence

from autograder.outcome import CheckOutcome, Status

__all__ = ["Item", "ItemScore", "Kind", "Scoring", "score_items"]

# Scores are shown and compared to two decimal places.
SCORE_DECIMALS = 2
# Outcomes that carry no weight: the item goes to a person instead.
UNSCORED = (Status.HELD, Status.GRADER_ERROR)


class Kind(enum.Enum):
    """Who scores a rubric item."""

    AUTO = "auto"
    MANUAL = "manual"


class Scoring(enum.Enum):
    """How an auto item's checks combine into its score."""

    SUM = "sum"
    FRACTION = "fraction"


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
    step: float = 0.01


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
    def findings(self) -> List[str]:
        """Return the advisory findings of the item's checks, in check order."""
        return [finding for outcome in self.outcomes for finding in outcome.findings]


def _round_to_step(value: float, step: float) -> float:
    """Round ``value`` to the nearest multiple of ``step``, halves rounding up.

    >>> _round_to_step(8 * 13 / 15, 0.5)
    7.0
    >>> _round_to_step(7.25, 0.5)
    7.5
    """
    return round(math.floor(value / step + 0.5) * step, SCORE_DECIMALS)


def _score_item(item: Item, outcomes: Sequence[CheckOutcome], held_weight: float = 0.0) -> float:
    """Return the points ``item`` awards given the counted outcomes of its checks.

    ``held_weight`` is the weight of its checks that were held (for the marker, or broken
    on the grader's side): they stay in a FRACTION item's whole, earning nothing until a
    person scores them, and a SUM item adds only what its counted checks earned. A held
    check never raises the score (issue 34: no other check stands in for it).
    """
    if item.kind is Kind.MANUAL or not outcomes:
        return 0.0
    earned = sum(outcome.earned for outcome in outcomes)
    if item.scoring is Scoring.SUM:
        return round(min(item.points, earned), SCORE_DECIMALS)
    total = sum(outcome.weight for outcome in outcomes) + held_weight
    if total <= 0:
        return 0.0
    return _round_to_step(item.points * earned / total, item.step)


def score_items(rubric: Sequence[Item], outcomes: Iterable[CheckOutcome]) -> List[ItemScore]:
    """Score every rubric item from the check outcomes.

    Outcomes of checks that broke on the grader's side or were held for the marker
    earn nothing and cost nothing: their points are pending (:attr:`ItemScore.pending`)
    and their item is marked as needing review (:attr:`ItemScore.needs_review`).

    Args:
        rubric: the suite's items, in rubric order.
        outcomes: every check outcome of one grading run.

    Returns:
        One :class:`ItemScore` per rubric item, in rubric order.

    Raises:
        ValueError: if an outcome names an item the rubric does not have.
    """
    by_item = {item.id: [] for item in rubric}
    for outcome in outcomes:
        if outcome.item not in by_item:
            raise ValueError(f"check {outcome.name!r} counts toward unknown rubric item "
                             f"{outcome.item!r} (items: {', '.join(by_item)})")
        by_item[outcome.item].append(outcome)
    scores = []
    for item in rubric:
        counted = [o for o in by_item[item.id] if o.status not in UNSCORED]
        held = sum(o.weight for o in by_item[item.id] if o.status in UNSCORED)
        scores.append(ItemScore(item, _score_item(item, counted, held), by_item[item.id]))
    return scores
