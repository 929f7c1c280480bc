"""Observe an Ultima 0 folder's behaviour and print it as one JSON object.

Run as ``python ultima_probe.py`` with the folder to observe as the working directory and
STDDRAW_HEADLESS=1. Every observation is taken on its own; one that fails records
``"error: <Exception>: <message>"`` instead of a value, so a broken folder still yields a report.
The variant tests compare a broken variant's report with the reference's.
"""

import ast
import contextlib
import io
import json
import os
import sys
import tempfile

COURSE_STARTS = {"10x5.txt": (3, 1), "30x20.txt": (3, 4), "Hawaii.txt": (3, 3)}
HAND_MAPS = {
    "open5_r2": (["GGGGG"] * 5, (2, 2), 2.0),
    "open7_r3": (["GGGGGGG"] * 7, (3, 3), 3.0),
    "on_forest": (["GGG", "GFG", "GGG"], (1, 1), 10.0),
    "corner": (["GGGGGG"] * 4, (0, 0), 3.0),
    "walls": (["GGGGGGG", "SSSGSSS", "GGGGGGG", "SSSSSSS", "GGGGGGG"], (3, 0), 4.5),
    "diagonal_gap": (["GGGGG", "GGSGG", "GSGSG", "GGSGG", "GGGGG"], (2, 2), 3.0),
}
KEY_MAP = (["WWWWWWW", "WGFGGMW", "WGGGGGW", "WGWGGGW", "WWWWWWW"], (2, 2))
KEYS = "wwsdddda+x--------sssaaaw"
AVATAR_STEPS = 12
SOURCES = ("Tile.py", "Avatar.py", "World.py")


def observe(report, key, action):
    """Store ``action()`` under ``key``, or the error it raised."""
    try:
        report[key] = action()
    except BaseException as err:  # a probe must survive whatever the folder does
        report[key] = f"error: {type(err).__name__}: {err}"


def captured(function, *args):
    """Return what ``function(*args)`` prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        function(*args)
    return out.getvalue()


def write_map(folder, name, rows, start):
    """Write a map file of ``rows`` (top row first) and return its path."""
    path = os.path.join(folder, name + ".txt")
    with open(path, "w") as handle:
        handle.write(f"{len(rows[0])} {len(rows)}\n{start[0]} {start[1]}\n")
        handle.write("\n".join(" ".join(row) for row in rows) + "\n")
    return path


def tiles():
    """Opacity, passability and initial lit state of every tile code."""
    from Tile import Tile
    return {code: [Tile(code).isOpaque(), Tile(code).isPassable(), Tile(code).getLit()]
            for code in "BLWFGMS"}


def avatar():
    """Positions and torch radii along a fixed sequence of Avatar calls."""
    from Avatar import Avatar
    hero = Avatar(2, 3)
    seen = [[hero.getX(), hero.getY(), hero.getTorchRadius()]]
    hero.setLocation(4, 1)
    seen.append([hero.getX(), hero.getY(), hero.getTorchRadius()])
    for step in range(AVATAR_STEPS):
        if step < 2:
            hero.increaseTorch()
        else:
            hero.decreaseTorch()
        seen.append(hero.getTorchRadius())
    return seen


def light_course():
    """light(start, 4.0) on each course map."""
    from World import World
    counts = {}
    for name, (x, y) in COURSE_STARTS.items():
        try:
            counts[name] = World(name).light(x, y, 4.0)
        except Exception as err:
            counts[name] = f"error: {type(err).__name__}: {err}"
    return counts


def light_hand(folder):
    """light() counts on small hand-written maps."""
    from World import World
    return {name: World(write_map(folder, name, rows, start)).light(*start, r)
            for name, (rows, start, r) in HAND_MAPS.items()}


def keys(folder):
    """After each key on a small map: the avatar's x, y, torch and light count there."""
    from World import World
    rows, start = KEY_MAP
    world = World(write_map(folder, "keys", rows, start))
    trail = []
    for key in KEYS:
        world.handleKey(key)
        hero = world.getAvatar()
        position = (hero.getX(), hero.getY(), hero.getTorchRadius())
        trail.append([*position, world.light(*position)])
    return trail


def recursive_calls():
    """How many lightDFS calls are made from inside lightDFS while lighting 10x5.txt."""
    import World as world_module
    original = world_module.World.lightDFS
    depth = {"now": 0, "nested": 0}

    def counting(self, *args):
        depth["nested"] += depth["now"] > 0
        depth["now"] += 1
        try:
            return original(self, *args)
        finally:
            depth["now"] -= 1

    world = world_module.World("10x5.txt")
    world_module.World.lightDFS = counting
    try:
        world.light(3, 1, 4.0)
    finally:
        world_module.World.lightDFS = original
    return depth["nested"]


def lit_in_nested_calls():
    """How many tiles are lit while a lightDFS call made from inside lightDFS runs (10x5.txt):
    the recursion does the lighting only if they are all but the first."""
    import Tile as tile_module
    import World as world_module
    original_light, original_set = world_module.World.lightDFS, tile_module.Tile.setLit
    depth = {"now": 0, "lit": 0}

    def counting(self, *args):
        depth["now"] += 1
        try:
            return original_light(self, *args)
        finally:
            depth["now"] -= 1

    def setting(self, value):
        depth["lit"] += bool(value) and depth["now"] > 1
        return original_set(self, value)

    world = world_module.World("10x5.txt")
    world_module.World.lightDFS, tile_module.Tile.setLit = counting, setting
    try:
        world.light(3, 1, 4.0)
    finally:
        world_module.World.lightDFS, tile_module.Tile.setLit = original_light, original_set
    return depth["lit"]


def world_main_and_draw():
    """World.py's main on 10x5.txt: what it prints, and what it draws (headless log)."""
    import stddraw_shim
    import World as world_module
    printed = captured(world_module.main, ["10x5.txt"])
    log = stddraw_shim.draw_log()
    canvas = [[r["w"], r["h"]] for r in log if r["op"] == "canvas"]
    pictures = [[r["file"], r["x"], r["y"]] for r in log if r["op"] == "picture"]
    return {"printed": printed, "canvas": canvas, "pictures": pictures}


def undocumented():
    """Classes, methods and functions of the three student files that lack a docstring."""
    missing = []
    for name in SOURCES:
        with open(name, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        for node in ast.walk(tree):
            kinds = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
            if isinstance(node, kinds) and ast.get_docstring(node) is None:
                missing.append(f"{name}:{node.name}")
    return sorted(missing)


def main():
    """Take every observation of the folder in the working directory and print the report."""
    sys.path.insert(0, os.getcwd())
    report = {}
    observe(report, "tile_main", lambda: captured(__import__("Tile").main))
    observe(report, "avatar_main", lambda: captured(__import__("Avatar").main))
    observe(report, "tiles", tiles)
    observe(report, "avatar", avatar)
    observe(report, "light_course", light_course)
    with tempfile.TemporaryDirectory() as folder:
        observe(report, "light_hand", lambda: light_hand(folder))
        observe(report, "keys", lambda: keys(folder))
    observe(report, "recursive_calls", recursive_calls)
    observe(report, "lit_in_nested_calls", lit_in_nested_calls)
    observe(report, "world_main", world_main_and_draw)
    observe(report, "undocumented", undocumented)
    sys.stdout.write(json.dumps(report, sort_keys=True))


if __name__ == "__main__":
    main()
