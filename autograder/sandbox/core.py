"""The Sandbox: one submission's isolated fork server and the runs it makes."""

import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional, Sequence

from .levels import level_for
from .pristine import fill_box
from .boxes import (box_prefix, is_support_module, relative_name,
                    variable)
from .bytecode import SERVER_BUNDLE_NAME
from .client import ServerLost, ServerProcess
from .layout import PythonLayout, python_layout
from .processes import PidsCgroup, UidSlot
from .results import failed_run, run_result, DEFAULT_LIMITS, Limits, RunResult, SandboxError
from .server.files import remove_path
from .server.frames import pack_bytes
from .server.protocol import (Config, Fault, IsolationLevel, Op, Request,
                              Response, ServerLimits)
from .server.usage import backstop_s

# How long a fork server may take to start (it pre-imports doctest and friends).
START_TIMEOUT_S = 20.0
# How much longer than a run's backstop (see backstop_s) the grader waits for the server's answer.
RESPONSE_GRACE_S = 5.0
# Inside bwrap, bwrap's own init and the server count against the children's uid.
BWRAP_OWN_TASKS = 2
_NO_ITEMS: Mapping[str, Any] = MappingProxyType({})


class SandboxCore:
    """One submission's sandbox: a pristine tree and a fork server; a context manager.

    Its subclass :class:`autograder.sandbox.Sandbox` (in trial.py) is the one to use: it
    finds the level to use where none is given, by trying the levels with sandboxes of this
    class (so this class never asks for the trial).

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

    def __init__(self, submission_dir: Path, support_files: Mapping[str, Path] = _NO_ITEMS,
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
        # The held call whose child is waiting to be fed, by number (see ``feed``).
        self._held: Optional[int] = None
        self._sessions = 0
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

    def __enter__(self) -> "SandboxCore":
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
        request = Request(op=Op.RUN, argv=[str(arg) for arg in argv])
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
        request = Request(op=Op.CALL, driver=driver, payload=json.dumps(payload), hold=hold)
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
        return self._exchange(Request(op=Op.FEED, payload=json.dumps(payload)), timeout)

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
                answer = self._server.exchange(Request(op=Op.RELEASE),
                                               time.monotonic() + RESPONSE_GRACE_S)
            except (ServerLost, OSError):
                answer = Response(error="lost")
            if answer.error is not None:
                self._discard_server()

    def _execute(self, request: Request, stdin: bytes, files: Mapping[str, bytes],
                 timeout: Optional[float], env: Mapping[str, str]) -> RunResult:
        """Send one run request to the server (restarting it if needed) and build the result.

        A run cut by the backstop is run again once, from the start: the machine, not the
        submission, kept it from running, and the second try's result is the one returned.
        """
        request.stdin = pack_bytes(bytes(stdin))
        request.files = {relative_name(name): pack_bytes(bytes(data))
                         for name, data in files.items()}
        request.env = {variable(key): variable(value, key) for key, value in env.items()}
        result = self._exchange(request, timeout)
        if result.backstop:
            result = self._exchange(request, timeout)
        return result

    def _exchange(self, request: Request, timeout: Optional[float]) -> RunResult:
        """Send ``request`` to the server (restarting it if needed) and build the result.

        Any request but "feed" ends a waiting held call first (the server does the same).
        """
        limit = self.limits.wall_s if timeout is None else float(timeout)
        request.timeout = limit
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
            except (ServerLost, OSError) as lost:
                self._discard_server()
                return failed_run(str(lost), started)
            except BaseException:
                # Interrupted mid-exchange (say, by the trusted side's own
                # timeout): an answer may still be on its way, so this server
                # can no longer be trusted to answer the next request in turn.
                self._discard_server()
                raise
            if response.error is not None:
                self._discard_server()
                last_line = (response.error.strip().splitlines() or ["?"])[-1]
                return failed_run("the sandbox server failed: " + last_line, started)
            if response.leftovers:
                self._discard_server()
            if response.held:
                if request.op is not Op.FEED:
                    self._sessions += 1
                    session = self._sessions
                self._held = session
            return self._result(response, limit, refused_before)

    def _result(self, response: Response, timeout: float, refused_before: int) -> RunResult:
        """Turn a server response into a RunResult with a fault message."""
        fault = response.fault
        ended_badly = not response.held and (fault is not None or response.returncode != 0)
        if (self._cgroup is not None and ended_badly and fault is not Fault.OUTPUT
                and self._cgroup.refusals() > refused_before):
            fault = Fault.PROCESSES  # the cgroup counted forks it refused
        return run_result(response, fault, timeout, self.limits, self._held)

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
