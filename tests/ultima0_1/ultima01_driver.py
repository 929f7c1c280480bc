"""Play Ultima 0.1 through its own main program and check the world on every frame.

Run as ``python ultima01_driver.py SETTINGS`` with the ultima0_1 folder as the working
directory and STDDRAW_HEADLESS=1; SETTINGS is a JSON object:

    map              the map file to play
    seconds          game time: the window is "closed" (SystemExit(0), as the shim does) once
                     this much time has passed and at least min_frames frames were drawn
    min_frames       the fewest frames a game shows before it is closed (default 1): on a
                     busy machine a crowded map's threads may take all the seconds to start
    frame_ms         a real window waits this long in every show(); 0 plays flat out
    switch_interval  sys.setswitchinterval value (tiny values force thread switches)
    watchdog_s       no frame for this long: dump every thread's stack and exit 3 (deadlock)

Keys come from STDDRAW_KEYS as usual. The driver wraps, without changing what they do:
World.draw (the per-frame probe, run while the game holds ``world.lock``), StdDraw.show (pace,
watchdog, game clock) and every method that changes the world's state (they must run while the
calling thread holds ``world.lock``: World's own lock is replaced by one that knows its owner).
After the game it prints ``REPORT `` and a JSON object on the last line of stdout.
"""

import faulthandler
import json
import os
import sys
import threading
import time
from collections import Counter

MONSTER_THREAD_PREFIX = "monster-"
LIGHT_THREAD = "lightDFS"  # World lights big torches in a helper thread while its caller waits
MAX_VIOLATIONS = 20
EXIT_DEADLOCK = 3
REPORT_PREFIX = "REPORT "


class OwnedLock:
    """A threading.Lock that remembers which thread holds it."""

    def __init__(self):
        self._lock = threading.Lock()
        self.owner = None

    def acquire(self, blocking=True, timeout=-1):
        got = self._lock.acquire(blocking, timeout)
        if got:
            self.owner = threading.get_ident()
        return got

    def release(self):
        self.owner = None
        self._lock.release()

    def locked(self):
        return self._lock.locked()

    def held_here(self):
        """True if the calling thread holds the lock (or lights for the thread that does)."""
        if threading.current_thread().name == LIGHT_THREAD:
            return self.locked()
        return self.owner == threading.get_ident()

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc):
        self.release()


class ThreadingWithOwnedLock:
    """The threading module as World.py sees it, with Lock making OwnedLocks for ``checker``."""

    def __init__(self, checker):
        self._checker = checker

    def Lock(self):
        self._checker.lock = OwnedLock()
        return self._checker.lock

    def __getattr__(self, name):
        return getattr(threading, name)


class Checker:
    """Counts what happens and collects broken invariants."""

    def __init__(self):
        self.world = None
        self.lock = None
        self.armed = False
        self.violations = []
        self.violation_count = 0
        self.counts = Counter()
        self.frames = 0
        self.monsters_per_frame = []

    def fail(self, message):
        self.violation_count += 1
        if len(self.violations) < MAX_VIOLATIONS:
            self.violations.append(message)

    def check_mutation(self, what):
        """A state change: after start-up it must come from the thread holding world.lock."""
        self.counts[what] += 1
        current = threading.current_thread()
        main = current is threading.main_thread() or current.name == LIGHT_THREAD
        if main and not self.armed:
            return  # World's constructor, before any monster thread can run
        if self.lock is None or not self.lock.held_here():
            self.fail(f"{what} in thread {threading.current_thread().name} without world.lock")

    def check_frame(self, world):
        """The per-frame probe; World.draw runs with the game holding world.lock."""
        self.frames += 1
        if not world.lock.held_here():
            self.fail(f"frame {self.frames}: drawn without holding world.lock")
        monsters = world.getMonsters()
        self.monsters_per_frame.append(len(monsters))
        hero = (world.avatar.getX(), world.avatar.getY())
        places = Counter((m.getX(), m.getY()) for m in monsters)
        for place, count in places.items():
            if count > 1:
                self.fail(f"frame {self.frames}: {count} monsters on {place}")
            if not world.isPassable(*place):
                self.fail(f"frame {self.frames}: monster on impassable {place}")
            if place == hero:
                self.fail(f"frame {self.frames}: monster on the avatar at {place}")
        for monster in monsters:
            if monster.getHitPoints() <= 0:
                self.fail(f"frame {self.frames}: dead monster still in the world")
        if world.getNumMonsters() != len(monsters):
            self.fail(f"frame {self.frames}: getNumMonsters() disagrees with the monsters")
        if monster_threads() < len(monsters):
            self.fail(f"frame {self.frames}: {len(monsters)} monsters but only "
                      f"{monster_threads()} monster threads")


def monster_threads():
    """Return how many monster threads are alive."""
    return sum(1 for t in threading.enumerate() if t.name.startswith(MONSTER_THREAD_PREFIX))


def guard(checker, cls, name):
    """Wrap method ``name`` of ``cls`` so that every call is checked as a state change."""
    original = getattr(cls, name)
    what = f"{cls.__name__}.{name}"

    def guarded(self, *args):
        checker.check_mutation(what)
        return original(self, *args)

    setattr(cls, name, guarded)


def instrument(checker, settings):
    """Wrap the game's classes and StdDraw.show; return the modules used."""
    import Avatar
    import Monster
    import StdDraw
    import Tile
    import Ultima
    import World

    World.threading = ThreadingWithOwnedLock(checker)
    for cls, names in ((Monster.Monster, ("setLocation", "incurDamage")),
                       (Avatar.Avatar, ("setLocation", "incurDamage", "increaseTorch",
                                        "decreaseTorch")),
                       (Tile.Tile, ("setLit",))):
        for name in names:
            guard(checker, cls, name)

    original_init, original_draw = World.World.__init__, World.World.draw
    original_monster_init, original_start = Monster.Monster.__init__, threading.Thread.start

    # Monsters made and monster threads started are counted as they happen: by the time the
    # world's __init__ returns, its threads may have run, and on a busy machine some
    # monsters have died on lava and their threads ended.
    def monster_init(self, *args, **kwargs):
        original_monster_init(self, *args, **kwargs)
        checker.counts["monsters made"] += 1

    def start(self):
        if self.name.startswith(MONSTER_THREAD_PREFIX):
            checker.counts["monster threads started"] += 1
        return original_start(self)

    Monster.Monster.__init__, threading.Thread.start = monster_init, start

    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        checker.world = self
        checker.armed = True
        checker.counts["threads at start"] = checker.counts["monster threads started"]
        checker.counts["monsters at start"] = checker.counts["monsters made"]

    def draw(self):
        checker.check_frame(self)
        original_draw(self)

    World.World.__init__, World.World.draw = init, draw

    real_show = StdDraw.show
    started = time.monotonic()

    def show(msec=float("inf")):
        if checker.world is not None and checker.world.lock.held_here():
            checker.fail("show() called while holding world.lock")
        faulthandler.dump_traceback_later(settings["watchdog_s"], exit=True)
        if settings["frame_ms"]:
            time.sleep(settings["frame_ms"] / 1000.0)
        real_show(msec)
        if (time.monotonic() - started >= settings["seconds"]
                and checker.frames >= settings.get("min_frames", 1)):
            raise SystemExit(0)

    StdDraw.show = show
    return Ultima


def main():
    settings = json.loads(sys.argv[1])
    sys.path.insert(0, os.getcwd())
    sys.setswitchinterval(settings.get("switch_interval", sys.getswitchinterval()))
    checker = Checker()
    ultima = instrument(checker, settings)
    faulthandler.dump_traceback_later(settings["watchdog_s"], exit=True)
    started = time.monotonic()
    outcome = "returned"
    try:
        status = ultima.main([settings["map"]])
    except SystemExit as stop:
        outcome, status = "closed", stop.code
    faulthandler.cancel_dump_traceback_later()
    world = checker.world
    report = {
        "outcome": outcome, "status": status, "frames": checker.frames,
        "seconds": round(time.monotonic() - started, 2),
        "violations": checker.violations, "violation_count": checker.violation_count,
        "counts": dict(checker.counts),
        "monsters_first": checker.monsters_per_frame[:1],
        "monsters_last": world.getNumMonsters() if world else None,
        "monsters_never_grow": all(a >= b for a, b in zip(checker.monsters_per_frame,
                                                          checker.monsters_per_frame[1:])),
        "avatar_hp": world.avatar.getHitPoints() if world else None,
        "threads_left": monster_threads(),
    }
    sys.stdout.flush()
    print(REPORT_PREFIX + json.dumps(report, sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
