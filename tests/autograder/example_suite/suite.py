"""A small example suite for the engine's own tests: the "counter" assignment.

Students hand in ``calc.py`` (``add(a, b)`` and a ``Counter`` class with ``increment``
and ``value``) and ``main.py`` (reads whole numbers, one per line, prints their sum).
"""

from pathlib import Path

from autograder import Item, Kind, Scoring, Suite
from autograder.sandbox import Limits

HERE = Path(__file__).resolve().parent

SUITE = Suite(
    name="counter",
    title="Counter (example)",
    rubric=[
        Item("functions", "Functions and classes", 6),
        Item("program", "Program output", 2, scoring=Scoring.FRACTION, step=0.5),
        Item("style", "Style (manual)", 2, kind=Kind.MANUAL),
    ],
    reference=HERE.parent / "submissions" / "correct",
    support_files={"numbers.txt": HERE / "numbers.txt"},
    required_files=["calc.py", "main.py"],
    limits=Limits(wall_s=2.0, cpu_s=4, output_bytes=64 * 1024),
)
