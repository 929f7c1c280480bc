"""World (5): the test main, light() counts, handleKey's moves and torch keys, and draw().

Expected values come from ``ultima_rules`` (the spec's rules run here). Keys are typed through
the StdDraw shim's key script into the course's game loop, and what the World shows after each
key is read from the shim's draw log: where avatar.gif is drawn, and which tiles are drawn with
their own image rather than blank.gif.
"""

from typing import AbstractSet, Any, Dict, List, Sequence, Tuple

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima.ultima_rules import (
    AVATAR_IMAGE,
    COURSE_MAPS,
    DECREASE_KEY,
    INCREASE_KEY,
    OPAQUE_CODES,
    PASSABLE_CODES,
    START_TORCH,
    TILE_CODES,
    TILE_SIZE,
    WorldMap,
    course_map,
    describe_tiles,
    lit_tiles,
    observe_drawing,
    play,
    read_pictures,
)

TIMEOUT_S = 5
# The key checks draw the world once per key.
PLAY_TIMEOUT_S = 10
MAP_FILE = "grader_%s.txt"

# Maps written for the light() counts, TOP row first: (rows, start, [light(x, y, r) calls]).
# The calls are made in order on one World, so each must first darken what the last one lit.
LightCalls = List[Tuple[int, int, float]]
HAND_MAPS: Dict[str, Tuple[List[str], Tuple[int, int], LightCalls]] = {
    # Distance exactly r is outside; corners; a second call from elsewhere.
    "radius_two": (["GGGGG"] * 5, (2, 2), [(2, 2, 2.0), (0, 0, 2.0), (2, 2, 2.5), (4, 2, 3.0)]),
    # The start itself is opaque: it is lit, and the light goes no further.
    "start_on_forest": (["GGG", "GFG", "GGG"], (1, 1), [(1, 1, 10.0)]),
    "corners_and_edges": (["GGGGGG"] * 4, (0, 0),
                          [(0, 0, 3.0), (5, 3, 3.0), (2, 0, 2.5), (5, 1, 4.0), (0, 2, 3.5)]),
    # Stone walls shape the light; a gap lets it through.
    "walls": (["GGGGGGG", "SSSGSSS", "GGGGGGG", "SSSSSSS", "GGGGGGG"], (3, 0),
              [(3, 0, 4.5), (3, 4, 4.0), (0, 2, 5.0)]),
    # Only north, south, east and west: walls on all four sides stop it.
    "diagonal_gap": (["GGGGG", "GGSGG", "GSGSG", "GGSGG", "GGGGG"], (2, 2),
                     [(2, 2, 3.0), (2, 2, 6.0)]),
    # Opaque tiles of every kind are lit, but the light stops there.
    "opaque_ring": (["GGGGGGG", "GMMMMMG", "GMGGGMG", "GFGGGFG", "GMGGGMG", "GMMSMMG",
                     "GGGGGGG"], (3, 3), [(3, 3, 5.0), (0, 0, 4.0)]),
    # Water cannot be walked on but lets light through; so do lava and brick floor.
    "water_and_lava": (["GWWWG", "LWGWB", "GWWWG"], (2, 1), [(2, 1, 3.0), (0, 1, 2.0)]),
}

# The map keys are typed into, TOP row first: water, mountains, a stone wall, the edges, and
# passable forest, lava and brick floor.
KEY_ROWS = ["GGGGGGW", "GWGFGMG", "GGLGGGG", "BSGGGGG", "GGGMGWG", "GGGGGGG"]
MOVE_MAP = WorldMap.from_rows(KEY_ROWS, (2, 2))
# Every direction, blocked by water, mountains, the wall and all four edges; x and space
# are not keys of the game.
MOVE_KEYS = "wwwwasaasssdsssdddwdwdwwwaddwddsassdddx "
TORCH_MAP = WorldMap.from_rows(KEY_ROWS, (3, 2))
# Up, down to the minimum and past it, a few moves and changes at the minimum.
TORCH_KEYS = "++x-------dw+a-s+"

# The drivers: the course's game loop played on a World, or its light() called, each with
# what the submission's own Tile says of each code (the World is judged with that table, so
# a wrong Tile costs its own check only); and one World drawn.
WORLD = Driver("ultima.world")

DRAW = Driver("ultima.world_draw")


def _codes(table: Any, name: str, default: AbstractSet[str]) -> AbstractSet[str]:
    """Return the codes ``table[name]`` lists (the WORLD driver's table), or ``default`` when
    the submission's Tile could not say."""
    codes = None if table is None else table[name]
    if codes is not None and all(c in TILE_CODES for c in codes):
        return frozenset(codes)
    return default


def _light_counts(sandbox, file: str, calls, files=None) -> Tuple[Any, AbstractSet[str]]:
    """Call light() for each of ``calls`` on one World of ``file``; return what each call
    returned (as reported) and the codes the submission's Tile calls opaque."""
    got = sandbox.probe(WORLD, args={"mode": "light", "map": file, "calls": calls},
                        files=files or {})
    if "counts" not in got:  # a game's report: the submission wrote to the channel
        return None, OPAQUE_CODES
    return got.counts, _codes(got.table, "opaque", OPAQUE_CODES)


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_light_counts_on_the_course_maps(sandbox):
    """light() at each course map's start returns the number of tiles lit

    (CLARIFICATIONS.md, Ultima 0: 10x5.txt gives 23, 30x20.txt 42, Hawaii.txt 1; the count
    is graded through light()'s return value, whatever is printed).
    """
    for name in COURSE_MAPS:
        world_map = course_map(name)
        x, y = world_map.start
        counts, opaque = _light_counts(sandbox, name, [[x, y, START_TORCH]])
        expected = len(lit_tiles(world_map, x, y, START_TORCH, opaque))
        got = counts[0] if isinstance(counts, list) and counts else counts
        if isinstance(got, bool) or got != expected:
            raise WrongOutput(f"World({name!r}).light({x}, {y}, {START_TORCH}) returned "
                              f"{got!r}, expected {expected}")


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_light_counts(sandbox):
    """light() counts on hand-written maps: radius, edges, walls, opaque tiles, water

    (spec: light and lightDFS; CLARIFICATIONS.md, Ultima 0: distance, opaque tiles lit but
    not passed through, the 4 neighbours). One share of credit per map that comes out right.
    """
    problems = []
    for name, (rows, start, calls) in HAND_MAPS.items():
        world_map = WorldMap.from_rows(rows, start)
        file = MAP_FILE % name
        counts, opaque = _light_counts(sandbox, file, calls, {file: world_map.text().encode()})
        if not isinstance(counts, list) or len(counts) != len(calls):
            problems.append(f"light() on {file} could not be observed")
            continue
        for (x, y, r), got in zip(calls, counts):
            expected = len(lit_tiles(world_map, x, y, r, opaque))
            if isinstance(got, bool) or got != expected:
                problems.append(
                    f"light({x}, {y}, {r}) returned {got!r}, expected {expected}, on {file} "
                    f"(top row first, start {start}):\n" + "\n".join(rows))
                break
    if problems:
        right = len(HAND_MAPS) - len(problems)
        raise WrongOutput(problems[0].splitlines()[0], "\n\n".join(problems),
                          credit=right / len(HAND_MAPS))


def _play(sandbox, world_map: WorldMap, keys: str) -> Tuple[list, AbstractSet[str],
                                                             AbstractSet[str]]:
    """Type ``keys`` into the course's game loop on ``world_map``; return what each draw showed.

    Returns:
        One (avatar tile, lit tiles, the avatar's torch radius or None) per draw, before any
        key and then after each key; and the codes the submission's Tile calls passable and
        opaque.

    Raises:
        WrongOutput: the loop did not take every key, or a draw showed no avatar.
    """
    file = MAP_FILE % "keys"
    got = sandbox.probe(WORLD, args={"mode": "play", "map": file, "keys": keys},
                        files={file: world_map.text().encode()})
    if "passes" not in got:
        raise WrongOutput("the game could not be observed")
    if got.typed != list(keys) or len(got.passes) != len(keys) + 1:
        raise WrongOutput(f"the game took keys {got.typed!r}, expected {list(keys)!r}")
    seen = [observe_drawing(read_pictures(pictures)) for pictures in got.passes]
    for index, (avatar, _lit) in enumerate(seen):
        if avatar is None:
            raise WrongOutput(f"World.draw() drew no {AVATAR_IMAGE} {_after(keys, index)}")
    torches = got.torches
    if len(torches) != len(seen):
        torches = [None] * len(seen)
    table = got.table
    passes = [(avatar, lit, torch if isinstance(torch, (int, float))
               and not isinstance(torch, bool) else None)
              for (avatar, lit), torch in zip(seen, torches)]
    return passes, _codes(table, "passable", PASSABLE_CODES), _codes(table, "opaque",
                                                                     OPAQUE_CODES)


def _after(keys: Sequence[str], index: int) -> str:
    """Describe the moment after the first ``index`` keys, for a failure message."""
    return f"after keys {''.join(keys[:index])!r}" if index else "before any key"


@check(item="world", points=1, timeout=PLAY_TIMEOUT_S)
def test_world_keys_move_the_avatar(sandbox):
    """handleKey: w/s/a/d move; water, mountains, walls and edges block; other keys do nothing"""
    seen, passable, _opaque = _play(sandbox, MOVE_MAP, MOVE_KEYS)
    # Judged by the submission's own Tile.isPassable: a wrong table costs the Tile check.
    expected = play(MOVE_MAP, MOVE_KEYS, passable)
    for index, ((avatar, _lit, _torch), state) in enumerate(zip(seen, expected)):
        if avatar != state.avatar:
            raise WrongOutput(f"the avatar is at {avatar} {_after(MOVE_KEYS, index)}, "
                              f"expected {state.avatar}",
                              "map file:\n" + MOVE_MAP.text())


@check(item="world", points=1, timeout=PLAY_TIMEOUT_S)
def test_world_keys_change_and_relight_the_torch(sandbox):
    """+ and - change the torch, other keys leave it, and the light is redone after every key

    (spec: handleKey; CLARIFICATIONS.md, Ultima 0: torch keys). How far the torch grows or
    shrinks, and its minimum, are the Avatar's (graded under Avatar): the light is judged
    against the radius the avatar reports, from where the avatar was drawn, so a wrong step
    or a wrong move costs its own check only.
    """
    expected = play(TORCH_MAP, TORCH_KEYS)
    seen, _passable, opaque = _play(sandbox, TORCH_MAP, TORCH_KEYS)
    for index, ((avatar, lit, torch), state) in enumerate(zip(seen, expected)):
        radius = state.torch if torch is None else torch
        if index:
            key, before = TORCH_KEYS[index - 1], seen[index - 1][2]
            if torch is not None and before is not None and not _torch_follows(key, before,
                                                                               torch):
                raise WrongOutput(f"key {key!r} {_after(TORCH_KEYS, index - 1)} took the torch "
                                  f"from {before} to {torch}",
                                  "map file:\n" + TORCH_MAP.text())
        should = lit_tiles(TORCH_MAP, avatar[0], avatar[1], radius, opaque)
        if lit != should:
            problems = []
            if should - lit:
                problems.append(f"dark but should be lit: {describe_tiles(should - lit)}")
            if lit - should:
                problems.append(f"lit but should be dark: {describe_tiles(lit - should)}")
            raise WrongOutput(f"{_after(TORCH_KEYS, index)} (avatar at {avatar}, torch "
                              f"{radius}) the lit tiles are wrong: " + "; ".join(problems),
                              "map file:\n" + TORCH_MAP.text())


def _torch_follows(key: str, before: float, after: float) -> bool:
    """Whether ``key`` took the avatar's torch from ``before`` to ``after`` the right way:
    + makes it bigger, - never bigger (it stops at a minimum), other keys leave it."""
    if key == INCREASE_KEY:
        return after > before
    if key == DECREASE_KEY:
        return after <= before
    return after == before


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_draw(sandbox):
    """draw(): a 160x80 canvas for 10x5.txt, every tile, then the avatar on its tile"""
    world_map = course_map("10x5.txt")
    # The course map written out afresh: reading the course's files is judged elsewhere.
    file = MAP_FILE % "10x5"
    got = sandbox.probe(DRAW, args=file, files={file: world_map.text().encode()})
    size = [world_map.width * TILE_SIZE, world_map.height * TILE_SIZE]
    if got.canvas[:1] != [size]:
        raise WrongOutput(f"the canvas is {got.canvas[:1]!r} pixels, expected {size!r} "
                          f"(16 pixels per tile)")
    pictures = read_pictures(got.pictures)
    tiles = [picture for picture in pictures if picture.file != AVATAR_IMAGE]
    missing = world_map.tiles() - {picture.tile for picture in tiles}
    if missing:
        raise WrongOutput(f"draw() did not draw the tiles at {describe_tiles(missing)}")
    if not pictures or pictures[-1].file != AVATAR_IMAGE:
        raise WrongOutput(f"the last picture drawn is not {AVATAR_IMAGE}: the avatar must be "
                          f"drawn after the tiles, or they cover it")
    if pictures[-1].tile != world_map.start:
        raise WrongOutput(f"the avatar is drawn on tile {pictures[-1].tile}, expected "
                          f"{world_map.start}")
