"""One source of the shim (issue 36): assignment folders carry no copy of StdDraw.

The Ultima folders run with the installed StdDraw, as the course's students ran with the
course's handed-out one. "Installed" here is this checkout as ``pip install -e .`` puts it on
``sys.path`` (``booksite/`` and the project root), given through PYTHONPATH to a ``python -S``
child, so that no other checkout's StdDraw and no site-packages can stand in. A folder copied
elsewhere says in one line what it lacks, and runs once the shim is installed into it.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALLED = os.pathsep.join([str(ROOT / "booksite"), str(ROOT)])
ASSIGNMENTS = ("acorn_maze", "end_of_dayz", "minirogue", "ultima")
ULTIMA_FOLDERS = {"ultima": ROOT / "ultima", "ultima0_1": ROOT / "ultima" / "ultima0_1"}
# Every name under which a copy of the drawing library could sit in a folder.
SHIM_NAMES = {"StdDraw.py", "stddraw.py", "stddraw", "picture.py", "color.py", "stddraw_shim"}
KEYS = "ddw"
TIMEOUT_S = 60
MISSING = {
    "ultima": "error: cannot import StdDraw, part of the drawing library: install this project "
              "(pip install), or put StdDraw in this folder (see README.md)\n",
    "ultima0_1": "error: cannot import StdDraw, part of the drawing library: install this "
                 "project (pip install), or copy the shim into this folder (see README.md)\n",
}


def run(folder, args, pythonpath=None, **env):
    """Run ``python -S ARGS`` headless in ``folder``, with ``pythonpath`` as PYTHONPATH."""
    environ = {key: value for key, value in os.environ.items()
               if not key.startswith(("STDDRAW", "SDL_")) and key != "PYTHONPATH"}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1"})
    if pythonpath is not None:
        environ["PYTHONPATH"] = pythonpath
    environ.update(env)
    return subprocess.run([sys.executable, "-S", *args], cwd=folder, env=environ,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


def keys_typed(log):
    """Return the keys a JSON-lines draw log recorded, and how the canvas closed."""
    records = [json.loads(line) for line in log.read_text().splitlines()]
    return "".join(r["key"] for r in records if r["op"] == "key"), records[-1]["reason"]


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_no_assignment_folder_carries_a_copy_of_the_shim(assignment):
    copies = [path.relative_to(ROOT) for path in (ROOT / assignment).rglob("*")
              if path.name in SHIM_NAMES]
    assert copies == []


@pytest.mark.parametrize("name", sorted(ULTIMA_FOLDERS))
def test_the_folder_runs_with_the_installed_stddraw(name, tmp_path):
    folder = ULTIMA_FOLDERS[name]
    where = run(folder, ["-c", "import StdDraw, picture, color; print(StdDraw.__file__)"],
                INSTALLED)
    assert (where.returncode, where.stdout, where.stderr) == (
        0, str(ROOT / "stddraw_shim" / "stddraw.py") + "\n", "")
    log = tmp_path / "log.jsonl"
    played = run(folder, ["run.py"], INSTALLED, STDDRAW_KEYS=KEYS, STDDRAW_LOG=str(log))
    assert (played.returncode, played.stdout, played.stderr) == (0, "", "")
    assert keys_typed(log) == (KEYS, "key script done")


@pytest.mark.parametrize("name", sorted(ULTIMA_FOLDERS))
def test_a_copied_folder_says_what_it_lacks_then_runs_once_the_shim_is_installed(name,
                                                                                tmp_path):
    copy = shutil.copytree(ULTIMA_FOLDERS[name], tmp_path / "copy",
                           ignore=shutil.ignore_patterns("__pycache__", "ultima0_1", "tools"))
    lacking = run(copy, ["run.py"])
    assert (lacking.returncode, lacking.stdout, lacking.stderr) == (1, "", MISSING[name])

    installed = subprocess.run([sys.executable, "-m", "stddraw_shim", "install", str(copy)],
                               cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S,
                               check=False)
    assert installed.returncode == 0, installed.stderr
    log = tmp_path / "log.jsonl"
    played = run(copy, ["run.py"], STDDRAW_KEYS=KEYS, STDDRAW_LOG=str(log))
    assert (played.returncode, played.stdout, played.stderr) == (0, "", "")
    assert keys_typed(log) == (KEYS, "key script done")
