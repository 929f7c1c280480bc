"""The start-up of a run's child: the spare, forked ahead, made ready and given its plan.

Forking costs a couple of milliseconds here, so the server forks the next run's child (the
"spare") right after answering a request, while the grader is busy.  The spare does
everything that does not depend on the request (its session, descriptors 0-4, identity and
working copy), then blocks reading its plan: the request's kind, argv, env, files, driver.
Once the plan is read, its files are written and the run's limits set; ``child`` then
makes the spare the run.
"""

import fcntl
import os
import resource
from typing import Any, Dict, Optional
from typing import TYPE_CHECKING

from .files import DIR_MODE, copy_tree, write_tree
from .frames import read_frame, unpack_bytes
from .protocol import ServerLimits
from .kernel import PR_SET_DUMPABLE, PR_SET_NO_NEW_PRIVS

if TYPE_CHECKING:
    from .state import ServerState

# The spare's descriptors, in SPARE_FDS order: 0-2 the standard streams, then the report
# pipe and the plan pipe; every one from FIRST_FREE_FD on is closed.
REPORT_FD = 3
PLAN_FD = 4
FIRST_FREE_FD = 5
# Where the spare parks its pipe ends before moving them to 0-4.
PARKING_FD = 64
SPARE_FDS = ("stdin", "stdout", "stderr", "report", "plan")


def receive_plan(server: "ServerState", fds: Dict[str, int]) -> Optional[Dict[str, Any]]:
    """Prepare the spare, wait for its plan and apply it; None if the server dropped it."""
    _prepare_spare(server, fds)
    plan = read_frame(PLAN_FD)
    if plan is None:
        return None
    if not plan.get("hold"):
        os.close(PLAN_FD)
    for name, data in plan["files"].items():
        path = os.path.join(server.run_dir, name)
        os.makedirs(os.path.dirname(path), DIR_MODE, exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(unpack_bytes(data))
    os.chdir(server.run_dir)
    _apply_limits(server.limits)
    return plan


def _prepare_spare(server: "ServerState", fds: Dict[str, int]) -> None:
    """Give the spare its session, descriptors 0-4, identity and working copy."""
    os.setsid()
    parked = [fcntl.fcntl(fds[name], fcntl.F_DUPFD, PARKING_FD) for name in SPARE_FDS]
    for target, fd in enumerate(parked):
        os.dup2(fd, target)
    if server.uid is not None:
        os.setgroups([])
        os.setresgid(server.gid, server.gid, server.gid)
        os.setresuid(server.uid, server.uid, server.uid)
    # The System V IPC filter is the server's already (ServerState.setup): a filter is kept
    # across fork and exec, and installing one in every spare cost 1.5 ms of CPU a run.
    server.kernel.prctl(PR_SET_NO_NEW_PRIVS, 1)
    # Changing uid (and the server's own setting) leaves the child undumpable,
    # which would hide /proc/self from it; a normal process is dumpable.
    server.kernel.prctl(PR_SET_DUMPABLE, 1)
    _close_fds_from(FIRST_FREE_FD)
    if server.pristine_tree is not None:
        write_tree(server.pristine_tree, server.run_dir)
    else:
        copy_tree(server.pristine, server.run_dir)


def _close_fds_from(first: int) -> None:
    """Close every file descriptor numbered ``first`` or above."""
    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        fds = list(range(first, min(os.sysconf("SC_OPEN_MAX"), 1 << 16)))
    for fd in fds:
        if fd >= first:
            try:
                os.close(fd)
            except OSError:
                pass


def _apply_limits(limits: ServerLimits) -> None:
    """Set the run's resource limits; soft equals hard so the child cannot raise them."""
    _set_limit(resource.RLIMIT_CORE, 0)
    # One second between soft and hard CPU limits: SIGXCPU first, SIGKILL if ignored.
    _set_limit(resource.RLIMIT_CPU, limits.cpu_s, limits.cpu_s + 1)
    _set_limit(resource.RLIMIT_AS, limits.memory_bytes)
    _set_limit(resource.RLIMIT_FSIZE, limits.file_size_bytes)
    _set_limit(resource.RLIMIT_NOFILE, limits.open_files)
    if limits.nproc is not None:
        _set_limit(resource.RLIMIT_NPROC, limits.nproc)


def _set_limit(kind: int, soft: int, hard: Optional[int] = None) -> None:
    """Lower the rlimit ``kind`` to ``soft``/``hard`` (never above the current hard limit)."""
    _, current_hard = resource.getrlimit(kind)
    hard = soft if hard is None else hard
    if current_hard != resource.RLIM_INFINITY:
        hard = min(hard, current_hard)
    resource.setrlimit(kind, (min(soft, hard), hard))
