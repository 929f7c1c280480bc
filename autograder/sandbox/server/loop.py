"""The fork server's request loop: each request run in a spare child, answered, cleaned up.

The server's configuration, set-up and care between runs are ``state.ServerState``'s;
:class:`Server` adds the requests: it reads them, hands each to the spare forked for it,
watches the run (``monitor``) and writes the answer.  ``main`` is the bundle's entry point.
"""

import os
import signal
import sys
import traceback
from typing import Any, Dict, List, Optional

from .child import PYTHON_RUN_FLAGS, DriverParts, import_standard_modules, spare_main
from .frames import encode_frame, read_frame, unpack_bytes, write_all
from .monitor import RunMonitor
from .protocol import REQUEST_ID, Config, Op, ProtocolError, Ready, Request, Response
from .startup import SPARE_FDS
from .state import ServerState


# How many distinct drivers a server keeps ready (a suite uses a few dozen at most).
MAX_DRIVERS = 256
# The top-level names of the standard library's modules (Python 3.10 and later).
STANDARD_MODULES = getattr(sys, "stdlib_module_names", frozenset())


class Spare:
    """A forked child waiting for its plan: its pid and the server's ends of its pipes."""

    def __init__(self, pid: int, ends: Dict[str, int]) -> None:
        """Hold the spare ``pid`` and the server ends of its SPARE_FDS pipes."""
        self.pid = pid
        self.ends = ends


class Server(ServerState):
    """Serve run and call requests from the grader, one forked child at a time.

    The configuration (the first frame) is a ``protocol.Config``; each request a
    ``protocol.Request``, answered by a ``protocol.Response``.
    """

    def __init__(self, config: Config, control_in: int = 0, control_out: int = 1) -> None:
        """Prepare to serve ``config`` over the two control descriptors (see ServerState)."""
        super().__init__(config, control_in, control_out)
        self._spare: Optional[Spare] = None
        # The monitor of a held call's paused child, until it is fed to its end or released.
        self._held: Optional[RunMonitor] = None
        # Drivers seen so far, made ready once (see DriverParts); later spares inherit them.
        self._drivers: Dict[str, DriverParts] = {}

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

    def _learn_driver(self, driver: str) -> Optional[DriverParts]:
        """Return ``driver`` made ready once (kept for later children), or None if it does
        not compile or the server keeps MAX_DRIVERS already (its child compiles it).

        The standard library modules it imports are loaded here too, as the preloaded ones
        are: every later child inherits them instead of importing them itself. Only those:
        a package installed beside the interpreter (where a level cannot hide it) could
        print as it loads, on the server's control channel. Python 3.9 does not list its
        standard modules, so there each child imports them itself, as the driver asks.
        """
        if driver not in self._drivers and len(self._drivers) < MAX_DRIVERS:
            try:
                parts = DriverParts.from_source(driver)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return None  # the child that runs it compiles it, and reports the error
            self._drivers[driver] = parts
            import_standard_modules([name for name in parts.imports
                                     if name.partition(".")[0] in STANDARD_MODULES])
        return self._drivers.get(driver)

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
        is_new = request.op is Op.CALL and request.driver not in self._drivers
        parts = self._learn_driver(request.driver) if request.op is Op.CALL else None
        if is_new and parts is not None and spare is not None:
            # A spare is forked after answering, so it inherited every driver but one met in
            # this request: it gets that one's code compiled here rather than compiling the
            # source again (a fresh fork, below, inherits it).
            plan.update(parts.to_plan())
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
