"""Play a terminal program in the sandbox, key by key, and read its screens in the parent.

Full-screen terminal games (MiniRogue) read single keys in raw mode and redraw the screen
with ANSI escapes, so they are checked the way a person plays them: through a
pseudo-terminal. A driver in the sandbox child starts the program on a pty of a fixed
size, waits for its first screen, then types each key and collects everything the program
writes until it waits for the next key (seen in ``/proc/PID/syscall``: blocked in ``read``
on its terminal) or, where that cannot be seen, until it goes quiet. It reports only
those raw bytes. Here, in the parent, a terminal emulator (pyte) replays them and yields
the screen as a person would have seen it after each key; the checks compare those
screens with their expectations.
"""

import functools
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter
from typing import List, Optional, Tuple

# Runs in the child. payload: argv, keys, rows, cols, env, settle_s, first_s, key_s,
# cap (bytes), close (whether to end the input after the keys), hold (whether to wait for
# more keys after them: ``more()`` returns the next list, or None at the end).
TERMINAL_DRIVER = """
import atexit, fcntl, io, os, platform, random, runpy, select, signal, struct, subprocess, sys
import termios, threading, time, traceback

# The number of the read system call: a program blocked in read(0, ...) waits for a key.
READ_SYSCALL = {"x86_64": "0", "aarch64": "63"}.get(platform.machine())
POLL_S = 0.002
REPORT_EVERY_S = 0.2
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", payload["rows"], payload["cols"], 0, 0))
env = dict(os.environ, TERM="xterm", LINES=str(payload["rows"]), COLUMNS=str(payload["cols"]))
env.update(payload["env"])


class Forked:
    # A Python program run in a fork of this driver, as `python script.py args` would run
    # it on the terminal: the interpreter and the standard library are loaded already, which
    # saves most of a start-up per session. Only this driver's fork runs it, never the
    # driver: the report channel and every other descriptor are closed in the fork first.
    def __init__(self, script, args):
        self.returncode = None
        self.pid = os.fork()
        if self.pid == 0:
            self._run(script, args)

    def _run(self, script, args):
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
        except BaseException:
            traceback.print_exc()
        finally:
            # The end of an interpreter: join threads, run exit handlers, flush.
            for finish in (threading._shutdown, atexit._run_exitfuncs,
                           sys.stdout.flush, sys.stderr.flush):
                try:
                    finish()
                except BaseException:
                    pass
            os._exit(status & 0xFF)

    def poll(self):
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def wait(self, timeout):
        clock = IdleClock(self.pid)
        while self.poll() is None:
            if clock.idle() >= timeout:
                raise subprocess.TimeoutExpired(self.pid, timeout)
            time.sleep(POLL_S)
        return self.returncode


class IdleClock:
    # Seconds that pass while a process neither runs nor waits for a CPU or the disk: the
    # waits for a key's output count only these, so a busy machine that keeps the program
    # off the CPU for a while never cuts its output short (a program that computes for
    # ever is stopped by its run's CPU-time limit instead).
    def __init__(self, pid):
        self.pid = pid
        self.last = time.monotonic()
        self.total = 0.0

    def idle(self):
        now = time.monotonic()
        if not self.busy():
            self.total += now - self.last
        self.last = now
        return self.total

    def restart(self):
        self.last = time.monotonic()
        self.total = 0.0

    def busy(self):
        try:
            with open("/proc/%d/stat" % self.pid) as status:
                return status.read().rsplit(")", 1)[1].split()[0] in ("R", "D")
        except (OSError, IndexError):
            return False


argv = list(payload["argv"])
if (len(argv) >= 2 and argv[0] == "python" and argv[1].endswith(".py")
        and not argv[1].startswith("-") and os.path.isfile(argv[1])):
    proc = Forked(argv[1], argv[2:])
else:
    argv = [sys.executable if part == "python" else part for part in argv]
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env,
                            close_fds=True, start_new_session=True)
os.close(slave)
total = [0]
# Set once the terminal has closed on the program's side: it has ended, or is ending.
hung_up = [False]


def waiting_for_key():
    # True when the program is blocked reading its terminal, None when we cannot tell.
    if READ_SYSCALL is None:
        return None
    try:
        with open("/proc/%d/syscall" % proc.pid) as status:
            fields = status.read().split()
    except OSError:
        return None
    return fields[:2] == [READ_SYSCALL, "0x0"]


def reads_done():
    # How many read calls the program has completed (None when we cannot tell): a key has
    # been taken once this grows past its value from before the key was typed.
    try:
        with open("/proc/%d/io" % proc.pid) as status:
            for line in status:
                if line.startswith("syscr:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        return None
    return None


def read_available(wait):
    # Whatever the program has written, waiting up to ``wait`` for the first byte.
    ready, _, _ = select.select([master], [], [], wait)
    if not ready:
        return b""
    try:
        return os.read(master, 65536) or None
    except OSError:
        return None


def drain(limit, reads_before=None):
    # Everything the program writes until it has taken the key just typed (its completed
    # reads pass reads_before) and waits for the next one, or, where that cannot be seen,
    # until it has been quiet for settle_s; or until it ends, or it has been idle for
    # ``limit`` seconds (IdleClock).
    data = b""
    waited, quiet = IdleClock(proc.pid), IdleClock(proc.pid)
    # Once the program is blocked or gone nothing more is coming, but what it wrote last
    # is still collected, without waiting.
    # Right after output, look at the program at once instead of after a poll's wait: a
    # program that has drawn its screen is usually already waiting for the next key.
    finishing = fresh = False
    while total[0] < payload["cap"] and (finishing or waited.idle() < limit):
        chunk = read_available(0 if finishing or fresh else POLL_S)
        if chunk is None:
            hung_up[0] = True
            break
        fresh = bool(chunk)
        if chunk:
            data += chunk
            total[0] += len(chunk)
            quiet.restart()
            continue
        if finishing:
            break
        waiting = waiting_for_key()
        if waiting and reads_before is not None:
            # Still blocked in the read the key has not woken yet (a busy machine)?
            done = reads_done()
            waiting = done is None or done > reads_before
        if waiting or proc.poll() is not None:
            finishing = True
            continue
        if waiting is None and data and quiet.idle() >= payload["settle_s"]:
            break
    return data.decode("latin-1")


def type_keys(keys):
    # Type ``keys`` one by one, adding what each brings to ``chunks``. The chunks so far
    # are sent again now and then, so that a session killed at its time limit still shows
    # them; not after every key, since each report repeats all the output so far.
    reported = time.monotonic()
    for key in keys:
        if hung_up[0] or proc.poll() is not None or total[0] >= payload["cap"]:
            return
        reads_before = reads_done()
        try:
            os.write(master, key.encode("utf-8"))
        except OSError:
            return
        chunks.append(drain(payload["key_s"], reads_before))
        if time.monotonic() - reported >= REPORT_EVERY_S:
            report({"chunks": chunks, "returncode": None})
            reported = time.monotonic()


chunks = [drain(payload["first_s"])]
report({"chunks": chunks, "returncode": None})
type_keys(payload["keys"])
# A held session reports each part's output and waits for the next keys while the program
# runs; each part's report holds only that part's chunks.
while (payload.get("hold") and not hung_up[0] and proc.poll() is None
       and total[0] < payload["cap"]):
    report({"chunks": chunks, "returncode": None})
    keys = more()
    if not isinstance(keys, list):
        break
    del chunks[:]
    type_keys(keys)
if payload["close"]:
    # A closed terminal: the program's next read fails (EIO) or returns nothing.
    os.close(master)
try:
    returncode = proc.wait(timeout=payload["key_s"])
except subprocess.TimeoutExpired:
    os.killpg(proc.pid, signal.SIGKILL)
    returncode = None
report({"chunks": chunks, "returncode": returncode})
"""


@dataclass
class TerminalSession:
    """What a program showed on its terminal while keys were typed.

    Attributes:
        screens: the screen before any key (index 0), then after each key typed; each
            screen is its rows as strings padded to the terminal's width. Shorter than
            ``keys + 1`` when the program ended (or flooded) before every key was typed.
        returncode: the program's exit status, or None when it was still running after
            the last key (and the input end, when asked for) and had to be killed.
        chunks: the output before the first key, then after each key (latin-1 text of the
            raw bytes), which the screens were rendered from.
        session: while a held session's program waits for more keys, its number in the
            sandbox (``Runner.type_on``); None otherwise.
    """

    screens: List[List[str]]
    returncode: Optional[int]
    chunks: List[str] = field(default_factory=list)
    session: Optional[int] = None

    @property
    def transcript(self) -> str:
        """Return everything the program wrote, as text (escape sequences included)."""
        return "".join(self.chunks)

    def screen(self, index: int = -1) -> str:
        """Return screen ``index`` (the last by default) as one string of its rows."""
        return "\n".join(self.screens[index])

    def find(self, text: str) -> Optional[int]:
        """Return the index of the first screen showing ``text``, or None."""
        for index, rows in enumerate(self.screens):
            if any(text in row for row in rows):
                return index
        return None


# The character a pyte cell shows.
CELL_TEXT = attrgetter("data")


@functools.lru_cache(maxsize=None)
def _screen_class() -> type:
    """Return pyte's Screen with a faster ``draw`` for plain ASCII text (made on first use:
    only the terminal checks need the emulator)."""
    import pyte
    from pyte import modes

    class AsciiScreen(pyte.Screen):
        """pyte's Screen, drawing a run of printable ASCII a row at a time.

        pyte's own ``draw`` looks up every character's width and builds each cell through
        ``_replace``; a printable ASCII character is one cell wide, so a run of them in the
        usual modes (auto-wrap on, insert off) fills the row's cells in one step, wrapping
        exactly where ``draw`` would. A cell is an immutable tuple, so each (character,
        attributes) cell is made once and shared. Anything else is left to ``draw``.
        """

        def __init__(self, columns: int, lines: int) -> None:
            """Make the screen, with no cells made yet."""
            super().__init__(columns, lines)
            self._cells: dict = {}

        def draw(self, data: str) -> None:
            """Display ``data`` at the cursor, as :meth:`pyte.Screen.draw` does."""
            text = data.translate(self.g1_charset if self.charset else self.g0_charset)
            cursor = self.cursor
            fields = cursor.attrs._fields
            if (not text.isascii() or not text.isprintable() or modes.IRM in self.mode
                    or modes.DECAWM not in self.mode or fields[0] != "data"):
                super().draw(data)
                return
            cell, rest = type(cursor.attrs), tuple(cursor.attrs)[1:]
            cells = self._cells.setdefault((cell, rest), {})
            for char in set(text).difference(cells):
                cells[char] = tuple.__new__(cell, (char,) + rest)
            start = 0
            while start < len(text):
                if cursor.x == self.columns:
                    self.dirty.add(cursor.y)
                    self.carriage_return()
                    self.linefeed()
                taken = text[start:start + self.columns - cursor.x]
                self.buffer[cursor.y].update(
                    zip(range(cursor.x, cursor.x + len(taken)), map(cells.__getitem__, taken)))
                cursor.x += len(taken)
                start += len(taken)
            self.dirty.add(cursor.y)

    return AsciiScreen


class _Emulation:
    """A terminal emulator part-way through a program's output.

    Attributes:
        size: the terminal's (rows, cols).
        chunks: the output fed so far.
        screens: the screen after each chunk, as tuples of rows.
    """

    def __init__(self, rows: int, cols: int) -> None:
        import pyte  # only the terminal checks need the emulator

        self.size = (rows, cols)
        self.chunks: List[str] = []
        self.screens: List[Tuple[str, ...]] = []
        self._screen = _screen_class()(cols, rows)
        self._stream = pyte.ByteStream(self._screen)

    def continues_into(self, chunks: List[str], rows: int, cols: int) -> bool:
        """Return True if ``chunks`` on a terminal of this size starts with all fed so far."""
        return (self.size == (rows, cols) and len(self.chunks) <= len(chunks)
                and chunks[:len(self.chunks)] == self.chunks)

    def feed(self, chunks: List[str]) -> None:
        """Feed the chunks after those fed so far, keeping the screen after each."""
        for chunk in chunks[len(self.chunks):]:
            self._stream.feed(chunk.encode("latin-1", "replace"))  # the child sent latin-1
            self.chunks.append(chunk)
            self.screens.append(self._rows())

    def _rows(self) -> Tuple[str, ...]:
        """Return the screen's rows as pyte's ``display`` gives them, faster for ASCII.

        ``display`` looks up every character's width to skip the second cell of wide
        characters; a row of single ASCII characters has none, so it is joined as it is,
        and any other row is left to ``display``.
        """
        screen = self._screen
        columns, blank = range(screen.columns), repeat(screen.default_char)
        rows = []
        for index in range(screen.lines):
            # A cell never written reads as the default one (pyte's lines are default dicts).
            row = "".join(map(CELL_TEXT, map(screen.buffer[index].get, columns, blank)))
            if not (row.isascii() and len(row) == screen.columns):
                return tuple(screen.display)
            rows.append(row)
        return tuple(rows)


class ScreenCache:
    """Renders terminal sessions, picking up where an earlier session's emulator left off.

    A seeded game replayed with more keys writes the same output as before for the keys it
    shares, so its screens up to there are the earlier session's: only the new output is fed
    to the emulator. Rendering is a function of the output alone, so the result is the
    same as replaying it through a new emulator from the start; a session whose output
    differs anywhere (another seed, a game that is not repeatable) gets an emulator of its
    own.

    Args:
        size: how many emulators are kept (the least recently used is dropped).
    """

    def __init__(self, size: int = 8) -> None:
        self._size = size
        self._emulations: List[_Emulation] = []

    def render(self, chunks: List[str], rows: int, cols: int) -> List[List[str]]:
        """Return the screen after each chunk, each a list of ``rows`` strings.

        Args:
            chunks: the output before the first key, then after each key (latin-1 text of
                the raw bytes, as the driver reported them).
            rows, cols: the terminal's size.
        """
        earlier = [emulation for emulation in self._emulations
                   if emulation.continues_into(chunks, rows, cols)]
        if earlier:
            # The longest match is fed on; shorter ones stay for other replays.
            emulation = max(earlier, key=lambda candidate: len(candidate.chunks))
            self._emulations.remove(emulation)
        else:
            emulation = _Emulation(rows, cols)
        emulation.feed(chunks)
        self._emulations = (self._emulations + [emulation])[-self._size:]
        return [list(screen) for screen in emulation.screens]
