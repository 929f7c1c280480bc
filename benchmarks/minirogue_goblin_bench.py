"""Time MiniRogue's goblins: one decision, a whole monster turn, and a plain recursive search.

The figures printed, in milliseconds:

- one goblin decision (``Goblin.choose_step``, the recursive ``Goblin.path_length`` with its
  named speed-ups: "too far", "remembered answers", "beat the best"; see minirogue/report.txt
  2.2) at smell distance 15 in an open room, with
  the player exactly 15 steps away (straight along a row, and diagonally) and 10 steps away --
  the goal is about 1 ms;
- one goblin decision on ordinary generated levels 4 (rooms and corridors), for every goblin
  within smell distance of the player ignoring walls;
- a whole monster turn on level 4 with the most monsters the rules allow (26), all of them
  goblins in one open room within smell distance of the player, each taking its turn as in the
  game -- the goal is under 50 ms;
- for comparison, a plain exhaustive recursive search (``plain_path_length`` below: try every
  path that does not cross itself, no bound, no record of squares tried) for one decision in
  the same room. It grows about threefold per extra step, so it runs with a depth cap raised
  until one run takes over PLAIN_TIME_LIMIT_S, and the time at the full depth of 15 is
  extrapolated from the measured growth.

Usage: ``python benchmarks/minirogue_goblin_bench.py [REPEATS]`` from the repository root.
"""

import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, List, Set, Tuple

MINIROGUE_DIR = Path(__file__).resolve().parent.parent / "minirogue"
sys.path.insert(0, str(MINIROGUE_DIR))

from Actor import UNREACHABLE, Goblin, Player  # noqa: E402  (needs the path above)
from Dungeon import COLS, DEEPEST_LEVEL, ROWS, Dungeon, max_monsters  # noqa: E402
from Position import Position  # noqa: E402

SMELL_DISTANCE = 15
DEFAULT_REPEATS = 200
SEED = 2024
# Player in the middle of the open room; goblin offsets (rows, columns) from the player.
PLAYER_SQUARE = Position(ROWS // 2, COLS // 2)
DECISION_CASES = (("15 steps along a row", (0, -15)), ("15 steps diagonally", (7, 8)),
                  ("10 steps diagonally", (-5, 5)))
TURN_LEVELS = 30  # fresh levels, each timed for its first monster turn
GENERATED_LEVELS = 100
GOBLIN_RING = (8, SMELL_DISTANCE)  # goblins start this many steps from the player
PLAIN_TIME_LIMIT_S = 1.0
PLAIN_FIRST_CAP = 6


class OpenLevel(Dungeon):
    """Level 4 dug as one open room (the whole inside of the border), with the player centred.

    Its monsters are the most level 4 allows, all goblins, each GOBLIN_RING steps from the
    player. It reuses Dungeon's own digging and bookkeeping, only choosing what goes where.
    """

    def _dig_rooms_and_corridors(self) -> None:
        """Dig out every square inside the border."""
        for row in range(1, ROWS - 1):
            for col in range(1, COLS - 1):
                self._dig(Position(row, col))

    def _place_monsters(self) -> None:
        """Put the player in the middle and ring it with goblins."""
        self._player.move_to(PLAYER_SQUARE)
        nearest, furthest = GOBLIN_RING
        ring = [Position(row, col) for row in range(1, ROWS - 1) for col in range(1, COLS - 1)
                if nearest <= PLAYER_SQUARE.distance_to(Position(row, col)) <= furthest]
        for square in random.sample(ring, max_monsters(DEEPEST_LEVEL)):
            self.add_goblin(square)

    def add_goblin(self, square: Position) -> Goblin:
        """Put a new goblin on ``square`` and return it."""
        goblin = Goblin(square, self._goblin_smell_distance)
        self._monsters.append(goblin)
        self._monster_at[square] = goblin
        return goblin

    def clear_monsters(self) -> None:
        """Take every monster off the level."""
        self._monsters.clear()
        self._monster_at.clear()


def plain_path_length(level: Dungeon, square: Position, target: Position, budget: int,
                      on_path: Set[Position]) -> int:
    """Return the shortest path length to ``target`` within ``budget`` by trying every path.

    The plain exhaustive recursion: every path that does not cross itself, no bound, nothing
    remembered.
    """
    if square == target:
        return 0
    if budget == 0:
        return UNREACHABLE
    best = UNREACHABLE
    on_path.add(square)
    for neighbour in square.neighbours():
        if neighbour in on_path or (neighbour != target and not level.is_open(neighbour)):
            continue
        best = min(best, 1 + plain_path_length(level, neighbour, target, budget - 1, on_path))
    on_path.remove(square)
    return best


def plain_choose_step(level: Dungeon, goblin: Goblin, target: Position, depth: int) -> None:
    """Make one goblin decision with plain_path_length searching ``depth`` steps."""
    for step in goblin.position().neighbours():
        if level.is_open(step):
            plain_path_length(level, step, target, depth - 1, {goblin.position()})


def time_ms(action: Callable[[], object], repeats: int) -> List[float]:
    """Run ``action`` ``repeats`` times; return each run's duration in milliseconds."""
    durations = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        durations.append((time.perf_counter() - start) * 1000)
    return durations


def report(label: str, durations: List[float]) -> None:
    """Print the median, best and worst of ``durations``."""
    print(f"{label}: median {statistics.median(durations):.3f} ms, best {min(durations):.3f} ms,"
          f" worst {max(durations):.3f} ms ({len(durations)} runs)")


def new_open_level() -> Tuple[OpenLevel, Player]:
    """Return a fresh open level 4 and its player, who has cheated (so goblins cannot kill it)."""
    player = Player(PLAYER_SQUARE)
    player.cheat()
    return OpenLevel(DEEPEST_LEVEL, player, SMELL_DISTANCE), player


def bench_decisions(repeats: int) -> None:
    """Print the time of one goblin decision for each of DECISION_CASES."""
    level, _ = new_open_level()
    level.clear_monsters()
    for label, (row_offset, col_offset) in DECISION_CASES:
        goblin = level.add_goblin(PLAYER_SQUARE.moved(row_offset, col_offset))
        step = goblin.choose_step(level, PLAYER_SQUARE)
        assert step is not None and step.distance_to(PLAYER_SQUARE) < goblin.position(
        ).distance_to(PLAYER_SQUARE), "the goblin must step closer in an open room"
        report(f"goblin decision, {label}",
               time_ms(lambda chooser=goblin: chooser.choose_step(level, PLAYER_SQUARE), repeats))
        level.clear_monsters()


def bench_monster_turn() -> None:
    """Print the time of the first monster turn on TURN_LEVELS fresh open levels."""
    durations = []
    for _ in range(TURN_LEVELS):
        level, player = new_open_level()
        start = time.perf_counter()
        for monster in level.monsters():
            monster.take_turn(level, player)
        durations.append((time.perf_counter() - start) * 1000)
    report(f"whole monster turn, level {DEEPEST_LEVEL}, {max_monsters(DEEPEST_LEVEL)} goblins "
           f"in an open room", durations)


def bench_generated_levels() -> None:
    """Print the time of the decisions of goblins within smell distance on generated levels 4.

    Only goblins no further than SMELL_DISTANCE from the player (ignoring walls) are timed:
    the others decide at once.
    """
    durations = []
    for _ in range(GENERATED_LEVELS):
        player = Player(PLAYER_SQUARE)
        level = Dungeon(DEEPEST_LEVEL, player, SMELL_DISTANCE)
        target = player.position()
        for monster in level.monsters():
            if (isinstance(monster, Goblin)
                    and monster.position().distance_to(target) <= SMELL_DISTANCE):
                start = time.perf_counter()
                monster.choose_step(level, target)
                durations.append((time.perf_counter() - start) * 1000)
    report(f"goblin decision within smell distance on {GENERATED_LEVELS} generated levels "
           f"{DEEPEST_LEVEL}", durations)


def bench_plain_search() -> None:
    """Print the plain search's time per decision at growing depth caps, then extrapolate."""
    level, _ = new_open_level()
    level.clear_monsters()
    row_offset, col_offset = DECISION_CASES[1][1]
    goblin = level.add_goblin(PLAYER_SQUARE.moved(row_offset, col_offset))
    depth, previous, elapsed = PLAIN_FIRST_CAP, None, 0.0
    growth = 1.0
    while elapsed < PLAIN_TIME_LIMIT_S * 1000 and depth < SMELL_DISTANCE:
        start = time.perf_counter()
        plain_choose_step(level, goblin, PLAYER_SQUARE, depth)
        elapsed = (time.perf_counter() - start) * 1000
        growth = elapsed / previous if previous else growth
        print(f"plain exhaustive recursion, depth cap {depth}: {elapsed:.1f} ms per decision")
        previous = elapsed
        depth += 1
    estimate = elapsed * growth ** (SMELL_DISTANCE - depth + 1)
    print(f"plain exhaustive recursion at depth {SMELL_DISTANCE}: about {estimate / 1000:.0f} s "
          f"per decision (extrapolated, x{growth:.1f} per step)")


def main() -> int:
    """Run the three benchmarks and print their figures."""
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_REPEATS
    random.seed(SEED)
    bench_decisions(repeats)
    bench_monster_turn()
    bench_generated_levels()
    bench_plain_search()
    return 0


if __name__ == "__main__":
    sys.exit(main())
