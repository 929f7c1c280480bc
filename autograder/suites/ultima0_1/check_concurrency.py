"""No Concurrency Issues on the World Instance (5): world.lock guards every change, under load.

Two games are played in the sandbox by the course's loop (a key, then the world drawn while
holding ``world.lock``, then shown), with the avatar all but invulnerable and walking about:

- a crowded map of mixed tiles (grass, lava, water, brick floor) and 80 fast monsters, with the
  interpreter switching threads very often; ``headless.Watch`` records every change to a
  monster's or the avatar's position or hit points made by a thread that did not hold
  ``world.lock`` at that moment;
- the course's stress map ``10x10_full.txt``: 99 skeletons stepping every millisecond.

Each game goes on until it has drawn STRESS_FRAMES frames and its monsters have moved
STRESS_MOVES_PER_MONSTER times each on average, or for GAME_S seconds: a fast machine gets the
same evidence as a slow one sooner, and a slow one no less than before.

Every frame is then judged here (``ultima01_rules.frame_problems``): never two live monsters on
one tile or on the avatar's, no dead monster drawn, hit points written only as positive numbers.
A thread that dies of an exception, or a game that stops (a deadlock), fails. Each game is
played once per grading run: the crowded one is judged by three checks (monster threads and the
lock, the avatar's moves and the lock, the frames), 10x10_full.txt by one. The lock's type is
read from a small world of its own.

The watch runs beside the student's code, which could rewrite it, and a lock in the source may
guard nothing. So whether world.lock keeps the moves apart is also shown by two games on a small
map (``apart_map``), played from copies of World.py and Monster.py that the grader makes from
the source it read: one with a pause before each step of monsterMove, handleKey and what they
call, which turns any check of a tile followed by a move onto it into a wide race, and no two
monsters, nor a monster and the avatar, may meet; and one with every lock taken out as well,
where they must meet, or the game break. The child gets the same driver and payload for both.
The frames, which a submission could also rewrite, count only where these games show that the
lock keeps the monsters apart.
"""

import random
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from autograder import CheckFailed, WrongOutput, calls, check
from autograder.drivers import Driver
from autograder.suites.ultima0_1.ultima01_probes import remembered, spread_problem
from autograder.suites.ultima0_1.ultima01_rules import (
    NOT_MONSTERS,
    Hero,
    Map01,
    MonsterLine,
    course_map,
    frame_problems,
    live_tiles,
    read_frame,
    shared_tiles,
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
# Seconds of game at most, a pause between frames, and the interpreter's thread switch interval
# (tiny values switch threads very often, which brings races out). The games are CPU-bound
# (every monster steps each millisecond or two); whether the lock keeps the moves apart is shown
# by the paused copies below, so a game need only last until it has shown many frames and many
# moves of every monster (an unguarded change is seen from the first moves on: thousands of
# them in a game). On this project's 2-core machine a game reaches both in about 0.6 s.
GAME_S = 1.25
STRESS_FRAMES = 25
STRESS_MOVES_PER_MONSTER = 60
FRAME_S = 0.01
SWITCH_S = 1e-4
TIMEOUT_S = 15
# The checks that judge the crowded game and the paused copies' games (Runner.remember):
# one worker plays them for all (autograder.checks.check's ``shares``).
LOCK_GAMES = "the crowded and paused games"
MIN_FRAMES = 5
PROBLEMS_SHOWN = 5
LOCK_TYPES = ("lock", "RLock")  # the type names of threading.Lock() and threading.RLock()
# Per side: the Watch's name for its move calls, and for the change a move makes.
MOVERS = {"thread": ("monster move", "Monster.setLocation"),
          "main": ("avatar move", "Avatar.setLocation")}

# The lock's work (issue 17): the avatar walks to and fro between A and B, and a monster above B
# and one below can step only onto B (or back), so that they race the avatar for it; two more
# monsters race each other for C in the same way. Played twice from sources the grader rewrites
# (PAUSE_S before each step of monsterMove, handleKey and what they call; then also with every
# lock taken out), and looked at after each step and whenever a monster thread lets go of the
# lock, for two live monsters on one tile and for a monster on the avatar's.
#   x:   0 1 2 3 4 5
#   y=2: W W M W M W
#   y=1: W A B W C W
#   y=0: W W M W M W
APART_ROWS = ["WWGWGW", "WGGWGW", "WWGWGW"]
APART_START = (1, 1)
APART_MONSTER_TILES = ((2, 2), (2, 0), (4, 2), (4, 0))
APART_CODES = ("SK", "OR", "BA", "SL")
APART_SLEEP_MS = 1
APART_FILE = "grader_apart.txt"
APART_SOURCES = ("World.py", "Monster.py")
APART_ROOTS = ("monsterMove", "handleKey")
PAUSE_S = 0.0005
PAUSED = f"with a pause of {PAUSE_S * 1000:g} ms put before each step of monsterMove and handleKey"
# A monster that aims at the tile the avatar is about to step onto waits up to AIM_S for the step
# to start, then PAUSE_S more (the avatar has more steps to go before its check of the tile).
AIM_S = 0.01
# Each key with its step and how long the avatar waits for a monster to aim at the same tile
# (none can reach A).
APART_KEYS = (("d", 1, 0, AIM_S), ("a", -1, 0, 0))
# Seconds per game at most; two monsters are compared under world.lock after every
# LOCKED_LOOK_EVERY keys (and on every release by a monster thread); a game that keeps the rules
# must have been looked at MIN_SAMPLES times.
APART_GAME_S = 1.0
LOCKED_LOOK_EVERY = 4
MIN_SAMPLES = 20

# The lock is looked at in a small world whose monsters stand still.
LOCK_MAP = Map01.from_rows(["GGG", "GGG"], Hero(0, 0, 10, 1, 4.0),
                           [MonsterLine("SK", 2, 1, 5, 1, 10 ** 6)])
LOCK_FILE = "grader_lock.txt"

LOCK_DRIVER = Driver("ultima0_1.lock_kind")

STRESS_DRIVER = Driver("ultima0_1.stress")


APART_DRIVER = Driver("ultima0_1.apart")


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


def apart_map() -> Map01:
    """Return the map that shows the lock's work (drawn above APART_ROWS)."""
    monsters = [MonsterLine(code, x, y, INVULNERABLE_HP, 1, APART_SLEEP_MS)
                for code, (x, y) in zip(APART_CODES, APART_MONSTER_TILES)]
    return Map01.from_rows(APART_ROWS, Hero(*APART_START, INVULNERABLE_HP, HERO_DAMAGE,
                                            BRIGHT_TORCH), monsters)


def _stress(sandbox, name: str, world_map: Map01, switch_s: float) -> Dict[str, Any]:
    """Play ``world_map`` under watch (once per grading run); return the child's report.

    Raises:
        WrongOutput: the report does not have the expected shape.
    """
    def play() -> Dict[str, Any]:
        files = {} if name == FULL_MAP else {name: world_map.text().encode()}
        got = sandbox.probe(STRESS_DRIVER, args={
            "map": name, "keys": ROAM_KEYS, "seconds": GAME_S, "frame_s": FRAME_S,
            "frames": STRESS_FRAMES, "moves": STRESS_MOVES_PER_MONSTER * len(world_map.monsters),
            "switch_s": switch_s, "skip": list(NOT_MONSTERS)}, files=files, timeout=TIMEOUT_S)
        return got

    return remembered(sandbox, f"stress {name}", play)


def _crowd(sandbox) -> Dict[str, Any]:
    """Return the report of the crowded map's game (played once per grading run)."""
    return _stress(sandbox, CROWD_FILE, crowd_map(), SWITCH_S)


def _counts(report: Dict[str, Any]) -> Dict[str, int]:
    """Return the Watch's counts from a stress report."""
    return report.watch.counts


def _judge_frames(report: Dict[str, Any], name: str) -> None:
    """Fail on thread errors, too few frames, monsters that never moved, or a broken frame."""
    errors = report.watch.thread_errors
    if errors:
        raise WrongOutput(f"on {name}, {len(errors)} monster threads died of an exception: "
                          f"{errors[0]}", "\n".join(map(str, errors)))
    frames: List[Any] = report.frames
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
    found = [entry[1] for entry in report.watch.violations
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


@check(item="concurrency", points=1, timeout=TIMEOUT_S, shares=LOCK_GAMES)
def test_concurrency_monster_threads_hold_the_lock(sandbox, submission):
    """monster threads change monsters and the avatar only while holding world.lock

    (the rubric's "No Concurrency Issues on the World Instance"; CLARIFICATIONS.md, Ultima
    0.1: World has the attribute lock, a threading.Lock, and no two monsters share a tile):
    watched in the sandbox, confirmed in the source, and shown to be what keeps monsters
    apart by copies the grader makes of the source.
    """
    _lock_in_source(submission, APART_SOURCES)
    report = _crowd(sandbox)
    if _counts(report).get("monster move", 0) == 0:
        raise WrongOutput("no monster called world.monsterMove: the lock could not be judged")
    _unlocked(report, "thread", "a monster thread")
    _monsters_kept_apart(sandbox, submission)


@check(item="concurrency", points=1, timeout=TIMEOUT_S, shares=LOCK_GAMES)
def test_concurrency_avatar_moves_hold_the_lock(sandbox, submission):
    """the avatar's moves and attacks change the world only while holding world.lock

    (the rubric's "No Concurrency Issues on the World Instance": avatarMove changes the world
    the monster threads share): watched in the sandbox, confirmed in the source, and shown to
    be what keeps the avatar and the monsters apart by copies the grader makes of the source.
    """
    _lock_in_source(submission, ("World.py",))
    report = _crowd(sandbox)
    _unlocked(report, "main", "handleKey (the main thread)")
    locked = _apart_game(sandbox, submission, cut=False)
    # A race between the avatar and a monster needs only one side unguarded: it counts here
    # unless the monster threads were seen changing the world without the lock (their check
    # above fails for that) or meeting each other.
    monsters_guarded = _guarded(report, "thread") and locked.shared is None and not locked.errors
    if locked.met is not None and monsters_guarded:
        raise WrongOutput(f"{PAUSED}, a monster and the avatar met on tile {locked.met}: "
                          f"world.lock does not keep the avatar's check of a tile and its move "
                          f"together")
    _lock_does_the_work(sandbox, submission, locked)


@dataclass(frozen=True)
class Apart:
    """What one game on ``apart_map`` showed.

    Attributes:
        shared: the first tile seen with two live monsters on it, or None.
        met: the first tile seen with a live monster on the avatar's, or None.
        errors: the exceptions that ended monster threads.
        samples: how many times the game was looked at.
    """

    shared: Optional[Tuple[Any, Any]]
    met: Optional[Tuple[Any, Any]]
    errors: Tuple[str, ...]
    samples: int

    def broke_a_rule(self) -> bool:
        """Return True if two monsters, or a monster and the avatar, met, or a thread died."""
        return self.shared is not None or self.met is not None or bool(self.errors)


def _monsters_kept_apart(sandbox, submission) -> None:
    """Fail unless world.lock is shown to keep the monsters apart (see ``apart_map``): in the
    paused copy no two monsters meet and no monster thread dies; without the locks the game
    breaks."""
    locked = _apart_game(sandbox, submission, cut=False)
    if locked.errors:
        raise WrongOutput(f"{PAUSED}, a monster thread died: {locked.errors[0]}",
                          "\n".join(locked.errors))
    if locked.shared is not None:
        raise WrongOutput(f"{PAUSED}, two monsters met on tile {locked.shared}: world.lock "
                          f"does not keep a monster's check of a tile and its move together")
    # A monster and the avatar met: one side moved unguarded. The watch names which (its
    # check fails); a watch that saw both sides hold the lock was not telling the truth.
    report = _crowd(sandbox)
    if locked.met is not None and _guarded(report, "thread") and _guarded(report, "main"):
        raise WrongOutput(f"{PAUSED}, a monster and the avatar met on tile {locked.met}, "
                          f"though every change seemed to be made holding world.lock: the "
                          f"lock does not keep the moves apart")
    _lock_does_the_work(sandbox, submission, locked)


def _lock_does_the_work(sandbox, submission, locked: Apart) -> None:
    """Fail unless taking every lock out of the paused copy breaks the game's rules.

    ``locked`` is the game played from the paused copy (``calls.with_pauses``): it kept the
    rules. The same game, with the same driver and payload, is then played from that copy
    with every lock taken out as well (``calls.without_locks``): two monsters, or a monster
    and the avatar, must meet, a monster thread die, or the game fail. Which of the two
    copies it runs is something the child is never told: a submission whose lock guards
    nothing meets in both games, and one that forges "no meeting" forges it in both.
    """
    if not locked.broke_a_rule() and locked.samples < MIN_SAMPLES:
        raise WrongOutput(f"{PAUSED}, the game could be looked at only {locked.samples} times "
                          f"in {APART_GAME_S} s")
    try:
        if spread_problem(sandbox) is not None:
            return  # no thread per monster: the threads item has lost its points for that
        unlocked = _apart_game(sandbox, submission, cut=True)
    except CheckFailed:
        return  # the game breaks without its lock
    if not unlocked.broke_a_rule():
        raise WrongOutput(f"{PAUSED} and every lock taken out of World.py and Monster.py, the "
                          f"game kept every rule in {unlocked.samples} looks: world.lock is not "
                          f"what keeps the moves apart", "the source takes the lock, but "
                          "around nothing that a race between two moves could break")


def _apart_game(sandbox, submission, cut: bool) -> Apart:
    """Play ``apart_map`` once per grading run from a copy of World.py and Monster.py that
    pauses before each step of monsterMove, handleKey and what they call, with every lock taken
    out if ``cut``; return what it showed.

    Raises:
        CheckFailed: the game failed (kept for every check that asks again).
        WrongOutput: the report does not have the expected shape.
    """
    def play() -> Apart:
        trees = [submission.parse(name) for name in APART_SOURCES]
        paused = calls.calls_reached(trees, APART_ROOTS)
        sources = {name: calls.program_bytes(calls.source_of(calls.with_pauses(
            calls.without_locks(tree) if cut else tree, paused, PAUSE_S)))
            for name, tree in zip(APART_SOURCES, trees)}
        got = sandbox.probe(APART_DRIVER, args={
            "map": APART_FILE, "seconds": APART_GAME_S, "keys": APART_KEYS, "wait_s": AIM_S,
            "lag_s": PAUSE_S, "locked_look_every": LOCKED_LOOK_EVERY},
                            files={APART_FILE: apart_map().text().encode(), **sources},
                            timeout=TIMEOUT_S)
        return _read_apart(got)

    return remembered(sandbox, f"apart cut={cut}", play)


def _read_apart(got: Any) -> Apart:
    """Return the Apart in a child's report ``{"samples", "shared", "met", "errors"}``.

    Raises:
        WrongOutput: the report does not have that shape.
    """
    malformed = WrongOutput("the game in a corridor of monsters could not be observed")
    shared, met = got.shared, got.met
    if not (shared is None or _states(shared)):
        raise malformed
    if not (met is None or (_states(met.states) and len(met.avatar) == 2)):
        raise malformed
    pairs = shared_tiles(live_tiles(shared or []))
    avatar = tuple(met.avatar) if met is not None else None
    return Apart(pairs[0][0] if pairs else None,
                 avatar if met is not None and avatar in live_tiles(met.states) else None,
                 tuple(str(error) for error in got.errors), got.samples)


def _states(value: Any) -> bool:
    """Return True if ``value`` is a list of lists (monster states ``[x, y, hp]``)."""
    return isinstance(value, list) and all(isinstance(state, list) for state in value)


def _guarded(report: Dict[str, Any], side: str) -> bool:
    """Return True if the watch saw the ``side`` ("thread" or "main") change the world only
    while holding world.lock (see :func:`_unlocked`)."""
    try:
        _unlocked(report, side, side)
    except WrongOutput:
        return False
    return True


def _lock_in_source(submission, filenames) -> None:
    """Fail unless one of ``filenames`` takes a lock in its source (``with`` or ``acquire``).

    The watch that looks for unlocked changes runs beside the student's code, which could
    rewrite what it reports: its verdict counts only where the source, read here, takes the
    lock. So this is judged first: a source that never takes the lock fails for that, however
    its game goes (one without a lock may also crash in a race, which is no clearer reason).
    """
    for filename in filenames:
        try:
            if calls.takes_a_lock(submission.parse(filename)):
                return
        except CheckFailed:  # a missing or unparsable file takes no lock
            continue
    raise WrongOutput(f"no code in {' or '.join(filenames)} takes world.lock (a with "
                      f"statement or acquire())", "whatever the game in the sandbox shows, "
                      "the source never takes the lock")


@check(item="concurrency", points=1, timeout=TIMEOUT_S, shares=LOCK_GAMES)
def test_concurrency_crowded_map_keeps_the_rules(sandbox, submission):
    """80 fast monsters on grass, lava and water: never two on a tile, no dead one drawn

    (The rubric's "No Concurrency Issues on the World Instance"; CLARIFICATIONS.md, Ultima 0.1:
    no two monsters on one tile, a monster at 0 hit points disappears.) The frames come from
    the child: they count where the parent's copies show that world.lock
    keeps the monsters apart (a clean frame is no evidence of a lock that does no work).
    """
    _judge_frames(_crowd(sandbox), "a crowded map")
    _monsters_kept_apart(sandbox, submission)


@check(item="concurrency", points=1, timeout=TIMEOUT_S, shares=LOCK_GAMES)
def test_concurrency_full_map_keeps_the_rules(sandbox, submission):
    """10x10_full.txt (99 skeletons, 1 ms apart): never two on a tile, no dead one drawn

    (CLARIFICATIONS.md: the concurrency stress test, no crash, no two monsters on one tile.)
    Its frames count as the crowded map's do.
    """
    world_map = course_map(FULL_MAP)
    _judge_frames(_stress(sandbox, FULL_MAP, world_map, 0.0), FULL_MAP)
    _monsters_kept_apart(sandbox, submission)
