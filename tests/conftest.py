"""Fixtures shared by every test folder."""

import shutil
import subprocess
from pathlib import Path

import pytest

# The oldest Python that students use; reference solutions and the grader must run on it.
OLDEST_PYTHON = "3.9"


def find_oldest_python():
    """Return a runnable interpreter of :data:`OLDEST_PYTHON`, or None when there is none.

    A pyenv shim on PATH may exist without the version being active, so each candidate
    is started once before it is trusted.
    """
    candidates = [shutil.which("python" + OLDEST_PYTHON)]
    candidates += sorted(str(path) for path in Path.home().glob(
        ".pyenv/versions/" + OLDEST_PYTHON + ".*/bin/python" + OLDEST_PYTHON))
    for candidate in filter(None, candidates):
        probe = subprocess.run([candidate, "-c", "pass"], capture_output=True, check=False)
        if probe.returncode == 0:
            return candidate
    return None


@pytest.fixture(scope="session")
def python39():
    """Return a runnable interpreter of the oldest supported Python; skip when there is none."""
    interpreter = find_oldest_python()
    if interpreter is None:
        pytest.skip("no python" + OLDEST_PYTHON + " on this machine")
    return interpreter
