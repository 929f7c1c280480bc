"""actors.py: the player, the monsters and how actors fight.

Design (composition rather than inheritance):
- ``Body`` holds the numbers every actor has (hit points, armor, strength, dexterity, sleep
  time, wielded weapon). Both ``Player`` and ``Monster`` *have* a Body.
- ``fight()`` resolves one attack of one body on another and returns the message.
- There is a single ``Monster`` class. What makes a goblin different from a dragon is its
  ``Kind``: a small strategy object holding the kind's name, letter, starting statistics and
  three behaviours (how it moves, what it drops when it dies, whether it regenerates).
"""

from utilities import randInt, trueWithProbability
from items import make_weapon, random_scroll, attack_phrase, FANGS, AXE

# The four single steps an actor can take, as (row change, column change).
STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def manhattan(a, b):
    """Return the number of single steps between two (row, column) spots, ignoring walls."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


class Body:
    """The fighting statistics of one actor."""

    def __init__(self, hp, armor, strength, dexterity, weapon):
        self.hp = hp
        self.max_hp = hp
        self.armor = armor
        self.strength = strength
        self.dexterity = dexterity
        self.weapon = weapon
        self.sleep = 0

    def is_dead(self):
        """Return True once the hit points have dropped to 0 or less."""
        return self.hp <= 0

    def regain(self):
        """With probability 1/10 regain one hit point, never above the maximum."""
        if trueWithProbability(0.1) and self.hp < self.max_hp:
            self.hp += 1


def fight(attacker_name, attacker, defender_name, defender):
    """Let ``attacker`` hit at ``defender`` once with its weapon and return the message.

    Uses the spec's formulas: the attacker hits when randInt(1, dexterity + weapon bonus) is
    at least randInt(1, defender dexterity + armor); the damage is
    randInt(0, strength + weapon damage - 1). Magic fangs that hit without killing put the
    defender to sleep with probability 1/5, for max(old sleep, randInt(2, 6)) turns.
    """
    weapon = attacker.weapon.weapon
    message = attacker_name + " " + attack_phrase(attacker.weapon) + " at " + defender_name
    attacker_points = attacker.dexterity + weapon.dexterity_bonus
    defender_points = defender.dexterity + defender.armor
    if randInt(1, attacker_points) < randInt(1, defender_points):
        return message + " and misses."
    defender.hp -= randInt(0, attacker.strength + weapon.damage - 1)
    if defender.is_dead():
        return message + " dealing a final blow."
    if attacker.weapon.name == FANGS and trueWithProbability(0.2):
        defender.sleep = max(defender.sleep, randInt(2, 6))
        return message + " and hits, putting " + defender_name + " to sleep."
    return message + " and hits."


class Player:
    """The adventurer: a Body, a position and a knapsack (which holds the wielded weapon)."""

    NAME = "Player"
    SYMBOL = "@"
    CAPACITY = 26  # one item per letter a..z

    def __init__(self):
        sword = make_weapon("short sword")
        self.body = Body(20, 2, 2, 2, sword)
        self.inventory = [sword]
        self.position = (0, 0)

    def knapsack_full(self):
        """Return True when no further item can be picked up."""
        return len(self.inventory) >= Player.CAPACITY

    def cheat(self):
        """The c command: strength 9 and 50 hit points out of 50."""
        self.body.strength = 9
        self.body.max_hp = 50
        self.body.hp = 50


# ---------------------------------------------------------------- movement strategies

def stay_put(monster, game):
    """Dragons guard their treasure: never move."""
    return None


def dumb_chase(smell):
    """Return a mover for bogeymen/snakewomen, who smell the player ``smell`` steps away.

    The mover takes one step that brings the monster closer to the player's row or column,
    never farther from it, and only when that spot is free; otherwise it stays.
    """
    def mover(monster, game):
        (row, col), (p_row, p_col) = monster.position, game.player.position
        if manhattan(monster.position, game.player.position) > smell:
            return None
        choices = []
        if p_row != row:
            choices.append((row + (1 if p_row > row else -1), col))
        if p_col != col:
            choices.append((row, col + (1 if p_col > col else -1)))
        for spot in choices:
            if game.level.is_free(spot):
                return spot
        return None
    return mover


def goblin_search(level, spot, goal, budget, memo):
    """Find the shortest walkable path from ``spot`` to ``goal`` of at most ``budget`` steps.

    Recursive: the shortest path from a spot is one step to a walkable neighbour followed by
    the shortest path from that neighbour with one step less of budget. Walls and monsters
    block the way; the goal (the player's spot) ends it.

    Args:
        level: the Level (asked whether a spot is walkable).
        spot, goal: (row, column) pairs.
        budget: the number of steps still allowed.
        memo: a dict of the answers already worked out, keyed by (spot, budget), so that no
            (spot, budget) pair is searched twice.

    Returns:
        (distance, first step) of the best path, where first step is the neighbour of
        ``spot`` to move to (None when ``spot`` is the goal); or None if the goal cannot be
        reached within the budget.
    """
    if spot == goal:
        return (0, None)
    # Even in open floor the goal is too far: no need to look.
    if budget <= 0 or manhattan(spot, goal) > budget:
        return None
    key = (spot, budget)
    if key in memo:
        return memo[key]
    best = None
    for d_row, d_col in STEPS:
        step = (spot[0] + d_row, spot[1] + d_col)
        if step != goal and not level.is_free(step):
            continue
        rest = goblin_search(level, step, goal, budget - 1, memo)
        if rest is not None and (best is None or rest[0] + 1 < best[0]):
            best = (rest[0] + 1, step)
    memo[key] = best
    return best


def goblin_chase(monster, game):
    """Goblins take the first step of a shortest path to the player, if one is short enough."""
    found = goblin_search(game.level, monster.position, game.player.position,
                          game.smell_distance, {})
    if found is None:
        return None
    return found[1]


# ---------------------------------------------------------------- drop strategies

def drop_with_chance(probability, make_items):
    """Return a dropper that leaves one of ``make_items()`` with the given probability."""
    def dropper():
        if not trueWithProbability(probability):
            return None
        choices = make_items()
        return choices[randInt(0, len(choices) - 1)]
    return dropper


def drop_scroll():
    """Dragons always leave a scroll of some kind."""
    return random_scroll()


# ---------------------------------------------------------------- kinds

class Kind:
    """The strategy object that gives a Monster its species.

    Attributes:
        name: the name used in messages ("the Goblin").
        symbol: the letter drawn on the map.
        hp, strength, dexterity: (lowest, highest) ranges of the starting values.
        armor: the starting armor.
        weapon: the name of the weapon the monster is created with.
        move: function(monster, game) returning the spot to step to, or None.
        drop: function() returning the Item left at death, or None.
        regenerates: True if the monster may regain a hit point before each turn.
        first_level: the shallowest dungeon level where this kind appears.
    """

    def __init__(self, name, symbol, hp, armor, strength, dexterity, weapon,
                 move, drop, regenerates=False, first_level=0):
        self.name = name
        self.symbol = symbol
        self.hp = hp
        self.armor = armor
        self.strength = strength
        self.dexterity = dexterity
        self.weapon = weapon
        self.move = move
        self.drop = drop
        self.regenerates = regenerates
        self.first_level = first_level

    def new_body(self):
        """Roll the statistics of a freshly created monster of this kind."""
        return Body(randInt(*self.hp), self.armor, randInt(*self.strength),
                    randInt(*self.dexterity), make_weapon(self.weapon))


BOGEYMAN = Kind("the Bogeyman", "B", (5, 10), 2, (2, 3), (2, 3), "short sword",
                dumb_chase(5), drop_with_chance(0.1, lambda: [make_weapon(AXE)]),
                first_level=2)
SNAKEWOMAN = Kind("the Snakewoman", "S", (3, 6), 3, (2, 2), (3, 3), FANGS,
                  dumb_chase(3), drop_with_chance(1.0 / 3, lambda: [make_weapon(FANGS)]))
DRAGON = Kind("the Dragon", "D", (20, 25), 4, (4, 4), (4, 4), "long sword",
              stay_put, drop_scroll, regenerates=True, first_level=3)
GOBLIN = Kind("the Goblin", "G", (15, 20), 1, (3, 3), (1, 1), "short sword",
              goblin_chase,
              drop_with_chance(1.0 / 3, lambda: [make_weapon(AXE), make_weapon(FANGS)]))

KINDS = [SNAKEWOMAN, GOBLIN, BOGEYMAN, DRAGON]


def random_kind(level_number):
    """Pick at random one of the kinds allowed on the given dungeon level."""
    allowed = [kind for kind in KINDS if kind.first_level <= level_number]
    return allowed[randInt(0, len(allowed) - 1)]


class Monster:
    """One monster: a Body and a position, with its behaviour delegated to its Kind."""

    def __init__(self, kind, position):
        self.kind = kind
        self.body = kind.new_body()
        self.position = position

    @property
    def name(self):
        """The name used in messages ("the Dragon")."""
        return self.kind.name

    @property
    def symbol(self):
        """The letter drawn on the map."""
        return self.kind.symbol

    def take_turn(self, game):
        """Act once: maybe regenerate, then sleep, attack an adjacent player, or move.

        Returns the attack message, or None if the monster did not attack.
        """
        if self.kind.regenerates:
            self.body.regain()
        if self.body.sleep > 0:
            self.body.sleep -= 1
            return None
        player = game.player
        if manhattan(self.position, player.position) == 1:
            return fight(self.name, self.body, Player.NAME, player.body)
        step = self.kind.move(self, game)
        if step is not None:
            self.position = step
        return None

    def leave_item(self):
        """Return the item this monster drops as it dies (or None)."""
        return self.kind.drop()
