"""The unprivileged level: root without bwrap; children as a reserved uid in a new root."""

import os
from pathlib import Path
import sys
from typing import Dict, List, Optional, Tuple

from ..layout import ETC_FILES, SYSTEM_TREES, PythonLayout, is_inside
from ..processes import UidSlot
from ..server.levels import UnprivilegedServer
from ..server.protocol import Config
from .base import Level

# World-writable directories the unprivileged level replaces with private ones.
PRIVATE_DIRS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")


def unprivileged_view(layout: PythonLayout, box: str, extra_hidden: Tuple[str, ...] = ()
                      ) -> Dict[str, object]:
    """Return the plan of the file view the unprivileged level builds for its children.

    The children get a new root holding only what they need, each tree at its host
    path: the system trees and the interpreter's installation read-only (with every
    site-packages, the grader's own package and ``extra_hidden`` covered), the few /etc
    files of :data:`ETC_FILES` plus the sandbox's own passwd and group, a minimal /dev,
    their own /proc, private /tmp-like folders, and ``box``. Nothing else of the
    machine (other checkouts, other students' folders, home directories) is there.

    Args:
        layout: the interpreter the children run.
        box: the sandbox's box folder (pristine/, bin/, etc/, and the run's folders).
        extra_hidden: more folders to cover should they lie inside a shown tree.

    Returns:
        The ``isolation`` part of the fork server's configuration.
    """
    # The folder that holds the grader's own package (autograder/sandbox/levels/ is here).
    package_home = str(Path(__file__).resolve().parents[3])
    shown = [tree for tree in SYSTEM_TREES if os.path.isdir(tree) and not os.path.islink(tree)]
    roots = [root for root in layout.roots if not any(is_inside(root, tree) for tree in shown)]
    needed = list(layout.roots) + [os.path.dirname(layout.executable)]
    hidden = [path for path in list(layout.site_dirs) + [package_home] + list(extra_hidden)
              if os.path.isdir(path)
              and not any(is_inside(keep, path) for keep in needed)]
    return {
        "root": os.path.join(os.path.dirname(box), "root"),
        "trees": list(SYSTEM_TREES), "etc": list(ETC_FILES),
        "users": os.path.join(box, "etc"), "roots": roots, "hide": sorted(set(hidden)),
        "private": list(PRIVATE_DIRS), "box": box,
    }


def private_dir_plan(box: str) -> List[Tuple[str, List[str]]]:
    """Return (private directory, names to keep) pairs: emptied after every run.

    The unprivileged view makes every one of :data:`PRIVATE_DIRS`, whether or not the
    machine has it, so each is wiped.
    """
    plan = []
    for path in PRIVATE_DIRS:
        keep = [os.path.relpath(box, path).split(os.sep)[0]] if is_inside(box, path) else []
        plan.append((path, keep))
    return plan


class Unprivileged(Level, UnprivilegedServer):
    """Root without bwrap: children run as a uid reserved for this sandbox, in new mount,
    network, IPC and UTS namespaces, chrooted into a root that holds only what they need,
    each at its host path (see :func:`unprivileged_view`); every writable place is a
    size-capped tmpfs, and every process of the uid is killed after each run."""

    value = UnprivilegedServer.value
    caveat = ("bubblewrap is not installed: no user or pid namespace, so a kernel "
              "flaw is closer to reach than under bwrap")

    def missing(self) -> Optional[str]:
        """Return why the level cannot be had: it needs root on Linux."""
        if not (sys.platform.startswith("linux") and os.geteuid() == 0):
            return "the unprivileged level needs root on Linux"
        return None

    def reserve_uid(self, root: bool, capped: bool) -> Tuple[Optional[UidSlot], Optional[int]]:
        """Reserve the children's uid (the level runs as root only)."""
        return UidSlot.acquire(), None

    def configure(self, config: Config, layout: PythonLayout, box: str,
                  hide: Tuple[str, ...]) -> None:
        """Add the file view the server builds, and the private folders it wipes."""
        config.isolation = unprivileged_view(layout, box, hide)
        config.wipe = private_dir_plan(box)
