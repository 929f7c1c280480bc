"""Share one grading's checks among several processes, so a submission's checks use every core.

A grading with ``jobs`` workers forks ``jobs - 1`` copies of the grading process once pytest
has collected the suite; each copy, and the grading process itself, runs only the units of
work it *claims* (a unit is a check, or the checks that share what they remember: see the
plugin). The claims are numbers (unit 0, unit 1, ...), written into one pipe before the
fork: a read of one number from a pipe is atomic, so each unit is claimed by exactly one
worker, and a worker that finishes early simply claims the next one.

::

    grading process ──fork──> worker 1 ... worker N-1
         │   claims pipe: 0 1 2 3 ...   (each worker reads the next number when it is free)
         │   each worker: its own sandbox (launched by the grading process), the units it claimed
         └── <── results pipe: the worker's outcomes (a pickle), then it ends with os._exit

Isolation is what it is with one worker: each worker has its own sandbox (its own copy of
the submission, its own fork server), so no check shares a process with another check's
student code. A forked worker is a copy of the grader and runs no submission code in its own
process, which is why its result may be a pickle. A worker that dies, hangs or answers
nonsense costs the checks it claimed a grader error (held for review), never a score.
Where no process can be forked, the workers there are take every claim.
"""

import os
import pickle
import select
import signal
import struct
import time
from typing import Any, Callable, List, Optional, Tuple

from autograder.sandbox.server.kernel import PR_SET_PDEATHSIG, Kernel

__all__ = ["Claims", "WorkerLost", "share", "usable_cores"]

# One claim in the pipe: a unit's number, four bytes in network order.
CLAIM = struct.Struct("!I")
# Claims written into the pipe before any worker reads: more than any suite has units,
# and all within the pipe's buffer (64 KiB on Linux), or the writer would wait for a reader
# that does not exist yet. A unit past the last claim would never run: a grader error.
MAX_CLAIMS = 4096
# Bytes read from a worker's results pipe at a time.
READ_CHUNK = 1 << 16
# A forked worker's exit status when it could not even report.
WORKER_FAILED_STATUS = 70
# Where a process's cgroups are listed, and where cgroup file systems are mounted.
PROC_CGROUP = "/proc/self/cgroup"
CGROUP_ROOT = "/sys/fs/cgroup"
# A CPU quota's files: cgroup v2 holds "QUOTA PERIOD" (or "max PERIOD") in one file; v1
# holds the quota (-1 for none) and the period in two, under its "cpu" controller.
CPU_MAX_V2 = "cpu.max"
CPU_QUOTA_V1, CPU_PERIOD_V1 = "cpu.cfs_quota_us", "cpu.cfs_period_us"


class WorkerLost(Exception):
    """A forked worker ended without a result, or with one that cannot be read."""


class Claims:
    """The numbers 0 to :data:`MAX_CLAIMS` - 1, each handed out once, to whichever worker
    asks first; a worker stops at the first number past its suite's last unit."""

    def __init__(self) -> None:
        self._fd, write_end = os.pipe()
        try:
            os.write(write_end, b"".join(CLAIM.pack(number) for number in range(MAX_CLAIMS)))
        finally:
            # Once every claim is read, the next read sees the end of the pipe.
            os.close(write_end)

    def next(self) -> Optional[int]:
        """Claim the next unit; return its number, or None when every number is claimed."""
        data = os.read(self._fd, CLAIM.size)
        return CLAIM.unpack(data)[0] if len(data) == CLAIM.size else None

    def close(self) -> None:
        """Let go of the pipe (claims not yet read are then no one's)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def share(jobs: int, work: Callable[[Claims, int], Any],
          wait_s: Callable[[], float]) -> List[Any]:
    """Run ``work`` in ``jobs`` processes (this one and ``jobs - 1`` forks) sharing one set
    of claims; return each worker's result, this process's first.

    Args:
        jobs: how many workers, this process included.
        work: runs the checks a worker claims from the :class:`Claims` it is given, with
            the worker's number (0 for this process, 1 to ``jobs - 1`` for the forks), and
            returns that worker's result (picklable).
        wait_s: asked once this process's own work is done: how long to wait for the
            others' results before they are killed.

    Returns:
        This process's result, then one per forked worker: its result, or a
        :class:`WorkerLost` saying why there is none.
    """
    claims = Claims()
    workers = []
    try:
        for number in range(1, jobs):
            try:
                workers.append(_fork_worker(work, claims, number))
            except OSError:
                break  # no more processes to be had: the workers there are take it all
        results = [work(claims, 0)]
        deadline = time.monotonic() + wait_s()
        while workers:
            results.append(_result_of(*workers.pop(0), deadline))
        return results
    finally:
        claims.close()
        for pid, results_fd in workers:
            os.close(results_fd)
            _end(pid)


def _fork_worker(work: Callable[[Claims, int], Any], claims: Claims, number: int
                 ) -> Tuple[int, int]:
    """Fork worker ``number``, which runs ``work`` and writes its pickled result to a pipe;
    return (its pid, the read end of that pipe)."""
    parent = os.getpid()
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        raise
    if pid == 0:
        status = WORKER_FAILED_STATUS
        try:
            _die_with(parent)
            os.close(read_end)
            try:
                payload = pickle.dumps(work(claims, number))
            except BaseException as exc:  # the grader's own failure: reported, not raised
                payload = pickle.dumps(WorkerLost(f"the worker failed: {exc!r}"))
            with open(write_end, "wb") as stream:
                stream.write(payload)
            status = 0
        finally:
            # A copy of the grader must never unwind into the grading it was forked from.
            os._exit(status)
    os.close(write_end)
    return pid, read_end


def _die_with(parent: int) -> None:
    """Have this forked worker killed when process ``parent``, the grading it was forked
    from, ends: a batch kills a grading that runs past its time, and its workers must not
    run on (holding its output open, and grading for no one)."""
    Kernel().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # it ended before the line above took effect
        os._exit(WORKER_FAILED_STATUS)


def _result_of(pid: int, results_fd: int, deadline: float) -> Any:
    """Read a worker's result until its pipe ends, reap it, and return the result or a
    :class:`WorkerLost` (the worker is killed if the deadline passes first)."""
    chunks = []
    try:
        while True:
            ready, _, _ = select.select([results_fd], [], [], max(deadline - time.monotonic(), 0))
            if not ready:
                _end(pid)
                return WorkerLost("the worker did not finish in time")
            chunk = os.read(results_fd, READ_CHUNK)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(results_fd)
    # The pipe ends as the worker exits: waiting for it is waiting for an exit under way.
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    if status != 0:
        return WorkerLost(f"the worker ended with status {status}")
    try:
        return pickle.loads(b"".join(chunks))
    except Exception as exc:  # a truncated or garbled result is no result
        return WorkerLost(f"the worker's result cannot be read: {exc!r}")


def _end(pid: int) -> None:
    """Kill worker ``pid`` if it still runs, and reap it."""
    done, _ = os.waitpid(pid, os.WNOHANG)
    if not done:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)


def usable_cores(proc_cgroup: str = PROC_CGROUP, cgroup_root: str = CGROUP_ROOT) -> int:
    """Return how many cores this process can keep busy: the CPUs it may run on, capped by
    the CPU quota of its cgroup or any above it (a container started with ``--cpus 2``
    sees every core of the machine, but only two cores' worth of time).

    Args:
        proc_cgroup: the file listing this process's cgroups.
        cgroup_root: where the cgroup file systems are mounted.
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    for quota in _cpu_quotas(proc_cgroup, cgroup_root):
        cores = min(cores, max(1, int(quota)))
    return cores


def _cpu_quotas(proc_cgroup: str, cgroup_root: str) -> List[float]:
    """Return the CPU quotas, in cores, of this process's cgroups and of every cgroup above
    them (cgroup v2 and v1); none where there are none or they cannot be read."""
    quotas = []
    for line in _words(proc_cgroup, "\n") or []:
        if line.count(":") < 2:
            continue  # the blank end of the listing
        _, controllers, path = line.split(":", 2)
        if controllers == "":
            base, files = cgroup_root, (CPU_MAX_V2,)
        elif "cpu" in controllers.split(","):
            base, files = os.path.join(cgroup_root, "cpu"), (CPU_QUOTA_V1, CPU_PERIOD_V1)
        else:
            continue
        parts = [part for part in path.split("/") if part]
        for depth in range(len(parts), -1, -1):
            folder = os.path.join(base, *parts[:depth])
            words = [word for name in files for word in _words(os.path.join(folder, name)) or []]
            if len(words) == 2 and words[0].isdigit() and words[1].isdigit() and int(words[1]):
                quotas.append(int(words[0]) / int(words[1]))
    return quotas


def _words(path: str, separator: Optional[str] = None) -> Optional[List[str]]:
    """Return the text of the file at ``path`` split at ``separator`` (white space when
    None), or None if it cannot be read."""
    try:
        with open(path, encoding="ascii") as handle:
            return handle.read().split(separator)
    except (OSError, ValueError):
        return None
