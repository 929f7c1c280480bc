"""Fixtures for the End of DayZ tests: the reference folder and ways to run code inside it.

``a2.py`` imports ``a2_support`` by bare name, so every test runs the code in a child process
whose working directory is the folder under test (the reference, or a broken variant).

The course's play transcripts (copied byte for byte into ``test_data/``) were made by calling
``play`` on hand-built grids, with every line read from standard input echoed right after its
prompt. The suite's ``TRANSCRIPT`` driver (the one the autograder runs) rebuilds those grids
exactly as CLARIFICATIONS.md describes and echoes input the same way; the tests run that same
driver, so the grader and the tests cannot drift apart.
"""

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from autograder.suites.end_of_dayz.check_play import PLAY_RETURNED, TRANSCRIPT

ROOT = Path(__file__).resolve().parents[2]
EOD_DIR = ROOT / "end_of_dayz"
TEST_DATA = Path(__file__).resolve().parent / "test_data"
COURSE_DATA = ROOT.parent / "shared" / "data" / "end_of_dayz"
TRANSCRIPTS = ("basic", "invalid", "with_zombies", "lose", "with_garlic_advanced",
               "with_crossbow_advanced", "crossbow_shoot", "crossbow_missed")
TIMEOUT_S = 30

# What a replay prints after the course's output when play() returned None and read all of
# its input (the suite's driver reports both when given PLAY_RETURNED as argv[2]).
CLEAN_END = PLAY_RETURNED.format(returned=None, unread="")


def run_python(folder, args, stdin="", python=None):
    """Run ``python args...`` with ``folder`` as working directory.

    Parameters:
        folder: the End of DayZ folder to run in.
        args: the interpreter's arguments (a script, or ``-c`` and source, then more).
        stdin: the text typed.
        python: the interpreter; the one running the tests by default.

    Returns:
        The CompletedProcess, with stdout and stderr as text.
    """
    return subprocess.run([python or sys.executable, *map(str, args)], cwd=folder,
                          input=stdin.encode(), capture_output=True, timeout=TIMEOUT_S,
                          check=False, env=_child_environment())


def _child_environment():
    """Return the environment for children: no bytecode files left in the folders."""
    environment = dict(os.environ)
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    environment.pop("PYTHONPATH", None)
    return environment


def replay_transcript(folder, name, python=None):
    """Replay the course transcript ``name`` on the folder's ``a2``; return the process.

    Its output is the game's, then a line saying what ``play`` returned and which input it
    left unread (see :func:`expected_transcript`).
    """
    stdin = (TEST_DATA / (name + ".in")).read_text(encoding="utf-8")
    return run_python(folder, ["-c", TRANSCRIPT.source, name, PLAY_RETURNED], stdin, python)


def expected_transcript(name):
    """Return what a correct replay of transcript ``name`` prints: the course's recorded
    output, then :data:`CLEAN_END` (play returned None and read all its input)."""
    return (TEST_DATA / (name + ".out")).read_bytes().decode("utf-8") + CLEAN_END


@pytest.fixture(scope="session")
def eod():
    """Return the helpers and paths above, for tests (conftest is not importable by name)."""
    return SimpleNamespace(root=ROOT, folder=EOD_DIR, test_data=TEST_DATA,
                           course_data=COURSE_DATA, transcripts=TRANSCRIPTS,
                           run_python=run_python, replay_transcript=replay_transcript,
                           expected_transcript=expected_transcript)
