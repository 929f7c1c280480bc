"""The acorn maze suite: grades the seven acorn maze modules against the spec and clarifications.

The course marked this assignment by test cases; this rubric groups them by what they test,
and each item's mark is its share of checks passed, to two decimals (nothing rounded):

- parser (4): ``parse(lines)`` on boards given as lists of strings, its four ValueErrors in
  their order; 4 x checks passed / checks run.
- grid_to_string (3): the exact drawing of cells, acorn and bucket line, on cells and a player
  built by the grader (only the ``display``, ``row``, ``col`` and ``num_water_buckets``
  attributes the spec fixes); 3 x passed / run.
- game_rules (8): whole games through ``python run.py BOARD`` with typed input, each compared
  byte for byte with the expected transcript, one or more small boards per rule;
  8 x passed / run.
- solver_bfs (3) and solver_dfs (2): ``python solver.py BOARD BFS|DFS``; the printed path is
  replayed here, in the grader, by a rule simulator of its own (``maze_rules.py``): BFS must
  be a winning path of the optimal length, DFS any winning path, and "There is no possible
  path." where none exists; passed / run.
- usage_errors (2): usage lines, a missing file, silent imports; each check adds its points
  (0.75, 0.75, 0.5). Malformed boards beyond parse's errors and the end of input are
  "(reference only)" in CLARIFICATIONS.md and not graded.
- code_quality (0, manual): advisory findings only, for the person marking: how many of the
  submission's own tests pass and the line coverage they reach, missing docstrings, imports
  the spec forbids, recursion in the solver.

The Game class is not called directly: the spec fixes only ``parse``, ``grid_to_string`` and
the attributes above, and leaves the rest of the design to the student, so the game's rules
are graded through run.py, whose output the spec fixes.
"""

from autograder import PROJECT_ROOT, Item, Kind, Scoring, Suite
from autograder.sandbox import Limits

REFERENCE = PROJECT_ROOT / "acorn_maze"
# Rubric points (ours: the course marked by test cases).
PARSER_MARKS = 4
GRID_MARKS = 3
GAME_RULES_MARKS = 8
SOLVER_BFS_MARKS = 3
SOLVER_DFS_MARKS = 2
USAGE_MARKS = 2
# Advisory only: the findings help a person; they award nothing by themselves.
CODE_QUALITY_MARKS = 0
# The course counted test cases and rounded nothing: FRACTION items are shown to two decimals
# (CLARIFICATIONS.md, "Partial work is scored as the course scored it").
FRACTION_STEP = 0.01
# Each run is one small game or one search on a small board: seconds are plenty, and a
# hang is caught quickly. CPU seconds per process allow the submission's own tests, which
# check_quality gives up to 30 s.
RUN_WALL_S = 10.0
RUN_CPU_S = 30

SUITE = Suite(
    name="acorn_maze",
    title="Acorn maze",
    rubric=[
        Item("parser", "Parser: parse(lines)", PARSER_MARKS,
             scoring=Scoring.FRACTION, step=FRACTION_STEP),
        Item("grid_to_string", "grid_to_string", GRID_MARKS,
             scoring=Scoring.FRACTION, step=FRACTION_STEP),
        Item("game_rules", "Game rules (run.py transcripts)", GAME_RULES_MARKS,
             scoring=Scoring.FRACTION, step=FRACTION_STEP),
        Item("solver_bfs", "Solver BFS (optimal paths)", SOLVER_BFS_MARKS,
             scoring=Scoring.FRACTION, step=FRACTION_STEP),
        Item("solver_dfs", "Solver DFS (valid paths)", SOLVER_DFS_MARKS,
             scoring=Scoring.FRACTION, step=FRACTION_STEP),
        Item("usage_errors", "Usage and errors", USAGE_MARKS, scoring=Scoring.SUM),
        Item("code_quality", "Code quality (advisory)", CODE_QUALITY_MARKS, kind=Kind.MANUAL),
    ],
    reference=REFERENCE,
    # The course boards, under a name of their own so the submission's boards/ stays as it is.
    support_files={"course_boards": REFERENCE / "boards"},
    required_files=["cells.py", "game.py", "game_parser.py", "grid.py", "player.py", "run.py",
                    "solver.py"],
    limits=Limits(wall_s=RUN_WALL_S, cpu_s=RUN_CPU_S),
)
