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

import math
from typing import Iterable, List, Sequence

# The rubric's records live below the engine (autograder.records); suites import them here.
from autograder.records import (SCORE_DECIMALS, UNSCORED, CheckOutcome, Item, ItemScore, Kind,
                                Scoring)

__all__ = ["Item", "ItemScore", "Kind", "Scoring", "score_items"]


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
