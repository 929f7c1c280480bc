"""Find a way through an acorn maze: ``python3 solver.py <filename> <mode>``, mode BFS or DFS.

``solve`` searches the game's states breadth first (a shortest path) or depth first (some
path). It never decides what a cell does: for every move it puts a Game in the state being
explored, makes the move and reads the state the game ends up in, so the rules stay in
cells.py alone. It prints ``Path has N moves.`` and the path, or ``There is no possible
path.``. This file and run.py are the only ones that print.

>>> from game_parser import parse
>>> solve(parse(["*X*", "* *", "*Y*"]), True)
['s', 's']
"""

import sys

from game import Game
from game_parser import read_lines
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
# The command line: the program, the board file and the mode.
ARGUMENT_COUNT = 3
# Arguments after the spec's are ignored (CLARIFICATIONS, acorn usage), said on stderr so that
# what the solver prints stays the spec's.
IGNORED_ARGUMENTS = "Ignoring extra arguments: {}"
HELP_OPTIONS = ("-h", "--help")

# The order moves are tried in; it only decides between equally good paths.
MOVE_ORDER = (UP, LEFT, DOWN, RIGHT, WAIT)


def solve(grid: list, breadth_first: bool):
    """Return a list of moves from X to Y on ``grid``, or None when there is no way through.

    With ``breadth_first`` the path is a shortest one; otherwise it is any path found by
    depth-first search.
    """
    # State: the acorn's square, the buckets it holds and the water and fire cells used up
    # (Game.state). The square alone is not enough: the same square with a bucket in hand, or
    # with a fire already put out, has a different way ahead.
    # Visited set: `parent` maps every state ever put on the frontier to the state and move
    # that first reached it. A state is never queued twice, and following the links back from
    # the goal gives the path, so no state carries a copy of its path.
    # Cost: each state is queued and expanded at most once, trying five moves, so time and
    # memory grow with the number S of reachable states: at most squares * 2^(waters + fires)
    # but far fewer in practice, since a fire can only be crossed with a bucket in hand.
    game = Game(grid)
    start = game.state()
    parent = {start: None}
    frontier = [start]
    head = 0  # BFS reads the frontier from here on, instead of removing from its front
    while head < len(frontier):
        # The only difference between the modes: BFS takes the oldest state, so states leave
        # in order of moves made and the first move onto Y ends a shortest path; DFS takes the
        # newest and runs deep first.
        if breadth_first:
            state = frontier[head]
            head += 1
        else:
            state = frontier.pop()
        for move in MOVE_ORDER:
            game.restore(state)
            game.game_move(move)
            if game.is_won():
                return path_to(parent, state) + [move]
            if game.is_lost():
                continue
            next_state = game.state()
            # A wall, or waiting on plain ground, leads back to `state`, which is known.
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

    ``-h`` or ``--help`` prints the usage line. Exits with status 1 when the arguments are
    missing, the mode is unknown or the board file is bad. Arguments after the board and the
    mode are ignored, with a line on stderr.
    """
    if len(sys.argv) > 1 and sys.argv[1] in HELP_OPTIONS:
        print(USAGE)
        sys.exit()
    if len(sys.argv) < ARGUMENT_COUNT:
        print(USAGE)
        sys.exit(ERROR_EXIT_STATUS)
    if len(sys.argv) > ARGUMENT_COUNT:
        print(IGNORED_ARGUMENTS.format(" ".join(sys.argv[ARGUMENT_COUNT:])), file=sys.stderr)
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
