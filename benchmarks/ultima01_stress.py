"""Measure Ultima 0.1 on the course's full maps: one thread per monster, all stepping every 1 ms.

For each of 10x10_full.txt (99 monsters), 30x30_full.txt (899) and 50x50_full.txt (2,499), a
fresh child process (StdDraw allows one canvas per process) builds the World, which starts the
monster threads, then plays headless frames for a few seconds the way Ultima.py does, with the
avatar attacking east and north to make room. Printed per map:

- start-up: building the World, threads included;
- frames per second, and per frame the wait for ``world.lock`` and the draw under it (median
  and worst, in ms);
- monster turns per second (calls of monsterMove) and the moves that went ahead;
- stop: how long ``world.stop()`` takes to end every thread.

Usage: ``python benchmarks/ultima01_stress.py [SECONDS]`` from the repository root.
"""

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

FOLDER = Path(__file__).resolve().parent.parent / "ultima" / "ultima0_1"
MAPS = ("10x10_full.txt", "30x30_full.txt", "50x50_full.txt")
DEFAULT_SECONDS = 5.0
KEYS = "ddddwwww"
CHILD_FLAG = "--child"
# Headless StdDraw closes the canvas after this many show() calls with no key script: never here.
IDLE_SHOWS = "100000000"
MS_PER_S = 1000.0


def child(map_name: str, seconds: float) -> dict:
    """Play ``map_name`` for ``seconds`` in this process and return the figures."""
    sys.path.insert(0, os.getcwd())
    import StdDraw
    import World as world_module
    from Monster import Monster

    turns = {"turns": 0, "moves": 0}
    original_move, original_locate = world_module.World.monsterMove, Monster.setLocation

    def counted_move(self, x, y, monster):
        turns["turns"] += 1  # counted outside the lock: a close estimate is enough here
        return original_move(self, x, y, monster)

    def counted_locate(self, x, y):
        turns["moves"] += 1  # called only under world.lock: exact
        return original_locate(self, x, y)

    world_module.World.monsterMove, Monster.setLocation = counted_move, counted_locate
    start = time.perf_counter()
    world = world_module.World(map_name)
    built = time.perf_counter() - start
    waits, draws, frame = [], [], 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        world.handleKey(KEYS[frame % len(KEYS)])
        asked = time.perf_counter()
        with world.lock:
            got = time.perf_counter()
            world.draw()
            drawn = time.perf_counter()
        StdDraw.show(0)
        waits.append((got - asked) * MS_PER_S)
        draws.append((drawn - got) * MS_PER_S)
        frame += 1
    played = time.perf_counter() - start
    stop_start = time.perf_counter()
    ended = world.stop()
    return {"monsters": len(world.getMonsters()), "built_s": built, "frames": frame,
            "played_s": played, "waits": waits, "draws": draws, "turns": turns["turns"],
            "moves": turns["moves"], "stop_s": time.perf_counter() - stop_start,
            "all_ended": ended}


def run_child(map_name: str, seconds: float) -> dict:
    """Run ``child`` for one map in a fresh headless process; return its figures."""
    environ = dict(os.environ, STDDRAW_HEADLESS="1", STDDRAW_IDLE_SHOWS=IDLE_SHOWS,
                   PYTHONDONTWRITEBYTECODE="1")
    script = str(Path(__file__).resolve())
    result = subprocess.run([sys.executable, script, CHILD_FLAG, map_name, str(seconds)],
                            cwd=FOLDER, env=environ, capture_output=True, text=True, check=True)
    return json.loads(result.stdout.splitlines()[-1])


def report(map_name: str, figures: dict) -> None:
    """Print one map's figures."""
    played = figures["played_s"]
    print(f"{map_name}: start-up {figures['built_s']:.2f} s; "
          f"{figures['frames'] / played:.1f} frames/s; "
          f"lock wait median {statistics.median(figures['waits']):.1f} ms, "
          f"worst {max(figures['waits']):.1f} ms; "
          f"draw median {statistics.median(figures['draws']):.1f} ms; "
          f"{figures['turns'] / played:,.0f} monster turns/s, "
          f"{figures['moves'] / played:,.0f} moves/s; "
          f"{figures['monsters']} monsters left; "
          f"stop {figures['stop_s'] * MS_PER_S:.0f} ms "
          f"({'all threads ended' if figures['all_ended'] else 'THREADS LEFT'})")


def main() -> int:
    """Measure every map, or act as the child process when asked to."""
    if len(sys.argv) > 1 and sys.argv[1] == CHILD_FLAG:
        print(json.dumps(child(sys.argv[2], float(sys.argv[3]))))
        return 0
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SECONDS
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, {seconds:.0f} s per map")
    for map_name in MAPS:
        report(map_name, run_child(map_name, seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
