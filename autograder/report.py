"""Reports of a grading run: the instructor's terminal view and Gradescope's results.json.

Renderers take :class:`~autograder.records.GradeResult` data and return text or dicts;
only :mod:`autograder.cli` writes them anywhere.
"""

import textwrap
from typing import Dict, List, Sequence

from autograder.outcome import NOT_RUN_PREFIX, describe_status
from autograder.records import CheckOutcome, GradeResult, ItemScore, Kind, Status
# What each isolation level below bwrap does not protect: its class says (one per level).
from autograder.sandbox.levels import LEVEL_CAVEATS

__all__ = ["gradescope_results", "render_summary_table", "render_text"]

# ANSI colours used on a terminal only.
GREEN, RED, YELLOW, BOLD, RESET = "\033[32m", "\033[31m", "\033[33m", "\033[1m", "\033[0m"
# Width of the rubric item column in the terminal table, in characters.
TITLE_WIDTH = 44
# The note grading adds for a graded file that does not compile, and what the checks that
# import it then report.
COMPILE_NOTE = "does not compile"
SYNTAX_ERROR = "SyntaxError"
# Per rubric item, this many different failures are shown in full, the rest in a line.
FAILURES_IN_FULL = 3
# Checks that failed the same way as one shown in full are named up to this many, then counted.
SAME_CAUSE_NAMED = 5
# Decimal places of Gradescope's per-test points.
GRADESCOPE_DECIMALS = 4
# How the message of a check that was never run begins.
# Failure details longer than this many lines are shortened in the terminal report.
DETAIL_LINES = 40
NEEDS_REVIEW = "needs review"
# What a held check's Gradescope entry says first: its points wait for a person.
PENDING_NOTE = ("Held for review: this check counts 0 here until a person scores it "
                "(it neither earns nor loses points automatically).")


def _paint(text: str, colour: str, enabled: bool) -> str:
    """Return ``text`` in ``colour`` when colour is ``enabled``."""
    return f"{colour}{text}{RESET}" if enabled else text


def _points(value: float) -> str:
    """Format points without needless decimals (8 -> '8', 7.5 -> '7.5')."""
    return f"{value:g}"


def _item_row(score: ItemScore, colour: bool) -> str:
    """Return one line of the rubric table."""
    title = score.item.title[:TITLE_WIDTH].ljust(TITLE_WIDTH)
    if score.item.kind is Kind.MANUAL:
        awarded = _paint(NEEDS_REVIEW.rjust(12), YELLOW, colour)
        return f"  {title}{awarded} / {_points(score.item.points)}"
    full = score.awarded >= score.item.points
    colour_code = YELLOW if score.needs_review else GREEN if full else RED
    awarded = _paint(_points(score.awarded).rjust(12), colour_code, colour)
    # How the points came about: a fraction item rounds, so the count explains it.
    passed = sum(1 for outcome in score.outcomes if outcome.passed)
    counted = len(score.outcomes) - len(score.held)
    why = f"{passed}/{counted} checks passed"
    if score.needs_review:
        why += f"; {len(score.held)} held, {_points(score.pending)} pending, {NEEDS_REVIEW}"
    return f"  {title}{awarded} / {_points(score.item.points)}   ({why})"


def _failure_group(outcomes: Sequence[CheckOutcome], grouped_cause: str = "") -> List[str]:
    """Return the report of one item's failed checks, readable however many there are.

    Checks that failed the same way (same status and message: one cause, such as a file
    that does not compile) are told once with their count, as are all failures whose
    message names ``grouped_cause``; the first :data:`FAILURES_IN_FULL` causes are shown
    in full, the rest one line each.
    """
    causes: Dict[tuple, List[CheckOutcome]] = {}
    for outcome in outcomes:
        key = ((grouped_cause,) if grouped_cause and grouped_cause in outcome.message
               else (outcome.status, outcome.message))
        causes.setdefault(key, []).append(outcome)
    lines = []
    for index, same in enumerate(causes.values()):
        first = same[0]
        if index < FAILURES_IN_FULL:
            lines.append(_failure_block(first))
        else:
            lines.append(f"  - [{first.item}] {first.name}: "
                         f"{describe_status(first.status, first.timeout_s)}: {first.message}")
        if len(same) > 1:
            others = [o.name for o in same[1:]]
            named = others[:SAME_CAUSE_NAMED] + (
                [f"and {len(others) - SAME_CAUSE_NAMED} more"]
                if len(others) > SAME_CAUSE_NAMED else [])
            lines.append(f"      ... and {len(others)} more checks failed the same way: "
                         + "; ".join(named))
    return lines


def _failure_block(outcome: CheckOutcome) -> str:
    """Return the report of one failed check: status, message and detail."""
    status = describe_status(outcome.status, outcome.timeout_s)
    lines = [f"  - [{outcome.item}] {outcome.name}: {status}"]
    if outcome.message:
        lines.append(f"      {outcome.message}")
    detail = outcome.detail.rstrip("\n").splitlines()
    if len(detail) > DETAIL_LINES:
        detail = detail[:DETAIL_LINES] + [f"... ({len(detail) - DETAIL_LINES} more lines)"]
    lines += [textwrap.indent(line, "        ") for line in detail]
    return "\n".join(lines)


def render_text(result: GradeResult, colour: bool = False) -> str:
    """Return the terminal report of one grading run.

    Args:
        result: the grading run.
        colour: whether to use ANSI colours (only when writing to a terminal).

    Returns:
        A rubric table (awarded / max per item), then each failed check with its
        message and diff, then the advisory findings for manual items.
    """
    suite = result.suite
    isolation = result.isolation.value if result.isolation else "no code run"
    lines = [_paint(f"{suite.title}: {result.submission.name}", BOLD, colour),
             f"  isolation: {isolation}; {len(result.outcomes)} checks in "
             f"{result.duration_s:.2f} s"]
    if isolation in LEVEL_CAVEATS:
        lines.append(f"  caution: {LEVEL_CAVEATS[isolation]}")
    lines.append("")
    lines += [_item_row(score, colour) for score in result.scores]
    lines.append(f"  {'Auto-graded total'.ljust(TITLE_WIDTH)}"
                 f"{_points(result.auto_score).rjust(12)} / {_points(suite.auto_points)}")
    lines += [f"  note: {note}" for note in result.notes]
    failed = [o for o in result.outcomes if not o.passed and suite.item(o.item).kind is Kind.AUTO
              and o.status is not Status.HELD]
    held = [o for o in result.outcomes if o.status is Status.HELD]
    # A file that does not compile makes every check that imports it crash alike.
    grouped_cause = SYNTAX_ERROR if any(COMPILE_NOTE in note for note in result.notes) else ""
    causes = {(o.status, o.message) for o in failed}
    if len(causes) == 1 and not any(o.passed for o in result.outcomes) \
            and next(iter(causes))[0] is Status.NOT_RUN:
        # One cause stopped every check (nothing handed in): one line says it.
        cause = next(iter(causes))[1]
        if cause.startswith(NOT_RUN_PREFIX):
            cause = cause[len(NOT_RUN_PREFIX):]
        lines += ["", f"No check ran: {cause}"]
    elif failed:
        lines += ["", _paint(f"Failed checks ({len(failed)}):", BOLD, colour)]
        for score in result.scores:
            mine = [outcome for outcome in failed if outcome.item == score.item.id]
            if mine:
                lines += [f"  {score.item.title} ({len(mine)} failed):"]
                lines += _failure_group(mine, grouped_cause)
    if held:
        lines += ["", _paint(f"Held for the marker ({len(held)}):", BOLD, colour)]
        lines += [_failure_block(outcome) for outcome in held]
    if result.attachments:
        lines += ["", _paint(f"Attachments ({len(result.attachments)}):", BOLD, colour)]
        lines += [f"  - {a.name} ({len(a.data)} bytes, from {a.check})"
                  for a in result.attachments]
    for score in result.scores:
        findings = score.finding_records
        if score.needs_review and findings:
            lines += ["", _paint(f"Advisory findings for {score.item.title} "
                                 f"({len(findings)}):", BOLD, colour)]
            lines += [f"  - {finding}" for finding in findings]
    return "\n".join(lines) + "\n"


def render_summary_table(results: Sequence[GradeResult], colour: bool = False) -> str:
    """Return one table with a row per graded submission: the main job's output."""
    header = f"  {'Assignment'.ljust(28)}{'Submission'.ljust(20)}{'Auto'.rjust(12)}   " \
             f"{'Manual'.rjust(8)}  {'Checks'.rjust(9)}  {'Seconds'.rjust(7)}  Isolation"
    lines = [_paint(header, BOLD, colour)]
    for result in results:
        suite = result.suite
        manual = sum(item.points for item in suite.rubric if item.kind is Kind.MANUAL)
        passed = sum(1 for o in result.outcomes if o.passed)
        full = result.auto_score >= suite.auto_points
        auto = _paint(f"{_points(result.auto_score)} / {_points(suite.auto_points)}".rjust(12),
                      GREEN if full else RED, colour)
        lines.append(f"  {suite.title[:27].ljust(28)}{result.submission.name[:19].ljust(20)}"
                     f"{auto}   {_points(manual).rjust(8)}  "
                     f"{f'{passed}/{len(result.outcomes)}'.rjust(9)}  "
                     f"{result.duration_s:7.2f}  "
                     f"{result.isolation.value if result.isolation else '-'}")
    return "\n".join(lines) + "\n"


def apportion(total: float, weights: Sequence[float], decimals: int = GRADESCOPE_DECIMALS
              ) -> List[float]:
    """Return ``total`` split in proportion to ``weights``, each part rounded to ``decimals``
    places so that the parts add up to ``total`` rounded the same way: the units left over
    by rounding down go to the parts that lost the most (the largest remainder method).

    >>> apportion(8, [1, 1, 1])
    [2.6667, 2.6667, 2.6666]
    >>> apportion(1, [0, 0])
    [0.0, 0.0]
    """
    scale = 10 ** decimals
    units = round(total * scale)
    whole = sum(weights)
    if whole <= 0 or units <= 0:
        return [0.0] * len(weights)
    exact = [units * weight / whole for weight in weights]
    parts = [int(share) for share in exact]
    by_remainder = sorted(range(len(exact)), key=lambda index: parts[index] - exact[index])
    for index in by_remainder[:units - sum(parts)]:
        parts[index] += 1
    return [part / scale for part in parts]


def _scores(score: ItemScore, counted: Sequence[CheckOutcome], maxima: Sequence[float]
            ) -> List[float]:
    """Return the Gradescope score of each check of an auto item, adding up to the points
    the item awarded: a passed check scores its whole maximum, and what the item awarded
    beyond the passed checks is shared among its other counted checks by what each earned
    (where the item's rounding leaves no such share, every check gets its part of the
    award by what it earned)."""
    passed = [o.passed and o in counted for o in score.outcomes]
    rest = round(score.awarded - sum(m for m, won in zip(maxima, passed) if won),
                 GRADESCOPE_DECIMALS)
    partial = [o.earned if o in counted and not won else 0.0
               for o, won in zip(score.outcomes, passed)]
    if rest < 0 or (rest and not any(partial)):
        return apportion(score.awarded, [o.earned if o in counted else 0.0
                                         for o in score.outcomes])
    shared = apportion(rest, partial)
    return [m if won else part for m, won, part in zip(maxima, passed, shared)]


def _test_entries(result: GradeResult) -> List[Dict]:
    """Return Gradescope test entries: one per check, then one per manual item.

    Each check's maximum is its share of its item's points, and its score its share of the
    points the item awarded (by what each check earned; a held check earns 0 until a person
    scores it); both are apportioned so that the tests add up exactly to the item's points
    and to the total Gradescope shows.
    """
    entries = []
    for score in result.scores:
        auto = score.item.kind is Kind.AUTO
        counted = [o for o in score.outcomes if o not in score.held]
        maxima = apportion(score.item.points if auto else 0.0,
                           [o.weight for o in score.outcomes])
        earned = _scores(score, counted, maxima) if auto else [0.0] * len(maxima)
        for outcome, share, got in zip(score.outcomes, maxima, earned):
            output = outcome.message + ("\n\n" + outcome.detail if outcome.detail else "")
            if auto and outcome in score.held:
                output = f"{PENDING_NOTE}\n\n{output}"
            entries.append({
                "name": outcome.name,
                "score": got,
                "max_score": share,
                "status": "passed" if outcome.passed else "failed",
                "output": output or describe_status(outcome.status, outcome.timeout_s),
                "tags": [score.item.id, outcome.status.value],
                "visibility": outcome.visibility.value,
            })
        if score.needs_review:
            findings = ("\n".join(f"- {finding}" for finding in score.finding_records)
                        or "no advisory findings")
            entries.append({
                "name": f"{score.item.title} ({_points(score.item.points)} points, "
                        f"{NEEDS_REVIEW} by a person)",
                "score": 0.0, "max_score": 0.0, "status": "passed",
                "output": "Advisory findings:\n" + findings,
                "tags": [score.item.id, "manual" if score.item.kind is Kind.MANUAL else "held"],
                "visibility": "after_published",
            })
    for number, entry in enumerate(entries, start=1):
        entry["number"] = str(number)
    return entries


def gradescope_results(result: GradeResult) -> Dict:
    """Return Gradescope's results.json for one grading run.

    The top-level ``score`` is the auto-graded total (manual items count 0 until a
    person reviews them); per-check scores are each check's share of its item.
    """
    summary = [f"{s.item.title}: "
               f"{NEEDS_REVIEW if s.item.kind is Kind.MANUAL else _points(s.awarded)}"
               f" / {_points(s.item.points)}"
               f"{f' ({_points(s.pending)} pending: {NEEDS_REVIEW})' if s.held else ''}"
               for s in result.scores]
    isolation = result.isolation.value if result.isolation else "no code run"
    return {
        "score": result.auto_score,
        "execution_time": round(result.duration_s, 3),
        "output": "\n".join(summary + [f"Isolation: {isolation}"]
                            + ([f"Caution: {LEVEL_CAVEATS[isolation]}"]
                               if isolation in LEVEL_CAVEATS else [])
                            + result.notes),
        "stdout_visibility": "hidden",
        "tests": _test_entries(result),
    }
