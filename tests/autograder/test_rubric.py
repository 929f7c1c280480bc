"""Scoring: sum and fraction items, manual items, rounding, and grader errors."""

import pytest

from autograder.outcome import CheckOutcome, Status, Visibility
from autograder.rubric import Item, Kind, Scoring, score_items


def outcome(item, status, weight=1.0, name="check"):
    """Return a check outcome for ``item`` with ``status``."""
    return CheckOutcome(name=name, node_id=name, item=item, weight=weight,
                        visibility=Visibility.VISIBLE, timeout_s=1.0, status=status)


def test_sum_item_adds_passed_checks_and_caps_at_its_points():
    rubric = [Item("a", "A", 3)]
    scores = score_items(rubric, [outcome("a", Status.PASSED, 2), outcome("a", Status.PASSED, 2)])
    assert scores[0].awarded == 3
    scores = score_items(rubric, [outcome("a", Status.PASSED, 2), outcome("a", Status.WRONG, 2)])
    assert scores[0].awarded == 2


@pytest.mark.parametrize("passed, expected", [(15, 8), (14, 7.5), (13, 7), (7, 3.5), (0, 0)])
def test_fraction_item_rounds_to_its_step(passed, expected):
    rubric = [Item("f", "Functionality", 8, scoring=Scoring.FRACTION, step=0.5)]
    outcomes = [outcome("f", Status.PASSED)] * passed + [outcome("f", Status.WRONG)] * (15 - passed)
    assert score_items(rubric, outcomes)[0].awarded == expected


def test_manual_item_awards_nothing_and_needs_review():
    rubric = [Item("style", "Style", 7, kind=Kind.MANUAL)]
    score = score_items(rubric, [outcome("style", Status.PASSED, 0)])[0]
    assert score.awarded == 0 and score.needs_review


def test_grader_errors_do_not_lower_a_fraction_score():
    rubric = [Item("f", "F", 4, scoring=Scoring.FRACTION)]
    outcomes = [outcome("f", Status.PASSED), outcome("f", Status.GRADER_ERROR)]
    assert score_items(rubric, outcomes)[0].awarded == 4


def test_outcome_for_unknown_item_is_refused():
    with pytest.raises(ValueError, match="unknown rubric item 'nope'"):
        score_items([Item("a", "A", 1)], [outcome("nope", Status.PASSED)])


def test_partial_credit_counts_toward_both_kinds_of_item():
    half = CheckOutcome(name="t", node_id="t", item="a", weight=2.0,
                        visibility=Visibility.VISIBLE, timeout_s=1.0, status=Status.WRONG,
                        credit=0.5)
    assert half.earned == 1.0
    assert score_items([Item("a", "A", 3)], [half, outcome("a", Status.PASSED)])[0].awarded == 2
    fraction = [Item("a", "A", 8, scoring=Scoring.FRACTION, step=0.5)]
    assert score_items(fraction, [half, outcome("a", Status.WRONG, 2)])[0].awarded == 2


def test_a_passed_check_earns_its_whole_weight():
    assert CheckOutcome(name="t", node_id="t", item="a", weight=2.0,
                        visibility=Visibility.VISIBLE, timeout_s=1.0, status=Status.PASSED,
                        credit=0.25).earned == 2.0


def test_held_checks_leave_the_item_to_a_person_and_cost_nothing():
    # A check the grader cannot run on this kind of submission (issue 16, class 7) and a
    # grader error (issue 17, class 2) both hold the item for review.
    for status in (Status.HELD, Status.GRADER_ERROR):
        rubric = [Item("f", "F", 10, scoring=Scoring.FRACTION, step=0.5)]
        score = score_items(rubric, [outcome("f", Status.PASSED), outcome("f", status)])[0]
        assert score.awarded == 10 and score.needs_review
        assert [o.status for o in score.held] == [status]
    alone = score_items([Item("r", "R", 10)], [outcome("r", Status.HELD)])[0]
    assert alone.awarded == 0 and alone.needs_review


def test_a_missing_file_is_not_held_but_failed():
    rubric = [Item("f", "F", 4, scoring=Scoring.FRACTION)]
    score = score_items(rubric, [outcome("f", Status.PASSED), outcome("f", Status.NOT_RUN)])[0]
    assert score.awarded == 2 and not score.needs_review


def test_a_broken_check_costs_nothing_under_sum_scoring_either():
    # Issue 17, class 2: a bug in a suite's check lowered every student's score under SUM.
    rubric = [Item("a", "A", 4)]
    outcomes = [outcome("a", Status.PASSED, 1.0, "x"), outcome("a", Status.PASSED, 1.0, "y"),
                outcome("a", Status.PASSED, 1.0, "z"), outcome("a", Status.GRADER_ERROR, 1.0, "w")]
    score = score_items(rubric, outcomes)[0]
    assert score.awarded == 4 and score.needs_review
