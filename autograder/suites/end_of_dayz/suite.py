"""The End of DayZ suite: grades a student's ``a2.py`` against the spec and CLARIFICATIONS.md.

Students hand in ``a2.py`` only; the grader supplies its own ``a2_support.py`` and the course
maps beside it (they win over any the student included), so every submission runs against
the same support module.

Rubric (the spec's section 7): Functionality 8 marks, "calculated" from the test results;
Style and structure 7 marks, marked by a tutor, with advisory findings (missing docstrings,
globals, unnamed numbers, reaching into other objects' attributes, duplicated blocks) listed
to help.

Scoring model (CLARIFICATIONS.md, "Partial work is scored as the course scored it"). The
course's mark is the share of its tests passed, and its published sample suite has 152
tests, spread by class: design 5, Entity/Player/Hospital 9, Grid 22, the map loaders 6, Game
10, TextInterface 9, VulnerablePlayer 3, Zombie 3, task 2 polymorphism 3, IntermediateGame 13,
IntermediateMapLoader 5, task 2 play 2, TrackingZombie 5, Garlic and Crossbow 10, Inventory 6,
HoldingPlayer 6, task 3 polymorphism 2, AdvancedGame 15, AdvancedMapLoader 8 and
AdvancedTextInterface 9. Each check's ``points`` is the number of those tests it stands for
(its docstring names them), so

* each small behaviour (a ``display``, a ``repr``, a ``step`` that returns None) earns on
  its own, as a course test does;
* the ten Game tests run on Game, IntermediateGame and AdvancedGame (parametrized checks),
  so a task 1 behaviour that works in all three games earns three times, and a student who
  stopped after task 1 earns task 1's share (about 3 of 8), not a share of every check;
* a check that covers several course tests gives partial credit by its examples (a doctest
  transcript earns the share of its examples that came out right);
* checks the course never had but the spec states (``main``, ``play`` reading no more input,
  a zombie boxed in, the crossbow's other messages) weigh half a test each.

Functionality = 8 x earned / total weight, to two decimals: nothing rounds one failed check
into half a mark, and nothing rounds a failed check back to full marks.

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
# The spec says only that the test results give the mark out of 8: it is shown to two
# decimals, never rounded to half marks (CLARIFICATIONS.md: nothing rounds one failed check
# into half a mark).
FUNCTIONALITY_STEP = 0.01
# Each run is a few small games: seconds are plenty, and a hang is caught quickly.
RUN_WALL_S = 5.0

SUITE = Suite(
    name="end_of_dayz",
    title="End of DayZ",
    rubric=[
        Item("functionality", "Functionality (course-weighted tests passed)",
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
