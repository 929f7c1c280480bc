"""Build an upload-ready Gradescope autograder bundle for one suite.

Gradescope unpacks the zip into ``/autograder/source``, runs ``setup.sh`` once to build
its image, then for every submission runs ``/autograder/run_autograder``, which must
grade ``/autograder/submission`` into ``/autograder/results/results.json``. The bundle
holds this project's source (the grader, the shim, the assignment folders and the suite),
so setup needs nothing but PyPI and, for the strongest sandbox, Debian's bubblewrap.

Both scripts read ``AUTOGRADER_ROOT`` (default ``/autograder``) and ``PYTHON`` (default
``python3``), so the bundle can be tried out in any folder laid out like Gradescope's.
"""

import zipfile
from pathlib import Path
from typing import Iterator, Tuple

from autograder.suite import BUNDLED_SUITES_DIR, PROJECT_ROOT, Suite

__all__ = ["build_bundle"]

# Inside the bundle, the project's source lives in this folder.
PROJECT_DIR = "project"
# Top-level files and folders of the repository that the grader needs at run time; the
# assignment folders the suite's reference and support files come from are added per suite.
PROJECT_PARTS = ("pyproject.toml", "README.md", "autograder", "stddraw_shim", "booksite")
SKIPPED_PARTS = ("__pycache__", ".egg-info", ".pytest_cache")
# Made readable by root only at setup, with the suite's assignment folders (see SETUP_SH).
PRIVATE_PART = "autograder/suites"
EXECUTABLE = 0o755 << 16
REGULAR = 0o644 << 16

SETUP_SH = """#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder image.
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${PYTHON:-python3}"
# bubblewrap gives the sandbox its strongest isolation; the grader falls back without it.
if ! command -v bwrap >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && apt-get install -y -qq bubblewrap python3-pip || true
fi
# Editable, so the suites find the assignment folders next to the grader.
"$PYTHON" -m pip install -q -e "$ROOT/source/%(project)s"
# The suites (their expected outputs) and the reference solutions are the grader's alone:
# student code runs as another user, and where a container allows no namespaces, nothing
# else keeps it from reading them. The grader copies what a run needs into its sandbox.
cd "$ROOT/source/%(project)s" && chmod -R go-rwx %(private)s
"""

RUN_AUTOGRADER = """#!/usr/bin/env bash
# Gradescope runs this for every submission.
set -uo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${PYTHON:-python3}"
mkdir -p "$ROOT/results"
# One worker: a container's memory is sized for one submission's run at a time.
"$PYTHON" -m autograder grade %(suite)s "$ROOT/submission" --jobs 1 \\
    --json "$ROOT/results/results.json"
status=$?
# A grader that could not run still owes Gradescope a valid results file.
if [ ! -s "$ROOT/results/results.json" ]; then
    printf '{"score": 0, "execution_time": 0, "stdout_visibility": "hidden", "tests": [], ' \\
        > "$ROOT/results/results.json"
    printf '"output": "The autograder could not run (exit status %%s); %%s"}\\n' \\
        "$status" "please tell your instructor." >> "$ROOT/results/results.json"
fi
if [ "$status" -ne 0 ]; then
    # Loud in the instructor's log: exit status 3 means a check broke on the grader's side
    # and its rubric item is held for review; the results file says which.
    echo "AUTOGRADER: grading exited with status $status; held items need review" >&2
fi
exit 0
"""


def _project_files(suite: Suite) -> Iterator[Tuple[Path, str]]:
    """Yield (file on disk, name in the bundle) for the project source and the suite.

    Only the grader and the assignment folders this suite draws on travel: a bundle for
    End of DayZ carries no Ultima images.
    """
    for part in PROJECT_PARTS + _assignment_parts(suite):
        source = PROJECT_ROOT / part
        paths = [source] if source.is_file() else sorted(source.rglob("*"))
        for path in paths:
            if path.is_file() and not any(s in str(path) for s in SKIPPED_PARTS):
                yield path, f"{PROJECT_DIR}/{path.relative_to(PROJECT_ROOT)}"
    if suite.directory.parent != BUNDLED_SUITES_DIR:
        # A suite kept outside the package travels inside it, under its own name.
        for path in sorted(suite.directory.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                relative = path.relative_to(suite.directory)
                yield path, f"{PROJECT_DIR}/autograder/suites/{suite.name}/{relative}"


def _assignment_parts(suite: Suite) -> Tuple[str, ...]:
    """Return the repository's top-level folders holding the suite's reference and support."""
    sources = list(suite.support_files.values())
    if suite.reference is not None:
        sources.append(suite.reference)
    parts = []
    for source in sources:
        try:
            top = Path(source).resolve().relative_to(PROJECT_ROOT).parts[0]
        except (ValueError, IndexError):
            continue
        if top not in PROJECT_PARTS and top not in parts:
            parts.append(top)
    return tuple(parts)


def _write(bundle: zipfile.ZipFile, name: str, data: bytes, mode: int) -> None:
    """Add ``data`` to ``bundle`` as ``name`` with Unix permissions ``mode``."""
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = mode
    info.compress_type = zipfile.ZIP_DEFLATED
    bundle.writestr(info, data)


def build_bundle(suite: Suite, output: Path) -> int:
    """Write the Gradescope bundle for ``suite`` to ``output``.

    Args:
        suite: the suite the bundle grades with.
        output: the zip file to write.

    Returns:
        The number of files in the bundle.
    """
    output.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    with zipfile.ZipFile(output, "w") as bundle:
        private = " ".join((PRIVATE_PART,) + _assignment_parts(suite))
        _write(bundle, "setup.sh", (SETUP_SH % {"project": PROJECT_DIR, "private": private})
               .encode(), EXECUTABLE)
        _write(bundle, "run_autograder", (RUN_AUTOGRADER % {"suite": suite.name}).encode(),
               EXECUTABLE)
        for path, name in _project_files(suite):
            _write(bundle, name, path.read_bytes(), REGULAR)
            count += 1
    return count + 2
