"""The grader's end of the control channel: one running fork server."""

import dataclasses
import hmac
import json
import os
import secrets
import select
import selectors
import signal
import subprocess
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

from .layout import server_environment
from .results import MIB
from .server.frames import FRAME_HEADER, MAX_FRAME_BYTES, encode_frame
from .server.kernel import open_pidfd
from .server.protocol import (REQUEST_ID, Config, Op, ProtocolError, Ready, Request,
                              Response)

# Random bytes in a request's id (see ServerProcess.exchange): never guessed.
REQUEST_ID_BYTES = 16
# How long a stopping server may take to clean up before it is killed.
STOP_TIMEOUT_S = 2.0


class ServerLost(Exception):
    """The fork server died, hung or answered nonsense; the run is reported as a SANDBOX fault."""


class ServerProcess:
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

    @classmethod
    def start(cls, command: List[str], box: str, log_path: Path, uid: Optional[int],
              config: Config, deadline: float) -> "ServerProcess":
        """Start the server ``command`` in folder ``box`` and send it ``config`` before
        ``deadline``; ``await_ready`` waits for its answer.

        Args:
            command: the level's command (see ``Level.command``).
            box: the folder it starts in.
            log_path: the file its stderr is appended to.
            uid: the uid it runs as (bwrap as root without a cgroup), or None for ours.
            config: its configuration, its first frame.
            deadline: when the configuration must be sent by (time.monotonic).

        Raises:
            ServerLost: it stopped before reading its configuration.
            OSError: the command cannot be run.
        """
        with open(log_path, "ab") as log:
            popen = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log,
                cwd=box, env=server_environment(), start_new_session=True,
                preexec_fn=_becoming(uid))
        server = cls(popen, log_path)
        try:
            server.send(config.to_frame(), deadline)
        except BaseException:
            server.kill()
            raise
        return server

    def await_ready(self, deadline: float) -> None:
        """Wait until the server says it is ready, before ``deadline``.

        Raises:
            ServerLost: it says it is not (with its reason), or its answer is no Ready.
        """
        try:
            ready = Ready.from_frame(self.answer(deadline))
        except ProtocolError as exc:
            raise ServerLost("the sandbox server sent a malformed answer: {}".format(exc)
                             ) from exc
        if not ready.ready:
            raise ServerLost(ready.error or "the sandbox server did not start")

    def started_here(self) -> bool:
        """Return whether this process started the server (not a fork of the one that did)."""
        return os.getpid() == self._parent

    def exchange(self, request: Request, deadline: float) -> Response:
        """Send ``request`` and return the server's answer, both before ``deadline``.

        The request carries a fresh unguessable id, which the server takes out before any
        child sees the request and puts in its answer: an answer without it (written by
        anything but the server, for a request it never saw) is no answer.

        Raises:
            ServerLost: the server died, hung or answered nonsense (not a Response), or the
                answer is not the one to this request.
        """
        request_id = secrets.token_hex(REQUEST_ID_BYTES)
        try:
            self.send(dataclasses.replace(request, id=request_id).to_frame(), deadline)
            answer = self.answer(deadline)
        except KeyboardInterrupt:
            # Ctrl-C in mid-request: the server is still busy with it, and nothing after
            # would be answered before the run ends; it is stopped now, not waited for.
            self.kill()
            raise
        if not hmac.compare_digest(str(answer.get(REQUEST_ID, "")), request_id):
            raise ServerLost("the sandbox's answer was not the server's answer to this request")
        try:
            return Response.from_frame(answer)
        except ProtocolError as exc:
            raise ServerLost("the sandbox server sent a malformed answer: {}".format(exc)
                             ) from exc

    def send(self, message: Dict[str, Any], deadline: float) -> None:
        """Send ``message`` to the server before ``deadline``, without waiting for an answer.

        Raises:
            ServerLost: the server stopped reading.
        """
        self._send(encode_frame(message), deadline)

    def answer(self, deadline: float) -> Dict[str, Any]:
        """Return the server's next answer, read before ``deadline``, as the frame it is (a
        record reads it: see ``exchange``).

        Raises:
            ServerLost: the server died, hung or answered nonsense.
        """
        header = self._receive(FRAME_HEADER.size, deadline)
        (size,) = FRAME_HEADER.unpack(header)
        if size > MAX_FRAME_BYTES:
            raise ServerLost("the sandbox server sent a frame of {} bytes".format(size))
        try:
            answer = json.loads(self._receive(size, deadline).decode("utf-8"))
        except ValueError as exc:
            raise ServerLost("the sandbox server sent a garbled answer") from exc
        if not isinstance(answer, dict):
            raise ServerLost("the sandbox server sent a garbled answer")
        return answer

    def _send(self, data: bytes, deadline: float) -> None:
        """Write ``data`` to the server before ``deadline``."""
        view = memoryview(data)
        with selectors.DefaultSelector() as selector:
            selector.register(self._to_server, selectors.EVENT_WRITE)
            while view:
                if not selector.select(max(0.0, deadline - time.monotonic())):
                    raise ServerLost("the sandbox server stopped reading")
                try:
                    view = view[os.write(self._to_server, view):]
                except BlockingIOError:
                    continue
                except OSError as exc:
                    raise ServerLost(self._death_note()) from exc

    def _receive(self, size: int, deadline: float) -> bytes:
        """Read exactly ``size`` bytes from the server before ``deadline``."""
        chunks: List[bytes] = []
        with selectors.DefaultSelector() as selector:
            selector.register(self._from_server, selectors.EVENT_READ)
            while size:
                if not selector.select(max(0.0, deadline - time.monotonic())):
                    raise ServerLost("the sandbox server did not answer in time")
                try:
                    chunk = os.read(self._from_server, min(size, MIB))
                except BlockingIOError:
                    continue
                if not chunk:
                    raise ServerLost(self._death_note())
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
            self._send(encode_frame(Request(op=Op.QUIT).to_frame()),
                       time.monotonic() + STOP_TIMEOUT_S)
            self._wait_for_exit(STOP_TIMEOUT_S)
        except (ServerLost, subprocess.TimeoutExpired):
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


def _becoming(uid: Optional[int]) -> Optional[Callable[[], None]]:
    """Return what the server's process does before exec: become ``uid``, if it is not None.

    (A cgroup is joined by the command itself, see ``PidsCgroup.joining``: without a Python
    function to run, the process is started without copying this one.)
    """
    if uid is None:
        return None

    def become() -> None:
        """Become the reserved uid."""
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)

    return become
