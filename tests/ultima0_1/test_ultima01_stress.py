"""Ultima 0.1 under load: the course's full maps and a crowded random map, checked every frame.

Each run plays the real main program (Ultima.main) headless in a child process through
``ultima01_driver.py``, with the avatar invulnerable in practice (999999 or 10**6 hit points)
and scripted to attack and walk. The driver checks every frame from inside (lock held while
drawing, monsters apart, on passable tiles, alive, one thread each, no state change outside
``world.lock``); the test then checks every frame of the draw log from outside and that no
monster thread outlived the game. A deadlock shows up as the driver's watchdog (exit 3 with
every thread's stack) or the subprocess timeout.

Default runs last a few seconds; the 30-second runs of the issue are marked slow.
"""

import json
import random
from pathlib import Path

import pytest
from variantkit import import_file


S = import_file("ultima01_support", Path(__file__).resolve().parent / "ultima01_support.py")
WATCHDOG_S = 60
ROAM_KEYS = ("d" * 6 + "w" * 6 + "a" * 6 + "s" * 6) * 100
TINY_SWITCH_INTERVAL = 1e-5  # seconds; forces the interpreter to switch threads very often
CROWD_SIZE = 24
CROWD_MONSTERS = 250
# check_run compares the monsters of successive frames, so every game shows at least two,
# however long a busy machine takes to start a full map's threads.
MIN_FRAMES = 2
CROWD_TILES = "G" * 12 + "LLWWMSFB"


def drive(tmp_path, map_path, seconds, keys, frame_ms=0, switch_interval=None):
    """Play ``map_path`` through the driver; return (stdout lines, report, draw log path)."""
    log = tmp_path / "log.jsonl"
    settings = {"map": str(map_path), "seconds": seconds, "frame_ms": frame_ms,
                "watchdog_s": WATCHDOG_S, "min_frames": MIN_FRAMES}
    if switch_interval is not None:
        settings["switch_interval"] = switch_interval
    result = S.run([str(S.DRIVER), json.dumps(settings)], timeout=seconds + 2 * WATCHDOG_S,
                   STDDRAW_KEYS=keys, STDDRAW_LOG=str(log), STDDRAW_IDLE_SHOWS=S.NEVER_IDLE)
    assert (result.returncode, result.stderr[-4000:]) == (0, "")
    lines = result.stdout.splitlines()
    assert lines[-1].startswith("REPORT ")
    return lines[:-1], json.loads(lines[-1][len("REPORT "):]), log


def check_run(lines, report, log, map_path):
    """Assert everything a sound run shows, from the driver's report and from the draw log."""
    rows, _start, monsters = S.read_map(map_path)
    assert (report["violation_count"], report["violations"]) == (0, [])
    assert report["counts"]["monsters at start"] == len(monsters)
    assert report["counts"]["threads at start"] == len(monsters)
    assert report["threads_left"] == 0
    assert report["monsters_never_grow"] and report["frames"] >= MIN_FRAMES
    if report["outcome"] == "returned":  # the avatar cannot die: ending on its own is a win
        assert lines == ["You win!!!"] and report["monsters_last"] == 0
    else:
        assert (report["outcome"], lines) == ("closed", [])
    frames = 0
    for frame, records in S.frames_of(log):
        frames += 1
        assert S.frame_problems(records, rows) == [], f"frame {frame}"
    assert frames == report["frames"]


def crowd_map(folder, seed):
    """Write a crowded random map: mixed tiles, CROWD_MONSTERS fast monsters, some on lava."""
    rng = random.Random(seed)
    rows = [[rng.choice(CROWD_TILES) for _ in range(CROWD_SIZE)] for _ in range(CROWD_SIZE)]
    centre = CROWD_SIZE // 2
    rows[CROWD_SIZE - 1 - centre][centre] = "G"
    free = [(x, y) for x in range(CROWD_SIZE) for y in range(CROWD_SIZE)
            if rows[CROWD_SIZE - 1 - y][x] not in S.IMPASSABLE and (x, y) != (centre, centre)]
    codes = sorted(S.MONSTER_IMAGES)
    monsters = [(codes[i % len(codes)], x, y, rng.randint(2, 6), 1, rng.randint(1, 3))
                for i, (x, y) in enumerate(rng.sample(free, CROWD_MONSTERS))]
    return S.write_map(folder, "crowd.txt", rows, (centre, centre, 10 ** 6, 3, 100.0), monsters)


@pytest.mark.parametrize("map_name, seconds", [("10x10_full.txt", 3), ("50x50_full.txt", 5)])
def test_full_maps_short(tmp_path, map_name, seconds):
    lines, report, log = drive(tmp_path, S.FOLDER / map_name, seconds, ROAM_KEYS)
    check_run(lines, report, log, S.FOLDER / map_name)
    if map_name == "10x10_full.txt":  # the avatar clears room, and the skeletons use it
        assert report["counts"]["Monster.setLocation"] > 0
        assert report["monsters_last"] < 99


def test_crowd_under_tiny_thread_switch_interval(tmp_path):
    map_path = crowd_map(tmp_path, seed=136)
    lines, report, log = drive(tmp_path, map_path, 3, ROAM_KEYS,
                               switch_interval=TINY_SWITCH_INTERVAL)
    check_run(lines, report, log, map_path)
    assert report["counts"]["Monster.setLocation"] > CROWD_MONSTERS
    assert report["counts"]["Monster.incurDamage"] > 0  # lava and the avatar's attacks


@pytest.mark.slow
@pytest.mark.parametrize("map_name", ["10x10_full.txt", "30x30_full.txt", "50x50_full.txt"])
def test_full_maps_for_30_seconds(tmp_path, map_name):
    lines, report, log = drive(tmp_path, S.FOLDER / map_name, 30, ROAM_KEYS, frame_ms=100)
    check_run(lines, report, log, S.FOLDER / map_name)
    assert report["counts"]["Monster.setLocation"] > 0


@pytest.mark.slow
def test_crowd_for_30_seconds_under_tiny_thread_switch_interval(tmp_path):
    map_path = crowd_map(tmp_path, seed=2023)
    lines, report, log = drive(tmp_path, map_path, 30, ROAM_KEYS, frame_ms=20,
                               switch_interval=TINY_SWITCH_INTERVAL)
    check_run(lines, report, log, map_path)
