"""Marks a person gives: kept in a file of their own, which the grader reads and never writes.

A tutor scores the manual rubric items (style, documentation) and reviews the items held for
review; those scores live in ``marks.csv`` beside ``grades.csv`` (or wherever ``batch --marks``
names), one row per student and item::

    student,item,score,marker,note
    alice,style,6,Sam,clear names; two long functions
    bob,recursion,10,Sam,C++ goblin checked by hand

``batch`` reads the file on every run and shows the marks in ``grades.csv``, whose total counts
every scored item; since nothing the grader writes holds them, no rerun can lose them. A mark
for an auto item replaces that item's automatic score (a person who reviewed a held item
scores the whole item).
"""

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import Dict

from autograder.records import Item
from autograder.suite import Suite

__all__ = ["MARKS_COLUMNS", "Mark", "read_marks"]

# The file's columns, in order; marker and note may be left empty.
MARKS_COLUMNS = ("student", "item", "score", "marker", "note")


@dataclass(frozen=True)
class Mark:
    """One item's score, as a person gave it.

    Attributes:
        score: the points given, from 0 to the item's points.
        marker: who gave them.
        note: why, in the marker's words.
    """

    score: float
    marker: str = ""
    note: str = ""


def read_marks(path: Path, suite: Suite) -> Dict[str, Dict[str, Mark]]:
    """Return student -> item id -> :class:`Mark` from the marks file ``path``.

    A missing file means no marks yet. A later row for the same student and item replaces
    an earlier one (a remark made again).

    Args:
        path: the marks file.
        suite: the suite whose rubric the items belong to.

    Raises:
        ValueError: the file lacks a column, or a row names an item the rubric does not
            have or gives a score that is not a number from 0 to the item's points; the
            message names the file and line.
    """
    if not path.is_file():
        return {}
    items = {item.id: item for item in suite.rubric}
    marks: Dict[str, Dict[str, Mark]] = {}
    with path.open(newline="", encoding="utf-8-sig") as handle:
        rows = csv.DictReader(handle)
        missing = [column for column in MARKS_COLUMNS[:3] if column not in (rows.fieldnames or [])]
        if missing:
            raise ValueError(f"{path}: needs the columns {', '.join(MARKS_COLUMNS)} "
                             f"(missing: {', '.join(missing)})")
        for row in rows:
            where = f"{path}:{rows.line_num}"
            item = items.get((row["item"] or "").strip())
            if item is None:
                raise ValueError(f"{where}: no rubric item {row['item']!r} (items: "
                                 f"{', '.join(items)})")
            marks.setdefault(row["student"].strip(), {})[item.id] = Mark(
                _score(row["score"], item, where), (row.get("marker") or "").strip(),
                (row.get("note") or "").strip())
    return marks


def _score(text: str, item: Item, where: str) -> float:
    """Return the score ``text`` gives ``item``, read at ``where`` (file:line).

    Raises:
        ValueError: it is not a number from 0 to the item's points.
    """
    try:
        score = float(text)
    except (TypeError, ValueError):
        raise ValueError(f"{where}: score {text!r} is not a number") from None
    if not 0 <= score <= item.points:
        raise ValueError(f"{where}: score {score:g} is outside 0 to {item.points:g} "
                         f"({item.id})")
    return score
