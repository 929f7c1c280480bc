"""What a batch writes for people: grades.csv, gradebook.csv and the summary it prints.

Every number comes from the students' records (:class:`~autograder.records.StudentRecord`)
and the marks a person typed into marks.csv (:mod:`autograder.marks`), which replace an
item's automatic score; nothing here grades.
"""

import csv
import statistics
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from autograder.marks import Mark
from autograder.outcome import safe_cell
from autograder.records import Kind, RecordStatus, Status, StudentRecord
from autograder.suite import Suite

__all__ = ["render_batch_summary", "write_gradebook", "write_grades_csv"]

# Identity columns of grades.csv, filled from the export where it has them.
IDENTITY_COLUMNS = ("submission_id", "sid", "email")
# What grades.csv shows for an item that waits for a person's mark.
PENDING = "pending"
HISTOGRAM_BINS = 10
HISTOGRAM_WIDTH = 40
SLOWEST_SHOWN = 5


def write_grades_csv(path: Path, suite: Suite, records: Sequence[StudentRecord],
                     marks: Optional[Mapping[str, Mapping[str, Mark]]] = None) -> None:
    """Write grades.csv: one row per student.

    Columns: student; the export's ids of the student (submission id, sid, email; blank
    where the class folder has none); each rubric item's points (a person's mark from
    ``marks`` where there is one, which replaces an auto item's score; "pending" for a
    manual item no one has scored yet); the auto-graded total; the total of every scored
    item; status; the items that wait for a person, each with its pending points (a manual
    item, or an auto item with checks held for review: they earn nothing until a person
    scores the item); notes (missing files, why grading failed); seconds. Every cell is
    made safe for a spreadsheet (``safe_cell``): no control characters, and no student text
    read as a formula.
    """
    marks = marks or {}
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", *IDENTITY_COLUMNS, *[item.id for item in suite.rubric],
                         "auto_total", "total", "status", "needs_review", "notes", "seconds"])
        for record in records:
            scored, waiting = _item_marks(suite, record, marks.get(record.student, {}))
            cells = [PENDING if scored[item.id] is None else f"{scored[item.id]:g}"
                     for item in suite.rubric]
            notes = list(record.notes) + ([record.message] if record.message else [])
            total = round(sum(value for value in scored.values() if value is not None), 2)
            row = [record.student, *[record.identity.get(column, "")
                                     for column in IDENTITY_COLUMNS],
                   *cells, f"{record.auto_score:g}", f"{total:g}", record.status.value,
                   "; ".join(waiting), "; ".join(notes), f"{record.duration_s:.2f}"]
            writer.writerow([safe_cell(cell) for cell in row])


def write_gradebook(path: Path, suite: Suite, records: Sequence[StudentRecord],
                    marks: Optional[Mapping[str, Mapping[str, Mark]]] = None) -> None:
    """Write gradebook.csv, for a learning system's gradebook import: one row per student
    with the ids the class folder gives (sid, email) and the assignment's total so far
    (every scored item, as in grades.csv), in a column named after the assignment."""
    marks = marks or {}
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "sid", "email", f"{suite.title} ({suite.total_points:g})"])
        for record in records:
            scored, _ = _item_marks(suite, record, marks.get(record.student, {}))
            total = round(sum(value for value in scored.values() if value is not None), 2)
            writer.writerow([safe_cell(cell) for cell in (
                record.student, record.identity.get("sid", ""), record.identity.get("email", ""),
                f"{total:g}")])


def _item_marks(suite: Suite, record: StudentRecord, marks: Mapping[str, Mark]
                ) -> Tuple[Dict[str, Optional[float]], List[str]]:
    """Return, for one student, item id -> the points they have for it (a person's mark,
    else the auto score, else None: a manual item no one has scored), and the items that
    wait for a person's mark, each with the points pending."""
    items = {score.item.id: score for score in record.scores}
    scored: Dict[str, Optional[float]] = {}
    waiting = []
    for item in suite.rubric:
        score = items.get(item.id)
        if item.id in marks:
            scored[item.id] = marks[item.id].score
            continue
        if item.kind is Kind.AUTO:
            scored[item.id] = float(score.awarded) if score is not None else 0.0
            if score is not None and score.held:
                waiting.append(f"{item.id} ({score.pending:g} pending)")
        else:
            scored[item.id] = None
            waiting.append(f"{item.id} ({item.points:g} pending)")
    return scored, waiting


def _histogram(totals: Sequence[float], maximum: float) -> List[str]:
    """Return a text histogram of ``totals`` over ``HISTOGRAM_BINS`` equal bins."""
    width = (maximum or 1) / HISTOGRAM_BINS
    counts = [0] * HISTOGRAM_BINS
    for total in totals:
        counts[min(int(total / width), HISTOGRAM_BINS - 1)] += 1
    scale = HISTOGRAM_WIDTH / max(max(counts), 1)
    return [f"  {index * width:6.1f} - {(index + 1) * width:6.1f} | "
            f"{'#' * round(count * scale)} {count}" for index, count in enumerate(counts)]


def render_batch_summary(suite: Suite, records: Sequence[StudentRecord]) -> str:
    """Return the end-of-batch summary: totals, histogram, check pass rates, slowest."""
    totals = [record.auto_score for record in records]
    lines = [f"{suite.title}: {len(records)} submissions"]
    if not records:
        return lines[0] + "\n"
    statuses = {status: sum(1 for r in records if r.status is status) for status in RecordStatus}
    broken, unreadable = statuses[RecordStatus.GRADER_ERROR], statuses[RecordStatus.UNREADABLE]
    reused = sum(1 for r in records if r.skipped)
    fresh = sum(1 for r in records if r.status is RecordStatus.GRADED and not r.skipped)
    lines.append(f"  {fresh} graded in this run, {reused} kept from an "
                 f"earlier run (files and suite unchanged), {broken} with a "
                 f"check broken on the grader's side, {unreadable} unreadable")
    lines.append(f"  mean {statistics.mean(totals):.2f}, median {statistics.median(totals):g}"
                 f" of {suite.auto_points:g} auto-graded points")
    lines += ["", "Totals:"] + _histogram(totals, suite.auto_points)
    passed: Dict[str, List[int]] = {}
    for record in records:
        for check in record.outcomes:
            tally = passed.setdefault(check.name, [0, 0])
            tally[0] += check.status is Status.PASSED
            tally[1] += 1
    if passed:
        lines += ["", "Pass rate of every check (hardest first):"]
        for name, (ok, seen) in sorted(passed.items(), key=lambda kv: (kv[1][0] / kv[1][1], kv[0])):
            lines.append(f"  {100 * ok / seen:5.1f}%  {ok:>4}/{seen:<4} {name}")
    slowest = sorted(records, key=lambda r: -r.duration_s)[:SLOWEST_SHOWN]
    lines += ["", "Slowest submissions:"]
    lines += [f"  {r.duration_s:7.2f} s  {r.student}" for r in slowest]
    return "\n".join(lines) + "\n"
