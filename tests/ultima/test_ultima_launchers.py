"""Both Ultima launchers (ultima/run.py, ultima/ultima0_1/run.py) at their rough edges (issue 35).

``--help`` prints the usage; a malformed STDDRAW_* setting is one line naming the variable and
its value, with exit status 1; and a window nobody can see (SDL's dummy video driver) with no key
script ends by itself as a headless canvas does, instead of waiting for keys no one can type.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# StdDraw as this checkout installs it (see test_ultima_programs.py).
INSTALLED = os.pathsep.join([str(ROOT / "booksite"), str(ROOT)])
FOLDERS = {"ultima": ROOT / "ultima", "ultima0_1": ROOT / "ultima" / "ultima0_1"}
TIMEOUT_S = 60
USAGE = {
    "ultima": """usage: python run.py [MAP]

Play Ultima 0 on MAP, a map file (default: 30x20.txt), in a StdDraw window.
w a s d move the avatar; + and - make the torch bigger or smaller; close the window to stop.
Without a display it runs headless, steered by STDDRAW_* variables (see README.md).
""",
    "ultima0_1": """usage: python run.py [MAP]

Play Ultima 0.1 on MAP, a map file (default: 30x20.txt), in a StdDraw window.
w a s d move the avatar (into a monster: attack it); + and - make the torch bigger or smaller.
The game ends when the avatar or every monster is dead, or when the window is closed.
Without a display it runs headless, steered by STDDRAW_* variables (see README.md).
""",
}
MISSING_FOLDER = os.path.join("no-such-folder", "out")
BAD_SETTINGS = [
    ({"STDDRAW_HEADLESS": "maybe"}, "STDDRAW_HEADLESS must be 1 or 0, got 'maybe'"),
    ({"STDDRAW_IDLE_SHOWS": "lots"},
     "STDDRAW_IDLE_SHOWS must be a positive whole number, got 'lots'"),
    ({"STDDRAW_IDLE_SHOWS": "0"}, "STDDRAW_IDLE_SHOWS must be a positive whole number, got '0'"),
    ({"STDDRAW_LOG": MISSING_FOLDER},
     f"STDDRAW_LOG must name a file in an existing folder, got {MISSING_FOLDER!r}"),
    ({"STDDRAW_PNG": "."}, "STDDRAW_PNG must name a file, not a folder, got '.'"),
    ({"STDDRAW_FRAME_DIR": MISSING_FOLDER},
     f"STDDRAW_FRAME_DIR must name an existing folder, got {MISSING_FOLDER!r}"),
]


def run(name, args, **env):
    """Run ``python run.py ARGS`` in the Ultima folder ``name``, headless unless env says not."""
    environ = {key: value for key, value in os.environ.items()
               if not key.startswith(("STDDRAW", "SDL_"))}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": INSTALLED})
    environ.update(env)
    return subprocess.run([sys.executable, "run.py", *args], cwd=FOLDERS[name], env=environ,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


@pytest.mark.parametrize("name", sorted(FOLDERS))
@pytest.mark.parametrize("option", [["--help"], ["-h"], ["30x20.txt", "--help"]])
def test_help_prints_the_usage_and_exits_0(name, option):
    result = run(name, option)
    assert (result.returncode, result.stdout, result.stderr) == (0, USAGE[name], "")


@pytest.mark.parametrize("name", sorted(FOLDERS))
@pytest.mark.parametrize("env, message", BAD_SETTINGS)
def test_a_bad_setting_is_one_line_naming_the_variable_and_value(name, env, message):
    result = run(name, [], **env)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", f"error: {message}\n")


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_an_unseen_window_without_keys_ends_by_itself(name, tmp_path):
    pytest.importorskip("pygame")
    log = tmp_path / "log.jsonl"
    result = run(name, [], STDDRAW_HEADLESS="", SDL_VIDEODRIVER="dummy", STDDRAW_LOG=str(log),
                 STDDRAW_IDLE_SHOWS="3")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0]["backend"] == "window"
    assert [r["op"] for r in records if r["op"] in ("show", "key", "close")] == [
        "show", "show", "show", "close"]
    assert records[-1]["reason"] == "unseen window"
