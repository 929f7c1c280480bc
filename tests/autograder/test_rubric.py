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


def test_grader_errors_neither_lower_nor_fill_a_fraction_score():
    rubric = [Item("f", "F", 4, scoring=Scoring.FRACTION)]
    outcomes = [outcome("f", Status.PASSED), outcome("f", Status.GRADER_ERROR)]
    score = score_items(rubric, outcomes)[0]
    assert (score.awarded, score.pending) == (2, 2)


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


def test_held_checks_leave_their_points_pending_and_never_add_any():
    # A check the grader cannot run on this kind of submission (issue 16, class 7) and a
    # grader error (issue 17, class 2) both hold the item for review; issue 34: a held
    # check's points are pending, neither awarded nor lost, and no other check stands in
    # for them (a failed check that a student made raise could otherwise fill its item).
    for status in (Status.HELD, Status.GRADER_ERROR):
        rubric = [Item("f", "F", 10, scoring=Scoring.FRACTION, step=0.5)]
        score = score_items(rubric, [outcome("f", Status.PASSED), outcome("f", status)])[0]
        assert (score.awarded, score.pending, score.needs_review) == (5, 5, True)
        assert [o.status for o in score.held] == [status]
    alone = score_items([Item("r", "R", 10)], [outcome("r", Status.HELD)])[0]
    assert (alone.awarded, alone.pending, alone.needs_review) == (0, 1, True)


def test_a_held_check_beside_a_failed_one_adds_nothing():
    rubric = [Item("f", "F", 3, scoring=Scoring.FRACTION, step=0.01), Item("s", "S", 2)]
    outcomes = [outcome("f", Status.PASSED, 1.0, "a"), outcome("f", Status.WRONG, 1.0, "b"),
                outcome("f", Status.GRADER_ERROR, 1.0, "c"),
                outcome("s", Status.WRONG, 1.0, "d"), outcome("s", Status.HELD, 1.0, "e")]
    fraction, summed = score_items(rubric, outcomes)
    assert (fraction.awarded, fraction.pending) == (1, 1)
    assert (summed.awarded, summed.pending) == (0, 1)


def test_a_missing_file_is_not_held_but_failed():
    rubric = [Item("f", "F", 4, scoring=Scoring.FRACTION)]
    score = score_items(rubric, [outcome("f", Status.PASSED), outcome("f", Status.NOT_RUN)])[0]
    assert score.awarded == 2 and not score.needs_review


def test_a_broken_check_is_pending_under_sum_scoring_too():
    # Issue 17, class 2: a bug in a suite's check lowered every student's score under SUM;
    # its point is now pending, for a person to score (issue 34).
    rubric = [Item("a", "A", 4)]
    outcomes = [outcome("a", Status.PASSED, 1.0, "x"), outcome("a", Status.PASSED, 1.0, "y"),
                outcome("a", Status.PASSED, 1.0, "z"), outcome("a", Status.GRADER_ERROR, 1.0, "w")]
    score = score_items(rubric, outcomes)[0]
    assert (score.awarded, score.pending, score.needs_review) == (3, 1, True)
