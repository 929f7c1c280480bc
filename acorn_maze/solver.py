"""Find a way through an acorn maze: ``python3 solver.py <filename> <mode>``, mode BFS or DFS.

The solver never decides what a cell does: it asks a Game. ``MoveTable`` tries each move
from each square the search reaches in a probe Game and remembers where the acorn ended up
and whether a bucket was gained or used, so the rules stay in cells.py alone. ``solve`` then
searches the game's states breadth first (a shortest path) or depth first (some path); the
state, the visited set and the cost are explained there. It prints ``Path has N moves.`` and
the path, or ``There is no possible path.``. This file and run.py are the only ones that print.

>>> from game_parser import parse
>>> solve(parse(["*X*", "* *", "*Y*"]), True)
['s', 's']
"""

import sys

from game import Game
from game_parser import read_lines
from grid import find_start
from player import DOWN, LEFT, RIGHT, UP, WAIT

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
# Where a winning move leads, and the item of a move that enters no water or fire.
GOAL = None
NO_ITEM = None
# The acorn carries one bucket while a move is tried, so a fire shows what it takes.
PROBE_BUCKETS = 1


class MoveTable:
    """What each move does from each square, learnt by trying it in a Game.

    A move from a square leads to a target square (``GOAL`` for a win) and may enter an item:
    a cell that gives the acorn a bucket (water) or takes one (fire) and is then used up. The
    first time the search asks about a square, each move is tried from it in the probe game;
    moves that leave the acorn where it was without changing anything (a wall, waiting on
    plain ground) are left out. An item is used up in the probe the first time a move enters
    it, so the table remembers every item it has met and knows it again later.
    """

    def __init__(self, grid: list) -> None:
        """Prepare to learn the moves of ``grid`` (from game_parser.parse)."""
        self._grid = grid
        self._probe = Game(grid)
        self._moves = {}
        self._gives_bucket = {}

    def moves_from(self, square: tuple) -> list:
        """Return the useful moves from ``square`` as (move, target, item) triples.

        ``item`` is the (row, col) of the water or fire cell entered, or ``NO_ITEM``.
        """
        if square not in self._moves:
            outcomes = [self._try(square, move) for move in MOVE_ORDER]
            self._moves[square] = [outcome for outcome in outcomes if outcome is not None]
        return self._moves[square]

    def gives_bucket(self, item: tuple) -> bool:
        """Return True if entering ``item`` (met in a move) gives a bucket; False: it takes one."""
        return self._gives_bucket[item]

    def _try(self, square: tuple, move: str):
        """Return (move, target, item) for ``move`` from ``square``, or None if it does nothing."""
        self._probe.place_acorn(square[0], square[1], PROBE_BUCKETS)
        self._probe.game_move(move)
        target = self._probe.player_position()
        change = self._probe.bucket_count() - PROBE_BUCKETS
        if self._probe.is_won():
            self._probe = Game(self._grid)  # a finished game takes no more moves
            return (move, GOAL, NO_ITEM)
        if target in self._gives_bucket:
            return (move, target, target)  # an item met before: plain ground in the probe now
        if change == 0:
            if target == square:
                return None
            return (move, target, NO_ITEM)
        self._gives_bucket[target] = change > 0
        return (move, target, target)


class UsedSets:
    """Numbers the sets of used-up water and fire cells that a search meets.

    A state holds its set's number instead of the set: numbers are small, quick to hash and
    shared by every state with the same set. Number 0 is the empty set.
    """

    def __init__(self, table: MoveTable) -> None:
        """Start with the empty set; ``table`` tells water (gives a bucket) from fire."""
        self._table = table
        self._sets = [frozenset()]
        self._buckets = [0]
        self._number_of = {frozenset(): 0}
        self._after = {}

    def after(self, number: int, item: tuple):
        """Return the number of the set after entering ``item``, or None if the acorn burns.

        An item already used up is plain ground, so the set stays the same.
        """
        if (number, item) not in self._after:
            self._after[(number, item)] = self._enter(number, item)
        return self._after[(number, item)]

    def _enter(self, number: int, item: tuple):
        """Work out ``after(number, item)``: the set grows and the buckets change."""
        used, buckets = self._sets[number], self._buckets[number]
        if item in used:
            return number
        if self._table.gives_bucket(item):
            buckets += 1
        elif buckets == 0:
            return None  # a fire without a bucket ends the game
        else:
            buckets -= 1
        grown = used | {item}
        if grown not in self._number_of:
            self._number_of[grown] = len(self._sets)
            self._sets.append(grown)
            self._buckets.append(buckets)
        return self._number_of[grown]


def solve(grid: list, breadth_first: bool):
    """Return a list of moves from X to Y on ``grid``, or None when there is no way through.

    With ``breadth_first`` the path is a shortest one; otherwise it is any path found by
    depth-first search.
    """
    # State: the acorn's square and the set of water and fire cells already used up (by its
    # number in UsedSets). The buckets in hand follow from that set (waters taken minus fires
    # put out), so the pair is the whole game state: one square reached with different sets
    # gives different states, because what lies ahead differs.
    # Visited set: `parent` maps every state ever put on the frontier to the state and move
    # that first reached it. A state is never queued twice, and following the links back from
    # the goal gives the path, so no state carries a copy of its path.
    # Cost: each state is queued and expanded at most once, trying at most five moves, so time
    # and memory are O(S) for the S reachable states. S is at most squares * 2^(waters + fires)
    # but far smaller in practice, since a fire can only be crossed with a bucket in hand.
    table = MoveTable(grid)
    used_sets = UsedSets(table)
    start = (find_start(grid), 0)
    parent = {start: None}
    frontier = [start]
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
        square, used = state
        for move, target, item in table.moves_from(square):
            if target == GOAL:
                return path_to(parent, state) + [move]
            next_used = used if item is NO_ITEM else used_sets.after(used, item)
            if next_used is None:
                continue
            next_state = (target, next_used)
            if next_state not in parent:
                parent[next_state] = (state, move)
                frontier.append(next_state)
    return None


def path_to(parent: dict, state: tuple) -> list:
    """Return the moves from the start to ``state``, following the ``parent`` links back."""
    path = []
    while parent[state] is not None:
        state, move = parent[state]
        path.append(move)
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
