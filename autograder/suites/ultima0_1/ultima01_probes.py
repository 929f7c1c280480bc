"""How the Ultima 0.1 checks drive the sandbox: scripted worlds, shared runs, headless programs.

The check files share these helpers (a check file cannot import another). Drivers run in the
sandbox's child and report plain data; the comparisons happen here, against ``ultima01_rules``.

    script(ops) --SCRIPT_DRIVER, monsters frozen--> state after each op --compare--> WrongOutput
    remembered(key, compute): one observation judged by several checks, failures included
    spread_problem(): one thread per monster or not, judged once for the threads and the lock
    run_program(argv): ``python headless.py ... PROGRAM`` with the course's Ultima.py if needed
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from autograder import CheckFailed, LeftToMarker, WrongOutput
from autograder.drivers import Driver
from autograder.outcome import bounded_int
from autograder.sandbox import RunResult
from autograder.suites.ultima0_1.ultima01_rules import (
    NOT_MONSTERS,
    Game,
    Hero,
    Map01,
    MonsterLine,
    State,
    describe_ops,
    is_number,
    play_ops,
    read_frame,
    read_state,
    same_number,
)

__all__ = ["COURSE_ULTIMA", "MAIN_PROGRAM", "Script", "call_target", "check_script", "difference",
           "monster_move_call", "remembered", "require_threads_ended", "require_threads_started",
           "run_program", "script", "spread_problem", "threads_probe"]

HERE = Path(__file__).resolve().parent
MAIN_PROGRAM = "Ultima.py"
# The course's main program, run when a submission brings no Ultima.py of its own.
COURSE_ULTIMA = HERE / "course" / "Ultima.py"
MAP_FILE = "grader_%s.txt"

# Monsters frozen (Monster.run returns at once): they move only when an op moves them.
# ops: ["monster", sx, sy, x, y] (the monster that started on (sx, sy) steps to (x, y)),
# ["avatar", x, y], ["key", ch], ["hurt", sx, sy, d], ["place", sx, sy, x, y], ["draw"] (the
# world draws itself), ["mdraw", sx, sy] (one monster draws itself; after a "draw").
SCRIPT_DRIVER = Driver("ultima0_1.script")


# How the grader calls world.monsterMove: CLARIFICATIONS.md names the method, not its
# parameters, so the order is learnt from the submission's own Monster (see
# monster_move_call). Slots: "monster", "x"/"y" (the target), "dx"/"dy" (the step).
DEFAULT_CALL = {"args": ["x", "y", "monster"], "kwargs": {}}
# The learning world: one orc at (3, 5) on open grass, the avatar far away. At (3, 5) every
# reading of a step is told apart: target or step, x first or y first. The orc's call is
# watched from the start, so it need not wait long before its first step.
LEARN_START = (3, 5)
LEARN_SLEEP_MS = 20
LEARN_MAP = Map01.from_rows(["GGGGGGG"] * 8, Hero(0, 0, 20, 1, 10.0),
                            [MonsterLine("OR", LEARN_START[0], LEARN_START[1], 5, 1,
                                         LEARN_SLEEP_MS)])
LEARN_WAIT_S = 3.0
# Records the first world.monsterMove call the submission's own monster makes: each
# argument as "monster", a number or "other", and where the monster stood before and after.
# The recorder replaces World.monsterMove before the world is made, so the first call is seen
# whenever the monster's thread makes it (a monster that steps before it first sleeps, say);
# later calls, and the main thread's, pass through untouched.
LEARN_DRIVER = Driver("ultima0_1.learn")


def monster_move_call(sandbox) -> Dict[str, Any]:
    """Return how the submission's own Monster calls world.monsterMove (once per run).

    One monster of the learning map is left to run; its first call shows which argument is
    the monster and which numbers are the target (or the step), in which order, since the
    monster's move shows where it went. When nothing can be learnt (no call, a move that
    did not happen, other kinds of argument) the spec's usual order ``(x, y, monster)`` is
    used, and the checks that move monsters judge that.
    """
    def learn() -> Dict[str, Any]:
        file = MAP_FILE % "learn"
        try:
            seen = sandbox.probe(LEARN_DRIVER, args={"map": file, "wait_s": LEARN_WAIT_S},
                                 files={file: LEARN_MAP.text().encode()})
        except CheckFailed:
            return DEFAULT_CALL
        return read_call(seen) or DEFAULT_CALL

    return sandbox.remember("ultima01_monster_move_call", learn)


def call_target(template: Dict[str, Any], x: Any, y: Any, first: Any,
                second: Any) -> Optional[tuple]:
    """Return the tile a recorded monsterMove call asked for, read by ``template``.

    ``first`` and ``second`` are the call's two numbers in argument order, the monster stood
    on (``x``, ``y``). Returns None when the numbers cannot be read.
    """
    names = [slot for slot in [*template["args"], *template["kwargs"].values()]
             if slot != "monster"]
    if not all(is_number(v) for v in (x, y, first, second)) or len(names) != 2:
        return None
    value = dict(zip(names, (first, second)))
    if "x" in value:
        return value["x"], value["y"]
    return x + value["dx"], y + value["dy"]


def read_call(seen: Any) -> Optional[Dict[str, Any]]:
    """Return the call template that ``seen`` (LEARN_DRIVER's report) shows, or None."""
    if not isinstance(seen, dict):
        return None
    args, kwargs = seen.get("args"), seen.get("kwargs")
    before, after = seen.get("before"), seen.get("after")
    if not (isinstance(args, list) and isinstance(kwargs, dict)
            and before == list(LEARN_START) and isinstance(after, list) and len(after) == 2
            and all(is_number(n) for n in after) and after != before):
        return None
    slots = [("arg", index, value) for index, value in enumerate(args)] + [
        ("kw", name, value) for name, value in kwargs.items()]
    numbers = [slot for slot in slots if is_number(slot[2])]
    if [slot[2] for slot in slots if not is_number(slot[2])] != ["monster"] or len(numbers) != 2:
        return None
    step = [after[0] - before[0], after[1] - before[1]]
    values = [numbers[0][2], numbers[1][2]]
    for names, meaning in ((("x", "y"), after), (("y", "x"), after[::-1]),
                           (("dx", "dy"), step), (("dy", "dx"), step[::-1])):
        if all(same_number(v, m) for v, m in zip(values, meaning)):
            named = dict(zip((numbers[0][:2], numbers[1][:2]), names))
            template: Dict[str, Any] = {"args": [], "kwargs": {}}
            for where, key, value in slots:
                slot = "monster" if value == "monster" else named[(where, key)]
                if where == "arg":
                    template["args"].append(slot)
                else:
                    template["kwargs"][key] = slot
            return template
    return None


@dataclass(frozen=True)
class Script:
    """What a scripted world showed: the state at the start and after each op, and drawings.

    ``drawn[i]`` is the Frame drawn by op i (a ``["draw"]`` op), else None; ``extra`` holds
    what loading gave the avatar (``"hero"``: damage, torch) and each monster (``"damages"``).
    """

    first: State
    states: List[State]
    drawn: List[Any]
    extra: Dict[str, Any]


def remembered(sandbox, key: str, compute: Callable[[], Any]) -> Any:
    """Return ``compute()``'s value, computed once per grading run; a failure is kept too.

    Several checks judge one observation (a game played for seconds); a submission that
    crashed or hung in it fails each of them without being run again.
    """
    def attempt():
        try:
            return True, compute()
        except CheckFailed as failure:
            return False, failure

    passed, value = sandbox.remember(key, attempt)
    if not passed:
        raise value
    return value


def script(sandbox, world_map: Map01, ops: Sequence[Sequence[Any]], name: str,
           text: Optional[bytes] = None) -> Script:
    """Load ``world_map`` with frozen monsters, make the ``ops`` calls, return what was seen.

    The map file is ``world_map`` written out afresh, or ``text`` as it is when given (a
    course map with its CRLF line endings and blank lines, say).

    Raises:
        WrongOutput: a monster of the map is missing after loading, or the report is
            malformed.
        StudentCrashed, StudentTimedOut: the submission failed.
    """
    file = MAP_FILE % name
    files = {file: world_map.text().encode() if text is None else text}
    call = (monster_move_call(sandbox) if any(op[0] == "monster" for op in ops)
            else DEFAULT_CALL)
    got = sandbox.probe(SCRIPT_DRIVER, args={
        "map": file, "starts": world_map.starts(), "ops": [list(op) for op in ops],
        "skip": list(NOT_MONSTERS), "call": call}, files=files)
    if "lookup" in got:
        raise WrongOutput(f"World({file!r}) did not make the map's monsters: {got.lookup}",
                          "map file:\n" + world_map.text())
    count = len(world_map.monsters)
    states = [read_state(entry, count) for entry in got.states]
    if len(states) != len(ops):
        raise WrongOutput(f"the world of {file} could not be observed")
    drawn = [read_frame(entry.drawn) if entry.drawn is not None else None
             for entry in got.states]
    return Script(read_state(got.first, count), states, drawn, got.extra)


def difference(got: State, want: State, world_map: Map01) -> Optional[str]:
    """Return how ``got`` differs from ``want`` (None if it does not), for a failure message.

    A monster dead in the model only needs hit points of 0 or less.
    """
    if not all(same_number(g, w) for g, w in zip(got.avatar, want.avatar)):
        return (f"the avatar is at ({got.avatar[0]}, {got.avatar[1]}) with {got.avatar[2]!r} "
                f"hit points, expected ({want.avatar[0]}, {want.avatar[1]}) with "
                f"{want.avatar[2]}")
    for line, seen, model in zip(world_map.monsters, got.monsters, want.monsters):
        label = f"the {line.code} that started on ({line.x}, {line.y})"
        if model[2] > 0 and not all(same_number(g, w) for g, w in zip(seen, model)):
            return (f"{label} is at ({seen[0]}, {seen[1]}) with {seen[2]!r} hit points, "
                    f"expected ({model[0]}, {model[1]}) with {model[2]}")
        if model[2] <= 0 and not (is_number(seen[2]) and seen[2] <= 0):
            return f"{label} has {seen[2]!r} hit points, expected {model[2]} (dead)"
    if not same_number(got.count, want.count):
        return f"getNumMonsters() returned {got.count!r}, expected {want.count}"
    if got.alive is not want.alive:
        return f"avatarAlive() returned {got.alive!r}, expected {want.alive}"
    return None


def check_script(sandbox, world_map: Map01, ops: Sequence[Sequence[Any]], name: str,
                 text: Optional[bytes] = None) -> Script:
    """Run ``ops`` (see :func:`script`) and require the model's state after each one.

    Raises:
        WrongOutput: the first op after which the world differs from the model, with the map
            and the calls made so far.
    """
    seen = script(sandbox, world_map, ops, name, text)
    problem = difference(seen.first, Game(world_map).state(), world_map)
    if problem:
        raise WrongOutput(f"after loading {name}: {problem}", describe_ops([], world_map))
    for index, (got, want) in enumerate(zip(seen.states, play_ops(world_map, ops))):
        problem = difference(got, want, world_map)
        if problem:
            calls = describe_ops(ops[:index + 1], world_map)
            raise WrongOutput(f"after {calls.splitlines()[-1]}: {problem}", calls)
    return seen


def run_program(sandbox, submission, argv: Sequence[str], keys: str = "", idle: int = 10,
                frame_ms: float = 0, frame: bool = False, timeout: Optional[float] = None,
                files: Optional[Dict[str, bytes]] = None) -> RunResult:
    """Run ``python headless.py [options] argv...`` in the sandbox; return the raw result.

    Ultima.py is the submission's own if it has one, the course's otherwise.
    """
    files = dict(files or {})
    if argv[0] == MAIN_PROGRAM and not submission.exists(MAIN_PROGRAM):
        files[MAIN_PROGRAM] = COURSE_ULTIMA.read_bytes()
    options = ["--idle", str(idle)]
    if keys:
        options += ["--keys", keys]
    if frame_ms:
        options += ["--frame-ms", str(frame_ms)]
    if frame:
        options.append("--frame")
    return sandbox.run(["python", "headless.py", *options, *argv], files=files, timeout=timeout)


# --- threads -------------------------------------------------------------------------------

# Six monsters wandering an open field, each stepping every SPREAD_SLEEP_MS.
SPREAD = Map01.from_rows(["GGGGGGGG"] * 6, Hero(0, 0, 10 ** 6, 1, 10.0), [
    MonsterLine(code, x, y, 10, 0, 10)
    for code, x, y in (("SK", 2, 1), ("OR", 5, 1), ("BA", 7, 3), ("SL", 2, 4), ("SK", 5, 5),
                       ("OR", 7, 0))])
# The game goes on until every monster has stepped SPREAD_MOVES times, or for SPREAD_S seconds:
# a thread shared by two monsters shows at their first steps, a new thread per step at a
# monster's second.
SPREAD_S = 0.3
SPREAD_MOVES = 5
THREADS_MAP_FILE = "grader_threads.txt"

SPREAD_DRIVER = Driver("ultima0_1.spread")


def threads_probe(sandbox, driver: Driver, world_map: Map01,
                  **args: Any) -> Tuple[Dict[str, Any], List[int]]:
    """Run ``driver`` on ``world_map``; return its report, a dict, and the kernel's counts
    of the process's threads at the driver's pauses (``Runner.probe_counting_threads``)."""
    got, counts = sandbox.probe_counting_threads(
        driver, args={"map": THREADS_MAP_FILE, **args},
        files={THREADS_MAP_FILE: world_map.text().encode()})
    if not isinstance(got, dict):
        raise WrongOutput("the monsters' threads could not be observed")
    return got, counts


def require_threads_started(got: Dict[str, Any], counts: List[int], world_map: Map01) -> None:
    """Fail unless one thread per monster was running once the World was built.

    The watch that counts them runs beside the submission, which could rewrite it: the
    kernel's count, made by the grader from outside the process while the driver paused,
    must show those threads too (the main thread and one per monster, at least).

    Raises:
        WrongOutput: too few threads; LeftToMarker: the kernel's count could not be read.
    """
    count = len(world_map.monsters)
    if got.started != count:
        raise WrongOutput(f"World() with {count} monsters started {got.started!r} "
                          f"thread(s) besides the main thread, expected {count}: one per monster",
                          "map file:\n" + world_map.text())
    if not counts:
        raise LeftToMarker("the kernel's count of the game's threads could not be read here, "
                           "so the marker judges the monsters' threads")
    if max(counts) < count + 1:
        raise WrongOutput(f"World() with {count} monsters seemed to start {count} threads, but "
                          f"its process never had more than {max(counts)} in all (the "
                          f"kernel's count, the main thread included), expected at least "
                          f"{count + 1}: one per monster", "map file:\n" + world_map.text())


def require_threads_ended(counts: List[int], ended: int, world_map: Map01) -> None:
    """Fail unless the kernel's last count of the process's threads is at least ``ended``
    below its highest: the threads the watch saw end must be gone from the process too.

    Raises:
        WrongOutput: fewer threads ended.
    """
    gone = max(counts) - counts[-1]
    if gone < ended:
        raise WrongOutput(f"{ended} monster threads seemed to end, but the process had "
                          f"{counts[-1]} threads at the end, only {gone} fewer than at most "
                          f"(the kernel's count)", "map file:\n" + world_map.text())


def spread_problem(sandbox) -> Optional[WrongOutput]:
    """Return why the monsters of SPREAD do not each step in a thread of their own (None when
    they do), from one game per grading run: the threads check and the lock's check judge
    the same observation.

    Raises:
        CheckFailed: the game could not be played.
    """
    def observe() -> Optional[WrongOutput]:
        try:
            _judge_spread(*threads_probe(sandbox, SPREAD_DRIVER, SPREAD, seconds=SPREAD_S,
                                         moves=SPREAD_MOVES, monsters=len(SPREAD.monsters)))
        except WrongOutput as failure:
            return failure
        return None

    return remembered(sandbox, "threads spread", observe)


def _judge_spread(got: Dict[str, Any], counts: List[int]) -> None:
    """Fail unless SPREAD's game started one thread per monster, each moving its own."""
    require_threads_started(got, counts, SPREAD)
    movers = got.watch.movers
    threads: Dict[int, Set[str]] = {index: set() for index in range(len(SPREAD.monsters))}
    for key in movers:
        thread, _colon, index = str(key).partition(":")
        if bounded_int(index) in threads:
            threads[bounded_int(index)].add(thread)
    owners: Dict[str, int] = {}
    for index, line in enumerate(SPREAD.monsters):
        label = f"the {line.code} that started on ({line.x}, {line.y})"
        if not threads[index]:
            raise WrongOutput(f"{label} never called world.monsterMove in {SPREAD_S} s "
                              f"(sleepMs {line.sleep_ms})")
        if "0" in threads[index]:
            raise WrongOutput(f"{label} was moved by the main thread")
        if len(threads[index]) > 1:
            raise WrongOutput(f"{label} was moved by {len(threads[index])} different threads, "
                              f"expected its own one")
        (thread,) = threads[index]
        if thread in owners:
            other = SPREAD.monsters[owners[thread]]
            raise WrongOutput(f"{label} and the {other.code} that started on ({other.x}, "
                              f"{other.y}) were moved by the same thread")
        owners[thread] = index
