"""Shared helpers of the Ultima 0.1 tests: paths, running the folder's programs, maps, draw logs.

The test files load this module by path (tests are not packages).
"""

import json
import math
import os
import subprocess
import sys
from collections import deque
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "ultima" / "ultima0_1"
ULTIMA0 = ROOT / "ultima"
# StdDraw as this checkout installs it (pip install -e puts booksite/ and the root on
# sys.path): the folders carry no copy, and a child must not find another checkout's.
INSTALLED = os.pathsep.join([str(ROOT / "booksite"), str(ROOT)])
SHARED_MAPS = ROOT.parent / "shared" / "data" / "ultima" / "ultima0.1"
DRIVER = Path(__file__).resolve().parent / "ultima01_driver.py"
COURSE_MAPS = ("10x10_full.txt", "30x20.txt", "30x20_lava.txt", "30x30_full.txt",
               "50x50_full.txt")
MONSTER_IMAGES = {"SK": "skeleton.gif", "OR": "orc.gif", "BA": "bat.gif", "SL": "slime.gif"}
OPAQUE = set("FMS")
IMPASSABLE = set("WMS")
RED = [255, 0, 0]
TIMEOUT_S = 120
# STDDRAW_IDLE_SHOWS for runs that must end by themselves (game over) or by the driver's clock.
NEVER_IDLE = "100000000"
SLEEP_FOREVER_MS = 10 ** 9  # a monster that never takes a step during a test


def run(args, cwd=FOLDER, timeout=TIMEOUT_S, **env):
    """Run python with ``args`` in ``cwd``, headless unless ``env`` says otherwise."""
    environ = {key: value for key, value in os.environ.items() if not key.startswith("STDDRAW")}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": INSTALLED})
    environ.update(env)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=environ, capture_output=True,
                          text=True, timeout=timeout, check=False)


def map_text(rows, start, monsters=()):
    """Return a 0.1 map: ``rows`` top row first, ``start`` (x, y, hp, damage, torch), monsters.

    Each monster is (code, x, y, hp, damage, sleepMs).
    """
    lines = [f"{len(rows[0])} {len(rows)}", " ".join(str(value) for value in start)]
    lines += [" ".join(row) for row in rows]
    lines += [" ".join(str(value) for value in monster) for monster in monsters]
    return "\n".join(lines) + "\n"


def write_map(folder, name, rows, start, monsters=()):
    """Write a 0.1 map file into ``folder`` and return its path as a string."""
    path = Path(folder) / name
    path.write_text(map_text(rows, start, monsters))
    return str(path)


def read_map(path):
    """Return (rows of codes top row first, start fields, monster lines) of a 0.1 map file."""
    lines = Path(path).read_text().splitlines()
    width, height = (int(value) for value in lines[0].split())
    rows = [line.split() for line in lines[2:2 + height]]
    assert all(len(row) == width for row in rows)
    monsters = [line.split() for line in lines[2 + height:] if line.strip()]
    return rows, lines[1].split(), monsters


def model_light(rows, x, y, r):
    """Return how many tiles a torch at (x, y) lights: a breadth-first model of the rules."""
    height, width = len(rows), len(rows[0])
    lit, queue = set(), deque([(x, y)])
    while queue:
        cx, cy = queue.popleft()
        if not (0 <= cx < width and 0 <= cy < height) or (cx, cy) in lit:
            continue
        if math.hypot(cx - x, cy - y) >= r:
            continue
        lit.add((cx, cy))
        if rows[height - 1 - cy][cx] not in OPAQUE:
            queue.extend([(cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)])
    return len(lit)


def frames_of(log_path):
    """Yield (frame number, records) for every frame of a JSON-lines draw log, in order."""
    frame, records = None, []
    with open(log_path, encoding="utf-8") as handle:
        for line in handle:
            record = json.loads(line)
            if record["op"] in ("picture", "text", "show") and record["frame"] != frame:
                if records:
                    yield frame, records
                frame, records = record["frame"], []
            if record["op"] in ("picture", "text"):
                records.append(record)
    if records:
        yield frame, records


def tile_of(record):
    """Return the tile index (x, y) of a picture or text record centred on a tile."""
    return int(record["x"] // 16), int(record["y"] // 16)


def frame_problems(records, rows):
    """Return what is wrong in one frame's picture and text records (an empty list if nothing).

    Checked: no two monster pictures on one tile, none on an impassable tile or on the avatar,
    every red hit-point text a positive number written on a monster drawn in the same frame.
    """
    height = len(rows)
    problems = []
    monsters = [tile_of(r) for r in records if r["op"] == "picture"
                and r["file"] in MONSTER_IMAGES.values()]
    avatar = [tile_of(r) for r in records if r["op"] == "picture" and r["file"] == "avatar.gif"]
    if len(set(monsters)) != len(monsters):
        problems.append("two monsters drawn on one tile")
    for x, y in monsters:
        if rows[height - 1 - y][x] in IMPASSABLE:
            problems.append(f"monster drawn on impassable ({x}, {y})")
    if set(avatar) & set(monsters):
        problems.append("monster drawn on the avatar")
    for text in (r for r in records if r["op"] == "text"):
        if text["color"] != RED or not text["text"].isdigit() or int(text["text"]) <= 0:
            problems.append(f"bad hit points text {text['text']!r} in {text['color']}")
        if tile_of(text) not in monsters:
            problems.append(f"hit points written where no monster is: {tile_of(text)}")
    return problems
