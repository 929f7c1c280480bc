"""Race the avatar and the monsters for one tile, watching whether they ever meet, in the
sandbox child.

Read by ``check_concurrency.py``. payload: ``map``, ``keys`` (each ``[key, dx, dy,
aim_s]``), ``seconds``, ``wait_s``, ``lag_s`` and ``locked_look_every``.
"""

import os
import threading
import time
from typing import Any, Callable, List, Optional, TypedDict

from ._shapes import Plain


class Met(TypedDict):
    """The avatar's [x, y] and the monsters' states when it met one."""

    avatar: List[Plain]
    states: List[Any]


class Apart(TypedDict):
    """Looks taken, the states when two monsters shared a tile (None if never), the meeting
    with the avatar (None if never), and the threads' errors."""

    samples: int
    shared: Optional[List[Any]]
    met: Optional[Met]
    errors: List[Any]


SHAPE = Apart


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    watch = headless.Watch()
    world = watch.world(payload["map"])
    seen = {"samples": 0, "shared": None, "met": None}
    def look(monsters_too):
        states = watch.states()
        avatar = [headless.read(world.avatar.getX), headless.read(world.avatar.getY)]
        seen["samples"] += 1
        tiles = [(x, y) for x, y, hp in states if isinstance(hp, (int, float)) and hp > 0]
        if monsters_too and seen["shared"] is None and len(set(tiles)) < len(tiles):
            seen["shared"] = states
        if seen["met"] is None and tuple(avatar) in tiles:
            seen["met"] = {"avatar": avatar, "states": states}
    def look_before_release():
        if threading.current_thread() is not threading.main_thread():
            look(True)
    def look_after(cls):
        # Right after each step, made holding world.lock in a World that keeps the rules.
        step = cls.setLocation
        def stepped(*args, **kwargs):
            step(*args, **kwargs)
            look(True)
        cls.setLocation = stepped
    look_after(watch.monster_class)
    look_after(watch.avatar_class)
    # The avatar and a monster set off for the same tile together: the first monster to aim at
    # the avatar's next tile (within aim_s) waits, holding world.lock if it takes it, for the
    # avatar's step to start.
    aimed, going, goal, aiming = threading.Event(), threading.Event(), [], {}
    def set_off():
        if not aimed.is_set():
            aimed.set()
            going.wait(payload["wait_s"])
            time.sleep(payload["lag_s"])
    def before_move(what, numbers):
        if what == "monster move" and numbers[:2] == goal:
            if getattr(world.lock, "held_here", lambda: False)():
                set_off()
            else:
                aiming[threading.get_ident()] = numbers[:2]
    def after_acquire():
        if aiming.pop(threading.get_ident(), None) == goal:
            set_off()
    watch.before_move = before_move
    if isinstance(world.lock, headless.OwnedLock):
        world.lock.after_acquire = after_acquire
        # A monster thread that releases world.lock has just moved: look before it lets go.
        world.lock.before_release = look_before_release
    keys, turn = payload["keys"], 0
    deadline = time.monotonic() + payload["seconds"]
    while (time.monotonic() < deadline and (seen["shared"] is None or seen["met"] is None)
           and not watch.thread_errors):
        key, dx, dy, aim_s = keys[turn % len(keys)]
        aimed.clear()
        going.clear()
        goal[:] = [world.avatar.getX() + dx, world.avatar.getY() + dy]
        aimed.wait(aim_s)
        going.set()
        world.handleKey(key)
        turn += 1
        # Only this thread moves the avatar, and a monster read mid-step stands on the tile it
        # leaves or the one it takes: a meeting is seen without the lock. Two monsters are
        # compared only while it is held (either might be mid-step).
        look(False)
        if turn % payload["locked_look_every"] == 0:
            with world.lock:
                look(True)
    report({**seen, "errors": list(watch.thread_errors)})
    os._exit(0)
