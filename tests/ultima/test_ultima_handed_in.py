"""The Ultima references as handed in: only the files the spec names, beside the course's own.

Issue 33. The spec has students hand in Tile.py, Avatar.py and World.py (Ultima 0.1 adds
Monster.py); the course supplies StdDraw (with picture and color), the maps, the images and
Ultima.py. So the reference's handed-in files are copied alone into an empty folder with the
maps, the images and the course's Ultima.py (the grader's copy of it), and run there with
StdDraw installed rather than beside them (the booksite forwarders on PYTHONPATH; no
StdDraw.py, picture.py, color.py or stddraw_shim in the folder). And they import nothing else:
CLARIFICATIONS, Ultima 0, "the handed-in World.py, Tile.py and Avatar.py use plain recursion and
import nothing beyond what the course handed out" (revised 2026-11-26).
"""

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOKSITE = ROOT / "booksite"
COURSE_MODULES = {"StdDraw", "picture", "color"}
# The standard library's module names (Python 3.10 and later name them).
STDLIB = getattr(sys, "stdlib_module_names", None)
TIMEOUT_S = 120
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


class Lab:
    """One of the two labs: where its reference is, what is handed in, what the course gives."""

    def __init__(self, folder, handed_in, course_program, maps, world_main):
        """Describe a lab: its reference ``folder`` under ultima/, the files ``handed_in``,
        the suite whose ``course_program`` (course/Ultima.py) stands in for the course's,
        the course ``maps`` copied, and what ``python World.py 30x20.txt`` prints."""
        self.folder = ROOT / "ultima" / folder
        self.handed_in = handed_in
        self.course_program = ROOT / "autograder" / "suites" / course_program / "course" / \
            "Ultima.py"
        self.maps = maps
        self.world_main = world_main


ULTIMA0 = Lab("", ("Tile.py", "Avatar.py", "World.py"), "ultima",
              ("10x5.txt", "30x20.txt", "Hawaii.txt"), "light(3, 4, 4.0) = 42\n")
ULTIMA01 = Lab("ultima0_1", ("Tile.py", "Avatar.py", "Monster.py", "World.py"), "ultima0_1",
               ("10x10_full.txt", "30x20.txt", "30x20_lava.txt"), "light(11, 2, 10.0) = 199\n")
LABS = {"ultima0": ULTIMA0, "ultima0_1": ULTIMA01}


def hand_in(lab, folder):
    """Fill ``folder`` with the handed-in files, the course's Ultima.py, maps and images."""
    folder.mkdir(exist_ok=True)
    for name in lab.handed_in + lab.maps:
        shutil.copyfile(lab.folder / name, folder / name)
    for image in lab.folder.glob("*.gif"):
        shutil.copyfile(image, folder / image.name)
    shutil.copyfile(lab.course_program, folder / "Ultima.py")
    assert not {"StdDraw.py", "picture.py", "color.py", "stddraw_shim"} & {
        path.name for path in folder.iterdir()}
    return folder


def run(folder, args, **env):
    """Run ``python ARGS`` in ``folder``, headless, with StdDraw installed (not beside it)."""
    environ = {key: value for key, value in os.environ.items()
               if not key.startswith("STDDRAW") and key != "PYTHONPATH"}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": os.pathsep.join([str(BOOKSITE), str(ROOT)])})
    environ.update(env)
    return subprocess.run([sys.executable, *args], cwd=folder, env=environ,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


@pytest.fixture(params=sorted(LABS))
def lab(request):
    """Each lab in turn."""
    return LABS[request.param]


def test_tile_main_runs_handed_in(lab, tmp_path):
    result = run(hand_in(lab, tmp_path), ["Tile.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, TILE_MAIN, "")


def test_avatar_main_runs_handed_in(lab, tmp_path):
    result = run(hand_in(lab, tmp_path), ["Avatar.py"])
    assert (result.returncode, result.stdout, result.stderr) == (0, AVATAR_MAIN, "")


def test_world_main_runs_handed_in(lab, tmp_path):
    log = tmp_path / "log.jsonl"
    result = run(hand_in(lab, tmp_path), ["World.py", "30x20.txt"], STDDRAW_LOG=str(log))
    assert (result.returncode, result.stdout, result.stderr) == (0, lab.world_main, "")
    assert '"op":"show"' in log.read_text()


def test_course_ultima_plays_the_handed_in_files(lab, tmp_path):
    folder = hand_in(lab, tmp_path / "handed_in")
    log = tmp_path / "log.jsonl"
    result = run(folder, ["Ultima.py", "30x20.txt"], STDDRAW_KEYS="ddww+", STDDRAW_LOG=str(log))
    # The window "closes" after the key script (SystemExit(0)), before any verdict.
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0] == {"op": "canvas", "frame": 1, "w": 480, "h": 320, "backend": "headless"}
    assert [r["key"] for r in records if r["op"] == "key"] == list("ddww+")
    last = max(r["frame"] for r in records if r["op"] == "picture")
    files = [r["file"] for r in records if r["op"] == "picture" and r["frame"] == last]
    assert files[-1] == "avatar.gif" and len([f for f in files if "avatar" not in f]) >= 600


def test_course_ultima_0_1_ends_the_game_with_the_handed_in_files(tmp_path):
    # An orc of 10 hp that never moves, beside an avatar of damage 5: two blows win.
    folder = hand_in(ULTIMA01, tmp_path)
    (folder / "win.txt").write_text("3 1\n0 0 20 5 4.0\nG G G\nOR 1 0 10 1 1000000000\n")
    result = run(folder, ["Ultima.py", "win.txt"], STDDRAW_KEYS="dd")
    assert (result.returncode, result.stdout, result.stderr) == (0, "You win!!!\n", "")


def imported_modules(path):
    """Return the top-level names of every module the file at ``path`` imports, anywhere."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: relative import"
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.skipif(STDLIB is None, reason="needs Python 3.10+")
def test_handed_in_files_import_only_the_course_modules_each_other_and_the_standard_library(
        lab):
    siblings = {name[:-len(".py")] for name in lab.handed_in}
    allowed = COURSE_MODULES | siblings | set(STDLIB)
    for name in lab.handed_in:
        assert imported_modules(lab.folder / name) - allowed == set(), name
