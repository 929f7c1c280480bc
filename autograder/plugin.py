"""The pytest plugin that turns a suite's test functions into scored checks.

A check is a pytest test function decorated with :func:`autograder.checks.check`, which
records its rubric item, points, visibility and time limit. :func:`autograder.grading.grade`
runs pytest over the suite with a :class:`GradingPlugin`, which

* provides the fixtures checks use: ``submission`` (the submission's files, for static
  checks that read source without running it), ``sandbox`` (a
  :class:`~autograder.harness.Runner` on the submission's sandbox, started on first
  use and shared by the whole run: see :mod:`autograder.sandboxes`), ``findings``
  (advisory remarks for manual items) and ``attachments`` (files handed to the
  instructor with the report);
* turns the way each check ended into a :class:`~autograder.outcome.CheckOutcome`.

The trusted side is guarded by pytest-timeout: a check whose own code runs past a
multiple of its limit is stopped and reported as timed out.
"""

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Sequence

import pytest

from autograder.sandbox.server.usage import backstop_s
from autograder.checks import CHECK_MARKER, Attachments, Findings, check_name, classify
from autograder.harness import Runner
from autograder.outcome import NOT_RUN_PREFIX, CheckFailed
from autograder.records import (Attachment, CheckOutcome, Status)
from autograder.sandbox import IsolationLevel, Sandbox, learn_before_forking
from autograder.sandboxes import GradingSandboxes
from autograder.submission import Submission
from autograder.suite import Suite
from autograder.workers import Claims, share

__all__ = ["DEFAULT_TIMEOUT_S", "GradingPlugin"]

# Seconds a check may take when it declares no time limit of its own.
DEFAULT_TIMEOUT_S = 10.0
# The trusted side of a check may run this many of its runs cut at their wall-clock
# backstop (a run and its one retry on a machine too busy to run it), plus the sandbox's
# start-up, before pytest-timeout stops it.
TRUSTED_TIMEOUT_RUNS = 2
TRUSTED_TIMEOUT_MARGIN_S = 10.0
# Seconds, beyond the limits of the longest unit of checks, that the grading waits for a
# worker still finishing its last unit (its sandbox to stop, its result to arrive).
WORKER_MARGIN_S = 30.0


class GradingPlugin:
    """Collects check outcomes while pytest runs a suite over one submission.

    Args:
        suite: the suite being run.
        submission: the submission being graded.
        level: the sandbox isolation level to use, or None for the strongest available.
        time_budget_s: seconds all of the submission's runs may use together, counted as
            the time rule counts a run (see :class:`~autograder.sandboxes.SharedBudget`);
            the suite's own budget when None.
        jobs: how many processes share the checks out once they are collected (this one
            and forks of it, see :mod:`autograder.workers`).
        launched: sandboxes of the submission launched for this grading, one per worker
            (see :class:`~autograder.sandboxes.GradingSandboxes`, which enters, starts and
            stops the run's sandboxes).
    """

    def __init__(self, suite: Suite, submission: Submission,
                 level: Optional[IsolationLevel] = None,
                 time_budget_s: Optional[float] = None,
                 jobs: int = 1, launched: Sequence[Sandbox] = ()) -> None:
        self.suite = suite
        self.submission = submission
        self.level = level
        self.time_budget_s = time_budget_s or suite.time_budget_s
        # The sandboxes this run uses: the submission's (entered or started on first use) and
        # the suite's reference, run only by checks that take their expectations from it.
        self._sandboxes = GradingSandboxes(suite, submission, level, self.time_budget_s,
                                           jobs, launched)
        self.outcomes: List[CheckOutcome] = []
        self.collection_errors: List[str] = []
        self.isolation: Optional[IsolationLevel] = None
        self._findings: Dict[str, Findings] = {}
        self._started: Dict[str, float] = {}
        self.attachments: List[Attachment] = []
        # What checks keep for later checks of the same run (Runner.remember).
        self._shared: Dict[str, Any] = {}
        self._jobs = jobs
        # The suite's checks in the suite's order, once collected.
        self.checks: List[Any] = []
        # Whether the graded modules were imported alone after a check timed out, and, if
        # that import itself does not finish, the one cause every later run check shares.
        self._import_tried = False
        self._import_hangs = ""
        # Whether pytest stopped for Ctrl-C (see pytest_keyboard_interrupt).
        self.interrupted = False
        # Whether the submission lacks every required file (see _nothing_handed_in).
        self._missing_all: Optional[bool] = None
        # Each check's runner, asked once the check ends whether it read the child's data.
        self._runners: Dict[str, Runner] = {}

    # Fixtures -----------------------------------------------------------------------

    @pytest.fixture(name="submission")
    def submission_fixture(self) -> Submission:
        """The submission's files, for checks that read them without running them."""
        return self.submission

    @pytest.fixture(name="sandbox")
    def sandbox_fixture(self, request: Any) -> Iterator[Runner]:
        """A runner on the submission's sandbox with the check's time limit as default.

        A terminal session the check kept waiting ends with the check: no later check's
        runs share a process with it.
        """
        marker = request.node.get_closest_marker(CHECK_MARKER)
        sandbox = self._ensure_sandbox()
        runner = Runner(sandbox, self._check_limit(marker), self._sandboxes.budget_left_s,
                        self._shared,
                        reference=self._sandboxes.reference_sandbox)
        self._runners[request.node.nodeid] = runner
        yield runner
        sandbox.release()
        timed_out = (self.outcomes and self.outcomes[-1].node_id == request.node.nodeid
                     and self.outcomes[-1].status is Status.TIMED_OUT)
        limit = self._check_limit(marker)
        # Only a whole limit tells a hang; with less of the budget left, the budget decides.
        budget_left = self._sandboxes.budget_left_s() >= limit
        if timed_out and not self._import_tried and budget_left:
            self._import_tried = True
            self._import_hangs = self._sandboxes.import_hang(sandbox, limit)

    @pytest.fixture(name="findings")
    def findings_fixture(self, request: Any) -> Findings:
        """A place for the check to record advisory remarks."""
        return self._findings.setdefault(request.node.nodeid, Findings())

    @pytest.fixture(name="attachments")
    def attachments_fixture(self, request: Any) -> Attachments:
        """A place for the check to hand files to the instructor with the report."""
        marker = request.node.get_closest_marker(CHECK_MARKER)
        name = marker.kwargs["name"] if marker else request.node.name
        return Attachments(name, self.attachments)

    def trusted_limit_s(self, node: Any) -> float:
        """Return the seconds check ``node``'s own code may run before pytest-timeout stops
        it: a run of its limit cut at the backstop and tried again, plus the sandbox's
        start-up (a quiet machine's check takes a small part of it)."""
        return (TRUSTED_TIMEOUT_RUNS * backstop_s(self._node_limit(node))
                + TRUSTED_TIMEOUT_MARGIN_S)

    def _node_limit(self, node: Any) -> float:
        """Return the seconds each run of check ``node`` may take (see ``_check_limit``)."""
        return self._check_limit(node.get_closest_marker(CHECK_MARKER))

    def _check_limit(self, marker: Any) -> float:
        """Return the seconds each run of a check may take: its own, else the suite's."""
        own = marker.kwargs.get("timeout") if marker is not None else None
        return float(own or self.suite.limits.wall_s or DEFAULT_TIMEOUT_S)

    def _ensure_sandbox(self) -> Sandbox:
        """Return the submission's sandbox, started on first use, and note its level."""
        sandbox = self._sandboxes.submission_sandbox()
        self.isolation = sandbox.level
        return sandbox

    def close(self) -> None:
        """Stop the sandboxes of this run (see :meth:`GradingSandboxes.close
        <autograder.sandboxes.GradingSandboxes.close>`)."""
        self._sandboxes.close()

    # Hooks --------------------------------------------------------------------------

    @staticmethod
    def pytest_configure(config: Any) -> None:
        """Have pytest describe a failed check with Python's own short traceback.

        :func:`~autograder.checks.classify` reads each check's exception itself, and no one
        sees pytest's report of it; but pytest builds that report inside the check's time
        limit, and its long form reads the source of every frame: 24 s of CPU for the
        RecursionError (983 frames) of a check copying a deeply nested student expression,
        where the limit's alarm then broke the whole run. The option is the terminal
        plugin's, which suite runs leave out, so it is set here.
        """
        config.option.tbstyle = "native"

    def pytest_collectreport(self, report: Any) -> None:
        """Remember suite files that failed to import: a grader-side problem."""
        if report.failed:
            # The exception's own line says what is wrong; pytest's frames do not.
            lines = [line for line in report.longreprtext.splitlines() if line.strip()]
            cause = next((line.lstrip("E ").strip() for line in reversed(lines)
                          if line.startswith("E ")), lines[-1] if lines else "import failed")
            self.collection_errors.append(f"{report.nodeid}: {cause}")

    def pytest_collection_modifyitems(self, items: List[Any]) -> None:
        """Refuse test functions that are not marked as checks; guard the trusted side.

        A check's own code may run a multiple of its limit, plus the sandbox's start-up,
        before pytest-timeout stops it.
        """
        items_by_id = [item.id for item in self.suite.rubric]
        for node in items:
            path, line, _ = node.location
            where = f"{path}:{(line or 0) + 1}"
            marker = node.get_closest_marker(CHECK_MARKER)
            if marker is None:
                self.collection_errors.append(
                    f"{where}: {node.name} is not a check (decorate it with @check(item=...))")
                continue
            if marker.kwargs.get("item") not in items_by_id:
                self.collection_errors.append(
                    f"{where}: {node.name} counts toward unknown rubric item "
                    f"{marker.kwargs.get('item')!r} (items: {', '.join(items_by_id)})")
            node.add_marker(pytest.mark.timeout(self.trusted_limit_s(node)))
        if self.collection_errors:
            # A broken suite is reported before any check runs, not after all of them.
            items[:] = []
        self.checks = list(items)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: Any) -> Optional[bool]:
        """With several jobs, fork the other workers now that the suite is collected, share
        the units of work out among them (see :meth:`units`) and gather their outcomes."""
        if self._jobs <= 1 or session.testsfailed or session.config.option.collectonly:
            return None  # pytest's own loop: every check, or the collection's failure
        learn_before_forking()

        def work(claims: Claims, worker: int) -> WorkerShare:
            return self._run_claims(session, claims, worker)

        runs = share(self._jobs, work, self._last_unit_s)
        self._gather(runs[1:])
        return True

    def _run_claims(self, session: Any, claims: Claims, worker: int) -> "WorkerShare":
        """Run the units of work worker number ``worker`` (this process) claims, each check
        set up and torn down in full, as no worker knows which it runs next; return what
        they found. A forked worker then stops what it started."""
        self._sandboxes.worker = worker
        units = self.units()
        number = claims.next()
        while number is not None and number < len(units):
            for node in units[number]:
                node.config.hook.pytest_runtest_protocol(item=node, nextitem=None)
                if session.shouldfail:
                    raise session.Failed(session.shouldfail)
                if session.shouldstop:
                    raise session.Interrupted(session.shouldstop)
            number = claims.next()
        if worker:
            self.close()
        return WorkerShare(self.outcomes, self.attachments, self.isolation)

    def _last_unit_s(self) -> float:
        """Return how long to wait for the other workers once this one runs out of claims:
        each has one unit left at most."""
        return max((sum(self.trusted_limit_s(node) for node in unit) for unit in self.units()),
                   default=0.0) + WORKER_MARGIN_S

    def _gather(self, shares: List[Any]) -> None:
        """Add the other workers' outcomes (or, for a lost worker, a grader error for each
        check it did not report) to this one's, in the suite's order."""
        found = {outcome.node_id: outcome for outcome in self.outcomes}
        levels = [self.isolation] if self.isolation is not None else []
        for got in shares:
            if isinstance(got, WorkerShare):
                found.update((outcome.node_id, outcome) for outcome in got.outcomes)
                self.attachments.extend(got.attachments)
                levels += [got.isolation] if got.isolation is not None else []
        lost = [str(got) for got in shares if not isinstance(got, WorkerShare)]
        message = "not graded: " + (lost[0] if lost else "no worker ran this check")
        self.outcomes = [found.get(node.nodeid) or self.lost_outcome(node, message)
                         for node in self.checks]
        order = {outcome.name: index for index, outcome in enumerate(self.outcomes)}
        self.attachments.sort(key=lambda attachment: order.get(attachment.check, len(order)))
        # The report names the level in force: the weakest any worker had.
        self.isolation = max(levels, key=list(IsolationLevel).index) if levels else None

    def units(self) -> List[List[Any]]:
        """Return the collected checks as the units of work that workers claim, numbered
        the same way in every worker.

        A unit is a check on its own, or all the checks that share a label (:func:`check`),
        in the suite's order. The units allowed the most time come first, so that the
        longest work starts first and no worker is left alone with it at the end.
        """
        units: Dict[Any, List[Any]] = {}
        for node in self.checks:
            label = node.get_closest_marker(CHECK_MARKER).kwargs.get("shares")
            units.setdefault(node.nodeid if label is None else ("shares", label),
                             []).append(node)
        return sorted(units.values(),
                      key=lambda unit: -max(self._node_limit(node) for node in unit))

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> Optional[bool]:
        """Record, without running it, every check of a submission that handed in none of
        the required files (not run), and, once importing a graded module alone is known to
        hang (see ``GradingSandboxes.import_hang``), every check that runs the submission
        (timed out), each with that one cause; let pytest run every other check."""
        if self._nothing_handed_in():
            self.outcomes.append(CheckOutcome(
                **self._identity(item), status=Status.NOT_RUN, detail="", duration_s=0.0,
                message=f"{NOT_RUN_PREFIX}the submission has none of the files the assignment asks "
                        f"for ({', '.join(self.suite.required_files)})"))
            return True
        if not self._import_hangs or "sandbox" not in getattr(item, "fixturenames", ()):
            return None
        self.outcomes.append(CheckOutcome(**self._identity(item), status=Status.TIMED_OUT,
                                          message=self._import_hangs, detail="",
                                          duration_s=0.0))
        return True

    def _nothing_handed_in(self) -> bool:
        """Return whether the submission has none of the suite's required files (an empty
        folder, or files of other names): then no check has anything to run or read, and
        each is recorded as not run with that one cause instead of failing on its own."""
        if self._missing_all is None:
            required = self.suite.required_files
            self._missing_all = bool(required) and not any(
                self.submission.exists(name) for name in required)
        return self._missing_all

    def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
        """Note that the run stopped for Ctrl-C, which grade() then raises again (pytest
        also stops a suite that does not collect this way, with an exception of its own)."""
        self.interrupted = not isinstance(excinfo.value, (pytest.Session.Interrupted,
                                                          pytest.Session.Failed))

    def pytest_runtest_logstart(self, nodeid: str) -> None:
        """Start the clock for a check."""
        self._started[nodeid] = time.monotonic()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: Any, call: Any):
        """Turn each phase's result into the check's outcome."""
        yield
        marker = item.get_closest_marker(CHECK_MARKER)
        if marker is None:
            return
        if call.when == "call" or (call.when == "setup" and call.excinfo is not None):
            self.outcomes.append(self._outcome(item, call))

    def pytest_sessionfinish(self) -> None:
        """Stop the sandbox once every check has run."""
        self.close()

    # Outcome building ---------------------------------------------------------------

    def lost_outcome(self, node: Any, message: str) -> CheckOutcome:
        """Return the outcome of check ``node`` when the worker that claimed it was lost:
        a grader error (held for review) that says ``message``."""
        return CheckOutcome(**self._identity(node), status=Status.GRADER_ERROR,
                            message=message, detail="", duration_s=0.0)

    def _identity(self, node: Any) -> Dict[str, Any]:
        """Return the fields of an outcome that say which check ``node`` is: its name, id,
        rubric item, points, visibility and time limit."""
        mark = node.get_closest_marker(CHECK_MARKER).kwargs
        return {"name": check_name(node, mark), "node_id": node.nodeid, "item": mark["item"],
                "weight": float(mark["points"]), "visibility": mark["visibility"],
                "timeout_s": self._node_limit(node)}

    def _outcome(self, item: Any, call: Any) -> CheckOutcome:
        """Build the outcome of one check from pytest's call information."""
        runner = self._runners.pop(item.nodeid, None)
        status, message, detail = classify(call.excinfo, self._node_limit(item),
                                            self.suite.directory,
                                            observed=runner is not None and runner.observed)
        error = call.excinfo.value if call.excinfo is not None else None
        credit = error.credit if isinstance(error, CheckFailed) else 0.0
        findings = self._findings.get(item.nodeid)
        return CheckOutcome(
            **self._identity(item), status=status, message=message, detail=detail,
            duration_s=time.monotonic() - self._started.get(item.nodeid, time.monotonic()),
            findings=list(findings.items) if findings else [], credit=credit)


@dataclass
class WorkerShare:
    """What one worker's share of the checks found (sent back from a fork as a pickle)."""

    outcomes: List[CheckOutcome]
    attachments: List[Attachment]
    isolation: Optional[IsolationLevel]


def suite_ini_path() -> Path:
    """Return the pytest configuration used for every suite run."""
    return Path(__file__).resolve().parent / "suite_pytest.ini"
