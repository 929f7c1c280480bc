"""headless.py: the Ultima 0.1 grader's helper inside the sandbox: headless StdDraw and a watch.

The grader copies this file next to every submission. Run as a program,

    python headless.py [--keys KEYS] [--idle SHOWS] [--frame-ms MS] [--frame] PROGRAM [ARGS...]

runs PROGRAM as ``python PROGRAM ARGS`` would, with the StdDraw shim headless: KEYS are typed one
per ``show()``, the window "closes" (SystemExit(0), as a closed window ends a booksite program)
after SHOWS more shows, every ``show()`` waits MS milliseconds as a real window would, and with
``--frame`` what the last frame shown was drawn from (``stddraw_shim.shown_frame``, as JSON) is
written to stderr after FRAME_MARKER when the program is done. The process then ends as
Python ends it: only once every non-daemon thread has ended.

Imported by the suite's probes, it observes the submission without changing what it does (but
for freezing the monsters, where a probe asks for that):

    Watch         every Monster made (in order), the threads started, world.monsterMove calls
                  (which thread, which monster, whether world.lock was held), and every change
                  to a monster's or the avatar's position or hit points made by a thread that
                  did not hold world.lock (World's lock is swapped for an OwnedLock that knows
                  its owner); exceptions that end a thread are kept too.
    LogReader     the shim's draw log (kept in memory, headless), read frame by frame.

The probes report plain lists and numbers; every judgement is made by the grader.
"""

import argparse
import collections
import functools
import json
import os
import runpy
import sys
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Sequence

import stddraw_shim

__all__ = ["LogReader", "OwnedLock", "Watch", "frame", "main", "read", "start",
           "wait_until"]

NEVER_CLOSE = 10 ** 9  # shows after the key script before the canvas closes: never, in practice
FRAME_MARKER = "GRADER-FRAME "
MAX_CALLS_KEPT = 5000    # monsterMove calls kept in detail (the rest are only counted)
MAX_PROBLEMS_KEPT = 20   # violations and thread errors kept in detail
POLL_S = 0.005
# Where the kernel says how many threads this process has.
PROC_STATUS = "/proc/self/status"
THREADS_FIELD = "Threads:"
MS_PER_S = 1000.0
# glibc's mallopt parameter M_ARENA_MAX, and the arenas allowed (see _fewer_malloc_arenas).
M_ARENA_MAX = -8
MALLOC_ARENAS = 2


def _fewer_malloc_arenas() -> None:
    """Let glibc's malloc keep only MALLOC_ARENAS arenas, however many threads run.

    By default each thread may get an arena of its own, up to eight per core, and each
    reserves 64 MiB of address space: on a machine with many cores a game of 100 monster
    threads would run out of the address space the sandbox allows (RLIMIT_AS) before its
    threads could be started. Elsewhere (not glibc) nothing is changed.
    """
    try:
        import ctypes
        ctypes.CDLL(None).mallopt(M_ARENA_MAX, MALLOC_ARENAS)
    except (ImportError, OSError, AttributeError):
        pass


def start(keys: str = "", idle_shows: int = NEVER_CLOSE) -> None:
    """Make StdDraw headless for this process (its draw log is kept in memory, see LogReader).

    ``keys`` are typed one per show(); the canvas closes ``idle_shows`` shows after they run
    out. Call before the submission is imported: the shim reads its settings at the first
    draw, and malloc's arenas are capped for the threads to come (see _fewer_malloc_arenas).
    """
    _fewer_malloc_arenas()
    os.environ[stddraw_shim.ENV_HEADLESS] = "1"
    os.environ[stddraw_shim.ENV_IDLE_SHOWS] = str(idle_shows)
    if keys:
        os.environ[stddraw_shim.ENV_KEYS] = keys


def read(method: Callable[[], Any]) -> Any:
    """Return ``method()`` if it is a plain number, bool or str, else a description of it."""
    try:
        value = method()
    except Exception as err:  # reported as data: the grader explains it
        return f"error: {type(err).__name__}: {err}"
    return value if isinstance(value, (bool, int, float, str)) else repr(value)


def kernel_threads() -> int:
    """Return the threads this process has by the kernel's count (0 where /proc does not say).

    A driver waits on it for an ended thread to be gone from the kernel too before it pauses
    for the grader's own count, made from outside the process; what it returns here is never
    reported.
    """
    try:
        with open(PROC_STATUS) as status:
            for line in status:
                if line.startswith(THREADS_FIELD):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def wait_until_left_kernel(before: int, ended: int, seconds: float) -> None:
    """Wait up to ``seconds`` for the kernel to count ``ended`` fewer threads than ``before``.

    A Python thread counts as ended before its kernel thread has exited, and on a busy
    machine the gap can last seconds: a driver waits here before it pauses for the grader's
    count, so that a thread the watch saw end is not counted as alive. The wait ends at once
    when nothing ended, and is bounded for a submission whose watch says more than the kernel.
    """
    wait_until(lambda: kernel_threads() <= before - ended, seconds)


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    """Poll ``condition`` for up to ``seconds``; return whether it came true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(POLL_S)
    return condition()


class LogReader:
    """Reads the draw records the shim kept since the last read, from the log's start."""

    def __init__(self) -> None:
        """Start before the first record: nothing has been read yet."""
        self._read = 0

    def new_records(self) -> List[dict]:
        """Return the records drawn since the last call (copies, in order)."""
        records = stddraw_shim.draw_log(self._read)
        self._read += len(records)
        return records


def frame(world, reader: LogReader, skip: Sequence[str], watch: Optional["Watch"] = None,
          locked: bool = False) -> dict:
    """Call ``world.draw()`` and show the frame, as the course's game loop does; return what
    was drawn (``world`` may also be a single Monster).

    With ``locked`` the drawing is done holding world.lock, and ``watch`` (if given) reads
    every monster's state under the same hold. Pictures whose file is in ``skip`` are left out.

    Returns:
        ``{"pictures": [[file, x, y], ...], "texts": [[x, y, text, [r, g, b], after], ...],
        "states": [[x, y, hp], ...], "count": getNumMonsters()}``, positions in canvas pixels;
        a text's ``after`` is how many of the pictures listed were drawn before it.
    """
    import StdDraw
    observed: Dict[str, Any] = {"states": [], "count": None}
    if locked:
        with world.lock:
            world.draw()
            if watch is not None:
                observed = {"states": watch.states(), "count": read(world.getNumMonsters)}
    else:
        world.draw()
    StdDraw.show(0)
    pictures, texts = [], []
    for record in reader.new_records():
        if record["op"] == "picture":
            name = os.path.basename(record.get("file") or "")
            if name not in skip:
                pictures.append([name, record["x"], record["y"]])
        elif record["op"] == "text":
            texts.append([record["x"], record["y"], record.get("text"), record.get("color"),
                          len(pictures)])
    return {"pictures": pictures, "texts": texts, **observed}


class OwnedLock:
    """A lock (a threading.Lock or RLock inside) that knows which thread holds it."""

    def __init__(self, inner) -> None:
        """Wrap ``inner``; every acquisition goes through this object."""
        self.inner = inner
        self.acquisitions: Dict[int, int] = collections.Counter()
        # Called by the holder right after it takes the lock, and just before its last release
        # (check_concurrency's probe sets them).
        self.after_acquire: Optional[Callable[[], None]] = None
        self.before_release: Optional[Callable[[], None]] = None
        self._owner: Optional[int] = None
        self._depth = 0

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        """Acquire the lock as ``threading.Lock.acquire`` does."""
        got = self.inner.acquire(blocking, timeout)
        if got:
            me = threading.get_ident()
            self._owner = me
            self._depth += 1
            self.acquisitions[me] += 1
            if self._depth == 1 and self.after_acquire is not None:
                self.after_acquire()
        return got

    def release(self) -> None:
        """Release the lock as ``threading.Lock.release`` does."""
        if self._depth <= 1 and self.before_release is not None and self.held_here():
            self.before_release()
        self._depth -= 1
        if self._depth <= 0:
            self._depth = 0
            self._owner = None
        self.inner.release()

    def locked(self) -> bool:
        """Return True if some thread holds the lock."""
        return self._owner is not None

    def held_here(self) -> bool:
        """Return True if the calling thread holds the lock."""
        return self._owner == threading.get_ident()

    def __enter__(self) -> bool:
        """Acquire the lock for a ``with`` block."""
        return self.acquire()

    def __exit__(self, *exc) -> None:
        """Release the lock at the end of a ``with`` block."""
        self.release()


class _ThreadingSeenByWorld:
    """The threading module as World.py sees it: its locks are OwnedLocks."""

    def __init__(self, make: Callable[[Any], OwnedLock]) -> None:
        """Hand every new Lock or RLock to ``make``."""
        self._make = make

    def Lock(self) -> OwnedLock:
        """Return a new OwnedLock around a threading.Lock."""
        return self._make(threading.Lock())

    def RLock(self) -> OwnedLock:
        """Return a new OwnedLock around a threading.RLock."""
        return self._make(threading.RLock())

    def __getattr__(self, name: str) -> Any:
        """Everything else is the real threading module's."""
        return getattr(threading, name)


class Watch:
    """Observes the submission's monsters, threads and world.lock from inside the child.

    Args:
        freeze: make Monster.run return at once, so that monsters move only when a probe
            moves them (their threads still start, and end straight away).
    """

    # State changes that other threads can see: they must be made holding world.lock.
    GUARDED = {"Monster": ("setLocation", "incurDamage"), "Avatar": ("setLocation", "incurDamage")}

    def __init__(self, freeze: bool = False) -> None:
        """Instrument Monster, Avatar and World before any World is made."""
        import Avatar
        import Monster
        import World
        self.monster_class = Monster.Monster
        self.avatar_class = Avatar.Avatar
        self.world_class = World.World
        self.monsters: List[Any] = []
        self.starts: List[list] = []          # where each monster stood when it was made
        self.lock: Optional[OwnedLock] = None
        self.armed = False
        self.baseline = set(threading.enumerate())
        self.counts: Dict[str, int] = collections.Counter()
        self.violations: List[list] = []      # [side ("main" or "thread"), description]
        self.thread_errors: List[str] = []
        # [thread id, monster index, x, y, a, b, t]: a, b are the call's first two integer
        # arguments (a target or a step: ultima01_probes.call_target reads them).
        self.calls: List[list] = []
        self.movers: Dict[str, int] = collections.Counter()  # "thread id:monster index" -> calls
        self._index: Dict[int, int] = {}
        self._mutex = threading.Lock()        # guards this Watch's own records
        # Called as before_move(what, numbers) as a monsterMove or avatarMove call starts, with
        # what (`"monster move"` or `"avatar move"`) and the call's integer arguments.
        self.before_move: Optional[Callable[[str, List[int]], None]] = None
        self._started = time.monotonic()
        self._register_monsters(freeze)
        for module, names in ((Monster, self.GUARDED["Monster"]),
                              (Avatar, self.GUARDED["Avatar"])):
            cls = getattr(module, module.__name__)
            for name in names:
                self._guard(cls, name)
        self._swap_locks(World)
        self._wrap_move("monsterMove", "monster move")
        self._wrap_move("avatarMove", "avatar move")
        threading.excepthook = self._thread_error

    # --- set-up -----------------------------------------------------------------------------

    def _register_monsters(self, freeze: bool) -> None:
        """Keep every Monster made; with ``freeze``, make run() return at once."""
        cls = self.monster_class
        original = cls.__init__
        watch = self

        @functools.wraps(original)
        def init(monster, *args, **kwargs):
            with watch._mutex:
                watch._index[id(monster)] = len(watch.monsters)
                watch.monsters.append(monster)
                watch.starts.append([None, None])
            original(monster, *args, **kwargs)
            watch.starts[watch._index[id(monster)]] = _position(monster)

        cls.__init__ = init
        if freeze:
            cls.run = _stand_still

    def _guard(self, cls, name: str) -> None:
        """Check every call of ``cls.name`` as a state change (see :meth:`_changed`)."""
        original = getattr(cls, name, None)
        if not callable(original):
            return
        what = f"{cls.__name__}.{name}"
        watch = self

        @functools.wraps(original)
        def guarded(obj, *args, **kwargs):
            watch._changed(what)
            return original(obj, *args, **kwargs)

        setattr(cls, name, guarded)

    def _swap_locks(self, module) -> None:
        """Make the locks World.py creates OwnedLocks (whichever way it names threading)."""
        for name, value in list(vars(module).items()):
            if value is threading:
                setattr(module, name, _ThreadingSeenByWorld(self._owned))
            elif value is threading.Lock:
                setattr(module, name, lambda: self._owned(threading.Lock()))
            elif value is threading.RLock:
                setattr(module, name, lambda: self._owned(threading.RLock()))

    def _owned(self, inner) -> OwnedLock:
        """Return an OwnedLock around ``inner``; the first one World.py makes is watched.

        Known from the start, so that monster threads started by World's constructor are
        judged by it too; :meth:`world` settles on world.lock once the World exists.
        """
        lock = OwnedLock(inner)
        if self.lock is None:
            self.lock = lock
        return lock

    def _wrap_move(self, name: str, what: str) -> None:
        """Record every call of World.``name``: thread, monster, target, lock taken or not."""
        original = getattr(self.world_class, name, None)
        if not callable(original):
            return
        watch = self

        @functools.wraps(original)
        def moved(world, *args, **kwargs):
            me = threading.get_ident()
            lock = watch.lock
            held = lock is not None and lock.held_here()
            before = lock.acquisitions[me] if lock is not None else 0
            monster = next((a for a in (*args, *kwargs.values())
                            if isinstance(a, watch.monster_class)), None)
            where = _position(monster) if monster is not None else None
            if watch.before_move is not None:
                watch.before_move(what, _numbers((*args, *kwargs.values())))
            result = original(world, *args, **kwargs)
            took = held or (lock is not None and lock.acquisitions[me] > before)
            watch._called(what, me, monster, where, (*args, *kwargs.values()), took)
            return result

        setattr(self.world_class, name, moved)

    # --- records ----------------------------------------------------------------------------

    def _changed(self, what: str) -> None:
        """Count a state change; after start-up it must come from the thread holding the lock."""
        main = threading.current_thread() is threading.main_thread()
        with self._mutex:
            self.counts[what] += 1
            if main and not self.armed:
                return  # World's constructor, before it hands the world to anyone
            lock = self.lock
            if lock is not None and lock.held_here():
                return
            side = "main" if main else "thread"
            self.counts["unlocked " + side] += 1
            if len(self.violations) < MAX_PROBLEMS_KEPT:
                thread = "the main thread" if main else threading.current_thread().name
                self.violations.append([side, f"{what} called in {thread} without holding "
                                              f"world.lock" if lock is not None else
                                        f"{what} called in {thread}: the world has no lock"])

    def _called(self, what: str, me: int, monster, where, args, took: bool) -> None:
        """Count one monsterMove/avatarMove call (see :meth:`_wrap_move`)."""
        main = threading.current_thread() is threading.main_thread()
        with self._mutex:
            self.counts[what] += 1
            if not took:
                self.counts[f"{what} without lock " + ("main" if main else "thread")] += 1
            if monster is None:
                return
            index = self._index.get(id(monster), -1)
            self.movers[f"{0 if main else me}:{index}"] += 1
            if len(self.calls) < MAX_CALLS_KEPT:
                self.calls.append([0 if main else me, index, *(where or [None, None]),
                                   *_numbers(args)[:2], round(time.monotonic() - self._started, 4)])

    def _thread_error(self, hook) -> None:
        """Keep the exception that ended a thread (threading.excepthook)."""
        with self._mutex:
            if len(self.thread_errors) < MAX_PROBLEMS_KEPT:
                name = hook.thread.name if hook.thread is not None else "?"
                self.thread_errors.append(f"{name}: {hook.exc_type.__name__}: {hook.exc_value}")

    # --- the world --------------------------------------------------------------------------

    def world(self, map_file: str):
        """Build World(map_file), then watch its lock; return the world."""
        import World
        world = World.World(map_file)
        lock = getattr(world, "lock", None)
        with self._mutex:
            if isinstance(lock, OwnedLock):
                self.lock = lock
            elif hasattr(lock, "acquire") and hasattr(lock, "release"):
                # Made some other way: watched from now on (threads look world.lock up anew).
                self.lock = OwnedLock(lock)
                world.lock = self.lock
            else:
                self.lock = None
            self.armed = True
        return world

    def lock_kind(self) -> str:
        """Return the type name of the lock inside world.lock ("lock", "RLock"), or "none"."""
        if self.lock is None:
            return "none"
        return type(self.lock.inner).__name__

    def threads(self) -> List[threading.Thread]:
        """Return the live threads started since this Watch was made."""
        return [t for t in threading.enumerate() if t not in self.baseline and t.is_alive()]

    def at(self, starts: Sequence[Sequence[int]]) -> List[Any]:
        """Return the monsters that were made standing on ``starts``, in that order.

        Raises:
            LookupError: no monster, or more than one, was made on one of them.
        """
        found = []
        for x, y in starts:
            there = [m for m, start in zip(self.monsters, self.starts) if start == [x, y]]
            if len(there) != 1:
                raise LookupError(f"{len(there)} Monster objects made at ({x}, {y}), expected 1")
            found.append(there[0])
        return found

    def index(self, monster) -> int:
        """Return the order in which ``monster`` was made (0 first)."""
        return self._index.get(id(monster), -1)

    def states(self) -> List[list]:
        """Return [x, y, hit points] of every Monster made, in the order they were made."""
        return [[read(m.getX), read(m.getY), read(m.getHitPoints)] for m in self.monsters]

    def moved(self, index: int) -> int:
        """Return how many monsterMove calls so far were for the ``index``-th monster made."""
        wanted = str(index)
        with self._mutex:
            return sum(calls for key, calls in self.movers.items()
                       if key.rpartition(":")[2] == wanted)

    def summary(self) -> dict:
        """Return the counts and problems seen so far, as plain data."""
        with self._mutex:
            return {"counts": dict(self.counts), "violations": list(self.violations),
                    "thread_errors": list(self.thread_errors), "movers": dict(self.movers),
                    "lock": self.lock_kind()}


def _numbers(args: Sequence[Any]) -> List[int]:
    """Return the integers (not bools) among a call's arguments, in order."""
    return [a for a in args if isinstance(a, int) and not isinstance(a, bool)]


def _stand_still(monster) -> None:
    """Monster.run while frozen: the monster's thread ends at once, and it never moves."""


def _position(monster) -> list:
    """Return [x, y] of ``monster`` as plain values."""
    return [read(monster.getX), read(monster.getY)]


def _pace(real_show: Callable[..., None], frame_ms: float) -> Callable[..., None]:
    """Return a show() that waits ``frame_ms`` before showing, as a real window's frame does."""

    def show(*args, **kwargs):
        time.sleep(frame_ms / MS_PER_S)
        real_show(*args, **kwargs)

    return show


def main(argv: List[str]) -> int:
    """Run a program headless (see the module docstring); return its exit status."""
    parser = argparse.ArgumentParser(prog="headless.py")
    parser.add_argument("--keys", default="")
    parser.add_argument("--idle", type=int, default=stddraw_shim.DEFAULT_IDLE_SHOWS)
    parser.add_argument("--frame-ms", type=float, default=0.0)
    parser.add_argument("--frame", action="store_true")
    parser.add_argument("program")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    options = parser.parse_args(argv)
    start(options.keys, options.idle)
    # A program that prints and then hangs still shows what it printed.
    sys.stdout.reconfigure(line_buffering=True)
    from stddraw_shim import stddraw
    if options.frame_ms > 0:
        stddraw.show = _pace(stddraw.show, options.frame_ms)
    sys.argv = [options.program, *options.args]
    sys.path[0] = os.path.dirname(os.path.abspath(options.program))
    status = 0
    try:
        runpy.run_path(options.program, run_name="__main__")
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else (0 if ended.code is None else 1)
    finally:
        if options.frame:
            frame = stddraw_shim.shown_frame(stddraw_shim.draw_log())
            print(FRAME_MARKER + json.dumps(frame), file=sys.stderr, flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
