"""Compare a suite's scores with known ones: how an instructor learns to trust a suite.

``autograder calibrate SUITE CLASSDIR --truth FILE.csv`` grades a class folder as
``batch`` does, then sets each student's auto-graded total beside a score they are known
to deserve (last term's marks, another judge's results), read from a CSV file with the
columns ``student`` and ``score``. It reports how well the two agree (mean and largest
absolute difference, mean signed difference, correlation), the submissions that disagree
most, and, for every check, how often it fails on submissions the truth calls correct:
the likely false fails, where a suite demands more than the course did.

    truth.csv ─┐
    CLASSDIR ──┴─ run_batch ─> records ─> compare ─> Calibration ─> render_calibration
"""

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from autograder.outcome import safe_cell
from autograder.records import Status, StudentRecord

__all__ = ["Calibration", "compare", "read_truth", "render_calibration"]

# Submissions the truth scores within this share of full marks count as correct.
CORRECT_SHARE = 0.999
# How many of the most disagreeing submissions the report lists.
WORST_SHOWN = 10


@dataclass
class Calibration:
    """How a suite's scores agree with known ones.

    Attributes:
        auto_max: the suite's auto-graded points; truth scores are on this scale.
        pairs: (student, our score, truth score) for every student in both.
        missing: students in the truth file that the class folder does not have.
        false_fails: check name -> (fails, seen) over submissions the truth calls correct.
    """

    auto_max: float
    pairs: List[Tuple[str, float, float]]
    missing: List[str] = field(default_factory=list)
    false_fails: Dict[str, Tuple[int, int]] = field(default_factory=dict)

    @property
    def differences(self) -> List[float]:
        """Return our score minus the truth's, per student."""
        return [ours - truth for _, ours, truth in self.pairs]

    @property
    def mean_absolute(self) -> float:
        """Return the mean absolute difference (0 when there are no pairs)."""
        diffs = self.differences
        return sum(abs(d) for d in diffs) / len(diffs) if diffs else 0.0

    @property
    def max_absolute(self) -> float:
        """Return the largest absolute difference (0 when there are no pairs)."""
        return max((abs(d) for d in self.differences), default=0.0)

    @property
    def bias(self) -> float:
        """Return the mean signed difference: below 0, the suite is harsher than the truth."""
        diffs = self.differences
        return sum(diffs) / len(diffs) if diffs else 0.0

    @property
    def correlation(self) -> Optional[float]:
        """Return Pearson's correlation of the two scores, or None if either is constant."""
        if len(self.pairs) < 2:
            return None
        ours = [pair[1] for pair in self.pairs]
        truth = [pair[2] for pair in self.pairs]
        mean_ours, mean_truth = sum(ours) / len(ours), sum(truth) / len(truth)
        covariance = sum((a - mean_ours) * (b - mean_truth) for a, b in zip(ours, truth))
        spread = math.sqrt(sum((a - mean_ours) ** 2 for a in ours)
                           * sum((b - mean_truth) ** 2 for b in truth))
        return covariance / spread if spread else None

    def worst(self, count: int = WORST_SHOWN) -> List[Tuple[str, float, float]]:
        """Return the ``count`` pairs that disagree most, largest difference first."""
        return sorted(self.pairs, key=lambda pair: (-abs(pair[1] - pair[2]), pair[0]))[:count]


def read_truth(path: Path, scale: float = 1.0) -> Dict[str, float]:
    """Read the known scores: a CSV file with the columns ``student`` and ``score``.

    Args:
        path: the CSV file.
        scale: every score is multiplied by this (say, the suite's points when the file
            holds a course suite's pass fraction from 0 to 1).

    Returns:
        student -> known score on the suite's scale.

    Raises:
        ValueError: a column is missing or a score is not a number (naming the line).
    """
    with path.open(newline="", encoding="utf-8") as handle:
        rows = csv.DictReader(handle)
        if not rows.fieldnames or not {"student", "score"} <= set(rows.fieldnames):
            raise ValueError(f"{path}: needs the columns 'student' and 'score' "
                             f"(found: {', '.join(rows.fieldnames or [])})")
        truth = {}
        for row in rows:
            try:
                truth[row["student"].strip()] = float(row["score"]) * scale
            except (TypeError, ValueError):
                raise ValueError(f"{path}:{rows.line_num}: score {row['score']!r} is not a "
                                 f"number") from None
    return truth


def compare(records: Sequence[StudentRecord], truth: Dict[str, float], auto_max: float
            ) -> Calibration:
    """Set each graded record beside its known score.

    Args:
        records: the batch's records.
        truth: student -> known score (see :func:`read_truth`).
        auto_max: the suite's auto-graded points.

    Returns:
        The calibration.
    """
    graded = {record.student: record for record in records}
    pairs = [(student, graded[student].auto_score, known)
             for student, known in sorted(truth.items()) if student in graded]
    missing = sorted(student for student in truth if student not in graded)
    false_fails: Dict[str, Tuple[int, int]] = {}
    for student, _, known in pairs:
        if known < auto_max * CORRECT_SHARE:
            continue
        for check in graded[student].outcomes:
            fails, seen = false_fails.get(check.name, (0, 0))
            false_fails[check.name] = (fails + (check.status is not Status.PASSED), seen + 1)
    return Calibration(auto_max, pairs, missing, false_fails)


def render_calibration(title: str, calibration: Calibration) -> str:
    """Return the calibration report: agreement, worst submissions, likely false fails."""
    correlation = calibration.correlation
    lines = [
        f"{title}: {len(calibration.pairs)} submissions with a known score "
        f"(out of {calibration.auto_max:g} auto-graded points)",
        f"  mean absolute difference {calibration.mean_absolute:.2f}, "
        f"largest {calibration.max_absolute:.2f}, mean signed difference "
        f"{calibration.bias:+.2f} (below 0: the suite is harsher)",
        "  correlation " + (f"{correlation:.3f}" if correlation is not None
                            else "undefined (a score is the same for everyone)"),
    ]
    if calibration.missing:
        lines.append(f"  not in the class folder: "
                     f"{', '.join(safe_cell(student) for student in calibration.missing)}")
    lines += ["", "Most disagreeing submissions (ours, known, difference):"]
    # Student names come from the truth file and the class folder: shown as safe cells.
    lines += [f"  {safe_cell(student):<30} {ours:7g} {known:7g} {ours - known:+7g}"
              for student, ours, known in calibration.worst()]
    suspects = sorted(((name, fails, seen) for name, (fails, seen)
                       in calibration.false_fails.items() if fails),
                      key=lambda entry: (-entry[1] / entry[2], entry[0]))
    lines += ["", "Checks failing on submissions the truth calls correct (likely false fails):"]
    lines += [f"  {100 * fails / seen:5.1f}%  {fails:>4}/{seen:<4} {name}"
              for name, fails, seen in suspects] or ["  none"]
    return "\n".join(lines) + "\n"
