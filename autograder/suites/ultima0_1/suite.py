"""The Ultima 0.1 suite: grades the threaded-monsters lab by CLARIFICATIONS.md ("Ultima 0.1").

Students hand in ``Tile.py``, ``Avatar.py``, ``Monster.py`` and ``World.py``; ``Ultima.py``, the
course's main program, is used when they include it, and the course's loop (``course/Ultima.py``)
stands in for it when they do not. The grader supplies everything else beside the submission,
replacing any copies the student brought: the StdDraw shim with its forwarding modules, the
course's 0.1 maps, the tile and monster images, and ``headless.py``, which runs programs with
StdDraw headless and, imported by the probes, watches the submission from inside: the Monsters
made, the threads started, the monsterMove calls and which thread made them, and every change to
a monster's or the avatar's position or hit points made without holding ``world.lock``.

Rubric: the lab's items, all scored by machine; each item's checks add up to its points:

=============================================  ======  ======================================
Program Compiles and Runs                           4  check_program.py
Comments on All Classes and Methods                 5  check_comments.py
Tile                                                2  check_tile.py
Avatar                                              3  check_avatar.py
Monster                                             5  check_monster.py
World                                               8  check_world.py
Used Threads for Each Monster                       4  check_threads.py
No Concurrency Issues on the World Instance         5  check_concurrency.py
=============================================  ======  ======================================

The weights follow the lab: the threads and the lock (9 points) and the rules that monsterMove
and avatarMove decide (8) carry most; Tile and Avatar gain only a few methods over Ultima 0.

Where the course leaves things open: ``monsterMove`` is called as ``monsterMove(x, y, monster)``;
the lock must guard every change that another thread can see (a monster's or the avatar's
position and hit points); the torch and the lit flags, used by the main thread alone, may change
outside it. A program must end once its window closes even while monsters roam (the course's
Ultima.py stops no thread, so monster threads must be daemon threads or end by themselves), and
every monster thread must end once the avatar is dead. Whether monsters on dark tiles are drawn
is left open: every map whose drawing is judged is lit all over. The window title (``Health:
N``) has no headless counterpart and is not judged.

Expected values (what each step does, where things are drawn, the invariants of every frame)
come from ``ultima01_rules.py``, a plain model of the rules that runs here and never imports
student code.
"""

from pathlib import Path

import stddraw_shim
from autograder import PROJECT_ROOT, Item, Suite
from autograder.sandbox import Limits
from autograder.suites.ultima0_1.ultima01_rules import COURSE_MAPS, MONSTER_IMAGES, TILE_IMAGES

HERE = Path(__file__).resolve().parent
REFERENCE = PROJECT_ROOT / "ultima" / "ultima0_1"
SHIM = PROJECT_ROOT / "stddraw_shim"
# The installable forwarding modules (StdDraw.py, stddraw/, picture.py, color.py).
BOOKSITE = PROJECT_ROOT / "booksite"
FORWARDERS = ("StdDraw.py", "stddraw", "picture.py", "color.py")
IMAGES = tuple(sorted(set(TILE_IMAGES.values()) | set(MONSTER_IMAGES.values())
                      | {"avatar.gif", "blank.gif"}))

# 10x10_full.txt runs 99 monster threads, the crowded map of the stress checks 80: threads
# count as processes, and each reserves its stack, 8 MiB of address space by default (about
# 1 GiB in all; headless.py caps malloc's per-thread arenas, which would reserve far more).
RUN_PROCESSES = 200
RUN_MEMORY_BYTES = 2 << 30
# The stress checks keep up to ~120 threads busy for a few seconds: CPU time adds up across
# them. Checks set their own wall-clock limits.
RUN_WALL_S = 10.0
RUN_CPU_S = 30

SUITE = Suite(
    name="ultima0_1",
    title="Ultima 0.1",
    rubric=[
        Item("compiles_runs", "Program Compiles and Runs", 4),
        Item("comments", "Comments on All Classes and Methods", 5),
        Item("tile", "Tile", 2),
        Item("avatar", "Avatar", 3),
        Item("monster", "Monster", 5),
        Item("world", "World", 8),
        Item("threads", "Used Threads for Each Monster", 4),
        Item("concurrency", "No Concurrency Issues on the World Instance", 5),
    ],
    reference=REFERENCE,
    support_files={
        "stddraw_shim": SHIM,
        **{name: BOOKSITE / name for name in FORWARDERS},
        **{name: REFERENCE / name for name in COURSE_MAPS + IMAGES},
        "headless.py": HERE / "headless.py",
    },
    required_files=["Tile.py", "Avatar.py", "Monster.py", "World.py"],
    limits=Limits(wall_s=RUN_WALL_S, cpu_s=RUN_CPU_S, processes=RUN_PROCESSES,
                  memory_bytes=RUN_MEMORY_BYTES),
    # The shim's modules and the grader's headless.py (whose import only defines names, like
    # theirs) are loaded once per sandbox, not in every run that imports them.
    preload=stddraw_shim.PRELOADABLE + ("headless",),
)
