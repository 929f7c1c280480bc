"""A sandbox's lifecycle: its box and fork server, launched, entered, restarted, torn down.

:class:`SandboxLifecycle` holds one submission's temporary tree and the fork server that
serves it, and owns their whole life: the arguments checked, the box filled, the server
started and awaited, a lost server discarded, everything removed at the end.  What a grader
asks of a sandbox once it is entered (``run``, ``call``, ``feed``, ``release``) is its
subclass's, :class:`autograder.sandbox.core.SandboxCore`.
"""

import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional, Sequence, TypeVar

from .levels import level_for
from .pristine import fill_box
from .boxes import box_prefix, is_support_module, relative_name
from .bytecode import SERVER_BUNDLE_NAME
from .client import ServerLost, ServerProcess
from .layout import PythonLayout, python_layout
from .processes import PidsCgroup, UidSlot
from .results import DEFAULT_LIMITS, Limits, SandboxError
from .server.files import remove_path
from .server.protocol import Config, IsolationLevel, ServerLimits

# How long a fork server may take to start (it pre-imports doctest and friends).
START_TIMEOUT_S = 20.0
# The default of every mapping argument: empty, and shared, so never to be changed.
NO_ITEMS: Mapping[str, Any] = MappingProxyType({})
# The sandbox class ``__enter__`` returns: the subclass it is called on.
_SandboxT = TypeVar("_SandboxT", bound="SandboxLifecycle")


class SandboxLifecycle:
    """One submission's pristine tree and fork server, from launch to teardown; a context
    manager.  Its subclass :class:`autograder.sandbox.core.SandboxCore` adds the runs.

    Args:
        submission_dir: the student's folder, copied (without compiled files, and
            without folders no run needs: TOOLING_FOLDERS and virtual environments).
        support_files: name in the sandbox -> file or folder to copy there,
            after the submission, so a support file replaces a student's own.
        limits: the limits of every run.
        level: the isolation to use; None asks :meth:`default_level`.
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

    def __init__(self, submission_dir: Path, support_files: Mapping[str, Path] = NO_ITEMS,
                 limits: Limits = DEFAULT_LIMITS, level: Optional[IsolationLevel] = None,
                 python: Optional[str] = None, hide: Sequence[Path] = (),
                 modules: Sequence[str] = (), preload: Sequence[str] = ()) -> None:
        """Check the arguments; nothing starts before ``launch`` or ``__enter__``."""
        self._modules = tuple(modules)
        self.submission_dir = Path(submission_dir)
        if not self.submission_dir.is_dir():
            raise SandboxError("submission folder not found: {}".format(self.submission_dir))
        self._support = {relative_name(name): Path(source)
                         for name, source in support_files.items()}
        for source in self._support.values():
            if not source.exists():
                raise SandboxError("support file not found: {}".format(source))
        for name in preload:
            if not is_support_module(name.partition(".")[0], self._support):
                raise ValueError("preloaded module {!r} is not a support file".format(name))
        self._preload = tuple(preload)
        self.limits = limits
        self.level: IsolationLevel = level if level is not None else self.default_level()
        self._level = level_for(self.level)
        missing = self._level.missing()
        if missing is not None:
            raise SandboxError("cannot use the {} isolation level: {}".format(
                self.level.value, missing))
        self._python = os.path.realpath(python or sys.executable)
        self._hide = tuple(os.path.realpath(path) for path in hide)
        self._lock = threading.Lock()
        # The held call whose child is waiting to be fed, by number (see ``SandboxCore.feed``):
        # a child of the server, so discarding the server ends it.
        self._held: Optional[int] = None
        # The number the last held call was given (SandboxCore numbers them).
        self._sessions = 0
        # The time the runs have used, as SandboxCore.used_s counts it, and the CPU time
        # of the waiting held call's child counted in it so far.
        self._used_s = 0.0
        self._held_cpu_s = 0.0
        self._base: Optional[Path] = None
        self._layout: Optional[PythonLayout] = None
        self._server: Optional[ServerProcess] = None
        self._cgroup: Optional[PidsCgroup] = None
        self._uid_slot: Optional[UidSlot] = None
        self._bwrap_uid: Optional[int] = None
        # The process that launched the sandbox, which owns it (see _teardown).
        self._owner: Optional[int] = None
        self._entered = False

    def default_level(self) -> IsolationLevel:
        """Return the level to use when none is given: this class has none to offer.

        Raises:
            SandboxError: always; :class:`autograder.sandbox.Sandbox` tries the machine's.
        """
        raise SandboxError("no isolation level given")

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

    def __enter__(self: _SandboxT) -> _SandboxT:
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
        except (OSError, ServerLost) as exc:
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
        self._layout = self._level.interpreter(python_layout(self._python))
        self._plan_processes()
        self._make_box()
        self._server = self._spawn()

    def __exit__(self, *exc_info: Any) -> None:
        """Stop the server, kill every process of the submission and delete the copies."""
        with self._lock:
            self._teardown()

    def _plan_processes(self) -> None:
        """Choose how processes are capped and, where the level needs one, reserve a uid.

        As root a pids cgroup caps them (RLIMIT_NPROC does not bind uid 0) and counts
        refused forks; otherwise RLIMIT_NPROC does, as the level says (``Level.process_cap``).
        """
        root = os.geteuid() == 0
        self._cgroup = PidsCgroup.create() if root else None
        self._nproc: Optional[int] = None
        self._nproc_add_user_tasks = False
        self._uid_slot, self._bwrap_uid = self._level.reserve_uid(root, self._cgroup is not None)
        if self._cgroup is None:
            self._nproc, self._nproc_add_user_tasks = self._level.process_cap(
                self.limits.processes, root)

    def _make_box(self) -> None:
        """Create the temporary tree: box/pristine (submission + support), bin, etc. (in
        memory where the level may have it, see ``Level.box_parent``, else in the temporary
        directory)."""
        parent = self._level.box_parent([self.submission_dir, *self._support.values()])
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
        self._base = Path(tempfile.mkdtemp(prefix=box_prefix(os.getpid()), dir=parent))
        os.chmod(self._base, 0o711)
        fill_box(self._base / "box", self.submission_dir, self._support, self._modules,
                 self._preload, self._layout)
        if self._bwrap_uid is not None:
            for path in [self._base / "box", *(self._base / "box").rglob("*")]:
                os.chown(path, self._bwrap_uid, self._bwrap_uid, follow_symlinks=False)

    def _spawn(self) -> ServerProcess:
        """Start a fork server and send it its configuration; ``_await_ready`` waits for it.

        Raises:
            ServerLost: it stopped before reading its configuration.
            OSError: the command cannot be run.
        """
        assert self._base is not None and self._layout is not None
        box = str(self._base / "box")
        command = self._level.command(self._layout, box,
                                      os.path.join(box, "etc", SERVER_BUNDLE_NAME), self._bwrap_uid)
        if self._cgroup is not None:
            command = self._cgroup.joining(command)
        return ServerProcess.start(command, box, self._base / "server.log", self._bwrap_uid,
                                   self._config(box), time.monotonic() + START_TIMEOUT_S)

    def _await_ready(self) -> None:
        """Wait until the server says it is ready, then cap the cgroup's processes.

        Raises:
            ServerLost: it did not start (it is then killed).
        """
        assert self._server is not None
        try:
            self._server.await_ready(time.monotonic() + START_TIMEOUT_S)
            if self._cgroup is not None:
                self._cgroup.limit(self.limits.processes)
        except BaseException:
            server, self._server = self._server, None
            server.kill()
            raise

    def _config(self, box: str) -> Config:
        """Return the server's configuration (its first frame)."""
        assert self._layout is not None
        uid = (self._uid_slot.uid if self._uid_slot is not None and self._bwrap_uid is None
               else None)
        config = Config(
            level=self.level, box=box, python=self._layout.executable, uid=uid, gid=uid,
            preload=list(self._preload),
            limits=ServerLimits(
                cpu_s=self.limits.cpu_s, memory_bytes=self.limits.memory_bytes,
                file_size_bytes=self.limits.file_size_bytes, open_files=self.limits.open_files,
                output_bytes=self.limits.output_bytes, nproc=self._nproc,
                nproc_add_user_tasks=self._nproc_add_user_tasks))
        self._level.configure(config, self._layout, box, self._hide)
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
