"""monster.py: the Monster base class (port of Monster.h / Monster.cpp).

Every kind of monster (Bogeyman, Snakewoman, Dragon, Goblin) is a subclass that
supplies its statistics, how it moves and what it may drop when it dies. The
Monster class holds the turn logic they all share: sleep, attacking a player next
to it, and the "dumb" smell-and-step movement used by bogeymen and snakewomen.
"""

from actor import Actor


class Monster(Actor):
    """Base class of all monsters."""

    # Overridden by each subclass.
    NAME = "Monster"
    SYMBOL = "M"

    def display_name(self):
        """Monsters are "the Goblin", "the Dragon", ... in attack messages."""
        return "the " + self.NAME

    def symbol(self):
        """Return the monster's letter on the map."""
        return self.SYMBOL

    def take_turn(self, dungeon, player):
        """Play one monster turn and return the message it produced (or None).

        A sleeping monster only sleeps off one turn; a monster next to the player
        attacks it; otherwise the monster moves as its kind does.
        """
        self.before_turn()
        if self.is_asleep():
            self.sleep_time -= 1
            return None
        if self.is_next_to(player):
            return self.attack(player)
        self.move(dungeon, player)
        return None

    def before_turn(self):
        """Hook run before each turn (dragons regain hit points here)."""

    def move(self, dungeon, player):
        """Move according to the monster's kind; the base monster stays put."""

    def dropped_item(self):
        """Return the object the monster drops when it dies, or None (kind-specific)."""
        return None

    def smells_by_distance(self, player, smell_range):
        """Return True if the player is within ``smell_range`` steps, ignoring walls."""
        return abs(self.row - player.row) + abs(self.col - player.col) <= smell_range

    def step_toward(self, dungeon, player, smell_range):
        """Bogeyman/snakewoman movement: if the player is smelt, take one step that brings
        the monster closer to the player's row or column, when such a step is free.

        The monster never steps away from the player's row or column, and does not
        look for a way around an obstacle.
        """
        if not self.smells_by_distance(player, smell_range):
            return
        candidates = []
        if player.row != self.row:
            candidates.append((self.row + (1 if player.row > self.row else -1), self.col))
        if player.col != self.col:
            candidates.append((self.row, self.col + (1 if player.col > self.col else -1)))
        for row, col in candidates:
            if dungeon.is_free_for_actor(row, col):
                self.row, self.col = row, col
                return
