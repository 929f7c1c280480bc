"""
cells.py - every kind of cell that can appear in the maze.

Every cell has a ``display`` attribute (the character used to draw it) and a
``step(game)`` method.  ``step`` is called by the Game whenever the player
lands on (or waits on) the cell.  It may change the game and returns the
message that should be shown to the user, or None when there is nothing to
say.

The cells share a small base class so that the default behaviour ("nothing
happens") only has to be written once; each special cell overrides step().
"""

WALL_MESSAGE = "You walked into a wall. Oof!"
WATER_MESSAGE = ("Thank the Honourable Furious Forest, "
                 "you've found a bucket of water!")
FIRE_OUT_MESSAGE = ("With your strong acorn arms, you throw a water bucket "
                    "at the fire. You acorn roll your way through the "
                    "extinguished flames!")
FIRE_DEATH_MESSAGE = ("You step into the fires and watch your dreams "
                      "disappear :(.")
TELEPORT_MESSAGE = ("Whoosh! The magical gates break Physics as we know it "
                    "and opens a wormhole through space and time.")


class Cell:
    """Base class of all cells: a cell that does nothing when stepped on."""

    def __init__(self, display):
        self.display = display

    def step(self, game):
        """Default behaviour: nothing happens and there is no message."""
        return None


class Start(Cell):
    """The starting cell 'X'. It behaves exactly like air."""

    def __init__(self):
        super().__init__('X')


class End(Cell):
    """The goal cell 'Y'. Stepping onto it wins the game."""

    def __init__(self):
        super().__init__('Y')

    def step(self, game):
        game.won = True
        return None


class Air(Cell):
    """An empty space ' ' the player can walk through freely."""

    def __init__(self):
        super().__init__(' ')


class Wall(Cell):
    """A wall '*': the player bounces back to where they came from."""

    def __init__(self):
        super().__init__('*')

    def step(self, game):
        game.push_back()
        return WALL_MESSAGE


class Fire(Cell):
    """A fire 'F': put out with a bucket of water, otherwise it is deadly."""

    def __init__(self):
        super().__init__('F')

    def step(self, game):
        player = game.player
        if player.num_water_buckets > 0:
            player.num_water_buckets -= 1
            # The fire is out: from now on this square is plain air.
            game.replace_cell(player.row, player.col, Air())
            return FIRE_OUT_MESSAGE
        game.lost = True
        return FIRE_DEATH_MESSAGE


class Water(Cell):
    """A water bucket 'W': picked up once, then the square is plain air."""

    def __init__(self):
        super().__init__('W')

    def step(self, game):
        player = game.player
        player.num_water_buckets += 1
        game.replace_cell(player.row, player.col, Air())
        return WATER_MESSAGE


class Teleport(Cell):
    """
    A teleport pad '1'-'9'.  Pads come in pairs; ``destination`` holds the
    (row, col) of the partner pad and is filled in by the parser.
    """

    def __init__(self, display='1', destination=None):
        super().__init__(display)
        self.destination = destination

    def step(self, game):
        game.player.row, game.player.col = self.destination
        return TELEPORT_MESSAGE
