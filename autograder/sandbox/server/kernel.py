"""The Linux calls the server makes through libc (prctl, unshare, mount, seccomp, IPC), and
the pidfds both ends wait on a process with."""

import errno
import os
import struct
import sys
from typing import Any, List, Optional, Tuple


PR_SET_PDEATHSIG = 1
PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38
CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWNET = 0x40000000
IPC_RMID = 0
# /proc/sysvipc table -> (the column naming each object's id, the call that removes it).
IPC_KINDS = {"shm": ("shmid", "shmctl"), "sem": ("semid", "semctl"), "msg": ("msqid", "msgctl")}
# seccomp: a filter that makes the System V IPC "get" calls fail with EPERM. Their objects
# (shared memory, semaphore sets, message queues) hold kernel memory that no rlimit of the run
# counts, up to many GiB, and no game needs them (POSIX shared memory is a file in the
# box's capped /dev/shm instead). The numbers are per architecture: (audit arch, shmget,
# semget, msgget). On x86_64 the x32 calls (numbers from 0x40000000) are refused as well.
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SYSV_IPC_CALLS = {"x86_64": (0xC000003E, 29, 64, 68), "aarch64": (0xC00000B7, 194, 190, 186)}
X32_CALLS = 0x40000000
BPF_LOAD_WORD, BPF_JUMP_EQUAL, BPF_JUMP_AT_LEAST, BPF_RETURN = 0x20, 0x15, 0x35, 0x06
SECCOMP_DATA_NR, SECCOMP_DATA_ARCH = 0, 4
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
MS_RDONLY = 0x1
MS_NOSUID = 0x2
MS_NODEV = 0x4
MS_REMOUNT = 0x20
MS_NOEXEC = 0x8
MS_BIND = 0x1000
MS_REC = 0x4000
MS_PRIVATE = 1 << 18


class Kernel:
    """Linux calls the standard library lacks (prctl, unshare, mount), made through libc.

    On systems without them (or without ctypes) ``prctl`` does nothing and
    ``unshare`` and ``mount`` raise OSError.
    """

    def __init__(self) -> None:
        """Load libc if this is Linux and ctypes is present."""
        self._libc: Any = None
        if sys.platform.startswith("linux"):
            try:
                import ctypes
                self._libc = ctypes.CDLL(None, use_errno=True)
            except (ImportError, OSError):
                self._libc = None

    def prctl(self, option: int, value: int) -> bool:
        """Call prctl(option, value); return whether it succeeded."""
        if self._libc is None:
            return False
        return self._libc.prctl(option, value, 0, 0, 0) == 0

    def unshare(self, flags: int) -> None:
        """Move this process into new namespaces (CLONE_* ``flags``).

        Raises:
            OSError: the kernel refused.
        """
        self._check(self._libc is not None and self._libc.unshare(flags) == 0, "unshare")

    def mount(self, source: Optional[str], target: str, fstype: Optional[str],
              flags: int, data: Optional[str] = None) -> None:
        """Mount ``source`` on ``target`` (see mount(2)).

        Raises:
            OSError: the kernel refused.
        """
        args = [None if value is None else value.encode() for value in (source, target, fstype)]
        options = None if data is None else data.encode()
        ok = self._libc is not None and self._libc.mount(
            args[0], args[1], args[2], flags, options) == 0
        self._check(ok, "mount {}".format(target))

    def deny_sysv_ipc(self) -> bool:
        """Make shmget, semget and msgget fail with EPERM in this process and every process
        it starts (a seccomp filter; needs no_new_privs set first); return whether the
        filter is in place (False on an architecture or system without it)."""
        calls = SYSV_IPC_CALLS.get(os.uname().machine)
        if self._libc is None or calls is None:
            return False
        import ctypes
        program = _sysv_ipc_filter(*calls)

        class SockFprog(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

        code = ctypes.create_string_buffer(program, len(program))
        fprog = SockFprog(len(program) // BPF_INSTRUCTION_BYTES, ctypes.addressof(code))
        return self._libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER,
                                ctypes.byref(fprog), 0, 0) == 0

    def ipc_remove(self, control: str, ipc_id: int) -> None:
        """Remove one System V IPC object with ``control`` (shmctl, semctl or msgctl);
        errors (it is gone already, it is not ours) are ignored."""
        if self._libc is not None:
            if control == "semctl":
                self._libc.semctl(ipc_id, 0, IPC_RMID)
            else:
                getattr(self._libc, control)(ipc_id, IPC_RMID, None)

    def _check(self, ok: bool, what: str) -> None:
        """Raise OSError with libc's errno unless ``ok``."""
        if not ok:
            import ctypes
            code = ctypes.get_errno() if self._libc is not None else errno.ENOSYS
            raise OSError(code, "{}: {}".format(what, os.strerror(code)))


BPF_INSTRUCTION_BYTES = 8


def _sysv_ipc_filter(arch: int, *denied: int) -> bytes:
    """Return the classic BPF program of :meth:`Kernel.deny_sysv_ipc`: calls of another
    architecture (a 32-bit program) and the ``denied`` call numbers get EPERM, the rest run.
    """
    def op(code: int, k: int, true: int = 0, false: int = 0) -> bytes:
        return struct.pack("=HBBI", code, true, false, k)

    refuse = SECCOMP_RET_ERRNO | errno.EPERM
    # Jumps count the instructions skipped: each check jumps past the checks after it and
    # the allow, to the refusal at the end.
    checks = [op(BPF_JUMP_AT_LEAST, X32_CALLS, len(denied) + 1, 0)]
    checks += [op(BPF_JUMP_EQUAL, number, len(denied) - index, 0)
               for index, number in enumerate(denied)]
    head = [op(BPF_LOAD_WORD, SECCOMP_DATA_ARCH),
            op(BPF_JUMP_EQUAL, arch, 0, len(checks) + 2),
            op(BPF_LOAD_WORD, SECCOMP_DATA_NR)]
    return b"".join(head + checks + [op(BPF_RETURN, SECCOMP_RET_ALLOW),
                                     op(BPF_RETURN, refuse)])


def ipc_objects(kind: str, id_column: str) -> List[Tuple[int, int]]:
    """Return (id, owner uid) of every System V IPC object of ``kind`` in /proc/sysvipc."""
    try:
        with open("/proc/sysvipc/" + kind, "r", encoding="ascii", errors="replace") as table:
            header, *rows = table.read().splitlines()
    except (OSError, ValueError):
        return []
    names = header.split()
    try:
        id_at, uid_at = names.index(id_column), names.index("uid")
    except ValueError:
        return []
    found = []
    for row in rows:
        fields = row.split()
        if len(fields) > max(id_at, uid_at):
            found.append((int(fields[id_at]), int(fields[uid_at])))
    return found


def list_children_of(parent_pid: int) -> List[int]:
    """Return the pids whose parent is ``parent_pid``, read from /proc (empty if none)."""
    children = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return children
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open("/proc/{}/stat".format(name), "rb") as handle:
                fields = handle.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == parent_pid:
            children.append(int(name))
    return children


def count_user_tasks(uid: int) -> int:
    """Return how many tasks (threads included) ``uid`` runs, read from /proc."""
    total = 0
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            if os.stat("/proc/" + name).st_uid == uid:
                total += len(os.listdir("/proc/{}/task".format(name)))
        except OSError:
            continue
    return total


def open_pidfd(pid: int) -> Optional[int]:
    """Return a pidfd for ``pid`` (readable once it exits), or None where there is none
    (before Linux 5.3 or Python 3.9, or another system)."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None
