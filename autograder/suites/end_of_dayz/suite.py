"""The End of DayZ suite: grades a student's ``a2.py`` against the spec and CLARIFICATIONS.md.

Students hand in ``a2.py`` only; the grader supplies its own ``a2_support.py`` and the course
maps beside it (they win over any the student included), so every submission runs against
the same support module.

Rubric (the spec's section 7): Functionality 8 marks, awarded as
8 x (checks passed / checks run), rounded to the nearest 0.5; Style and structure 7 marks,
marked by a tutor, with advisory findings (missing docstrings, globals, unnamed numbers,
reaching into other objects' attributes, duplicated blocks) listed to help.

The checks are grouped by the behaviour they test, and every check's function name starts
with its area (``test_grid_...``, ``test_fire_...``), so a report shows at a glance which
part of the assignment a lost mark belongs to. The course's play transcripts, recorded by
calling ``play`` on hand-built grids, are in ``transcripts/`` byte for byte.
"""

from autograder import PROJECT_ROOT, Item, Kind, Scoring, Suite
from autograder.sandbox import Limits

REFERENCE = PROJECT_ROOT / "end_of_dayz"
FUNCTIONALITY_MARKS = 8
STYLE_MARKS = 7
# The spec rounds the functionality mark to half marks.
FUNCTIONALITY_STEP = 0.5
# Each run is a few small games: seconds are plenty, and a hang is caught quickly.
RUN_WALL_S = 5.0

SUITE = Suite(
    name="end_of_dayz",
    title="End of DayZ",
    rubric=[
        Item("functionality", "Functionality (8 x passed/run, nearest 0.5)",
             FUNCTIONALITY_MARKS, scoring=Scoring.FRACTION, step=FUNCTIONALITY_STEP),
        Item("style", "Style and structure", STYLE_MARKS, kind=Kind.MANUAL),
    ],
    reference=REFERENCE,
    support_files={"a2_support.py": REFERENCE / "a2_support.py", "maps": REFERENCE / "maps"},
    required_files=["a2.py"],
    limits=Limits(wall_s=RUN_WALL_S),
    # a2.py imports the support module in every run, and importing it only defines names:
    # it is loaded once per sandbox, not in every run.
    preload=("a2_support",),
)
