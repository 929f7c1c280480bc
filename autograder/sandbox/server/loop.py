"""The fork server: its set-up, its request loop and its clean-up between runs."""

import dataclasses
import gc
import importlib
import importlib.machinery
import importlib.util
import os
import signal
import sys
import time
import traceback
from typing import Any, Dict, List, Optional, Tuple

from .child import PYTHON_RUN_FLAGS, SPARE_FDS, DriverParts, use_environment, spare_main
from .files import empty_directory, read_tree, remove_path
from .frames import encode_frame, read_frame, unpack_bytes, write_all
from .levels import server_level
from .kernel import (IPC_KINDS, PR_SET_DUMPABLE,
                     Kernel, ipc_objects, count_user_tasks)
from .monitor import SWEEP_LIMIT_S, SWEEP_PAUSE_S, RunMonitor
from .protocol import REQUEST_ID, Config, Op, ProtocolError, Ready, Request, Response

# Modules a driver is likely to import, loaded before any child exists so that
# a submission's own json.py or doctest.py cannot stand in for them.  (Once a
# package such as unittest is loaded, its submodules come from its own folder.)
PRELOADED_MODULES = (
    "abc", "ast", "bisect", "collections", "contextlib", "copy", "dataclasses",
    "difflib", "dis", "doctest", "enum", "functools", "heapq", "inspect",
    "itertools", "math", "operator", "platform", "pprint", "random", "runpy", "string",
    "subprocess", "termios", "textwrap", "tokenize", "typing", "unittest",
)


PROTECTED_NAMES = ("pristine", "bin", "etc", "run", "tmp")
# How many distinct drivers a server keeps ready (a suite uses a few dozen at most).
MAX_DRIVERS = 256
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
RUN_DIR_MODE = 0o755
TMP_DIR_MODE = 0o700


class Spare:
    """A forked child waiting for its plan: its pid and the server's ends of its pipes."""

    def __init__(self, pid: int, ends: Dict[str, int]) -> None:
        """Hold the spare ``pid`` and the server ends of its SPARE_FDS pipes."""
        self.pid = pid
        self.ends = ends


class Server:
    """Serve run and call requests from the grader, one forked child at a time.

    The configuration (the first frame) is a ``protocol.Config``; each request a
    ``protocol.Request``, answered by a ``protocol.Response``.
    """

    def __init__(self, config: Config, control_in: int = 0, control_out: int = 1) -> None:
        """Prepare to serve ``config`` over the two control descriptors."""
        self.level = server_level(config.level)
        self.box = config.box
        self.python = config.python
        self.uid = config.uid
        self.gid = config.gid
        self.limits = dataclasses.replace(config.limits)
        self.isolation: Dict[str, Any] = config.isolation or {}
        self.wipe = config.wipe
        self.preload = config.preload
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
        self.level.enter(self)
        self._make_workspace()
        self.kernel.prctl(PR_SET_DUMPABLE, 0)
        if self.limits.nproc_add_user_tasks and self.limits.nproc is not None:
            self.limits.nproc += count_user_tasks(os.getuid())
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
                            for ipc_id, _ in ipc_objects(kind, id_column)}
        # The environment of a run that asks for nothing more (see _env): children that
        # inherit it have nothing to change.
        use_environment(self._env({}))
        # Children then never scan (and so never copy) the server's own objects.
        gc.freeze()

    def serve(self) -> None:
        """Announce readiness, then answer requests until "quit" or end of input."""
        write_all(self.control_out, encode_frame(Ready(
            ready=True, pid=os.getpid(), version=list(sys.version_info[:3])).to_frame()))
        while not self.abandoned:
            frame = read_frame(self.control_in)
            if frame is None:
                break
            try:
                request: Request = Request.from_frame(frame)
            except ProtocolError as exc:  # the grader's bug: said, and nothing is run
                request_id = frame.get(REQUEST_ID)
                write_all(self.control_out, encode_frame(Response(
                    error="malformed request: {}".format(exc),
                    id=request_id if isinstance(request_id, str) else "").to_frame()))
                continue
            if request.op is Op.QUIT:
                break
            try:
                if request.op is not Op.FEED:
                    self.release()
                response = self.handle(request)
            except Exception:  # a server failure is reported, never fatal to the grader
                response = Response(error=traceback.format_exc())
                self.release()
                self.sweep()
            # The grader's id for this request, answered with the response: no child ever
            # sees it (the plan a child gets names none, and the spare was forked before).
            response.id = request.id
            write_all(self.control_out, encode_frame(response.to_frame()))
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

    def _learn_driver(self, request: Request) -> None:
        """Make a call's driver ready for the next children, if it is new and compiles."""
        driver = request.driver
        if (request.op is not Op.CALL or driver in self._drivers
                or len(self._drivers) >= MAX_DRIVERS):
            return
        try:
            self._drivers[driver] = DriverParts(driver)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass  # the child that runs it compiles it, and reports the error

    def handle(self, request: Request) -> Response:
        """Answer one request: run it in the spare child (or a fresh one), feed the paused
        child ("feed"), or just confirm that the paused child is gone ("release")."""
        if request.op is Op.RELEASE:
            return Response(released=True)
        if request.op is Op.FEED:
            if self._held is None:
                raise ValueError("no held call is waiting to be fed")
            return self._watched(self._held.resume(request.payload, request.timeout))
        # The child's plan (a frame of the server's own, read by its fork): never the id.
        plan = {
            "kind": request.op.value, "argv": self._argv(request.argv),
            "env": self._env(request.env), "files": request.files,
            "driver": request.driver, "payload": request.payload,
            "hold": request.op is Op.CALL and request.hold,
        }
        spare, self._spare = self._spare, None
        if spare is None or not self._hand_over(spare, plan):
            spare = self._fork_spare()
            if not self._hand_over(spare, plan):
                raise OSError("a freshly forked child died before its run started")
        self._held = RunMonitor(self, spare.pid, spare.ends, unpack_bytes(request.stdin),
                                request.timeout)
        return self._watched(self._held.watch())

    def _watched(self, response: Response) -> Response:
        """Finish the answer of the watched child: keep its monitor while it is paused,
        else sweep what it left behind."""
        if self._held is not None and self._held.held():
            return response
        self._held = None
        response.leftovers = not self.sweep()
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

    def _env(self, extra: Dict[str, str]) -> Dict[str, str]:
        """Return the child's whole environment: the minimal one plus ``extra``."""
        env = {
            "PATH": self.bin_dir + ":" + SYSTEM_PATH, "HOME": self.run_dir,
            "LANG": "C.UTF-8", "PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8",
            "TMPDIR": self.tmp_dir,
        }
        env.update(extra)
        return env

    def _make_workspace(self) -> None:
        """Create run/ and tmp/ once; at the unprivileged level each is a capped tmpfs.

        (At the bwrap level the whole box is a capped tmpfs already.)
        """
        for path in (self.run_dir, self.tmp_dir):
            os.makedirs(path, exist_ok=True)
            self.level.make_workspace(self, path)

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
            for ipc_id, uid in ipc_objects(kind, id_column):
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
        """SIGKILL the run's processes as the level allows (see ``levels``); return whether
        some may remain."""
        return self.level.signal_leftovers(self, child_pid)

    def kill_sandbox_uid(self) -> None:
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


def main() -> int:
    """Read the configuration frame, set up the isolation and serve; return the exit status."""
    # The bundle this package was loaded from (a zip, see ``sandbox.bytecode``) leaves
    # sys.path, as a script's folder would under -I: every module of it is loaded by now.
    bundle = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    sys.path[:] = [entry for entry in sys.path
                   if os.path.realpath(entry or ".") != bundle]
    frame = read_frame(0)
    if frame is None:
        return 1
    try:
        server = Server(Config.from_frame(frame))
        server.setup()
    except Exception as exc:  # reported to the grader, which raises or restarts
        write_all(1, encode_frame(Ready(ready=False, error="{}: {}".format(
            type(exc).__name__, exc)).to_frame()))
        return 1
    server.serve()
    return 0

