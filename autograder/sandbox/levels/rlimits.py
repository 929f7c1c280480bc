"""The rlimits level: rlimits, an own session and a subreaper, on any machine."""

import os
import stat
from typing import Optional, Tuple

from ..layout import PythonLayout, python_layout
from ..processes import UidSlot
from ..server.levels import RlimitsServer
from .base import Level, is_root

# Where a system interpreter of the same version is looked for when the grader's own is
# out of other users' reach (the rlimits level as root).
SYSTEM_PYTHON_DIRS = ("/usr/bin", "/usr/local/bin")


class Rlimits(Level, RlimitsServer):
    """No namespaces: rlimits and an own session only. As root the children take a reserved
    uid (never uid 0), and every process of it is killed after each run; the server is a
    subreaper, so the run's process group and every orphan it left are killed. Nothing is
    hidden, the network is open, and the submission may write wherever its user may."""

    caveat = ("no namespaces: the submission can read what its user may read, reach the "
              "network and fill the machine's shared folders (/tmp, /dev/shm) past its "
              "limits; install bubblewrap for real isolation")
    tried = False

    def interpreter(self, layout: PythonLayout) -> PythonLayout:
        """Return ``layout``, or as root an interpreter the children's uid can reach.

        Raises:
            OSError: as root, there is no such interpreter.
        """
        if not is_root():
            return layout
        return python_layout(python_for_others(layout))

    def reserve_uid(self, root: bool, capped: bool) -> Tuple[Optional[UidSlot], Optional[int]]:
        """Reserve a uid for the children as root: student code never runs as root."""
        return (UidSlot.acquire() if root else None), None

    def process_cap(self, processes: int, root: bool) -> Tuple[int, bool]:
        """Return ``processes``; without root RLIMIT_NPROC counts all of the user's
        processes, so the server adds the number it finds running when it starts."""
        return processes, not root


def python_for_others(layout: PythonLayout) -> str:
    """Return an interpreter of ``layout``'s version that any user can run: its own, or
    the system's (one under /root is out of an unprivileged uid's reach).

    Raises:
        OSError: there is none, so student code could only run as root; it never does.
    """
    candidates = [layout.executable] + [
        os.path.realpath(os.path.join(folder, "python{}.{}".format(*layout.version)))
        for folder in SYSTEM_PYTHON_DIRS]
    for candidate in candidates:
        if not (os.path.isfile(candidate) and _others_can_reach(candidate)):
            continue
        roots = layout.roots if candidate == layout.executable else python_layout(candidate).roots
        if all(_others_can_reach(root) for root in roots):
            return candidate
    raise OSError("the rlimits level would run student code as root: no Python {}.{} that "
                  "other users can run was found (install bubblewrap, or Python outside "
                  "/root)".format(*layout.version))


def _others_can_reach(path: str) -> bool:
    """Return whether a user other than the owner can reach ``path`` (every folder above
    it searchable by others) and use it (read, and run if it is a program)."""
    folder = os.path.dirname(path)
    while folder not in ("/", ""):
        if not os.stat(folder).st_mode & stat.S_IXOTH:
            return False
        folder = os.path.dirname(folder)
    mode = os.stat(path).st_mode
    return bool(mode & (stat.S_IXOTH if os.path.isdir(path) or os.access(path, os.X_OK)
                        else stat.S_IROTH))
