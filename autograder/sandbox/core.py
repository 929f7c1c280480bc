"""The Sandbox's runs: what a grader asks of an entered sandbox (run, call, feed, release).

The sandbox's lifecycle (its box and server, launched, entered and torn down) is
:class:`autograder.sandbox.lifecycle.SandboxLifecycle`'s; :class:`SandboxCore` adds the
requests: each becomes one exchange with the fork server, and its response a RunResult.
"""

import json
import time
from typing import Any, Mapping, Optional, Sequence

from .boxes import relative_name, variable
from .client import ServerLost
from .lifecycle import NO_ITEMS, SandboxLifecycle
from .results import failed_run, run_result, RunResult, SandboxError
from .server.frames import pack_bytes
from .server.protocol import Fault, Op, Request, Response, StopReason
from .server.usage import backstop_s

# How much longer than a run's backstop (see backstop_s) the grader waits for the server's answer.
RESPONSE_GRACE_S = 5.0


class SandboxCore(SandboxLifecycle):
    """One submission's sandbox: a pristine tree and a fork server; a context manager.

    Its arguments, launch, entering and teardown are :class:`SandboxLifecycle`'s; this class
    adds the runs of an entered sandbox: ``run``, ``call``, ``feed``, ``waiting`` and
    ``release``, and ``used_s``, the time they have used.

    Its subclass :class:`autograder.sandbox.Sandbox` (in trial.py) is the one to use: it
    finds the level to use where none is given, by trying the levels with sandboxes of this
    class (so this class never asks for the trial).
    """

    def run(self, argv: Sequence[str], stdin: bytes = b"", files: Mapping[str, bytes] = NO_ITEMS,
            timeout: Optional[float] = None, env: Mapping[str, str] = NO_ITEMS) -> RunResult:
        """Run a program in a fresh working copy and return what it did.

        Args:
            argv: the command; argv[0] "python" is the sandbox's interpreter
                with flags -E -s, so a script's folder is on its sys.path
                (``python SCRIPT.py`` and ``python -c CODE`` start in a fork of the
                server, which shows the program what that command would).
            stdin: bytes fed to the program's stdin.
            files: extra files (relative name -> bytes) written into the copy first.
            timeout: the run's time budget in seconds (default ``limits.wall_s``), judged
                as the module doc says.
            env: variables added to the minimal environment.

        Raises:
            SandboxError: the sandbox is not entered.
            ValueError: ``argv`` is empty or a file name leaves the sandbox.
        """
        if not argv:
            raise ValueError("argv must name a program")
        request = Request(op=Op.RUN, argv=[str(arg) for arg in argv])
        return self._execute(request, stdin, files, timeout, env)

    def call(self, driver: str, payload: Any = None, stdin: bytes = b"",
             files: Mapping[str, bytes] = NO_ITEMS, timeout: Optional[float] = None,
             env: Mapping[str, str] = NO_ITEMS, hold: bool = False) -> RunResult:
        """Exec trusted ``driver`` source in a fresh forked child against the submission.

        The child's working directory is the run's fresh copy, which is also
        sys.path[0].  The driver's globals hold ``payload`` (a JSON round trip
        of the argument) and ``report(value)``, whose last JSON-serialisable
        value becomes ``RunResult.observation``.  Exceptions, sys.exit and
        os._exit in the driver or the submission only end the child.

        With ``hold``, the driver may also call ``more()``: the call then returns what the
        child did so far with a ``session`` number while the child waits, and ``feed``
        gives it its next payload (``more()`` returns it). The next ``run`` or ``call``,
        ``release``, or leaving the sandbox ends a waiting child first, so no two runs
        ever share a process; ``more()`` returns None when the call is not held.

        Args:
            driver: Python source, trusted (written by the suite).
            payload: a JSON-serialisable value for the driver.
            stdin, files, timeout, env: as for ``run``.
            hold: whether the driver may wait for more payloads.

        Raises:
            SandboxError: the sandbox is not entered.
            TypeError: ``payload`` is not JSON-serialisable.
            ValueError: a file name leaves the sandbox.
        """
        request = Request(op=Op.CALL, driver=driver, payload=json.dumps(payload), hold=hold)
        return self._execute(request, stdin, files, timeout, env)

    def feed(self, session: int, payload: Any = None, timeout: Optional[float] = None
             ) -> RunResult:
        """Give the waiting child of held call ``session`` its next payload; return what it
        did from then until it waited again (``session`` set) or ended.

        Args:
            session: the number a held call's result gave.
            payload: a JSON-serialisable value, returned by the driver's ``more()``.
            timeout: the time budget in seconds of this part (default ``limits.wall_s``);
                time the child spends waiting to be fed belongs to no part.

        Raises:
            SandboxError: the sandbox is not entered, or ``session`` is not waiting (it
                ended, or another run or ``release`` ended it): see ``waiting``.
            TypeError: ``payload`` is not JSON-serialisable.
        """
        if not self.waiting(session):
            raise SandboxError("session {} is not waiting to be fed".format(session))
        return self._exchange(Request(op=Op.FEED, payload=json.dumps(payload)), timeout)

    def used_s(self) -> float:
        """Return the seconds this sandbox's runs have used, counted as the time rule counts
        a run (issue 33: no count depends on the machine's load): the CPU time the server
        measured for each run's processes, or the run's whole time limit where the rule
        stopped it for time; wall time never counts. The measures are the kernel's, read by
        the server outside the run's processes, which cannot rewrite them."""
        return self._used_s

    def waiting(self, session: Optional[int]) -> bool:
        """Return whether held call ``session``'s child still waits to be fed."""
        return session is not None and self._held == session

    def release(self) -> None:
        """End the waiting child of a held call, if there is one."""
        with self._lock:
            if self._held is None or self._server is None:
                return
            self._held = None
            try:
                answer = self._server.exchange(Request(op=Op.RELEASE),
                                               time.monotonic() + RESPONSE_GRACE_S)
            except (ServerLost, OSError):
                answer = Response(error="lost")
            if answer.error is not None:
                self._discard_server()

    def _execute(self, request: Request, stdin: bytes, files: Mapping[str, bytes],
                 timeout: Optional[float], env: Mapping[str, str]) -> RunResult:
        """Send one run request to the server (restarting it if needed) and build the result.

        A run cut by the backstop is run again once, from the start: the machine, not the
        submission, kept it from running, and the second try's result is the one returned.
        """
        request.stdin = pack_bytes(bytes(stdin))
        request.files = {relative_name(name): pack_bytes(bytes(data))
                         for name, data in files.items()}
        request.env = {variable(key): variable(value, key) for key, value in env.items()}
        result = self._exchange(request, timeout)
        if result.backstop:
            result = self._exchange(request, timeout)
        return result

    def _exchange(self, request: Request, timeout: Optional[float]) -> RunResult:
        """Send ``request`` to the server (restarting it if needed) and build the result.

        Any request but "feed" ends a waiting held call first (the server does the same).
        """
        limit = self.limits.wall_s if timeout is None else float(timeout)
        request.timeout = limit
        with self._lock:
            if not self._entered:
                raise SandboxError("a Sandbox runs code only inside its with block")
            started = time.monotonic()
            refused_before = self._cgroup.refusals() if self._cgroup is not None else 0
            # A feed goes on with the waiting session; anything else ends it first.
            session, self._held = self._held, None
            try:
                if self._server is None:
                    self._server = self._spawn()
                    self._await_ready()
                response = self._server.exchange(
                    request, started + backstop_s(limit) + RESPONSE_GRACE_S)
            except (ServerLost, OSError) as lost:
                self._discard_server()
                return failed_run(str(lost), started)
            except BaseException:
                # Interrupted mid-exchange (say, by the trusted side's own
                # timeout): an answer may still be on its way, so this server
                # can no longer be trusted to answer the next request in turn.
                self._discard_server()
                raise
            if response.error is not None:
                self._discard_server()
                last_line = (response.error.strip().splitlines() or ["?"])[-1]
                return failed_run("the sandbox server failed: " + last_line, started)
            if response.leftovers:
                self._discard_server()
            self._count_use(response, limit, request.op is Op.FEED)
            if response.held:
                if request.op is not Op.FEED:
                    self._sessions += 1
                    session = self._sessions
                self._held = session
            return self._result(response, limit, refused_before)

    def _count_use(self, response: Response, limit: float, fed: bool) -> None:
        """Add what the run of ``response`` used to ``used_s``: ``limit`` if the time rule
        stopped it, else its CPU time (for a fed part, beyond what earlier parts of its held
        call counted already: the server's figure covers the child since it started)."""
        counted = self._held_cpu_s if fed else 0.0
        if response.stop_reason is StopReason.TIMEOUT:
            self._used_s += limit
        else:
            self._used_s += max(0.0, response.cpu_s - counted)
        self._held_cpu_s = max(counted, response.cpu_s) if response.held else 0.0

    def _result(self, response: Response, timeout: float, refused_before: int) -> RunResult:
        """Turn a server response into a RunResult with a fault message."""
        fault = response.fault
        ended_badly = not response.held and (fault is not None or response.returncode != 0)
        if (self._cgroup is not None and ended_badly and fault is not Fault.OUTPUT
                and self._cgroup.refusals() > refused_before):
            fault = Fault.PROCESSES  # the cgroup counted forks it refused
        return run_result(response, fault, timeout, self.limits, self._held)
