"""No Concurrency Issues on the World Instance (5): world.lock guards every change, under load.

Two games are played in the sandbox by the course's loop (a key, then the world drawn while
holding ``world.lock``, then shown), with the avatar all but invulnerable and walking about:

- a crowded map of mixed tiles (grass, lava, water, brick floor) and 80 fast monsters, with the
  interpreter switching threads very often, for a few seconds; ``headless.Watch`` records every
  change to a monster's or the avatar's position or hit points made by a thread that did not
  hold ``world.lock`` at that moment;
- the course's stress map ``10x10_full.txt``: 99 skeletons stepping every millisecond.

Every frame is then judged here (``ultima01_rules.frame_problems``): never two live monsters on
one tile or on the avatar's, no dead monster drawn, hit points written only as
positive numbers. A thread that dies of an exception, or a game that stops (a deadlock), fails.
Each game is played once per grading run: the crowded one is judged by three checks (monster
threads and the lock, the avatar's moves and the lock, the frames), 10x10_full.txt by one. The
lock's type is read from a small world of its own.
"""

import random
from typing import Any, Dict, List

from autograder import CheckFailed, WrongOutput, check, static
from autograder.suites.ultima0_1.ultima01_probes import remembered
from autograder.suites.ultima0_1.ultima01_rules import (
    NOT_MONSTERS,
    Hero,
    Map01,
    MonsterLine,
    course_map,
    frame_problems,
    read_frame,
)

# The crowded map: CROWD_SIZE x CROWD_SIZE tiles drawn from CROWD_TILES (no opaque tile, so that
# the torch lights all of it and every monster is drawn), CROWD_MONSTERS monsters.
CROWD_SIZE = 14
CROWD_TILES = "G" * 10 + "LLWB"
CROWD_MONSTERS = 80
CROWD_SEED = 136
CROWD_HP = (2, 30)
CROWD_SLEEP_MS = (1, 3)
INVULNERABLE_HP = 10 ** 6
HERO_DAMAGE = 2
BRIGHT_TORCH = 100.0
CROWD_FILE = "grader_crowd.txt"
FULL_MAP = "10x10_full.txt"
# The avatar walks a square, again and again: attacks, lava and free tiles.
ROAM_KEYS = ("d" * 4 + "w" * 4 + "a" * 4 + "s" * 4) * 20
# Seconds of game, a pause between frames, and the interpreter's thread switch interval (tiny
# values switch threads very often, which brings races out).
GAME_S = 2.5
FRAME_S = 0.01
SWITCH_S = 1e-4
TIMEOUT_S = 15
MIN_FRAMES = 5
PROBLEMS_SHOWN = 5
LOCK_TYPES = ("lock", "RLock")  # the type names of threading.Lock() and threading.RLock()
# Per side: the Watch's name for its move calls, and for the change a move makes.
MOVERS = {"thread": ("monster move", "Monster.setLocation"),
          "main": ("avatar move", "Avatar.setLocation")}

# The lock is looked at in a small world whose monsters stand still.
LOCK_MAP = Map01.from_rows(["GGG", "GGG"], Hero(0, 0, 10, 1, 4.0),
                           [MonsterLine("SK", 2, 1, 5, 1, 10 ** 6)])
LOCK_FILE = "grader_lock.txt"

LOCK_DRIVER = """
    import os
    import headless
    headless.start(log=False)
    watch = headless.Watch(freeze=True)
    world = watch.world(payload)
    report(watch.lock_kind())
    os._exit(0)
"""

STRESS_DRIVER = """
    import os, sys, time
    import headless
    log = headless.start()
    watch = headless.Watch()
    if payload["switch_s"]:
        sys.setswitchinterval(payload["switch_s"])
    world = watch.world(payload["map"])
    reader = headless.LogReader(log)
    keys = list(payload["keys"])
    frames = []
    deadline = time.monotonic() + payload["seconds"]
    while time.monotonic() < deadline:
        if keys:
            world.handleKey(keys.pop(0))
        frames.append(headless.frame(world, reader, payload["skip"], watch, locked=True))
        time.sleep(payload["frame_s"])
    report({"frames": frames, "watch": watch.summary()})
    os._exit(0)
"""


def crowd_map() -> Map01:
    """Return the crowded map: random mixed tiles, the avatar in the middle, fast monsters."""
    rng = random.Random(CROWD_SEED)
    rows = [[rng.choice(CROWD_TILES) for _ in range(CROWD_SIZE)] for _ in range(CROWD_SIZE)]
    middle = CROWD_SIZE // 2
    rows[CROWD_SIZE - 1 - middle][middle] = "G"
    world = Map01.from_rows(["".join(row) for row in rows],
                            Hero(middle, middle, INVULNERABLE_HP, HERO_DAMAGE, BRIGHT_TORCH))
    free = [(x, y) for x in range(CROWD_SIZE) for y in range(CROWD_SIZE)
            if world.passable(x, y) and (x, y) != (middle, middle)]
    codes = ("SK", "OR", "BA", "SL")
    monsters = [MonsterLine(codes[i % len(codes)], x, y, rng.randint(*CROWD_HP), 1,
                            rng.randint(*CROWD_SLEEP_MS))
                for i, (x, y) in enumerate(rng.sample(free, CROWD_MONSTERS))]
    return Map01(world.tiles, world.hero, tuple(monsters))


def _stress(sandbox, name: str, world_map: Map01, switch_s: float) -> Dict[str, Any]:
    """Play ``world_map`` under watch (once per grading run); return the child's report.

    Raises:
        WrongOutput: the report does not have the expected shape.
    """
    def play() -> Dict[str, Any]:
        files = {} if name == FULL_MAP else {name: world_map.text().encode()}
        got = sandbox.probe(STRESS_DRIVER, args={
            "map": name, "keys": ROAM_KEYS, "seconds": GAME_S, "frame_s": FRAME_S,
            "switch_s": switch_s, "skip": list(NOT_MONSTERS)}, files=files, timeout=TIMEOUT_S)
        if (not isinstance(got, dict) or not isinstance(got.get("frames"), list)
                or not isinstance(got.get("watch"), dict)):
            raise WrongOutput(f"the game on {name} could not be observed")
        return got

    return remembered(sandbox, f"stress {name}", play)


def _counts(report: Dict[str, Any]) -> Dict[str, int]:
    """Return the Watch's counts from a stress report (empty if malformed)."""
    counts = report["watch"].get("counts")
    if not isinstance(counts, dict):
        return {}
    return {str(k): v for k, v in counts.items() if isinstance(v, int)}


def _judge_frames(report: Dict[str, Any], name: str) -> None:
    """Fail on thread errors, too few frames, monsters that never moved, or a broken frame."""
    errors = report["watch"].get("thread_errors") or []
    if errors:
        raise WrongOutput(f"on {name}, {len(errors)} monster threads died of an exception: "
                          f"{errors[0]}", "\n".join(map(str, errors)))
    frames: List[Any] = report["frames"]
    if len(frames) < MIN_FRAMES:
        raise WrongOutput(f"on {name} the game drew only {len(frames)} frames in {GAME_S} s")
    if _counts(report).get("monster move", 0) == 0:
        raise WrongOutput(f"on {name} no monster called world.monsterMove in {GAME_S} s")
    found = []
    for number, value in enumerate(frames, start=1):
        problems = frame_problems(read_frame(value))
        found.extend(f"frame {number}: {problem}" for problem in problems)
    if found:
        raise WrongOutput(f"on {name}, {found[0]} ({len(found)} problems in {len(frames)} "
                          f"frames)", "\n".join(found[:PROBLEMS_SHOWN]))


def _unlocked(report: Dict[str, Any], side: str, what: str) -> None:
    """Fail if the ``side`` ("thread" or "main") changed the world without holding world.lock.

    A change is a call of setLocation or incurDamage on a monster or the avatar. A World that
    moves its monsters (or its avatar) some other way is judged by the monsterMove (avatarMove)
    calls instead: each must have held or taken world.lock.
    """
    counts = _counts(report)
    found = [entry[1] for entry in report["watch"].get("violations") or []
             if isinstance(entry, list) and len(entry) == 2 and entry[0] == side]
    if counts.get(f"unlocked {side}", 0):
        raise WrongOutput(f"{what} changed the world without holding world.lock "
                          f"({counts[f'unlocked {side}']} times): {found[0] if found else ''}",
                          "\n".join(map(str, found)))
    mover, moved = MOVERS[side]
    unlocked = counts.get(f"{mover} without lock {side}", 0)
    if counts.get(moved, 0) == 0 and unlocked:
        raise WrongOutput(f"{what}: {unlocked} calls of world.{mover.split()[0]}Move never "
                          f"took world.lock")


@check(item="concurrency", points=1, timeout=TIMEOUT_S)
def test_concurrency_world_lock_is_a_threading_lock(sandbox):
    """World has an attribute lock, a threading.Lock"""
    kind = sandbox.probe(LOCK_DRIVER, args=LOCK_FILE, files={LOCK_FILE: LOCK_MAP.text().encode()})
    if kind not in LOCK_TYPES:
        raise WrongOutput(f"world.lock is {'missing' if kind == 'none' else repr(kind)}, "
                          f"expected a threading.Lock")


@check(item="concurrency", points=1, timeout=TIMEOUT_S)
def test_concurrency_monster_threads_hold_the_lock(sandbox, submission):
    """monster threads change monsters and the avatar only while holding world.lock

    (the rubric's "No Concurrency Issues on the World Instance"; CLARIFICATIONS.md, Ultima
    0.1: World has the attribute lock, a threading.Lock): watched in the sandbox, and
    confirmed in the source.
    """
    report = _stress(sandbox, CROWD_FILE, crowd_map(), SWITCH_S)
    if _counts(report).get("monster move", 0) == 0:
        raise WrongOutput("no monster called world.monsterMove: the lock could not be judged")
    _unlocked(report, "thread", "a monster thread")
    _lock_in_source(submission, ("World.py", "Monster.py"))


@check(item="concurrency", points=1, timeout=TIMEOUT_S)
def test_concurrency_avatar_moves_hold_the_lock(sandbox, submission):
    """the avatar's moves and attacks change the world only while holding world.lock

    (the rubric's "No Concurrency Issues on the World Instance": avatarMove changes the world
    the monster threads share): watched in the sandbox, and confirmed in the source.
    """
    report = _stress(sandbox, CROWD_FILE, crowd_map(), SWITCH_S)
    _unlocked(report, "main", "handleKey (the main thread)")
    _lock_in_source(submission, ("World.py",))


def _lock_in_source(submission, filenames) -> None:
    """Fail unless one of ``filenames`` takes a lock in its source (``with`` or ``acquire``).

    The watch that found no unlocked change ran beside the student's code, which could rewrite
    what it reports: the verdict stands only where the source, read here, takes the lock.
    """
    for filename in filenames:
        try:
            if static.takes_a_lock(submission.parse(filename)):
                return
        except CheckFailed:  # a missing or unparsable file takes no lock
            continue
    raise WrongOutput(f"no code in {' or '.join(filenames)} takes world.lock (a with "
                      f"statement or acquire())", "the sandbox reported no unlocked change, "
                      "but the source never takes the lock")


@check(item="concurrency", points=1, timeout=TIMEOUT_S)
def test_concurrency_crowded_map_keeps_the_rules(sandbox):
    """80 fast monsters on grass, lava and water: never two on a tile, no dead one drawn"""
    world_map = crowd_map()
    _judge_frames(_stress(sandbox, CROWD_FILE, world_map, SWITCH_S), "a crowded map")


@check(item="concurrency", points=1, timeout=TIMEOUT_S)
def test_concurrency_full_map_keeps_the_rules(sandbox):
    """10x10_full.txt (99 skeletons, 1 ms apart): never two on a tile, no dead one drawn"""
    world_map = course_map(FULL_MAP)
    _judge_frames(_stress(sandbox, FULL_MAP, world_map, 0.0), FULL_MAP)
