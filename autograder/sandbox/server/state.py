"""The fork server's state and its care between runs: set-up, workspace, cleaning, sweeping.

:class:`ServerState` holds what the configuration says and what the server keeps for every
run (the box's folders, the pristine tree read into memory, the limits, the kernel's
calls), enters the level's isolation at set-up, and after each run removes what the run
wrote and kills what it left running.  The requests themselves are served by its subclass,
``loop.Server``.
"""

import dataclasses
import gc
import importlib
import importlib.machinery
import importlib.util
import os
import signal
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

from .child import use_environment
from .files import empty_directory, read_tree, remove_path
from .levels import server_level
from .kernel import (IPC_KINDS, PR_SET_DUMPABLE, PR_SET_NO_NEW_PRIVS,
                     Kernel, ipc_objects, count_user_tasks)
from .protocol import Config


# Modules most runs import (submissions and drivers alike), loaded before any child
# exists: every child inherits them instead of importing them again, and a submission's
# own json.py or typing.py cannot stand in for them.  A driver's other imports (unittest,
# subprocess, ...) are loaded when the server first meets the driver (Server._learn_driver),
# so a suite whose drivers never import them does not pay for them at every start (the
# doctest module alone, with the unittest, pdb and argparse it imports, takes 25 ms).
PRELOADED_MODULES = (
    "abc", "ast", "bisect", "collections", "contextlib", "copy", "dataclasses",
    "dis", "enum", "functools", "heapq", "inspect", "itertools", "math", "operator",
    "pprint", "random", "runpy", "string", "termios", "textwrap", "tokenize", "typing",
)


PROTECTED_NAMES = ("pristine", "bin", "etc", "run", "tmp")
SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin"
RUN_DIR_MODE = 0o755
TMP_DIR_MODE = 0o700
# How long the server keeps killing a run's leftovers before reporting failure.
SWEEP_LIMIT_S = 5.0
SWEEP_PAUSE_S = 0.001


class ServerState:
    """The fork server's configuration and workspace, and its care between runs: set-up,
    cleaning, and killing what a run left.  Its subclass ``loop.Server`` serves the requests.
    """

    def __init__(self, config: Config, control_in: int = 0, control_out: int = 1) -> None:
        """Hold ``config`` and the two control descriptors; ``setup`` sets the server up."""
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
        # Every child inherits the filter, which no process can take off again: runs cannot
        # make System V IPC objects (kernel memory no rlimit counts). The server itself only
        # removes them. Set once here, not per child: the kernel compiles each filter set.
        self.kernel.prctl(PR_SET_NO_NEW_PRIVS, 1)
        self.kernel.deny_sysv_ipc()
        # The environment of a run that asks for nothing more (see _env): children that
        # inherit it have nothing to change.
        use_environment(self._env({}))
        # Children then never scan (and so never copy) the server's own objects.
        gc.freeze()

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
