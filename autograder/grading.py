"""Grade one submission against one suite: run the checks, then score them.

:func:`grade` runs pytest in this process over the suite's ``check_*.py`` files with a
:class:`~autograder.plugin.GradingPlugin`; the checks drive the submission's sandbox and
the plugin records an outcome per check; :func:`~autograder.rubric.score_items` turns the
outcomes into points. Only the sandbox's children ever run submission code.

The submission's sandboxes (one per worker) are launched before pytest is even imported, so
that their servers start while this process imports pytest and collects the checks; this
module imports pytest, and the plugin, only then.
"""

import importlib
import os
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List, Optional, Sequence

from autograder.outcome import CheckFailed
from autograder.records import Attachment, CheckOutcome, GradeResult
from autograder.rubric import score_items
from autograder.sandbox import IsolationLevel, Sandbox, launch_sandboxes, learn_before_forking
from autograder.submission import Submission
from autograder.suite import GradingError, Suite

__all__ = ["GradeResult", "GradingError", "grade"]

# Files that hold a program's code, in the languages the bundled assignments use.
CODE_SUFFIXES = (".py", ".cpp", ".h", ".java")
# Folders that never hold a submission's code (archivers', editors', Python's).
IGNORED_FOLDERS = ("__MACOSX/", ".", "__pycache__/")
# Modules a grading imports as it goes, besides pytest's own plugins.
GRADING_IMPORTS = ("pytest", "autograder.plugin", "pytest_timeout", "autograder.static",
                   "autograder.report")
# Plugins the suite run needs; nothing else installed on the machine is loaded.
SUITE_PLUGINS = ("pytest_timeout",)


@contextmanager
def _forget_check_modules(directory: Path) -> Iterator[None]:
    """Drop the check modules imported from ``directory`` once its run is over.

    pytest names a check module after its file (``check_play``), so without this a second
    suite graded in the same process would be handed the first suite's module of that
    name and run the wrong checks.
    """
    try:
        yield
    finally:
        root = str(Path(directory).resolve())
        for name, module in list(sys.modules.items()):
            origin = getattr(module, "__file__", None) or ""
            if origin.startswith(root + os.sep) and name.split(".")[-1].startswith("check_"):
                del sys.modules[name]


@contextmanager
def _only_suite_plugins() -> Iterator[None]:
    """Keep pytest from auto-loading every installed plugin into the suite run."""
    saved = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"]
        else:
            os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = saved


def grade(suite: Suite, submission_dir: Path, level: Optional[IsolationLevel] = None,
          time_budget_s: Optional[float] = None, jobs: int = 1) -> GradeResult:
    """Run every check of ``suite`` on the submission in ``submission_dir`` and score it.

    Args:
        suite: the assignment's suite.
        submission_dir: the folder of the student's files.
        level: the sandbox isolation level, or None for the strongest available.
        time_budget_s: seconds all runs of the submission may use together, counted in
            CPU time (see :class:`~autograder.sandboxes.SharedBudget`; the suite's budget
            when None).
        jobs: how many processes share the checks out (each with its own sandbox, see
            :mod:`autograder.workers`); the scores do not depend on it.

    Returns:
        The outcomes and scores.

    Raises:
        GradingError: the folder is missing or the suite itself is broken.
    """
    path = Path(submission_dir)
    if not path.is_dir():
        raise GradingError(f"{submission_dir}: no such submission folder")
    with tempfile.TemporaryDirectory(prefix="autograder-hoisted-") as scratch:
        hoisted = _sources_in_a_subfolder(path)
        if hoisted is None:
            return _grade(suite, Submission(path), level, time_budget_s, [], jobs)
        combined = Path(scratch) / path.name
        _combine(path, hoisted, combined)
        note = (f"graded the sources in {hoisted.name}/ (with the files beside it), "
                f"where the submission keeps its code")
        result = _grade(suite, Submission(combined), level, time_budget_s, [note], jobs)
        result.submission = Submission(path)  # reports name the folder handed in
        return result


def _sources_in_a_subfolder(path: Path) -> Optional[Path]:
    """Return the one sub-folder holding the code when the top level holds none, else None.

    Students often hand in ``report.txt`` beside a ``Source/`` or ``src/`` folder with all
    their code; the course's marker would have opened that folder.
    """
    top = Submission(path)
    if any(name.endswith(CODE_SUFFIXES) and "/" not in name for name in top.files()):
        return None
    holders = {name.split("/", 1)[0] for name in top.files()
               if name.endswith(CODE_SUFFIXES) and name.count("/") == 1
               and not name.startswith(IGNORED_FOLDERS)}
    return path / holders.pop() if len(holders) == 1 else None


def _combine(top: Path, subfolder: Path, destination: Path) -> None:
    """Copy ``subfolder``'s regular files, then the top level's, into ``destination``."""
    destination.mkdir()
    for source, names in ((subfolder, Submission(subfolder).files()),
                          (top, [n for n in Submission(top).files() if "/" not in n])):
        for name in names:
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists():
                shutil.copyfile(source / name, target)


def _grade(suite: Suite, submission: Submission, level: Optional[IsolationLevel],
           time_budget_s: Optional[float], notes: List[str], jobs: int) -> GradeResult:
    """Grade ``submission`` (see :func:`grade`), starting from ``notes``."""
    started = time.monotonic()
    launched = launch_sandboxes(jobs, submission.path, suite.support_file_map(), suite.limits,
                                level, modules=suite.required_files, preload=suite.preload)
    try:
        with _only_suite_plugins(), _forget_check_modules(suite.directory):
            run = _run_checks(suite, submission, level, time_budget_s, jobs, launched)
    finally:
        for sandbox in launched:  # the plugin stops them; this is for a run that failed
            sandbox.__exit__(None, None, None)
    if run.collection_errors:
        raise GradingError(f"suite {suite.name!r} is broken: {run.collection_errors[0]}")
    if not run.ran:
        raise GradingError(f"suite {suite.name!r} did not run (pytest exit code {run.exit_code})")
    notes = notes + [f"required file {name} is missing" for name in suite.required_files
                     if not submission.exists(name)]
    notes += _compile_notes(suite, submission)
    scores = score_items(suite.rubric, run.outcomes)
    return GradeResult(suite, submission, run.outcomes, scores, run.isolation,
                       time.monotonic() - started, notes, run.attachments)


@dataclass
class _Run:
    """What the pytest run over a suite found."""

    exit_code: int
    # Whether pytest ran the checks (some may have failed).
    ran: bool
    outcomes: List[CheckOutcome]
    attachments: List[Attachment]
    isolation: Optional[IsolationLevel]
    collection_errors: List[str]


def _run_checks(suite: Suite, submission: Submission, level: Optional[IsolationLevel],
                time_budget_s: Optional[float], jobs: int, launched: Sequence[Sandbox]) -> _Run:
    """Run pytest over ``suite`` with a :class:`~autograder.plugin.GradingPlugin` (see
    :func:`grade`, and the plugin for ``jobs`` and ``launched``); return what the run found."""
    import pytest

    from autograder.plugin import GradingPlugin, suite_ini_path

    plugin = GradingPlugin(suite, submission, level, time_budget_s, jobs, launched)
    args = [str(suite.directory), "-c", str(suite_ini_path()), "--rootdir", str(suite.directory),
            "-p", "no:terminal"]
    for name in SUITE_PLUGINS:
        args += ["-p", name]
    try:
        exit_code = pytest.main(args, plugins=[plugin])
    finally:
        plugin.close()
    if plugin.interrupted:
        # pytest turned Ctrl-C into an exit code (the one it also gives a suite that does
        # not collect); the person who pressed it wants to stop.
        raise KeyboardInterrupt
    return _Run(int(exit_code), exit_code in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED),
                plugin.outcomes, plugin.attachments, plugin.isolation, plugin.collection_errors)


def ready_for_forks() -> None:
    """Do, once in a process about to fork gradings (``batch``'s, see
    :mod:`autograder.forkgrade`), what each of them would otherwise do for itself: learn what
    its sandboxes ask about the machine (:func:`~autograder.sandbox.learn_before_forking`)
    and import the modules it imports as it runs (pytest, its own plugins, GRADING_IMPORTS).
    Every fork inherits the result."""
    from _pytest.config import default_plugins

    learn_before_forking()
    for name in [f"_pytest.{plugin}" for plugin in default_plugins] + list(GRADING_IMPORTS):
        try:
            importlib.import_module(name)
        except ImportError:
            pass  # the run that needs it says what is wrong


def _compile_notes(suite: Suite, submission: Submission) -> List[str]:
    """Return a note for each graded Python file that does not compile.

    Compiling reads the source here without running any of it; the note states the one
    cause behind every check that then crashed on importing the file.
    """
    notes = []
    for name in suite.required_files:
        if not name.endswith(".py") or not submission.exists(name):
            continue
        try:
            compile(submission.read_text(name), name, "exec")
        except SyntaxError as err:
            notes.append(f"{name} does not compile: line {err.lineno}: {err.msg}")
        except (CheckFailed, ValueError, RecursionError, MemoryError) as err:
            notes.append(f"{name} cannot be compiled ({err})")
    return notes


def save_attachments(result: GradeResult, folder: Path) -> List[Path]:
    """Write the result's attachments into ``folder`` (created if needed); return the paths."""
    paths = []
    if result.attachments:
        folder.mkdir(parents=True, exist_ok=True)
    for attachment in result.attachments:
        path = folder / attachment.name
        path.write_bytes(attachment.data)
        paths.append(path)
    return paths
