"""Monster.py: the base class of the four kinds of monster."""

from Actor import Actor


def _sign(n):
    """Return -1, 0 or 1 according to the sign of n."""
    return (n > 0) - (n < 0)


class Monster(Actor):
    """A monster: an Actor that takes a turn after each player command.

    On its turn a sleeping monster only sleeps off one move; an awake monster
    next to the player attacks it, and otherwise moves the way its kind moves
    (the move() method each subclass overrides). When it dies it may leave an
    item behind (the dropItem() method each subclass overrides).
    """

    def __init__(self, dungeon, row, col, hitPoints, weapon, armor, strength, dexterity):
        Actor.__init__(self, dungeon, row, col, hitPoints, weapon, armor, strength, dexterity)

    def name(self):
        """Monsters are named 'the Goblin', 'the Dragon', ..."""
        return "the " + self.kind()

    def kind(self):
        """Return the kind of monster, e.g. 'Goblin' (overridden)."""
        raise NotImplementedError

    def takeTurn(self, player):
        """Do this monster's turn and return the list of messages it produced."""
        if self.isAsleep():
            self.decreaseSleep()
            return []
        if self.isNextTo(player):
            return [self.attack(player)]
        self.move(player)
        return []

    def move(self, player):
        """Move toward the player if this kind of monster wants to (default: stay)."""
        pass

    def dropItem(self):
        """Return the GameObject left behind when the monster dies, or None."""
        return None

    # ----- helpers used by subclasses -----

    def canMoveTo(self, row, col):
        """Return True if the spot is neither a wall nor occupied by an actor."""
        dungeon = self.m_dungeon
        if dungeon.isWall(row, col) or dungeon.monsterAt(row, col) is not None:
            return False
        player = dungeon.player()
        return not (player.row() == row and player.col() == col)

    def stepTowardRowOrColumn(self, player, smellDistance):
        """The simple chase of bogeymen and snakewomen.

        If the player is within smellDistance steps ignoring walls and monsters,
        take one step toward the player's row or the player's column if that spot
        is free, never away from them; otherwise stay.
        """
        rowGap = player.row() - self.m_row
        colGap = player.col() - self.m_col
        if abs(rowGap) + abs(colGap) > smellDistance:
            return
        choices = []
        if rowGap != 0:
            choices.append((self.m_row + _sign(rowGap), self.m_col))
        if colGap != 0:
            choices.append((self.m_row, self.m_col + _sign(colGap)))
        for row, col in choices:
            if self.canMoveTo(row, col):
                self.setPosition(row, col)
                return
