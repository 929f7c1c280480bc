"""Monster (5): its values, moves and damage, its picture, its hit points in red, and run().

Monsters are made with the course's signature ``Monster(world, code, x, y, hp, damage, sleepMs)``
or loaded by a World; their threads are frozen (Monster.run returns at once) except in the run()
check, which watches one monster wander: every step a random north, south, east or west
neighbour passed to ``world.monsterMove``, one step per sleepMs.
"""

from typing import Any, Dict, List, Sequence, Tuple

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima0_1.ultima01_probes import (
    call_target,
    check_script,
    monster_move_call,
)
from autograder.suites.ultima0_1.ultima01_rules import (
    HURT_DRAWS,
    MONSTER_IMAGES,
    RED,
    STEPS,
    Frame,
    Hero,
    Map01,
    MonsterLine,
    centre,
    describe_ops,
    is_number,
    play_ops,
    same_number,
)

TIMEOUT_S = 5
STILL_MS = 10 ** 6  # a monster that never wakes during a check
GETTERS = ("getX", "getY", "getHitPoints", "getDamage")
# Monster(world, code, x, y, hp, damage, sleepMs), each made in the world of HOME_MAP.
MADE = [("SK", 3, 4, 10, 3, 1000), ("OR", 6, 19, 8, 2, 750), ("BA", 0, 0, 1, 0, 5),
        ("SL", 29, 1, 25, 4, 2000)]
HOME_MAP = "30x20.txt"
Call = Tuple
CALLS: List[Call] = [("setLocation", 5, 4), ("incurDamage", 2), ("setLocation", 5, 5),
                     ("incurDamage", 0), ("incurDamage", 9), ("setLocation", 0, 7),
                     ("incurDamage", 4)]

# A small open world with one monster of each kind; everything lit.
PARADE = Map01.from_rows(["GGGGGG", "GGGGGG", "GGGGGG"], Hero(0, 0, 50, 2, 10.0), [
    MonsterLine("SK", 2, 1, 10, 1, STILL_MS), MonsterLine("OR", 1, 0, 6, 1, STILL_MS),
    MonsterLine("BA", 4, 2, 4, 1, STILL_MS), MonsterLine("SL", 5, 0, 8, 1, STILL_MS)])
# Each monster draws itself; then the skeleton moves and draws itself again.
PICTURE_OPS = ([["draw"]] + [["mdraw", m.x, m.y] for m in PARADE.monsters]
               + [["place", 2, 1, 3, 0], ["mdraw", 2, 1]])
# The skeleton is hurt, then the orc is attacked by the avatar: each shows its hit points for
# three draws of the world.
HURT_OPS = ([["draw"], ["hurt", 2, 1, 3]] + [["draw"]] * 5 + [["avatar", 1, 0]]
            + [["draw"]] * 2 + [["hurt", 2, 1, 1]] + [["draw"]] * 3)

# run(): one monster in an open world, stepping every RUN_SLEEP_MS for RUN_S seconds.
RUN_MAP = Map01.from_rows(["GGGGGGG"] * 7, Hero(0, 0, 10 ** 6, 1, 10.0),
                          [MonsterLine("SK", 3, 3, 10, 1, 10)])
RUN_SLEEP_MS = 10
RUN_S = 0.5
MS_PER_S = 1000
# Steps seen in RUN_S: one per sleepMs at most (plus slack), and at least a third of that,
# whatever the machine's load.
MOST_STEPS = RUN_S * MS_PER_S / RUN_SLEEP_MS * 1.25 + 3
FEWEST_STEPS = RUN_S * MS_PER_S / RUN_SLEEP_MS / 3

MONSTER_DRIVER = Driver("ultima0_1.monster_calls")

RUN_DRIVER = Driver("ultima0_1.monster_run")


def _made(sandbox, calls: Sequence[Call], fields: Sequence[int]) -> None:
    """Make every monster of MADE, make ``calls`` on it, compare the getters ``fields``.

    Raises:
        WrongOutput: a getter returned something else; the message shows the calls made.
    """
    cases = [[list(made), [list(call) for call in calls]] for made in MADE]
    seen = sandbox.probe(MONSTER_DRIVER, args={"map": HOME_MAP, "cases": cases,
                                               "getters": GETTERS})
    if not isinstance(seen, list) or len(seen) != len(MADE):
        raise WrongOutput("the monsters could not be observed")
    for made, states in zip(MADE, seen):
        code, x, y, hp, damage, _sleep = made
        expected = [[x, y, hp, damage]]
        for name, *args in calls:
            if name == "setLocation":
                x, y = args
            elif name == "incurDamage":
                hp -= args[0]
            expected.append([x, y, hp, damage])
        if not isinstance(states, list) or len(states) != len(expected):
            raise WrongOutput("the monsters could not be observed")
        for index, (got, want) in enumerate(zip(states, expected)):
            for field in fields:
                value = got[field] if isinstance(got, list) and len(got) > field else None
                if not same_number(value, want[field]):
                    done = "".join(f"; monster.{n}({', '.join(map(str, a))})"
                                   for n, *a in calls[:index])
                    raise WrongOutput(
                        f"monster.{GETTERS[field]}() returned {value!r}, expected {want[field]}",
                        f"after: monster = Monster(world, {', '.join(map(repr, made))}){done}")


@check(item="monster", points=1, timeout=TIMEOUT_S)
def test_monster_keeps_its_values(sandbox):
    """Monster(world, code, x, y, hp, damage, sleepMs): getX, getY, getHitPoints, getDamage"""
    _made(sandbox, [], fields=range(len(GETTERS)))


@check(item="monster", points=1, timeout=TIMEOUT_S)
def test_monster_moves_and_takes_damage(sandbox):
    """setLocation moves the monster; incurDamage(d) takes d hit points off"""
    _made(sandbox, CALLS, fields=range(len(GETTERS)))


def _pictures(frame: Frame) -> List[Tuple[str, Tuple[int, int]]]:
    """Return the monster pictures of a frame as (image, tile)."""
    return [(image, tile) for image, tile, _order in frame.monsters]


@check(item="monster", points=1, timeout=TIMEOUT_S)
def test_monster_draws_its_image_on_its_tile(sandbox):
    """draw(): skeleton.gif, orc.gif, bat.gif or slime.gif centred on the monster's tile"""
    seen = check_script(sandbox, PARADE, PICTURE_OPS, "parade")
    for index, (op, frame) in enumerate(zip(PICTURE_OPS, seen.drawn)):
        if op[0] != "mdraw":
            continue
        state = play_ops(PARADE, PICTURE_OPS[:index + 1])[-1]
        number = [m.start for m in PARADE.monsters].index((op[1], op[2]))
        line = PARADE.monsters[number]
        tile = state.monsters[number][:2]
        want = [(MONSTER_IMAGES[line.code], tile)]
        calls = describe_ops(PICTURE_OPS[:index + 1], PARADE)
        if _pictures(frame) != want:
            cx, cy = centre(*tile)
            raise WrongOutput(f"{calls.splitlines()[-1]} drew {_pictures(frame) or 'nothing'}, "
                              f"expected {want[0][0]} centred at ({cx:g}, {cy:g}) pixels, on "
                              f"tile {tile}", calls)


def _expected_texts(ops: Sequence[Sequence[Any]]) -> List[Dict[Tuple[int, int], str]]:
    """Return, for each op, the hit points a draw should show in red: {tile: text}."""
    states = play_ops(PARADE, ops)
    left = [0] * len(PARADE.monsters)
    shown: List[Dict[Tuple[int, int], str]] = []
    previous = [m.hp for m in PARADE.monsters]
    for op, state in zip(ops, states):
        hit_points = [m[2] for m in state.monsters]
        for number, (old, new) in enumerate(zip(previous, hit_points)):
            if new < old:
                left[number] = HURT_DRAWS
        previous = hit_points
        texts = {}
        if op[0] == "draw":
            for number, monster in enumerate(state.monsters):
                if left[number] > 0 and monster[2] > 0:
                    texts[(monster[0], monster[1])] = str(monster[2])
                    left[number] -= 1
        shown.append(texts)
    return shown


@check(item="monster", points=1, timeout=TIMEOUT_S)
def test_monster_shows_hit_points_in_red_for_three_draws(sandbox):
    """a hurt monster's hit points are written in red over it for the next three draws"""
    seen = check_script(sandbox, PARADE, HURT_OPS, "hurt")
    for index, (texts, frame) in enumerate(zip(_expected_texts(HURT_OPS), seen.drawn)):
        if frame is None:
            continue
        red = {tile: text.strip() for tile, text, colour, _after in frame.texts
               if colour == RED}
        calls = describe_ops(HURT_OPS[:index + 1], PARADE)
        if red != texts:
            raise WrongOutput(f"draw {calls.count('world.draw()')} wrote {red or 'nothing'} in "
                              f"red, expected {texts or 'nothing'} (tile: hit points)", calls)
        for tile, _text, colour, after in frame.texts:
            under = [order for _image, where, order in frame.monsters if where == tile]
            if colour == RED and under and after <= max(under):
                raise WrongOutput(f"the hit points on {tile} were written before the monster "
                                  f"was drawn, so its picture covers them", calls)


@check(item="monster", points=1, timeout=TIMEOUT_S)
def test_monster_run_takes_random_steps_one_per_sleep(sandbox):
    """run(): a random N/S/E/W step through world.monsterMove every sleepMs"""
    got = sandbox.probe(RUN_DRIVER, args={"map": "grader_run.txt", "seconds": RUN_S},
                        files={"grader_run.txt": RUN_MAP.text().encode()})
    calls = [c for c in got.calls if isinstance(c, list) and len(c) == 7 and c[1] == 0]
    where = f"a monster with sleepMs {RUN_SLEEP_MS} called world.monsterMove"
    if not calls:
        raise WrongOutput(f"a monster with sleepMs {RUN_SLEEP_MS} never called world.monsterMove "
                          f"in {RUN_S} s")
    if not FEWEST_STEPS <= len(calls) <= MOST_STEPS:
        raise WrongOutput(f"{where} {len(calls)} times in {RUN_S} s, expected about "
                          f"{RUN_S * MS_PER_S / RUN_SLEEP_MS:g} (one step, then a sleep of "
                          f"sleepMs milliseconds)")
    if any(thread == 0 for thread, *_rest in calls):
        raise WrongOutput("world.monsterMove was called by the main thread, not the monster's")
    directions = set()
    template = monster_move_call(sandbox)
    for _thread, _index, x, y, first, second, _time in calls:
        target = call_target(template, x, y, first, second)
        tx, ty = target if target is not None else (first, second)
        step = (tx - x, ty - y) if all(is_number(v) for v in (x, y, tx, ty)) else None
        if step not in STEPS:
            raise WrongOutput(f"the monster on ({x}, {y}) asked to move to ({tx}, {ty}), "
                              f"expected a tile north, south, east or west of it")
        directions.add(step)
    if len(directions) < len(STEPS):
        raise WrongOutput(f"in {len(calls)} steps the monster only went "
                          f"{sorted(directions)}: its steps are not random among all four")
