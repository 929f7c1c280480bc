"""Actor.py: the actors of MiniRogue -- the player and the four kinds of monster.

The C++ project's Actor family in one module, as Actor.h/.cpp would hold it:

- ``Actor``: position, hit points, wielded weapon, armor, strength, dexterity and sleep time,
  plus the attack rule shared by everyone.
- ``Player`` (``@``): adds the knapsack (the inventory, 26 items at most, the wielded weapon
  included), wielding, reading, regaining hit points and the cheat.
- ``Monster``: one turn is sleep, attack the player when next to it, or take the step its kind
  chooses; a dead monster may drop an item. Kinds:
  ``Bogeyman`` (``B``) and ``Snakewoman`` (``S``), which smell the player through walls within
  5 and 3 steps and stumble one step towards the player's row or column (``SmellingMonster``);
  ``Dragon`` (``D``), which never moves but regains hit points; and ``Goblin`` (``G``), which
  takes an optimal step along a real path when the player is within its smell distance.

The goblin's path search is the recursive ``Goblin.path_length``. Actors ask the Dungeon (passed
to them) which squares are open and tell it where they move; they never print: attacks return
their message for the Game to show.

>>> player = Player(Position(1, 1))
>>> player.hit_points(), player.armor(), player.strength(), player.dexterity()
(20, 2, 2, 2)
>>> player.weapon().name(), [item.name() for item in player.inventory()]
('short sword', ['short sword'])
>>> player.cheat()
>>> player.strength(), player.hit_points(), player.max_hit_points()
(9, 50, 50)
"""

from typing import TYPE_CHECKING, Callable, Dict, List, Optional, Tuple

from GameObject import (GameObject, LongSword, MagicAxe, MagicFangsOfSleep, Scroll, ShortSword,
                        Weapon, random_scroll)
from Position import Position
from utilities import randInt, trueWithProbability

if TYPE_CHECKING:  # only for annotations: Dungeon.py imports this module
    from Dungeon import Dungeon

MAX_STAT = 99  # hit points, armor, strength and dexterity never exceed this
REGAIN_PROBABILITY = 1 / 10  # chance that the player or a dragon regains a hit point

# Attack messages: "<attacker> <action> at <defender><ending>".
ATTACK_OPENING = "{} {} at {}"
HIT_ENDING = " and hits."
MISS_ENDING = " and misses."
FINAL_BLOW_ENDING = " dealing a final blow."
SLEEP_ENDING = " and hits, putting {} to sleep."

PLAYER_NAME = "Player"
PLAYER_SYMBOL = "@"
PLAYER_HIT_POINTS = 20
PLAYER_ARMOR = 2
PLAYER_STRENGTH = 2
PLAYER_DEXTERITY = 2
INVENTORY_CAPACITY = 26  # one item per letter a to z
CHEAT_STRENGTH = 9
CHEAT_HIT_POINTS = 50

# Monster kinds: names, symbols, stats (ranges are inclusive) and smell distances.
BOGEYMAN_NAME, BOGEYMAN_SYMBOL = "the Bogeyman", "B"
BOGEYMAN_HIT_POINTS, BOGEYMAN_ARMOR = (5, 10), 2
BOGEYMAN_STRENGTH, BOGEYMAN_DEXTERITY = (2, 3), (2, 3)
BOGEYMAN_SMELL = 5
BOGEYMAN_DROP_PROBABILITY = 1 / 10
SNAKEWOMAN_NAME, SNAKEWOMAN_SYMBOL = "the Snakewoman", "S"
SNAKEWOMAN_HIT_POINTS, SNAKEWOMAN_ARMOR = (3, 6), 3
SNAKEWOMAN_STRENGTH, SNAKEWOMAN_DEXTERITY = 2, 3
SNAKEWOMAN_SMELL = 3
SNAKEWOMAN_DROP_PROBABILITY = 1 / 3
DRAGON_NAME, DRAGON_SYMBOL = "the Dragon", "D"
DRAGON_HIT_POINTS, DRAGON_ARMOR = (20, 25), 4
DRAGON_STRENGTH, DRAGON_DEXTERITY = 4, 4
GOBLIN_NAME, GOBLIN_SYMBOL = "the Goblin", "G"
GOBLIN_HIT_POINTS, GOBLIN_ARMOR = (15, 20), 1
GOBLIN_STRENGTH, GOBLIN_DEXTERITY = 3, 1
GOBLIN_DROP_PROBABILITY = 1 / 3
GOBLIN_AXE_PROBABILITY = 1 / 2  # of a goblin's drops, the share that are axes, not fangs
# The shallowest level on which bogeymen and dragons appear (snakewomen and goblins: all).
BOGEYMAN_FIRST_LEVEL = 2
DRAGON_FIRST_LEVEL = 3

# Path lengths the goblin search returns when the player is out of reach: more than any budget.
UNREACHABLE = 1_000_000


class Actor:
    """Anything that stands on a level and fights: the player or a monster."""

    def __init__(self, name: str, symbol: str, position: Position, hit_points: int,
                 weapon: Weapon, armor: int, strength: int, dexterity: int) -> None:
        """Create an awake actor.

        Parameters:
            name: how messages name the actor (``Player``, ``the Goblin``).
            symbol: the character the level display shows for it.
            position: the square it stands on.
            hit_points: its starting hit points, which are also its maximum.
            weapon: the weapon it wields.
            armor, strength, dexterity: its starting points of each.
        """
        self._name = name
        self._symbol = symbol
        self._position = position
        self._hit_points = hit_points
        self._max_hit_points = hit_points
        self._weapon = weapon
        self._armor = armor
        self._strength = strength
        self._dexterity = dexterity
        self._sleep_time = 0

    def name(self) -> str:
        """Return how messages name this actor."""
        return self._name

    def symbol(self) -> str:
        """Return the character the level display shows for this actor."""
        return self._symbol

    def position(self) -> Position:
        """Return the square this actor stands on."""
        return self._position

    def move_to(self, position: Position) -> None:
        """Stand on ``position`` from now on (the Dungeon checks that it is free)."""
        self._position = position

    def hit_points(self) -> int:
        """Return the actor's current hit points."""
        return self._hit_points

    def max_hit_points(self) -> int:
        """Return the most hit points the actor can regain up to."""
        return self._max_hit_points

    def weapon(self) -> Weapon:
        """Return the weapon the actor wields."""
        return self._weapon

    def armor(self) -> int:
        """Return the actor's armor points."""
        return self._armor

    def strength(self) -> int:
        """Return the actor's strength points."""
        return self._strength

    def dexterity(self) -> int:
        """Return the actor's dexterity points."""
        return self._dexterity

    def is_dead(self) -> bool:
        """Return True once the actor's hit points have dropped to 0."""
        return self._hit_points <= 0

    def is_asleep(self) -> bool:
        """Return True while the actor sleeps (its sleep time is positive)."""
        return self._sleep_time > 0

    def fall_asleep(self, turns: int) -> None:
        """Sleep for ``turns`` turns, or keep the longer sleep already under way."""
        self._sleep_time = max(self._sleep_time, turns)

    def sleep_one_turn(self) -> None:
        """Spend one turn asleep: the sleep time drops by 1."""
        self._sleep_time = max(0, self._sleep_time - 1)

    def take_damage(self, points: int) -> None:
        """Lose ``points`` hit points (never going below 0)."""
        self._hit_points = max(0, self._hit_points - points)

    def maybe_regain_hit_point(self) -> None:
        """With probability 1/10 regain one hit point, never above the maximum."""
        if trueWithProbability(REGAIN_PROBABILITY):
            self._hit_points = min(self._max_hit_points, self._hit_points + 1)

    def attack(self, defender: "Actor") -> str:
        """Attack ``defender`` once with the wielded weapon; return the message saying how it went.

        The attacker hits when randInt(1, its dexterity + the weapon's bonus) is at least
        randInt(1, the defender's dexterity + armor); a hit takes away
        randInt(0, strength + the weapon's damage - 1) hit points and may work the weapon's
        magic. A killing blow has no magic.
        """
        weapon = self._weapon
        opening = ATTACK_OPENING.format(self._name, weapon.action(), defender.name())
        attacker_points = self._dexterity + weapon.dexterity_bonus()
        defender_points = defender.dexterity() + defender.armor()
        if randInt(1, attacker_points) < randInt(1, defender_points):
            return opening + MISS_ENDING
        defender.take_damage(randInt(0, self._strength + weapon.damage() - 1))
        if defender.is_dead():
            return opening + FINAL_BLOW_ENDING
        if weapon.after_hit(defender):
            return opening + SLEEP_ENDING.format(defender.name())
        return opening + HIT_ENDING


class Player(Actor):
    """The adventurer: an actor with a knapsack, commanded from the keyboard."""

    def __init__(self, position: Position) -> None:
        """Create the player at ``position`` with the starting stats and a short sword."""
        sword = ShortSword()
        super().__init__(PLAYER_NAME, PLAYER_SYMBOL, position, PLAYER_HIT_POINTS, sword,
                         PLAYER_ARMOR, PLAYER_STRENGTH, PLAYER_DEXTERITY)
        self._inventory: List[GameObject] = [sword]

    def inventory(self) -> List[GameObject]:
        """Return a copy of the knapsack's items, in the order they were picked up."""
        return list(self._inventory)

    def has_room(self) -> bool:
        """Return True if the knapsack can take one more item."""
        return len(self._inventory) < INVENTORY_CAPACITY

    def pick_up(self, item: GameObject) -> None:
        """Put ``item`` in the knapsack, which must have room."""
        assert self.has_room(), "the knapsack is full"
        self._inventory.append(item)

    def wield(self, weapon: Weapon) -> None:
        """Wield ``weapon`` from the knapsack; the previous weapon stays in the knapsack."""
        self._weapon = weapon

    def read(self, scroll: Scroll, dungeon: "Dungeon") -> str:
        """Read ``scroll`` from the knapsack: it works and is destroyed; return its message."""
        self._inventory.remove(scroll)
        return scroll.take_effect(self, dungeon)

    def cheat(self) -> None:
        """Become strong enough to beat monsters easily: strength 9, 50 hit points of 50."""
        self._strength = CHEAT_STRENGTH
        self._max_hit_points = CHEAT_HIT_POINTS
        self._hit_points = CHEAT_HIT_POINTS

    def raise_armor(self, points: int) -> None:
        """Add ``points`` armor points, up to the maximum a stat can have."""
        self._armor = min(MAX_STAT, self._armor + points)

    def raise_strength(self, points: int) -> None:
        """Add ``points`` strength points, up to the maximum a stat can have."""
        self._strength = min(MAX_STAT, self._strength + points)

    def raise_dexterity(self, points: int) -> None:
        """Add ``points`` dexterity points, up to the maximum a stat can have."""
        self._dexterity = min(MAX_STAT, self._dexterity + points)

    def raise_max_hit_points(self, points: int) -> None:
        """Add ``points`` to the maximum hit points (the current hit points stay)."""
        self._max_hit_points = min(MAX_STAT, self._max_hit_points + points)


class Monster(Actor):
    """A computer-controlled actor; each kind decides how it moves and what it drops."""

    def take_turn(self, dungeon: "Dungeon", player: Player) -> Optional[str]:
        """Take one turn: sleep, attack ``player`` when next to it, or move in ``dungeon``.

        Returns:
            the attack message when the monster attacked, else None.
        """
        if self.is_asleep():
            self.sleep_one_turn()
            return None
        if self._position.is_next_to(player.position()):
            return self.attack(player)
        step = self.choose_step(dungeon, player.position())
        if step is not None:
            dungeon.move_monster(self, step)
        return None

    def choose_step(self, dungeon: "Dungeon", target: Position) -> Optional[Position]:
        """Return the square to step to when the player stands at ``target``, or None to stay.

        The base monster never moves.
        """
        return None

    def drop(self) -> Optional[GameObject]:
        """Return the item this monster leaves where it died, or None (the base drops nothing)."""
        return None


class SmellingMonster(Monster):
    """A monster that smells the player through walls and stumbles towards its row or column."""

    def __init__(self, name: str, symbol: str, position: Position, hit_points: int,
                 weapon: Weapon, armor: int, strength: int, dexterity: int,
                 smell_distance: int) -> None:
        """Create an awake monster that smells the player ``smell_distance`` steps away.

        The distance ignores walls. The other parameters are those of Actor.
        """
        super().__init__(name, symbol, position, hit_points, weapon, armor, strength, dexterity)
        self._smell_distance = smell_distance

    def choose_step(self, dungeon: "Dungeon", target: Position) -> Optional[Position]:
        """Return the first open step towards the player's row, then column; None if none.

        The player is smelled when within ``smell_distance`` steps ignoring walls and monsters;
        then the monster never steps away from the player's row or column, even to get round a
        wall.
        """
        if self._position.distance_to(target) > self._smell_distance:
            return None
        for step in self._position.steps_closer_to(target):
            if dungeon.is_open(step):
                return step
        return None


class Bogeyman(SmellingMonster):
    """A bogeyman: smells the player 5 steps away; 1 in 10 drop a magic axe."""

    def __init__(self, position: Position) -> None:
        """Create a bogeyman at ``position`` with random hit points, strength and dexterity."""
        super().__init__(BOGEYMAN_NAME, BOGEYMAN_SYMBOL, position, randInt(*BOGEYMAN_HIT_POINTS),
                         ShortSword(), BOGEYMAN_ARMOR, randInt(*BOGEYMAN_STRENGTH),
                         randInt(*BOGEYMAN_DEXTERITY), BOGEYMAN_SMELL)

    def drop(self) -> Optional[GameObject]:
        """Return a magic axe with probability 1/10, else None."""
        return MagicAxe() if trueWithProbability(BOGEYMAN_DROP_PROBABILITY) else None


class Snakewoman(SmellingMonster):
    """A snakewoman: fights with magic fangs of sleep, smells the player 3 steps away."""

    def __init__(self, position: Position) -> None:
        """Create a snakewoman at ``position`` with random hit points."""
        super().__init__(SNAKEWOMAN_NAME, SNAKEWOMAN_SYMBOL, position,
                         randInt(*SNAKEWOMAN_HIT_POINTS), MagicFangsOfSleep(), SNAKEWOMAN_ARMOR,
                         SNAKEWOMAN_STRENGTH, SNAKEWOMAN_DEXTERITY, SNAKEWOMAN_SMELL)

    def drop(self) -> Optional[GameObject]:
        """Return her magic fangs of sleep with probability 1/3, else None."""
        return MagicFangsOfSleep() if trueWithProbability(SNAKEWOMAN_DROP_PROBABILITY) else None


class Dragon(Monster):
    """A dragon: guards its treasure without moving, regains hit points, always drops a scroll."""

    def __init__(self, position: Position) -> None:
        """Create a dragon at ``position`` with random hit points."""
        super().__init__(DRAGON_NAME, DRAGON_SYMBOL, position, randInt(*DRAGON_HIT_POINTS),
                         LongSword(), DRAGON_ARMOR, DRAGON_STRENGTH, DRAGON_DEXTERITY)

    def take_turn(self, dungeon: "Dungeon", player: Player) -> Optional[str]:
        """Maybe regain a hit point, then take the turn of any monster (it never moves)."""
        self.maybe_regain_hit_point()
        return super().take_turn(dungeon, player)

    def drop(self) -> Optional[GameObject]:
        """Return a scroll of a random kind: a dragon always drops one."""
        return random_scroll()


class Goblin(Monster):
    """A goblin: steps along a shortest real path to the player when it can smell the player."""

    def __init__(self, position: Position, smell_distance: int) -> None:
        """Create a goblin at ``position`` that smells the player ``smell_distance`` steps away.

        The distance counts the steps of a real path around walls and other monsters.
        """
        super().__init__(GOBLIN_NAME, GOBLIN_SYMBOL, position, randInt(*GOBLIN_HIT_POINTS),
                         ShortSword(), GOBLIN_ARMOR, GOBLIN_STRENGTH, GOBLIN_DEXTERITY)
        self._smell_distance = smell_distance

    def choose_step(self, dungeon: "Dungeon", target: Position) -> Optional[Position]:
        """Return the first open neighbour with the shortest path to ``target``, or None.

        None means the player cannot be reached in ``smell_distance`` steps or fewer.
        """
        best_step, best_length = None, UNREACHABLE
        # The record of the "remembered answers" speed-up, shared by the searches from every
        # neighbour: within one decision an answer never changes.
        known: Dict[Tuple[Position, int], int] = {}
        for step in self._position.neighbours():
            if not dungeon.is_open(step):
                continue
            # Speed-up "beat the best" (report.txt, 2.2): a later step is taken only if its
            # path is shorter than the best so far, so its search may stop a step earlier.
            steps_left = min(self._smell_distance - 1, best_length - 1)
            length = self.path_length(dungeon, step, target, steps_left, known)
            if length < best_length:
                best_step, best_length = step, length
        return best_step

    def path_length(self, dungeon: "Dungeon", square: Position, target: Position,
                    steps_left: int, known: Dict[Tuple[Position, int], int]) -> int:
        """Return the length of a shortest path from ``square`` to ``target``, or UNREACHABLE.

        The path may use at most ``steps_left`` steps and cross only open squares (no wall,
        no actor) before it reaches ``target``.

        Base cases: ``square`` is ``target`` (a path of 0 steps); no step left (no path).
        Recursive case: one step to each open neighbour, then a shortest path from there with
        one step fewer left; the shortest of these, plus that one step.
        Two speed-ups, each argued in report.txt (2.2), follow the base cases and change no
        answer: "too far" (a target further than the steps left even without walls is out
        of reach) and "remembered answers" (``known`` holds the answer for each (square,
        steps left) already worked out in this decision).
        """
        if square == target:
            return 0
        if steps_left == 0:
            return UNREACHABLE
        # Speed-up "too far": walls only make a path longer than the distance without them.
        if square.distance_to(target) > steps_left:
            return UNREACHABLE
        # Speed-up "remembered answers": asked again along another path, same answer.
        if (square, steps_left) in known:
            return known[(square, steps_left)]
        best = UNREACHABLE
        for neighbour in square.neighbours():
            if neighbour == target or dungeon.is_open(neighbour):
                # The recursive step: the rest of the path from the neighbour.
                best = min(best, 1 + self.path_length(dungeon, neighbour, target,
                                                      steps_left - 1, known))
        known[(square, steps_left)] = best  # for "remembered answers"
        return best

    def drop(self) -> Optional[GameObject]:
        """Return, with probability 1/3, a magic axe or magic fangs of sleep (equally likely)."""
        if not trueWithProbability(GOBLIN_DROP_PROBABILITY):
            return None
        if trueWithProbability(GOBLIN_AXE_PROBABILITY):
            return MagicAxe()
        return MagicFangsOfSleep()


def random_monster_maker(level: int, goblin_smell_distance: int) -> Callable[[Position], Monster]:
    """Choose a monster kind at random among those allowed on a level; return its maker.

    The maker is a function that takes the square the monster stands on and returns the new
    monster. (The kind is chosen before the square so that a seed always gives the same game.)

    Parameters:
        level: the level number (0 at the top): bogeymen and dragons appear only from
            BOGEYMAN_FIRST_LEVEL and DRAGON_FIRST_LEVEL down.
        goblin_smell_distance: how many steps away a goblin smells the player.
    """
    makers: List[Callable[[Position], Monster]] = [
        Snakewoman, lambda square: Goblin(square, goblin_smell_distance)]
    if level >= BOGEYMAN_FIRST_LEVEL:
        makers.append(Bogeyman)
    if level >= DRAGON_FIRST_LEVEL:
        makers.append(Dragon)
    return makers[randInt(0, len(makers) - 1)]
