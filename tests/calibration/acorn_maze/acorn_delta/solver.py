import sys

from game_parser import read_lines
from game import Game
from cells import WIN, LOSE, WALL

COMMANDS = "sdawe"


def replay(grid, path):
    """Build a brand new game and play the whole move string on it."""
    game = Game(grid)
    outcome = None
    for command in path:
        outcome, _ = game.apply(command)
    return game, outcome


def solve_bfs(grid):
    seen = {Game(grid).state_key()}
    queue = [""]
    head = 0
    while head < len(queue):
        path = queue[head]
        head += 1
        for command in COMMANDS:
            trial = path + command
            game, outcome = replay(grid, trial)
            if outcome == WIN:
                return trial
            if outcome == WALL or outcome == LOSE:
                continue
            key = game.state_key()
            if key in seen:
                continue
            seen.add(key)
            queue.append(trial)
    return None


def solve_dfs(grid):
    first = Game(grid)
    goal_row, goal_col = first.board.end
    seen = {first.state_key()}

    def explore(path):
        options = []
        for command in COMMANDS:
            trial = path + command
            game, outcome = replay(grid, trial)
            if outcome == WIN:
                return trial
            if outcome == WALL or outcome == LOSE:
                continue
            key = game.state_key()
            if key in seen:
                continue
            seen.add(key)
            row, col = game.player.position()
            options.append((abs(row - goal_row) + abs(col - goal_col), len(options), trial))
        options.sort()
        for _, _, trial in options:
            found = explore(trial)
            if found is not None:
                return found
        return None

    return explore("")


def main(args):
    if len(args) < 3 or args[2].upper() not in ("BFS", "DFS"):
        print("Usage: python3 solver.py <filename> <mode>")
        sys.exit()
    filename = args[1]
    try:
        grid = read_lines(filename)
    except ValueError as problem:
        print(problem)
        sys.exit()
    if grid is None:
        print("{} does not exist!".format(filename))
        sys.exit()

    if args[2].upper() == "BFS":
        path = solve_bfs(grid)
    else:
        path = solve_dfs(grid)

    if path is None:
        print("There is no possible path.")
    else:
        print("Path has {} moves.".format(len(path)))
        print("Path: " + ", ".join(path))


if __name__ == "__main__":
    main(sys.argv)
