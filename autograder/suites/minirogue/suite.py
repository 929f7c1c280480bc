"""The MiniRogue suite: grades a game by playing it on a terminal, as a person would.

Students hand in their Python port (``main.py``, ``Game.py``, ... and ``report.txt``), or
the original C++ project (its ``.cpp``/``.h`` files, built with g++ in the sandbox); the
grader supplies its own ``utilities.py`` (students may not change the course's utilities),
whose ``MINIROGUE_SEED`` environment variable makes a game repeatable. Every functional
check starts the game on a pseudo-terminal, types keys and reads the screens (see
``screens.py``): expectations are properties of what is shown, because every student's
classes differ. A C++ project is built with the grader's seedable copy of the course's
utilities.h/.cpp (both skeletons' randInt signatures), so its games are replayed like a
port's; one that does not build with that copy is built with its own, and the checks that
replay seeded games are held for the marker. The run-time recursion check is watched in
Python ports only (a C++ goblin is left to the marker).

Rubric (the spec's): correctness 60 (display and movement 10, fighting 10, monsters
approach 10, wield/read/inventory 10, statistics 5, rooms and corridors 5, overall
completeness 10) and style and design 40 (recursive goblin 10, style 10, class design 10,
documentation 10). Auto items score 'points x checks passed / checks run', to the nearest
0.5; the recursive goblin is auto (recursion observed while goblins hunt, in the function
report.txt names); style, class design and documentation are marked by a tutor with
advisory findings.
"""

from pathlib import Path

from autograder import PROJECT_ROOT, Item, Kind, Scoring, Suite
from autograder.sandbox import Limits
from autograder.suites.minirogue.screens import CPP_UTILITIES

HERE = Path(__file__).resolve().parent

REFERENCE = PROJECT_ROOT / "minirogue"
STEP = 0.5


def auto(item_id: str, title: str, points: float) -> Item:
    """Return an auto item scored as the share of its checks passed, to the nearest 0.5."""
    return Item(item_id, title, points, scoring=Scoring.FRACTION, step=STEP)


SUITE = Suite(
    name="minirogue",
    title="MiniRogue",
    rubric=[
        auto("display", "Display and movement", 10),
        auto("fighting", "Fighting", 10),
        auto("monsters", "Monsters approach", 10),
        auto("inventory", "Wield, read, inventory", 10),
        auto("statistics", "Statistics", 5),
        auto("rooms", "Rooms and corridors", 5),
        auto("completeness", "Overall completeness", 10),
        auto("recursion", "Recursive goblin", 10),
        Item("style", "Style", 10, kind=Kind.MANUAL),
        Item("design", "Class design", 10, kind=Kind.MANUAL),
        Item("documentation", "Documentation (report.txt)", 10, kind=Kind.MANUAL),
    ],
    reference=REFERENCE,
    # The course's utilities for both kinds of submission: utilities.py for a Python port, and
    # a seedable copy of utilities.h/.cpp that screens.launch builds a C++ project with.
    support_files={"utilities.py": REFERENCE / "utilities.py",
                   CPP_UTILITIES: HERE / "cpp_utilities"},
    # Nothing is required by name: main.py (a Python port) or .cpp files (the C++
    # project) are both graded, and the report may be report.txt, .docx or .doc (spec).
    required_files=[],
    # A replayed game types up to a few hundred keys; each key's redraw is milliseconds.
    limits=Limits(wall_s=20.0, cpu_s=20),
)
