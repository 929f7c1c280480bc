"""Avatar (3): the map's values through the constructor, hit points and damage, moves and torch.

Each probe builds Avatars with ``Avatar(x, y, hp, damage, torch)``, makes a list of calls and
reports every getter after each; the expected values follow CLARIFICATIONS.md, worked out here.
"""

from typing import List, Sequence, Tuple

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima0_1.ultima01_rules import same_number

TIMEOUT_S = 5
MIN_TORCH = 2.0
TORCH_STEP = 0.5
GETTERS = ("getX", "getY", "getHitPoints", "getDamage", "getTorchRadius")
Call = Tuple
# Avatars made: (x, y, hp, damage, torch), as line 2 of a map gives them.
STARTS = [(11, 2, 20, 2, 10.0), (0, 0, 999999, 4, 100.0), (7, 3, 1, 0, 2.5)]
HITS: List[Call] = [("incurDamage", 3), ("incurDamage", 1), ("incurDamage", 0),
                    ("incurDamage", 10), ("incurDamage", 7), ("incurDamage", 2)]
MOVES_AND_TORCH: List[Call] = ([("setLocation", 4, 9), ("increaseTorch",), ("decreaseTorch",)]
                               + [("decreaseTorch",)] * 4 + [("setLocation", 0, 0)]
                               + [("increaseTorch",)] * 3 + [("decreaseTorch",)] * 6)

CALLS_DRIVER = Driver("ultima0_1.avatar_calls")


def _expected(start: Sequence, calls: Sequence[Call]) -> List[List[float]]:
    """Return the five getters' values at the start and after each call, by the rules."""
    x, y, hp, damage, torch = start
    states = [[x, y, hp, damage, torch]]
    for name, *args in calls:
        if name == "setLocation":
            x, y = args
        elif name == "incurDamage":
            hp -= args[0]
        elif name == "increaseTorch":
            torch += TORCH_STEP
        elif name == "decreaseTorch":
            torch = max(MIN_TORCH, torch - TORCH_STEP)
        states.append([x, y, hp, damage, torch])
    return states


def _describe(start: Sequence, calls: Sequence[Call], count: int) -> str:
    """Return the first ``count`` calls on an Avatar made at ``start``, as code."""
    made = [f"hero = Avatar({', '.join(map(str, start))})"]
    made += [f"hero.{name}({', '.join(map(str, args))})" for name, *args in calls[:count]]
    return "; ".join(made)


def _run(sandbox, calls: Sequence[Call], fields: Sequence[int]) -> None:
    """Make ``calls`` on an Avatar of every start; compare the getters ``fields`` after each.

    Raises:
        WrongOutput: a getter returned something else; the message shows the calls made.
    """
    cases = [[list(start), [list(call) for call in calls]] for start in STARTS]
    seen = sandbox.probe(CALLS_DRIVER, args={"cases": cases, "getters": GETTERS})
    if not isinstance(seen, list) or len(seen) != len(STARTS):
        raise WrongOutput("the avatar could not be observed")
    for start, states in zip(STARTS, seen):
        expected = _expected(start, calls)
        if not isinstance(states, list) or len(states) != len(expected):
            raise WrongOutput("the avatar could not be observed")
        for index, (got, want) in enumerate(zip(states, expected)):
            for field in fields:
                value = got[field] if isinstance(got, list) and len(got) > field else None
                if not same_number(value, want[field]):
                    raise WrongOutput(f"hero.{GETTERS[field]}() returned {value!r}, expected "
                                      f"{want[field]!r}",
                                      "after: " + _describe(start, calls, index))


@check(item="avatar", points=1, timeout=TIMEOUT_S)
def test_avatar_keeps_the_maps_values(sandbox):
    """Avatar(x, y, hp, damage, torch): the getters return them"""
    _run(sandbox, [], fields=range(len(GETTERS)))


@check(item="avatar", points=1, timeout=TIMEOUT_S)
def test_avatar_incur_damage(sandbox):
    """incurDamage(d) takes d hit points off, down to 0 and below; damage stays"""
    _run(sandbox, HITS, fields=(2, 3))


@check(item="avatar", points=1, timeout=TIMEOUT_S)
def test_avatar_moves_and_torch_from_the_maps_radius(sandbox):
    """setLocation moves; the torch starts at the map's radius, steps 0.5, never below 2.0"""
    _run(sandbox, MOVES_AND_TORCH, fields=(0, 1, 4))
