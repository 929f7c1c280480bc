"""The cells of the acorn maze.

Every cell has a ``display`` character and a ``step(game)`` method.  Stepping
never raises: it returns a pair ``(outcome, message)`` where ``outcome`` is one
of the constants below and ``message`` is the text to show (or None).
"""

OK = "ok"
WALL = "wall"
WIN = "win"
LOSE = "lose"
INVALID = "invalid"

MSG_WALL = "You walked into a wall. Oof!"
MSG_WATER = "Thank the Honourable Furious Forest, you've found a bucket of water!"
MSG_FIRE_OUT = "With your strong acorn arms, you throw a water bucket at the fire. You acorn roll your way through the extinguished flames!"
MSG_FIRE_DEATH = "You step into the fires and watch your dreams disappear :(."
MSG_TELEPORT = "Whoosh! The magical gates break Physics as we know it and opens a wormhole through space and time."
MSG_INVALID = "Please enter a valid move (w, a, s, d, e, q)."


class Start:
    """The starting cell: behaves like air but keeps drawing as X."""

    def __init__(self, display='X'):
        self.display = display

    def step(self, game):
        return OK, None


class End:
    """The goal cell: reaching it wins."""

    def __init__(self, display='Y'):
        self.display = display

    def step(self, game):
        return WIN, None


class Air:
    def __init__(self, display=' '):
        self.display = display

    def step(self, game):
        return OK, None


class Wall:
    """Walls (and everything outside the board) push the player back."""

    def __init__(self, display='*'):
        self.display = display

    def step(self, game):
        game.player.step_back()
        return WALL, MSG_WALL


class Water:
    def __init__(self, display='W'):
        self.display = display

    def step(self, game):
        game.player.add_bucket()
        game.board.use_up(game.player.position())
        return OK, MSG_WATER


class Fire:
    def __init__(self, display='F'):
        self.display = display

    def step(self, game):
        if game.player.num_water_buckets > 0:
            game.player.spend_bucket()
            game.board.use_up(game.player.position())
            return OK, MSG_FIRE_OUT
        return LOSE, MSG_FIRE_DEATH


class Teleport:
    """A numbered pad; the board knows where its twin is."""

    def __init__(self, display='1'):
        self.display = display

    def step(self, game):
        here = game.player.position()
        game.player.jump_to(game.board.partner_of(here))
        return OK, MSG_TELEPORT
