"""
solver.py - solves a maze with breadth first search (BFS) or depth first
search (DFS).

    python3 solver.py <filename> <mode>

A search state is the tuple (row, col, buckets, used, path):
the acorn's square, the number of water buckets it holds, the frozenset of
water/fire cells already used up and the moves that led there.  To find the
states that follow a state, a fresh Game is set up in that state and each
command is played on it with Game.move(), so the solver follows exactly the
same rules as the game.
"""
import sys

from game import Game
from game_parser import parse

COMMANDS = ['w', 'a', 's', 'd', 'e']


class Queue:
    """A first-in first-out queue built on a list (no imports allowed)."""

    def __init__(self):
        self.items = []
        self.front = 0

    def push(self, item):
        self.items.append(item)

    def pop(self):
        item = self.items[self.front]
        self.front += 1
        return item

    def is_empty(self):
        return self.front >= len(self.items)


class Stack:
    """A last-in first-out stack built on a list."""

    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def pop(self):
        return self.items.pop()

    def is_empty(self):
        return len(self.items) == 0


def load_game(lines, state):
    """Build a Game standing in the given search state."""
    row, col, buckets, used, path = state
    game = Game(parse(lines))
    game.player.row = row
    game.player.col = col
    game.player.num_water_buckets = buckets
    for (r, c) in used:
        game.grid[r][c].make_air()
        game.used.add((r, c))
    return game


def next_states(lines, state):
    """
    All the states one command away from ``state``, with whether each one
    is the goal.  Wall bumps and walking into fire without water are left
    out.
    """
    result = []
    for command in COMMANDS:
        game = load_game(lines, state)
        game.move(command)
        if len(game.moves) == 0 or game.status == 'lost':
            continue
        new_state = (game.player.row, game.player.col,
                     game.player.num_water_buckets, frozenset(game.used),
                     state[4] + [command])
        result.append((new_state, game.status == 'won'))
    return result


def key(state):
    """The state without its path (two states with the same key are equal)."""
    return state[:4]


def bfs(lines):
    """Shortest list of moves to the goal, or None if there is none."""
    start_game = Game(parse(lines))
    start = (start_game.player.row, start_game.player.col, 0, frozenset(), [])
    queue = Queue()
    queue.push(start)
    seen = set()
    seen.add(key(start))
    while not queue.is_empty():
        state = queue.pop()
        for new_state, is_goal in next_states(lines, state):
            if is_goal:
                return new_state[4]
            if key(new_state) not in seen:
                seen.add(key(new_state))
                queue.push(new_state)
    return None


def dfs(lines):
    """Some list of moves to the goal (not always the shortest), or None."""
    start_game = Game(parse(lines))
    start = (start_game.player.row, start_game.player.col, 0, frozenset(), [])
    stack = Stack()
    stack.push((start, False))
    seen = set()
    while not stack.is_empty():
        state, is_goal = stack.pop()
        if is_goal:
            return state[4]
        if key(state) in seen:
            continue
        seen.add(key(state))
        # pushed in reverse so that 'w' is tried first
        for new_state, goal in reversed(next_states(lines, state)):
            if goal or key(new_state) not in seen:
                stack.push((new_state, goal))
    return None


def main(args):
    if len(args) < 3:
        print('Usage: python3 solver.py <filename> <mode>')
        sys.exit()
    filename = args[1]
    mode = args[2].upper()
    if mode != 'BFS' and mode != 'DFS':
        print('Usage: python3 solver.py <filename> <mode>')
        sys.exit()

    try:
        f = open(filename, 'r')
        lines = f.readlines()
        f.close()
    except FileNotFoundError:
        print(filename + ' does not exist!')
        sys.exit()

    try:
        if mode == 'BFS':
            path = bfs(lines)
        else:
            path = dfs(lines)
    except ValueError as e:
        print(e)
        sys.exit(1)

    if path is None:
        print('There is no possible path.')
    else:
        print('Path has ' + str(len(path)) + ' moves.')
        print('Path: ' + ', '.join(path))


if __name__ == '__main__':
    main(sys.argv)
