"""Host-side helpers for ``autograder.sandbox``: interpreter, bwrap, pids cgroup, uids.

Everything here runs in the grading process and prepares what the fork server
(``_sandbox_server.py``) needs before it starts: which installation trees the
sandbox's interpreter needs and which site-packages to hide, the bubblewrap
command line, a pids cgroup capping the number of processes (the one cap that
also holds for uid 0), and an unprivileged uid reserved for one sandbox.

Failures raise OSError (or return None where a helper is optional);
``sandbox.py`` turns them into its own errors or a weaker plan.
"""

import errno
import fcntl
import functools
import glob
import json
import os
import signal
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from ._sandbox_server import SCRATCH_BYTES, WORKSPACE_BYTES

SANDBOX_DIR_INSIDE = "/sandbox"
# Where the server's file (its source, or its bytecode) is shown inside bwrap.
SERVER_DIR_INSIDE = "/run/sandbox"
SANDBOX_UID = 1000
SANDBOX_USER = "student"
# System trees bound read-only (or recreated as symlinks) inside bwrap.
SYSTEM_TREES = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# The few /etc files programs expect; the rest of /etc stays hidden (bwrap and unprivileged).
ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
             "/etc/alternatives", "/etc/nsswitch.conf", "/etc/mime.types")
# The system Pythons' package folders: the grader may be installed there too.
SYSTEM_SITE_PATTERNS = ("/usr/lib/python3*/site-packages", "/usr/lib/python3*/dist-packages",
                        "/usr/local/lib/python3*/site-packages",
                        "/usr/local/lib/python3*/dist-packages")
# World-writable directories the unprivileged level replaces with private ones.
PRIVATE_DIRS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")
# Unprivileged uids handed to concurrent sandboxes: far above human and system
# accounts and systemd's dynamic users.
UID_BASE = 1_900_000_000
UID_SLOTS = 4096
UID_LOCK_DIR = "autograder-sandbox-uids"
KILL_LIMIT_S = 2.0
KILL_PAUSE_S = 0.001
CGROUP_ROOTS = ("/sys/fs/cgroup/pids", "/sys/fs/cgroup")
# How a process joins a cgroup before it starts a command: the shell writes 0 (itself) to
# the cgroup.procs file given as $0, then execs the command ("$@"), which stays in.
SHELL = "/bin/sh"
JOIN_AND_EXEC = 'printf 0 > "$0" && exec "$@"'
QUERY_TIMEOUT_S = 30
LAYOUT_QUERY = """
import json, os, site, sys, sysconfig
paths = sysconfig.get_paths()
sites = [paths["purelib"], paths["platlib"], site.getusersitepackages()]
sites += site.getsitepackages()
print(json.dumps({
    "executable": os.path.realpath(sys.executable),
    "roots": [sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix],
    "sites": sites, "version": list(sys.version_info[:2])}))
"""


@dataclass(frozen=True)
class PythonLayout:
    """Where an interpreter lives.

    Attributes:
        executable: real path of the interpreter binary.
        roots: installation trees the interpreter needs (prefixes), outermost first.
        site_dirs: existing site-packages directories, the interpreter's and the
            system Pythons', hidden from submissions.
        version: (major, minor).
    """

    executable: str
    roots: Tuple[str, ...]
    site_dirs: Tuple[str, ...]
    version: Tuple[int, int]


class LayoutQuestion:
    """The question :func:`python_layout` asks an interpreter: started when made, answered
    when asked for."""

    def __init__(self, python: str) -> None:
        """Start the interpreter at ``python`` on the question.

        Raises:
            OSError: the interpreter cannot be run.
        """
        self.python = python
        self._process = subprocess.Popen(
            [python, "-I", "-S", "-c", LAYOUT_QUERY], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env={"LANG": "C.UTF-8"})

    def answer(self) -> PythonLayout:
        """Wait for the interpreter's answer and return the layout it describes.

        Raises:
            OSError: the interpreter failed, or gave no answer within QUERY_TIMEOUT_S.
        """
        try:
            stdout, stderr = self._process.communicate(timeout=QUERY_TIMEOUT_S)
            if self._process.returncode:
                raise subprocess.CalledProcessError(self._process.returncode, self.python,
                                                    stdout, stderr)
            facts = json.loads(stdout.decode("utf-8"))
        except (subprocess.SubprocessError, ValueError) as exc:
            self._process.kill()
            self._process.wait()
            raise OSError("cannot query the interpreter {}: {}".format(self.python, exc)) from exc
        roots = sorted({os.path.realpath(root) for root in facts["roots"]}, key=len)
        candidates = list(facts["sites"])
        for pattern in SYSTEM_SITE_PATTERNS:
            candidates += glob.glob(pattern)
        sites = sorted({os.path.realpath(path) for path in candidates if os.path.isdir(path)})
        return PythonLayout(facts["executable"], tuple(roots), tuple(sites),
                            (facts["version"][0], facts["version"][1]))


# Questions asked ahead (ask_python_layout) that python_layout has not collected yet.
_QUESTIONS_AHEAD: Dict[str, LayoutQuestion] = {}


def ask_python_layout(python: str) -> None:
    """Start asking the interpreter at ``python`` for its layout, without waiting: a new
    interpreter takes tens of milliseconds to answer, time the caller can spend on something
    else, and :func:`python_layout` collects the answer. (If it cannot even be started,
    python_layout asks again and says what is wrong.)"""
    if python not in _QUESTIONS_AHEAD:
        try:
            _QUESTIONS_AHEAD[python] = LayoutQuestion(python)
        except OSError:
            pass


@functools.lru_cache(maxsize=None)
def python_layout(python: str) -> PythonLayout:
    """Ask the interpreter at ``python`` where its installation lives (cached per path),
    or collect the answer to the question :func:`ask_python_layout` asked it.

    Raises:
        OSError: the interpreter cannot be run or gives no answer.
    """
    question = _QUESTIONS_AHEAD.pop(python, None) or LayoutQuestion(python)
    return question.answer()


def is_inside(path: str, root: str) -> bool:
    """Return whether ``path`` is ``root`` or lies inside it."""
    return path == root or path.startswith(root.rstrip("/") + "/")


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
        server_file: the host path of ``_sandbox_server.py``, or of its bytecode.
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
    package_home = str(Path(__file__).resolve().parent.parent)
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


def server_environment() -> Dict[str, str]:
    """Return the fork server's whole environment (PYTHONHASHSEED=0 is inherited by calls)."""
    return {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8"}
