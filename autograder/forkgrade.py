"""Grading processes forked from one that has already loaded the grader (for ``batch``).

``batch`` grades every submission in a process of its own, so that nothing one grading does
can reach another's result. Started as ``python -m autograder grade``, each of those
processes spends a fifth of a second of CPU starting Python and importing the grader and
pytest before it grades anything. A :class:`ForkGrader` instead keeps one process that has
imported them (``python -m autograder`` with the :data:`SERVE_COMMAND` argument, started from
the grader's own folder as the grading processes were; there the command line hands
:func:`serve` its own ``main``, so this module needs nothing above it) and asks it to fork a
fresh grading process per submission:
each grading still runs alone in its own process, which starts from the same clean state a
new ``python -m autograder grade`` would reach, and ends with the grading.

The protocol is one JSON line each way per submission, on the forking process's stdin and
stdout: ``{"argv": [...], "stdout": FILE, "stderr": FILE, "timeout": S}`` asks for
``autograder ARGV`` with its streams written to the two files, and the answer is
``{"status": N}`` (its exit status) or ``{"status": null}`` when it ran past ``timeout``
seconds and was killed.
"""

import json
import os
import select
import signal
import subprocess
import sys
import time
import traceback
from pathlib import Path
from typing import IO, Callable, List, Optional

from autograder.sandbox.server.kernel import open_pidfd
from autograder.sandbox import remove_leftovers

__all__ = ["ForkGrader", "serve"]

# How long a forking process may take to start and say it is ready, in seconds.
READY_TIMEOUT_S = 60.0
# Where pidfds are missing, how often a grading process is looked at, in seconds.
POLL_S = 0.005
# Extra seconds allowed to the forking process's answer beyond the grading's own limit.
ANSWER_GRACE_S = 30.0
READY = "ready"
FAILED_STATUS = 1
# The argument of ``python -m autograder`` that makes the process a forking one (see
# autograder.cli.main); not a command a person types, so it is in no usage text.
SERVE_COMMAND = "--serve-forked-gradings"


class ForkGrader:
    """One forking process, used by one batch worker at a time; a context manager.

    Args:
        home: the grader's own folder, where the forking process starts (so that
            ``autograder`` is this grader, never a folder of that name elsewhere).
    """

    def __init__(self, home: Path) -> None:
        self._home = home
        self._process: Optional["subprocess.Popen[str]"] = None

    def grade(self, argv: List[str], stdout: Path, stderr: Path, timeout: float
              ) -> Optional[int]:
        """Run ``autograder ARGV`` in a forked grading process; return its exit status.

        Args:
            argv: the arguments after ``python -m autograder``.
            stdout, stderr: files the grading process writes its streams to.
            timeout: seconds it may run before it is killed.

        Returns:
            Its exit status, or None if it was killed at ``timeout``.

        Raises:
            OSError: the forking process cannot be started or stopped answering (it is then
                stopped; the caller may run the grading another way).
        """
        process = self._started()
        request = {"argv": argv, "stdout": str(stdout), "stderr": str(stderr),
                   "timeout": timeout}
        try:
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            answer = _read_line(process.stdout, timeout + ANSWER_GRACE_S)
            status = json.loads(answer)["status"]
        except (OSError, ValueError, KeyError, TypeError) as err:
            self.close()
            raise OSError(f"the forking grader stopped answering: {err}") from err
        return status if isinstance(status, int) else None

    def close(self) -> None:
        """Stop the forking process (a grading it runs is killed with it)."""
        process, self._process = self._process, None
        if process is None:
            return
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        process.kill()
        process.wait()

    def __enter__(self) -> "ForkGrader":
        """Return this forker; the process starts at the first grading."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Stop the forking process."""
        self.close()

    def _started(self) -> "subprocess.Popen[str]":
        """Return the forking process, started (and found ready) if it was not running.

        Raises:
            OSError: it cannot be started or did not say it is ready.
        """
        if self._process is not None and self._process.poll() is None:
            return self._process
        self.close()
        self._process = subprocess.Popen(
            [sys.executable, "-m", "autograder", SERVE_COMMAND], cwd=str(self._home),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, errors="replace")
        assert self._process.stdout is not None
        try:
            ready = _read_line(self._process.stdout, READY_TIMEOUT_S)
        except OSError:
            self.close()
            raise
        if ready.strip() != READY:
            self.close()
            raise OSError("the forking grader did not start")
        return self._process


def _read_line(stream: IO[str], timeout: float) -> str:
    """Return the next line of ``stream`` within ``timeout`` seconds.

    Raises:
        OSError: none came in time, or the stream ended.
    """
    ready, _, _ = select.select([stream], [], [], timeout)
    line = stream.readline() if ready else ""
    if not line:
        raise OSError("no answer" if not ready else "the forking grader ended")
    return line


def serve(grading_main: Callable[[List[str]], int]) -> None:
    """Answer grading requests from stdin until it ends (the forking process's main).

    Args:
        grading_main: what a forked grading runs: the command line's ``main``, given the
            arguments after ``autograder`` and returning the exit status.
    """
    # Loaded once here, so that every forked grading starts with them in place (pytest's
    # own plugins are imported by each run otherwise), and with what a sandbox start needs
    # to know about this machine already known.
    from autograder.grading import ready_for_forks

    ready_for_forks()

    print(READY, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        status = _fork_grading(request, grading_main)
        print(json.dumps({"status": status}), flush=True)


def _fork_grading(request: dict, grading_main: Callable[[List[str]], int]) -> Optional[int]:
    """Fork the grading ``request`` asks for (``grading_main`` runs it), wait for it; return
    its exit status, or None if it ran past its time and was killed."""
    pid = os.fork()
    if pid == 0:
        _grading_main(request, grading_main)
    deadline = time.monotonic() + float(request["timeout"])
    pidfd = open_pidfd(pid)
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return os.waitstatus_to_exitcode(status)
            left = deadline - time.monotonic()
            if left <= 0:
                _kill_grading(pid)
                return None
            if pidfd is not None:
                select.select([pidfd], [], [], left)
            else:
                time.sleep(min(POLL_S, left))
    finally:
        if pidfd is not None:
            os.close(pidfd)


def _kill_grading(pid: int) -> None:
    """Kill grading process ``pid``, delete what its sandboxes left, and reap it."""
    os.kill(pid, signal.SIGKILL)
    remove_leftovers(pid)
    os.waitpid(pid, 0)


def _grading_main(request: dict, grading_main: Callable[[List[str]], int]) -> None:
    """Be the grading process: run ``autograder ARGV`` (``grading_main(ARGV)``) with the
    request's streams; never returns."""
    status = FAILED_STATUS
    try:
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        for fd, name in ((1, "stdout"), (2, "stderr")):
            target = os.open(request[name], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(target, fd)
            os.close(target)
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.argv = ["autograder"] + list(request["argv"])
        status = grading_main(list(request["argv"]))
    except SystemExit as exc:
        status = exc.code if isinstance(exc.code, int) else FAILED_STATUS
    except BaseException:  # the grading's own failure: its stderr says what it was
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:
                pass
        os._exit(status & 0xFF if isinstance(status, int) else FAILED_STATUS)
