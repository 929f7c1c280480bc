"""A check's runs in its submission's sandbox: time limits, what checks share, faults.

The ground floor of :class:`autograder.harness.Runner`, which builds the kinds of check
(``program``, ``probe``, ``doctest``, terminal sessions) on it: :class:`SandboxRuns` holds
the running sandbox, gives each run its time limit (the check's own, capped by what is left
of the submission's time budget), keeps what one check computes for the later checks of the
grading run, and runs a program as it is, comparing nothing. :func:`raise_for_fault` turns a
run that hit a limit or died into the :mod:`autograder.outcome` signal the student's report
shows, quoting the end of its stderr.
"""

from typing import Any, Callable, Dict, Mapping, Optional, Sequence

from autograder.outcome import NOT_RUN_PREFIX, StudentCrashed, StudentTimedOut
from autograder.sandbox import Fault, RunResult, Sandbox

__all__ = ["STDERR_TAIL_CHARS", "SandboxRuns", "quote_tail", "raise_for_fault"]

# How much of a child's stderr a failure message quotes, in characters.
STDERR_TAIL_CHARS = 1500


def quote_tail(data: bytes, limit: int) -> str:
    """Return ``data`` as text, shortened to its last ``limit`` characters."""
    text = data.decode("utf-8", "replace")
    return text if len(text) <= limit else "..." + text[-limit:]


def raise_for_fault(result: RunResult, what: str, limit: str = "") -> None:
    """Raise the failure signal for a run that hit a limit or died; return otherwise.

    ``limit`` names the time limit that was in force, for the student's report.

    Raises:
        StudentTimedOut: the run timed out (``what`` and the limit say which and when).
        StudentCrashed: the run died or hit another limit; the end of its stderr is quoted.
    """
    if result.fault is Fault.TIMEOUT:
        named = f" ({limit})" if limit else ""
        raise StudentTimedOut(f"{what}: {result.fault_message}{named}")
    if result.fault is not None:
        raise StudentCrashed(f"{what}: {result.fault_message}",
                             quote_tail(result.stderr, STDERR_TAIL_CHARS))


class SandboxRuns:
    """The check-side handle on one submission's sandbox: its runs, as they are.

    Args:
        sandbox: the running sandbox of the submission being graded.
        default_timeout: seconds allowed to a run when a call gives none (the check's
            own time limit).
        budget_left: returns the seconds left of the submission's whole time budget
            (:class:`~autograder.sandboxes.SharedBudget`), or None for no budget. No run
            may take more than is left, so a submission that hangs everywhere costs the
            budget, not every check's limit.
        shared: a dictionary shared by every check of one grading run, for
            :meth:`remember`; a fresh one when None.
        reference: returns a running sandbox of the suite's reference solution, for
            :meth:`Runner.like_reference <autograder.harness.Runner.like_reference>`; None
            when there is none.
    """

    def __init__(self, sandbox: Sandbox, default_timeout: float,
                 budget_left: Optional[Callable[[], float]] = None,
                 shared: Optional[Dict[str, Any]] = None,
                 reference: Optional[Callable[[], Sandbox]] = None) -> None:
        self._sandbox = sandbox
        self._reference = reference
        self.default_timeout = default_timeout
        self._shared = {} if shared is None else shared
        self._budget_left = budget_left
        # Which time limit governs the current run, named in a time-out's message.
        self._limit_name = ""
        # Whether a probe has handed the check a value the submission's process reported:
        # from then on, the check reads data the submission could have shaped.
        self.observed = False

    def _time_limit(self, timeout: Optional[float]) -> float:
        """Return the seconds a run may take: its own limit, capped by the budget.

        Raises:
            StudentTimedOut: the submission's time budget is already used up.
        """
        limit = timeout or self.default_timeout
        self._limit_name = (f"the check's time limit, {limit:g} s" if timeout is None
                            else f"this run's time limit, {limit:g} s")
        if self._budget_left is None:
            return limit
        remaining = self._budget_left()
        if remaining <= 0:
            raise StudentTimedOut(f"{NOT_RUN_PREFIX}the submission used up its time budget "
                                  "(the suite's time_budget_s, for all its runs together)")
        if remaining < limit:
            self._limit_name = ("what was left of the submission's time budget, "
                                f"{remaining:.1f} s")
        return min(limit, remaining)

    @property
    def isolation(self) -> str:
        """Return the name of the isolation level in force."""
        return self._sandbox.level.value

    def remember(self, key: str, compute: Callable[[], Any]) -> Any:
        """Return what ``compute()`` returned the first time a check of this grading run
        asked for ``key``, computing it now if none has.

        Several checks can judge one long observation (a whole game played to a fight)
        without each paying for it. ``compute`` may raise; nothing is stored then.
        """
        if key not in self._shared:
            self._shared[key] = compute()
        return self._shared[key]

    def run(self, argv: Sequence[str], stdin: str = "", files: Optional[Mapping[str, bytes]] = None,
            timeout: Optional[float] = None,
            env: Optional[Mapping[str, str]] = None) -> RunResult:
        """Run a program in a fresh copy of the submission and return what happened.

        Args:
            argv: the command; ``"python"`` as argv[0] means the sandbox's interpreter.
            stdin: text given on standard input.
            files: extra files (name -> bytes) written beside the submission first.
            timeout: seconds allowed; the check's limit when None.
            env: extra environment variables for the program (a seed, for example).

        Returns:
            The raw :class:`~autograder.sandbox.RunResult`; nothing is compared.
        """
        return self._sandbox.run(list(argv), stdin=stdin.encode("utf-8"), files=dict(files or {}),
                                 timeout=self._time_limit(timeout), env=dict(env or {}))
