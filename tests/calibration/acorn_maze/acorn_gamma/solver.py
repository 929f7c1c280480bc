"""Solver for the acorn maze, in BFS or DFS mode.

Usage: python3 solver.py <filename> <mode>

A search state is the tuple (row, col, water_buckets, used) where ``used``
is a frozenset of the (row, col) of water and fire cells already used up
(they then behave like air).  Walking into walls and walking into a fire
with no bucket are never useful, so they are not generated.  Waiting ('e')
only does something on a teleport pad, so it is only tried there.
"""

import sys
from collections import deque

from game_parser import read_lines
from grid import find_cell, in_bounds
from player import DIRECTIONS
from cells import End, Wall, Water, Fire, Teleport

MOVE_ORDER = ['s', 'd', 'w', 'a', 'e']


def next_state(grid, state, move):
    """Return the state after making ``move`` from ``state``, or None if
    the move is pointless (wall, off the grid, wait on a normal cell) or
    deadly (fire without a bucket)."""
    row, col, buckets, used = state
    if move == 'e':
        cell = grid[row][col]
        if isinstance(cell, Teleport):
            new_row, new_col = cell.partner
            return (new_row, new_col, buckets, used)
        return None

    d_row, d_col = DIRECTIONS[move]
    new_row = row + d_row
    new_col = col + d_col
    if not in_bounds(grid, new_row, new_col):
        return None
    cell = grid[new_row][new_col]
    if isinstance(cell, Wall):
        return None
    if (new_row, new_col) in used:
        # used water or extinguished fire is now air
        return (new_row, new_col, buckets, used)
    if isinstance(cell, Water):
        return (new_row, new_col, buckets + 1, used | {(new_row, new_col)})
    if isinstance(cell, Fire):
        if buckets == 0:
            return None
        return (new_row, new_col, buckets - 1, used | {(new_row, new_col)})
    if isinstance(cell, Teleport):
        pad_row, pad_col = cell.partner
        return (pad_row, pad_col, buckets, used)
    return (new_row, new_col, buckets, used)


def is_goal(grid, state):
    """True if the state stands on the ending cell."""
    return isinstance(grid[state[0]][state[1]], End)


def start_state(grid):
    """The state at the start of the game."""
    row, col = find_cell(grid, 'X')
    return (row, col, 0, frozenset())


def bfs(grid):
    """Breadth first search.  Returns the shortest list of moves that
    reaches the goal, or None if there is none."""
    start = start_state(grid)
    parent = {start: None}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        for move in MOVE_ORDER:
            new = next_state(grid, state, move)
            if new is None or new in parent:
                continue
            parent[new] = (state, move)
            if is_goal(grid, new):
                return rebuild_path(parent, new)
            queue.append(new)
    return None


def rebuild_path(parent, state):
    """Follow the parent links back to the start to get the moves."""
    path = []
    while parent[state] is not None:
        state, move = parent[state]
        path.append(move)
    path.reverse()
    return path


def dfs(grid, state, visited, path):
    """Recursive depth first search from ``state``.  ``path`` holds the
    moves made so far; returns True once it leads to the goal."""
    visited.add(state)
    for move in MOVE_ORDER:
        new = next_state(grid, state, move)
        if new is None or new in visited:
            continue
        path.append(move)
        if is_goal(grid, new) or dfs(grid, new, visited, path):
            return True
        path.pop()
    return False


def count_open_cells(grid):
    """Number of cells that are not walls (a bound used for recursion)."""
    total = 0
    for row in grid:
        for cell in row:
            if not isinstance(cell, Wall):
                total += 1
    return total


def solve(grid, mode):
    """Solve the grid with 'BFS' or 'DFS'; returns the moves or None."""
    if mode == 'BFS':
        return bfs(grid)
    # the recursive DFS can go as deep as the number of states it visits,
    # which is more than Python's default limit of 1000 on big open boards
    sys.setrecursionlimit(10 * count_open_cells(grid) + 1000)
    path = []
    if dfs(grid, start_state(grid), set(), path):
        return path
    return None


def main():
    if len(sys.argv) < 3:
        print("Usage: python3 solver.py <filename> <mode>")
        sys.exit()
    mode = sys.argv[2].upper()
    if mode not in ('BFS', 'DFS'):
        print("Usage: python3 solver.py <filename> <mode>")
        sys.exit()

    try:
        grid = read_lines(sys.argv[1])
    except ValueError as error:
        print(error)
        sys.exit()

    path = solve(grid, mode)
    if path is None:
        print("There is no possible path.")
    else:
        print("Path has {} moves.".format(len(path)))
        print("Path: " + ", ".join(path))


if __name__ == "__main__":
    main()
