"""Lint and Python 3.9 compatibility of the whole repository, as part of the test command."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OLDEST_PYTHON = "3.9"
# vermin has no __main__ module, so it is started through its console-script function.
VERMIN_MAIN = "import sys, vermin; sys.exit(vermin.main())"


def _run(argv):
    """Run a lint tool from the repository root and return the completed process."""
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_reports_nothing():
    result = _run([sys.executable, "-m", "ruff", "check", "--no-cache", "."])
    assert result.returncode == 0, result.stdout + result.stderr


def test_nothing_needs_a_python_newer_than_the_oldest_supported():
    sources = [str(path.relative_to(ROOT)) for path in sorted(ROOT.rglob("*.py"))
               if not any(part.startswith(".") or part in ("build", "dist") for part in
                          path.relative_to(ROOT).parts)]
    result = _run([sys.executable, "-c", VERMIN_MAIN, "--no-tips", "--no-parse-comments",
                   "--eval-annotations", "--backport", "dataclasses", "--backport", "enum",
                   "--backport", "typing", "-t=" + OLDEST_PYTHON + "-", "--violations",
                   *sources])
    assert result.returncode == 0, result.stdout + result.stderr


COMPILE_ALL = """
import pathlib, sys
bad = []
for path in sorted(pathlib.Path('.').rglob('*.py')):
    if any(part.startswith('.') for part in path.parts):
        continue
    try:
        compile(path.read_bytes(), str(path), 'exec')
    except SyntaxError as err:
        bad.append(f'{path}:{err.lineno}: {err.msg}')
print('\\n'.join(bad))
sys.exit(1 if bad else 0)
"""


def _oldest_python():
    """Return a runnable interpreter of the oldest supported version, or None."""
    candidates = [shutil.which("python" + OLDEST_PYTHON)]
    candidates += sorted(str(path) for path in Path.home().glob(
        ".pyenv/versions/" + OLDEST_PYTHON + ".*/bin/python" + OLDEST_PYTHON))
    for candidate in filter(None, candidates):
        probe = subprocess.run([candidate, "-c", "pass"], capture_output=True, check=False)
        if probe.returncode == 0:
            return candidate
    return None


def test_every_file_compiles_under_the_oldest_python():
    interpreter = _oldest_python()
    if interpreter is None:
        pytest.skip("no python" + OLDEST_PYTHON + " on this machine")
    result = _run([interpreter, "-c", COMPILE_ALL])
    assert result.returncode == 0, result.stdout + result.stderr
