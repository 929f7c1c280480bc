"""The bwrap level: bubblewrap starts the server in namespaces of its own, pid 1 included."""

import functools
import os
import subprocess
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from ..layout import ETC_FILES, QUERY_TIMEOUT_S, SYSTEM_TREES, PythonLayout, is_inside
from ..boxes import ram_box_parent
from ..processes import UidSlot
from ..server.isolation import SCRATCH_BYTES, WORKSPACE_BYTES
from ..server.levels import BwrapServer
from ..server.protocol import Config
from .base import Level

SANDBOX_DIR_INSIDE = "/sandbox"
# Where the server's bundle is shown inside bwrap.
SERVER_DIR_INSIDE = "/run/sandbox"
SANDBOX_UID = 1000
SANDBOX_USER = "student"
# Inside bwrap, bwrap's own init and the server count against the children's uid.
BWRAP_OWN_TASKS = 2
# What the server wipes after each run besides its box: bwrap's own private folders.
BWRAP_WIPED: Tuple[Tuple[str, List[str]], ...] = (("/tmp", []), ("/dev/shm", []))


def find_bwrap() -> Optional[str]:
    """Return the path of the bubblewrap binary, or None if it is not installed."""
    from shutil import which
    return which("bwrap")


@functools.lru_cache(maxsize=None)
def bwrap_options(bwrap: str) -> frozenset:
    """Return the long options this bwrap understands (read from its --help)."""
    try:
        text = subprocess.run([bwrap, "--help"], capture_output=True, timeout=QUERY_TIMEOUT_S,
                              check=False).stdout.decode("utf-8", "replace")
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    return frozenset(word for word in text.split() if word.startswith("--"))


def bwrap_command(bwrap: str, layout: PythonLayout, box: str, server_file: str,
                  privileged: bool) -> List[str]:
    """Return the bwrap command that starts the fork server in a fresh sandbox.

    The sandbox gets new user, pid, network, IPC, UTS and cgroup namespaces;
    it sees the system trees and the interpreter read-only (site-packages
    covered by empty tmpfs), a few /etc files, its own /proc, /dev and /tmp,
    and at /sandbox a size-capped tmpfs holding ``box``'s pristine/, bin/ and
    etc/ read-only (the server makes run/ and tmp/ there).

    Args:
        bwrap: the bwrap binary.
        layout: the interpreter to show.
        box: the host directory shown at /sandbox.
        server_file: the host path of the server's bundle (see ``bytecode.server_bundle``).
        privileged: bwrap runs as root (capabilities are then dropped explicitly).
    """
    known = bwrap_options(bwrap)
    command = [bwrap, "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc",
               "--unshare-uts", "--unshare-cgroup-try", "--die-with-parent", "--new-session",
               "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_UID), "--hostname", "sandbox"]
    if "--disable-userns" in known:
        command.append("--disable-userns")
    if "--as-pid-1" in known:
        # The server is the sandbox's pid 1: bwrap's own init would keep the control pipes
        # (its standard streams) open where a child of the same uid could open them, and a
        # child cannot stop pid 1 (issue 34).
        command.append("--as-pid-1")
    if privileged:
        command += ["--cap-drop", "ALL"]
    for tree in SYSTEM_TREES:
        if os.path.islink(tree):
            command += ["--symlink", os.readlink(tree), tree]
        elif os.path.isdir(tree):
            command += ["--ro-bind", tree, tree]
    command += ["--dir", "/etc"]
    for path in ETC_FILES:
        command += ["--ro-bind-try", path, path]
    for name in ("passwd", "group"):
        command += ["--ro-bind", os.path.join(box, "etc", name), "/etc/" + name]
    shown = [tree for tree in SYSTEM_TREES if os.path.isdir(tree)]
    for root in layout.roots:
        if not any(is_inside(root, tree) for tree in shown):
            command += ["--ro-bind", root, root]
            shown.append(root)
    for site_dir in layout.site_dirs:
        if any(is_inside(site_dir, tree) for tree in shown):
            command += ["--tmpfs", site_dir]
    command += ["--proc", "/proc", "--dev", "/dev"]
    sized = "--size" in known
    for path, size in (("/tmp", SCRATCH_BYTES), ("/dev/shm", SCRATCH_BYTES),
                       (SANDBOX_DIR_INSIDE, WORKSPACE_BYTES)):
        command += (["--size", str(size)] if sized else []) + ["--tmpfs", path]
    for name in ("pristine", "bin", "etc"):
        command += ["--ro-bind", os.path.join(box, name), SANDBOX_DIR_INSIDE + "/" + name]
    server_inside = SERVER_DIR_INSIDE + "/" + os.path.basename(server_file)
    command += ["--ro-bind", server_file, server_inside, "--chdir", SANDBOX_DIR_INSIDE,
                "--remount-ro", "/", layout.executable, "-s", "-B", server_inside]
    return command


def write_user_files(etc_dir: str, uid: int) -> None:
    """Write the passwd and group files the bwrap sandbox shows in /etc."""
    os.makedirs(etc_dir, 0o755, exist_ok=True)
    home = SANDBOX_DIR_INSIDE + "/run"
    entries = {
        "passwd": "root:x:0:0:root:/root:/bin/sh\n{user}:x:{uid}:{uid}::{home}:/bin/sh\n"
                  "nobody:x:65534:65534:nobody:/nonexistent:/bin/false\n",
        "group": "root:x:0:\n{user}:x:{uid}:\nnogroup:x:65534:\n",
    }
    for name, template in entries.items():
        with open(os.path.join(etc_dir, name), "w", encoding="utf-8") as handle:
            handle.write(template.format(user=SANDBOX_USER, uid=uid, home=home))


class Bwrap(Level, BwrapServer):
    """bubblewrap with new user, pid, network, IPC, UTS and cgroup namespaces: the children
    see /usr and the library trees read-only, the interpreter read-only with its
    site-packages covered, a handful of /etc files, their own /proc, /dev and /tmp, and
    /sandbox (pristine/ read-only; run/, the working copy, and tmp/, TMPDIR); nothing else
    of the machine. Every writable place is a size-capped tmpfs."""

    value = BwrapServer.value

    def missing(self) -> Optional[str]:
        """Return why the level cannot be had: bubblewrap is not installed."""
        return None if find_bwrap() is not None else "bubblewrap (bwrap) is not installed"

    def reserve_uid(self, root: bool, capped: bool) -> Tuple[Optional[UidSlot], Optional[int]]:
        """As root without a pids cgroup, reserve a uid for bwrap itself to run as, so that
        RLIMIT_NPROC binds (it does not bind uid 0)."""
        if not root or capped:
            return None, None
        slot = UidSlot.acquire()
        return slot, slot.uid

    def process_cap(self, processes: int, root: bool) -> Tuple[int, bool]:
        """Return ``processes`` plus bwrap's own tasks, which count against the uid."""
        return processes + BWRAP_OWN_TASKS, False

    def box_parent(self, sources: Sequence[Path]) -> Optional[str]:
        """Return a folder in memory where the box fits (see ``boxes.ram_box_parent``)."""
        return ram_box_parent(sources)

    def command(self, layout: PythonLayout, box: str, server: str,
                bwrap_uid: Optional[int]) -> List[str]:
        """Return the bwrap command (see :func:`bwrap_command`)."""
        bwrap = find_bwrap()
        assert bwrap is not None, "checked by missing()"
        return bwrap_command(bwrap, layout, box, server, os.geteuid() == 0 and bwrap_uid is None)

    def configure(self, config: Config, layout: PythonLayout, box: str,
                  hide: Tuple[str, ...]) -> None:
        """Name the box as the server sees it inside bwrap, and bwrap's private folders."""
        config.box = SANDBOX_DIR_INSIDE
        config.wipe = list(BWRAP_WIPED)
