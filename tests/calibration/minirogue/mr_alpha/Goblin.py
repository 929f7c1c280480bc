"""Goblin.py: goblins, monsters that follow real paths to the player.

The recursive move algorithm is Goblin.markDistances (called from Goblin.move).
"""

from Monster import Monster
from Weapon import Weapon, SHORT_SWORD, MAGIC_AXE, MAGIC_FANGS
from utilities import randInt, trueWithProbability

DIRECTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


class Goblin(Monster):
    """A goblin ('G'): smells the player along walkable paths up to smellDistance long."""

    def __init__(self, dungeon, row, col, smellDistance):
        Monster.__init__(self, dungeon, row, col, randInt(15, 20), Weapon(SHORT_SWORD), 1, 3, 1)
        self.m_smellDistance = smellDistance

    def kind(self):
        return "Goblin"

    def symbol(self):
        return "G"

    def move(self, player):
        """Take one step along a shortest walkable path to the player, if one is short enough.

        markDistances fills `distances` with the number of steps from the player
        to every spot it can reach (walls and other monsters block the way). If
        the goblin's own spot was reached, a neighbour one step nearer is an
        optimal move.
        """
        distances = {}
        self.markDistances(player.row(), player.col(), 0, distances)
        here = distances.get((self.m_row, self.m_col))
        if here is None:
            return  # too far away to smell the player
        for dr, dc in DIRECTIONS:
            spot = (self.m_row + dr, self.m_col + dc)
            if distances.get(spot) == here - 1 and self.canMoveTo(spot[0], spot[1]):
                self.setPosition(spot[0], spot[1])
                return

    def markDistances(self, row, col, steps, distances):
        """Recursively record in distances the fewest steps from the player to each spot.

        (row, col) is reached in `steps` steps. The search stops at walls, at other
        monsters, at spots already reached in as few steps, at the goblin itself,
        and wherever even a straight walk to the goblin would exceed the smell
        distance.
        """
        dungeon = self.m_dungeon
        if dungeon.isWall(row, col):
            return
        if steps + abs(row - self.m_row) + abs(col - self.m_col) > self.m_smellDistance:
            return
        known = distances.get((row, col))
        if known is not None and known <= steps:
            return
        monster = dungeon.monsterAt(row, col)
        if monster is not None and monster is not self:
            return
        distances[(row, col)] = steps
        if row == self.m_row and col == self.m_col:
            return  # the goblin itself: no need to look beyond it
        for dr, dc in DIRECTIONS:
            self.markDistances(row + dr, col + dc, steps + 1, distances)

    def dropItem(self):
        """1 in 3 chance of leaving a magic axe or magic fangs of sleep."""
        if trueWithProbability(1.0 / 3):
            if trueWithProbability(0.5):
                return Weapon(MAGIC_AXE)
            return Weapon(MAGIC_FANGS)
        return None
