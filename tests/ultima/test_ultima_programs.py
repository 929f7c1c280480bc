"""Ultima 0 reference run as a student would: test mains, bad maps, headless play, files."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ULTIMA = ROOT / "ultima"
# StdDraw as this checkout installs it (pip install -e puts booksite/ and the root on
# sys.path): the folders carry no copy, and a child must not find another checkout's.
INSTALLED = os.pathsep.join([str(ROOT / "booksite"), str(ROOT)])
SHARED_MAPS = ROOT.parent / "shared" / "data" / "ultima"
COURSE_MAPS = ("10x5.txt", "30x20.txt", "Hawaii.txt")
IMAGES = ("brickfloor", "lava", "water", "forest", "grasslands", "mountains", "stonewall",
          "blank", "avatar")
TIMEOUT_S = 60

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
WORLD_MAIN = {"10x5.txt": "light(3, 1, 4.0) = 23\n", "30x20.txt": "light(3, 4, 4.0) = 42\n",
              "Hawaii.txt": "light(3, 3, 4.0) = 1\n"}


def run(args, cwd=ULTIMA, **env):
    """Run python with ``args`` in ``cwd``, headless unless ``env`` says otherwise."""
    environ = {key: value for key, value in os.environ.items() if not key.startswith("STDDRAW")}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": INSTALLED})
    environ.update(env)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=environ, capture_output=True,
                          text=True, timeout=TIMEOUT_S, check=False)


def test_tile_main_prints_the_course_table():
    result = run(["Tile.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, TILE_MAIN, "")


def test_avatar_main_prints_the_course_sequence():
    result = run(["Avatar.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, AVATAR_MAIN, "")


@pytest.mark.parametrize("map_name", COURSE_MAPS)
def test_world_main_prints_the_start_light_and_returns_headless(map_name, tmp_path):
    log = tmp_path / "log.jsonl"
    result = run(["World.py", map_name], STDDRAW_LOG=str(log))
    assert (result.returncode, result.stdout, result.stderr) == (0, WORLD_MAIN[map_name], "")
    assert '"op":"show"' in log.read_text()


def test_doctests_pass():
    result = run(["-m", "doctest", "Tile.py", "Avatar.py", "World.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def _bad_map(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return name


BAD_MAPS = {
    "short_row.txt": ("3 2\n0 0\nG G G\nG G\n", ["line 4", "expected 3 tile codes, found 2"]),
    "unknown_code.txt": ("3 2\n0 0\nG X G\nG G G\n", ["line 3", "unknown tile code 'X'",
                                                         "column 2"]),
    "start_outside.txt": ("3 2\n3 0\nG G G\nG G G\n", ["line 2", "start (3, 0)", "outside"]),
    "missing_rows.txt": ("3 3\n0 0\nG G G\n", ["expected 3 rows of tiles"]),
    "extra_rows.txt": ("3 1\n0 0\nG G G\nG G G\n", ["line 4", "unexpected text"]),
    "bad_size.txt": ("three 2\n0 0\n", ["line 1", "map size"]),
    "empty.txt": ("", ["line 1", "map size"]),
}


@pytest.mark.parametrize("map_name", sorted(BAD_MAPS))
@pytest.mark.parametrize("program", ["World.py", "Ultima.py"])
def test_bad_map_is_one_line_naming_file_and_problem(program, map_name, tmp_path):
    text, expected = BAD_MAPS[map_name]
    _bad_map(tmp_path, map_name, text)
    result = run([str(ULTIMA / program), map_name], cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {map_name}")
    for fragment in expected:
        assert fragment in result.stderr


@pytest.mark.parametrize("program", ["World.py", "Ultima.py", "run.py"])
def test_missing_map_is_one_line(program):
    result = run([program, "no_such_map.txt"])
    assert result.returncode == 1
    assert result.stderr == ("error: no_such_map.txt: cannot read the map file "
                             "(No such file or directory)\n")


@pytest.mark.parametrize("program", ["World.py", "Ultima.py"])
def test_no_map_argument_prints_usage(program):
    result = run([program])
    assert (result.returncode, result.stderr) == (2, f"usage: python {program} MAP\n")


def test_missing_images_are_one_line(tmp_path):
    (tmp_path / "10x5.txt").write_bytes((ULTIMA / "10x5.txt").read_bytes())
    result = run([str(ULTIMA / "Ultima.py"), "10x5.txt"], cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "not found" in result.stderr
    assert ".gif" in result.stderr


def test_run_py_plays_the_default_map_headless(tmp_path):
    log = tmp_path / "log.jsonl"
    result = run(["run.py"], STDDRAW_KEYS="d", STDDRAW_LOG=str(log))
    assert (result.returncode, result.stderr) == (0, "")
    assert '{"op":"canvas","frame":1,"w":480,"h":320,"backend":"headless"}' in log.read_text()


@pytest.mark.parametrize("map_name", COURSE_MAPS)
def test_course_maps_are_byte_copies(map_name):
    shared = SHARED_MAPS / map_name
    if not shared.exists():
        pytest.skip("shared data folder not present")
    assert (ULTIMA / map_name).read_bytes() == shared.read_bytes()
    assert b"\r\n" in (ULTIMA / map_name).read_bytes()


def test_images_are_what_make_images_draws(tmp_path):
    result = run([str(ULTIMA / "tools" / "make_images.py"), str(tmp_path)])
    assert result.returncode == 0, result.stderr
    for name in IMAGES:
        made = (tmp_path / f"{name}.gif").read_bytes()
        assert made == (ULTIMA / f"{name}.gif").read_bytes(), name
    digests = {hashlib.sha256((ULTIMA / f"{name}.gif").read_bytes()).hexdigest()
               for name in IMAGES}
    assert len(digests) == len(IMAGES)


@pytest.fixture()
def shim_images():
    """The shim's image codecs, imported from the repository."""
    saved_path, saved_modules = list(sys.path), dict(sys.modules)
    sys.path.insert(0, str(ROOT))
    try:
        from stddraw_shim import _images
        yield _images
    finally:
        sys.path[:] = saved_path
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]


def test_headless_play_with_a_key_script_saves_the_last_frame(tmp_path, shim_images):
    import json

    png, log = tmp_path / "last.png", tmp_path / "log.jsonl"
    result = run(["Ultima.py", "30x20.txt"], STDDRAW_KEYS="dddwwww++",
                 STDDRAW_PNG=str(png), STDDRAW_LOG=str(log))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0] == {"op": "canvas", "frame": 1, "w": 480, "h": 320, "backend": "headless"}
    assert [r["key"] for r in records if r["op"] == "key"] == list("dddwwww++")
    last = max(r["frame"] for r in records if r["op"] == "picture")
    frame = [r for r in records if r["op"] == "picture" and r["frame"] == last]
    tiles, avatar = frame[:-1], frame[-1]
    assert avatar["file"] == "avatar.gif" and len(tiles) == 600
    assert sorted((t["x"], t["y"]) for t in tiles) == sorted(
        ((x + 0.5) * 16, (y + 0.5) * 16) for x in range(30) for y in range(20))

    width, height, rgba = shim_images.decode_image(png.read_bytes(), "last.png")
    assert (width, height) == (480, 320)

    def pixel(px, py):
        at = ((height - 1 - py) * width + px) * 4
        return tuple(rgba[at:at + 3])

    dark = [t for t in tiles if t["file"] == "blank.gif"]
    assert 0 < len(dark) < 600
    for t in dark:
        assert pixel(int(t["x"]), int(t["y"])) == (0, 0, 0)
    _w, _h, sprite = shim_images.decode_image((ULTIMA / "avatar.gif").read_bytes(), "avatar")
    left, top = int(avatar["x"]) - 8, int(avatar["y"]) + 7
    for dy in range(16):
        for dx in range(16):
            at = (dy * 16 + dx) * 4
            if sprite[at + 3]:
                assert pixel(left + dx, top - dy) == tuple(sprite[at:at + 3])


def test_a_display_without_pygame_is_one_line():
    environ = {key: value for key, value in os.environ.items() if not key.startswith("STDDRAW")}
    # -S: no site-packages, so no pygame; StdDraw itself comes from PYTHONPATH.
    environ.update({"DISPLAY": ":99", "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": INSTALLED})
    result = subprocess.run([sys.executable, "-S", "Ultima.py", "10x5.txt"], cwd=ULTIMA,
                            env=environ, capture_output=True, text=True, timeout=TIMEOUT_S,
                            check=False)
    assert result.returncode == 1
    assert result.stderr.startswith("error: StdDraw needs pygame-ce to open a window")
    assert result.stderr.count("\n") == 1


def _open_map(folder, side):
    """Write a ``side`` x ``side`` map of grasslands with the avatar in the middle."""
    path = folder / f"open{side}.txt"
    row = " ".join("G" * side)
    path.write_text(f"{side} {side}\n{side // 2} {side // 2}\n" + "\n".join([row] * side) + "\n")
    return path


# Drawing 3,600 tiles after each of 80 keys takes a while headless.
SLOW_PLAY_TIMEOUT_S = 600


@pytest.mark.slow
def test_plus_pressed_until_the_torch_covers_a_big_open_map_never_overflows(tmp_path):
    # CLARIFICATIONS, Ultima 0 (reference only, revised 2026-11-26): Ultima.py makes room for
    # the recursion of a torch that lights all 3,600 tiles, about 1,900 levels deep.
    log = tmp_path / "log.jsonl"
    environ = {key: value for key, value in os.environ.items() if not key.startswith("STDDRAW")}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": INSTALLED,
                    "STDDRAW_KEYS": "+" * 80,  # the torch grows from 4.0 to 44.0
                    "STDDRAW_LOG": str(log), "STDDRAW_IDLE_SHOWS": "1"})
    result = subprocess.run([sys.executable, "Ultima.py", str(_open_map(tmp_path, 60))],
                            cwd=ULTIMA, env=environ, capture_output=True, text=True,
                            timeout=SLOW_PLAY_TIMEOUT_S, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    pictures = [line for line in log.read_text().splitlines() if '"op":"picture"' in line]
    assert not any('"file":"blank.gif"' in line for line in pictures[-3600:])


DEEP_LIGHT = """
import sys
from Ultima import DeepCaller
from World import World
world = World(sys.argv[1])
print(DeepCaller(int(sys.argv[2])).call(world.light, 150, 150, 300.0))
"""


def test_deep_caller_gives_lightdfs_the_stack_it_needs_on_python_3_9(tmp_path, python39):
    # Before Python 3.11 each level of recursion also uses C stack: lighting all 90,000 tiles
    # overflows the main thread's (a crash, not an error) unless the call runs on a bigger
    # stack.
    script = tmp_path / "deep.py"
    script.write_text(DEEP_LIGHT)
    environ = {key: value for key, value in os.environ.items() if not key.startswith("STDDRAW")}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": os.pathsep.join([str(ULTIMA), INSTALLED])})
    result = subprocess.run([python39, str(script), str(_open_map(tmp_path, 300)), "90001"],
                            cwd=ULTIMA, env=environ, capture_output=True, text=True,
                            timeout=TIMEOUT_S, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, "90000\n", "")
