"""goblin.py: the Goblin monster (port of Goblin.h / Goblin.cpp).

Goblins are the clever monsters: they smell the player only along a real path
(walls and other monsters block it) of at most ``smell_distance`` steps, and then
take an optimal step along such a path. The path length is found by the recursive
method ``shortest_distance``.
"""

from actor import DIRECTIONS
from monster import Monster
from utilities import randInt, trueWithProbability
from weapon import Weapon, SHORT_SWORD, MAGIC_AXE, MAGIC_FANGS

# Stands for "no path within the steps that were left".
NO_PATH = float("inf")


class Goblin(Monster):
    """Any level. Moves one step along a shortest path to the player if one is short enough."""

    NAME = "Goblin"
    SYMBOL = "G"

    def __init__(self, smell_distance):
        """Hit points 15-20, short sword, armor 1, strength 3, dexterity 1.

        ``smell_distance`` is the Game constructor's argument (15 in main.py).
        """
        super().__init__(randInt(15, 20), Weapon(SHORT_SWORD), 1, 3, 1)
        self.smell_distance = smell_distance
        # Most steps still left when a square was reached during the current search.
        self._most_steps_left = {}

    def move(self, dungeon, player):
        """Step to the neighbouring square that starts the shortest path to the player.

        Nothing happens if no path of at most smell_distance steps exists.
        """
        self._most_steps_left = {(self.row, self.col): self.smell_distance}
        best_square = None
        best_distance = NO_PATH
        for row_change, col_change in DIRECTIONS:
            row, col = self.row + row_change, self.col + col_change
            if not dungeon.is_free_for_actor(row, col):
                continue
            distance = 1 + self.shortest_distance(dungeon, player, row, col,
                                                  self.smell_distance - 1)
            if distance < best_distance:
                best_square, best_distance = (row, col), distance
        if best_square is not None and best_distance <= self.smell_distance:
            self.row, self.col = best_square

    def shortest_distance(self, dungeon, player, row, col, steps_left):
        """Return the length of the shortest path found from (row, col) to the player
        using at most ``steps_left`` steps, or NO_PATH if there is none.

        Recursive case: 1 + the shortest distance from each of the four neighbours
        with one step fewer. Branches are cut off when the player is further away
        (ignoring walls) than the steps left, or when this square was already
        reached during this search with at least as many steps left, since that
        earlier visit already found everything this one could.
        """
        if row == player.row and col == player.col:
            return 0
        if steps_left <= 0:
            return NO_PATH
        if abs(row - player.row) + abs(col - player.col) > steps_left:
            return NO_PATH
        if self._most_steps_left.get((row, col), -1) >= steps_left:
            return NO_PATH
        self._most_steps_left[(row, col)] = steps_left
        best = NO_PATH
        for row_change, col_change in DIRECTIONS:
            next_row, next_col = row + row_change, col + col_change
            is_player = next_row == player.row and next_col == player.col
            if is_player or dungeon.is_free_for_actor(next_row, next_col):
                best = min(best, 1 + self.shortest_distance(dungeon, player, next_row,
                                                            next_col, steps_left - 1))
        return best

    def dropped_item(self):
        """1 time in 3 a dead goblin leaves a magic axe or magic fangs of sleep."""
        if trueWithProbability(1 / 3):
            return Weapon(MAGIC_AXE if trueWithProbability(0.5) else MAGIC_FANGS)
        return None
