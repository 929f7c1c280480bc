"""Used Recursion for Torch Light (3): lightDFS calls itself, and survives a big torch.

Recursion is observed while the program runs and confirmed in the source: a profiler in the
sandbox watches the lightDFS calls from the moment the World is built (its constructor lights
the map) to the end of one more light() call. The spec: light() starts lightDFS at the torch's
position, and lightDFS "will call itself recursively for the positions to the north, south,
east and west of the given position" (never the diagonals). So a depth-first search in which n
lit tiles spread the light makes at least n - 1 calls from inside a call, each for a tile next
to its caller's, and every tile that spreads the light (a lit tile that is not opaque) is the
position of a call; a loop with an explicit stack makes no nested calls, and a recursion beside
it that does not walk the map (a count-down) considers no such positions. Since the student's
code runs beside that profiler and could rewrite it, the recursion also has to be in World.py
as read by the grader: lightDFS on a cycle of calls; and it has to do the work: World.py with
those recursive calls cut out by the grader (each gives None, or in a second copy 0 tiles lit,
the spec's ``int`` answer) must leave other tiles lit than the whole World.py does; if every
such copy fails, the marker judges, since a program can fail on purpose. Both checks use maps
written by the grader, so that a World that cannot read the course maps loses its points for
that, not here; whether light() counts right is the World checks' business.
"""

import ast
from typing import FrozenSet, Optional

from autograder import CheckFailed, LeftToMarker, WrongOutput, calls, check
from autograder.drivers import Driver
from autograder.suites.ultima.ultima_rules import (
    OPAQUE_CODES,
    START_TORCH,
    Tile,
    WorldMap,
    course_map,
    describe_tiles,
    lit_tiles,
    observe_drawing,
    read_pictures,
)

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


def _source_note(tree: ast.Module) -> str:
    """Say whether World.lightDFS calls itself in World.py's ``tree``, to explain a failure."""
    if "World.lightDFS" in calls.recursive_functions(tree):
        return "World.lightDFS does call itself in World.py, but did not while lighting"
    return "World.lightDFS never calls itself in World.py"


@check(item="recursion", points=2, timeout=TIMEOUT_S)
def test_light_dfs_calls_itself(sandbox, submission):
    """lightDFS calls itself while light() runs, and the recursion does the lighting"""
    world_map = course_map("10x5.txt")
    x, y = world_map.start
    lit = lit_tiles(world_map, x, y, START_TORCH)
    # Every tile that spreads the light needs a call of its own, the torch's from light().
    spreading = sum(world_map.columns[tx][ty] not in OPAQUE_CODES for tx, ty in lit)
    args, map_file = {"map": WATCHED_MAP, "light": [x, y, START_TORCH]}, world_map.text().encode()
    # World.py as read here, never run: the source evidence and the copies are made from it.
    tree = submission.parse("World.py")
    # The whole World.py runs as the grader writes it, as its cut copies will: the copies
    # then differ only where the recursive calls were, not in layout (line numbers,
    # comments), which a program could read without reading its source.
    whole = calls.program_bytes(calls.source_of(tree))
    counted = sandbox.probe(WATCH, args=args, files={WATCHED_MAP: map_file, "World.py": whole})
    call = f"World('10x5.txt') and light({x}, {y}, {START_TORCH})"
    if counted.all == 0:
        raise WrongOutput(f"{call} never called lightDFS", _source_note(tree))
    if counted.nested < spreading - 1:
        raise WrongOutput(f"{call} made {counted.nested} calls of lightDFS from inside "
                          f"lightDFS; a recursive search lighting the {len(lit)} tiles there, "
                          f"{spreading} of which spread the light, makes at least "
                          f"{spreading - 1}", _source_note(tree))
    shown = _lit_shown(counted, world_map)
    _require_walks_the_map(counted, world_map, shown, (x, y), call)
    # The profiler ran beside the student's code, which could rewrite its counts: the
    # recursion counts only if the source, read here, has lightDFS on a cycle of calls.
    if "lightDFS" not in calls.recursive_names(tree):
        raise WrongOutput("lightDFS seemed to recurse, but it calls itself nowhere in World.py",
                          _source_note(tree))
    _require_recursion_lights(sandbox, tree, args, map_file, world_map, shown)


def _lit_shown(counted, world_map: WorldMap) -> Optional[FrozenSet[Tile]]:
    """Return the tiles one draw() after light() showed lit, or None when the drawing does
    not show the light: it failed, or shows every tile alike (lit or dark), which is the World
    checks' business, never evidence here."""
    try:
        _, shown = observe_drawing(read_pictures(counted.drawn))
    except CheckFailed:
        return None
    return shown if shown and shown != world_map.tiles() else None


def _require_walks_the_map(counted, world_map: WorldMap, shown: Optional[FrozenSet[Tile]],
                           torch: Tile, call: str) -> None:
    """Fail unless lightDFS's calls walked the map as the spec's search does: each call made
    from inside a call considers a tile next to its caller's (diagonals allowed: which
    neighbours it visits is the World checks' business), and every tile ``shown`` lit that
    spreads the light (not opaque), the ``torch``'s own tile aside, is the position of a
    call. The tiles are those the World lit, right or wrong (the World checks judge which).

    Raises:
        WrongOutput: the calls considered other positions, or none could be read.
    """
    if counted.positions is None:
        raise WrongOutput(f"{call}: lightDFS's calls did not each consider a tile: the spec's "
                          f"lightDFS(self, x, y, currX, currY, r) takes the position to "
                          f"consider as currX and currY, whole numbers")
    if counted.strays:
        raise WrongOutput(f"{call}: {counted.strays} calls of lightDFS from inside lightDFS "
                          f"were not for a tile next to their caller's: the recursion does not "
                          f"walk the map (spec: lightDFS \"will call itself recursively for "
                          f"the positions to the north, south, east and west\")")
    # The torch's own tile is left out: light() may light it and start lightDFS at its
    # neighbours, which is the same search.
    spreading = {(tx, ty) for tx, ty in shown or ()
                 if world_map.columns[tx][ty] not in OPAQUE_CODES} - {torch}
    missed = spreading - {tuple(position) for position in counted.positions}
    if missed:
        raise WrongOutput(f"{call}: the light reached {describe_tiles(frozenset(missed))}, "
                          f"but no call of lightDFS considered those tiles: the recursion "
                          f"does not spread the light")


def _require_recursion_lights(sandbox, tree: ast.Module, args, map_file: bytes,
                              world_map: WorldMap, shown: Optional[FrozenSet[Tile]]) -> None:
    """Fail if World.py (``tree``, as the grader read it), with lightDFS's calls of itself
    cut out by the grader, still leaves
    lit the tiles ``shown`` lit by the whole World: then the recursion does not do the
    lighting, a loop beside it does.

    There is a cut copy per stand-in of ``calls.CUT_STAND_INS`` (a cut call gives None, or 0
    tiles lit, the spec's ``int``): the recursion is at work when one copy runs and lights
    other tiles. Each runs under the same driver, hook and payload as the whole one, so that
    the child can tell the runs apart only by reading its own source or bytecode (the whole
    one runs as the grader writes it too, so their layouts agree). The lit tiles are read
    from one draw() after light().

    Raises:
        WrongOutput: a cut copy ran and lit the same tiles (and none lit others).
        LeftToMarker: a drawing does not show the light, or every cut copy failed: a failure
            proves nothing (a program can fail on purpose once its recursion is gone), so
            the marker reads the code.
    """
    if shown is None:
        raise LeftToMarker("World.draw() after light() does not show which tiles are lit, so "
                           "the marker judges whether the recursion does the lighting")
    same, failures = False, []
    for stand_in in calls.CUT_STAND_INS:
        # light() starts the search (spec: lightDFS "gets called by the public light
        # method"): the calls inside it stay, whatever a call by name links it to.
        cut = calls.without_recursive_calls(tree, ["lightDFS"], stand_in=stand_in,
                                            entries=["light"])
        try:
            without = sandbox.probe(WATCH, args=args,
                                    files={WATCHED_MAP: map_file,
                                           "World.py": calls.program_bytes(cut)})
        except CheckFailed as failure:
            failures.append(failure.message)
            continue
        shown_without = _lit_shown(without, world_map)
        if shown_without is None:
            failures.append("its drawing does not show which tiles are lit")
        elif shown_without != shown:
            return
        else:
            same = True
    if same:
        raise WrongOutput(f"with its calls of itself taken out of World.py, lightDFS still "
                          f"leaves the same {len(shown)} tiles lit: the recursion does not "
                          f"do the lighting", "the spec: lightDFS \"will call itself "
                          "recursively for the positions to the north, south, east and west\"")
    raise LeftToMarker(f"World.py with lightDFS's calls of itself taken out could not be "
                       f"watched ({'; '.join(failures)}), so the marker judges whether the "
                       f"recursion does the lighting")


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
