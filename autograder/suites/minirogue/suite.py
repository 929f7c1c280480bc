"""The MiniRogue suite: grades a game by playing it on a terminal, as a person would.

Students hand in their Python port (``main.py``, ``Game.py``, ... and ``report.txt``), or
the original C++ project (its ``.cpp``/``.h`` files, built with g++ in the sandbox); the
grader supplies its own ``utilities.py`` (students may not change the course's utilities),
whose ``MINIROGUE_SEED`` environment variable makes a game repeatable. Every functional
check starts the game on a pseudo-terminal, types keys and reads the screens (see
``screens.py``): expectations are properties of what is shown, because every student's
classes differ. Checks that replay seeded games, and the run-time recursion check, are
"not run" for a C++ submission (it cannot be seeded) and left to the marker.

Rubric (the spec's): correctness 60 (display and movement 10, fighting 10, monsters
approach 10, wield/read/inventory 10, statistics 5, rooms and corridors 5, overall
completeness 10) and style and design 40 (recursive goblin 10, style 10, class design 10,
documentation 10). Auto items score 'points x checks passed / checks run', to the nearest
0.5; the recursive goblin is auto (recursion observed while goblins hunt, in the function
report.txt names); style, class design and documentation are marked by a tutor with
advisory findings.
"""

from autograder import PROJECT_ROOT, Item, Kind, Scoring, Suite
from autograder.sandbox import Limits

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
    support_files={"utilities.py": REFERENCE / "utilities.py"},
    # Nothing is required by name: main.py (a Python port) or .cpp files (the C++
    # project) are both graded, and the report may be report.txt, .docx or .doc (spec).
    required_files=[],
    # A replayed game types up to a few hundred keys; each key's redraw is milliseconds.
    limits=Limits(wall_s=20.0, cpu_s=20),
)
