"""Tile (6): the test main, every code's opacity and passability, the lit flag, and drawing.

Drawing is observed through the StdDraw shim's draw log: the canvas is first set up by the
submission's own World (so its choice of scales is respected), then single Tiles are drawn.
"""

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima.ultima_rules import (
    BLANK_IMAGE,
    OPAQUE_CODES,
    PASSABLE_CODES,
    TILE_CODES,
    TILE_IMAGES,
    centre,
    read_pictures,
)

TIMEOUT_S = 5
# The test main: codes in table order, two tiles each, lit when (i + j) is even.
MAIN_LINE = "%d %d : lit %s\topaque %s\tpassable %s"
MAIN_TILES_PER_CODE = 2
# Tiles are drawn on the canvas the submission's World sets up for the 10x5 course map.
CANVAS_MAP = "10x5.txt"
CANVAS_PX = (160, 80)
# (code, lit, x, y): every code drawn lit at one place and unlit at another.
DRAWN = [(code, lit, (2 * i + (0 if lit else 1)) % 10, (i + (0 if lit else 2)) % 5)
         for i, code in enumerate(TILE_CODES) for lit in (True, False)]
# How far from the tile's centre a picture may be drawn, in pixels (the log rounds).
CENTRE_SLACK_PX = 0.05

# The drivers: what the submission's Tile says of each code, and the pictures tiles draw.
FACTS = Driver("ultima.tile_facts")

DRAW = Driver("ultima.tile_draw")


def _is(value, expected: bool) -> bool:
    """Return True if ``value`` is the boolean ``expected`` (1 and 0 pass as True and False)."""
    return isinstance(value, (bool, int)) and value == expected


def _facts(sandbox) -> dict:
    """Return each tile code's observed opacity, passability and lit flags."""
    facts = sandbox.probe(FACTS, args=list(TILE_CODES))
    if set(facts) != set(TILE_CODES):
        raise WrongOutput("the tiles could not be observed")
    return facts


def _compare_flag(sandbox, flag: str, expected_codes) -> None:
    """Require ``Tile(code).<flag>`` to be True exactly for the codes in ``expected_codes``."""
    facts = _facts(sandbox)
    method = "isOpaque" if flag == "opaque" else "isPassable"
    wrong = [f"Tile({code!r}).{method}() returned {facts[code][flag]!r}, "
             f"expected {code in expected_codes}"
             for code in TILE_CODES if not _is(facts[code][flag], code in expected_codes)]
    if wrong:
        raise WrongOutput(wrong[0], "\n".join(wrong))


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_main_prints_the_table(sandbox):
    """python Tile.py prints the spec's table"""
    lines = []
    for i, code in enumerate(TILE_CODES):
        for j in range(MAIN_TILES_PER_CODE):
            lit = (i + j) % 2 == 0
            lines.append(MAIN_LINE % (i, j, lit, code in OPAQUE_CODES, code in PASSABLE_CODES))
    sandbox.program(["python", "Tile.py"], "\n".join(lines) + "\n", normalise="rstrip_lines")


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_opacity(sandbox):
    """isOpaque: forest, mountains and stone wall block light, nothing else"""
    _compare_flag(sandbox, "opaque", OPAQUE_CODES)


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_passability(sandbox):
    """isPassable: water, mountains and stone wall cannot be walked on"""
    _compare_flag(sandbox, "passable", PASSABLE_CODES)


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_lit_flag(sandbox):
    """a new Tile is unlit; setLit(True) and setLit(False) change getLit()"""
    facts = _facts(sandbox)
    for code in TILE_CODES:
        seen = facts[code].lit
        if len(seen) != 3:
            raise WrongOutput(f"Tile({code!r}).getLit() could not be observed")
        for value, expected, when in zip(seen, (False, True, False),
                                         ("when new", "after setLit(True)",
                                          "after setLit(False)")):
            if not _is(value, expected):
                raise WrongOutput(f"Tile({code!r}).getLit() {when} returned {value!r}, "
                                  f"expected {expected}")


def _drawn(sandbox) -> list:
    """Return, for each tile of DRAWN, the last picture its draw(x, y) call drew."""
    passes = sandbox.probe(DRAW, args={"map": CANVAS_MAP, "canvas": list(CANVAS_PX),
                                       "tiles": [list(case) for case in DRAWN]})
    if len(passes) != len(DRAWN):
        raise WrongOutput("the tiles' drawing could not be observed")
    last = []
    for (code, _lit, x, y), drawn in zip(DRAWN, passes):
        pictures = read_pictures(drawn)
        if not pictures:
            raise WrongOutput(f"Tile({code!r}).draw({x}, {y}) drew no picture")
        last.append(pictures[-1])
    return last


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_draws_its_image_or_blank(sandbox):
    """draw: a lit tile shows its own image, an unlit one blank.gif"""
    for (code, lit, x, y), picture in zip(DRAWN, _drawn(sandbox)):
        expected = TILE_IMAGES[code] if lit else BLANK_IMAGE
        if picture.file != expected:
            state = "lit" if lit else "unlit"
            raise WrongOutput(f"Tile({code!r}).draw({x}, {y}) drew {picture.file!r} while "
                              f"{state}, expected {expected!r}")


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_draws_at_its_centre(sandbox):
    """draw(x, y) centres the image on tile (x, y): ((x + 0.5) * 16, (y + 0.5) * 16)"""
    for (code, _lit, x, y), picture in zip(DRAWN, _drawn(sandbox)):
        cx, cy = centre(x, y)
        if abs(picture.x - cx) > CENTRE_SLACK_PX or abs(picture.y - cy) > CENTRE_SLACK_PX:
            raise WrongOutput(f"Tile({code!r}).draw({x}, {y}) drew its picture centred at "
                              f"({picture.x:g}, {picture.y:g}) pixels, expected "
                              f"({cx:g}, {cy:g}): StdDraw.picture takes the centre")
