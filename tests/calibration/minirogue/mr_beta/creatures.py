"""creatures.py: the actors of MiniRogue (the player and the monsters) and how they fight.

Design: composition instead of inheritance.
  * Body holds what every actor has in common (hit points, armor, strength, dexterity,
    sleep time, wielded weapon).  Player and Monster each *have* a Body.
  * There is one Monster class.  What kind of monster it is comes from the KINDS table:
    a dict per kind giving its letter, its stat ranges, its weapon, which movement
    behaviour it uses (a plain function), how far it smells, whether it regenerates and
    what it may drop when it dies.
  * strike() resolves one attack of any actor on any other and returns the message.

The goblin's movement uses the recursive function spread_scent() (see follow_scent()).
"""

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from things import SLEEP_WEAPON, SCROLL_TABLE, Weapon, make_by_name, make_weapon
from utilities import randInt, trueWithProbability

Position = Tuple[int, int]  # (row, col)

# The four orthogonal steps, as (row change, col change): up, down, left, right.
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))

MAX_STAT = 99


def neighbours(pos: Position):
    """Yield the four positions next to ``pos``."""
    row, col = pos
    for d_row, d_col in STEPS:
        yield (row + d_row, col + d_col)


def distance(a: Position, b: Position) -> int:
    """Return the number of steps from a to b when walls and monsters are ignored."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def sign(n: int) -> int:
    """Return -1, 0 or 1 according to the sign of n."""
    return (n > 0) - (n < 0)


@dataclass
class Body:
    """The fighting statistics shared by the player and the monsters."""

    hit_points: int
    max_hit_points: int
    armor: int
    strength: int
    dexterity: int
    weapon: Weapon
    sleep: int = 0

    def is_dead(self) -> bool:
        """An actor dies when its hit points drop to 0 or less."""
        return self.hit_points <= 0

    def regain_one(self) -> None:
        """Regain one hit point, never going above the maximum."""
        if self.hit_points < self.max_hit_points:
            self.hit_points += 1


def strike(attacker, defender) -> str:
    """Let ``attacker`` attack ``defender`` with its wielded weapon.

    Both arguments are actors (Player or Monster): they have a ``title`` and a ``body``.
    Applies damage (and maybe sleep) to the defender and returns the message to show.
    """
    weapon = attacker.body.weapon
    start = "%s %s at %s" % (attacker.title, weapon.action, defender.title)
    attacker_points = attacker.body.dexterity + weapon.dexterity_bonus
    defender_points = defender.body.dexterity + defender.body.armor
    if randInt(1, attacker_points) < randInt(1, defender_points):
        return start + " and misses."
    damage = randInt(0, attacker.body.strength + weapon.damage - 1)
    # Hit points are never shown below 0 (the statistics range is 0 to 99).
    defender.body.hit_points = max(0, defender.body.hit_points - damage)
    if defender.body.is_dead():
        return start + " dealing a final blow."
    if weapon.name == SLEEP_WEAPON and trueWithProbability(0.2):
        # A new sleep never shortens the one already running.
        defender.body.sleep = max(defender.body.sleep, randInt(2, 6))
        return start + " and hits, putting %s to sleep." % defender.title
    return start + " and hits."


class Player:
    """The hero: a Body plus a position and a knapsack (which holds the wielded weapon too)."""

    title = "Player"
    symbol = "@"
    KNAPSACK_SIZE = 26  # items are labelled a..z

    def __init__(self):
        sword = make_weapon("short sword")
        self.body = Body(hit_points=20, max_hit_points=20, armor=2, strength=2,
                         dexterity=2, weapon=sword)
        self.knapsack = [sword]
        self.pos: Position = (0, 0)

    def knapsack_full(self) -> bool:
        """True when nothing more can be picked up."""
        return len(self.knapsack) >= self.KNAPSACK_SIZE

    def cheat(self) -> None:
        """The c command: strength 9 and 50 hit points (also the new maximum)."""
        self.body.strength = 9
        self.body.max_hit_points = 50
        self.body.hit_points = 50

    def raise_stat(self, stat: str, amount: int) -> None:
        """Increase one of the body's statistics, keeping it at most MAX_STAT."""
        setattr(self.body, stat, min(MAX_STAT, getattr(self.body, stat) + amount))


# ---------------------------------------------------------------------------------------
# Movement behaviours.  Each is called as behaviour(monster, level, target, goblin_range)
# when the monster is awake and not next to the player; it may change monster.pos.
# ``level`` answers is_free(pos); ``target`` is the player's position.
# ---------------------------------------------------------------------------------------

def stay_put(monster, level, target, goblin_range) -> None:
    """Dragons guard their treasure and never move."""


def sniff_toward_lines(monster, level, target, goblin_range) -> None:
    """Bogeymen and snakewomen: if the player is within smelling range (walls ignored),
    step one square closer to the player's row or column, never farther from either."""
    if distance(monster.pos, target) > monster.kind["smell"]:
        return
    row, col = monster.pos
    options = []
    if row != target[0]:
        options.append((row + sign(target[0] - row), col))
    if col != target[1]:
        options.append((row, col + sign(target[1] - col)))
    options = [spot for spot in options if level.is_free(spot)]
    if options:
        # Too dumb to prefer either direction: pick one of them at random.
        monster.pos = options[randInt(0, len(options) - 1)]


def spread_scent(level, pos: Position, budget: int, scent: Dict[Position, int]) -> None:
    """Recursively spread the player's scent outwards from ``pos``.

    ``budget`` is how many more steps the scent may travel from ``pos``.  The scent only
    flows through squares a goblin could walk on (no walls, no monsters).  ``scent`` maps
    each square reached to the largest budget it was reached with, so a square's distance
    from the player along a real path is (starting budget - scent[square]).  A square that
    was already reached with at least this budget is not explored again, which keeps the
    search fast; when the budget runs out the recursion stops.
    """
    if scent.get(pos, -1) >= budget:
        return
    scent[pos] = budget
    if budget == 0:
        return
    for nxt in neighbours(pos):
        if level.is_free(nxt):
            spread_scent(level, nxt, budget - 1, scent)


def follow_scent(monster, level, target, goblin_range) -> None:
    """Goblins: if a real path of at most ``goblin_range`` steps leads to the player,
    take one optimal step along such a path; otherwise stay put."""
    if distance(monster.pos, target) > goblin_range:
        return  # cannot possibly be close enough: skip the search
    scent: Dict[Position, int] = {}
    spread_scent(level, target, goblin_range, scent)
    best_step, best_left = None, 0
    for step in neighbours(monster.pos):
        left = scent.get(step, -1)
        # From ``step`` the player is (goblin_range - left) steps away, so the whole trip
        # is goblin_range - left + 1 steps: it fits the range only when left >= 1.
        if left > best_left:
            best_step, best_left = step, left
    if best_step is not None:
        monster.pos = best_step


# ---------------------------------------------------------------------------------------
# The kind table: every monster kind is just a row of data plus a behaviour function.
# Stat ranges are (lowest, highest) pairs, rolled with randInt when the monster is made.
# "drop" is (chance, list of item names / scroll effect keys to choose from).
# ---------------------------------------------------------------------------------------

KINDS = {
    "Bogeyman": {
        "symbol": "B", "first_level": 2, "hit_points": (5, 10), "armor": (2, 2),
        "strength": (2, 3), "dexterity": (2, 3), "weapon": "short sword",
        "move": sniff_toward_lines, "smell": 5, "regenerates": False,
        "drop": (0.1, ["magic axe"]),
    },
    "Snakewoman": {
        "symbol": "S", "first_level": 0, "hit_points": (3, 6), "armor": (3, 3),
        "strength": (2, 2), "dexterity": (3, 3), "weapon": "magic fangs of sleep",
        "move": sniff_toward_lines, "smell": 3, "regenerates": False,
        "drop": (1.0 / 3, ["magic fangs of sleep"]),
    },
    "Dragon": {
        "symbol": "D", "first_level": 3, "hit_points": (20, 25), "armor": (4, 4),
        "strength": (4, 4), "dexterity": (4, 4), "weapon": "long sword",
        "move": stay_put, "smell": 0, "regenerates": True,
        "drop": (1.0, list(SCROLL_TABLE)),
    },
    "Goblin": {
        # The goblin's smell distance is not in the table: it is the Game's argument.
        "symbol": "G", "first_level": 0, "hit_points": (15, 20), "armor": (1, 1),
        "strength": (3, 3), "dexterity": (1, 1), "weapon": "short sword",
        "move": follow_scent, "smell": None, "regenerates": False,
        "drop": (1.0 / 3, ["magic axe", "magic fangs of sleep"]),
    },
}


def kinds_for_level(depth: int):
    """Return the names of the monster kinds that may live on dungeon level ``depth``."""
    return [name for name, kind in KINDS.items() if kind["first_level"] <= depth]


class Monster:
    """One monster; everything kind-specific is looked up in its row of KINDS."""

    def __init__(self, kind_name: str, pos: Position):
        self.kind = KINDS[kind_name]
        self.title = "the " + kind_name
        self.symbol = self.kind["symbol"]
        self.pos = pos
        hit_points = randInt(*self.kind["hit_points"])
        self.body = Body(hit_points=hit_points, max_hit_points=hit_points,
                         armor=randInt(*self.kind["armor"]),
                         strength=randInt(*self.kind["strength"]),
                         dexterity=randInt(*self.kind["dexterity"]),
                         weapon=make_weapon(self.kind["weapon"]))

    def take_turn(self, level, player, goblin_range: int) -> Optional[str]:
        """Do this monster's turn: regenerate, sleep, attack or move.

        Returns the attack message, or None when the monster did not attack.
        """
        if self.kind["regenerates"] and trueWithProbability(0.1):
            self.body.regain_one()
        if self.body.sleep > 0:
            self.body.sleep -= 1
            return None
        if distance(self.pos, player.pos) == 1:
            return strike(self, player)
        self.kind["move"](self, level, player.pos, goblin_range)
        return None

    def loot(self):
        """Roll for the item this monster leaves behind when it dies (or None)."""
        chance, names = self.kind["drop"]
        if not trueWithProbability(chance):
            return None
        return make_by_name(names[randInt(0, len(names) - 1)])
