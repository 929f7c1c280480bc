"""Numbers on a map's first two lines are whatever int() reads, and nothing else (issue 18):
``--3 1`` and ``10 ²`` are one-line errors, not tracebacks, and ``+10`` is a number."""

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
TIMEOUT_S = 60


def world_main(map_text: str, tmp_path: Path) -> subprocess.CompletedProcess:
    """Run ``python World.py`` headless on a map holding ``map_text``."""
    path = tmp_path / "map.txt"
    path.write_text(map_text, encoding="utf-8")
    environ = dict(os.environ, STDDRAW_HEADLESS="1", PYTHONDONTWRITEBYTECODE="1",
                   PYTHONPATH=INSTALLED)
    return subprocess.run([sys.executable, "World.py", str(path)], cwd=ULTIMA, env=environ,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


@pytest.mark.parametrize("first_line", ["--3 1", "10 \u00b2", "1.5 1"])
def test_a_first_line_int_refuses_is_one_line_and_exit_1(first_line, tmp_path):
    result = world_main(first_line + "\n0 0\nG\n", tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "line 1: expected the map size" in result.stderr


def test_a_plus_sign_is_a_number(tmp_path):
    result = world_main("+1 1\n0 +0\nG\n", tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "light(0, 0, 4.0) = 1\n", "")
