"""player.py: the Player class (port of Player.h / Player.cpp).

The player is the actor the user controls. Besides the Actor statistics it has
a knapsack (inventory) and the abilities only the player has: picking things up,
wielding weapons, reading scrolls, regaining health and cheating.
"""

import string

from actor import Actor
from utilities import trueWithProbability
from weapon import Weapon, SHORT_SWORD

PLAYER_SYMBOL = "@"
# The most items the knapsack can hold (wielded weapon included).
KNAPSACK_CAPACITY = 25
# Chance of regaining one hit point before each command.
REGAIN_CHANCE = 1 / 10
# What the cheat command sets.
CHEAT_STRENGTH = 9
CHEAT_HIT_POINTS = 50


class Player(Actor):
    """The adventurer: 20 hit points, short sword, armor, strength and dexterity 2."""

    def __init__(self):
        """Create a fresh player carrying only the short sword it wields."""
        super().__init__(20, Weapon(SHORT_SWORD), 2, 2, 2)
        self.inventory = [self.weapon]

    def display_name(self):
        """The player is called "Player" in attack messages."""
        return "Player"

    def symbol(self):
        """The player is drawn as '@'."""
        return PLAYER_SYMBOL

    def regain_hit_point(self):
        """With probability 1/10, regain one hit point, never above the maximum."""
        if trueWithProbability(REGAIN_CHANCE) and self.hit_points < self.max_hit_points:
            self.hit_points += 1

    def cheat(self):
        """The c command: strength 9 and 50 hit points (maximum and current)."""
        self.strength = CHEAT_STRENGTH
        self.max_hit_points = CHEAT_HIT_POINTS
        self.hit_points = CHEAT_HIT_POINTS

    def knapsack_is_full(self):
        """Return True if no more items fit in the knapsack."""
        return len(self.inventory) >= KNAPSACK_CAPACITY

    def pick_up(self, item):
        """Put ``item`` in the knapsack and return the message to show.

        The caller has already removed it from the floor. The golden idol is not
        stored: picking it up ends the game, which the Game class handles.
        """
        if not item.is_idol():
            self.inventory.append(item)
        return item.pickup_message()

    def inventory_lines(self):
        """Return the lines of the inventory screen (heading, then one labelled line per item)."""
        lines = ["Inventory:"]
        for letter, item in zip(string.ascii_lowercase, self.inventory):
            lines.append(" {}. {}".format(letter, item.inventory_label()))
        return lines

    def item_for_letter(self, letter):
        """Return the knapsack item labelled ``letter``, or None if no item has that label."""
        if len(letter) == 1 and letter in string.ascii_lowercase:
            index = string.ascii_lowercase.index(letter)
            if index < len(self.inventory):
                return self.inventory[index]
        return None

    def wield(self, letter):
        """The w command after the letter was typed: return the message, or None for no item."""
        item = self.item_for_letter(letter)
        if item is None:
            return None
        if not item.is_weapon():
            return "You can't wield " + item.name
        self.weapon = item
        return "You are wielding " + item.name

    def read(self, letter, dungeon):
        """The r command after the letter was typed: return the list of messages to show.

        A scroll performs its magic and is removed from the knapsack.
        """
        item = self.item_for_letter(letter)
        if item is None:
            return []
        if not item.is_scroll():
            return ["You can't read a " + item.name]
        self.inventory.remove(item)
        return ["You read the scroll called " + item.name, item.apply_to(self, dungeon)]
