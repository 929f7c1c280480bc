"""The Ultima 0 suite: grades Tile.py, Avatar.py and World.py by the spec and CLARIFICATIONS.md.

Students hand in ``Tile.py``, ``Avatar.py`` and ``World.py`` (the spec's list); ``Ultima.py``,
the course's main program, is used when they include it, and the course's loop stands in for it
when they do not. The grader supplies everything else beside the submission, replacing any
copies the student brought: the StdDraw shim (``stddraw_shim`` with the forwarding modules
``StdDraw.py``, ``stddraw``, ``picture.py``, ``color.py``, so ``import StdDraw`` works with
nothing added to the folder), the course maps, the tile images, and ``headless.py``, which runs
programs with StdDraw headless and reads the shim's draw log back for the checks.

Rubric: the spec's six items, all scored by machine; each item's checks add up to its points:

=====================================  ======  ==============================================
Program Compiles and Runs                   4  check_program.py
Comments on All Classes and Methods         4  check_comments.py
Tile                                        6  check_tile.py
Avatar                                      8  check_avatar.py
World                                       5  check_world.py
Used Recursion for Torch Light              3  check_recursion.py
=====================================  ======  ==============================================

Expected values (light counts, avatar moves, where tiles are drawn) come from
``ultima_rules.py``, a plain model of the rules that runs here and never imports student code.
"""

from pathlib import Path

import stddraw_shim
from autograder import PROJECT_ROOT, Item, Suite
from autograder.sandbox import Limits
from autograder.suites.ultima.ultima_rules import COURSE_MAPS

HERE = Path(__file__).resolve().parent
REFERENCE = PROJECT_ROOT / "ultima"
SHIM = PROJECT_ROOT / "stddraw_shim"
# The installable forwarding modules (StdDraw.py, stddraw/, picture.py, color.py).
BOOKSITE = PROJECT_ROOT / "booksite"
IMAGES = ("avatar.gif", "blank.gif", "brickfloor.gif", "forest.gif", "grasslands.gif",
          "lava.gif", "mountains.gif", "stonewall.gif", "water.gif")
FORWARDERS = ("StdDraw.py", "stddraw", "picture.py", "color.py")

# Every run imports only the standard library (the shim is headless) and takes a few tenths
# of a second; the longest, Ultima.py drawing 30x20.txt once per key, takes a few seconds when
# a submission reloads every image for each draw. Checks set their own wall-clock limits.
RUN_WALL_S = 10.0
RUN_CPU_S = 20

SUITE = Suite(
    name="ultima",
    title="Ultima 0",
    rubric=[
        Item("compiles_runs", "Program Compiles and Runs", 4),
        Item("comments", "Comments on All Classes and Methods", 4),
        Item("tile", "Tile", 6),
        Item("avatar", "Avatar", 8),
        Item("world", "World", 5),
        Item("recursion", "Used Recursion for Torch Light", 3),
    ],
    reference=REFERENCE,
    support_files={
        "stddraw_shim": SHIM,
        **{name: BOOKSITE / name for name in FORWARDERS},
        **{name: REFERENCE / name for name in COURSE_MAPS + IMAGES},
        "headless.py": HERE / "headless.py",
    },
    required_files=["Tile.py", "Avatar.py", "World.py"],
    limits=Limits(wall_s=RUN_WALL_S, cpu_s=RUN_CPU_S),
    # The shim's modules and the grader's headless.py (whose import only defines names, like
    # theirs) are loaded once per sandbox, not in every run that imports them.
    preload=stddraw_shim.PRELOADABLE + ("headless",),
)
