"""Run submission code in isolated child processes: the grader's only way to execute it.

A ``Sandbox`` holds a temporary copy of one submission plus the assignment's
support files, and a fork server (``_sandbox_server.py``) running inside the
strongest isolation the machine allows.  Every ``run`` (a program) and every
``call`` (trusted driver code exec'd against the submission) gets a fresh
working copy of that tree, its own session, rlimits, a minimal environment and
a time budget; whatever it leaves behind is killed and deleted before the
result comes back.  A submission's misbehaviour is data (``RunResult.fault``),
never an exception; only grader-side problems raise ``SandboxError``.

    grader --run/call--> Sandbox --frame--> fork server --fork--> child
    grader <-RunResult-- Sandbox <-frame--- fork server <-pipes-- child

A run's ``timeout`` is its time budget, and "too slow" is judged by the CPU time
the run used, so that a grading on a busy machine gives the verdicts of a quiet one:
the server stops nothing before its wall time reaches the budget, then stops it once
its processes' CPU time reaches the budget, or once they have neither run nor waited
for a CPU for half of an interval (a program that sleeps or waits for input is judged
by the wall clock, as it always was).  A run the machine keeps from running goes on,
up to a wall-clock backstop (``backstop_s``: BACKSTOP_FACTOR times the budget plus a
margin); ``run`` and ``call`` try a run cut by the backstop once more before its
time-out counts (``RunResult.backstop`` then says so).  A fed part of a held call
cannot be tried again: its time-out counts at once.

Isolation levels (``detect_isolation`` picks the strongest that works):

BWRAP
    bubblewrap with new user, pid, network, IPC, UTS and cgroup namespaces.
    Children see /usr and the library trees read-only, the interpreter
    read-only with its site-packages covered, a handful of /etc files, their
    own /proc, /dev and /tmp, and /sandbox (pristine/ read-only; run/, the
    working copy, and tmp/, TMPDIR); nothing else of the machine.  Every
    writable place is a size-capped tmpfs.  After each run, kill(-1) inside
    the pid namespace removes every process but the server.
UNPRIVILEGED
    Root without bwrap.  Children run as a uid reserved for this sandbox
    (a distinct one per concurrent sandbox), in new mount, network, IPC and
    UTS namespaces, chrooted into a new root that holds only what they need,
    each at its host path: the system trees and the interpreter read-only with
    every site-packages and the grader's own code covered, a few /etc files,
    a minimal /dev, their own /proc (other users' processes hidden), private
    /tmp, /var/tmp, /dev/shm and /run/lock, and the box.  Nothing else of the
    machine is there: no home directory, no other checkout, no classmate's
    folder, no host socket.  The only writable places are the working copy,
    TMPDIR and the private folders, all size-capped tmpfs.  After each run
    every process of the uid is killed.
RLIMITS
    No namespaces.  rlimits and an own session only (as root, children also
    run as a uid reserved for the sandbox, and every process of it is killed
    after each run); the server is a subreaper, so
    the run's process group and every orphan it left are killed (a process
    handed to another daemon, e.g. via ``at``, escapes, as does one started
    after a submission killed the server).  Nothing is hidden, the network is
    open, the submission may write wherever its user may, and it could signal
    the grader itself.

The process limit uses a pids cgroup wherever the grader is root (uid 0 is
exempt from RLIMIT_NPROC), otherwise RLIMIT_NPROC.  Fault names come from the
server's observation of the run, refined by the cgroup's count of refused forks.

A sandbox can be *launched* (its files copied and its server started) before it is
entered, so that the server starts while the grader has other work (importing pytest,
collecting the checks): ``launch_sandboxes`` launches one per worker of a grading, and
``start_sandbox`` enters one. A process forked from the one that launched a sandbox may
use it; the launching process owns it and alone tears it down (a fork only ends a server
it started itself, in place of one that was lost).

Each sandbox's copies live in a temporary folder of its own: in memory (/dev/shm) for a
bwrap sandbox of a small tree where TMPDIR is not set, else in the temporary directory.
"""

import enum
import functools
import hmac
import importlib.machinery
import importlib.util
import json
import marshal
import os
import select
import secrets
import selectors
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from ._sandbox_host import (
    SANDBOX_DIR_INSIDE,
    SANDBOX_UID,
    PidsCgroup,
    PythonLayout,
    UidSlot,
    ask_python_layout,
    bwrap_command,
    bwrap_options,
    find_bwrap,
    private_dir_plan,
    python_layout,
    server_environment,
    unprivileged_view,
    write_user_files,
)
from ._sandbox_server import (
    COMPILED_DIR,
    FRAME_HEADER,
    MAX_FRAME_BYTES,
    MAX_REPORT_BYTES,
    REQUEST_ID,
    backstop_s,
    copy_file,
    copy_tree,
    encode_frame,
    open_pidfd,
    pack_bytes,
    remove_path,
    unpack_bytes,
)

__all__ = ["Fault", "IsolationLevel", "Limits", "RunResult", "Sandbox", "SandboxError",
           "detect_isolation", "start_sandbox"]

MIB = 1 << 20
# Random bytes in a request's id (see _ServerProcess.exchange): never guessed.
REQUEST_ID_BYTES = 16
# Where a system interpreter of the same version is looked for when the grader's own is
# out of other users' reach (the rlimits level as root).
SYSTEM_PYTHON_DIRS = ("/usr/bin", "/usr/local/bin")
# Folders of a submission that no run needs, left out of its copy: version control,
# archivers', editors' and tools' folders. Virtual environments are left out too (a folder
# with a VENV_MARKER file). Handed in by mistake, they hold thousands of files, which every
# run would copy again.
TOOLING_FOLDERS = frozenset({".git", ".hg", ".svn", "__MACOSX", ".idea", ".vscode",
                             ".mypy_cache", ".pytest_cache", ".ruff_cache",
                             ".ipynb_checkpoints", ".tox", ".nox"})
VENV_MARKER = "pyvenv.cfg"
# Files Python may import a module from (besides a package folder).
IMPORTABLE_SUFFIXES = (".py", ".pyw", ".pyc", ".so", ".pyd")
# How long a fork server may take to start (it pre-imports doctest and friends).
START_TIMEOUT_S = 20.0
# How much longer than a run's backstop (see backstop_s) the grader waits for the server's answer.
RESPONSE_GRACE_S = 5.0
# How long a stopping server may take to clean up before it is killed.
STOP_TIMEOUT_S = 2.0
# The time budget of each check detect_isolation makes.
TRIAL_TIMEOUT_S = 10.0
# Inside bwrap, bwrap's own init and the server count against the children's uid.
BWRAP_OWN_TASKS = 2
# Bytecode is made for at most this many files of at most this size (see _precompile).
PRECOMPILE_MAX_FILES = 400
PRECOMPILE_MAX_BYTES = 1 * MIB
# A folder holding this file is a package, whose modules runs import.
PACKAGE_MARKER = "__init__.py"
SERVER_FILE = Path(__file__).with_name("_sandbox_server.py")
SERVER_MODULE = __package__ + "._sandbox_server"
# The server's bytecode in a sandbox's etc/ folder (see server_bytecode).
SERVER_BYTECODE_NAME = "_sandbox_server.pyc"
# A .pyc header after its magic number: flags, then the source's date and size (PEP 552).
PYC_HEADER_REST = 12
# The flags of a hash-based .pyc checked against its source (PEP 552), which the source's
# hash then follows.
PYC_CHECKED_HASH_FLAGS = (0b11).to_bytes(4, "little")
# A .pyc's permission bits: its source's, as py_compile gives them, but never executable.
PYC_MODE_BITS = 0o666
# How many compiled files a process keeps for the next box of the same tree.
PRECOMPILED_KEPT = 256
# Where a bwrap sandbox's box is made when it may be (see _box_parent): memory, if the
# folder has this much room left, for a tree of at most this many bytes.
RAM_TEMP_DIR = "/dev/shm"
# A sandbox's folder is named after the process that made it: BOX_PREFIX, its pid, "-", and
# a random part (see remove_leftovers).
BOX_PREFIX = "autograder-sandbox-"
RAM_TEMP_MIN_FREE_BYTES = 256 * MIB
RAM_BOX_MAX_BYTES = 32 * MIB
_NO_ITEMS: Mapping[str, Any] = MappingProxyType({})


class IsolationLevel(enum.Enum):
    """How strongly submission code is separated from the machine (see the module doc)."""

    BWRAP = "bwrap"
    UNPRIVILEGED = "unprivileged"
    RLIMITS = "rlimits"


class Fault(enum.Enum):
    """Why a run did not end normally; ``RunResult.fault`` is None when it ended on its own."""

    TIMEOUT = "timeout"
    MEMORY = "memory"
    OUTPUT = "output"
    PROCESSES = "processes"
    CPU = "cpu"
    SIGNAL = "signal"
    SANDBOX = "sandbox"


# Limits are plain data, below the engine; kept importable from here.
from autograder.records import Limits  # noqa: E402

DEFAULT_LIMITS = Limits()


@dataclass
class RunResult:
    """What a run did, as observed from outside it.

    Attributes:
        returncode: exit status, or None if the process was killed by a signal.
        signal: the signal that killed it, or None.
        stdout, stderr: captured output, capped; a cut stream ends with
            b"\\n[output cut at N bytes]\\n".
        duration_s: wall-clock seconds from start to end.
        fault: why the run did not end normally, or None.
        fault_message: human text for ``fault`` ("" when None).
        observation: the JSON-decoded value a ``call`` driver reported last, or None.
        session: for a held call whose driver is waiting for more (``Sandbox.feed``), the
            session's number; None once the child has ended.
        backstop: the wall-clock backstop ended the run (a time-out): the machine was too
            busy to run it within BACKSTOP_FACTOR times its budget, and for ``run`` and
            ``call`` in a second try as well.
    """

    returncode: Optional[int]
    signal: Optional[int]
    stdout: bytes
    stderr: bytes
    duration_s: float
    fault: Optional[Fault]
    fault_message: str
    observation: Any = None
    session: Optional[int] = None
    backstop: bool = False


class SandboxError(Exception):
    """The grader cannot sandbox: bad arguments, a missing tool, or a machine that refuses."""


class _ServerLost(Exception):
    """The fork server died, hung or answered nonsense; the run is reported as a SANDBOX fault."""


# The levels that must prove themselves by a trial, strongest first (rlimits always works).
TRIED_LEVELS = (IsolationLevel.BWRAP, IsolationLevel.UNPRIVILEGED)


@functools.lru_cache(maxsize=None)
def detect_isolation() -> IsolationLevel:
    """Return the strongest isolation level this machine provides, tried once and cached.

    Each candidate level is tried for real: a sandbox starts, answers a call
    and starts a new interpreter (``python -I -S -c pass``: with a flag of its own, the run
    is exec'd, not forked from the server).
    """
    for level in TRIED_LEVELS:
        if _level_missing(level) is None and _level_works(level):
            return level
    return IsolationLevel.RLIMITS


def start_sandbox(submission_dir: Path, support_files: Mapping[str, Path],
                  limits: "Limits", level: Optional[IsolationLevel] = None,
                  modules: Sequence[str] = (), preload: Sequence[str] = (),
                  launched: Optional["Sandbox"] = None) -> "Sandbox":
    """Start and return a sandbox (the other arguments are :class:`Sandbox`'s).

    With ``level`` None and no level detected yet in this process, the strongest level the
    machine may have is given :func:`detect_isolation`'s trial on this very sandbox: where
    it works, no sandbox is started only to find that out. Where it fails, for whatever
    reason, the levels are tried as :func:`detect_isolation` tries them, on an empty
    folder, so a submission can never lower its own isolation.

    Args:
        launched: a sandbox of the same arguments from :func:`launch_sandboxes`, entered
            (and tried, as above) instead of a new one; if it cannot be, a new one starts.

    Raises:
        SandboxError: as :class:`Sandbox` does.
    """
    on_trial = level is None and detect_isolation.cache_info().currsize == 0
    if launched is None and on_trial:
        launched = _launched_at(_strongest_level(), submission_dir, support_files, limits,
                                modules, preload)
    if launched is not None:
        try:
            launched.__enter__()
        except SandboxError:
            pass
        else:
            if not on_trial or _passes_trial(launched):
                return launched
            launched.__exit__(None, None, None)
    return Sandbox(submission_dir, support_files, limits, level, modules=modules,
                   preload=preload).__enter__()


def launch_sandboxes(count: int, submission_dir: Path, support_files: Mapping[str, Path],
                     limits: "Limits", level: Optional[IsolationLevel] = None,
                     modules: Sequence[str] = (), preload: Sequence[str] = ()
                     ) -> List["Sandbox"]:
    """Launch ``count`` sandboxes (see :meth:`Sandbox.launch`) for :func:`start_sandbox` to
    enter later; the other arguments are its own.

    Returns:
        The sandboxes, at ``level``, or else at the level detected in this process, or else
        at the strongest level the machine may have (then each is tried as it is entered);
        none if one cannot be launched (each start then launches its own, and says why).
    """
    if level is None:
        level = (detect_isolation() if detect_isolation.cache_info().currsize
                 else _strongest_level())
    sandboxes = []
    for _ in range(count):
        sandbox = _launched_at(level, submission_dir, support_files, limits, modules, preload)
        if sandbox is None:
            for other in sandboxes:
                other.__exit__(None, None, None)
            return []
        sandboxes.append(sandbox)
    return sandboxes


def _strongest_level() -> Optional[IsolationLevel]:
    """Return the strongest level this machine may have (untried), or None."""
    return next((level for level in TRIED_LEVELS if _level_missing(level) is None), None)


def _launched_at(level: Optional[IsolationLevel], submission_dir: Path,
                 support_files: Mapping[str, Path], limits: "Limits",
                 modules: Sequence[str], preload: Sequence[str]) -> Optional["Sandbox"]:
    """Return a sandbox launched at ``level``, or None where there is no level or it cannot
    be launched (the start that follows says why)."""
    if level is None:
        return None
    sandbox = Sandbox(submission_dir, support_files, limits, level, modules=modules,
                      preload=preload)
    try:
        sandbox.launch()
    except SandboxError:
        return None
    return sandbox


def _level_missing(level: IsolationLevel) -> Optional[str]:
    """Return why ``level`` cannot be had on this machine, or None if it may work."""
    if level is IsolationLevel.BWRAP and find_bwrap() is None:
        return "bubblewrap (bwrap) is not installed"
    if level is IsolationLevel.UNPRIVILEGED and not (
            sys.platform.startswith("linux") and os.geteuid() == 0):
        return "the unprivileged level needs root on Linux"
    return None


def _level_works(level: IsolationLevel) -> bool:
    """Start a sandbox at ``level`` on an empty submission and check that it really works."""
    with tempfile.TemporaryDirectory() as empty:
        try:
            with Sandbox(Path(empty), level=level) as sandbox:
                return _passes_trial(sandbox)
        except SandboxError:
            return False


def _passes_trial(sandbox: "Sandbox") -> bool:
    """Return whether a started ``sandbox`` answers a call and starts a new interpreter."""
    try:
        called = sandbox.call("report(1)", timeout=TRIAL_TIMEOUT_S)
        ran = sandbox.run(["python", "-I", "-S", "-c", "pass"], timeout=TRIAL_TIMEOUT_S)
    except SandboxError:
        return False
    return called.observation == 1 and ran.returncode == 0 and ran.fault is None


def _python_for_others(layout: PythonLayout) -> str:
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


def _precompile(pristine: Path) -> None:
    """Compile the tree's importable Python files to hash-checked bytecode in __pycache__
    folders: those at the top and in its packages (folders with an ``__init__.py``).

    Every run starts from a fresh copy of the tree, so without this each run compiles every
    module it imports again (the shim package alone is thousands of lines). Compiling runs
    none of the code; the bytecode is the grader's own (the submission's __pycache__ is never
    copied), and hash-checked, so a source a run rewrites is compiled afresh, never run stale.
    A file that does not compile, is too big or lies in another folder (old versions, say,
    or a second assignment) is left to the interpreter of the run that imports it, if any.
    """
    sources = []
    pending = [str(pristine)]
    while pending and len(sources) < PRECOMPILE_MAX_FILES:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if os.path.isfile(os.path.join(entry.path, PACKAGE_MARKER)):
                        pending.append(entry.path)
                elif (entry.name.endswith(".py") and entry.is_file(follow_symlinks=False)
                      and entry.stat(follow_symlinks=False).st_size <= PRECOMPILE_MAX_BYTES):
                    sources.append(entry.path)
    for source in sources[:PRECOMPILE_MAX_FILES]:
        try:
            with open(source, "rb") as handle:
                bytecode = _hash_checked_pyc(handle.read(), os.path.relpath(source, pristine))
            if bytecode is None:
                continue
            target = _compiled_path(source)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(bytecode)
            os.chmod(target, os.stat(source).st_mode & PYC_MODE_BITS)
        except OSError:
            continue


@functools.lru_cache(maxsize=PRECOMPILED_KEPT)
def _hash_checked_pyc(source: bytes, name: str) -> Optional[bytes]:
    """Return ``source`` (the file ``name`` of a tree) compiled to a hash-checked .pyc
    (PEP 552), or None if it does not compile.

    Kept for the next box of the same files: a grading's sandboxes, one per worker, are
    launched one after another from the same tree. (The name in the code is set to the
    file's real path when a run imports it.)
    """
    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return (importlib.util.MAGIC_NUMBER + PYC_CHECKED_HASH_FLAGS
            + importlib.util.source_hash(source) + marshal.dumps(code))


@functools.lru_cache(maxsize=None)
def server_bytecode() -> bytes:
    """Return the fork server compiled, as a .pyc file for this interpreter to run.

    A script run by name is compiled at every start, and the server is thousands of lines:
    compiled once here (or read from the import system's cache of the module, which this
    process has imported), each sandbox starts its server from a copy of these bytes. (The
    header's source date and size stay zero: a .pyc run by name is not checked against a
    source.)
    """
    loader = importlib.machinery.SourceFileLoader(SERVER_MODULE, str(SERVER_FILE))
    code = loader.get_code(SERVER_MODULE)
    return importlib.util.MAGIC_NUMBER + bytes(PYC_HEADER_REST) + marshal.dumps(code)


def ask_layout_ahead() -> None:
    """Start asking this interpreter, every sandbox's by default, for its layout (the first
    thing a sandbox start needs), without waiting for the answer: a process that has other
    work before its first sandbox does it meanwhile. A process that knows a layout already
    (a grading forked by ``batch``, which learned it before forking) asks nothing."""
    if python_layout.cache_info().currsize == 0:
        ask_python_layout(os.path.realpath(sys.executable))


def learn_before_forking() -> None:
    """Learn, once in a process that is about to fork gradings or workers, what each of their
    sandboxes would otherwise find out for itself: the server's bytecode (a compile), the
    interpreter's layout (a new interpreter asked) and bubblewrap's options (its --help).
    Each fork inherits the answers."""
    # The compile holds the interpreter while the two questions wait on a child process:
    # side by side, the three take the time of the slowest. (The thread has ended before
    # any fork.)
    compiling = threading.Thread(target=_compile_server_quietly)
    compiling.start()
    try:
        python_layout(os.path.realpath(sys.executable))
    except OSError:
        pass  # each sandbox then asks again, and says what is wrong
    bwrap = find_bwrap()
    if bwrap is not None:
        bwrap_options(bwrap)
    compiling.join()


def _compile_server_quietly() -> None:
    """Compile the server's bytecode (see server_bytecode) if it can be; if not, the
    sandbox start that needs it compiles it again and reports what is wrong."""
    try:
        server_bytecode()
    except (OSError, SyntaxError, ValueError):
        pass


def _compiled_path(source: str) -> str:
    """Return where the sandbox's interpreter looks for ``source``'s bytecode: the
    __pycache__ folder beside it (the grader's own ``sys.pycache_prefix``, if any, is not
    the sandbox's: its environment is cleared)."""
    folder, name = os.path.split(source)
    stem = os.path.splitext(name)[0]
    return os.path.join(folder, COMPILED_DIR, f"{stem}.{sys.implementation.cache_tag}.pyc")


def _remove_shadows(folder: Path, names: Sequence[str]) -> None:
    """Remove from ``folder`` what Python would import instead of the files ``names``.

    For ``a2_support.py`` that is a package ``a2_support/`` or an extension module
    ``a2_support.*.so`` beside it (the import system tries packages and extensions
    before source files); only top-level Python files are concerned.
    """
    stems = {PurePosixPath(name).stem: name for name in names
             if PurePosixPath(name).suffix == ".py" and len(PurePosixPath(name).parts) == 1}
    for stem, entry in _importable_entries(folder):
        if stem in stems and entry.name != stems[stem]:
            remove_path(str(entry))


def _importable_entries(folder: Path) -> List[Tuple[str, Path]]:
    """Return (top-level import name, entry) for each entry of ``folder`` that Python could
    import: a folder (a package) or a file with an importable suffix."""
    return [(entry.name.split(".", 1)[0], entry) for entry in folder.iterdir()
            if entry.is_dir() or entry.name.endswith(IMPORTABLE_SUFFIXES)]


def remove_leftovers(pid: int) -> None:
    """Wait for child process ``pid`` to end (it was killed: a grading past its time), then
    delete what the sandboxes it launched left behind: their folders (in memory and in the
    temporary directory) and their cgroups. Its servers die with it, but nothing removes its
    files. It is not reaped here (the caller reaps it afterwards), so that no other process
    can be given its pid, by which the leftovers are named, meanwhile.
    """
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    for parent in (RAM_TEMP_DIR, tempfile.gettempdir()):
        for folder in Path(parent).glob(_box_prefix(pid) + "*"):
            try:
                remove_path(str(folder))
            except OSError:
                continue  # not this process's to remove, or gone already
    PidsCgroup.remove_leftovers(pid)


def _box_prefix(pid: int) -> str:
    """Return how the folders of the sandboxes launched by process ``pid`` begin."""
    return "{}{}-".format(BOX_PREFIX, pid)


def _box_parent(level: IsolationLevel, sources: Sequence[Path]) -> Optional[str]:
    """Return the folder to make a sandbox's box in, or None for the temporary directory.

    A bwrap sandbox's box is only ever read once it is made (bwrap shows it read-only, and
    the runs write in bwrap's own memory), so where the user has not named a temporary
    directory (TMPDIR) and the tree is small, it is made in memory (RAM_TEMP_DIR, when that
    has room): a tree of a few hundred files is made there in a tenth of the time a disk
    takes. The other levels' runs write beside the box, which stays where TMPDIR says.
    """
    if level is not IsolationLevel.BWRAP or os.environ.get("TMPDIR"):
        return None
    try:
        room = os.statvfs(RAM_TEMP_DIR)
    except OSError:
        return None
    if (not os.access(RAM_TEMP_DIR, os.W_OK | os.X_OK)
            or room.f_bavail * room.f_frsize < RAM_TEMP_MIN_FREE_BYTES
            or _bytes_over(sources, RAM_BOX_MAX_BYTES)):
        return None
    return RAM_TEMP_DIR


def _bytes_over(sources: Sequence[Path], limit: int) -> bool:
    """Return whether the files and folders ``sources`` hold more than ``limit`` bytes
    (symbolic links are not followed; the count stops once it is over)."""
    total = 0
    pending = [str(source) for source in sources]
    while pending:
        path = pending.pop()
        try:
            info = os.lstat(path)
            if stat.S_ISDIR(info.st_mode):
                pending.extend(os.path.join(path, name) for name in os.listdir(path))
            elif stat.S_ISREG(info.st_mode):
                total += info.st_size
        except OSError:
            continue  # the copy meets it, and says what is wrong
        if total > limit:
            return True
    return False


def _is_tooling_folder(entry: "os.DirEntry[str]") -> bool:
    """Return whether the submission's folder ``entry`` is one no run needs (see
    TOOLING_FOLDERS)."""
    return entry.name in TOOLING_FOLDERS or os.path.isfile(os.path.join(entry.path, VENV_MARKER))


def _is_support_module(name: str, support: Mapping[str, Path]) -> bool:
    """Return whether the top-level module ``name`` is one of the ``support`` files: a file
    ``name.py``, or a package ``name/`` with its ``__init__.py``."""
    if name + ".py" in support or name + "/" + PACKAGE_MARKER in support:
        return True
    folder = support.get(name)
    return folder is not None and (folder / PACKAGE_MARKER).is_file()


def _remove_import_name(folder: Path, name: str) -> None:
    """Remove everything in ``folder`` that Python could import as the top-level ``name``
    (``name.py``, a package ``name/``, an extension ``name.*.so``)."""
    for stem, entry in _importable_entries(folder):
        if stem == name:
            remove_path(str(entry))


def _relative_name(name: str) -> str:
    """Return ``name`` if it is a relative path that stays inside the sandbox.

    Raises:
        ValueError: ``name`` is empty, absolute or climbs out with "..".
    """
    path = PurePosixPath(name)
    if not name or path.is_absolute() or ".." in path.parts:
        raise ValueError("file name must be relative and stay inside the sandbox: {!r}".format(
            name))
    return str(path)


def _variable(text: str, name: Optional[str] = None) -> str:
    """Return ``text`` if it can be an environment variable's name (or, with ``name``, value).

    Raises:
        ValueError: it holds a NUL, or it is a name that is empty or holds "=".
    """
    if "\0" in text or (name is None and (not text or "=" in text)):
        raise ValueError("invalid environment variable {!r}".format(name or text))
    return text


class _ServerProcess:
    """One running fork server and the two pipes to it."""

    def __init__(self, popen: "subprocess.Popen[bytes]", log_path: Path) -> None:
        """Talk to ``popen`` through its stdin/stdout; its stderr goes to ``log_path``."""
        self._popen = popen
        self._log_path = log_path
        # Only the process that started the server can wait for it (see started_here).
        self._parent = os.getpid()
        assert popen.stdin is not None and popen.stdout is not None
        self._to_server = popen.stdin.fileno()
        self._from_server = popen.stdout.fileno()
        os.set_blocking(self._to_server, False)
        os.set_blocking(self._from_server, False)

    def started_here(self) -> bool:
        """Return whether this process started the server (not a fork of the one that did)."""
        return os.getpid() == self._parent

    def exchange(self, message: Dict[str, Any], deadline: float) -> Dict[str, Any]:
        """Send ``message`` and return the server's answer, both before ``deadline``.

        The request carries a fresh unguessable id, which the server takes out before any
        child sees the request and puts in its answer: an answer without it (written by
        anything but the server, for a request it never saw) is no answer.

        Raises:
            _ServerLost: the server died, hung or answered nonsense, or the answer is not
                the one to this request.
        """
        request_id = secrets.token_hex(REQUEST_ID_BYTES)
        try:
            self.send(dict(message, **{REQUEST_ID: request_id}), deadline)
            answer = self.answer(deadline)
        except KeyboardInterrupt:
            # Ctrl-C in mid-request: the server is still busy with it, and nothing after
            # would be answered before the run ends; it is stopped now, not waited for.
            self.kill()
            raise
        if not hmac.compare_digest(str(answer.pop(REQUEST_ID, "")), request_id):
            raise _ServerLost("the sandbox's answer was not the server's answer to this request")
        return answer

    def send(self, message: Dict[str, Any], deadline: float) -> None:
        """Send ``message`` to the server before ``deadline``, without waiting for an answer.

        Raises:
            _ServerLost: the server stopped reading.
        """
        self._send(encode_frame(message), deadline)

    def answer(self, deadline: float) -> Dict[str, Any]:
        """Return the server's next answer, read before ``deadline``.

        Raises:
            _ServerLost: the server died, hung or answered nonsense.
        """
        header = self._receive(FRAME_HEADER.size, deadline)
        (size,) = FRAME_HEADER.unpack(header)
        if size > MAX_FRAME_BYTES:
            raise _ServerLost("the sandbox server sent a frame of {} bytes".format(size))
        try:
            answer = json.loads(self._receive(size, deadline).decode("utf-8"))
        except ValueError as exc:
            raise _ServerLost("the sandbox server sent a garbled answer") from exc
        if not isinstance(answer, dict):
            raise _ServerLost("the sandbox server sent a garbled answer")
        return answer

    def _send(self, data: bytes, deadline: float) -> None:
        """Write ``data`` to the server before ``deadline``."""
        view = memoryview(data)
        with selectors.DefaultSelector() as selector:
            selector.register(self._to_server, selectors.EVENT_WRITE)
            while view:
                if not selector.select(max(0.0, deadline - time.monotonic())):
                    raise _ServerLost("the sandbox server stopped reading")
                try:
                    view = view[os.write(self._to_server, view):]
                except BlockingIOError:
                    continue
                except OSError as exc:
                    raise _ServerLost(self._death_note()) from exc

    def _receive(self, size: int, deadline: float) -> bytes:
        """Read exactly ``size`` bytes from the server before ``deadline``."""
        chunks: List[bytes] = []
        with selectors.DefaultSelector() as selector:
            selector.register(self._from_server, selectors.EVENT_READ)
            while size:
                if not selector.select(max(0.0, deadline - time.monotonic())):
                    raise _ServerLost("the sandbox server did not answer in time")
                try:
                    chunk = os.read(self._from_server, min(size, MIB))
                except BlockingIOError:
                    continue
                if not chunk:
                    raise _ServerLost(self._death_note())
                chunks.append(chunk)
                size -= len(chunk)
        return b"".join(chunks)

    def _death_note(self) -> str:
        """Describe how the server ended, with the last line it logged."""
        status = None  # a fork of the process that started the server cannot learn it
        try:
            if self.started_here():
                status = self._popen.wait(STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            pass
        try:
            lines = self._log_path.read_text("utf-8", "replace").strip().splitlines()
        except OSError:
            lines = []
        last = ": " + lines[-1] if lines else ""
        return "the sandbox server ended (status {}){}".format(status, last)

    def stop(self) -> None:
        """Ask the server to clean up and quit, then make sure it is gone."""
        try:
            self._send(encode_frame({"op": "quit"}), time.monotonic() + STOP_TIMEOUT_S)
            self._wait_for_exit(STOP_TIMEOUT_S)
        except (_ServerLost, subprocess.TimeoutExpired):
            pass
        self.kill()

    def _wait_for_exit(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the server to exit.

        Woken by the exit itself through a pidfd where there is one (Popen.wait with a
        timeout sleeps in growing steps, which costs most of a stop).

        Raises:
            subprocess.TimeoutExpired: it did not exit in time.
        """
        pidfd = open_pidfd(self._popen.pid)
        if pidfd is None:
            self._popen.wait(timeout)
            return
        try:
            if not select.select([pidfd], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired(self._popen.args, timeout)
        finally:
            os.close(pidfd)
        self._popen.wait(timeout)

    def forget(self) -> None:
        """Close this process's ends of the pipes, leaving the server to the process that
        started it (this one is a fork of it)."""
        for stream in (self._popen.stdin, self._popen.stdout):
            if stream is not None:
                stream.close()

    def kill(self) -> None:
        """SIGKILL the server's process group (for bwrap: the whole sandbox) and reap it
        (a fork of the process that started it only kills: the starter reaps)."""
        mine = self.started_here()
        if not mine or self._popen.poll() is None:
            try:
                os.killpg(self._popen.pid, signal.SIGKILL)
            except OSError:
                pass
            if mine:
                self._popen.wait()
        self.forget()


class Sandbox:
    """One submission's sandbox: a pristine tree and a fork server; a context manager.

    Args:
        submission_dir: the student's folder, copied (without compiled files, and
            without folders no run needs: TOOLING_FOLDERS and virtual environments).
        support_files: name in the sandbox -> file or folder to copy there,
            after the submission, so a support file replaces a student's own.
        limits: the limits of every run.
        level: the isolation to use; None picks ``detect_isolation()``.
        python: the interpreter behind argv "python" and the server
            (default: this one's real executable); Python 3.9 or newer.
        hide: more folders to cover at the unprivileged level, besides the
            grader's own code, site-packages and home folders (bwrap shows
            nothing outside the sandbox anyway; rlimits cannot hide).
        modules: the graded files (``a2.py``): like the support files, nothing
            else of the same import name (an ``a2/`` package, an ``a2.so``) is
            copied beside them, so the file that runs is the file that is read.
        preload: support modules (``pkg``, ``pkg.module``) the server imports once,
            before any child exists, so that no run imports them again; only
            modules whose import does nothing but define names belong here.

    Raises:
        SandboxError: the submission folder or a support file is missing, or
            the forced ``level`` cannot be had here.
        ValueError: a support file name is absolute or climbs out with "..", or a
            preloaded module is not one of the support files.
    """

    def __init__(self, submission_dir: Path, support_files: Mapping[str, Path] = _NO_ITEMS,
                 limits: Limits = DEFAULT_LIMITS, level: Optional[IsolationLevel] = None,
                 python: Optional[str] = None, hide: Sequence[Path] = (),
                 modules: Sequence[str] = (), preload: Sequence[str] = ()) -> None:
        """Check the arguments; nothing starts before ``launch`` or ``__enter__``."""
        self._modules = tuple(modules)
        self.submission_dir = Path(submission_dir)
        if not self.submission_dir.is_dir():
            raise SandboxError("submission folder not found: {}".format(self.submission_dir))
        self._support = {_relative_name(name): Path(source)
                         for name, source in support_files.items()}
        for source in self._support.values():
            if not source.exists():
                raise SandboxError("support file not found: {}".format(source))
        for name in preload:
            if not _is_support_module(name.partition(".")[0], self._support):
                raise ValueError("preloaded module {!r} is not a support file".format(name))
        self._preload = tuple(preload)
        self.limits = limits
        self.level: IsolationLevel = level if level is not None else detect_isolation()
        missing = _level_missing(self.level)
        if missing is not None:
            raise SandboxError("cannot use the {} isolation level: {}".format(
                self.level.value, missing))
        self._python = os.path.realpath(python or sys.executable)
        self._hide = tuple(os.path.realpath(path) for path in hide)
        self._lock = threading.Lock()
        # The held call whose child is waiting to be fed, by number (see ``feed``).
        self._held: Optional[int] = None
        self._sessions = 0
        self._base: Optional[Path] = None
        self._layout: Optional[PythonLayout] = None
        self._server: Optional[_ServerProcess] = None
        self._cgroup: Optional[PidsCgroup] = None
        self._uid_slot: Optional[UidSlot] = None
        self._bwrap_uid: Optional[int] = None
        # The process that launched the sandbox, which owns it (see _teardown).
        self._owner: Optional[int] = None
        self._entered = False

    def launch(self) -> None:
        """Copy the submission and support files and start the fork server, without waiting
        for it to be ready: ``__enter__`` waits. A process with other work before its first
        run launches its sandbox first, and the server starts meanwhile.

        A process forked from this one may enter and use the sandbox; this process owns it,
        and only its ``__exit__`` stops the server and deletes the copies.

        Raises:
            SandboxError: it is launched already, a file cannot be copied or the server
                cannot be started.
        """
        with self._lock:
            if self._base is not None:
                raise SandboxError("this Sandbox is already launched")
            self._starting(self._launch)

    def __enter__(self) -> "Sandbox":
        """Launch the sandbox, unless it is launched already, and wait until its server is
        ready.

        Raises:
            SandboxError: it runs already, a file cannot be copied or the server cannot start.
        """
        with self._lock:
            if self._entered:
                raise SandboxError("this Sandbox is already running")
            if self._base is None:
                self._starting(self._launch)
            self._starting(self._await_ready)
            self._entered = True
        return self

    def _starting(self, step: Callable[[], None]) -> None:
        """Take one step of the start; if it fails, stop what has started.

        Raises:
            SandboxError: the step could not copy a file or start the server.
        """
        try:
            step()
        except (OSError, _ServerLost) as exc:
            self._teardown()
            raise SandboxError("cannot start the {} sandbox: {}".format(
                self.level.value, exc)) from exc
        except BaseException:
            self._teardown()
            raise

    def _launch(self) -> None:
        """Find the interpreter's layout, plan the processes, make the box and start the
        server with its configuration."""
        self._owner = os.getpid()
        self._layout = python_layout(self._python)
        if self.level is IsolationLevel.RLIMITS and os.geteuid() == 0:
            # Children take an unprivileged uid, which must reach the interpreter.
            self._layout = python_layout(_python_for_others(self._layout))
        self._plan_processes()
        self._make_box()
        self._server = self._spawn()

    def __exit__(self, *exc_info: Any) -> None:
        """Stop the server, kill every process of the submission and delete the copies."""
        with self._lock:
            self._teardown()

    def run(self, argv: Sequence[str], stdin: bytes = b"", files: Mapping[str, bytes] = _NO_ITEMS,
            timeout: Optional[float] = None, env: Mapping[str, str] = _NO_ITEMS) -> RunResult:
        """Run a program in a fresh working copy and return what it did.

        Args:
            argv: the command; argv[0] "python" is the sandbox's interpreter
                with flags -E -s, so a script's folder is on its sys.path
                (``python SCRIPT.py`` and ``python -c CODE`` start in a fork of the
                server, which shows the program what that command would).
            stdin: bytes fed to the program's stdin.
            files: extra files (relative name -> bytes) written into the copy first.
            timeout: the run's time budget in seconds (default ``limits.wall_s``), judged
                as the module doc says.
            env: variables added to the minimal environment.

        Raises:
            SandboxError: the sandbox is not entered.
            ValueError: ``argv`` is empty or a file name leaves the sandbox.
        """
        if not argv:
            raise ValueError("argv must name a program")
        request = {"op": "run", "argv": [str(arg) for arg in argv]}
        return self._execute(request, stdin, files, timeout, env)

    def call(self, driver: str, payload: Any = None, stdin: bytes = b"",
             files: Mapping[str, bytes] = _NO_ITEMS, timeout: Optional[float] = None,
             env: Mapping[str, str] = _NO_ITEMS, hold: bool = False) -> RunResult:
        """Exec trusted ``driver`` source in a fresh forked child against the submission.

        The child's working directory is the run's fresh copy, which is also
        sys.path[0].  The driver's globals hold ``payload`` (a JSON round trip
        of the argument) and ``report(value)``, whose last JSON-serialisable
        value becomes ``RunResult.observation``.  Exceptions, sys.exit and
        os._exit in the driver or the submission only end the child.

        With ``hold``, the driver may also call ``more()``: the call then returns what the
        child did so far with a ``session`` number while the child waits, and ``feed``
        gives it its next payload (``more()`` returns it). The next ``run`` or ``call``,
        ``release``, or leaving the sandbox ends a waiting child first, so no two runs
        ever share a process; ``more()`` returns None when the call is not held.

        Args:
            driver: Python source, trusted (written by the suite).
            payload: a JSON-serialisable value for the driver.
            stdin, files, timeout, env: as for ``run``.
            hold: whether the driver may wait for more payloads.

        Raises:
            SandboxError: the sandbox is not entered.
            TypeError: ``payload`` is not JSON-serialisable.
            ValueError: a file name leaves the sandbox.
        """
        request = {"op": "call", "driver": driver, "payload": json.dumps(payload), "hold": hold}
        return self._execute(request, stdin, files, timeout, env)

    def feed(self, session: int, payload: Any = None, timeout: Optional[float] = None
             ) -> RunResult:
        """Give the waiting child of held call ``session`` its next payload; return what it
        did from then until it waited again (``session`` set) or ended.

        Args:
            session: the number a held call's result gave.
            payload: a JSON-serialisable value, returned by the driver's ``more()``.
            timeout: the time budget in seconds of this part (default ``limits.wall_s``);
                time the child spends waiting to be fed belongs to no part.

        Raises:
            SandboxError: the sandbox is not entered, or ``session`` is not waiting (it
                ended, or another run or ``release`` ended it): see ``waiting``.
            TypeError: ``payload`` is not JSON-serialisable.
        """
        if not self.waiting(session):
            raise SandboxError("session {} is not waiting to be fed".format(session))
        return self._exchange({"op": "feed", "payload": json.dumps(payload)}, timeout)

    def waiting(self, session: Optional[int]) -> bool:
        """Return whether held call ``session``'s child still waits to be fed."""
        return session is not None and self._held == session

    def release(self) -> None:
        """End the waiting child of a held call, if there is one."""
        with self._lock:
            if self._held is None or self._server is None:
                return
            self._held = None
            try:
                answer = self._server.exchange({"op": "release"},
                                               time.monotonic() + RESPONSE_GRACE_S)
            except (_ServerLost, OSError):
                answer = {"error": "lost"}
            if "error" in answer:
                self._discard_server()

    def _execute(self, request: Dict[str, Any], stdin: bytes, files: Mapping[str, bytes],
                 timeout: Optional[float], env: Mapping[str, str]) -> RunResult:
        """Send one run request to the server (restarting it if needed) and build the result.

        A run cut by the backstop is run again once, from the start: the machine, not the
        submission, kept it from running, and the second try's result is the one returned.
        """
        request.update(stdin=pack_bytes(bytes(stdin)),
                       files={_relative_name(name): pack_bytes(bytes(data))
                              for name, data in files.items()},
                       env={_variable(key): _variable(value, key) for key, value in env.items()})
        result = self._exchange(request, timeout)
        if result.backstop:
            result = self._exchange(request, timeout)
        return result

    def _exchange(self, request: Dict[str, Any], timeout: Optional[float]) -> RunResult:
        """Send ``request`` to the server (restarting it if needed) and build the result.

        Any request but "feed" ends a waiting held call first (the server does the same).
        """
        limit = self.limits.wall_s if timeout is None else float(timeout)
        request["timeout"] = limit
        with self._lock:
            if not self._entered:
                raise SandboxError("a Sandbox runs code only inside its with block")
            started = time.monotonic()
            refused_before = self._cgroup.refusals() if self._cgroup is not None else 0
            # A feed goes on with the waiting session; anything else ends it first.
            session, self._held = self._held, None
            try:
                if self._server is None:
                    self._server = self._spawn()
                    self._await_ready()
                response = self._server.exchange(
                    request, started + backstop_s(limit) + RESPONSE_GRACE_S)
            except (_ServerLost, OSError) as lost:
                self._discard_server()
                return self._failure(str(lost), started)
            except BaseException:
                # Interrupted mid-exchange (say, by the trusted side's own
                # timeout): an answer may still be on its way, so this server
                # can no longer be trusted to answer the next request in turn.
                self._discard_server()
                raise
            if "error" in response:
                self._discard_server()
                last_line = (str(response["error"]).strip().splitlines() or ["?"])[-1]
                return self._failure("the sandbox server failed: " + last_line, started)
            if response.get("leftovers"):
                self._discard_server()
            if response.get("held"):
                if request["op"] != "feed":
                    self._sessions += 1
                    session = self._sessions
                self._held = session
            return self._result(response, limit, refused_before)

    def _result(self, response: Dict[str, Any], timeout: float, refused_before: int) -> RunResult:
        """Turn a server response into a RunResult with a fault message."""
        fault_name = response["fault"]
        ended_badly = not response.get("held") and (fault_name is not None
                                                     or response["returncode"] != 0)
        if (self._cgroup is not None and ended_badly and fault_name != Fault.OUTPUT.value
                and self._cgroup.refusals() > refused_before):
            fault_name = Fault.PROCESSES.value
        fault = Fault(fault_name) if fault_name is not None else None
        observation = None
        if response["observation"] is not None:
            try:
                observation = json.loads(response["observation"])
            except (ValueError, RecursionError):
                observation = None
        return RunResult(
            returncode=response["returncode"], signal=response["signal"],
            stdout=unpack_bytes(response["stdout"]), stderr=unpack_bytes(response["stderr"]),
            duration_s=response["duration_s"], fault=fault,
            fault_message=self._describe(fault, response, timeout), observation=observation,
            session=self._held, backstop=response.get("stop_reason") == "backstop")

    def _describe(self, fault: Optional[Fault], response: Dict[str, Any], timeout: float) -> str:
        """Return the human text for ``fault``."""
        if fault is None:
            return ""
        if fault is Fault.OUTPUT and response.get("stop_reason") == "observation":
            return "report larger than {} bytes".format(MAX_REPORT_BYTES)
        if fault is Fault.TIMEOUT and response.get("stop_reason") == "backstop":
            return "timed out: still running after {:g} s, on a machine too busy to run it".format(
                backstop_s(timeout))
        texts = {
            Fault.TIMEOUT: "timed out after {:g} s".format(timeout),
            Fault.MEMORY: "memory limit ({:g} MiB)".format(self.limits.memory_bytes / MIB),
            Fault.OUTPUT: "output cut at {} bytes".format(self.limits.output_bytes),
            Fault.PROCESSES: "process limit ({})".format(self.limits.processes),
            Fault.CPU: "CPU time limit ({} s)".format(self.limits.cpu_s),
            Fault.SIGNAL: "killed by signal {}".format(response["signal"]),
            Fault.SANDBOX: "sandbox failure",
        }
        return texts[fault]

    @staticmethod
    def _failure(reason: str, started: float) -> RunResult:
        """Return the result of a run the sandbox itself could not carry out."""
        return RunResult(returncode=None, signal=None, stdout=b"", stderr=b"",
                         duration_s=time.monotonic() - started, fault=Fault.SANDBOX,
                         fault_message="sandbox failure: " + reason)

    def _plan_processes(self) -> None:
        """Choose how processes are capped and, where needed, reserve a uid.

        As root a pids cgroup caps them (RLIMIT_NPROC does not bind uid 0) and
        counts refused forks; otherwise RLIMIT_NPROC does.  The unprivileged
        level reserves a uid; so does the rlimits level as root (student code
        never runs as root, and every process of that uid is swept after each
        run, double-forked or not); so does bwrap as root without a cgroup,
        which then runs bwrap itself as that uid so that RLIMIT_NPROC binds.
        At the rlimits level without root, RLIMIT_NPROC counts all the user's
        processes, so the server adds the number it finds running when it starts.
        """
        root = os.geteuid() == 0
        self._cgroup = PidsCgroup.create() if root else None
        self._nproc: Optional[int] = None
        self._nproc_add_user_tasks = False
        if self.level is IsolationLevel.UNPRIVILEGED or (
                self.level is IsolationLevel.RLIMITS and root):
            self._uid_slot = UidSlot.acquire()
        elif self.level is IsolationLevel.BWRAP and root and self._cgroup is None:
            self._uid_slot = UidSlot.acquire()
            self._bwrap_uid = self._uid_slot.uid
        if self._cgroup is not None:
            return
        # Without a cgroup, RLIMIT_NPROC caps the processes of the children's uid.
        self._nproc = self.limits.processes
        if self.level is IsolationLevel.BWRAP:
            self._nproc += BWRAP_OWN_TASKS
        elif self.level is IsolationLevel.RLIMITS and not root:
            self._nproc_add_user_tasks = True

    def _make_box(self) -> None:
        """Create the temporary tree: box/pristine (submission + support), bin, etc. (in
        memory where it may be, see ``_box_parent``, else in the temporary directory)."""
        parent = _box_parent(self.level, [self.submission_dir, *self._support.values()])
        if parent is not None:
            try:
                self._fill_box(parent)
                return
            except OSError:  # out of room there, say: the temporary directory has more
                self._remove_base()
        self._fill_box(None)

    def _fill_box(self, parent: Optional[str]) -> None:
        """Create the temporary tree in folder ``parent`` (None: the temporary directory)."""
        assert self._layout is not None
        self._base = Path(tempfile.mkdtemp(prefix=_box_prefix(os.getpid()), dir=parent))
        os.chmod(self._base, 0o711)
        box = self._base / "box"
        pristine = box / "pristine"
        pristine.mkdir(parents=True)
        copy_tree(str(self.submission_dir), str(pristine), skip_compiled=True, skip_links=True,
                  skip_folder=_is_tooling_folder)
        _remove_shadows(pristine, list(self._support) + list(self._modules))
        for name in {module.partition(".")[0] for module in self._preload}:
            # The server imports these: nothing of the submission's may be left in or
            # beside them under their import name (a module added to the package, say).
            _remove_import_name(pristine, name)
        for name, source in self._support.items():
            target = pristine / name
            target.parent.mkdir(parents=True, exist_ok=True)
            # Whatever the submission had under this name goes first: nothing is followed.
            remove_path(str(target))
            if source.is_dir():
                target.mkdir(exist_ok=True)
                copy_tree(str(source), str(target))
            else:
                copy_file(str(source), str(target))
        (box / "bin").mkdir()
        for name in ("python", "python3"):
            (box / "bin" / name).symlink_to(self._layout.executable)
        write_user_files(str(box / "etc"), SANDBOX_UID)
        if os.path.realpath(sys.executable) == self._layout.executable:
            _precompile(pristine)
            (box / "etc" / SERVER_BYTECODE_NAME).write_bytes(server_bytecode())
        if self._bwrap_uid is not None:
            for path in [box, *box.rglob("*")]:
                os.chown(path, self._bwrap_uid, self._bwrap_uid, follow_symlinks=False)

    def _spawn(self) -> _ServerProcess:
        """Start a fork server and send it its configuration; ``_await_ready`` waits for it.

        Raises:
            _ServerLost: it stopped before reading its configuration.
            OSError: the command cannot be run.
        """
        assert self._base is not None and self._layout is not None
        box = str(self._base / "box")
        log_path = self._base / "server.log"
        command = self._command(box)
        if self._cgroup is not None:
            command = self._cgroup.joining(command)
        with open(log_path, "ab") as log:
            popen = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                cwd=box, env=server_environment(), start_new_session=True,
                preexec_fn=self._preexec())
        server = _ServerProcess(popen, log_path)
        try:
            server.send(self._config(box), time.monotonic() + START_TIMEOUT_S)
        except BaseException:
            server.kill()
            raise
        return server

    def _await_ready(self) -> None:
        """Wait until the server says it is ready, then cap the cgroup's processes.

        Raises:
            _ServerLost: it did not start (it is then killed).
        """
        assert self._server is not None
        try:
            ready = self._server.answer(time.monotonic() + START_TIMEOUT_S)
            if not ready.get("ready"):
                raise _ServerLost(str(ready.get("error", "the sandbox server did not start")))
            if self._cgroup is not None:
                self._cgroup.limit(self.limits.processes)
        except BaseException:
            server, self._server = self._server, None
            server.kill()
            raise

    def _command(self, box: str) -> List[str]:
        """Return the command that starts the server at this sandbox's level."""
        assert self._layout is not None
        compiled = os.path.join(box, "etc", SERVER_BYTECODE_NAME)
        server = compiled if os.path.isfile(compiled) else str(SERVER_FILE)
        if self.level is IsolationLevel.BWRAP:
            bwrap = find_bwrap()
            assert bwrap is not None, "checked in __init__"
            privileged = os.geteuid() == 0 and self._bwrap_uid is None
            return bwrap_command(bwrap, self._layout, box, server, privileged)
        return [self._layout.executable, "-s", "-B", server]

    def _preexec(self) -> Optional[Callable[[], None]]:
        """Return what the server's process does before exec: for bwrap as root without a
        cgroup, become the reserved uid. (A cgroup is joined by the command itself, see
        ``PidsCgroup.joining``: without a Python function to run, the process is started
        without copying this one.)"""
        uid = self._bwrap_uid
        if uid is None:
            return None

        def prepare() -> None:
            """Become the reserved uid."""
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)

        return prepare

    def _config(self, box: str) -> Dict[str, Any]:
        """Return the server's configuration frame."""
        assert self._layout is not None
        uid = (self._uid_slot.uid if self._uid_slot is not None and self._bwrap_uid is None
               else None)
        config: Dict[str, Any] = {
            "level": self.level.value, "box": box, "python": self._layout.executable,
            "uid": uid, "gid": uid, "isolation": None, "wipe": [],
            "preload": list(self._preload),
            "limits": {
                "cpu_s": self.limits.cpu_s, "memory_bytes": self.limits.memory_bytes,
                "file_size_bytes": self.limits.file_size_bytes,
                "open_files": self.limits.open_files, "output_bytes": self.limits.output_bytes,
                "nproc": self._nproc, "nproc_add_user_tasks": self._nproc_add_user_tasks,
            },
        }
        if self.level is IsolationLevel.BWRAP:
            config.update(box=SANDBOX_DIR_INSIDE, wipe=[("/tmp", []), ("/dev/shm", [])])
        elif self.level is IsolationLevel.UNPRIVILEGED:
            config["isolation"] = unprivileged_view(self._layout, box, self._hide)
            config["wipe"] = private_dir_plan(box)
        return config

    def _discard_server(self) -> None:
        """Kill a broken server and everything of the submission; the next run starts anew."""
        self._held = None
        if self._server is not None:
            self._server.kill()
            self._server = None
        if self._uid_slot is not None:
            self._uid_slot.kill_processes()
        if self._cgroup is not None:
            self._cgroup.kill_all()

    def _teardown(self) -> None:
        """Stop everything and delete the temporary tree (safe to call more than once).

        In a process forked from the sandbox's owner, only a server this process started
        (in place of a lost one) is stopped: the rest is the owner's, which tears it down.
        """
        self._entered = False
        if self._owner is not None and os.getpid() != self._owner:
            server, self._server = self._server, None
            if server is not None and server.started_here():
                server.stop()
            elif server is not None:
                server.forget()
            self._base = self._cgroup = self._uid_slot = None
            return
        if self._server is not None:
            self._server.stop()
            self._server = None
        if self._uid_slot is not None:
            self._uid_slot.release()
            self._uid_slot = None
        if self._cgroup is not None:
            self._cgroup.remove()
            self._cgroup = None
        self._remove_base()

    def _remove_base(self) -> None:
        """Delete the temporary tree, if there is one.

        Raises:
            SandboxError: it cannot be removed.
        """
        if self._base is not None:
            base, self._base = self._base, None
            try:
                remove_path(str(base))
            except OSError as exc:
                raise SandboxError("cannot remove the sandbox folder {}: {}".format(
                    base, exc)) from exc
