"""Find a way through an acorn maze: ``python3 solver.py <filename> <mode>``, mode BFS or DFS.

The solver turns the grid into a compact move table (MazeModel), then searches the game's
states breadth first (a shortest path) or depth first (some path) in ``solve``, where the
state, the visited set and the cost are explained. It prints ``Path has N moves.`` and the
path, or ``There is no possible path.``. This file and run.py are the only ones that print.

>>> from game_parser import parse
>>> solve(parse(["*X*", "* *", "*Y*"]), True)
['s', 's']
"""

import sys

from cells import End, Fire, Teleport, Wall, Water
from game_parser import read_lines
from grid import cell_at, find_start
from player import DOWN, LEFT, MOVE_OFFSETS, RIGHT, UP, WAIT

USAGE = "Usage: python3 solver.py <filename> <mode>"
BREADTH_FIRST = "BFS"
DEPTH_FIRST = "DFS"
UNKNOWN_MODE_MESSAGE = "Unknown mode {}: expected BFS or DFS."
PATH_LENGTH_LINE = "Path has {} moves."
PATH_LINE = "Path: {}"
NO_PATH_MESSAGE = "There is no possible path."
MOVE_SEPARATOR = ", "
ERROR_EXIT_STATUS = 1

# The order moves are tried in; it only decides between equally good paths.
MOVE_ORDER = (UP, LEFT, DOWN, RIGHT, WAIT)
MOVE_COUNT = len(MOVE_ORDER)
# Markers in the move table and the search; real squares, items and states are never negative.
GOAL = -1
NO_ITEM = -1
NO_PARENT = -1
BURNT = -1


class MazeModel:
    """The grid compiled into a move table over numbered squares, for fast searching.

    Square ``row * width + col`` has a tuple of moves ``(move index, target square, item)``:
    moves into walls or off the grid are left out (they change nothing), a move onto a
    teleport pad targets the other pad, a move onto Y targets ``GOAL``, and ``item`` is the
    bit number of the water or fire cell entered (``NO_ITEM`` for any other cell). Waiting is
    listed only on teleport pads, the one place where it does something.
    """

    def __init__(self, grid: list) -> None:
        """Compile ``grid`` (from game_parser.parse) into the move table."""
        self.width = max(len(row) for row in grid)
        self.square_count = len(grid) * self.width
        self.start = self.square(*find_start(grid))
        self._item_bits = {}
        self.water_items = 0
        self.moves = [self._moves_from(grid, row, col)
                      for row in range(len(grid)) for col in range(self.width)]

    def square(self, row: int, col: int) -> int:
        """Return the number of the square at ``row``, ``col``."""
        return row * self.width + col

    def _moves_from(self, grid: list, row: int, col: int) -> tuple:
        """Return the useful moves, as (move index, target, item), from the cell at row, col."""
        here = cell_at(grid, row, col)
        if isinstance(here, (Wall, End)):
            return ()
        moves = []
        for move_index, move in enumerate(MOVE_ORDER):
            if move == WAIT:
                if isinstance(here, Teleport):
                    moves.append((move_index, self.square(*here.destination()), NO_ITEM))
                continue
            row_change, col_change = MOVE_OFFSETS[move]
            target_row, target_col = row + row_change, col + col_change
            target = cell_at(grid, target_row, target_col)
            if isinstance(target, Wall):
                continue
            if isinstance(target, End):
                moves.append((move_index, GOAL, NO_ITEM))
            elif isinstance(target, Teleport):
                moves.append((move_index, self.square(*target.destination()), NO_ITEM))
            else:
                item = self._item_bit(target, target_row, target_col)
                moves.append((move_index, self.square(target_row, target_col), item))
        return tuple(moves)

    def _item_bit(self, cell, row: int, col: int) -> int:
        """Return the bit number of the water or fire ``cell`` at row, col, else ``NO_ITEM``."""
        if not isinstance(cell, (Water, Fire)):
            return NO_ITEM
        if (row, col) not in self._item_bits:
            bit = len(self._item_bits)
            self._item_bits[(row, col)] = bit
            if isinstance(cell, Water):
                self.water_items |= 1 << bit
        return self._item_bits[(row, col)]


class Layers:
    """Numbers the sets of used-up water and fire cells met during a search.

    A set is a bit mask over the model's items; layer 0 is the empty set. Each layer also
    knows how many buckets the acorn holds in it: waters taken minus fires put out.
    """

    def __init__(self, water_items: int) -> None:
        """Start with the empty set only; ``water_items`` is the mask of the water bits."""
        self._water_items = water_items
        self._layer_of_mask = {0: 0}
        self._masks = [0]
        self._buckets = [0]

    def after(self, layer: int, item: int) -> int:
        """Return the layer after entering ``item`` in ``layer``, or ``BURNT`` with no bucket.

        An item already used up is air, so the layer stays the same.
        """
        mask = self._masks[layer]
        bit = 1 << item
        if mask & bit:
            return layer
        if self._water_items & bit:
            buckets = self._buckets[layer] + 1
        elif self._buckets[layer] == 0:
            return BURNT
        else:
            buckets = self._buckets[layer] - 1
        return self._number(mask | bit, buckets)

    def _number(self, mask: int, buckets: int) -> int:
        """Return the layer of ``mask``, numbering it (with its ``buckets``) if it is new."""
        if mask not in self._layer_of_mask:
            self._layer_of_mask[mask] = len(self._masks)
            self._masks.append(mask)
            self._buckets.append(buckets)
        return self._layer_of_mask[mask]


def solve(grid: list, breadth_first: bool) -> "list[str] | None":
    """Return a list of moves from X to Y on ``grid``, or None when there is no way through.

    With ``breadth_first`` the path is a shortest one; otherwise it is any path found by
    depth-first search.
    """
    # State: the acorn's square plus the set of water cells already emptied and fire cells
    # already put out. The buckets in hand follow from that set (waters taken minus fires put
    # out), so the pair is the whole game state: reaching one square with different sets gives
    # different states, because what lies ahead differs. A state is one int,
    # layer * square_count + square, where Layers numbers each set met so far; small ints hash
    # fast and take little memory.
    # Visited set: `parent` maps every state ever put on the frontier to the link that first
    # reached it, parent state * MOVE_COUNT + move index. A state is never queued twice, and
    # walking the links back from the goal gives the path, so no state carries a path copy.
    # Cost: each state is queued and expanded at most once, trying at most five moves, so time
    # and memory are O(S) for the S reachable states. S is at most squares * 2^(waters + fires)
    # but far smaller in practice, since a fire can only be crossed with a bucket in hand.
    model = MazeModel(grid)
    layers = Layers(model.water_items)
    square_count = model.square_count
    moves = model.moves
    parent = {model.start: NO_PARENT}
    frontier = [model.start]
    head = 0
    while head < len(frontier):
        # The only difference between the modes: BFS takes the oldest state, so states leave
        # in order of moves made and the first move onto Y ends a shortest path; DFS takes the
        # newest and runs deep first.
        if breadth_first:
            state = frontier[head]
            head += 1
        else:
            state = frontier.pop()
        layer, square = divmod(state, square_count)
        for move_index, target, item in moves[square]:
            next_layer = layer if item == NO_ITEM else layers.after(layer, item)
            if next_layer == BURNT:
                continue
            if target == GOAL:
                return path_to(parent, state, move_index)
            next_state = next_layer * square_count + target
            if next_state not in parent:
                parent[next_state] = state * MOVE_COUNT + move_index
                frontier.append(next_state)
    return None


def path_to(parent: dict, state: int, last_move: int) -> list:
    """Return the moves from the start to ``state`` (by ``parent`` links), then ``last_move``."""
    path = [MOVE_ORDER[last_move]]
    link = parent[state]
    while link != NO_PARENT:
        state, move_index = divmod(link, MOVE_COUNT)
        path.append(MOVE_ORDER[move_index])
        link = parent[state]
    path.reverse()
    return path


def main() -> None:
    """Check the command line, load the board, solve it and print the result.

    Exits with status 1 on a usage error, an unknown mode or a bad board file.
    """
    if len(sys.argv) < 3:
        print(USAGE)
        sys.exit(ERROR_EXIT_STATUS)
    filename, mode = sys.argv[1], sys.argv[2].upper()
    if mode not in (BREADTH_FIRST, DEPTH_FIRST):
        print(UNKNOWN_MODE_MESSAGE.format(sys.argv[2]))
        sys.exit(ERROR_EXIT_STATUS)
    try:
        grid = read_lines(filename)
    except ValueError as err:
        print(err)
        sys.exit(ERROR_EXIT_STATUS)
    path = solve(grid, mode == BREADTH_FIRST)
    if path is None:
        print(NO_PATH_MESSAGE)
    else:
        print(PATH_LENGTH_LINE.format(len(path)))
        print(PATH_LINE.format(MOVE_SEPARATOR.join(path)))


if __name__ == "__main__":
    main()
