"""actor.py: the Actor base class (port of Actor.h / Actor.cpp).

An actor is anything that moves and fights on a level: the Player, or one of the
Monster subclasses. The Actor class holds the statistics they share and
implements the attack rules of the spec, which are the same for everyone.
"""

from utilities import randInt, trueWithProbability

# The four directions an actor can step in, as (row change, column change):
# up, down, left, right.
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))

# Chance that a hit with the magic fangs of sleep puts the defender to sleep,
# and the range of the sleep time it causes.
SLEEP_CHANCE = 1 / 5
MIN_SLEEP, MAX_SLEEP = 2, 6


class Actor:
    """Base class of the player and the monsters: position, statistics, weapon, sleep."""

    def __init__(self, hit_points, weapon, armor, strength, dexterity):
        """Create an actor with the given statistics; its position is set when placed."""
        self.row = 0
        self.col = 0
        self.hit_points = hit_points
        self.max_hit_points = hit_points
        self.weapon = weapon
        self.armor = armor
        self.strength = strength
        self.dexterity = dexterity
        self.sleep_time = 0

    def display_name(self):
        """Return the name used in attack messages (e.g. "Player", "the Goblin")."""
        raise NotImplementedError

    def symbol(self):
        """Return the character that shows the actor on the map."""
        raise NotImplementedError

    def is_dead(self):
        """An actor dies when its hit points drop to 0 or less."""
        return self.hit_points <= 0

    def is_asleep(self):
        """Return True while the actor still has sleep time left."""
        return self.sleep_time > 0

    def is_next_to(self, other):
        """Return True if ``other`` is one step up, down, left or right of this actor."""
        return abs(self.row - other.row) + abs(self.col - other.col) == 1

    def attack(self, defender):
        """Attack ``defender`` with the current weapon and return the message describing it.

        To hit:   randInt(1, dexterity + weapon bonus) >= randInt(1, defender dex + armor)
        Damage:   randInt(0, strength + weapon damage - 1)
        The magic fangs of sleep also put a surviving defender to sleep 1 time in 5.
        """
        message = "{} {} at {}".format(self.display_name(), self.weapon.action,
                                       defender.display_name())
        attacker_points = self.dexterity + self.weapon.dexterity_bonus
        defender_points = defender.dexterity + defender.armor
        if randInt(1, attacker_points) < randInt(1, defender_points):
            return message + " and misses."
        defender.hit_points -= randInt(0, self.strength + self.weapon.damage_amount - 1)
        if defender.is_dead():
            return message + " dealing a final blow."
        if self.weapon.puts_to_sleep() and trueWithProbability(SLEEP_CHANCE):
            # A second dose does not add up: the longer of the two sleeps wins.
            defender.sleep_time = max(defender.sleep_time, randInt(MIN_SLEEP, MAX_SLEEP))
            return message + " and hits, putting {} to sleep.".format(defender.display_name())
        return message + " and hits."
