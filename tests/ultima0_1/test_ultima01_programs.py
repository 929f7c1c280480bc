"""Ultima 0.1 reference run as a student would: test mains, bad maps, whole games, files."""

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from variantkit import import_file


S = import_file("ultima01_support", Path(__file__).resolve().parent / "ultima01_support.py")
FOLDER = S.FOLDER
IMAGES = ("brickfloor", "lava", "water", "forest", "grasslands", "mountains", "stonewall",
          "blank", "avatar", "skeleton", "orc", "bat", "slime")
TILE_MAIN = "".join(
    "%d %d : lit %s\topaque %s\tpassable %s\n" % row for row in [
        (0, 0, True, False, True), (0, 1, False, False, True),
        (1, 0, False, False, True), (1, 1, True, False, True),
        (2, 0, True, False, False), (2, 1, False, False, False),
        (3, 0, False, True, True), (3, 1, True, True, True),
        (4, 0, True, False, True), (4, 1, False, False, True),
        (5, 0, False, True, False), (5, 1, True, True, False),
        (6, 0, True, True, False), (6, 1, False, True, False)])
AVATAR_MAIN = ("5 5 4.0\n1 4 4.0\n1 4 4.5\n1 4 4.0\n1 4 3.5\n1 4 3.0\n1 4 2.5\n1 4 2.0\n"
               "1 4 2.0\n")
LIGHT_LINE = "light(%d, %d, %.1f) = %d\n"
WIN, LOSE = "You win!!!\n", "You lose...\n"
# The course's 50x50_full.txt starts with a torch of 1000.0 that lights all 2,500 tiles, deeper
# than Python's default recursion limit. The handed-in World.py recurses plainly, so its test
# main runs there with the room Ultima.py makes (Ultima.DeepCaller; CLARIFICATIONS, Ultima 0,
# revised 2026-11-26: the allowance lives in the program that runs the game).
DEEP_MAPS = {"50x50_full.txt"}
WORLD_MAIN_WITH_ROOM = (
    "import runpy, sys\n"
    "from Ultima import DeepCaller, map_tiles\n"
    "sys.argv = sys.argv[1:]\n"
    "DeepCaller(map_tiles(sys.argv[1]) + 1).call(runpy.run_path, 'World.py', None, '__main__')\n")


def world_main(map_name):
    """Return the arguments that run ``python World.py MAP``, with room for deep maps."""
    if map_name in DEEP_MAPS:
        return ["-c", WORLD_MAIN_WITH_ROOM, "World.py", map_name]
    return ["World.py", map_name]


def test_tile_main_prints_the_course_table():
    result = S.run(["Tile.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, TILE_MAIN, "")


def test_avatar_main_prints_the_course_sequence():
    result = S.run(["Avatar.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, AVATAR_MAIN, "")


@pytest.mark.parametrize("map_name", S.COURSE_MAPS)
def test_world_main_prints_the_start_light_stops_its_threads_and_returns(map_name):
    rows, start, _monsters = S.read_map(FOLDER / map_name)
    x, y, torch = int(start[0]), int(start[1]), float(start[4])
    expected = LIGHT_LINE % (x, y, torch, S.model_light(rows, x, y, torch))
    result = S.run(world_main(map_name))
    assert (result.returncode, result.stdout, result.stderr) == (0, expected, "")


def test_world_main_light_counts_match_hand_worked_values():
    # Full maps light every tile; 30x20.txt is the Ultima 0 map, seen from (11, 2) at 10.0.
    outputs = {name: S.run(world_main(name)).stdout for name in
               ("10x10_full.txt", "50x50_full.txt")}
    assert outputs == {"10x10_full.txt": "light(0, 0, 100.0) = 100\n",
                       "50x50_full.txt": "light(0, 0, 1000.0) = 2500\n"}


def test_doctests_pass():
    result = S.run(["-m", "doctest", "Tile.py", "Avatar.py", "Monster.py", "World.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


# --- bad input ------------------------------------------------------------------------------

GRASS = ["G G G".split(), "G W G".split()]
START = (0, 0, 10, 2, 4.0)
BAD_MAPS = {
    "unknown_monster.txt": (GRASS, START, [("ZZ", 2, 0, 5, 1, 100)],
                            ["line 5", "unknown monster code 'ZZ'"]),
    "lower_case_code.txt": (GRASS, START, [("sk", 2, 0, 5, 1, 100)],
                            ["line 5", "unknown monster code 'sk'"]),
    "monster_east.txt": (GRASS, START, [("SK", 2, 0, 5, 1, 100), ("OR", 3, 1, 5, 1, 100)],
                         ["line 6", "monster at (3, 1) is outside the 3x2 map"]),
    "monster_south.txt": (GRASS, START, [("BA", 0, -1, 5, 1, 100)],
                          ["line 5", "monster at (0, -1) is outside the 3x2 map"]),
    "monster_north.txt": (GRASS, START, [("SL", 1, 2, 5, 1, 100)],
                          ["line 5", "monster at (1, 2) is outside"]),
    "monster_in_water.txt": (GRASS, START, [("SK", 1, 0, 5, 1, 100)],
                             ["line 5", "monster at (1, 0) is on an impassable tile"]),
    "monster_on_avatar.txt": (GRASS, START, [("SK", 0, 0, 5, 1, 100)],
                              ["line 5", "monster at (0, 0) is on the avatar's start"]),
    "two_monsters.txt": (GRASS, START, [("SK", 2, 1, 5, 1, 100), ("OR", 2, 1, 5, 1, 100)],
                         ["line 6", "monster at (2, 1) is on another monster"]),
    "short_monster.txt": (GRASS, START, [("SK", 2, 1, 5, 1)],
                          ["line 5", "expected 'CODE x y hp damage sleepMs'"]),
    "word_for_hp.txt": (GRASS, START, [("SK", 2, 1, "ten", 1, 100)],
                        ["line 5", "hp must be a whole number, found 'ten'"]),
    "dead_monster.txt": (GRASS, START, [("SK", 2, 1, 0, 1, 100)],
                         ["line 5", "hp must be at least 1"]),
    "no_sleep.txt": (GRASS, START, [("SK", 2, 1, 3, 1, 0)],
                     ["line 5", "sleepMs must be at least 1"]),
    "old_start_line.txt": (GRASS, (0, 0), [], ["line 2", "expected 'x y hp damage torch'"]),
    "bad_torch.txt": (GRASS, (0, 0, 10, 2, "bright"), [],
                      ["line 2", "torch must be a number, found 'bright'"]),
    "start_outside.txt": (GRASS, (5, 0, 10, 2, 4.0), [], ["line 2", "start (5, 0)", "outside"]),
    "unknown_tile.txt": (["G X G".split(), "G W G".split()], START, [],
                         ["line 3", "unknown tile code 'X'", "column 2"]),
    "short_row.txt": (["G G G".split(), "G W".split()], START, [],
                      ["line 4", "expected 3 tile codes, found 2"]),
}


@pytest.mark.parametrize("map_name", sorted(BAD_MAPS))
@pytest.mark.parametrize("program", ["World.py", "Ultima.py", "run.py"])
def test_bad_map_is_one_line_naming_file_line_and_problem(program, map_name, tmp_path):
    rows, start, monsters, expected = BAD_MAPS[map_name]
    S.write_map(tmp_path, map_name, rows, start, monsters)
    result = S.run([str(FOLDER / program), map_name], cwd=tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {map_name}, line ")
    for fragment in expected:
        assert fragment in result.stderr


def test_missing_rows_are_reported_at_the_end_of_the_file(tmp_path):
    (tmp_path / "cut.txt").write_text("3 3\n0 0 10 2 4.0\nG G G\n")
    result = S.run([str(FOLDER / "Ultima.py"), "cut.txt"], cwd=tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("error: cut.txt, line 4: expected 3 rows of tiles, the file ends "
                             "after 1\n")


@pytest.mark.parametrize("program", ["World.py", "Ultima.py", "run.py"])
def test_missing_map_is_one_line(program):
    result = S.run([program, "no_such_map.txt"])
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == ("error: no_such_map.txt: cannot read the map file "
                             "(No such file or directory)\n")


@pytest.mark.parametrize("program", ["World.py", "Ultima.py"])
def test_wrong_argument_count_prints_usage(program):
    for args in ([], ["30x20.txt", "extra"]):
        result = S.run([program, *args])
        assert (result.returncode, result.stderr) == (2, f"usage: python {program} MAP\n")


def test_missing_monster_image_is_one_line(tmp_path):
    for name in ("grasslands.gif", "avatar.gif"):
        (tmp_path / name).write_bytes((FOLDER / name).read_bytes())
    S.write_map(tmp_path, "m.txt", ["G G".split()], (0, 0, 5, 1, 4.0),
                [("OR", 1, 0, 5, 1, S.SLEEP_FOREVER_MS)])
    result = S.run([str(FOLDER / "Ultima.py"), "m.txt"], cwd=tmp_path)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.count("\n") == 1 and "orc.gif" in result.stderr


def _limit_memory():
    """In the child: allow 1 GiB of address space, far less than 2,499 thread stacks need."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


MEMORY_LIMIT = 1 << 30


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux rlimits")
@pytest.mark.parametrize("program", ["World.py", "Ultima.py"])
def test_too_many_threads_for_the_system_is_one_line_and_no_hang(program):
    environ = {key: value for key, value in os.environ.items() if not key.startswith("STDDRAW")}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": S.INSTALLED})
    args = world_main("50x50_full.txt") if program == "World.py" else [program, "50x50_full.txt"]
    result = subprocess.run([sys.executable, *args], cwd=FOLDER, env=environ,
                            preexec_fn=_limit_memory, capture_output=True, text=True,
                            timeout=S.TIMEOUT_S, check=False)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("error: cannot start a thread for monster ")
    assert result.stderr.endswith(" of 2499 (can't start new thread)\n")


# --- whole games ------------------------------------------------------------------------------

def play(tmp_path, rows, start, monsters, keys="", **env):
    """Play a hand-made map with Ultima.py from the folder; return (result, frames of the log)."""
    map_path = S.write_map(tmp_path, "game.txt", rows, start, monsters)
    log = tmp_path / "log.jsonl"
    result = S.run(["Ultima.py", map_path], STDDRAW_KEYS=keys, STDDRAW_LOG=str(log), **env)
    return result, list(S.frames_of(log)) if log.exists() else []


def texts(frames):
    """Return, frame by frame, the texts drawn (hit points) as (text, colour) pairs."""
    return [[(r["text"], r["color"]) for r in records if r["op"] == "text"]
            for _frame, records in frames]


def test_killing_the_last_monster_wins_and_shows_its_hit_points_for_three_draws(tmp_path):
    # Avatar damage 5 against an orc of 12 hp that never moves: hits at keys 1, 6 and 11.
    result, frames = play(tmp_path, ["G G G".split()], (0, 0, 20, 5, 4.0),
                          [("OR", 1, 0, 12, 1, S.SLEEP_FOREVER_MS)], keys="dxxxxdxxxxd")
    assert (result.returncode, result.stdout, result.stderr) == (0, WIN, "")
    red = [[text for text, colour in frame if colour == S.RED] for frame in texts(frames)]
    assert red == [[], ["7"], ["7"], ["7"], [], [], ["2"], ["2"], ["2"], [], [], []]
    orcs = [sum(r.get("file") == "orc.gif" for r in records) for _frame, records in frames]
    assert orcs == [1] * 11 + [0]


def test_avatar_killed_by_a_monster_loses_and_every_thread_ends(tmp_path):
    # The bat's only possible step is onto the avatar: it attacks every millisecond.
    result, frames = play(tmp_path, ["G G".split()], (0, 0, 3, 1, 4.0),
                          [("BA", 1, 0, 10, 1, 1)], STDDRAW_IDLE_SHOWS=S.NEVER_IDLE)
    assert (result.returncode, result.stdout, result.stderr) == (0, LOSE, "")
    assert frames and not any(S.frame_problems(records, [["G", "G"]])
                              for _frame, records in frames)


def test_closing_the_window_ends_the_game_without_a_verdict(tmp_path):
    result, frames = play(tmp_path, ["G G G G".split()], (0, 0, 20, 1, 4.0),
                          [("SK", 3, 0, 10, 1, 5), ("SL", 2, 0, 10, 1, 5)], keys="+-")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    # One frame per show; the shim closes the window at the 10th show counted from the one
    # that typed the last key (show 2), so at show 11.
    assert len(frames) == 11


def test_monsters_in_the_dark_are_not_drawn(tmp_path):
    rows = ["G G G G G G G G".split()]
    monsters = [("SK", 2, 0, 5, 1, S.SLEEP_FOREVER_MS), ("SL", 7, 0, 5, 1, S.SLEEP_FOREVER_MS)]
    _result, frames = play(tmp_path, rows, (0, 0, 5, 1, 2.0), monsters)
    for _frame, records in frames:
        drawn = [(r["file"], S.tile_of(r)) for r in records if r["op"] == "picture"]
        assert ("skeleton.gif", (2, 0)) not in drawn and ("blank.gif", (2, 0)) in drawn
        assert ("slime.gif", (7, 0)) not in drawn
    _result, frames = play(tmp_path, rows, (0, 0, 5, 1, 3.0), monsters)
    drawn = [(r["file"], S.tile_of(r)) for r in frames[0][1] if r["op"] == "picture"]
    assert drawn[-2:] == [("skeleton.gif", (2, 0)), ("avatar.gif", (0, 0))]


def test_run_py_plays_the_bundled_30x20_map(tmp_path):
    log = tmp_path / "log.jsonl"
    result = S.run(["run.py"], STDDRAW_KEYS="dd", STDDRAW_LOG=str(log))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0] == {"op": "canvas", "frame": 1, "w": 480, "h": 320, "backend": "headless"}
    files = {r["file"] for r in records if r["op"] == "picture"}
    assert {"skeleton.gif", "avatar.gif"} <= files


def test_headless_frame_png_shows_monsters_and_hit_points(tmp_path):
    png = tmp_path / "last.png"
    result, frames = play(tmp_path, ["G L G".split(), "G G G".split()], (0, 0, 20, 4, 4.0),
                          [("SK", 1, 0, 10, 1, S.SLEEP_FOREVER_MS)], keys="dx",
                          STDDRAW_PNG=str(png), STDDRAW_IDLE_SHOWS="1")
    assert (result.returncode, result.stderr) == (0, "")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert texts(frames)[-1] == [("6", S.RED)]


def _pygame_available():
    """Return True if pygame-ce can be imported here."""
    return importlib.util.find_spec("pygame") is not None


TITLE_DRIVER = """
import sys
sys.path.insert(0, '.')
import pygame, Ultima
status = Ultima.main([sys.argv[1]])
print(pygame.display.get_caption()[0])
sys.exit(status)
"""


@pytest.mark.skipif(not _pygame_available(), reason="pygame-ce is not installed")
def test_window_title_shows_the_avatars_health(tmp_path):
    # Onto lava (20 -> 19 hit points), then kill the skeleton: the game is won.
    map_path = S.write_map(tmp_path, "t.txt", ["G L G".split()], (0, 0, 20, 10, 4.0),
                           [("SK", 2, 0, 5, 1, S.SLEEP_FOREVER_MS)])
    result = S.run(["-c", TITLE_DRIVER, map_path], STDDRAW_HEADLESS="0",
                   SDL_VIDEODRIVER="dummy", STDDRAW_KEYS="dd", PYGAME_HIDE_SUPPORT_PROMPT="1")
    assert (result.returncode, result.stdout, result.stderr) == (0, WIN + "Health: 19\n", "")


# --- the folder -------------------------------------------------------------------------------

@pytest.mark.parametrize("map_name", S.COURSE_MAPS)
def test_course_maps_are_byte_copies(map_name):
    shared = S.SHARED_MAPS / map_name
    if not shared.exists():
        pytest.skip("shared data folder not present")
    assert (FOLDER / map_name).read_bytes() == shared.read_bytes()
    assert b"\r\n" in (FOLDER / map_name).read_bytes()


def test_images_are_what_make_images_draws_and_match_ultima0(tmp_path):
    result = S.run([str(FOLDER / "tools" / "make_images.py"), str(tmp_path)])
    assert result.returncode == 0, result.stderr
    for name in IMAGES:
        made = (tmp_path / f"{name}.gif").read_bytes()
        assert made == (FOLDER / f"{name}.gif").read_bytes(), name
        if (S.ULTIMA0 / f"{name}.gif").exists():
            assert made == (S.ULTIMA0 / f"{name}.gif").read_bytes(), name
    assert len({(FOLDER / f"{name}.gif").read_bytes() for name in IMAGES}) == len(IMAGES)


@pytest.fixture()
def shim_images():
    """The shim's image codecs, imported from the repository."""
    saved_path, saved_modules = list(sys.path), dict(sys.modules)
    sys.path.insert(0, str(S.ROOT))
    try:
        from stddraw_shim import _images
        yield _images
    finally:
        sys.path[:] = saved_path
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]


@pytest.mark.parametrize("code", sorted(S.MONSTER_IMAGES))
def test_monster_images_are_16x16_with_a_transparent_background(code, shim_images):
    name = S.MONSTER_IMAGES[code]
    width, height, rgba = shim_images.decode_image((FOLDER / name).read_bytes(), name)
    alphas = rgba[3::4]
    assert (width, height) == (16, 16)
    assert alphas[0] == 0 and 0 < alphas.count(255) < 256
