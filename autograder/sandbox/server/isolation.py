"""The unprivileged level's view of the machine, built by the server as root."""

import os
from typing import Any, Dict

from .files import DIR_MODE
from .kernel import (CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWUTS, MS_BIND, MS_NODEV,
                     MS_NOEXEC, MS_NOSUID, MS_PRIVATE, MS_RDONLY, MS_REC, MS_REMOUNT, Kernel)

SANDBOX_HOSTNAME = "sandbox"
# The working copy and TMPDIR of a run, and the private /tmp-like directories,
# live in memory (tmpfs) where the level allows: these caps keep a submission
# from filling the machine's memory with files.
WORKSPACE_BYTES = 256 << 20
SCRATCH_BYTES = 64 << 20
HIDE_MOUNT = "mode=0755,size=1m"
PRIVATE_MOUNT = "mode=1777,size={}".format(SCRATCH_BYTES)
WORKSPACE_MOUNT = "mode=0700,uid={uid},gid={uid},size={size}"
PROC_MOUNT = "hidepid=2"
# The unprivileged level's new root: only mount points and a few links live in it.
ROOT_MOUNT = "mode=0755,size=1m"
PTS_MOUNT = "newinstance,ptmxmode=0666,mode=0620"
# The sandbox's own passwd and group (written by the grader into box/etc).
USER_FILES = ("passwd", "group")
# The devices children may use, bound from the machine's /dev, and /dev's usual links.
DEVICES = ("null", "zero", "full", "random", "urandom", "tty")
DEV_LINKS = (("fd", "/proc/self/fd"), ("stdin", "/proc/self/fd/0"),
             ("stdout", "/proc/self/fd/1"), ("stderr", "/proc/self/fd/2"))



def isolate(kernel: Kernel, plan: Dict[str, Any]) -> None:
    """Enter new mount, network, IPC and UTS namespaces and a root holding only the plan.

    The plan (``sandbox_host.unprivileged_view``) names the trees shown at their
    host paths; the new root is a small tmpfs they are bound into, and the server
    chroots there.  A chroot is enough because the children are never root and
    hold no capability, so they cannot leave it; nothing of the old root is
    mounted inside the new one.
    """

    kernel.unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS)
    kernel.mount(None, "/", None, MS_REC | MS_PRIVATE)
    import socket
    socket.sethostname(SANDBOX_HOSTNAME)
    new_root = plan["root"]
    os.makedirs(new_root, DIR_MODE, exist_ok=True)
    kernel.mount("tmpfs", new_root, "tmpfs", MS_NOSUID | MS_NODEV, ROOT_MOUNT)

    def inside(path: str) -> str:
        return new_root + path

    for tree in plan["trees"]:
        if os.path.islink(tree):
            os.symlink(os.readlink(tree), inside(tree))
        elif os.path.isdir(tree):
            _bind(kernel, tree, inside(tree), read_only=True)
    os.makedirs(inside("/etc"), DIR_MODE, exist_ok=True)
    for path in plan["etc"]:
        if os.path.exists(path):
            _bind(kernel, path, inside(path), read_only=True)
    for name in USER_FILES:
        _bind(kernel, os.path.join(plan["users"], name), inside("/etc/" + name), read_only=True)
    for root in plan["roots"]:
        _bind(kernel, root, inside(root), read_only=True)
    for path in plan["hide"]:
        if os.path.isdir(inside(path)):
            kernel.mount("tmpfs", inside(path), "tmpfs", MS_NOSUID | MS_NODEV,
                              HIDE_MOUNT)
    _make_dev(kernel, inside("/dev"))
    for path in plan["private"]:
        os.makedirs(inside(path), DIR_MODE, exist_ok=True)
        kernel.mount("tmpfs", inside(path), "tmpfs", MS_NOSUID | MS_NODEV,
                          PRIVATE_MOUNT)
    # The box comes last: it may lie inside a private folder such as /tmp.
    _bind(kernel, plan["box"], inside(plan["box"]), read_only=False)
    os.makedirs(inside("/proc"), DIR_MODE, exist_ok=True)
    kernel.mount("proc", inside("/proc"), "proc", MS_NOSUID | MS_NODEV, PROC_MOUNT)
    os.chroot(new_root)
    os.chdir("/")

def _bind(kernel: Kernel, source: str, target: str, read_only: bool) -> None:
    """Show ``source`` (a file or a tree) at ``target`` inside the new root."""
    if os.path.isdir(source):
        os.makedirs(target, DIR_MODE, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), DIR_MODE, exist_ok=True)
        open(target, "ab").close()
    kernel.mount(source, target, None, MS_BIND | MS_REC)
    if read_only:
        kernel.mount(None, target, None, MS_BIND | MS_REMOUNT | MS_RDONLY)

def _make_dev(kernel: Kernel, dev: str) -> None:
    """Make a minimal /dev at ``dev``: the harmless devices, its own ptys and shm."""
    os.makedirs(dev, DIR_MODE, exist_ok=True)
    kernel.mount("tmpfs", dev, "tmpfs", MS_NOSUID, HIDE_MOUNT)
    for name in DEVICES:
        if os.path.exists("/dev/" + name):
            _bind(kernel, "/dev/" + name, os.path.join(dev, name), read_only=False)
    os.makedirs(os.path.join(dev, "pts"), DIR_MODE)
    try:
        # A pty namespace of its own: no child can open the machine's terminals.
        kernel.mount("devpts", os.path.join(dev, "pts"), "devpts",
                          MS_NOSUID | MS_NOEXEC, PTS_MOUNT)
        os.symlink("pts/ptmx", os.path.join(dev, "ptmx"))
    except OSError:
        _bind(kernel, "/dev/pts", os.path.join(dev, "pts"), read_only=False)
        _bind(kernel, "/dev/ptmx", os.path.join(dev, "ptmx"), read_only=False)
    for name, target in DEV_LINKS:
        os.symlink(target, os.path.join(dev, name))

