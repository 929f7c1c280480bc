"""The class report: one self-contained ``report.html`` a batch writes beside ``grades.csv``.

``autograder batch`` ends by calling :func:`write_class_report`, which reads back the
``grades.csv`` it has just written (so every number on the page is the one in the file) and
the batch's records (for each check's outcome and each student's time), and writes
``OUT/report.html``::

    summary            submissions, graded / grader error / unreadable, mean and median total
    distributions      an SVG histogram of the total and of every rubric item
    item analysis      the pass rate of every check, hardest first, with its rubric item
    attention          students not graded cleanly, and checks held for a person
    slowest            the students whose grading took longest
    students           every row of grades.csv, each linked to its report (reports/NAME.txt)

The page needs no network and no script: its style sheet and plots are inline (plain SVG,
drawn here), so it opens from a folder, an e-mail or an archive as it is. Every piece of
student text is escaped.
"""

import csv
import html
import math
import statistics
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple
from urllib.parse import quote

from autograder.records import Status, StudentRecord
from autograder.suite import Suite

__all__ = ["REPORT_FILE", "write_class_report"]

REPORT_FILE = "report.html"
GRADES_FILE = "grades.csv"
# What grades.csv says for an item waiting for a person, and its clean status.
PENDING = "pending"
GRADED = "graded"
# Bin widths a histogram may use: the smallest that gives at most MAX_BINS bins is taken, so
# bins fall on round numbers of points, and never narrower than half a point (the finest step
# a rubric item here is marked in, below two decimals).
BIN_WIDTHS = (0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
MAX_BINS = 10
# Histogram geometry, in SVG user units (pixels at 100 %).
PLOT_WIDTH, PLOT_HEIGHT = 360, 150
PLOT_MARGIN_TOP, PLOT_MARGIN_BOTTOM, PLOT_MARGIN_SIDE = 18, 34, 12
BAR_GAP = 2
# Width of a pass-rate bar at 100 %, in pixels.
RATE_BAR_WIDTH = 160
SLOWEST_SHOWN = 10
BAR_COLOUR = "#3b6ea8"
RATE_COLOUR = "#4c956c"
STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 75em; }
h1 { margin-bottom: 0.2em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #e3e3e3; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.plots { display: flex; flex-wrap: wrap; gap: 1.5em; }
figure { margin: 0; } figcaption { font-weight: 600; margin-bottom: 0.3em; }
svg text { font-size: 11px; fill: #333; }
.note { color: #666; }
.bad { color: #a4262c; }
"""


def write_class_report(out: Path, suite: Suite, records: Sequence[StudentRecord]) -> Path:
    """Write ``out/report.html`` from ``out/grades.csv`` and the batch's records.

    Args:
        out: the batch's output folder, holding the ``grades.csv`` just written.
        suite: the assignment's suite (its title and rubric).
        records: the records grades.csv was written from, in its row order.

    Returns:
        The path of the page written.
    """
    with (out / GRADES_FILE).open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    # grades.csv is written from the records, a row each in their order: a file that does
    # not match them is not the one this batch wrote.
    if len(rows) != len(records):
        raise ValueError(f"{out / GRADES_FILE}: {len(rows)} rows for {len(records)} "
                         f"students; the class report was not written")
    page = render_class_report(suite, rows, records, out)
    path = out / REPORT_FILE
    path.write_text(page, encoding="utf-8")
    return path


def render_class_report(suite: Suite, rows: Sequence[Mapping[str, str]],
                        records: Sequence[StudentRecord], out: Path) -> str:
    """Return the page for ``rows`` of grades.csv and their ``records``.

    Args:
        suite: the assignment's suite.
        rows: grades.csv's rows, as :class:`csv.DictReader` reads them.
        records: the batch's records, one per row and in the same order.
        out: the output folder (links point into it, relative to the page).
    """
    title = f"{suite.title}: class report"
    parts = [f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
             f"<title>{_esc(title)}</title><style>{STYLE}</style></head><body>",
             f"<h1>{_esc(title)}</h1>", _summary(suite, rows),
             _distributions(suite, rows), _item_analysis(suite, records),
             _attention(rows, records), _slowest(rows, records, out),
             _students(suite, rows, records, out),
             "</body></html>\n"]
    return "\n".join(parts)


def _esc(text: object) -> str:
    """Return ``text`` escaped for HTML text and attribute values."""
    return html.escape(str(text), quote=True)


def _number(cell: str) -> Optional[float]:
    """Return a grades.csv cell as a number, or None where it is not one ("pending")."""
    try:
        return float(cell)
    except (TypeError, ValueError):
        return None


def _summary(suite: Suite, rows: Sequence[Mapping[str, str]]) -> str:
    """Return the counts and the mean and median of the totals."""
    totals = [value for value in (_number(row["total"]) for row in rows) if value is not None]
    statuses: Dict[str, int] = {}
    for row in rows:
        statuses[row["status"]] = statuses.get(row["status"], 0) + 1
    counts = ", ".join(f"<span data-status=\"{_esc(status)}\">{count} {_esc(status)}</span>"
                       for status, count in sorted(statuses.items()))
    lines = [f"<p><span id=\"submissions\">{len(rows)}</span> submissions: {counts}.</p>"]
    if totals:
        lines.append(f"<p>Total (every scored item, of {suite.total_points:g}; manual items "
                     f"not yet marked count nothing): mean <span id=\"mean-total\">"
                     f"{statistics.mean(totals):.2f}</span>, median <span id=\"median-total\">"
                     f"{statistics.median(totals):g}</span>.</p>")
    return "\n".join(lines)


def bins_for(maximum: float) -> List[Tuple[float, float]]:
    """Return the histogram bins for scores from 0 to ``maximum``: ``(low, high)`` pairs of
    one round width (see :data:`BIN_WIDTHS`), at most :data:`MAX_BINS` of them.

    >>> bins_for(8)[:2], len(bins_for(8))
    ([(0, 1), (1, 2)], 8)
    >>> bins_for(15)[-1], bins_for(100)[-1], bins_for(2)
    ((14, 16), (90, 100), [(0.0, 0.5), (0.5, 1.0), (1.0, 1.5), (1.5, 2.0)])
    """
    width = next((width for width in BIN_WIDTHS if maximum / width <= MAX_BINS),
                 BIN_WIDTHS[-1])
    count = max(1, math.ceil(maximum / width))
    return [(index * width, (index + 1) * width) for index in range(count)]


def bin_counts(values: Sequence[float], bins: Sequence[Tuple[float, float]]) -> List[int]:
    """Return how many ``values`` fall in each bin: ``low <= value < high``, and the last
    bin also takes its high end (a full mark) and anything above it."""
    counts = [0] * len(bins)
    for value in values:
        index = next((i for i, (low, high) in enumerate(bins) if low <= value < high),
                     len(bins) - 1 if value >= bins[-1][0] else 0)
        counts[index] += 1
    return counts


def _histogram(name: str, caption: str, values: Sequence[float], maximum: float,
               pending: int) -> str:
    """Return a figure with an SVG histogram of ``values`` on a scale of 0 to ``maximum``.

    Each bar carries its bin (``data-low``, ``data-high``) and count (``data-count``), and
    its count is written above it; the bins' edges are marked on the axis. ``pending``
    cells (no mark yet) are counted in the caption.
    """
    note = f" <span class=\"note\">({pending} pending)</span>" if pending else ""
    head = f"<figure id=\"plot-{_esc(name)}\"><figcaption>{_esc(caption)}{note}</figcaption>"
    if not values:
        return head + "<p class=\"note\">No marks yet.</p></figure>"
    bins = bins_for(maximum)
    counts = bin_counts(values, bins)
    tallest = max(counts)
    inner = PLOT_HEIGHT - PLOT_MARGIN_TOP - PLOT_MARGIN_BOTTOM
    axis_y = PLOT_MARGIN_TOP + inner
    slot = (PLOT_WIDTH - 2 * PLOT_MARGIN_SIDE) / len(bins)
    shapes = []
    for index, ((low, high), count) in enumerate(zip(bins, counts)):
        height = inner * count / tallest
        x, y = PLOT_MARGIN_SIDE + index * slot, axis_y - height
        shapes.append(
            f"<g class=\"bar\" data-low=\"{low:g}\" data-high=\"{high:g}\" "
            f"data-count=\"{count}\"><title>{low:g} to {high:g} points: {count}</title>"
            f"<rect x=\"{x + BAR_GAP / 2:.1f}\" y=\"{y:.1f}\" width=\"{slot - BAR_GAP:.1f}\" "
            f"height=\"{height:.1f}\" fill=\"{BAR_COLOUR}\"/>"
            f"<text x=\"{x + slot / 2:.1f}\" y=\"{y - 4:.1f}\" text-anchor=\"middle\" "
            f"class=\"count\">{count}</text></g>")
    edges = [low for low, _ in bins] + [bins[-1][1]]
    shapes += [f"<text x=\"{PLOT_MARGIN_SIDE + index * slot:.1f}\" y=\"{axis_y + 14}\" "
               f"text-anchor=\"middle\">{edge:g}</text>" for index, edge in enumerate(edges)]
    return (f"{head}<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{PLOT_WIDTH}\" "
            f"height=\"{PLOT_HEIGHT}\" role=\"img\" aria-label=\"{_esc(caption)}\">"
            f"<line x1=\"{PLOT_MARGIN_SIDE}\" y1=\"{axis_y}\" "
            f"x2=\"{PLOT_WIDTH - PLOT_MARGIN_SIDE}\" y2=\"{axis_y}\" stroke=\"#888\"/>"
            f"{''.join(shapes)}<text x=\"{PLOT_WIDTH / 2}\" y=\"{PLOT_HEIGHT - 4}\" "
            f"text-anchor=\"middle\">points (a full mark counts in the last bar)</text>"
            f"</svg></figure>")


def _distributions(suite: Suite, rows: Sequence[Mapping[str, str]]) -> str:
    """Return the histograms of the total and of every rubric item that carries points."""
    figures = [_histogram("total", f"Total (of {suite.total_points:g})",
                          [_number(row["total"]) or 0.0 for row in rows],
                          suite.total_points, 0)]
    for item in suite.rubric:
        if item.points <= 0:
            continue  # an advisory item: nothing to distribute
        cells = [row[item.id] for row in rows]
        values = [value for value in map(_number, cells) if value is not None]
        figures.append(_histogram(item.id, f"{item.title} (of {item.points:g})", values,
                                  item.points, len(cells) - len(values)))
    return ("<h2>Score distributions</h2><div class=\"plots\">" + "".join(figures)
            + "</div>")


def _item_analysis(suite: Suite, records: Sequence[StudentRecord]) -> str:
    """Return the table of every check's pass rate, hardest first.

    A check's rate is the share of the submissions it judged that passed it: submissions on
    which it was held for a person or broke on the grader's side are counted apart.
    """
    tally: Dict[str, Dict[str, object]] = {}
    for record in records:
        for check in record.outcomes:
            entry = tally.setdefault(check.name, {"item": check.item,
                                                  "passed": 0, "judged": 0, "apart": 0})
            if check.status in (Status.HELD, Status.GRADER_ERROR):
                entry["apart"] += 1
            else:
                entry["judged"] += 1
                entry["passed"] += check.status is Status.PASSED
    if not tally:
        return "<h2>Item analysis</h2><p class=\"note\">No check ran.</p>"
    titles = {item.id: item.title for item in suite.rubric}

    def rate(name: str) -> float:
        entry = tally[name]
        return entry["passed"] / entry["judged"] if entry["judged"] else 1.0

    lines = ["<h2>Item analysis: pass rate of every check</h2>",
             "<table id=\"checks\"><tr><th>check</th><th>rubric item</th>"
             "<th class=\"num\">passed</th><th class=\"num\">judged</th>"
             "<th class=\"num\">rate</th><th></th><th class=\"num\">held or broken</th></tr>"]
    for name in sorted(tally, key=lambda n: (rate(n), n)):
        entry = tally[name]
        share = rate(name)
        lines.append(
            f"<tr><td>{_esc(name)}</td><td>{_esc(titles.get(entry['item'], entry['item']))}"
            f"</td><td class=\"num\">{entry['passed']}</td><td class=\"num\">"
            f"{entry['judged']}</td><td class=\"num\">{100 * share:.0f}%</td>"
            f"<td><svg width=\"{RATE_BAR_WIDTH}\" height=\"10\"><rect width=\""
            f"{RATE_BAR_WIDTH * share:.1f}\" height=\"10\" fill=\"{RATE_COLOUR}\"/></svg></td>"
            f"<td class=\"num\">{entry['apart'] or ''}</td></tr>")
    lines.append("</table>")
    return "\n".join(lines)


def _attention(rows: Sequence[Mapping[str, str]], records: Sequence[StudentRecord]) -> str:
    """Return the students not graded cleanly, and those with checks held for a person."""
    failed = [row for row in rows if row["status"] != GRADED]
    held = [(row, record) for row, record in zip(rows, records)
            if any(score.held for score in record.scores)]
    lines = ["<h2>Needing attention</h2>"]
    if failed:
        lines.append("<p>Not graded cleanly (the status column of grades.csv):</p>"
                     "<table id=\"failed\"><tr><th>student</th><th>status</th><th>why</th></tr>")
        lines += [f"<tr><td>{_esc(row['student'])}</td><td class=\"bad\">{_esc(row['status'])}"
                  f"</td><td>{_esc(row['notes'])}</td></tr>" for row in failed]
        lines.append("</table>")
    else:
        lines.append("<p>Every submission was graded cleanly.</p>")
    if held:
        lines.append("<p>Checks held for a person (their points wait for a mark in "
                     "marks.csv):</p><table id=\"held\"><tr><th>student</th>"
                     "<th>waiting</th></tr>")
        lines += [f"<tr><td>{_esc(row['student'])}</td><td>{_esc(row['needs_review'])}</td>"
                  f"</tr>" for row, _ in held]
        lines.append("</table>")
    return "\n".join(lines)


def _report_link(student: str, out: Path) -> str:
    """Return a link to the terminal report (or results.json) of ``student`` (the record's
    name, which names the files), relative to the page, or "" when neither was written."""
    for folder, suffix in (("reports", ".txt"), ("results", ".json")):
        if (out / folder / f"{student}{suffix}").is_file():
            return (f"<a href=\"{folder}/{quote(student + suffix)}\">"
                    f"{'report' if folder == 'reports' else 'results'}</a>")
    return ""


def _slowest(rows: Sequence[Mapping[str, str]], records: Sequence[StudentRecord],
             out: Path) -> str:
    """Return the students whose grading took longest."""
    ranked = sorted(zip(rows, records),
                    key=lambda pair: -(_number(pair[0]["seconds"]) or 0.0))[:SLOWEST_SHOWN]
    lines = ["<h2>Slowest gradings</h2><table id=\"slowest\"><tr><th>student</th>"
             "<th class=\"num\">seconds</th><th></th></tr>"]
    lines += [f"<tr><td>{_esc(row['student'])}</td><td class=\"num\">{_esc(row['seconds'])}"
              f"</td><td>{_report_link(record.student, out)}</td></tr>"
              for row, record in ranked]
    lines.append("</table>")
    return "\n".join(lines)


def _students(suite: Suite, rows: Sequence[Mapping[str, str]], records: Sequence[StudentRecord],
              out: Path) -> str:
    """Return every row of grades.csv as a table, each linked to the student's report."""
    columns = [item.id for item in suite.rubric] + ["auto_total", "total"]
    heads = "".join(f"<th class=\"num\">{_esc(name)}</th>" for name in columns)
    lines = ["<h2>Students</h2><table id=\"students\"><tr><th>student</th>"
             f"{heads}<th>status</th><th>waiting for a person</th><th></th></tr>"]
    for row, record in zip(rows, records):
        cells = "".join(f"<td class=\"num\" data-column=\"{_esc(name)}\">{_esc(row[name])}</td>"
                        for name in columns)
        lines.append(f"<tr><td data-column=\"student\">{_esc(row['student'])}</td>{cells}"
                     f"<td data-column=\"status\">{_esc(row['status'])}</td>"
                     f"<td>{_esc(row['needs_review'])}</td>"
                     f"<td>{_report_link(record.student, out)}</td></tr>")
    lines.append("</table>")
    return "\n".join(lines)
