"""Results as data (issue 36): every record goes to builtins and back, and a malformed one is
refused with the field it gets wrong."""

import json

import pytest

from autograder.records import (MAX_MESSAGE_CHARS, CheckOutcome, Finding, GradeResult, Item,
                                ItemScore, Kind, Limits, RecordStatus, Scoring, Status,
                                StudentRecord, Visibility, safe_text)
from autograder.rubric import score_items
from autograder.sandbox import IsolationLevel

RUBRIC = [Item("functionality", "Functionality", 8, scoring=Scoring.FRACTION, step=0.5),
          Item("style", "Style", 2, Kind.MANUAL)]


def outcome(name, item="functionality", status=Status.PASSED, weight=1.0, **fields):
    """Return an outcome of check ``name`` with the given fields."""
    return CheckOutcome(name, f"check_x.py::{name}", item, weight, Visibility.VISIBLE, 5.0,
                        status, **fields)


def outcomes():
    """Return one outcome of each kind the records must carry."""
    return [outcome("works"), outcome("partly", status=Status.WRONG, message="3 != 4",
                                      detail="- 3\n+ 4", credit=0.5),
            outcome("judged by a person", status=Status.HELD, message="C++"),
            outcome("comments", item="style", weight=0.0,
                    findings=[Finding("a2.py", 12, "Grid.get_size has no docstring"),
                              Finding("a2.py", None, "3 global statements"),
                              Finding("a2.py", 3, "global COUNT", depth=1), "no report"])]


class FakeSuite:
    """The part of a suite a result reads."""

    name, title, auto_points, total_points, rubric = "demo", "Demo", 8.0, 10.0, RUBRIC


class FakeSubmission:
    """The part of a submission a result reads."""

    path = name = "alice"


def as_json(data):
    """Return ``data`` after a trip through JSON text, as a file gives it back."""
    return json.loads(json.dumps(data))


def test_a_finding_is_formatted_only_when_shown():
    assert [str(finding) for finding in outcomes()[3].findings] == [
        "a2.py:12: Grid.get_size has no docstring", "a2.py: 3 global statements",
        "  a2.py:3: global COUNT", "no report"]
    with pytest.raises(ValueError, match="needs a file"):
        Finding("", 3, "a line of no file")


def test_a_finding_is_made_safe_as_its_whole_line_was():
    hostile = Finding("a\x1b[2J.py", 4, "x" * 2000)
    safe = hostile.made_safe(MAX_MESSAGE_CHARS)
    assert str(safe) == safe_text(str(hostile), MAX_MESSAGE_CHARS)
    escaped = Finding("a\x1b.py", 4, "tab\there").made_safe()
    assert (escaped.file, escaped.line, str(escaped)) == ("a\\x1b.py", 4, "a\\x1b.py:4: tab\there")


def test_an_outcome_goes_to_builtins_and_back():
    for original in outcomes():
        assert CheckOutcome.from_dict(as_json(original.to_dict())) == original


def test_a_grade_result_goes_to_builtins_and_back():
    checks = outcomes()
    result = GradeResult(FakeSuite(), FakeSubmission(), checks, score_items(RUBRIC, checks),
                         IsolationLevel.BWRAP, 1.5, ["required file x.py is missing"])
    again = GradeResult.from_dict(as_json(result.to_dict()), FakeSuite(), FakeSubmission(),
                                  IsolationLevel)
    assert again.to_dict() == result.to_dict()
    assert again.isolation is IsolationLevel.BWRAP
    assert [score.pending for score in again.scores] == [score.pending for score in result.scores]


def test_a_student_record_reads_a_grading_result_and_adds_the_batch_facts():
    checks = outcomes()
    result = GradeResult(FakeSuite(), FakeSubmission(), checks, score_items(RUBRIC, checks),
                         None, 1.5)
    record = StudentRecord.from_dict(as_json(result.to_dict()), student="alice",
                                     status=RecordStatus.GRADED, fingerprint="abc", wall_s=2.0)
    assert (record.student, record.status, record.auto_score) == (
        "alice", RecordStatus.GRADED, result.auto_score)
    assert [(s.item.id, s.awarded, len(s.held), s.pending) for s in record.scores] == [
        (s.item.id, s.awarded, len(s.held), s.pending) for s in result.scores]
    assert record.scores[1].findings == result.scores[1].findings
    assert StudentRecord.from_dict(as_json(record.to_dict())) == record


@pytest.mark.parametrize("change, field", [
    (lambda data: data.pop("student"), "'student' is missing"),
    (lambda data: data.update(auto_score="8"), "'auto_score' must be a number"),
    (lambda data: data.update(auto_score=True), "'auto_score' must be a number"),
    (lambda data: data.update(status="fine"), "'status' must be one of"),
    (lambda data: data.update(version=1), "'version' is 1"),
    (lambda data: data["checks"][0].update(visibility="public"), "'visibility' must be one of"),
    (lambda data: data["checks"][3]["findings"][0].update(line="12"),
     "'line' must be a whole number"),
    (lambda data: data["items"][0].pop("max"), "'max' is missing"),
    (lambda data: data.update(notes=[1]), "'notes' must be a list of strings"),
    (lambda data: data.update(items={}), "'items' must be a list"),
])
def test_a_malformed_student_record_names_its_field(change, field):
    checks = outcomes()
    record = StudentRecord("alice", RecordStatus.GRADED, 7.0, score_items(RUBRIC, checks),
                           checks)
    data = as_json(record.to_dict())
    change(data)
    with pytest.raises(ValueError, match=field):
        StudentRecord.from_dict(data)


def test_limits_go_to_builtins_and_back_and_refuse_what_is_no_limit():
    limits = Limits(wall_s=2.5, cpu_s=4, output_bytes=64 * 1024)
    assert Limits.from_dict(as_json(limits.to_dict())) == limits
    assert Limits.from_dict({"wall_s": 3}) == Limits(wall_s=3.0)
    for data, field in (({"cpu_s": 1.5}, "'cpu_s' must be a whole number"),
                        ({"wall_s": 0}, "'wall_s' must be above 0"),
                        ({"walls": 3}, "unknown field 'walls'"), ([], "expected a dict")):
        with pytest.raises(ValueError, match=field):
            Limits.from_dict(data)


def test_an_item_score_reads_its_own_checks_among_all():
    checks = outcomes()
    score = score_items(RUBRIC, checks)[0]
    again = ItemScore.from_dict(as_json(score.to_dict()), checks)
    assert again == score and again.item.scoring is Scoring.FRACTION
