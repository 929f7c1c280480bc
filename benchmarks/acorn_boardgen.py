"""Generate acorn maze boards for the solver benchmark: seeded mazes with loops and items.

A board is a square of odd side: a perfect maze carved between the odd rows and columns, a
number of extra openings that make loops, X in the top border and Y in the bottom one, and
water buckets, fires and teleport pairs on random open squares. The same arguments and seed
always give the same board.

    python3 benchmarks/acorn_boardgen.py --size 121 --buckets 12 --fires 14 --seed 7 > board.txt
"""

import argparse
import random

WALL, AIR, START, END, WATER, FIRE = "*", " ", "X", "Y", "W", "F"
TELEPORT_PADS = "123456789"
# Carving steps two squares at a time so that walls stay one square thick between corridors.
STEPS = ((-2, 0), (0, -2), (2, 0), (0, 2))
MIN_SIZE = 5
DEFAULT_SIZE = 121
DEFAULT_BUCKETS = 12
DEFAULT_FIRES = 14
DEFAULT_TELEPORTS = 4
DEFAULT_LOOPS = 200
DEFAULT_SEED = 1


def generate(size: int, buckets: int, fires: int, teleports: int, loops: int,
             seed: int) -> list:
    """Return the rows (strings without newlines) of a new board.

    Args:
        size: side of the square board; rounded up to an odd number, at least MIN_SIZE.
        buckets: number of water cells.
        fires: number of fire cells.
        teleports: number of teleport pairs (at most nine).
        loops: number of extra wall openings that join corridors into loops.
        seed: seed of the random generator.

    Raises:
        ValueError: if the items do not fit on the open squares or there are over nine pairs.
    """
    if teleports > len(TELEPORT_PADS):
        raise ValueError("at most {} teleport pairs, got {}".format(len(TELEPORT_PADS),
                                                                    teleports))
    size = max(MIN_SIZE, size | 1)
    rng = random.Random(seed)
    board = [[WALL] * size for _ in range(size)]
    carve_maze(board, rng)
    open_loops(board, loops, rng)
    board[0][1] = START
    board[size - 1][size - 2] = END
    squares = [(row, col) for row in range(1, size - 1) for col in range(1, size - 1)
               if board[row][col] == AIR]
    wanted = buckets + fires + 2 * teleports
    if wanted > len(squares):
        raise ValueError("{} items do not fit on {} open squares".format(wanted, len(squares)))
    chosen = rng.sample(squares, wanted)
    items = [WATER] * buckets + [FIRE] * fires
    items += [pad for pad in TELEPORT_PADS[:teleports] for _ in range(2)]
    for (row, col), item in zip(chosen, items):
        board[row][col] = item
    return ["".join(row) for row in board]


def carve_maze(board: list, rng: random.Random) -> None:
    """Carve a perfect maze (one path between any two rooms) into ``board`` in place.

    Rooms are the squares with odd row and column; an iterative depth-first walk opens the
    wall between each room and the unvisited neighbour it moves to.
    """
    size = len(board)
    board[1][1] = AIR
    stack = [(1, 1)]
    while stack:
        row, col = stack[-1]
        neighbours = [(row + dr, col + dc) for dr, dc in STEPS
                      if 0 < row + dr < size - 1 and 0 < col + dc < size - 1
                      and board[row + dr][col + dc] == WALL]
        if not neighbours:
            stack.pop()
            continue
        next_row, next_col = rng.choice(neighbours)
        board[(row + next_row) // 2][(col + next_col) // 2] = AIR
        board[next_row][next_col] = AIR
        stack.append((next_row, next_col))


def open_loops(board: list, loops: int, rng: random.Random) -> None:
    """Open up to ``loops`` interior walls that separate two corridors, making cycles."""
    size = len(board)
    candidates = [(row, col) for row in range(1, size - 1) for col in range(1, size - 1)
                  if board[row][col] == WALL and (row + col) % 2 == 1
                  and ((board[row - 1][col] == AIR and board[row + 1][col] == AIR)
                       or (board[row][col - 1] == AIR and board[row][col + 1] == AIR))]
    for row, col in rng.sample(candidates, min(loops, len(candidates))):
        board[row][col] = AIR


def main(argv: "list[str] | None" = None) -> int:
    """Print a board built from the command-line options; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=DEFAULT_SIZE)
    parser.add_argument("--buckets", type=int, default=DEFAULT_BUCKETS)
    parser.add_argument("--fires", type=int, default=DEFAULT_FIRES)
    parser.add_argument("--teleports", type=int, default=DEFAULT_TELEPORTS)
    parser.add_argument("--loops", type=int, default=DEFAULT_LOOPS)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    options = parser.parse_args(argv)
    try:
        rows = generate(options.size, options.buckets, options.fires, options.teleports,
                        options.loops, options.seed)
    except ValueError as err:
        parser.error(str(err))
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
