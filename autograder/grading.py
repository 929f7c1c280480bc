"""Grade one submission against one suite: run the checks, then score them.

:func:`grade` runs pytest in this process over the suite's ``check_*.py`` files with a
:class:`~autograder.plugin.GradingPlugin`; the checks drive the submission's sandbox and
the plugin records an outcome per check; :func:`~autograder.rubric.score_items` turns the
outcomes into points. Only the sandbox's children ever run submission code.
"""

import importlib
import os
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, List, Optional

import pytest

from autograder.outcome import Attachment, CheckFailed, CheckOutcome, Status
from autograder.plugin import GradingPlugin, suite_ini_path
from autograder.rubric import ItemScore, Kind, score_items
from autograder.sandbox import IsolationLevel, learn_before_forking
from autograder.submission import Submission
from autograder.suite import GradingError, Suite
from autograder.workers import Claims, share

__all__ = ["GradeResult", "GradingError", "grade"]

# Files that hold a program's code, in the languages the bundled assignments use.
CODE_SUFFIXES = (".py", ".cpp", ".h", ".java")
# Folders that never hold a submission's code (archivers', editors', Python's).
IGNORED_FOLDERS = ("__MACOSX/", ".", "__pycache__/")
# Modules a grading imports as it goes, besides pytest's own plugins.
GRADING_IMPORTS = ("pytest_timeout", "autograder.static", "autograder.report")
# pytest exit codes that mean the checks ran (some may have failed).
PYTEST_RAN = (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED)
# Plugins the suite run needs; nothing else installed on the machine is loaded.
SUITE_PLUGINS = ("pytest_timeout",)
# Seconds, beyond the limits of the longest unit of checks, that the grading waits for a
# worker still finishing its last unit (its sandbox to stop, its result to arrive).
WORKER_MARGIN_S = 30.0


@dataclass
class GradeResult:
    """Everything one grading run found.

    Attributes:
        suite: the suite that was run.
        submission: the submission graded.
        outcomes: one outcome per check, in run order.
        scores: one score per rubric item, in rubric order.
        isolation: the sandbox isolation level in force, or None if no check ran code.
        duration_s: wall-clock seconds the whole run took.
        notes: remarks about the submission as a whole (missing required files).
        attachments: files the checks handed to the instructor (a PNG of the game).
    """

    suite: Suite
    submission: Submission
    outcomes: List[CheckOutcome]
    scores: List[ItemScore]
    isolation: Optional[IsolationLevel]
    duration_s: float
    notes: List[str] = field(default_factory=list)
    attachments: List[Attachment] = field(default_factory=list)

    @property
    def auto_score(self) -> float:
        """Return the points awarded by checks (manual items count 0)."""
        return round(sum(s.awarded for s in self.scores if s.item.kind is Kind.AUTO), 2)

    @property
    def grader_errors(self) -> List[CheckOutcome]:
        """Return the checks that broke on the grader's side."""
        return [o for o in self.outcomes if o.status is Status.GRADER_ERROR]

    def to_dict(self) -> dict:
        """Return the result as JSON-serialisable data (the per-student results file)."""
        return {
            "suite": self.suite.name,
            "submission": str(self.submission.path),
            "isolation": self.isolation.value if self.isolation else None,
            "duration_s": round(self.duration_s, 3),
            "auto_score": self.auto_score,
            "auto_max": self.suite.auto_points,
            "total_max": self.suite.total_points,
            "notes": list(self.notes),
            "items": [{"id": s.item.id, "title": s.item.title, "kind": s.item.kind.value,
                       "awarded": s.awarded, "max": s.item.points, "findings": s.findings,
                       "held": len(s.held)}
                      for s in self.scores],
            "checks": [o.to_dict() for o in self.outcomes],
            "attachments": [{"name": a.name, "bytes": len(a.data), "check": a.check}
                            for a in self.attachments],
        }


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
        time_budget_s: seconds all runs of the submission may take together (the
            suite's budget when None).
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
    with _only_suite_plugins(), _forget_check_modules(suite.directory):
        if jobs <= 1:
            run = _run_checks(suite, GradingPlugin(suite, submission, level, time_budget_s))
        else:
            run = _run_shared(suite, submission, level, time_budget_s, jobs)
    if run.collection_errors:
        raise GradingError(f"suite {suite.name!r} is broken: {run.collection_errors[0]}")
    if run.exit_code not in PYTEST_RAN:
        raise GradingError(f"suite {suite.name!r} did not run (pytest exit code {run.exit_code})")
    notes = notes + [f"required file {name} is missing" for name in suite.required_files
                     if not submission.exists(name)]
    notes += _compile_notes(suite, submission)
    scores = score_items(suite.rubric, run.outcomes)
    return GradeResult(suite, submission, run.outcomes, scores, run.isolation,
                       time.monotonic() - started, notes, run.attachments)


@dataclass
class _Run:
    """What one pytest run over a suite found: every check's, or one worker's share."""

    exit_code: int
    outcomes: List[CheckOutcome]
    attachments: List[Attachment]
    isolation: Optional[IsolationLevel]
    collection_errors: List[str]


def _run_checks(suite: Suite, plugin: GradingPlugin) -> _Run:
    """Run pytest over ``suite`` with ``plugin`` (which knows the submission and which
    checks to run); return what the run found."""
    args = [str(suite.directory), "-c", str(suite_ini_path()), "--rootdir", str(suite.directory),
            "-p", "no:terminal"]
    for name in SUITE_PLUGINS:
        args += ["-p", name]
    try:
        exit_code = pytest.main(args, plugins=[plugin])
    finally:
        plugin.close()
    return _Run(int(exit_code), plugin.outcomes, plugin.attachments, plugin.isolation,
                plugin.collection_errors)


def _run_shared(suite: Suite, submission: Submission, level: Optional[IsolationLevel],
                time_budget_s: Optional[float], jobs: int) -> _Run:
    """Run the suite's checks in ``jobs`` workers that share them out
    (:mod:`autograder.workers`); return their runs merged, in the suite's order.

    A check whose worker was lost is a grader error, held for review.
    """
    plugins: List[GradingPlugin] = []  # this process's own, once its share has run

    def work(claims: Claims) -> _Run:
        plugins.append(GradingPlugin(suite, submission, level, time_budget_s, claims))
        return _run_checks(suite, plugins[-1])

    def last_unit_s() -> float:
        # Once this process runs out of claims, each other worker has one unit left at most.
        return max((sum(plugins[0].trusted_limit_s(node) for node in unit)
                    for unit in plugins[0].units()), default=0.0) + WORKER_MARGIN_S

    ready_for_forks()
    runs = share(jobs, work, last_unit_s)
    plugin = plugins[0]
    found = {outcome.node_id: outcome for run in runs if isinstance(run, _Run)
             for outcome in run.outcomes}
    lost = [str(run) for run in runs if not isinstance(run, _Run)]
    message = "not graded: " + (lost[0] if lost else "no worker ran this check")
    outcomes = [found.get(node.nodeid) or plugin.lost_outcome(node, message)
                for node in plugin.checks]
    runs = [run for run in runs if isinstance(run, _Run)]
    levels = [run.isolation for run in runs if run.isolation is not None]
    order = {outcome.name: index for index, outcome in enumerate(outcomes)}
    return _Run(
        exit_code=next((run.exit_code for run in runs if run.exit_code not in PYTEST_RAN),
                       runs[0].exit_code),
        outcomes=outcomes,
        attachments=sorted((a for run in runs for a in run.attachments),
                           key=lambda attachment: order.get(attachment.check, len(order))),
        # The report names the level in force: the weakest any worker had.
        isolation=max(levels, key=list(IsolationLevel).index) if levels else None,
        collection_errors=runs[0].collection_errors)


def ready_for_forks() -> None:
    """Do, once in a process about to fork gradings or workers, what each of them would
    otherwise do for itself: learn what its sandboxes ask about the machine
    (:func:`~autograder.sandbox.learn_before_forking`) and import the modules it imports as
    it runs (pytest's own plugins, GRADING_IMPORTS). Every fork inherits the result."""
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
