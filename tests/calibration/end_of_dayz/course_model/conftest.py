"""Fixtures for the model of the course's End of DayZ sample suite (``test_course_sample.py``).

The model runs against one submission: the folder named by the environment variable
``EOD_SUBMISSION`` (it holds the student's ``a2.py``). Like the course, which ran every
submission beside its own support module and maps, the fixture copies ``a2.py`` into a fresh
folder together with the course's ``a2_support.py`` and ``maps/`` (kept in the repository's
``end_of_dayz/``), makes that folder the working directory and imports ``a2`` from it once for
the whole session. Whether the import printed anything or raised is recorded, not raised: the
design tests judge it, and every other test fails (never errors) on a submission that does not
import or lacks a name it needs.

Without ``EOD_SUBMISSION`` the model is not collected at all, so the repository's own test run
skips it; ``judge.py`` and ``tests/calibration/test_eod_course_model.py`` run it in a child
process with the variable set.
"""

import contextlib
import importlib
import io
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Optional

import pytest

# The environment variable naming the folder that holds the submission's a2.py.
SUBMISSION_VARIABLE = "EOD_SUBMISSION"
# Where the course's support module and maps live: beside our reference solution.
COURSE_FOLDER = Path(__file__).resolve().parents[4] / "end_of_dayz"
SUPPORT_FILE = "a2_support.py"
MAPS_FOLDER = "maps"
SUBMISSION_FILE = "a2.py"
SUBMISSION_MODULE = "a2"
SUPPORT_MODULE = "a2_support"


class Submission:
    """The imported submission, or the reason it did not import, with the course's support.

    Attributes:
        module: the imported ``a2`` module, or None when importing it failed.
        import_error: a one-line description of the import failure, or None.
        import_output: what importing ``a2`` printed on standard output.
        support: the course's ``a2_support`` module the submission ran beside.
        folder: the folder holding the copies (also the working directory).
    """

    def __init__(self, module: Optional[Any], import_error: Optional[str],
                 import_output: str, support: Any, folder: Path) -> None:
        """Record the outcome of importing the submission.

        Args:
            module: the imported ``a2`` module, or None.
            import_error: why the import failed, or None when it succeeded.
            import_output: the text the import printed.
            support: the imported course ``a2_support`` module.
            folder: the folder the submission was imported from.
        """
        self.module = module
        self.import_error = import_error
        self.import_output = import_output
        self.support = support
        self.folder = folder

    def get(self, name: str) -> Any:
        """Return the object the submission defines as ``name``; fail the test if it cannot.

        Args:
            name: a class or function name from the spec, e.g. ``"Grid"``.

        Returns:
            ``getattr(a2, name)``.

        Raises:
            pytest.fail.Exception: when ``a2`` did not import or defines no such name.
        """
        if self.module is None:
            pytest.fail(f"a2 did not import: {self.import_error}", pytrace=False)
        found = getattr(self.module, name, None)
        if found is None:
            pytest.fail(f"a2 defines no {name}", pytrace=False)
        return found


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> Optional[bool]:
    """Skip the model's test files unless a submission to judge is named.

    Args:
        collection_path: the path pytest is about to collect.
        config: the pytest configuration (unused).

    Returns:
        True for the model's test files when ``EOD_SUBMISSION`` is unset, else None
        (no opinion: pytest decides as usual).
    """
    if SUBMISSION_VARIABLE not in os.environ and collection_path.name.startswith("test_"):
        return True
    return None


def _import_submission() -> tuple:
    """Import ``a2`` from the current ``sys.path``, capturing its output and any failure.

    Standard input is empty during the import, so an ``input()`` run at import ends at once.

    Returns:
        ``(module or None, error description or None, printed text)``.
    """
    printed = io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with contextlib.redirect_stdout(printed):
            module = importlib.import_module(SUBMISSION_MODULE)
    # The course's tests could not run at all on a file that does not import, whatever
    # the reason (SystemExit and EOFError included): record it as the submission's failure.
    except BaseException as error:  # noqa: B036
        return None, f"{type(error).__name__}: {error}", printed.getvalue()
    finally:
        sys.stdin = saved_stdin
    return module, None, printed.getvalue()


@pytest.fixture(scope="session")
def submission():
    """Copy the submission beside the course's support files, import it, and yield it.

    The copy lives in a folder of its own, removed at the end (not under pytest's numbered
    temporary folders, whose clean-up at exit would wander through other runs' leftovers).

    Yields:
        The :class:`Submission`.
    """
    source = Path(os.environ[SUBMISSION_VARIABLE]).resolve()
    folder = Path(tempfile.mkdtemp(prefix="eod_submission_"))
    if (source / SUBMISSION_FILE).is_file():
        shutil.copyfile(source / SUBMISSION_FILE, folder / SUBMISSION_FILE)
    shutil.copyfile(COURSE_FOLDER / SUPPORT_FILE, folder / SUPPORT_FILE)
    shutil.copytree(COURSE_FOLDER / MAPS_FOLDER, folder / MAPS_FOLDER)

    saved_cwd = os.getcwd()
    sys.path.insert(0, str(folder))
    for name in (SUBMISSION_MODULE, SUPPORT_MODULE):
        sys.modules.pop(name, None)
    os.chdir(folder)
    try:
        support = importlib.import_module(SUPPORT_MODULE)
        module, error, printed = _import_submission()
        yield Submission(module, error, printed, support, folder)
    finally:
        os.chdir(saved_cwd)
        sys.path.remove(str(folder))
        shutil.rmtree(folder, ignore_errors=True)
