"""What the fork server does differently at each isolation level: one class per level.

In the box the server takes its class from the configuration's level (``server_level``);
on the host, each level's class in ``autograder.sandbox.levels`` extends the class here with
what the grader asks of a level, so that one class answers everything about its level.
"""

import os
import signal
from typing import TYPE_CHECKING, Dict, Optional

from .isolation import WORKSPACE_BYTES, WORKSPACE_MOUNT, isolate
from .kernel import MS_NODEV, MS_NOSUID, PR_SET_CHILD_SUBREAPER, list_children_of
from .protocol import IsolationLevel

if TYPE_CHECKING:
    from .state import ServerState

# (the server's pid, its parent's) inside bwrap's pid namespace: pid 1 itself where bwrap
# knows --as-pid-1, so that no other process of the sandbox holds the control pipes (bwrap's
# init keeps its standard streams, the pipes, open, and a child of the same uid could open
# them through /proc/1/fd), and no child can stop the server (pid 1 gets no signal it does not
# handle from inside its namespace); else pid 2, below bwrap's init.
BWRAP_SERVER_PIDS = ((1, 0), (2, 1))
# bwrap's pid 1: its init, or the server itself (--as-pid-1); the run's processes descend
# from it either way.
BWRAP_INIT_PID = 1


class ServerLevel:
    """The server's side of an isolation level below bwrap: its set-up, where a run's
    processes are counted from, and how they are killed.

    Below bwrap the server is a subreaper, so every process a run leaves behind is, or
    becomes, one of its children: none left means none at all.
    """

    value = IsolationLevel.RLIMITS

    def enter(self, server: "ServerState") -> None:
        """Enter the level's isolation, the first step of the server's set-up.

        Raises:
            OSError: the isolation cannot be had here.
        """
        # Orphans of a run then come back to the server, which can kill them.
        server.kernel.prctl(PR_SET_CHILD_SUBREAPER, 1)

    def make_workspace(self, server: "ServerState", path: str) -> None:
        """Make ``path`` (run/ or tmp/, made already) ready to hold a run's files."""

    def usage_root(self) -> int:
        """Return the process the run's processes descend from (see ``usage.RunUsage``)."""
        return os.getpid()

    def signal_leftovers(self, server: "ServerState", child_pid: Optional[int]) -> bool:
        """SIGKILL the run's processes as the level allows; return whether some may remain.

        With a uid of their own (unprivileged, and rlimits as root): every process of that
        uid; else the child's process group.
        """
        if server.uid is not None:
            server.kill_sandbox_uid()
        elif child_pid is not None:
            try:
                os.killpg(child_pid, signal.SIGKILL)
            except OSError:
                pass
        return _has_children()


class BwrapServer(ServerLevel):
    """bwrap: the server is pid 1 (or 2) of a pid namespace of its own, in a box that is a
    capped tmpfs already; kill(-1) there ends every process but the server."""

    value = IsolationLevel.BWRAP

    def enter(self, server: "ServerState") -> None:
        """Check that the server is in a private pid namespace (see BWRAP_SERVER_PIDS).

        Raises:
            OSError: it is not: kill(-1) would then reach the machine.
        """
        if (os.getpid(), os.getppid()) not in BWRAP_SERVER_PIDS:
            raise OSError("the server is not in a private pid namespace")

    def usage_root(self) -> int:
        """Return bwrap's pid 1: below bwrap's init, a run's orphans are adopted by it."""
        return BWRAP_INIT_PID

    def signal_leftovers(self, server: "ServerState", child_pid: Optional[int]) -> bool:
        """SIGKILL every process of the pid namespace but the server (and bwrap's init)."""
        try:
            os.kill(-1, signal.SIGKILL)
        except ProcessLookupError:
            return False
        return True


class UnprivilegedServer(ServerLevel):
    """unprivileged: the server, as root, builds a new root and namespaces (see
    ``isolation``) and gives each run's folders a capped tmpfs."""

    value = IsolationLevel.UNPRIVILEGED

    def enter(self, server: "ServerState") -> None:
        """Enter the namespaces and the new root the configuration plans, then subreap.

        Raises:
            OSError: a namespace or mount is refused.
        """
        isolate(server.kernel, server.isolation)
        super().enter(server)

    def make_workspace(self, server: "ServerState", path: str) -> None:
        """Mount a capped tmpfs owned by the children's uid at ``path``."""
        server.kernel.mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV,
                            WORKSPACE_MOUNT.format(uid=server.uid, size=WORKSPACE_BYTES))


class RlimitsServer(ServerLevel):
    """rlimits: no namespace; the run's process group, its uid as root, and every child of
    the server are killed."""

    value = IsolationLevel.RLIMITS

    def signal_leftovers(self, server: "ServerState", child_pid: Optional[int]) -> bool:
        """Do what every level below bwrap does, then kill every child of the server."""
        if not super().signal_leftovers(server, child_pid):
            return False
        for pid in list_children_of(os.getpid()):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        return True


SERVER_LEVELS: Dict[IsolationLevel, type] = {
    level.value: level for level in (BwrapServer, UnprivilegedServer, RlimitsServer)}


def server_level(value: IsolationLevel) -> ServerLevel:
    """Return the server's side of the isolation level ``value``."""
    return SERVER_LEVELS[value]()


def _has_children() -> bool:
    """Return whether this process has any child, alive or not yet reaped (none is reaped)."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False
    return True
