"""Supervising one run: its pipes, its report, its ending and its time budget."""

import os
import re
import selectors
import signal
import time
from typing import Any, Dict, Optional, Tuple
from typing import TYPE_CHECKING

from .child import MEMORY_HINT, PROCESSES_HINT
from .protocol import Fault, Response, StopReason
from .frames import (MAX_REPORT_BYTES, PAUSE_KIND, REPORT_HEADER, REPORT_KIND, SEAL_KIND,
                     encode_frame, pack_bytes)
from .kernel import open_pidfd
from .usage import RunUsage, TimeBudget, thread_count

if TYPE_CHECKING:
    from .state import ServerState



# Where pidfds are missing the server looks for the child's exit this often.
POLL_S = 0.005
# How many reads of its pipes a paused child's answer waits for at most (what it wrote
# before pausing is there already; a thread writing on is not waited for).
PAUSE_READS = 64
# How long output pipes may stay open once every process of the run is gone.
DRAIN_GRACE_S = 0.5
READ_CHUNK_BYTES = 1 << 16
CUT_MARKER = "\n[output cut at {} bytes]\n"
# How a failed run reveals an exhausted limit on stderr when no hint arrived.
MEMORY_PATTERN = re.compile(
    rb"(?:^|\n)MemoryError\b|Cannot allocate memory|std::bad_alloc|[Oo]ut of memory")
PROCESSES_PATTERN = re.compile(
    rb"BlockingIOError: \[Errno 11\]|Resource temporarily unavailable")


def _written(fd: int, pending: memoryview) -> memoryview:
    """Write to non-blocking ``fd`` what it takes of ``pending`` now; return the rest
    (nothing once the reader has gone)."""
    try:
        return pending[os.write(fd, pending[:READ_CHUNK_BYTES]):]
    except BlockingIOError:
        return pending
    except OSError:
        return memoryview(b"")
class RunMonitor:
    """Feed one child's stdin, collect its output and report, and enforce its time budget.

    The budget follows the time rule (``usage.TimeBudget``): checkpoints from the moment
    the wall clock reaches it, a stop for CPU time or for waiting, the backstop otherwise.
    A held call's child may pause (``more()`` in its driver): ``watch`` then returns what
    the child did so far, the child waits, and ``resume`` feeds it its next payload and
    watches on, with a budget of its own, or ``end`` kills it.  Time spent paused belongs
    to no budget.
    """

    def __init__(self, server: "ServerState", pid: int, pipes: Dict[str, int],
                 stdin_data: bytes, timeout: float) -> None:
        """Watch child ``pid`` through the server ends of ``pipes``.

        Args:
            server: kills the run's leftovers and knows the limits.
            pid: the forked child.
            pipes: server ends named stdin, stdout, stderr and report (a run's
                program never has the report pipe: it is closed before exec), and
                plan for a held call (its next payloads are written there).
            stdin_data: bytes fed to the child's stdin, which is then closed.
            timeout: the run's time budget in seconds (see the time rule above).
        """
        self._server = server
        self._pid = pid
        self._plan = pipes.get("plan")
        self._paused = False
        self._feed = memoryview(b"")
        # Output already answered in earlier pauses still counts towards the cap.
        self._answered = {"stdout": 0, "stderr": 0}
        # Below bwrap the server adopts a run's orphans; inside it, bwrap's pid 1 does.
        self._usage = RunUsage(server.level.usage_root(), os.getpid())
        # A fresh child has used nothing yet: no sample is needed before its first checkpoint.
        self._clock = TimeBudget(self._usage, timeout, time.monotonic())
        self._drain_until = 0.0
        self._stdin = memoryview(stdin_data)
        self._selector = selectors.DefaultSelector()
        self._output = {"stdout": bytearray(), "stderr": bytearray()}
        self._cut = set()
        self._report = bytearray()
        self._sealed = False
        self._observation: Optional[bytes] = None
        self._hints = set()
        self._stop_reason: Optional[StopReason] = None
        self._ending: Optional[Tuple[int, Any, float]] = None
        self._readers = set()
        for name in ("stdout", "stderr", "report"):
            if name in pipes:
                self._watch(pipes[name], self._on_output if name != "report" else self._on_report,
                            name)
        if stdin_data:
            self._watch(pipes["stdin"], self._on_stdin, "stdin", selectors.EVENT_WRITE)
        else:
            os.close(pipes["stdin"])
        self._pidfd = open_pidfd(pid)
        if self._pidfd is not None:
            self._selector.register(self._pidfd, selectors.EVENT_READ, (self._on_exit, "exit"))

    def held(self) -> bool:
        """Return whether the child is waiting, paused, for its next payload."""
        return self._paused and self._ending is None

    def resume(self, payload: str, timeout: float) -> Response:
        """Feed a paused child ``payload`` (JSON text) and watch it for ``timeout`` seconds
        more; return the response, as ``watch`` does."""
        assert self.held() and self._plan is not None, "only a paused child can be fed"
        self._paused = False
        self._usage.sample()
        self._clock = TimeBudget(self._usage, timeout, time.monotonic())
        self._observation = None
        for name, buffer in self._output.items():
            self._answered[name] += len(buffer)
            buffer.clear()
        self._feed = memoryview(encode_frame({"payload": payload}))
        self._selector.register(self._plan, selectors.EVENT_WRITE, (self._on_feed, "plan"))
        return self.watch()

    def end(self) -> None:
        """Kill a paused child and everything it started, and let go of its pipes."""
        if self._ending is None:
            self._stop(StopReason.RELEASED)
        self._close()

    def watch(self) -> Response:
        """Run until the child has ended and its pipes are drained, or has paused; return
        the response."""
        self._selector.register(self._server.control_in, selectors.EVENT_READ,
                                (self._on_control, "control"))
        while not self.held():
            now = time.monotonic()
            if self._ending is None:
                if now >= self._clock.deadline:
                    reason = self._clock.check(now)
                    if reason is not None:
                        self._stop(reason)
                    continue
                wait = self._clock.deadline - now
                if self._pidfd is None:
                    wait = min(wait, POLL_S)
            elif not self._readers or now >= self._drain_until:
                break
            else:
                wait = self._drain_until - now
            for key, _ in self._selector.select(wait):
                # An earlier handler of this batch may have closed this one's fd.
                if key.fd in self._selector.get_map():
                    handler, name = key.data
                    handler(key.fd, name)
            if self._ending is None and self._pidfd is None:
                self._reap(os.WNOHANG)
        if self._server.control_in in self._selector.get_map():
            self._selector.unregister(self._server.control_in)
        if self.held():
            # What the child wrote just before pausing is part of this answer.
            for _ in range(PAUSE_READS):
                ready = [key for key, _ in self._selector.select(0) if key.data[1] in self._output]
                for key in ready:
                    self._on_output(key.fd, key.data[1])
                if not ready or not self.held():
                    break
            if self.held():
                return self._paused_response()
        self._close()
        return self._response()

    def _close(self) -> None:
        """Close every descriptor still watched (or kept for feeding) and the selector."""
        for key in list(self._selector.get_map().values()):
            os.close(key.fd)
        if self._plan is not None and self._plan not in self._selector.get_map():
            os.close(self._plan)
        self._plan = None
        self._selector.close()

    def _watch(self, fd: int, handler: Any, name: str,
               events: int = selectors.EVENT_READ) -> None:
        """Make ``fd`` non-blocking and call ``handler(fd, name)`` when it is ready."""
        os.set_blocking(fd, False)
        self._selector.register(fd, events, (handler, name))
        if events == selectors.EVENT_READ:
            self._readers.add(fd)

    def _forget(self, fd: int) -> None:
        """Stop watching ``fd`` and close it."""
        self._selector.unregister(fd)
        self._readers.discard(fd)
        os.close(fd)

    def _on_output(self, fd: int, name: str) -> None:
        """Append what stdout or stderr offers; cut and stop the run past the cap."""
        chunk = self._read(fd)
        if chunk is None:
            return
        buffer = self._output[name]
        buffer += chunk
        if len(buffer) + self._answered[name] > self._server.limits.output_bytes:
            self._cut.add(name)
            self._forget(fd)
            self._stop(StopReason.OUTPUT)

    def _on_report(self, fd: int, name: str) -> None:
        """Collect report frames; the last complete observation before the seal wins."""
        chunk = self._read(fd)
        if chunk is None:
            return
        self._report += chunk
        while len(self._report) >= REPORT_HEADER.size:
            kind, size = REPORT_HEADER.unpack_from(self._report)
            if size > MAX_REPORT_BYTES:
                self._forget(fd)
                self._stop(StopReason.OBSERVATION)
                return
            end = REPORT_HEADER.size + size
            if len(self._report) < end:
                return
            body = bytes(self._report[REPORT_HEADER.size:end])
            del self._report[:end]
            if self._sealed:
                continue
            if kind == SEAL_KIND:
                self._sealed = True
            elif kind == PAUSE_KIND:
                # Only a held call's driver may pause; a pause sent by anything else
                # (student code beside another driver) changes nothing.
                self._paused = self._plan is not None
            elif kind == REPORT_KIND:
                self._observation = body
            else:
                self._hints.add(body)

    def _read(self, fd: int) -> Optional[bytes]:
        """Read a chunk from ``fd``; None when there is nothing now or the pipe ended."""
        try:
            chunk = os.read(fd, READ_CHUNK_BYTES)
        except BlockingIOError:
            return None
        except OSError:
            chunk = b""
        if not chunk:
            self._forget(fd)
            return None
        return chunk

    def _on_stdin(self, fd: int, name: str) -> None:
        """Write the next piece of stdin; close the pipe when done or when the child left."""
        self._stdin = _written(fd, self._stdin)
        if not self._stdin:
            self._forget(fd)

    def _on_feed(self, fd: int, name: str) -> None:
        """Write the next piece of a paused child's payload to its plan pipe."""
        self._feed = _written(fd, self._feed)
        if not self._feed:
            self._selector.unregister(fd)

    def _on_exit(self, fd: int, name: str) -> None:
        """The pidfd became readable: the child has exited."""
        self._reap(os.WNOHANG)

    def _on_control(self, fd: int, name: str) -> None:
        """The grader's pipe is readable mid-run: it has gone away, so give up."""
        self._selector.unregister(fd)
        self._server.abandoned = True
        self._stop(StopReason.ABANDONED)

    def _reap(self, flags: int) -> None:
        """Collect the child's exit status, then remove every other process of the run."""
        pid, status, usage = os.wait4(self._pid, flags)
        if pid == 0:
            return
        self._ending = (status, usage, time.monotonic())
        if self._pidfd is not None:
            self._selector.unregister(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        for key in list(self._selector.get_map().values()):
            if key.data[1] == "stdin":
                self._forget(key.fd)
            elif key.data[1] == "plan":
                self._selector.unregister(key.fd)
        self._server.sweep()
        self._drain_until = time.monotonic() + DRAIN_GRACE_S

    def _stop(self, reason: StopReason) -> None:
        """Kill the run for ``reason``."""
        if self._ending is not None:
            self._stop_reason = self._stop_reason or reason
            return
        if reason in (StopReason.TIMEOUT, StopReason.BACKSTOP):
            self._reap(os.WNOHANG)
            if self._ending is not None:
                return
        self._stop_reason = reason
        self._server.signal_leftovers(self._pid)
        try:
            os.kill(self._pid, signal.SIGKILL)
        except OSError:
            pass
        self._reap(0)

    def _paused_response(self) -> Response:
        """Return what a paused child did since it started or was last fed: its output, its
        last report, the CPU time its processes have used since it started and the threads
        its process has as it waits, with no ending."""
        observation = None
        if self._observation is not None:
            observation = self._observation.decode("utf-8", "replace")
        self._usage.sample()
        return Response(stdout=pack_bytes(bytes(self._output["stdout"])),
                        stderr=pack_bytes(bytes(self._output["stderr"])),
                        duration_s=time.monotonic() - self._clock.started,
                        cpu_s=self._usage.cpu_s, observation=observation, held=True,
                        threads=thread_count(self._pid))

    def _response(self) -> Response:
        """Return the run's outcome as a response frame for the grader."""
        assert self._ending is not None, "the monitor stops only after the child ended"
        status, usage, ended = self._ending
        returncode = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        cpu_s = usage.ru_utime + usage.ru_stime
        stdout, stderr = self._capped("stdout"), self._capped("stderr")
        fault = self._classify(returncode, signum, cpu_s, stderr)
        observation = None
        if self._observation is not None:
            observation = self._observation.decode("utf-8", "replace")
        return Response(returncode=returncode, signal=signum, stdout=pack_bytes(stdout),
                        stderr=pack_bytes(stderr), duration_s=ended - self._clock.started,
                        cpu_s=cpu_s, fault=fault, observation=observation,
                        cut=sorted(self._cut), stop_reason=self._stop_reason)

    def _capped(self, name: str) -> bytes:
        """Return a stream's output, cut at the cap with the marker if it ran over."""
        data = bytes(self._output[name])
        if name not in self._cut:
            return data
        cap = self._server.limits.output_bytes
        return data[:max(0, cap - self._answered[name])] + CUT_MARKER.format(cap).encode("ascii")

    def _classify(self, returncode: Optional[int], signum: Optional[int],
                  cpu_s: float, stderr: bytes) -> Optional[Fault]:
        """Name the limit or failure that ended the run, or None if it ended on its own."""
        reason = self._stop_reason
        if reason in (StopReason.OUTPUT, StopReason.OBSERVATION):
            return Fault.OUTPUT
        if reason is StopReason.ABANDONED:
            return Fault.SANDBOX
        failed = reason is not None or returncode != 0
        if failed and (PROCESSES_HINT in self._hints or PROCESSES_PATTERN.search(stderr)):
            return Fault.PROCESSES
        if reason in (StopReason.TIMEOUT, StopReason.BACKSTOP):
            return Fault.TIMEOUT
        cpu_limit = self._server.limits.cpu_s
        if signum == signal.SIGXCPU or (signum == signal.SIGKILL and cpu_s >= cpu_limit):
            return Fault.CPU
        if failed and (MEMORY_HINT in self._hints or MEMORY_PATTERN.search(stderr)):
            return Fault.MEMORY
        if signum is not None:
            return Fault.SIGNAL
        return None


