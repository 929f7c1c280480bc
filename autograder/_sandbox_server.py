"""Fork server that runs submission code for ``autograder.sandbox``.

The grading process never runs submission code itself.  ``sandbox.py`` starts
this file with the sandbox's Python interpreter inside the isolation (bwrap, a
private namespace as root, or plain rlimits) and talks to it over the server's
stdin and stdout with length-prefixed JSON frames.  Each request runs in one
fresh child forked from this server, the "spare", forked in advance:

    sandbox.py              server (this file)                spare child
    ----------              ------------------                -----------
                            after each answer: clean,  -->    own session, drop uid,
                            fork the next spare               copy pristine/ to run/,
    request frame  ----->   send it the plan           -->    files, rlimits, then exec
                            feed stdin, read           <--    argv (run) or the driver
                            stdout/stderr/report              source (call)
                            kill leftovers, reap
    response frame <-----   classify the ending

A ``run`` child execs a program.  A ``call`` child stays in this interpreter
(no interpreter start-up) and execs trusted driver source against the
submission.  A call may be *held*: its driver calls ``more()``, the server
answers with what the child did so far and keeps the child waiting, and the
next request either feeds it a new payload ("feed") or ends it (anything
else, "release" included) before anything else runs.  The server never
imports submission code and never puts the submission on its own
``sys.path``: only the throw-away children do.

A request's ``timeout`` is the run's time budget, judged by the CPU time the run
used rather than by a clock the machine's load can stretch (section 5, "the time
rule"): nothing is stopped before its wall time reaches the budget; from then on
the run's processes are read from /proc at checkpoints, and the run is stopped
(fault "timeout") once their CPU time reaches the budget or once they neither ran
nor waited for a CPU for half of the last interval (they sleep or wait for input).
A run the machine is too busy to run goes on, up to a wall-clock backstop
(``backstop_s``), whose stop the response names (stop_reason "backstop") so that
the grader can run it again once.  RLIMIT_CPU still bounds every process.

The server runs as ``python -s -B`` with an environment built from scratch,
not ``-I``: ``-I`` implies ``-E``, which would ignore PYTHONHASHSEED=0, and the
call children must inherit that hash seed.  ``main`` drops the script's own
folder from sys.path, which is the rest of what ``-I`` would do.

Contents: 1. frames  2. files  3. Linux calls  4. the child  5. supervising a
run  6. the server.  Only the standard library is used and the code runs on
Python 3.9+, since it executes under whatever interpreter the sandbox offers.
Importing the module has no side effects; ``sandbox.py`` reuses its frame and
tree-copy helpers.
"""

import ast
import atexit
import base64
import builtins
import errno
import fcntl
import gc
import importlib
import importlib.machinery
import importlib.util
import io
import json
import linecache
import os
import platform
import re
import resource
import selectors
import signal
import stat
import struct
import sys
import threading
import time
import traceback
import types
from typing import Any, Dict, List, Optional, Tuple

# Modules a driver is likely to import, loaded before any child exists so that
# a submission's own json.py or doctest.py cannot stand in for them.  (Once a
# package such as unittest is loaded, its submodules come from its own folder.)
PRELOADED_MODULES = (
    "abc", "ast", "bisect", "collections", "contextlib", "copy", "dataclasses",
    "difflib", "dis", "doctest", "enum", "functools", "heapq", "inspect",
    "itertools", "math", "operator", "platform", "pprint", "random", "runpy", "string",
    "subprocess", "termios", "textwrap", "tokenize", "typing", "unittest",
)

# ---------------------------------------------------------------- 1. frames

FRAME_HEADER = struct.Struct(">I")
# A request carries the check's extra files, so it may be large, but not unbounded.
MAX_FRAME_BYTES = 512 << 20
REPORT_KIND = b"R"
FAULT_KIND = b"F"
# Sent once the driver itself has returned: nothing reported after it counts (student
# code may still run then, in threads and exit handlers, and could report too).
SEAL_KIND = b"S"
# Sent by a held call's driver in ``more()``: it waits for the grader's next payload.
PAUSE_KIND = b"P"
REPORT_HEADER = struct.Struct(">cI")


def encode_frame(message: Dict[str, Any]) -> bytes:
    """Return ``message`` as a frame: a 4-byte big-endian length, then UTF-8 JSON."""
    body = json.dumps(message, separators=(",", ":")).encode("utf-8")
    return FRAME_HEADER.pack(len(body)) + body


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to the blocking file descriptor ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def read_exactly(fd: int, size: int) -> Optional[bytes]:
    """Read ``size`` bytes from blocking ``fd``; return None on end of file."""
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_frame(fd: int) -> Optional[Dict[str, Any]]:
    """Read one frame from blocking ``fd`` and decode it; None on end of file.

    Raises:
        ValueError: the frame is larger than MAX_FRAME_BYTES or not a JSON object.
    """
    header = read_exactly(fd, FRAME_HEADER.size)
    if header is None:
        return None
    (size,) = FRAME_HEADER.unpack(header)
    if size > MAX_FRAME_BYTES:
        raise ValueError("frame of {} bytes exceeds {}".format(size, MAX_FRAME_BYTES))
    body = read_exactly(fd, size)
    if body is None:
        return None
    message = json.loads(body.decode("utf-8"))
    if not isinstance(message, dict):
        raise ValueError("frame is not a JSON object")
    return message


def pack_bytes(data: bytes) -> str:
    """Return ``data`` as base64 text, the way bytes cross the JSON protocol."""
    return base64.b64encode(data).decode("ascii")


def unpack_bytes(text: str) -> bytes:
    """Return the bytes that ``pack_bytes`` turned into ``text``."""
    return base64.b64decode(text.encode("ascii"))


# ----------------------------------------------------------------- 2. files

# Compiled files are left out of a submission's copy: a crafted .pyc would run
# code other than the source that static checks read.
COMPILED_DIR = "__pycache__"
COMPILED_SUFFIXES = (".pyc", ".pyo")
DIR_MODE = 0o755
FILE_MODE = 0o644
EXEC_MODE = 0o755
COPY_CHUNK_BYTES = 1 << 20


def copy_tree(source: str, target: str, skip_compiled: bool = False,
              skip_links: bool = False, skip_folder: Optional[Any] = None) -> None:
    """Copy the directories, regular files and symlinks of ``source`` into ``target``.

    ``target`` must exist.  Modes are normalised (directories 755, files 644 or
    755) so that every uid of the sandbox can read the copy; symlinks are copied
    as links, never followed (or, with ``skip_links``, left out: how the grader
    copies a submission, whose links it never trusts); fifos, sockets and devices
    are skipped because opening a fifo would hang the copy; a folder whose
    ``os.DirEntry`` makes ``skip_folder`` return True is left out whole.  Existing
    entries of ``target`` are replaced, which is how support files win over a
    submission's own.  Plain os calls keep the per-run copy cheap in a freshly
    forked child.

    Raises:
        OSError: a file cannot be read or written.
    """
    pending = [(source, target)]
    while pending:
        src_dir, dst_dir = pending.pop()
        with os.scandir(src_dir) as entries:
            for entry in entries:
                if skip_compiled and (entry.name == COMPILED_DIR
                                      or entry.name.endswith(COMPILED_SUFFIXES)):
                    continue
                dest = os.path.join(dst_dir, entry.name)
                if entry.is_symlink():
                    if not skip_links:
                        _replacing(dest, os.symlink, os.readlink(entry.path), dest)
                elif entry.is_dir():
                    if skip_folder is not None and skip_folder(entry):
                        continue
                    if not (os.path.isdir(dest) and not os.path.islink(dest)):
                        _replacing(dest, os.mkdir, dest, DIR_MODE)
                    pending.append((entry.path, dest))
                elif entry.is_file():
                    copy_file(entry.path, dest)


# A tree no bigger than this (its files' bytes, its entries) is read into memory once, so
# that each run's working copy is written from there; a bigger one is copied for each run.
TREE_IN_MEMORY_BYTES = 16 << 20
TREE_IN_MEMORY_ENTRIES = 4096
FILE_ENTRY, FOLDER_ENTRY, LINK_ENTRY = "file", "folder", "link"


def read_tree(root: str, max_bytes: int = TREE_IN_MEMORY_BYTES,
              max_entries: int = TREE_IN_MEMORY_ENTRIES) -> Optional[List[Tuple[str, str, Any]]]:
    """Return the tree under ``root`` as (kind, relative path, content) entries, parents
    before their contents: a file's content is (mode, bytes), a folder's None, a link's
    its target.  Modes are normalised as ``copy_tree`` does; fifos, sockets and devices
    are left out.  Return None when the tree is larger than ``max_bytes`` or
    ``max_entries``.

    Raises:
        OSError: a file cannot be read.
    """
    entries: List[Tuple[str, str, Any]] = []
    size = 0
    pending = [""]
    while pending:
        folder = pending.pop()
        with os.scandir(os.path.join(root, folder)) as found:
            for entry in found:
                name = os.path.join(folder, entry.name)
                if entry.is_symlink():
                    entries.append((LINK_ENTRY, name, os.readlink(entry.path)))
                elif entry.is_dir():
                    entries.append((FOLDER_ENTRY, name, None))
                    pending.append(name)
                elif entry.is_file():
                    with open(entry.path, "rb") as handle:
                        data = handle.read(max_bytes - size + 1)
                    entries.append((FILE_ENTRY, name, (copied_mode(entry.stat().st_mode), data)))
                    size += len(data)
                if size > max_bytes or len(entries) > max_entries:
                    return None
    return entries


def write_tree(entries: List[Tuple[str, str, Any]], target: str) -> None:
    """Write the ``entries`` of ``read_tree`` into the empty folder ``target``.

    Raises:
        OSError: an entry cannot be written (or ``target`` was not empty).
    """
    for kind, name, content in entries:
        path = os.path.join(target, name)
        if kind == FILE_ENTRY:
            mode, data = content
            # The server's umask (022) leaves the mode as given.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
            try:
                write_all(fd, data)
            finally:
                os.close(fd)
        elif kind == FOLDER_ENTRY:
            os.mkdir(path, DIR_MODE)
        else:
            os.symlink(content, path)


def copied_mode(mode: int) -> int:
    """Return the normalised mode a copy of a file with ``mode`` gets: EXEC_MODE if its
    owner may run it, else FILE_MODE."""
    return EXEC_MODE if mode & stat.S_IXUSR else FILE_MODE


def copy_file(source: str, dest: str) -> None:
    """Copy the regular file ``source`` to ``dest`` (replacing it) with a normalised mode."""
    reader = os.open(source, os.O_RDONLY | os.O_CLOEXEC)
    try:
        mode = copied_mode(os.fstat(reader).st_mode)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
        writer = _replacing(dest, os.open, dest, flags, mode)
        try:
            while True:
                chunk = os.read(reader, COPY_CHUNK_BYTES)
                if not chunk:
                    break
                write_all(writer, chunk)
            os.fchmod(writer, mode)
        finally:
            os.close(writer)
    finally:
        os.close(reader)


def _replacing(dest: str, create: Any, *args: Any) -> Any:
    """Call ``create(*args)`` to make ``dest``; if something is there already, remove it first."""
    try:
        return create(*args)
    except FileExistsError:
        remove_path(dest)
        return create(*args)


def remove_path(path: str) -> None:
    """Remove a file, link or directory tree at ``path``, whatever its permissions or depth."""
    if os.path.islink(path) or (os.path.lexists(path) and not os.path.isdir(path)):
        os.unlink(path)
    elif os.path.isdir(path):
        _remove_tree(path)


def _remove_tree(path: str) -> None:
    """Remove the directory tree ``path`` one directory at a time, without recursion.

    A submission may build a tree thousands of levels deep (deeper than Python's
    recursion limit and than a path may be long) and chmod its folders to 000: the walk
    holds one descriptor at a time, goes down by name and back up through "..", and
    unlocks what it cannot open (the server owns it, or is root).
    """
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    os.chmod(path, stat.S_IRWXU)
    current = os.open(path, flags)
    names: List[str] = []
    try:
        while True:
            child = None
            with os.scandir(current) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        child = entry.name
                        break
                    os.unlink(entry.name, dir_fd=current)
            if child is not None:
                os.chmod(child, stat.S_IRWXU, dir_fd=current, follow_symlinks=False)
                below = os.open(child, flags, dir_fd=current)
                os.close(current)
                current = below
                names.append(child)
                continue
            if not names:
                break
            above = os.open("..", flags, dir_fd=current)
            os.close(current)
            current = above
            os.rmdir(names.pop(), dir_fd=current)
    finally:
        os.close(current)
    os.rmdir(path)


def empty_directory(path: str, keep: Tuple[str, ...] = ()) -> None:
    """Remove every entry of directory ``path`` except the names in ``keep``."""
    try:
        names = os.listdir(path)
    except PermissionError:
        os.chmod(path, stat.S_IRWXU)
        names = os.listdir(path)
    except FileNotFoundError:
        return
    for name in names:
        if name not in keep:
            remove_path(os.path.join(path, name))


# ----------------------------------------------------------- 3. Linux calls

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
        calls = SYSV_IPC_CALLS.get(platform.machine())
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


def _ipc_objects(kind: str, id_column: str) -> List[Tuple[int, int]]:
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


# ------------------------------------------------------------- 4. the child
#
# Forking costs a couple of milliseconds here, so the server forks the next
# run's child (the "spare") right after answering a request, while the grader
# is busy.  The spare does everything that does not depend on the request,
# then blocks reading its plan: the request's kind, argv, env, files, driver.

SETUP_FAILED_STATUS = 125
EXEC_FAILED_STATUS = 127
REPORT_FD = 3
PLAN_FD = 4
FIRST_FREE_FD = 5
# Where the spare parks its pipe ends before moving them to 0-4.
PARKING_FD = 64
SPARE_FDS = ("stdin", "stdout", "stderr", "report", "plan")
DRIVER_FILENAME = "<driver>"
DRIVER_SEED = 0
DRIVER_ARGV = ["<driver>"]
# ``python`` in a run's argv: the sandbox interpreter with these flags.
PYTHON_RUN_FLAGS = ["-E", "-s"]
# Where Python says a ``python -c`` program's lines come from.
COMMAND_FILENAME = "<string>"
MEMORY_HINT = b"memory"
PROCESSES_HINT = b"processes"


def spare_main(server: "Server", fds: Dict[str, int]) -> None:
    """Turn this forked process into the next run's child; never returns.

    This is a copy of the server, so nothing may unwind into the server's own
    loop: every path ends in os._exit.  A failure before the program or the
    driver starts is written to the run's stderr and gives SETUP_FAILED_STATUS.
    """
    status = SETUP_FAILED_STATUS
    try:
        plan = _receive_plan(server, fds)
        if plan is not None and plan["kind"] == "run":
            status = EXEC_FAILED_STATUS
            program = _python_program(server, plan["argv"])
            if program is not None:
                _run_program(plan, *program)
            _exec_program(plan["argv"], plan["env"])
        elif plan is not None:
            _run_driver(plan, server.run_dir, server.driver_parts(plan["driver"]))
    except BaseException as exc:  # reported as the run's own failure
        _note("sandbox: child set-up failed: {!r}\n".format(exc))
    finally:
        os._exit(status)


def _receive_plan(server: "Server", fds: Dict[str, int]) -> Optional[Dict[str, Any]]:
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


def _note(text: str) -> None:
    """Write ``text`` to file descriptor 2, ignoring errors (used before streams exist)."""
    try:
        os.write(2, text.encode("utf-8", "backslashreplace"))
    except OSError:
        pass


def _prepare_spare(server: "Server", fds: Dict[str, int]) -> None:
    """Give the spare its session, descriptors 0-4, identity and working copy."""
    os.setsid()
    parked = [fcntl.fcntl(fds[name], fcntl.F_DUPFD, PARKING_FD) for name in SPARE_FDS]
    for target, fd in enumerate(parked):
        os.dup2(fd, target)
    if server.uid is not None:
        os.setgroups([])
        os.setresgid(server.gid, server.gid, server.gid)
        os.setresuid(server.uid, server.uid, server.uid)
    server.kernel.prctl(PR_SET_NO_NEW_PRIVS, 1)
    server.kernel.deny_sysv_ipc()
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


def _apply_limits(limits: Dict[str, Any]) -> None:
    """Set the run's resource limits; soft equals hard so the child cannot raise them."""
    _set_limit(resource.RLIMIT_CORE, 0)
    # One second between soft and hard CPU limits: SIGXCPU first, SIGKILL if ignored.
    _set_limit(resource.RLIMIT_CPU, limits["cpu_s"], limits["cpu_s"] + 1)
    _set_limit(resource.RLIMIT_AS, limits["memory_bytes"])
    _set_limit(resource.RLIMIT_FSIZE, limits["file_size_bytes"])
    _set_limit(resource.RLIMIT_NOFILE, limits["open_files"])
    if limits.get("nproc") is not None:
        _set_limit(resource.RLIMIT_NPROC, limits["nproc"])


def _set_limit(kind: int, soft: int, hard: Optional[int] = None) -> None:
    """Lower the rlimit ``kind`` to ``soft``/``hard`` (never above the current hard limit)."""
    _, current_hard = resource.getrlimit(kind)
    hard = soft if hard is None else hard
    if current_hard != resource.RLIM_INFINITY:
        hard = min(hard, current_hard)
    resource.setrlimit(kind, (min(soft, hard), hard))


def _exec_program(argv: List[str], env: Dict[str, str]) -> None:
    """Replace the child with ``argv``; exit with EXEC_FAILED_STATUS if impossible."""
    os.close(REPORT_FD)
    # Python ignores these two; a program started from a shell would not.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    try:
        os.execvpe(argv[0], argv, env)
    except OSError as exc:
        _note("sandbox: cannot run {!r}: {}\n".format(argv[0], exc.strerror))
    os._exit(EXEC_FAILED_STATUS)


def _python_program(server: "Server", argv: List[str]) -> Optional[Tuple[Any, str]]:
    """Return (source, file name) of a run that is ``python -E -s SCRIPT.py ARGS`` with the
    script a file in the working copy, or ``python -E -s -c CODE ARGS``; else None (the
    run is then exec'd as it is)."""
    if len(argv) < 4 or argv[:3] != [server.python] + PYTHON_RUN_FLAGS:
        return None
    if any("\0" in part for part in argv):
        return None  # no system could start it: exec fails as it would
    first = argv[3]
    if first == "-c" and len(argv) > 4:
        return argv[4], COMMAND_FILENAME
    if first.startswith("-") or not first.endswith(".py") or not os.path.isfile(first):
        return None
    path = os.path.abspath(first)
    with open(path, "rb") as handle:  # bytes: compile() honours a coding declaration
        return handle.read(), path


def _run_program(plan: Dict[str, Any], source: Any, filename: str) -> None:
    """Run ``python -E -s SCRIPT ARGS`` (or ``-c CODE ARGS``) in this fork of the server,
    given its ``source`` and ``filename`` (from :func:`_python_program`); never returns.

    The server has the interpreter and the standard library loaded already, so a fork
    starts the program in a fraction of a new interpreter's start-up. It sees what
    ``python SCRIPT`` (``python -c CODE``) would show it: the streams, argv, the script's
    folder (the working folder) first on sys.path, a ``__main__`` module with an absolute
    ``__file__`` (none for -c), a traceback without the server's frames and the exit
    status Python gives. The report channel is closed first: a program's result is what it
    writes and its status, as for any program.
    """
    os.close(REPORT_FD)
    command = filename == COMMAND_FILENAME
    _install_streams()
    _use_environment(plan["env"])
    sys.argv = ["-c"] + plan["argv"][5:] if command else plan["argv"][3:]
    sys.path.insert(0, "" if command else os.path.dirname(filename))
    atexit._clear()
    import random
    random.seed()  # a new interpreter seeds itself from the OS
    main = types.ModuleType("__main__")
    main.__dict__.update(__builtins__=builtins)
    if command:
        main.__loader__ = importlib.machinery.BuiltinImporter
    else:
        main.__dict__.update(__file__=filename,
                             __loader__=importlib.machinery.SourceFileLoader("__main__",
                                                                             filename))
    sys.modules["__main__"] = main
    status = 1
    try:
        exec(compile(source, filename, "exec"), main.__dict__)
        status = 0
    except SystemExit as exc:
        status = _exit_status(exc)
    except BaseException as exc:  # printed as Python prints it, from the program's frame on
        try:
            traceback.print_exception(type(exc), exc, exc.__traceback__.tb_next)
        except BaseException:  # a hostile __str__ must not stop the exit
            _note("sandbox: the program raised an exception that cannot be printed\n")
    _finish(status)


def _run_driver(plan: Dict[str, Any], run_dir: str, parts: Optional["DriverParts"]) -> None:
    """Exec the driver source as ``__main__`` of a fresh-looking interpreter; never returns.

    The streams, argv, path, environment and exit handling are set up the way
    ``python driver.py`` would see them, with the working copy as sys.path[0].
    ``parts`` is the driver already compiled and read by the server, or None.
    """
    driver = plan["driver"]
    _install_streams()
    _use_environment(plan["env"])
    sys.argv = list(DRIVER_ARGV)
    # The standard library wins over the submission: what the driver itself imports
    # is loaded before the working copy (a student's platform.py, say) is on the path.
    _import_standard_modules(parts.imports if parts else imported_names(driver))
    sys.path.insert(0, run_dir)
    atexit._clear()
    # The same submission scores the same every run: ``random`` reseeds itself from the
    # OS in every forked child, so each driver starts from one fixed seed instead.
    import random
    random.seed(DRIVER_SEED)
    main = types.ModuleType("__main__")
    main.__dict__.update(payload=json.loads(plan["payload"]), report=_make_report(os.getpid()),
                         more=_make_more(os.getpid(), bool(plan.get("hold"))))
    sys.modules["__main__"] = main
    linecache.cache[DRIVER_FILENAME] = (len(driver), None, driver.splitlines(True),
                                        DRIVER_FILENAME)
    status = _exec_driver(parts.code if parts else driver, main)
    _seal_reports()
    _finish(status)


class DriverParts:
    """A driver's source made ready to run: its code object and the modules it imports.

    The server makes these once per driver source (neither step runs any code), so that
    every later child of the same driver starts without parsing and compiling it again.
    """

    def __init__(self, driver: str) -> None:
        """Compile ``driver`` and list its imports.

        Raises:
            SyntaxError, ValueError: it does not compile (the child then says so).
        """
        self.code = compile(driver, DRIVER_FILENAME, "exec")
        self.imports = imported_names(driver)


def imported_names(driver: str) -> List[str]:
    """Return the absolute module names the driver's import statements name."""
    try:
        tree = ast.parse(driver)
    except (SyntaxError, ValueError):
        return []
    names: List[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def _use_environment(env: Dict[str, str]) -> None:
    """Make the process's environment exactly ``env``: most runs' is the one the server
    keeps (see Server.setup), which is then left as it is."""
    if dict(os.environ) != env:
        os.environ.clear()
        os.environ.update(env)


def _import_standard_modules(names: List[str]) -> None:
    """Import every module of ``names`` that exists without the submission on the path;
    the submission's own modules fail here and are skipped."""
    for name in names:
        if name in sys.modules:
            continue  # the server loaded it, or an earlier name did
        try:
            importlib.import_module(name)
        except Exception:  # the submission's module, or not importable: left for later
            pass


def _install_streams() -> None:
    """Open sys.stdin/stdout/stderr on descriptors 0-2 as Python does at start-up.

    Like the interpreter's own, the streams do not own their descriptors, so
    the server's replaced stream objects close nothing when they are freed.
    """
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "rb", closefd=False)),
        encoding="utf-8", errors="strict", newline="\n")
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "wb", closefd=False)),
        encoding="utf-8", errors="strict", newline="\n")
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(2, "wb", closefd=False)),
        encoding="utf-8", errors="backslashreplace", newline="\n", line_buffering=True)


def _make_report(child_pid: int) -> Any:
    """Return the ``report`` function a driver calls to send its observation."""

    def report(value: Any) -> None:
        """Send ``value`` (JSON-serialisable) to the grader; the last call wins."""
        body = json.dumps(value).encode("utf-8")
        # A forked copy of the driver must not speak for the child.
        if os.getpid() == child_pid:
            write_all(REPORT_FD, REPORT_HEADER.pack(REPORT_KIND, len(body)) + body)

    return report


def _make_more(child_pid: int, held: bool) -> Any:
    """Return the ``more`` function a driver calls to wait for the grader's next payload."""

    def more() -> Any:
        """Let the grader see what was reported so far, then wait for its next payload.

        Returns the payload the grader feeds, or None when the call is not held or the
        grader ends the session (the driver should then finish).
        """
        if not held or os.getpid() != child_pid:
            return None
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:  # the streams may be the submission's by now
                pass
        try:
            write_all(REPORT_FD, REPORT_HEADER.pack(PAUSE_KIND, 0))
            frame = read_frame(PLAN_FD)
        except (OSError, ValueError):
            return None
        return None if frame is None else json.loads(frame.get("payload", "null"))

    return more


def _exec_driver(driver: Any, main: types.ModuleType) -> int:
    """Exec ``driver`` (source, or its code object) in ``main``'s namespace; return the exit
    status Python would give."""
    # Built before the driver runs: after a MemoryError there may be no memory left.
    memory_frame = REPORT_HEADER.pack(FAULT_KIND, len(MEMORY_HINT)) + MEMORY_HINT
    processes_frame = REPORT_HEADER.pack(FAULT_KIND, len(PROCESSES_HINT)) + PROCESSES_HINT
    try:
        code = driver if isinstance(driver, types.CodeType) else compile(
            driver, DRIVER_FILENAME, "exec")
        exec(code, main.__dict__)
    except SystemExit as exc:
        return _exit_status(exc)
    except BaseException as exc:  # the driver's or the submission's failure is data
        if isinstance(exc, MemoryError):
            _send_quietly(memory_frame)
        elif isinstance(exc, BlockingIOError):
            _send_quietly(processes_frame)
        try:
            traceback.print_exc()
        except BaseException:  # a hostile __str__ must not stop the exit
            _note("sandbox: the driver raised an exception that cannot be printed\n")
        return 1
    return 0


def _seal_reports() -> None:
    """Tell the server the driver is done, and point the report descriptor at /dev/null
    so that later writes (or a later file that would reuse its number) reach nothing."""
    _send_quietly(REPORT_HEADER.pack(SEAL_KIND, 0))
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, REPORT_FD)
        os.close(null)
    except OSError:
        pass


def _send_quietly(frame: bytes) -> None:
    """Write a fault hint to the report pipe, ignoring a closed pipe."""
    try:
        write_all(REPORT_FD, frame)
    except OSError:
        pass


def _exit_status(exc: SystemExit) -> int:
    """Return the exit status for ``SystemExit(code)``, printing a non-int code like Python."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code & 0xFF
    try:
        print(exc.code, file=sys.stderr)
    except BaseException:  # the code's __str__ is the submission's
        pass
    return 1


def _finish(status: int) -> None:
    """End the child as the interpreter would: join threads, run atexit, flush, exit."""
    for step in (threading._shutdown, atexit._run_exitfuncs,
                 sys.stdout.flush, sys.stderr.flush):
        try:
            step()
        except SystemExit as exc:
            status = _exit_status(exc)
        except BaseException:  # a failing exit step cannot change the recorded end
            pass
    os._exit(status)


# ------------------------------------------------------ 5. supervising a run

# Where pidfds are missing the server looks for the child's exit this often.
POLL_S = 0.005
# How many reads of its pipes a paused child's answer waits for at most (what it wrote
# before pausing is there already; a thread writing on is not waited for).
PAUSE_READS = 64
# How long output pipes may stay open once every process of the run is gone.
DRAIN_GRACE_S = 0.5
# How long the server keeps killing a run's leftovers before reporting failure.
SWEEP_LIMIT_S = 5.0
SWEEP_PAUSE_S = 0.001
READ_CHUNK_BYTES = 1 << 16
MAX_REPORT_BYTES = 16 << 20
CUT_MARKER = "\n[output cut at {} bytes]\n"
# How a failed run reveals an exhausted limit on stderr when no hint arrived.
MEMORY_PATTERN = re.compile(
    rb"(?:^|\n)MemoryError\b|Cannot allocate memory|std::bad_alloc|[Oo]ut of memory")
PROCESSES_PATTERN = re.compile(
    rb"BlockingIOError: \[Errno 11\]|Resource temporarily unavailable")


def open_pidfd(pid: int) -> Optional[int]:
    """Return a pidfd for ``pid`` (readable once it exits), or None where there is none
    (before Linux 5.3 or Python 3.9, or another system)."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _written(fd: int, pending: memoryview) -> memoryview:
    """Write to non-blocking ``fd`` what it takes of ``pending`` now; return the rest
    (nothing once the reader has gone)."""
    try:
        return pending[os.write(fd, pending[:READ_CHUNK_BYTES]):]
    except BlockingIOError:
        return pending
    except OSError:
        return memoryview(b"")


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


class RunMonitor:
    """Feed one child's stdin, collect its output and report, and enforce its time budget.

    The budget follows the time rule above: checkpoints from the moment the wall clock
    reaches it, a stop for CPU time or for waiting, the backstop otherwise.  A held call's
    child may pause (``more()`` in its driver): ``watch`` then returns what the child did
    so far, the child waits, and ``resume`` feeds it its next payload and watches on, with
    a budget of its own, or ``end`` kills it.  Time spent paused belongs to no budget.
    """

    def __init__(self, server: "Server", pid: int, pipes: Dict[str, int],
                 stdin_data: bytes, timeout: float) -> None:
        """Watch child ``pid`` through the server ends of ``pipes``.

        Args:
            server: kills the run's leftovers and knows the limits.
            pid: the forked child.
            pipes: server ends named stdin, stdout, stderr and report (a run's
                program never has the report pipe: it is closed before exec), and
                plan for a held call (its next payloads are written there).
            stdin_data: bytes fed to the child's stdin, which is then closed.
            timeout: the run's time budget in seconds (see the time rule above).
        """
        self._server = server
        self._pid = pid
        self._plan = pipes.get("plan")
        self._paused = False
        self._feed = memoryview(b"")
        # Output already answered in earlier pauses still counts towards the cap.
        self._answered = {"stdout": 0, "stderr": 0}
        # Below bwrap the server adopts a run's orphans; inside it, bwrap's init does.
        usage_root = BWRAP_INIT_PID if server.level == "bwrap" else os.getpid()
        self._usage = RunUsage(usage_root, os.getpid())
        # A fresh child has used nothing yet: no sample is needed before its first checkpoint.
        self._begin(timeout, time.monotonic())
        self._drain_until = 0.0
        self._stdin = memoryview(stdin_data)
        self._selector = selectors.DefaultSelector()
        self._output = {"stdout": bytearray(), "stderr": bytearray()}
        self._cut = set()
        self._report = bytearray()
        self._sealed = False
        self._observation: Optional[bytes] = None
        self._hints = set()
        self._stop_reason: Optional[str] = None
        self._ending: Optional[Tuple[int, Any, float]] = None
        self._readers = set()
        for name in ("stdout", "stderr", "report"):
            if name in pipes:
                self._watch(pipes[name], self._on_output if name != "report" else self._on_report,
                            name)
        if stdin_data:
            self._watch(pipes["stdin"], self._on_stdin, "stdin", selectors.EVENT_WRITE)
        else:
            os.close(pipes["stdin"])
        self._pidfd = open_pidfd(pid)
        if self._pidfd is not None:
            self._selector.register(self._pidfd, selectors.EVENT_READ, (self._on_exit, "exit"))

    def held(self) -> bool:
        """Return whether the child is waiting, paused, for its next payload."""
        return self._paused and self._ending is None

    def resume(self, payload: str, timeout: float) -> Dict[str, Any]:
        """Feed a paused child ``payload`` (JSON text) and watch it for ``timeout`` seconds
        more; return the response, as ``watch`` does."""
        assert self.held() and self._plan is not None, "only a paused child can be fed"
        self._paused = False
        self._usage.sample()
        self._begin(timeout, time.monotonic())
        self._observation = None
        for name, buffer in self._output.items():
            self._answered[name] += len(buffer)
            buffer.clear()
        self._feed = memoryview(encode_frame({"payload": payload}))
        self._selector.register(self._plan, selectors.EVENT_WRITE, (self._on_feed, "plan"))
        return self.watch()

    def _begin(self, budget: float, now: float) -> None:
        """Start the clock of a part of the run (the whole run, or what follows a feed)
        with a time budget of ``budget`` seconds at monotonic time ``now``."""
        self._budget = budget
        self._started = now
        # The first checkpoint: the wall clock alone never stops a run before it.
        self._deadline = now + budget
        self._backstop = now + backstop_s(budget)
        self._cpu_before = self._usage.cpu_s
        # Monotonic time, CPU seconds and wait seconds at the last checkpoint.
        self._checked = (now, self._usage.cpu_s, self._usage.wait_s)

    def _checkpoint(self, now: float) -> None:
        """Apply the time rule at monotonic time ``now``: stop the run, or name the time of
        the next checkpoint."""
        if now >= self._backstop:
            self._stop("backstop")
            return
        usage = self._usage
        if not usage.sample():
            self._stop("timeout")  # nothing to judge by but the wall clock
            return
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
            self._stop("timeout")
            return
        self._checked = (now, usage.cpu_s, usage.wait_s)
        # The run cannot use up its budget in less wall time than the CPU time it has left.
        self._deadline = min(now + max(self._budget - used, MIN_CHECK_INTERVAL_S),
                             self._backstop)

    def end(self) -> None:
        """Kill a paused child and everything it started, and let go of its pipes."""
        if self._ending is None:
            self._stop("released")
        self._close()

    def watch(self) -> Dict[str, Any]:
        """Run until the child has ended and its pipes are drained, or has paused; return
        the response."""
        self._selector.register(self._server.control_in, selectors.EVENT_READ,
                                (self._on_control, "control"))
        while not self.held():
            now = time.monotonic()
            if self._ending is None:
                if now >= self._deadline:
                    self._checkpoint(now)
                    continue
                wait = self._deadline - now
                if self._pidfd is None:
                    wait = min(wait, POLL_S)
            elif not self._readers or now >= self._drain_until:
                break
            else:
                wait = self._drain_until - now
            for key, _ in self._selector.select(wait):
                # An earlier handler of this batch may have closed this one's fd.
                if key.fd in self._selector.get_map():
                    handler, name = key.data
                    handler(key.fd, name)
            if self._ending is None and self._pidfd is None:
                self._reap(os.WNOHANG)
        if self._server.control_in in self._selector.get_map():
            self._selector.unregister(self._server.control_in)
        if self.held():
            # What the child wrote just before pausing is part of this answer.
            for _ in range(PAUSE_READS):
                ready = [key for key, _ in self._selector.select(0) if key.data[1] in self._output]
                for key in ready:
                    self._on_output(key.fd, key.data[1])
                if not ready or not self.held():
                    break
            if self.held():
                return self._paused_response()
        self._close()
        return self._response()

    def _close(self) -> None:
        """Close every descriptor still watched (or kept for feeding) and the selector."""
        for key in list(self._selector.get_map().values()):
            os.close(key.fd)
        if self._plan is not None and self._plan not in self._selector.get_map():
            os.close(self._plan)
        self._plan = None
        self._selector.close()

    def _watch(self, fd: int, handler: Any, name: str,
               events: int = selectors.EVENT_READ) -> None:
        """Make ``fd`` non-blocking and call ``handler(fd, name)`` when it is ready."""
        os.set_blocking(fd, False)
        self._selector.register(fd, events, (handler, name))
        if events == selectors.EVENT_READ:
            self._readers.add(fd)

    def _forget(self, fd: int) -> None:
        """Stop watching ``fd`` and close it."""
        self._selector.unregister(fd)
        self._readers.discard(fd)
        os.close(fd)

    def _on_output(self, fd: int, name: str) -> None:
        """Append what stdout or stderr offers; cut and stop the run past the cap."""
        chunk = self._read(fd)
        if chunk is None:
            return
        buffer = self._output[name]
        buffer += chunk
        if len(buffer) + self._answered[name] > self._server.limits["output_bytes"]:
            self._cut.add(name)
            self._forget(fd)
            self._stop("output")

    def _on_report(self, fd: int, name: str) -> None:
        """Collect report frames; the last complete observation before the seal wins."""
        chunk = self._read(fd)
        if chunk is None:
            return
        self._report += chunk
        while len(self._report) >= REPORT_HEADER.size:
            kind, size = REPORT_HEADER.unpack_from(self._report)
            if size > MAX_REPORT_BYTES:
                self._forget(fd)
                self._stop("observation")
                return
            end = REPORT_HEADER.size + size
            if len(self._report) < end:
                return
            body = bytes(self._report[REPORT_HEADER.size:end])
            del self._report[:end]
            if self._sealed:
                continue
            if kind == SEAL_KIND:
                self._sealed = True
            elif kind == PAUSE_KIND:
                # Only a held call's driver may pause; a pause sent by anything else
                # (student code beside another driver) changes nothing.
                self._paused = self._plan is not None
            elif kind == REPORT_KIND:
                self._observation = body
            else:
                self._hints.add(body)

    def _read(self, fd: int) -> Optional[bytes]:
        """Read a chunk from ``fd``; None when there is nothing now or the pipe ended."""
        try:
            chunk = os.read(fd, READ_CHUNK_BYTES)
        except BlockingIOError:
            return None
        except OSError:
            chunk = b""
        if not chunk:
            self._forget(fd)
            return None
        return chunk

    def _on_stdin(self, fd: int, name: str) -> None:
        """Write the next piece of stdin; close the pipe when done or when the child left."""
        self._stdin = _written(fd, self._stdin)
        if not self._stdin:
            self._forget(fd)

    def _on_feed(self, fd: int, name: str) -> None:
        """Write the next piece of a paused child's payload to its plan pipe."""
        self._feed = _written(fd, self._feed)
        if not self._feed:
            self._selector.unregister(fd)

    def _on_exit(self, fd: int, name: str) -> None:
        """The pidfd became readable: the child has exited."""
        self._reap(os.WNOHANG)

    def _on_control(self, fd: int, name: str) -> None:
        """The grader's pipe is readable mid-run: it has gone away, so give up."""
        self._selector.unregister(fd)
        self._server.abandoned = True
        self._stop("abandoned")

    def _reap(self, flags: int) -> None:
        """Collect the child's exit status, then remove every other process of the run."""
        pid, status, usage = os.wait4(self._pid, flags)
        if pid == 0:
            return
        self._ending = (status, usage, time.monotonic())
        if self._pidfd is not None:
            self._selector.unregister(self._pidfd)
            os.close(self._pidfd)
            self._pidfd = None
        for key in list(self._selector.get_map().values()):
            if key.data[1] == "stdin":
                self._forget(key.fd)
            elif key.data[1] == "plan":
                self._selector.unregister(key.fd)
        self._server.sweep()
        self._drain_until = time.monotonic() + DRAIN_GRACE_S

    def _stop(self, reason: str) -> None:
        """Kill the run for ``reason`` (timeout, backstop, output, observation, abandoned,
        released)."""
        if self._ending is not None:
            self._stop_reason = self._stop_reason or reason
            return
        if reason in ("timeout", "backstop"):
            self._reap(os.WNOHANG)
            if self._ending is not None:
                return
        self._stop_reason = reason
        self._server.signal_leftovers(self._pid)
        try:
            os.kill(self._pid, signal.SIGKILL)
        except OSError:
            pass
        self._reap(0)

    def _paused_response(self) -> Dict[str, Any]:
        """Return what a paused child did since it started or was last fed: its output and
        its last report, with no ending."""
        observation = None
        if self._observation is not None:
            observation = self._observation.decode("utf-8", "replace")
        return {
            "returncode": None, "signal": None,
            "stdout": pack_bytes(bytes(self._output["stdout"])),
            "stderr": pack_bytes(bytes(self._output["stderr"])),
            "duration_s": time.monotonic() - self._started, "cpu_s": 0.0,
            "fault": None, "observation": observation, "cut": [], "stop_reason": None,
            "held": True,
        }

    def _response(self) -> Dict[str, Any]:
        """Return the run's outcome as a response frame for the grader."""
        assert self._ending is not None, "the monitor stops only after the child ended"
        status, usage, ended = self._ending
        returncode = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        signum = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        cpu_s = usage.ru_utime + usage.ru_stime
        stdout, stderr = self._capped("stdout"), self._capped("stderr")
        fault = self._classify(returncode, signum, cpu_s, stderr)
        observation = None
        if self._observation is not None:
            observation = self._observation.decode("utf-8", "replace")
        return {
            "returncode": returncode, "signal": signum,
            "stdout": pack_bytes(stdout), "stderr": pack_bytes(stderr),
            "duration_s": ended - self._started, "cpu_s": cpu_s,
            "fault": fault, "observation": observation,
            "cut": sorted(self._cut), "stop_reason": self._stop_reason,
        }

    def _capped(self, name: str) -> bytes:
        """Return a stream's output, cut at the cap with the marker if it ran over."""
        data = bytes(self._output[name])
        if name not in self._cut:
            return data
        cap = self._server.limits["output_bytes"]
        return data[:max(0, cap - self._answered[name])] + CUT_MARKER.format(cap).encode("ascii")

    def _classify(self, returncode: Optional[int], signum: Optional[int],
                  cpu_s: float, stderr: bytes) -> Optional[str]:
        """Name the limit or failure that ended the run, or None if it ended on its own."""
        reason = self._stop_reason
        if reason in ("output", "observation"):
            return "output"
        if reason == "abandoned":
            return "sandbox"
        failed = reason is not None or returncode != 0
        if failed and (PROCESSES_HINT in self._hints or PROCESSES_PATTERN.search(stderr)):
            return "processes"
        if reason in ("timeout", "backstop"):
            return "timeout"
        cpu_limit = self._server.limits["cpu_s"]
        if signum == signal.SIGXCPU or (signum == signal.SIGKILL and cpu_s >= cpu_limit):
            return "cpu"
        if failed and (MEMORY_HINT in self._hints or MEMORY_PATTERN.search(stderr)):
            return "memory"
        if signum is not None:
            return "signal"
        return None


# ------------------------------------------------------------- 6. the server

SANDBOX_HOSTNAME = "sandbox"
# (the server's pid, its parent's) inside bwrap's pid namespace: pid 1 itself where bwrap
# knows --as-pid-1, so that no other process of the sandbox holds the control pipes (bwrap's
# init keeps its standard streams, the pipes, open, and a child of the same uid could open
# them through /proc/1/fd), and no child can stop the server (pid 1 gets no signal it does not
# handle from inside its namespace); else pid 2, below bwrap's init.
BWRAP_SERVER_PIDS = ((1, 0), (2, 1))
# The key of a request's id, which the response carries back (see Sandbox: the grader
# discards any answer that does not carry the id of its request).
REQUEST_ID = "id"
# bwrap's pid 1: its init, or the server itself (--as-pid-1); the run's processes descend
# from it either way.
BWRAP_INIT_PID = 1
PROTECTED_NAMES = ("pristine", "bin", "etc", "run", "tmp")
# How many distinct drivers a server keeps ready (a suite uses a few dozen at most).
MAX_DRIVERS = 256
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
RUN_DIR_MODE = 0o755
TMP_DIR_MODE = 0o700
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


class Spare:
    """A forked child waiting for its plan: its pid and the server's ends of its pipes."""

    def __init__(self, pid: int, ends: Dict[str, int]) -> None:
        """Hold the spare ``pid`` and the server ends of its SPARE_FDS pipes."""
        self.pid = pid
        self.ends = ends


class Server:
    """Serve run and call requests from the grader, one forked child at a time.

    The configuration (the first frame) holds: ``level`` (bwrap, unprivileged
    or rlimits), ``box`` (the sandbox directory as the server sees it, holding
    pristine/, bin/ and the per-run run/ and tmp/), ``python`` (the interpreter
    behind argv "python"), ``uid``/``gid`` (the unprivileged ids children take,
    or None), ``limits`` (cpu_s, memory_bytes, file_size_bytes, open_files,
    output_bytes, nproc, nproc_add_user_tasks), ``isolation`` (unprivileged
    only: keep, hide and private path lists), ``wipe`` (pairs of a directory
    and the names to keep in it, emptied after every run) and ``preload`` (support
    modules of pristine/ to import before any child exists).
    """

    def __init__(self, config: Dict[str, Any], control_in: int = 0, control_out: int = 1) -> None:
        """Prepare to serve ``config`` over the two control descriptors."""
        self.level: str = config["level"]
        self.box: str = config["box"]
        self.python: str = config["python"]
        self.uid: Optional[int] = config.get("uid")
        self.gid: Optional[int] = config.get("gid")
        self.limits: Dict[str, Any] = dict(config["limits"])
        self.isolation: Dict[str, List[str]] = config.get("isolation") or {}
        self.wipe: List[Any] = config.get("wipe") or []
        self.preload: List[str] = config.get("preload") or []
        self.control_in = control_in
        self.control_out = control_out
        self.kernel = Kernel()
        self.abandoned = False
        # System V IPC objects that existed before any run (never removed).
        self._ipc_before: set = set()
        self._spare: Optional[Spare] = None
        # The monitor of a held call's paused child, until it is fed to its end or released.
        self._held: Optional[RunMonitor] = None
        # Drivers seen so far, made ready once (see DriverParts); later spares inherit them.
        self._drivers: Dict[str, DriverParts] = {}
        self.pristine = os.path.join(self.box, "pristine")
        # pristine/ read into memory (see read_tree) once it is in place, unless too large.
        self.pristine_tree: Optional[List[Tuple[str, str, Any]]] = None
        self.run_dir = os.path.join(self.box, "run")
        self.tmp_dir = os.path.join(self.box, "tmp")
        self.bin_dir = os.path.join(self.box, "bin")

    def setup(self) -> None:
        """Enter the level's isolation, then load the modules drivers use.

        Raises:
            OSError: the isolation cannot be set up on this machine.
        """
        os.umask(0o022)
        # kill(-1) is only safe inside bwrap's pid namespace, where the server is pid 1
        # (bwrap --as-pid-1) or pid 2 below bwrap's init; anywhere else it would reach the
        # machine.
        if self.level == "bwrap" and (os.getpid(), os.getppid()) not in BWRAP_SERVER_PIDS:
            raise OSError("the server is not in a private pid namespace")
        if self.level == "unprivileged":
            self._isolate()
        self._make_workspace()
        if self.level != "bwrap":
            # Orphans of a run then come back to the server, which can kill them.
            self.kernel.prctl(PR_SET_CHILD_SUBREAPER, 1)
        self.kernel.prctl(PR_SET_DUMPABLE, 0)
        if self.limits.get("nproc_add_user_tasks") and self.limits.get("nproc") is not None:
            self.limits["nproc"] += count_user_tasks(os.getuid())
        for name in PRELOADED_MODULES:
            __import__(name)
        for name in self.preload:
            _preload_support(name, self.pristine)
        try:
            # Every run's working copy is written from memory: the tree is read once, here.
            self.pristine_tree = read_tree(self.pristine)
        except OSError:
            pass  # each run copies it from disk, and meets the error itself
        self._ipc_before = {(kind, ipc_id) for kind, (id_column, _) in IPC_KINDS.items()
                            for ipc_id, _ in _ipc_objects(kind, id_column)}
        # The environment of a run that asks for nothing more (see _env): children that
        # inherit it have nothing to change.
        _use_environment(self._env({}))
        # Children then never scan (and so never copy) the server's own objects.
        gc.freeze()

    def serve(self) -> None:
        """Announce readiness, then answer requests until "quit" or end of input."""
        write_all(self.control_out, encode_frame(
            {"ready": True, "pid": os.getpid(), "version": list(sys.version_info[:3])}))
        while not self.abandoned:
            request = read_frame(self.control_in)
            if request is None or request.get("op") == "quit":
                break
            # The grader's id for this request, answered with the response: taken out before
            # anything is handed to a child (the spare was forked before it was read).
            request_id = request.pop(REQUEST_ID, None)
            try:
                if request.get("op") != "feed":
                    self.release()
                response = self.handle(request)
            except Exception:  # a server failure is reported, never fatal to the grader
                response = {"error": traceback.format_exc()}
                self.release()
                self.sweep()
            response[REQUEST_ID] = request_id
            write_all(self.control_out, encode_frame(response))
            self._learn_driver(request)
            if self._held is not None:
                continue  # the paused child keeps its working copy until it ends
            # Cleaning and forking the next child happen after answering, so
            # that they overlap with the grader's own work.
            self.clean()
            try:
                self._spare = self._fork_spare()
            except OSError:
                self._spare = None
        self.release()
        self.sweep()

    def driver_parts(self, driver: str) -> Optional[DriverParts]:
        """Return ``driver`` made ready by this server earlier, or None if it was not."""
        return self._drivers.get(driver)

    def _learn_driver(self, request: Dict[str, Any]) -> None:
        """Make a call's driver ready for the next children, if it is new and compiles."""
        driver = request.get("driver")
        if (request.get("op") != "call" or not isinstance(driver, str)
                or driver in self._drivers or len(self._drivers) >= MAX_DRIVERS):
            return
        try:
            self._drivers[driver] = DriverParts(driver)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass  # the child that runs it compiles it, and reports the error

    def handle(self, request: Dict[str, Any]) -> Dict[str, Any]:
        """Answer one request: run it in the spare child (or a fresh one), feed the paused
        child ("feed"), or just confirm that the paused child is gone ("release")."""
        if request["op"] == "release":
            return {"released": True}
        if request["op"] == "feed":
            if self._held is None:
                raise ValueError("no held call is waiting to be fed")
            return self._watched(self._held.resume(request.get("payload", "null"),
                                                   float(request["timeout"])))
        plan = {
            "kind": request["op"], "argv": self._argv(request.get("argv") or []),
            "env": self._env(request), "files": request.get("files", {}),
            "driver": request.get("driver", ""), "payload": request.get("payload", "null"),
            "hold": request["op"] == "call" and bool(request.get("hold")),
        }
        spare, self._spare = self._spare, None
        if spare is None or not self._hand_over(spare, plan):
            spare = self._fork_spare()
            if not self._hand_over(spare, plan):
                raise OSError("a freshly forked child died before its run started")
        self._held = RunMonitor(self, spare.pid, spare.ends,
                                unpack_bytes(request.get("stdin", "")), float(request["timeout"]))
        return self._watched(self._held.watch())

    def _watched(self, response: Dict[str, Any]) -> Dict[str, Any]:
        """Finish the answer of the watched child: keep its monitor while it is paused,
        else sweep what it left behind."""
        if self._held is not None and self._held.held():
            return response
        self._held = None
        response["leftovers"] = not self.sweep()
        return response

    def release(self) -> None:
        """End the paused child of a held call, if any, and clean its working copy."""
        if self._held is None:
            return
        held, self._held = self._held, None
        held.end()
        self.sweep()
        self.clean()

    def _fork_spare(self) -> "Spare":
        """Fork the next run's child, which prepares itself and waits for its plan."""
        self._reset_workspace()
        server_ends, child_ends = {}, {}
        for name in SPARE_FDS:
            read_end, write_end = os.pipe()
            if name in ("stdin", "plan"):
                server_ends[name], child_ends[name] = write_end, read_end
            else:
                server_ends[name], child_ends[name] = read_end, write_end
        pid = os.fork()
        if pid == 0:
            spare_main(self, child_ends)
        for fd in child_ends.values():
            os.close(fd)
        return Spare(pid, server_ends)

    @staticmethod
    def _hand_over(spare: "Spare", plan: Dict[str, Any]) -> bool:
        """Send ``plan`` to ``spare``; if it died meanwhile, reap it and return False.

        A held call's plan pipe stays open: its later payloads are sent on it.
        """
        plan_fd = spare.ends.pop("plan")
        try:
            write_all(plan_fd, encode_frame(plan))
            if plan["hold"]:
                spare.ends["plan"] = plan_fd
                plan_fd = -1
            return True
        except OSError:
            try:
                os.kill(spare.pid, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(spare.pid, 0)
            for fd in spare.ends.values():
                os.close(fd)
            return False
        finally:
            if plan_fd >= 0:
                os.close(plan_fd)

    def _argv(self, argv: List[str]) -> List[str]:
        """Return ``argv`` with "python" replaced by the sandbox interpreter and its flags."""
        if argv and argv[0] == "python":
            return [self.python] + PYTHON_RUN_FLAGS + argv[1:]
        return list(argv)

    def _env(self, request: Dict[str, Any]) -> Dict[str, str]:
        """Return the child's whole environment: the minimal one plus the request's."""
        env = {
            "PATH": self.bin_dir + ":" + SYSTEM_PATH, "HOME": self.run_dir,
            "LANG": "C.UTF-8", "PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8",
            "TMPDIR": self.tmp_dir,
        }
        env.update(request.get("env") or {})
        return env

    def _make_workspace(self) -> None:
        """Create run/ and tmp/ once; at the unprivileged level each is a capped tmpfs.

        (At the bwrap level the whole box is a capped tmpfs already.)
        """
        for path in (self.run_dir, self.tmp_dir):
            os.makedirs(path, exist_ok=True)
            if self.level == "unprivileged":
                self.kernel.mount("tmpfs", path, "tmpfs", MS_NOSUID | MS_NODEV,
                                  WORKSPACE_MOUNT.format(uid=self.uid, size=WORKSPACE_BYTES))

    def _reset_workspace(self) -> None:
        """Make sure run/ and tmp/ are empty directories with their owner and mode.

        At the bwrap level a run may even have replaced them (say, by a
        symlink): they are then made anew rather than followed.
        """
        for path, mode in ((self.run_dir, RUN_DIR_MODE), (self.tmp_dir, TMP_DIR_MODE)):
            if os.path.islink(path) or not os.path.isdir(path):
                remove_path(path)
                os.mkdir(path, mode)
            if self.uid is not None:
                os.chown(path, self.uid, self.gid)
            os.chmod(path, mode)
            if os.listdir(path):
                empty_directory(path)

    def clean(self) -> None:
        """Remove everything the last run wrote, so that it cannot affect the next run."""
        empty_directory(self.box, PROTECTED_NAMES)
        self._reset_workspace()
        for path, keep in self.wipe:
            empty_directory(path, tuple(keep))
        self._remove_ipc_objects()

    def _remove_ipc_objects(self) -> None:
        """Remove the System V shared memory, semaphores and message queues the run made.

        They outlive every process and no rlimit counts them (a run could park gigabytes
        in shared memory). Only objects made since the server started, by the children's
        uid, are removed: at the rlimits level the grader's user may have its own.
        """
        owner = self.uid if self.uid is not None else os.getuid()
        for kind, (id_column, control) in IPC_KINDS.items():
            for ipc_id, uid in _ipc_objects(kind, id_column):
                if uid == owner and (kind, ipc_id) not in self._ipc_before:
                    self.kernel.ipc_remove(control, ipc_id)

    def sweep(self) -> bool:
        """Kill and reap every process the last run left; return whether none is left."""
        give_up = time.monotonic() + SWEEP_LIMIT_S
        while self.signal_leftovers(None):
            self._reap_orphans()
            if time.monotonic() > give_up:
                return False
            time.sleep(SWEEP_PAUSE_S)
        self._reap_orphans()
        return True

    def signal_leftovers(self, child_pid: Optional[int]) -> bool:
        """SIGKILL the run's processes as the level allows; return whether some may remain.

        bwrap: every process of the sandbox's pid namespace except the server
        (and bwrap's init).  unprivileged, and rlimits as root: every process
        of the sandbox uid.  rlimits otherwise: the child's process group and
        every child of the server.
        Below bwrap the server is a subreaper, so every process a run leaves
        behind is, or becomes, one of its children: none left means none at all.
        """
        if self.level == "bwrap":
            try:
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                return False
            return True
        if self.uid is not None:
            # unprivileged, or rlimits as root: the sandbox's uid is its own.
            self._kill_sandbox_uid()
        elif child_pid is not None:
            try:
                os.killpg(child_pid, signal.SIGKILL)
            except OSError:
                pass
        if not _has_children():
            return False
        if self.level == "rlimits":
            for pid in list_children_of(os.getpid()):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        return True

    def _kill_sandbox_uid(self) -> None:
        """kill(-1, SIGKILL) with the sandbox uid as real and effective uid, then root again."""
        os.setresuid(self.uid, self.uid, 0)
        try:
            # As root, kill(-1) would reach the whole machine.
            if os.getuid() != self.uid or os.geteuid() != self.uid:
                raise OSError("the server could not take the sandbox uid")
            os.kill(-1, signal.SIGKILL)
        except ProcessLookupError:
            pass
        finally:
            os.setresuid(0, 0, 0)

    @staticmethod
    def _reap_orphans() -> None:
        """Collect the exit status of every child that has ended."""
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return

    def _isolate(self) -> None:
        """Enter new mount, network, IPC and UTS namespaces and a root holding only the plan.

        The plan (``sandbox_host.unprivileged_view``) names the trees shown at their
        host paths; the new root is a small tmpfs they are bound into, and the server
        chroots there.  A chroot is enough because the children are never root and
        hold no capability, so they cannot leave it; nothing of the old root is
        mounted inside the new one.
        """
        plan = self.isolation
        self.kernel.unshare(CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS)
        self.kernel.mount(None, "/", None, MS_REC | MS_PRIVATE)
        import socket
        socket.sethostname(SANDBOX_HOSTNAME)
        new_root = plan["root"]
        os.makedirs(new_root, DIR_MODE, exist_ok=True)
        self.kernel.mount("tmpfs", new_root, "tmpfs", MS_NOSUID | MS_NODEV, ROOT_MOUNT)

        def inside(path: str) -> str:
            return new_root + path

        for tree in plan["trees"]:
            if os.path.islink(tree):
                os.symlink(os.readlink(tree), inside(tree))
            elif os.path.isdir(tree):
                self._bind(tree, inside(tree), read_only=True)
        os.makedirs(inside("/etc"), DIR_MODE, exist_ok=True)
        for path in plan["etc"]:
            if os.path.exists(path):
                self._bind(path, inside(path), read_only=True)
        for name in USER_FILES:
            self._bind(os.path.join(plan["users"], name), inside("/etc/" + name), read_only=True)
        for root in plan["roots"]:
            self._bind(root, inside(root), read_only=True)
        for path in plan["hide"]:
            if os.path.isdir(inside(path)):
                self.kernel.mount("tmpfs", inside(path), "tmpfs", MS_NOSUID | MS_NODEV,
                                  HIDE_MOUNT)
        self._make_dev(inside("/dev"))
        for path in plan["private"]:
            os.makedirs(inside(path), DIR_MODE, exist_ok=True)
            self.kernel.mount("tmpfs", inside(path), "tmpfs", MS_NOSUID | MS_NODEV,
                              PRIVATE_MOUNT)
        # The box comes last: it may lie inside a private folder such as /tmp.
        self._bind(plan["box"], inside(plan["box"]), read_only=False)
        os.makedirs(inside("/proc"), DIR_MODE, exist_ok=True)
        self.kernel.mount("proc", inside("/proc"), "proc", MS_NOSUID | MS_NODEV, PROC_MOUNT)
        os.chroot(new_root)
        os.chdir("/")

    def _bind(self, source: str, target: str, read_only: bool) -> None:
        """Show ``source`` (a file or a tree) at ``target`` inside the new root."""
        if os.path.isdir(source):
            os.makedirs(target, DIR_MODE, exist_ok=True)
        else:
            os.makedirs(os.path.dirname(target), DIR_MODE, exist_ok=True)
            open(target, "ab").close()
        self.kernel.mount(source, target, None, MS_BIND | MS_REC)
        if read_only:
            self.kernel.mount(None, target, None, MS_BIND | MS_REMOUNT | MS_RDONLY)

    def _make_dev(self, dev: str) -> None:
        """Make a minimal /dev at ``dev``: the harmless devices, its own ptys and shm."""
        os.makedirs(dev, DIR_MODE, exist_ok=True)
        self.kernel.mount("tmpfs", dev, "tmpfs", MS_NOSUID, HIDE_MOUNT)
        for name in DEVICES:
            if os.path.exists("/dev/" + name):
                self._bind("/dev/" + name, os.path.join(dev, name), read_only=False)
        os.makedirs(os.path.join(dev, "pts"), DIR_MODE)
        try:
            # A pty namespace of its own: no child can open the machine's terminals.
            self.kernel.mount("devpts", os.path.join(dev, "pts"), "devpts",
                              MS_NOSUID | MS_NOEXEC, PTS_MOUNT)
            os.symlink("pts/ptmx", os.path.join(dev, "ptmx"))
        except OSError:
            self._bind("/dev/pts", os.path.join(dev, "pts"), read_only=False)
            self._bind("/dev/ptmx", os.path.join(dev, "ptmx"), read_only=False)
        for name, target in DEV_LINKS:
            os.symlink(target, os.path.join(dev, name))


def _preload_support(name: str, folder: str) -> None:
    """Import the support module ``name`` (``package.module`` allowed) from ``folder``, so
    that every child starts with it loaded.

    The grader names only its own support files here, which replaced any of the
    submission's under the same name.  The top-level package is found in ``folder``
    alone and the rest through the package's own path: ``folder`` never joins
    sys.path, so nothing these modules import can come from the submission.  A module
    that cannot be loaded is left out, with whatever it loaded: the children import it
    themselves, and meet its error where they would have.
    """
    before = set(sys.modules)
    top = name.partition(".")[0]
    try:
        if top not in sys.modules:
            spec = importlib.machinery.PathFinder.find_spec(top, [folder])
            if spec is None or spec.loader is None:
                return
            module = importlib.util.module_from_spec(spec)
            sys.modules[top] = module
            spec.loader.exec_module(module)
        if not str(getattr(sys.modules[top], "__file__", "")).startswith(folder + "/"):
            return  # a module of that name was loaded before, and not from ``folder``
        importlib.import_module(name)
    except Exception:  # left to the children, as said above
        for added in set(sys.modules) - before:
            del sys.modules[added]


def _has_children() -> bool:
    """Return whether this process has any child, alive or not yet reaped (none is reaped)."""
    try:
        os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return False
    return True


def main() -> int:
    """Read the configuration frame, set up the isolation and serve; return the exit status."""
    script_dir = os.path.dirname(os.path.realpath(__file__))
    sys.path[:] = [entry for entry in sys.path
                   if os.path.realpath(entry or ".") != script_dir]
    config = read_frame(0)
    if config is None:
        return 1
    server = Server(config)
    try:
        server.setup()
    except Exception as exc:  # reported to the grader, which raises or restarts
        write_all(1, encode_frame({"ready": False, "error": "{}: {}".format(
            type(exc).__name__, exc)}))
        return 1
    server.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
