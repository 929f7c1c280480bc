"""The acorn itself."""


class Player:
    # command -> (row change, col change); 'e' waits where it stands
    OFFSETS = {'w': (-1, 0), 'a': (0, -1), 's': (1, 0), 'd': (0, 1), 'e': (0, 0)}

    def __init__(self, row=0, col=0):
        self.display = 'A'
        self.num_water_buckets = 0
        self._spot = (row, col)
        self._previous = (row, col)

    # row / col are views over the stored tuple
    @property
    def row(self):
        return self._spot[0]

    @row.setter
    def row(self, value):
        self._spot = (value, self._spot[1])

    @property
    def col(self):
        return self._spot[1]

    @col.setter
    def col(self, value):
        self._spot = (self._spot[0], value)

    def position(self):
        return self._spot

    def knows(self, command):
        return command in Player.OFFSETS

    def move(self, command):
        """Move one step for a command (w, a, s, d or e) and return the new spot."""
        d_row, d_col = Player.OFFSETS[command]
        self._previous = self._spot
        self._spot = (self._spot[0] + d_row, self._spot[1] + d_col)
        return self._spot

    def step_back(self):
        """Undo the last move (used when bumping into a wall)."""
        self._spot = self._previous

    def jump_to(self, spot):
        self._spot = spot

    def add_bucket(self):
        self.num_water_buckets += 1

    def spend_bucket(self):
        self.num_water_buckets -= 1
