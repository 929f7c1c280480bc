"""The time rule: a run's CPU time and waiting, read from /proc at checkpoints, and the
checkpoints themselves: when they fall and when a run must stop (``TimeBudget``)."""

import os
from typing import Dict, List, Optional, Tuple

from .protocol import StopReason


# The time rule (issue 33: a verdict must not depend on the machine's load).  A run's
# timeout is its time budget; the wall clock alone never stops it earlier.  Once its wall
# time reaches the budget, the monitor reads the run's processes at checkpoints (see
# RunUsage): CPU time at or past the budget stops it (too slow); so does an interval in
# which it neither ran nor waited for a CPU for ACTIVE_FRACTION of the time, with no
# thread running or runnable at the checkpoint (it sleeps or waits for input: judged by the
# wall clock, as before).  A run that kept asking for a CPU the machine was too busy to
# give goes on, to the next checkpoint once it could have used its budget up, and at the
# latest until the backstop: BACKSTOP_FACTOR times the budget, plus BACKSTOP_MARGIN_S.
BACKSTOP_FACTOR = 4
BACKSTOP_MARGIN_S = 5.0
ACTIVE_FRACTION = 0.5
# Without /proc/PID/schedstat (no run-queue wait to read), a run that gained less CPU time
# than this share of an interval counts as waiting.
MIN_CPU_FRACTION = 0.05
# Seconds between two checkpoints at least, so that a run near its budget costs few reads.
MIN_CHECK_INTERVAL_S = 0.1
NS_PER_S = 1e9
# Fields of /proc/PID/stat after the command's closing parenthesis: the state is field 0.
STAT_STATE = 0
STAT_PPID = 1
# The state of a thread that is running, or runnable and waiting for a CPU.
RUNNABLE_STATE = b"R"
# The line of /proc/PID/status that counts the process's threads.
THREADS_FIELD = b"Threads:"
STAT_TIMES = slice(11, 15)  # utime, stime, cutime, cstime (clock ticks)
STAT_START = 19
SCHEDSTAT_WAIT = 1  # nanoseconds spent runnable on a run queue, waiting for a CPU


def backstop_s(budget_s: float) -> float:
    """Return the wall-clock seconds after which a run with time budget ``budget_s`` is
    stopped whatever it is doing (BACKSTOP_FACTOR times the budget, plus a margin)."""
    return BACKSTOP_FACTOR * budget_s + BACKSTOP_MARGIN_S


def _read_proc(path: str) -> Optional[bytes]:
    """Return the contents of the /proc file ``path``, or None when it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def _stat_fields(pid: int) -> Optional[List[bytes]]:
    """Return the fields of /proc/PID/stat after the command name, or None if it is gone."""
    data = _read_proc("/proc/{}/stat".format(pid))
    if data is None or b")" not in data:
        return None
    return data.rsplit(b")", 1)[1].split()


def thread_count(pid: int) -> Optional[int]:
    """Return the number of threads process ``pid`` has now (None when /proc does not say)."""
    status = _read_proc("/proc/{}/status".format(pid))
    for line in (status or b"").splitlines():
        if line.startswith(THREADS_FIELD):
            fields = line.split()
            return int(fields[1]) if len(fields) == 2 and fields[1].isdigit() else None
    return None


class RunUsage:
    """The CPU time and the run-queue wait of a run's processes, read from /proc.

    The run's processes are the descendants of ``root`` (the server, which is a subreaper
    below bwrap, or bwrap's init, which adopts the orphans of its pid namespace) other than
    the server itself: the same processes the server kills as a whole after a run. A
    process's CPU time is its utime and stime (every thread, living or ended) plus those of
    the children it reaped; its wait is the sum over its threads of the second field of
    /proc/PID/task/TID/schedstat. Totals only grow: each sample adds what every process
    gained since it was last seen (a process seen for the first time, all it has).

    The kernel adds a thread's wait only when the thread gets a CPU, so a thread still
    waiting has not been credited yet: ``runnable`` says whether some thread of the run
    was running or waiting to run (state R) at the last sample.
    """

    def __init__(self, root: int, server: int) -> None:
        """Measure the descendants of pid ``root`` other than pid ``server``."""
        self._root = root
        self._server = server
        self._ticks_per_s = float(os.sysconf("SC_CLK_TCK"))
        # (pid, start time) -> (CPU ticks, wait ns) when last sampled.
        self._last: Dict[Tuple[int, bytes], Tuple[int, int]] = {}
        self.cpu_s = 0.0
        self.wait_s = 0.0
        self.has_wait = True
        self.runnable = False

    def sample(self) -> bool:
        """Add what the run's processes used since the last sample to ``cpu_s`` and
        ``wait_s``; return False when the run's processes cannot be found in /proc."""
        pids = self._processes()
        if pids is None:
            return False
        seen: Dict[Tuple[int, bytes], Tuple[int, int]] = {}
        self.runnable = False
        for pid in pids:
            fields = _stat_fields(pid)
            if fields is None:
                continue  # it ended meanwhile
            key = (pid, fields[STAT_START])
            cpu = sum(int(value) for value in fields[STAT_TIMES])
            wait = self._threads_wait_ns(pid)
            if wait is None:
                self.has_wait = False
                wait = 0
            last_cpu, last_wait = self._last.get(key, (0, 0))
            self.cpu_s += max(0, cpu - last_cpu) / self._ticks_per_s
            self.wait_s += max(0, wait - last_wait) / NS_PER_S
            seen[key] = (cpu, wait)
        self._last = seen
        return True

    def _threads_wait_ns(self, pid: int) -> Optional[int]:
        """Return the nanoseconds the threads of ``pid`` have waited for a CPU, or None
        where the kernel does not say (a thread that ends meanwhile counts nothing), and
        note in ``runnable`` whether one of them is running or waiting to run."""
        try:
            threads = os.listdir("/proc/{}/task".format(pid))
        except OSError:
            return 0
        total = 0
        for tid in threads:
            stat = _read_proc("/proc/{}/task/{}/stat".format(pid, tid))
            state = stat.rsplit(b")", 1)[-1].split()[STAT_STATE:STAT_STATE + 1] if stat else []
            self.runnable = self.runnable or state == [RUNNABLE_STATE]
            data = _read_proc("/proc/{}/task/{}/schedstat".format(pid, tid))
            if data is None:
                if os.path.exists("/proc/{}/task/{}".format(pid, tid)):
                    return None
                continue
            fields = data.split()
            if len(fields) <= SCHEDSTAT_WAIT:
                return None
            total += int(fields[SCHEDSTAT_WAIT])
        return total

    def _processes(self) -> Optional[List[int]]:
        """Return the pids of the run's processes, or None when /proc does not show them."""
        if _read_proc("/proc/{}/task/{}/children".format(self._root, self._root)) is None:
            return self._processes_by_parent()
        found: List[int] = []
        visited = {self._root}
        pending = [self._root]
        while pending:
            for child in self._children(pending.pop()):
                if child not in visited:
                    visited.add(child)
                    pending.append(child)
                    if child != self._server:
                        found.append(child)
        return found

    @staticmethod
    def _children(pid: int) -> List[int]:
        """Return the children of every thread of ``pid`` (none if it has ended)."""
        try:
            threads = os.listdir("/proc/{}/task".format(pid))
        except OSError:
            return []
        children = []
        for tid in threads:
            data = _read_proc("/proc/{}/task/{}/children".format(pid, tid))
            children.extend(int(word) for word in (data or b"").split())
        return children

    def _processes_by_parent(self) -> Optional[List[int]]:
        """Return the run's pids found through every process's parent, for kernels
        without /proc/PID/task/TID/children; None when /proc cannot be listed."""
        if _stat_fields(self._root) is None:
            return None
        parents: Dict[int, List[int]] = {}
        try:
            names = os.listdir("/proc")
        except OSError:
            return None
        for name in names:
            fields = _stat_fields(int(name)) if name.isdigit() else None
            if fields is not None:
                parents.setdefault(int(fields[STAT_PPID]), []).append(int(name))
        found: List[int] = []
        pending = [self._root]
        while pending:
            for child in parents.pop(pending.pop(), []):
                pending.append(child)
                if child != self._server:
                    found.append(child)
        return found


class TimeBudget:
    """The time rule applied to one part of a run (the whole run, or what follows a feed):
    where its checkpoints fall and when it must stop.

    Nothing stops the part before its wall time reaches the budget, its first checkpoint;
    at each checkpoint :meth:`check` samples the run's usage and stops it for its CPU time
    or for waiting, or names the next checkpoint; the backstop stops it whatever it does.
    """

    def __init__(self, usage: RunUsage, budget: float, now: float) -> None:
        """Start the clock of a part with a time budget of ``budget`` seconds at monotonic
        time ``now``, measured by ``usage`` (sampled already, or fresh)."""
        self._usage = usage
        self._budget = budget
        self.started = now
        # The first checkpoint: the wall clock alone never stops a run before it.
        self.deadline = now + budget
        self._backstop = now + backstop_s(budget)
        self._cpu_before = usage.cpu_s
        # Monotonic time, CPU seconds and wait seconds at the last checkpoint.
        self._checked = (now, usage.cpu_s, usage.wait_s)

    def check(self, now: float) -> Optional[StopReason]:
        """Apply the time rule at monotonic time ``now``: return why the run must stop, or
        None once ``deadline`` names the time of the next checkpoint."""
        if now >= self._backstop:
            return StopReason.BACKSTOP
        usage = self._usage
        if not usage.sample():
            return StopReason.TIMEOUT  # nothing to judge by but the wall clock
        checked_at, cpu_then, wait_then = self._checked
        interval = now - checked_at
        gained = usage.cpu_s - cpu_then
        if usage.runnable:
            waiting = False
        elif usage.has_wait:
            waiting = gained + usage.wait_s - wait_then < ACTIVE_FRACTION * interval
        else:
            waiting = gained < MIN_CPU_FRACTION * interval
        used = usage.cpu_s - self._cpu_before
        if waiting or used >= self._budget:
            return StopReason.TIMEOUT
        self._checked = (now, usage.cpu_s, usage.wait_s)
        # The run cannot use up its budget in less wall time than the CPU time it has left.
        self.deadline = min(now + max(self._budget - used, MIN_CHECK_INTERVAL_S),
                            self._backstop)
        return None
