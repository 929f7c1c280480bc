"""
cells.py

A maze is made of Cell objects.  Instead of one class per kind of cell, every
cell is a Cell with a ``kind`` (a word saying what it is) and a ``display``
(the character used when the grid is drawn).  What happens when the acorn
steps on a cell is decided in Game.move() by looking at the kind.
"""

# letter in the configuration file -> kind of cell
KINDS = {
    'X': 'start',
    'Y': 'end',
    ' ': 'air',
    '*': 'wall',
    'W': 'water',
    'F': 'fire',
}
TELEPORT_PADS = '123456789'


class Cell:
    """
    One square of the maze.

    kind    -- 'start', 'end', 'air', 'wall', 'water', 'fire' or 'teleport'
    display -- character drawn for the cell
    pair    -- for a teleport pad, the (row, col) of the matching pad
    """

    def __init__(self, kind, display, pair=None):
        self.kind = kind
        self.display = display
        self.pair = pair

    def make_air(self):
        """Used up water / put out fire: the cell becomes an air cell."""
        self.kind = 'air'
        self.display = ' '
