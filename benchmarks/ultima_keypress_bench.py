"""Time Ultima 0 key presses: what one press of a move key costs on big open maps.

A key press is ``World.handleKey``: move the avatar, darken every tile, and relight with the
recursive ``lightDFS``. The figures printed are per press, in milliseconds:

- a 300x300 open map (all grasslands) with the torch at radius 40 (about 5,000 tiles lit,
  recursion about as deep) -- the project's goal is well under 50 ms;
- a 120x120 open map at radius 60 (about 11,000 tiles lit and as deep a recursion);
- the course's 30x20 map at the starting torch, including redrawing it headless.

Usage: ``python benchmarks/ultima_keypress_bench.py [PRESSES]`` from the repository root.
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List

ULTIMA_DIR = Path(__file__).resolve().parent.parent / "ultima"
DEFAULT_PRESSES = 30
TORCH_START = 4.0
TORCH_STEP = 0.5
OPEN_TILE = "G"
# (map side, torch radius) of the open-map cases.
OPEN_CASES = ((300, 40.0), (120, 60.0))
COURSE_MAP = "30x20.txt"


def write_open_map(folder: str, side: int) -> str:
    """Write a side x side map of grasslands with the avatar in the middle; return its path."""
    path = os.path.join(folder, f"open{side}.txt")
    row = " ".join([OPEN_TILE] * side)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(f"{side} {side}\n{side // 2} {side // 2}\n")
        handle.write("\n".join([row] * side) + "\n")
    return path


def time_presses(press: Callable[[str], None], presses: int) -> List[float]:
    """Press d and a alternately ``presses`` times; return each press's duration in ms."""
    durations = []
    for i in range(presses):
        key = "d" if i % 2 == 0 else "a"
        start = time.perf_counter()
        press(key)
        durations.append((time.perf_counter() - start) * 1000)
    return durations


def report(label: str, durations: List[float]) -> None:
    """Print the median, best and worst of ``durations``."""
    print(f"{label}: median {statistics.median(durations):.1f} ms, "
          f"best {min(durations):.1f} ms, worst {max(durations):.1f} ms "
          f"({len(durations)} presses)")


def main() -> int:
    """Run every case and print its figures."""
    presses = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_PRESSES
    os.environ["STDDRAW_HEADLESS"] = "1"
    os.chdir(ULTIMA_DIR)
    sys.path.insert(0, str(ULTIMA_DIR))
    from World import World

    print(f"Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        for side, radius in OPEN_CASES:
            world = World(write_open_map(folder, side))
            for _ in range(round((radius - TORCH_START) / TORCH_STEP)):
                world.handleKey("+")
            avatar = world.get_avatar()
            lit = world.light(avatar.getX(), avatar.getY(), avatar.getTorchRadius())
            report(f"{side}x{side} open map, radius {avatar.getTorchRadius():.1f}, {lit} tiles "
                   f"lit: handleKey", time_presses(world.handleKey, presses))

    world = World(COURSE_MAP)
    world.draw()

    def press_and_draw(key: str) -> None:
        world.handleKey(key)
        world.draw()

    report(f"{COURSE_MAP}, radius {TORCH_START}: handleKey + headless draw",
           time_presses(press_and_draw, presses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
