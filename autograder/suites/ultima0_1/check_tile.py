"""Tile (2): getDamage (lava burns), and Ultima 0's opacity, passability and lit flag kept.

One probe makes a Tile of every code and reports what its methods return; the expected values
are the tile table of the spec and CLARIFICATIONS.md ("Tile.getDamage() is 1 for lava, else 0").
"""

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima0_1.ultima01_probes import remembered
from autograder.suites.ultima0_1.ultima01_rules import (
    OPAQUE_CODES,
    PASSABLE_CODES,
    TILE_CODES,
    TILE_DAMAGE,
    same_number,
)

TIMEOUT_S = 5

FACTS_DRIVER = Driver("ultima0_1.tile_facts")


def _facts(sandbox) -> dict:
    """Return, per tile code, what a Tile of that code reports (once per grading run)."""
    def observe() -> dict:
        facts = sandbox.probe(FACTS_DRIVER, args=list(TILE_CODES))
        if not isinstance(facts, dict) or any(not isinstance(facts.get(code), dict)
                                              for code in TILE_CODES):
            raise WrongOutput("the tiles could not be observed")
        return facts

    return remembered(sandbox, "tile facts", observe)


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_damage(sandbox):
    """getDamage: 1 for lava, 0 for every other tile"""
    facts = _facts(sandbox)
    wrong = [f"Tile({code!r}).getDamage() returned {facts[code].damage!r}, expected "
             f"{TILE_DAMAGE.get(code, 0)}"
             for code in TILE_CODES
             if not same_number(facts[code].damage, TILE_DAMAGE.get(code, 0))]
    if wrong:
        raise WrongOutput(wrong[0], "\n".join(wrong))


@check(item="tile", points=1, timeout=TIMEOUT_S)
def test_tile_keeps_ultima0_rules(sandbox):
    """isOpaque, isPassable and the lit flag still follow Ultima 0's table"""
    facts = _facts(sandbox)
    wrong = []
    for code in TILE_CODES:
        for flag, codes in (("opaque", OPAQUE_CODES), ("passable", PASSABLE_CODES)):
            if facts[code][flag] is not (code in codes):
                method = "isOpaque" if flag == "opaque" else "isPassable"
                wrong.append(f"Tile({code!r}).{method}() returned {facts[code][flag]!r}, "
                             f"expected {code in codes}")
        if facts[code].lit != [False, True, False]:
            wrong.append(f"Tile({code!r}).getLit() returned {facts[code].lit!r} when new, "
                         f"after setLit(True) and after setLit(False), expected "
                         f"[False, True, False]")
    if wrong:
        raise WrongOutput(wrong[0], "\n".join(wrong))
