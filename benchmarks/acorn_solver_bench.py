"""Time the acorn maze solver's BFS and DFS modes on generated boards and print the figures.

Boards come from acorn_boardgen (seeded mazes with loops, water, fire and teleport pairs).
Each line gives the board, the path lengths and the wall-clock seconds of one solve per mode.
With --naive it also times a straightforward full-state BFS (tuple states holding a frozenset
of used cells, a copied path list per queued state) on the same boards, for comparison.

    python3 benchmarks/acorn_solver_bench.py            # 121x121, 12 buckets, 14 fires
    python3 benchmarks/acorn_solver_bench.py --naive --seeds 7
"""

import argparse
import sys
import time
from pathlib import Path

import acorn_boardgen

ACORN_DIR = Path(__file__).resolve().parents[1] / "acorn_maze"
DEFAULT_SEEDS = (1, 2, 3, 4, 5, 6, 7, 8)
DEFAULT_LOOPS = 1000
NAIVE_MOVES = "wasde"


def load_acorn_modules():
    """Put acorn_maze/ on sys.path and return its (solver, game_parser, cells, grid, player)."""
    sys.path.insert(0, str(ACORN_DIR))
    import cells
    import game_parser
    import grid
    import player
    import solver
    return solver, game_parser, cells, grid, player


def naive_bfs(board, cells, grid, player) -> "list[str] | None":
    """Return a shortest path found the straightforward way, for comparison only."""
    row, col = grid.find_start(board)
    start = (row, col, 0, frozenset())
    queue = [(start, [])]
    seen = {start}
    head = 0
    while head < len(queue):
        (row, col, buckets, used), path = queue[head]
        head += 1
        for move in NAIVE_MOVES:
            row_change, col_change = player.MOVE_OFFSETS[move]
            next_row, next_col = row + row_change, col + col_change
            cell = grid.cell_at(board, next_row, next_col)
            next_buckets, next_used = buckets, used
            if isinstance(cell, cells.Wall):
                continue
            if isinstance(cell, cells.End):
                return path + [move]
            if isinstance(cell, cells.Teleport):
                next_row, next_col = cell.destination()
            elif isinstance(cell, (cells.Water, cells.Fire)) and (next_row, next_col) not in used:
                if isinstance(cell, cells.Water):
                    next_buckets += 1
                elif buckets == 0:
                    continue
                else:
                    next_buckets -= 1
                next_used = used | {(next_row, next_col)}
            elif move == player.WAIT:
                continue
            state = (next_row, next_col, next_buckets, next_used)
            if state not in seen:
                seen.add(state)
                queue.append((state, path + [move]))
    return None


def timed(function, *args):
    """Return (result, seconds) of one call of ``function(*args)``."""
    began = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - began


def describe(path) -> str:
    """Return a path's length, or "none" when there is no path."""
    return "none" if path is None else str(len(path))


def main(argv: "list[str] | None" = None) -> int:
    """Generate the boards, run the solver on each and print one line per board."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=acorn_boardgen.DEFAULT_SIZE)
    parser.add_argument("--buckets", type=int, default=acorn_boardgen.DEFAULT_BUCKETS)
    parser.add_argument("--fires", type=int, default=acorn_boardgen.DEFAULT_FIRES)
    parser.add_argument("--teleports", type=int, default=acorn_boardgen.DEFAULT_TELEPORTS)
    parser.add_argument("--loops", type=int, default=DEFAULT_LOOPS)
    parser.add_argument("--seeds", type=int, nargs="+", default=list(DEFAULT_SEEDS))
    parser.add_argument("--naive", action="store_true", help="also time the naive BFS")
    options = parser.parse_args(argv)
    solver, game_parser, cells, grid, player = load_acorn_modules()
    print("board {0}x{0}, {1} buckets, {2} fires, {3} teleport pairs, {4} loops".format(
        options.size, options.buckets, options.fires, options.teleports, options.loops))
    total_bfs = 0.0
    for seed in options.seeds:
        board = game_parser.parse(acorn_boardgen.generate(
            options.size, options.buckets, options.fires, options.teleports, options.loops,
            seed))
        bfs_path, bfs_seconds = timed(solver.solve, board, True)
        dfs_path, dfs_seconds = timed(solver.solve, board, False)
        total_bfs += bfs_seconds
        line = "seed {:3}: BFS {:>5} moves {:6.3f} s | DFS {:>5} moves {:6.3f} s".format(
            seed, describe(bfs_path), bfs_seconds, describe(dfs_path), dfs_seconds)
        if options.naive:
            naive_path, naive_seconds = timed(naive_bfs, board, cells, grid, player)
            assert describe(naive_path) == describe(bfs_path), "naive BFS disagrees"
            line += " | naive BFS {:7.3f} s ({:.1f}x)".format(
                naive_seconds, naive_seconds / max(bfs_seconds, 1e-9))
        print(line, flush=True)
    print("BFS mean {:.3f} s over {} boards".format(total_bfs / len(options.seeds),
                                                  len(options.seeds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
