"""Capping and killing a sandbox's processes: a pids cgroup, a reserved uid."""

import errno
import fcntl
import glob
import os
import signal
import tempfile
import time
import uuid
from typing import List, Optional


# Unprivileged uids handed to concurrent sandboxes: far above human and system
# accounts and systemd's dynamic users.
UID_BASE = 1_900_000_000
UID_SLOTS = 4096
UID_LOCK_DIR = "autograder-sandbox-uids"
# How long the grader keeps killing a sandbox's processes before it gives up. A killed
# process needs a CPU to exit, and on a busy machine hundreds of them (a fork bomb's) take
# seconds; the loops end as soon as none is left, so only a process that cannot die waits
# this long.
KILL_LIMIT_S = 30.0
KILL_PAUSE_S = 0.001
CGROUP_ROOTS = ("/sys/fs/cgroup/pids", "/sys/fs/cgroup")
# How a process joins a cgroup before it starts a command: the shell writes 0 (itself) to
# the cgroup.procs file given as $0, then execs the command ("$@"), which stays in.
SHELL = "/bin/sh"
JOIN_AND_EXEC = 'printf 0 > "$0" && exec "$@"'



class PidsCgroup:
    """A pids cgroup (v1 or v2) of one sandbox: caps its tasks and counts refused forks."""

    def __init__(self, path: str) -> None:
        """Wrap the existing cgroup directory ``path``."""
        self.path = path

    @classmethod
    def create(cls) -> Optional["PidsCgroup"]:
        """Create a fresh pids cgroup, or return None if this process cannot (not root, no pids)."""
        if not hasattr(os, "geteuid") or os.geteuid() != 0:
            return None
        for root in CGROUP_ROOTS:
            controllers = os.path.join(root, "cgroup.subtree_control")
            if root == "/sys/fs/cgroup" and not _file_mentions(controllers, "pids"):
                continue
            path = os.path.join(root, cls._prefix(os.getpid()) + uuid.uuid4().hex[:12])
            try:
                os.mkdir(path)
            except OSError:
                continue
            if os.path.exists(os.path.join(path, "pids.max")):
                return cls(path)
            os.rmdir(path)
        return None

    @classmethod
    def remove_leftovers(cls, pid: int) -> None:
        """Kill what is left in the cgroups process ``pid`` created, and delete them (for a
        process that was killed before it could)."""
        for root in CGROUP_ROOTS:
            for path in glob.glob(os.path.join(root, glob.escape(cls._prefix(pid)) + "*")):
                cls(path).remove()

    @staticmethod
    def _prefix(pid: int) -> str:
        """Return how the names of the cgroups process ``pid`` creates begin."""
        return "autograder-{}-".format(pid)

    def joining(self, command: List[str]) -> List[str]:
        """Return ``command`` run so that its process joins the cgroup before it starts
        (a shell moves itself in, writing 0 to cgroup.procs, then becomes the command)."""
        return [SHELL, "-c", JOIN_AND_EXEC, os.path.join(self.path, "cgroup.procs")] + command

    def limit(self, extra_tasks: int) -> None:
        """Allow ``extra_tasks`` tasks beyond those in the cgroup now."""
        current = int(self._read("pids.current"))
        self._write("pids.max", str(current + extra_tasks))

    def refusals(self) -> int:
        """Return how many forks the cgroup has refused so far."""
        for line in self._read("pids.events").splitlines():
            name, _, count = line.partition(" ")
            if name == "max":
                return int(count)
        return 0

    def kill_all(self) -> bool:
        """SIGKILL every process in the cgroup until it is empty; return whether it is."""
        give_up = time.monotonic() + KILL_LIMIT_S
        while time.monotonic() < give_up:
            pids = [int(pid) for pid in self._read("cgroup.procs").split()]
            if not pids:
                return True
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(KILL_PAUSE_S)
        return False

    def remove(self) -> None:
        """Kill what is left in the cgroup and delete it (waiting a little while tasks just
        killed are not reaped yet: until then the cgroup cannot be deleted)."""
        self.kill_all()
        give_up = time.monotonic() + KILL_LIMIT_S
        while True:
            try:
                os.rmdir(self.path)
                return
            except OSError as exc:
                if exc.errno != errno.EBUSY or time.monotonic() > give_up:
                    return
            time.sleep(KILL_PAUSE_S)

    def _read(self, name: str) -> str:
        """Return the text of the cgroup file ``name``."""
        with open(os.path.join(self.path, name), encoding="ascii") as handle:
            return handle.read()

    def _write(self, name: str, value: str) -> None:
        """Write ``value`` to the cgroup file ``name``."""
        with open(os.path.join(self.path, name), "w", encoding="ascii") as handle:
            handle.write(value)


def _file_mentions(path: str, word: str) -> bool:
    """Return whether the text file ``path`` exists and contains ``word`` as a word."""
    try:
        with open(path, encoding="ascii") as handle:
            return word in handle.read().split()
    except OSError:
        return False


class UidSlot:
    """An unprivileged uid reserved for one sandbox for as long as its lock file is held."""

    def __init__(self, uid: int, lock_fd: int) -> None:
        """Hold ``uid`` through the locked descriptor ``lock_fd``."""
        self.uid = uid
        self._lock_fd = lock_fd

    @classmethod
    def acquire(cls) -> "UidSlot":
        """Reserve a uid no other sandbox on this machine holds, killing its stale processes.

        Raises:
            OSError: the lock directory is unsafe or every slot is taken.
        """
        lock_dir = os.path.join(tempfile.gettempdir(), UID_LOCK_DIR)
        os.makedirs(lock_dir, 0o700, exist_ok=True)
        info = os.lstat(lock_dir)
        if info.st_uid != 0 or not os.path.isdir(lock_dir) or os.path.islink(lock_dir):
            raise OSError("unsafe uid lock directory {}".format(lock_dir))
        start = (os.getpid() * 7919 + int(time.monotonic() * 1000)) % UID_SLOTS
        for step in range(UID_SLOTS):
            slot = (start + step) % UID_SLOTS
            fd = os.open(os.path.join(lock_dir, str(slot)),
                         os.O_CREAT | os.O_RDWR | os.O_NOFOLLOW, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                continue
            reserved = cls(UID_BASE + slot, fd)
            reserved.kill_processes()
            return reserved
        raise OSError("all {} sandbox uids are in use".format(UID_SLOTS))

    def kill_processes(self) -> None:
        """SIGKILL every process running as this uid, from a forked helper that takes the uid."""
        pid = os.fork()
        if pid == 0:
            _kill_as(self.uid)
        os.waitpid(pid, 0)

    def release(self) -> None:
        """Kill the uid's processes and give the slot back."""
        self.kill_processes()
        os.close(self._lock_fd)


def _kill_as(uid: int) -> None:
    """In a forked helper: become ``uid``, then SIGKILL its processes until none is left.

    kill(-1) reaches every process the caller may signal, so the helper checks
    that it really is ``uid`` first: as root it would reach the whole machine.
    kill(-1) also succeeds while only other users' processes exist, hence /proc
    tells when the uid has none left.
    """
    status = 1
    try:
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        if os.getuid() == uid and os.geteuid() == uid:
            give_up = time.monotonic() + KILL_LIMIT_S
            while processes_of(uid) and time.monotonic() < give_up:
                os.kill(-1, signal.SIGKILL)
                time.sleep(KILL_PAUSE_S)
            status = 0
    except BaseException:  # the helper must never return into the grader
        status = 1
    os._exit(status)


def processes_of(uid: int) -> List[int]:
    """Return the pids (other than this process) whose real, effective or saved uid is ``uid``."""
    found = []
    me = os.getpid()
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        try:
            with open("/proc/{}/status".format(name), encoding="ascii", errors="replace") as status:
                for line in status:
                    if line.startswith("Uid:"):
                        if str(uid) in line.split()[1:4]:
                            found.append(int(name))
                        break
        except OSError:
            continue
    return found

