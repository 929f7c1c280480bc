"""The sandboxes of one grading run: which it uses, when it starts them, and their stop.

Not the sandbox itself (:mod:`autograder.sandbox` runs the code); this is the bookkeeping of
one grading. :class:`~autograder.plugin.GradingPlugin` holds a :class:`GradingSandboxes`,
whose submission sandbox starts on the first check that asks for one (entering the sandbox
launched for this worker, if there is one) and starts the submission's time budget; the
suite's reference gets a sandbox of its own only when a check takes its expectation from
it. Every sandbox is stopped together when the run ends. :meth:`GradingSandboxes.import_hang`
tells whether a graded module hangs when merely imported, which would cost every check its
whole limit.
"""

import mmap
import os
import struct
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional, Sequence

from autograder.outcome import NOT_RUN_PREFIX
from autograder.sandbox import Fault, IsolationLevel, Sandbox, start_sandbox
from autograder.submission import Submission
from autograder.suite import Suite, SuiteError

__all__ = ["GradingSandboxes", "SharedBudget"]

# The graded files that can hang when imported: Python modules.
PYTHON_SUFFIX = ".py"
# One worker's slot in a SharedBudget: the seconds its sandbox's runs have used.
USED_SLOT = struct.Struct("d")


class SharedBudget:
    """A submission's time budget, shared by the workers of its grading
    (:mod:`autograder.workers`): what is left is the budget less the time every worker's
    sandbox has used, as ``Sandbox.used_s`` counts it (CPU time, by the time rule), so
    neither a busy machine nor the grader's own work between runs uses any of it, and the
    number of workers does not change it.

    Each worker's count lives in its own slot of memory mapped before the workers fork,
    written by that worker only, so no worker waits for another.

    Args:
        total_s: the budget, in seconds.
        workers: how many workers count in it.
    """

    def __init__(self, total_s: float, workers: int) -> None:
        self.total_s = total_s
        self._slots = mmap.mmap(-1, USED_SLOT.size * max(1, workers))

    def record(self, worker: int, used_s: float) -> None:
        """Note that worker number ``worker``'s sandbox has used ``used_s`` seconds so far."""
        USED_SLOT.pack_into(self._slots, worker * USED_SLOT.size, used_s)

    def left_s(self) -> float:
        """Return the seconds of the budget that no worker has used yet (at most 0 once it
        is used up)."""
        used = sum(value for (value,) in USED_SLOT.iter_unpack(self._slots))
        return self.total_s - used


class GradingSandboxes:
    """The submission's sandbox and the reference's, each started on first use.

    Args:
        suite, submission: the suite whose checks run, and the submission they grade.
        level: the isolation level every sandbox is started at; None: the strongest here.
        time_budget_s: the submission's time budget (seconds all its runs may use
            together, see :class:`SharedBudget`).
        workers: how many workers share the grading's checks.
        launched: sandboxes of the submission launched for this grading
            (:func:`~autograder.sandbox.launch_sandboxes`), one per worker, which each worker
            enters on first use instead of starting one; this process owns them all, and
            stops them when it closes.
    """

    def __init__(self, suite: Suite, submission: Submission, level: Optional[IsolationLevel],
                 time_budget_s: float, workers: int = 1,
                 launched: Sequence[Sandbox] = ()) -> None:
        self.suite = suite
        self.submission = submission
        self.level = level
        self._budget = SharedBudget(time_budget_s, workers)
        # Which worker this process is: 0 for the grading process, 1 to jobs - 1 for forks.
        self.worker = 0
        self._sandbox: Optional[Sandbox] = None
        # The suite's reference, run only by checks that take their expectations from it.
        self._reference_sandbox: Optional[Sandbox] = None
        self._launched = list(launched)

    def submission_sandbox(self) -> Sandbox:
        """Start the submission's sandbox on first use (entering this worker's launched one,
        if there is one) and return it."""
        if self._sandbox is None:
            launched = (self._launched[self.worker] if self.worker < len(self._launched)
                        else None)
            self._sandbox = start_sandbox(self.submission.path, self.suite.support_file_map(),
                                          self.suite.limits, self.level,
                                          modules=self.suite.required_files,
                                          preload=self.suite.preload, launched=launched)
        return self._sandbox

    def budget_left_s(self) -> float:
        """Return the seconds left of the submission's time budget (see
        :class:`SharedBudget`): this worker's count is brought up to date first."""
        if self._sandbox is not None:
            self._budget.record(self.worker, self._sandbox.used_s())
        return self._budget.left_s()

    def reference_sandbox(self) -> Sandbox:
        """Start a sandbox on the suite's reference on first use and return it.

        The reference is run as a submission is (same support files, limits and level), so
        what it prints is what a correct submission prints under the grader.

        Raises:
            SuiteError: the suite names no reference folder.
        """
        if self._reference_sandbox is None:
            reference = self.suite.reference
            if reference is None or not Path(reference).is_dir():
                raise SuiteError(f"suite {self.suite.name!r} names no reference folder, so a "
                                 f"check cannot take its expected output from it")
            self._reference_sandbox = start_sandbox(
                Path(reference), self.suite.support_file_map(), self.suite.limits, self.level,
                modules=self.suite.required_files, preload=self.suite.preload)
        return self._reference_sandbox

    def import_hang(self, sandbox: Sandbox, limit_s: float) -> str:
        """Return why no check can run when importing a graded module alone does not finish
        within ``limit_s`` seconds, or "" when every graded module imports in time.

        Tried once, after the first check that timed out: a submission whose module hangs
        when imported (a game loop at its top level, an ``input()`` inside a loop) would
        otherwise cost every check its whole limit in turn, minutes a submission.
        """
        for name in self.suite.required_files:
            stem, suffix = os.path.splitext(name)
            if suffix != PYTHON_SUFFIX or "/" in name or not self.submission.exists(name):
                continue
            result = sandbox.run(["python", "-c", f"import {stem}"], timeout=limit_s)
            sandbox.release()
            if result.fault is Fault.TIMEOUT:
                return (f"{NOT_RUN_PREFIX}importing {name} alone does not finish "
                        f"({result.fault_message}),"
                        f" so every check that imports it would time out")
        return ""

    def close(self) -> None:
        """Stop the sandboxes that were started or launched (in a forked worker, those
        launched by the grading process are left to it), side by side: a stop mostly waits
        for a server to end.

        Raises:
            SandboxError: a sandbox's folder cannot be removed (the others are stopped).
        """
        sandboxes = [sandbox for sandbox in
                     [self._sandbox, self._reference_sandbox] + self._launched
                     if sandbox is not None]
        self._sandbox = self._reference_sandbox = None
        self._launched = []
        with ThreadPoolExecutor(max_workers=len(sandboxes) or 1) as pool:
            stops = [pool.submit(sandbox.__exit__, None, None, None) for sandbox in sandboxes]
        for stop in stops:
            stop.result()
