"""Ultima 0 reference, in-process: Tile, Avatar, World.light/lightDFS and handleKey.

Light counts are checked against literal values from the spec and CLARIFICATIONS and against an
independent, iterative model of the rules (``model_light``) on hand-written and random maps.
"""

import math
import random
import sys
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ULTIMA = ROOT / "ultima"
OPAQUE = set("FMS")
IMPASSABLE = set("WMS")


@pytest.fixture(scope="module")
def ultima():
    """Import the reference's modules from the ultima folder; undo the imports afterwards."""
    saved_path, saved_modules = list(sys.path), dict(sys.modules)
    sys.path.insert(0, str(ULTIMA))
    try:
        import World
        yield World
    finally:
        sys.path[:] = saved_path
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]
        sys.modules.update(saved_modules)


def write_map(folder, rows, start):
    """Write a map whose ``rows`` are strings of codes (top row first); return its path."""
    path = folder / f"map{len(list(folder.iterdir()))}.txt"
    header = f"{len(rows[0])} {len(rows)}\n{start[0]} {start[1]}\n"
    path.write_text(header + "\n".join(" ".join(row) for row in rows) + "\n")
    return str(path)


def model_light(rows, x, y, r):
    """Return the set of tiles lit by a torch at (x, y): a breadth-first model of the rules."""
    height, width = len(rows), len(rows[0])

    def code(cx, cy):
        return rows[height - 1 - cy][cx]

    lit, queue = set(), deque([(x, y)])
    while queue:
        cx, cy = queue.popleft()
        if not (0 <= cx < width and 0 <= cy < height) or (cx, cy) in lit:
            continue
        if math.hypot(cx - x, cy - y) >= r:
            continue
        lit.add((cx, cy))
        if code(cx, cy) not in OPAQUE:
            queue.extend([(cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)])
    return lit


def lit_tiles(world):
    """Return the set of (x, y) the world's tiles report lit."""
    return {(x, y) for x, column in enumerate(world._tiles)
            for y, tile in enumerate(column) if tile.getLit()}


def read_rows(path):
    """Return the tile rows of a map file as strings of codes."""
    lines = Path(path).read_text().splitlines()
    height = int(lines[0].split()[1])
    return ["".join(line.split()) for line in lines[2:2 + height]]


@pytest.mark.parametrize("map_name, start, expected", [
    ("10x5.txt", (3, 1), 23), ("30x20.txt", (3, 4), 42), ("Hawaii.txt", (3, 3), 1)])
def test_course_maps_light_as_the_spec_says(ultima, map_name, start, expected):
    world = ultima.World(str(ULTIMA / map_name))
    assert world.light(*start, 4.0) == expected
    assert len(lit_tiles(world)) == expected


@pytest.mark.parametrize("map_name", ["10x5.txt", "30x20.txt", "Hawaii.txt"])
def test_course_maps_match_the_model_everywhere(ultima, map_name):
    path = str(ULTIMA / map_name)
    world, rows = ultima.World(path), read_rows(path)
    for x in range(len(rows[0])):
        for y in range(len(rows)):
            for r in (2.0, 3.5, 6.0):
                assert world.light(x, y, r) == len(model_light(rows, x, y, r))
                assert lit_tiles(world) == model_light(rows, x, y, r), (x, y, r)


def test_radius_two_on_open_ground_lights_the_three_by_three_square(ultima, tmp_path):
    world = ultima.World(write_map(tmp_path, ["GGGGG"] * 5, (2, 2)))
    assert world.light(2, 2, 2.0) == 9
    assert lit_tiles(world) == {(x, y) for x in (1, 2, 3) for y in (1, 2, 3)}


def test_distance_equal_to_radius_is_outside(ultima, tmp_path):
    world = ultima.World(write_map(tmp_path, ["GGGGGGG"] * 7, (3, 3)))
    # (0, 3) is exactly 3 away: dark; (1, 1) is sqrt(8) < 3 away: lit.
    world.light(3, 3, 3.0)
    assert (0, 3) not in lit_tiles(world) and (1, 1) in lit_tiles(world)
    assert world.light(3, 3, 3.0) == 25


def test_start_on_an_opaque_tile_lights_only_it(ultima, tmp_path):
    world = ultima.World(write_map(tmp_path, ["GGG", "GFG", "GGG"], (1, 1)))
    assert world.light(1, 1, 10.0) == 1
    assert lit_tiles(world) == {(1, 1)}


def test_corners_and_edges(ultima, tmp_path):
    rows = ["GGGGGG"] * 4
    world = ultima.World(write_map(tmp_path, rows, (0, 0)))
    for x, y in [(0, 0), (5, 0), (0, 3), (5, 3), (2, 0), (0, 2)]:
        assert world.light(x, y, 3.0) == len(model_light(rows, x, y, 3.0)), (x, y)
    assert world.light(0, 0, 2.0) == 4


def test_walls_shape_the_light(ultima, tmp_path):
    rows = ["GGGGGGG",
            "SSSGSSS",
            "GGGGGGG"]
    world = ultima.World(write_map(tmp_path, rows, (3, 0)))
    world.light(3, 0, 3.0)
    lit = lit_tiles(world)
    # The wall is lit where the torch reaches it; beyond it only the gap lets light through.
    assert {(1, 1), (2, 1), (4, 1), (5, 1)} <= lit and (0, 1) not in lit
    assert (3, 2) in lit and {(2, 2), (4, 2)} <= lit
    assert lit == model_light(rows, 3, 0, 3.0)


def test_water_and_lava_let_light_pass(ultima, tmp_path):
    rows = ["GWLWG"]
    world = ultima.World(write_map(tmp_path, rows, (0, 0)))
    assert world.light(0, 0, 5.0) == 5


def test_random_maps_match_the_model(ultima, tmp_path):
    rng = random.Random(136)
    for _ in range(25):
        width, height = rng.randint(1, 12), rng.randint(1, 12)
        rows = ["".join(rng.choice("BLWFGMSGGB") for _ in range(width)) for _ in range(height)]
        x, y = rng.randrange(width), rng.randrange(height)
        world = ultima.World(write_map(tmp_path, rows, (x, y)))
        r = rng.choice([2.0, 2.5, 4.0, 7.5])
        assert world.light(x, y, r) == len(model_light(rows, x, y, r))
        assert lit_tiles(world) == model_light(rows, x, y, r)


def test_light_unlights_before_relighting(ultima, tmp_path):
    world = ultima.World(write_map(tmp_path, ["G" * 9] * 9, (0, 0)))
    world.light(0, 0, 3.0)
    world.light(8, 8, 3.0)
    assert lit_tiles(world) == model_light(["G" * 9] * 9, 8, 8, 3.0)


@pytest.fixture()
def deep_caller(ultima):
    """Return Ultima.py's DeepCaller class; put the recursion limit it raises back afterwards.

    World recurses plainly (the handed-in file); Ultima.py, the main program, makes room for
    a huge torch, so deep torches are tested through its mechanism.
    """
    import Ultima

    limit = sys.getrecursionlimit()
    try:
        yield Ultima.DeepCaller
    finally:
        sys.setrecursionlimit(limit)


def test_radius_sixty_on_a_120_map_recurses_deep_without_error(ultima, deep_caller, tmp_path):
    rows = ["G" * 120] * 120
    world = ultima.World(write_map(tmp_path, rows, (60, 60)))
    original = ultima.World.lightDFS
    depth = {"now": 0, "max": 0}

    def counting(self, *args):
        depth["now"] += 1
        depth["max"] = max(depth["max"], depth["now"])
        try:
            return original(self, *args)
        finally:
            depth["now"] -= 1

    # Twice as deep as lightDFS goes: the wrapper adds a frame to each level.
    caller = deep_caller(2 * 120 * 120)
    ultima.World.lightDFS = counting
    try:
        count = caller.call(world.light, 60, 60, 60.0)
    finally:
        ultima.World.lightDFS = original
    assert count == len(model_light(rows, 60, 60, 60.0)) == 11277
    assert depth["max"] > 5000


def test_light_itself_is_plain_recursion_bounded_by_pythons_limit(ultima, tmp_path):
    # The handed-in World.py makes no room of its own (CLARIFICATIONS, revised 2026-11-26).
    world = ultima.World(write_map(tmp_path, ["G" * 120] * 120, (60, 60)))
    with pytest.raises(RecursionError):
        world.light(60, 60, 60.0)


def test_torch_grown_with_plus_never_overflows(ultima, deep_caller, tmp_path):
    # All 3,600 tiles lit: lightDFS goes about 1,900 levels deep.
    world = ultima.World(write_map(tmp_path, ["G" * 60] * 60, (30, 30)))
    caller = deep_caller(60 * 60 + 1)
    for _ in range(100):
        caller.call(world.handleKey, "+")
    assert world.getAvatar().getTorchRadius() == 54.0
    assert len(lit_tiles(world)) == 3600


KEY_MAP = ["WWWWW",
           "WGFGW",
           "WGGMW",
           "WGGGW",
           "WWWWW"]


@pytest.mark.parametrize("key, position", [
    ("w", (2, 3)), ("s", (2, 1)), ("a", (1, 2)), ("d", (2, 2)), ("x", (2, 2))])
def test_handle_key_moves_north_south_west_east_and_blocks(ultima, tmp_path, key, position):
    world = ultima.World(write_map(tmp_path, KEY_MAP, (2, 2)))
    world.handleKey(key)
    avatar = world.getAvatar()
    # From (2, 2): north is forest (passable), east is mountains (blocked).
    assert (avatar.getX(), avatar.getY()) == position


def test_handle_key_relights_from_the_new_position(ultima, tmp_path):
    rows = ["G" * 9] * 3
    world = ultima.World(write_map(tmp_path, rows, (0, 1)))
    for _ in range(3):
        world.handleKey("d")
    assert lit_tiles(world) == model_light(rows, 3, 1, 4.0)


def test_handle_key_does_not_leave_the_map(ultima, tmp_path):
    world = ultima.World(write_map(tmp_path, ["GG"], (0, 0)))
    for key in "wsa":
        world.handleKey(key)
        assert (world.getAvatar().getX(), world.getAvatar().getY()) == (0, 0)


def test_torch_keys_change_radius_with_minimum_and_relight(ultima, tmp_path):
    rows = ["G" * 15] * 15
    world = ultima.World(write_map(tmp_path, rows, (7, 7)))
    avatar = world.getAvatar()
    world.handleKey("+")
    assert avatar.getTorchRadius() == 4.5
    assert len(lit_tiles(world)) == len(model_light(rows, 7, 7, 4.5))
    for _ in range(10):
        world.handleKey("-")
    assert avatar.getTorchRadius() == 2.0
    assert len(lit_tiles(world)) == 9


def test_tile_kinds(ultima):
    tile_module = sys.modules["Tile"]
    for code in "BLWFGMS":
        tile = tile_module.Tile(code)
        assert (tile.isOpaque(), tile.isPassable(), tile.getLit()) == (
            code in OPAQUE, code not in IMPASSABLE, False)
        tile.setLit(True)
        assert tile.getLit()
    assert tile_module.Tile.SIZE == 16
    with pytest.raises(ValueError, match="unknown tile code 'g'"):
        tile_module.Tile("g")
