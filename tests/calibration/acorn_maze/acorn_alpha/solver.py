"""
solver.py - finds a way through the maze.

Usage: python3 solver.py <filename> <mode>      (mode is BFS or DFS)

The solver plays copies of a Game: every state of the search is a Game
object, and a move is tried by copying the game and playing the move on the
copy.  Two games are the same search state when the acorn is on the same
square with the same number of buckets and the same water/fire cells have
been used up.
"""
import sys

from game import Game

# Order in which moves are tried.  Down and right first, as the goal is
# usually below/right of the start; 'e' only matters on a teleport pad.
MOVES = ('s', 'd', 'a', 'w', 'e')


def state_of(game):
    """The part of a game that matters for the search."""
    return (game.player.row, game.player.col,
            game.player.num_water_buckets, frozenset(game.used))


def try_move(game, move):
    """
    Play ``move`` on a copy of ``game``.  Returns the new game, or None if
    the move is pointless (a wall bump) or kills the acorn.
    """
    new_game = game.copy()
    new_game.game_move(move)
    if len(new_game.moves) == len(game.moves) or new_game.lost:
        return None
    return new_game


def bfs(start):
    """Breadth first search: returns a shortest list of moves, or None."""
    if start.won:
        return start.moves
    queue = [start]
    visited = {state_of(start)}
    head = 0
    while head < len(queue):
        game = queue[head]
        head += 1
        for move in MOVES:
            new_game = try_move(game, move)
            if new_game is None:
                continue
            if new_game.won:
                return new_game.moves
            state = state_of(new_game)
            if state not in visited:
                visited.add(state)
                queue.append(new_game)
    return None


def dfs(game, visited):
    """Depth first search (recursive): returns a list of moves, or None."""
    if game.won:
        return game.moves
    for move in MOVES:
        new_game = try_move(game, move)
        if new_game is None:
            continue
        state = state_of(new_game)
        if state in visited:
            continue
        visited.add(state)
        path = dfs(new_game, visited)
        if path is not None:
            return path
    return None


def solve(mode, filename):
    """Run the chosen search on the maze in ``filename``; list of moves or None."""
    start = Game(filename)
    if mode == 'BFS':
        return bfs(start)
    return dfs(start, {state_of(start)})


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[2].upper() not in ('BFS', 'DFS'):
        print("Usage: python3 solver.py <filename> <mode>")
        sys.exit()

    try:
        solution = solve(sys.argv[2].upper(), sys.argv[1])
    except ValueError as error:
        print(error)
        sys.exit(1)

    if solution is None:
        print("There is no possible path.")
    else:
        print("Path has {} moves.".format(len(solution)))
        print("Path: {}".format(', '.join(solution)))
