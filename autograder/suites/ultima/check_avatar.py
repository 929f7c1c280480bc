"""Avatar (8): the test main, position, the torch's steps and minimum, and drawing.

Each probe builds one Avatar, calls a list of its methods and reports x, y and the torch radius
after every call; the expected values follow the spec's rules, worked out here.
"""

from typing import List, Sequence, Tuple

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima.ultima_rules import (
    AVATAR_IMAGE,
    MIN_TORCH,
    START_TORCH,
    TORCH_STEP,
    centre,
    read_pictures,
)

TIMEOUT_S = 5
# The spec's output of ``python Avatar.py``.
MAIN_OUTPUT = "5 5 4.0\n1 4 4.0\n1 4 4.5\n1 4 4.0\n1 4 3.5\n1 4 3.0\n1 4 2.5\n1 4 2.0\n1 4 2.0\n"
TORCH_SLACK = 1e-9
INCREASE = ("increaseTorch",)
DECREASE = ("decreaseTorch",)
# Method calls: (name, arguments...).
Call = Tuple
MOVES: List[Call] = [("setLocation", 7, 1), ("setLocation", 0, 0), ("setLocation", 4, 9),
                     ("setLocation", 11, 6)]
# Up well past any radius a fixed maximum might allow.
RISES: List[Call] = [INCREASE] * 23
# Down past the minimum, up a step and down past it again, then up three and down past it.
FALLS: List[Call] = ([DECREASE] * 6 + [INCREASE, DECREASE, DECREASE] + [INCREASE] * 3
                     + [DECREASE] * 8)
# Avatars drawn: (x, y) on the canvas the World sets up for the 10x5 course map.
CANVAS_MAP = "10x5.txt"
CANVAS_PX = (160, 80)
DRAWN = [(2, 3), (9, 0), (0, 4)]
CENTRE_SLACK_PX = 0.05

# The drivers: the getters after each call on an Avatar, and the pictures Avatars draw.
CALLS = Driver("ultima.avatar_calls")

DRAW = Driver("ultima.avatar_draw")


def _expected(start: Tuple[int, int], calls: Sequence[Call]) -> List[Tuple[int, int, float]]:
    """Return (x, y, torch) at the start and after each call, by the spec's rules."""
    (x, y), torch = start, START_TORCH
    states = [(x, y, torch)]
    for name, *args in calls:
        if name == "setLocation":
            x, y = args
        elif name == "increaseTorch":
            torch += TORCH_STEP
        elif name == "decreaseTorch":
            torch = max(MIN_TORCH, torch - TORCH_STEP)
        states.append((x, y, torch))
    return states


def _describe(calls: Sequence[Call], index: int, start: Tuple[int, int]) -> str:
    """Return the calls up to ``index`` as code, for a failure message."""
    made = [f"hero = Avatar({start[0]}, {start[1]})"]
    made += [f"hero.{name}({', '.join(map(str, args))})" for name, *args in calls[:index]]
    return "; ".join(made)


def _run_calls(sandbox, start: Tuple[int, int], calls: Sequence[Call], fields: Sequence[int]):
    """Make ``calls`` on an Avatar at ``start`` and compare the getters ``fields`` (0 x, 1 y,
    2 torch) after each with the spec's values.

    Raises:
        WrongOutput: a getter returned something else; the message shows the calls made.
    """
    seen = sandbox.probe(CALLS, args={"start": list(start),
                                      "calls": [list(call) for call in calls]})
    expected = _expected(start, calls)
    if len(seen) != len(expected):
        raise WrongOutput("the avatar could not be observed")
    getters = ("getX()", "getY()", "getTorchRadius()")
    for index, (got, want) in enumerate(zip(seen, expected)):
        for field in fields:
            value = got[field]
            right = (isinstance(value, (int, float)) and not isinstance(value, bool)
                     and abs(value - want[field]) <= TORCH_SLACK)
            if not right:
                raise WrongOutput(f"hero.{getters[field]} returned {value!r}, expected "
                                  f"{want[field]!r}",
                                  "after: " + _describe(calls, index, start))


@check(item="avatar", points=2, timeout=TIMEOUT_S)
def test_avatar_main_prints_the_spec_output(sandbox):
    """python Avatar.py prints the spec's nine lines"""
    sandbox.program(["python", "Avatar.py"], MAIN_OUTPUT, normalise="rstrip_lines")


@check(item="avatar", points=2, timeout=TIMEOUT_S)
def test_avatar_position(sandbox):
    """getX and getY give the start, then each setLocation"""
    _run_calls(sandbox, (2, 3), MOVES, fields=(0, 1))


@check(item="avatar", points=1, timeout=TIMEOUT_S)
def test_avatar_torch_grows(sandbox):
    """the torch starts at 4.0 and grows by 0.5 with no maximum"""
    _run_calls(sandbox, (1, 1), RISES, fields=(2,))


@check(item="avatar", points=2, timeout=TIMEOUT_S)
def test_avatar_torch_shrinks_to_the_minimum(sandbox):
    """decreaseTorch takes 0.5 off, never going below 2.0"""
    _run_calls(sandbox, (1, 1), FALLS, fields=(2,))


@check(item="avatar", points=1, timeout=TIMEOUT_S)
def test_avatar_draws_on_its_tile(sandbox):
    """draw() shows avatar.gif centred on the avatar's tile"""
    drawn = sandbox.probe(DRAW, args={"map": CANVAS_MAP, "canvas": list(CANVAS_PX),
                                      "avatars": [list(tile) for tile in DRAWN]})
    if len(drawn) != len(DRAWN):
        raise WrongOutput("the avatar's drawing could not be observed")
    for (x, y), pictures in zip(DRAWN, drawn):
        pictures = read_pictures(pictures)
        if not pictures:
            raise WrongOutput(f"Avatar({x}, {y}).draw() drew no picture")
        last, (cx, cy) = pictures[-1], centre(x, y)
        if last.file != AVATAR_IMAGE:
            raise WrongOutput(f"Avatar({x}, {y}).draw() drew {last.file!r}, "
                              f"expected {AVATAR_IMAGE!r}")
        if abs(last.x - cx) > CENTRE_SLACK_PX or abs(last.y - cy) > CENTRE_SLACK_PX:
            raise WrongOutput(f"Avatar({x}, {y}).draw() drew its picture centred at "
                              f"({last.x:g}, {last.y:g}) pixels, expected ({cx:g}, {cy:g})")
