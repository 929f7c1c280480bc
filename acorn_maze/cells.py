"""The cells of the acorn maze: what each map character stands for and what entering it does.

The parser (game_parser.py) turns every character of a board file into one of the classes
below. Each cell has a ``display`` character, which grid.grid_to_string draws, and a
``step(game)`` method, which the Game calls when the acorn enters the cell or waits on it.
``step`` changes the game only through the Game's methods and returns the message to show the
player, or ``NO_MESSAGE`` when there is nothing to say.

>>> Wall().display, Water().display, Teleport("3").display
('*', 'W', '3')
"""

AIR_CHAR = " "
START_CHAR = "X"
END_CHAR = "Y"
WALL_CHAR = "*"
WATER_CHAR = "W"
FIRE_CHAR = "F"
# Teleport pads are the digits 1 to 9; 0 is not a pad.
TELEPORT_CHARS = "123456789"

NO_MESSAGE = ""
WALL_MESSAGE = "You walked into a wall. Oof!"
WATER_MESSAGE = "Thank the Honourable Furious Forest, you've found a bucket of water!"
FIRE_MESSAGE = ("With your strong acorn arms, you throw a water bucket at the fire. "
                "You acorn roll your way through the extinguished flames!")
BURNT_MESSAGE = "You step into the fires and watch your dreams disappear :(."
TELEPORT_MESSAGE = ("Whoosh! The magical gates break Physics as we know it and opens a "
                    "wormhole through space and time.")


class Cell:
    """A square of the maze that the acorn can stand on without anything happening."""

    def __init__(self, display: str) -> None:
        """Create a cell drawn as the one-character string ``display``."""
        self.display = display

    def step(self, game) -> str:
        """Apply the effect of entering this cell to ``game`` (a Game) and return the message.

        A plain cell has no effect and returns ``NO_MESSAGE``.
        """
        return NO_MESSAGE

    def __repr__(self) -> str:
        """Return the constructor call that rebuilds this cell, e.g. ``Wall()``."""
        return type(self).__name__ + "()"


class Air(Cell):
    """An empty square; used water and extinguished fire also become air."""

    def __init__(self) -> None:
        """Create an air cell, drawn as a space."""
        super().__init__(AIR_CHAR)


class Start(Cell):
    """The starting square: behaves like air but stays drawn as ``X``."""

    def __init__(self) -> None:
        """Create the start cell."""
        super().__init__(START_CHAR)


class End(Cell):
    """The goal square: entering it wins the game."""

    def __init__(self) -> None:
        """Create the end cell."""
        super().__init__(END_CHAR)

    def step(self, game) -> str:
        """Mark ``game`` as won and return ``NO_MESSAGE`` (run.py prints the victory text)."""
        game.win()
        return NO_MESSAGE


class Wall(Cell):
    """A wall; the grid's outside counts as wall too."""

    def __init__(self) -> None:
        """Create a wall cell."""
        super().__init__(WALL_CHAR)

    def step(self, game) -> str:
        """Push the acorn in ``game`` back to where it came from and return the wall message.

        The push-back cancels the move: it is not counted and no cell is entered again.
        """
        game.push_back()
        return WALL_MESSAGE


class Water(Cell):
    """A bucket of water, picked up by entering the cell."""

    def __init__(self) -> None:
        """Create a water cell."""
        super().__init__(WATER_CHAR)

    def step(self, game) -> str:
        """Give the acorn in ``game`` a bucket, turn this cell into air, return the message."""
        game.give_bucket()
        game.clear_cell()
        return WATER_MESSAGE


class Fire(Cell):
    """A fire: entering it costs a bucket of water, or the game when there is none."""

    def __init__(self) -> None:
        """Create a fire cell."""
        super().__init__(FIRE_CHAR)

    def step(self, game) -> str:
        """Put the fire out with one of the acorn's buckets, or lose ``game`` without one.

        Returns the extinguishing message (the cell becomes air) or the burning message.
        """
        if not game.has_bucket():
            game.lose()
            return BURNT_MESSAGE
        game.use_bucket()
        game.clear_cell()
        return FIRE_MESSAGE


class Teleport(Cell):
    """One pad of a teleport pair; entering it, or waiting on it, moves the acorn to the other.

    >>> pad = Teleport("1")
    >>> pad.link(4, 7)
    >>> pad.destination()
    (4, 7)
    """

    def __init__(self, pad: str) -> None:
        """Create the pad drawn as the digit ``pad``; ``link`` sets its destination later."""
        super().__init__(pad)
        self._destination = None

    def link(self, row: int, col: int) -> None:
        """Make the pad at ``row``, ``col`` this pad's destination."""
        self._destination = (row, col)

    def destination(self) -> tuple:
        """Return the (row, col) of the matching pad."""
        assert self._destination is not None, "teleport pad used before it was linked"
        return self._destination

    def step(self, game) -> str:
        """Move the acorn in ``game`` to the matching pad and return the teleport message."""
        game.teleport_player(*self.destination())
        return TELEPORT_MESSAGE

    def __repr__(self) -> str:
        """Return the constructor call that rebuilds this pad, e.g. ``Teleport('1')``."""
        return "Teleport({!r})".format(self.display)
