"""Lint and Python 3.9 compatibility of the whole repository, as part of the test command."""

import subprocess
import sys
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
# vermin target: the oldest Python students use, and every newer one.
OLDEST_TARGET = "3.9-"
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
                   "--backport", "typing", "-t=" + OLDEST_TARGET, "--violations",
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


def test_every_file_compiles_under_the_oldest_python(python39):
    result = _run([python39, "-c", COMPILE_ALL])
    assert result.returncode == 0, result.stdout + result.stderr
