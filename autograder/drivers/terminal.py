"""Play a program on a pseudo-terminal in the sandbox child and report the raw bytes it wrote.

The program starts on a pty of a fixed size; the driver waits for its first screen, then
types each key and collects everything the program writes until it waits for the next key
(seen in ``/proc/PID/syscall``: blocked in ``read`` on its terminal) or, where that cannot
be seen, until it goes quiet. It reports only those bytes (decoded as Latin-1, one chunk
per key); the parent renders them with a terminal emulator (``autograder.terminal``).

payload: ``argv``, ``keys``, ``rows``, ``cols``, ``env``, ``settle_s``, ``first_s``,
``key_s``, ``cap`` (bytes), ``close`` (whether to end the input after the keys), ``hold``
(whether to wait for more keys after them: ``more()`` returns the next list, or None at
the end).
"""

import atexit
import fcntl
import io
import os
import random
import runpy
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
import traceback
from typing import Any, Callable, Dict, List, Optional, TypedDict

# The number of the read system call: a program blocked in read(0, ...) waits for a key.
READ_SYSCALL = {"x86_64": "0", "aarch64": "63"}.get(os.uname().machine)
POLL_S = 0.002
REPORT_EVERY_S = 0.2
# How often an IdleClock looks at its process, in seconds: far below any wait it measures.
IDLE_SAMPLE_S = 0.02
# The most a single read from the terminal takes, in bytes.
READ_BYTES = 65536
# How long a key may stay on its way to a program waiting for it before the driver gives it
# up (far beyond any wait but that of a machine in trouble).
IN_FLIGHT_MAX_S = 30.0
# Where termios.tcgetattr puts the local modes and the control characters.
TERMIOS_LFLAG = 3
TERMIOS_CC = 6


class Screens(TypedDict):
    """The program's output, one chunk per key (the first before any key), and its exit
    status (None while it runs, or when it had to be killed)."""

    chunks: List[str]
    returncode: Optional[int]


SHAPE = Screens


class Forked:
    """A Python program run in a fork of this driver, as ``python script.py args`` would run
    it on the terminal.

    The interpreter and the standard library are loaded already, which saves most of a
    start-up per session. Only this driver's fork runs it, never the driver: the report
    channel and every other descriptor are closed in the fork first.

    Args:
        script: the program's file.
        args: its arguments.
        slave: the pty's program side.
        env: the program's environment.
    """

    def __init__(self, script: str, args: List[str], slave: int, env: Dict[str, str]) -> None:
        self.returncode: Optional[int] = None
        self.pid = os.fork()
        if self.pid == 0:
            self._run(script, args, slave, env)

    def _run(self, script: str, args: List[str], slave: int, env: Dict[str, str]) -> None:
        """Run the program in the fork as the interpreter would; never returns."""
        status = 1
        try:
            os.setsid()
            for fd in (0, 1, 2):
                os.dup2(slave, fd)
            os.closerange(3, os.sysconf("SC_OPEN_MAX"))
            os.environ.clear()
            os.environ.update(env)
            sys.argv = [script] + args
            sys.path[0] = os.path.dirname(os.path.abspath(script))
            # The streams a terminal gets from `python`: UTF-8 (PYTHONIOENCODING), and the
            # output line-buffered, as for any terminal.
            sys.stdin = sys.__stdin__ = io.TextIOWrapper(
                io.BufferedReader(io.FileIO(0, "rb", closefd=False)), encoding="utf-8")
            sys.stdout = sys.__stdout__ = io.TextIOWrapper(
                io.BufferedWriter(io.FileIO(1, "wb", closefd=False)), encoding="utf-8",
                line_buffering=True)
            sys.stderr = sys.__stderr__ = io.TextIOWrapper(
                io.BufferedWriter(io.FileIO(2, "wb", closefd=False)), encoding="utf-8",
                errors="backslashreplace", line_buffering=True)
            atexit._clear()
            random.seed()  # a new interpreter seeds itself from the OS
            runpy.run_path(script, run_name="__main__")
            status = 0
        except SystemExit as exc:
            status = 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 1
            if not isinstance(exc.code, (int, type(None))):
                print(exc.code, file=sys.stderr)
        except BaseException:  # printed as the interpreter prints it
            traceback.print_exc()
        finally:
            # The end of an interpreter: join threads, run exit handlers, flush.
            for finish in (threading._shutdown, atexit._run_exitfuncs,
                           sys.stdout.flush, sys.stderr.flush):
                try:
                    finish()
                except BaseException:  # the program's own exit handlers may raise
                    pass
            os._exit(status & 0xFF)

    def poll(self) -> Optional[int]:
        """Return the program's exit status, or None while it runs."""
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout: float) -> int:
        """Return the exit status once the program ends.

        Raises:
            subprocess.TimeoutExpired: it was idle (IdleClock) for ``timeout`` seconds.
        """
        clock = IdleClock(self.pid)
        while self.poll() is None:
            if clock.idle() >= timeout:
                raise subprocess.TimeoutExpired(self.pid, timeout)
            time.sleep(POLL_S)
        return self.returncode


class IdleClock:
    """Seconds that pass while a process neither runs nor waits for a CPU or the disk.

    The waits for a key's output count only these, so a busy machine that keeps the
    program off the CPU for a while never cuts its output short (a program that computes
    for ever is stopped by its run's CPU-time limit instead).

    Args:
        pid: the process watched.
    """

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.last = time.monotonic()
        self.total = 0.0

    def idle(self) -> float:
        """Return the idle seconds counted since the start (or the last restart).

        The process is looked at once per IDLE_SAMPLE_S at most, not on every poll: the
        time since the last look counts as idle or not by what it is doing now.
        """
        now = time.monotonic()
        if now - self.last >= IDLE_SAMPLE_S:
            if not self.busy():
                self.total += now - self.last
            self.last = now
        return self.total

    def restart(self) -> None:
        """Count from zero again."""
        self.last = time.monotonic()
        self.total = 0.0

    def busy(self) -> bool:
        """Return whether the process runs or waits for a CPU or the disk now."""
        return process_state(self.pid) in ("R", "D")


def process_state(pid: int) -> Optional[str]:
    """Return the state letter of process ``pid`` in ``/proc/PID/stat`` (R running or
    waiting for a CPU, S asleep, D waiting for the disk, ...), or None when it cannot be
    read."""
    try:
        with open("/proc/%d/stat" % pid) as status:
            return status.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None


class Session:
    """One program on the terminal: the keys typed and the output collected.

    Args:
        payload: the driver's payload (see the module docstring).
        master: the pty's driver side.
        proc: the program (a :class:`Forked` or a ``subprocess.Popen``).
        report: the sandbox's report function.
    """

    def __init__(self, payload: Dict[str, Any], master: int, proc: Any,
                 report: Callable[[Any], None]) -> None:
        self.payload = payload
        self.master = master
        self.proc = proc
        self.report = report
        self.total = 0
        # Set once the terminal has closed on the program's side: it has ended, or is ending.
        self.hung_up = False
        self.chunks: List[str] = []

    def waiting_for_key(self) -> Optional[bool]:
        """Return True when the program is blocked reading its terminal, None when we
        cannot tell."""
        if READ_SYSCALL is None:
            return None
        try:
            with open("/proc/%d/syscall" % self.proc.pid) as status:
                fields = status.read().split()
        except OSError:
            return None
        return fields[:2] == [READ_SYSCALL, "0x0"]

    def reads_done(self) -> Optional[int]:
        """Return how many read calls the program has completed (None when we cannot tell):
        a key has been taken once this grows past its value from before the key was typed."""
        try:
            with open("/proc/%d/io" % self.proc.pid) as status:
                for line in status:
                    if line.startswith("syscr:"):
                        return int(line.split()[1])
        except (OSError, ValueError):
            return None
        return None

    def read_available(self, wait: float) -> Optional[bytes]:
        """Return whatever the program has written, waiting up to ``wait`` for the first
        byte; None once the terminal has closed."""
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return b""
        try:
            return os.read(self.master, READ_BYTES) or None
        except OSError:
            return None

    def drain(self, limit: float, reads_before: Optional[int] = None) -> str:
        """Return everything the program writes until it has taken the key just typed (its
        completed reads pass ``reads_before``) and waits for the next one, or, where that
        cannot be seen, until it has been quiet for settle_s; or until it ends, or it has
        been idle for ``limit`` seconds (IdleClock), not counting the time the key was on
        its way to it (``key_in_flight``, for IN_FLIGHT_MAX_S at most)."""
        data = b""
        waited, quiet = IdleClock(self.proc.pid), IdleClock(self.proc.pid)
        # Once the program is blocked or gone nothing more is coming, but what it wrote last
        # is still collected, without waiting.
        # Right after output, look at the program at once instead of after a poll's wait: a
        # program that has drawn its screen is usually already waiting for the next key.
        finishing = fresh = False
        in_flight_until = time.monotonic() + IN_FLIGHT_MAX_S
        while self.total < self.payload["cap"]:
            chunk = self.read_available(0 if finishing or fresh else POLL_S)
            if chunk is None:
                self.hung_up = True
                break
            fresh = bool(chunk)
            if chunk:
                data += chunk
                self.total += len(chunk)
                quiet.restart()
                continue
            if finishing:
                break
            waiting = self.took_key(reads_before)
            if waiting or self.proc.poll() is not None:
                finishing = True
                continue
            if waiting is None and data and quiet.idle() >= self.payload["settle_s"]:
                break
            if waited.idle() >= limit:
                # A driver kept off the CPU past the limit finds the whole time counted as
                # idle if the program sleeps in its next read by then: it looks once more,
                # and collects the screen drawn meanwhile instead of ending this key's
                # output empty (the next screen would then show two keys' moves as one).
                if self.took_key(reads_before) or self.proc.poll() is not None:
                    finishing = True
                    continue
                # A key still on its way is the machine's wait, not the program's idleness.
                if time.monotonic() < in_flight_until and self.key_in_flight(reads_before):
                    waited.restart()
                    continue
                break
        return data.decode("latin-1")

    def key_in_flight(self, reads_before: Optional[int]) -> bool:
        """Return True when the key typed is still on its way to the program: it waits in
        its read, has not taken the key (its completed reads are still ``reads_before``),
        and its terminal is in a mode where one key ends that read (not canonical, a read
        wanting one byte at most). The kernel hands a typed key over in a worker thread,
        which a machine busy with thousands of threads can keep waiting for seconds."""
        if reads_before is None or not self.waiting_for_key() or self.reads_done() != reads_before:
            return False
        try:
            attributes = termios.tcgetattr(self.master)
        except termios.error:
            return False
        wanted = attributes[TERMIOS_CC][termios.VMIN]
        wanted = ord(wanted) if isinstance(wanted, bytes) else wanted
        return not attributes[TERMIOS_LFLAG] & termios.ICANON and wanted <= 1

    def took_key(self, reads_before: Optional[int]) -> Optional[bool]:
        """Return True when the program waits for its next key, having taken the one typed
        (its completed reads passed ``reads_before``, when given); None when we cannot tell.

        The kernel counts a completed read as the read leaves it, and a program kept off the
        CPU at that moment still shows the key's read in ``/proc/PID/syscall``, before it
        has drawn anything: taken for the next read, that ended the key's output empty on
        a busy machine. So the count is looked at first, then the program must be asleep
        (a read that has finished never sleeps on its way out), and only then in a read of
        its terminal, which can no longer be the key's own.
        """
        done = None if reads_before is None else self.reads_done()
        asleep = process_state(self.proc.pid) == "S"
        waiting = self.waiting_for_key()
        if not waiting:
            return waiting
        # Still blocked in the read the key has not woken yet (a busy machine)?
        return asleep and (done is None or done > reads_before)

    def type_keys(self, keys: List[str]) -> None:
        """Type ``keys`` one by one, adding what each brings to the chunks.

        The chunks so far are sent again now and then, so that a session killed at its
        time limit still shows them; not after every key, since each report repeats all
        the output so far.
        """
        reported = time.monotonic()
        for key in keys:
            if self.hung_up or self.proc.poll() is not None or self.total >= self.payload["cap"]:
                return
            reads_before = self.reads_done()
            try:
                os.write(self.master, key.encode("utf-8"))
            except OSError:
                return
            self.chunks.append(self.drain(self.payload["key_s"], reads_before))
            if time.monotonic() - reported >= REPORT_EVERY_S:
                self.report({"chunks": self.chunks, "returncode": None})
                reported = time.monotonic()

    def running(self) -> bool:
        """Return whether the program may still take keys."""
        return (not self.hung_up and self.proc.poll() is None
                and self.total < self.payload["cap"])


def start(payload: Dict[str, Any], slave: int, env: Dict[str, str]) -> Any:
    """Start the program of ``payload["argv"]`` on the terminal ``slave``; return it."""
    argv = list(payload["argv"])
    if (len(argv) >= 2 and argv[0] == "python" and argv[1].endswith(".py")
            and not argv[1].startswith("-") and os.path.isfile(argv[1])):
        return Forked(argv[1], argv[2:], slave, env)
    argv = [sys.executable if part == "python" else part for part in argv]
    return subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            close_fds=True, start_new_session=True)


def main(payload: Dict[str, Any], report: Callable[[Any], None],
         more: Callable[[], Any]) -> None:
    """Play the program, key by key, reporting its output as it comes."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ,
                struct.pack("HHHH", payload["rows"], payload["cols"], 0, 0))
    env = dict(os.environ, TERM="xterm", LINES=str(payload["rows"]),
               COLUMNS=str(payload["cols"]))
    env.update(payload["env"])
    proc = start(payload, slave, env)
    os.close(slave)
    session = Session(payload, master, proc, report)
    session.chunks.append(session.drain(payload["first_s"]))
    report({"chunks": session.chunks, "returncode": None})
    session.type_keys(payload["keys"])
    # A held session reports each part's output and waits for the next keys while the
    # program runs; each part's report holds only that part's chunks.
    while payload.get("hold") and session.running():
        report({"chunks": session.chunks, "returncode": None})
        keys = more()
        if not isinstance(keys, list):
            break
        del session.chunks[:]
        session.type_keys(keys)
    if payload["close"]:
        # A closed terminal: the program's next read fails (EIO) or returns nothing.
        os.close(master)
    try:
        returncode = proc.wait(timeout=payload["key_s"])
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        returncode = None
    report({"chunks": session.chunks, "returncode": returncode})
