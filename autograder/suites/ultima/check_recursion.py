"""Used Recursion for Torch Light (3): lightDFS calls itself, and survives a big torch.

Recursion is observed while the program runs and confirmed in the source: a profiler in the
sandbox counts the lightDFS calls made while another lightDFS call is still running, from the
moment the World is built (its constructor lights the map) to the end of one more light() call.
A depth-first search that lights n tiles recursively makes at least n - 1 such calls (every lit
tile but the first is reached from its neighbour's call); a loop with an explicit stack makes
none. Since the student's code runs beside that profiler and could rewrite it, the
recursion also has to be in World.py as read by the grader: lightDFS on a cycle of calls;
and it has to do the work: World.py with those recursive calls cut out by the grader must
light another number of tiles (spec: lightDFS "will call itself recursively for the
positions to the north, south, east and west"). Both checks use maps written by the
grader, so that a World that cannot read the course maps loses its points for that, not
here; whether light() counts right is the World checks' business.
"""

from autograder import CheckFailed, WrongOutput, calls, check
from autograder.drivers import Driver
from autograder.suites.ultima.ultima_rules import START_TORCH, WorldMap, course_map, lit_tiles

TIMEOUT_S = 5
# The 10x5 course map, written out afresh.
WATCHED_MAP = "grader_10x5.txt"
# The stress test: a torch of radius 11 on a 40x40 map without walls, lit from the middle,
# lights about 380 tiles, so a depth-first search may recurse that deep: within Python's
# default limit of 1000 frames (CLARIFICATIONS.md, Ultima 0: students are graded at torch
# sizes that limit allows; bigger torches are reference only). The avatar starts on a
# forest in a corner, outside that torch, so that what the constructor lights cannot get
# in the way.
OPEN_SIDE = 40
OPEN_ROW = "G" * OPEN_SIDE
CORNER_FOREST_ROW = "F" + "G" * (OPEN_SIDE - 1)
BIG_TORCH = 11.0
OPEN_MAP_FILE = "grader_open_120.txt"
BIG_TIMEOUT_S = 10

# The drivers: the calls of lightDFS while light() runs, and what light() returns.
WATCH = Driver("ultima.lightdfs_calls")

LIGHT = Driver("ultima.light_count")


def _recursive_in_source(submission) -> bool:
    """Return whether lightDFS is on a cycle of calls in World.py (read here, never run)."""
    try:
        return "lightDFS" in calls.recursive_names(submission.parse("World.py"))
    except CheckFailed:
        return False


def _source_note(submission) -> str:
    """Say whether World.lightDFS calls itself in the source, to explain a failure."""
    try:
        recursive = "World.lightDFS" in calls.recursive_functions(submission.parse("World.py"))
    except CheckFailed as failure:
        return failure.message
    if recursive:
        return "World.lightDFS does call itself in World.py, but did not while lighting"
    return "World.lightDFS never calls itself in World.py"


@check(item="recursion", points=2, timeout=TIMEOUT_S)
def test_light_dfs_calls_itself(sandbox, submission):
    """lightDFS calls itself while light() runs, and the recursion does the lighting"""
    world_map = course_map("10x5.txt")
    x, y = world_map.start
    lit = len(lit_tiles(world_map, x, y, START_TORCH))
    args, map_file = {"map": WATCHED_MAP, "light": [x, y, START_TORCH]}, world_map.text().encode()
    counted = sandbox.probe(WATCH, args=args, files={WATCHED_MAP: map_file})
    call = f"World('10x5.txt') and light({x}, {y}, {START_TORCH})"
    if counted.all == 0:
        raise WrongOutput(f"{call} never called lightDFS", _source_note(submission))
    if counted.nested < lit - 1:
        raise WrongOutput(f"{call} made {counted.nested} calls of lightDFS from inside "
                          f"lightDFS; a recursive search lighting the {lit} tiles there makes "
                          f"at least {lit - 1}", _source_note(submission))
    # The profiler ran beside the student's code, which could rewrite its counts: the
    # recursion counts only if the source, read here, has lightDFS on a cycle of calls.
    if not _recursive_in_source(submission):
        raise WrongOutput("lightDFS seemed to recurse, but it calls itself nowhere in World.py",
                          _source_note(submission))
    # And only if it does the work: World.py with its recursive calls taken out (by the
    # grader, from the source it read) must light another number of tiles, or fail. A
    # recursive call that never runs, or one beside a loop that does the lighting, changes
    # nothing; the count is compared with the right one, which the child never sees.
    # The cut copy runs under the same driver, hook and payload as the whole one, so that
    # the child can tell the two runs apart only by reading its own source.
    cut = calls.without_recursive_calls(submission.parse("World.py"), ["lightDFS"])
    try:
        without = sandbox.probe(WATCH, args=args,
                                files={WATCHED_MAP: map_file,
                                       "World.py": calls.program_bytes(cut)}).lit
    except CheckFailed:
        return  # the search cannot run without its recursion
    if without == lit:
        raise WrongOutput(f"with its calls of itself taken out of World.py, lightDFS still "
                          f"lights the same {lit} tiles: the recursion does not do the "
                          f"lighting", "the spec: lightDFS \"will call itself recursively for "
                          "the positions to the north, south, east and west\"")


@check(item="recursion", points=1, timeout=BIG_TIMEOUT_S)
def test_light_dfs_survives_a_big_torch(sandbox):
    """radius 11 on a 40x40 open map: light() returns a count, with no RecursionError

    The recursion goes about as deep as the tiles lit (hundreds here, within Python's
    default limit: CLARIFICATIONS.md, Ultima 0). Whether the count is right is judged once,
    under World.
    """
    middle = OPEN_SIDE // 2
    world_map = WorldMap.from_rows([OPEN_ROW] * (OPEN_SIDE - 1) + [CORNER_FOREST_ROW], (0, 0))
    got = sandbox.probe(LIGHT, args={"map": OPEN_MAP_FILE,
                                     "light": [middle, middle, BIG_TORCH]},
                        files={OPEN_MAP_FILE: world_map.text().encode()})
    call = f"light({middle}, {middle}, {BIG_TORCH}) on a {OPEN_SIDE}x{OPEN_SIDE} open map"
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        raise WrongOutput(f"{call} returned {got!r}, not a number of tiles")
    if got < 1 or got > OPEN_SIDE * OPEN_SIDE:
        raise WrongOutput(f"{call} returned {got!r}: the torch's own tile and at most the "
                          f"map's {OPEN_SIDE * OPEN_SIDE} tiles can be lit")
