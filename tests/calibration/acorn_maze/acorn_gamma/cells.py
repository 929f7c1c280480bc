"""Cell kinds of the acorn maze.

Every cell has a one-character ``display`` attribute (the character used in
the configuration file and when the grid is drawn) and a ``step(game)``
method.  ``step`` is called when the player lands on the cell (or waits on
it); it changes the game as the cell requires and returns the message to
show to the user, or None when there is nothing to say.
"""

WALL_MESSAGE = "You walked into a wall. Oof!"
WATER_MESSAGE = ("Thank the Honourable Furious Forest, "
                 "you've found a bucket of water!")
EXTINGUISH_MESSAGE = ("With your strong acorn arms, you throw a water bucket "
                      "at the fire. You acorn roll your way through the "
                      "extinguished flames!")
BURNT_MESSAGE = "You step into the fires and watch your dreams disappear :(."
TELEPORT_MESSAGE = ("Whoosh! The magical gates break Physics as we know it "
                    "and opens a wormhole through space and time.")


class Start:
    """The starting cell 'X'. Behaves exactly like air."""

    def __init__(self):
        self.display = 'X'

    def step(self, game):
        return None


class End:
    """The goal cell 'Y'. Reaching it wins the game."""

    def __init__(self):
        self.display = 'Y'

    def step(self, game):
        game.status = 'won'
        return None


class Air:
    """An empty cell ' '. Nothing happens here."""

    def __init__(self):
        self.display = ' '

    def step(self, game):
        return None


class Wall:
    """A wall cell '*'. The player is pushed back to where they came from."""

    def __init__(self):
        self.display = '*'

    def step(self, game):
        game.player.row = game.previous_row
        game.player.col = game.previous_col
        return WALL_MESSAGE


class Water:
    """A water bucket 'W'. Gives the player a bucket, then becomes air."""

    def __init__(self):
        self.display = 'W'

    def step(self, game):
        game.player.num_water_buckets += 1
        game.grid[game.player.row][game.player.col] = Air()
        return WATER_MESSAGE


class Fire:
    """A fire 'F'. Needs a water bucket to pass, otherwise the game is lost."""

    def __init__(self):
        self.display = 'F'

    def step(self, game):
        if game.player.num_water_buckets > 0:
            game.player.num_water_buckets -= 1
            game.grid[game.player.row][game.player.col] = Air()
            return EXTINGUISH_MESSAGE
        game.status = 'lost'
        return BURNT_MESSAGE


class Teleport:
    """A teleport pad '1'..'9'.

    ``partner`` is the (row, col) of the other pad with the same number; it
    is filled in by the parser once both pads have been found.
    """

    def __init__(self, number):
        self.display = str(number)
        self.partner = None

    def step(self, game):
        game.player.row, game.player.col = self.partner
        return TELEPORT_MESSAGE
