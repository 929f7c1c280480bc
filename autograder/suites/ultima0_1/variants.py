"""Broken variants of the Ultima 0.1 reference: realistic student mistakes, for grading tests.

``VARIANTS`` maps a name to a ``autograder.selftest.Variant`` (text edits to one file of
``ultima/ultima0_1/``, and the rubric item the mistake must cost: "compiles_runs", "comments",
"tile", "avatar", "monster", "world", "threads" or "concurrency", the lab's eight items).
``ALTERNATIVES`` are other ways of meeting the spec (file -> edits), each of which must keep full
marks.
"""

import textwrap
from typing import Dict, List, Tuple

from autograder.selftest import Variant

__all__ = ["ALTERNATIVES", "VARIANTS"]


def without_lock(block: str) -> str:
    """Return ``block``, which opens with ``with self.lock:``, as it reads without the lock: the
    body alone, at the ``with`` statement's indentation."""
    first, body = block.split("\n", 1)
    indent = first[:len(first) - len(first.lstrip())]
    return textwrap.indent(textwrap.dedent(body), indent)


MONSTER_MOVE_LOCKED = """\
        with self.lock:
            if not self._gameOn() or not self._holds(monster):
                return
            if not self.isPassable(x, y) or (x, y) in self._occupant:
                return
            if (x, y) == (self.avatar.getX(), self.avatar.getY()):
                self.avatar.incurDamage(monster.getDamage())
                return
            del self._occupant[(monster.getX(), monster.getY())]
            monster.setLocation(x, y)
            self._occupant[(x, y)] = monster
            damage = self._tiles[x][y].getDamage()
            if damage:
                self._wound(monster, damage)
"""
MONSTER_MOVE_UNLOCKED = without_lock(MONSTER_MOVE_LOCKED)
# The lock guards the checks, but the move itself happens after it is released.
MONSTER_MOVE_CHECKED_THEN_MOVED = """\
        with self.lock:
            if not self._gameOn() or not self._holds(monster):
                return
            if not self.isPassable(x, y) or (x, y) in self._occupant:
                return
            if (x, y) == (self.avatar.getX(), self.avatar.getY()):
                self.avatar.incurDamage(monster.getDamage())
                return
        del self._occupant[(monster.getX(), monster.getY())]
        monster.setLocation(x, y)
        self._occupant[(x, y)] = monster
        damage = self._tiles[x][y].getDamage()
        if damage:
            self._wound(monster, damage)
"""
AVATAR_MOVE_LOCKED = """\
        with self.lock:
            if not self.avatarAlive() or not self.isPassable(x, y):
                return
            monster = self._occupant.get((x, y))
            if monster is not None:
                self._wound(monster, self.avatar.getDamage())
                return
            self.avatar.setLocation(x, y)
            damage = self._tiles[x][y].getDamage()
            if damage:
                self.avatar.incurDamage(damage)
            self._relight()
"""
AVATAR_MOVE_UNLOCKED = without_lock(AVATAR_MOVE_LOCKED)
THREAD_PER_MONSTER = """\
                for index, monster in enumerate(self._monsters):
                    name = THREAD_NAME % (index, monster.getCode())
                    thread = threading.Thread(target=monster.run, name=name, daemon=True)
                    thread.start()
                    self._threads.append(thread)
"""
ONE_THREAD = """\
                thread = threading.Thread(target=self._run_monsters, daemon=True)
                thread.start()
                self._threads.append(thread)
"""
PARSE_TILES = "    def _parseTiles(self, lines: Sequence[str], filename: str)"
RUN_MONSTERS = '''\
    def _run_monsters(self) -> None:
        """Move every monster in turn, each after its own sleep, all in this one thread."""
        rng = random.Random()
        while self._gameOn():
            for monster in self.getMonsters():
                if not self.waitTurn(monster._sleep_ms):
                    return
                dx, dy = rng.choice(NEIGHBOURS)
                self.monsterMove(monster.getX() + dx, monster.getY() + dy, monster)

'''
# The single thread, and a World that rewrites the grader's in-child watch (found on the
# stack beside the driver's payload) to report a thread per monster: N threads, then the
# survivors' or none, and each monster moved by a thread of its own.
ONE_THREAD_FORGING_THE_WATCH = ONE_THREAD + """\
                self._seemThreaded()
"""
FORGE_THE_THREAD_WATCH = '''\
    def _seemThreaded(self) -> None:
        """Make the grader's thread watch see one thread per monster."""
        frame = sys._getframe(1)
        while frame is not None and not {"watch", "payload"} <= set(frame.f_locals):
            frame = frame.f_back
        if frame is None:
            return
        watch, payload = frame.f_locals["watch"], frame.f_locals["payload"]
        count, asked = len(self._monsters), [0]
        if "monsters" in payload:
            watch.threads = lambda: [object()] * payload["monsters"]
            summary = watch.summary

            def forged():
                got = summary()
                got["movers"] = {"%d:%s" % (7000 + int(key.partition(":")[2]),
                                            key.partition(":")[2]): moves
                                 for key, moves in got["movers"].items()}
                return got
            watch.summary = forged
        elif "attacks" in payload or "step" in payload:
            after = 1 if "attacks" in payload else 0

            def threads():
                asked[0] += 1
                return [object()] * (count if asked[0] == 1 else after)
            watch.threads = threads

'''
WOUND_REMOVES = """\
        monster.incurDamage(damage)
        if monster.getHitPoints() <= 0:
            del self._occupant[(monster.getX(), monster.getY())]
            self._monsters.remove(monster)
"""
WAIT_TURN = """\
        stopped = self._stop.wait(sleep_ms / MS_PER_S)
        return not stopped and self._gameOn()
"""
GET_X_DOCSTRING = '        """Return the monster\'s x index (columns count from the left)."""\n'
GET_Y_DOCSTRING = '        """Return the monster\'s y index (rows count from the bottom)."""\n'
MONSTER_MOVE_DOC_END = ("        damage, leaving the world if that brings it to 0 hit points or "
                        "less.\n        \"\"\"\n")
MONSTER_RUN_STEP = "            self._world.monsterMove(self._x + dx, self._y + dy, self)\n"
# World.monsterMove(monster, dx, dy), the step instead of the target (issue 16, class 9), and
# Monster.run's call of it.
MONSTER_AND_STEP_WORLD = [
    ("    def monsterMove(self, x: int, y: int, monster: Monster) -> None:\n"
     "        \"\"\"Move ``monster`` to tile (x, y),",
     "    def monsterMove(self, monster: Monster, dx: int, dy: int) -> None:\n"
     "        \"\"\"Move ``monster`` one step (dx, dy) to tile (x, y),"),
    (MONSTER_MOVE_DOC_END,
     MONSTER_MOVE_DOC_END + "        x, y = monster.getX() + dx, monster.getY() + dy\n")]
MONSTER_AND_STEP_CALL = "            self._world.monsterMove(self, dx, dy)\n"

# Code that finds the grader's watch in its own process and makes it forget every change made
# without world.lock (issue 17, class 1): run at the top of World's constructor.
FORGE_THE_WATCH = """\
        import collections as _collections, gc as _gc
        class _Quiet(_collections.Counter):
            def __setitem__(self, key, value):
                if "unlocked" not in key and "without lock" not in key:
                    super().__setitem__(key, value)
        class _Deaf(list):
            def append(self, item):
                pass
        for _found in _gc.get_objects():
            if type(_found).__name__ == "Watch":
                _found.counts, _found.violations = _Quiet(_found.counts), _Deaf()
"""
# A lock taken in monsterMove that guards nothing: let go before the work, which removes the
# monster's tile record in a way that a race cannot make fail.
OCCUPANT_DEL_TO_POP = ("del self._occupant[(monster.getX(), monster.getY())]",
                       "self._occupant.pop((monster.getX(), monster.getY()), None)")
DECOY_MONSTER_MOVE = ("        with self.lock:\n            pass\n"
                      + MONSTER_MOVE_UNLOCKED.replace(*OCCUPANT_DEL_TO_POP))
# Every place the reference takes world.lock, as it reads with no lock at all.
NEVER_LOCKED = [
    (MONSTER_MOVE_LOCKED, MONSTER_MOVE_UNLOCKED),
    (AVATAR_MOVE_LOCKED, AVATAR_MOVE_UNLOCKED),
    ("        with self.lock:\n            if ch == INCREASE_TORCH_KEY:",
     "        if True:\n            if ch == INCREASE_TORCH_KEY:"),
    ("            with self.lock:\n                for index, monster",
     "            if True:\n                for index, monster"),
    ("        with world.lock:\n            print(LIGHT_REPORT",
     "        if True:\n            print(LIGHT_REPORT"),
]
WORLD_INIT_END = '            OSError: the system refused a monster thread.\n        """\n'

VARIANTS: Dict[str, Variant] = {
    "no_lock_in_monster_move": Variant(
        "World.py", [(MONSTER_MOVE_LOCKED, MONSTER_MOVE_UNLOCKED)],
        "concurrency", "Moves monsters without taking world.lock."),
    "lock_released_before_moving": Variant(
        "World.py", [(MONSTER_MOVE_LOCKED, MONSTER_MOVE_CHECKED_THEN_MOVED)],
        "concurrency", "Checks the target tile under the lock, then moves after releasing it."),
    "never_locks_and_forges_the_watch": Variant(
        "World.py", NEVER_LOCKED + [(WORLD_INIT_END, WORLD_INIT_END + FORGE_THE_WATCH)],
        "concurrency", "Never takes world.lock, and makes the grader's in-process watch forget "
                       "every unlocked change: the source, read by the grader, takes no lock."),
    "decoy_lock_in_monster_move_forges_the_watch": Variant(
        "World.py", [(MONSTER_MOVE_LOCKED, DECOY_MONSTER_MOVE),
                     (WOUND_REMOVES, WOUND_REMOVES.replace(*OCCUPANT_DEL_TO_POP)),
                     (WORLD_INIT_END, WORLD_INIT_END + FORGE_THE_WATCH)],
        "concurrency", "Takes world.lock in monsterMove and lets it go before doing anything, "
                       "then moves the monster unguarded (its tile records survive races); makes "
                       "the grader's in-process watch forget the unlocked changes."),
    "unlocked_avatar_move_forges_the_watch": Variant(
        "World.py", [(AVATAR_MOVE_LOCKED, AVATAR_MOVE_UNLOCKED),
                     (WORLD_INIT_END, WORLD_INIT_END + FORGE_THE_WATCH)],
        "concurrency", "Moves the avatar without world.lock, and makes the grader's in-process "
                       "watch forget it; the source takes the lock elsewhere in World.py "
                       "(monsterMove, the torch keys)."),
    "no_lock_in_avatar_move": Variant(
        "World.py", [(AVATAR_MOVE_LOCKED, AVATAR_MOVE_UNLOCKED)],
        "concurrency", "Moves the avatar and attacks monsters without taking world.lock."),
    "one_thread_for_all_monsters": Variant(
        "World.py", [(THREAD_PER_MONSTER, ONE_THREAD), (PARSE_TILES, RUN_MONSTERS + PARSE_TILES)],
        "threads", "Starts a single thread that moves every monster in turn."),
    "one_thread_for_all_monsters_forging_the_watch": Variant(
        "World.py", [(THREAD_PER_MONSTER, ONE_THREAD_FORGING_THE_WATCH),
                     (PARSE_TILES, RUN_MONSTERS + FORGE_THE_THREAD_WATCH + PARSE_TILES)],
        "threads", "Starts a single thread that moves every monster in turn, and rewrites the "
                   "grader's in-child thread watch to report one thread per monster (the red "
                   "team's attack: the kernel's count of threads must show them too)."),
    "threads_outlive_the_game": Variant(
        "World.py", [(WAIT_TURN, "        stopped = self._stop.wait(sleep_ms / MS_PER_S)\n"
                                 "        return not stopped\n")],
        "threads", "Lets monster threads run on after the avatar dies (until stopped)."),
    "non_daemon_threads_never_stop": Variant(
        "World.py", [("name=name, daemon=True)", "name=name)"),
                     (WAIT_TURN, "        time.sleep(sleep_ms / MS_PER_S)\n"
                                 "        return True\n")],
        "compiles_runs", "Starts ordinary threads that stop only when their monster dies, "
                         "so the program never ends while monsters live."),
    "monsters_stack_up": Variant(
        "World.py", [("if not self.isPassable(x, y) or (x, y) in self._occupant:",
                      "if not self.isPassable(x, y):")],
        "world", "Lets a monster step onto another monster's tile."),
    "monsters_walk_on_water": Variant(
        "World.py", [("if not self.isPassable(x, y) or (x, y) in self._occupant:",
                      "if not self._onMap(x, y) or (x, y) in self._occupant:")],
        "world", "Lets monsters walk onto water, mountains and walls."),
    "lava_spares_monsters": Variant(
        "World.py", [("            self._occupant[(x, y)] = monster\n"
                      "            damage = self._tiles[x][y].getDamage()\n"
                      "            if damage:\n"
                      "                self._wound(monster, damage)\n",
                      "            self._occupant[(x, y)] = monster\n")],
        "world", "Forgets the tile's damage when a monster moves."),
    "dead_monsters_stay": Variant(
        "World.py", [(WOUND_REMOVES, "        monster.incurDamage(damage)\n")],
        "world", "Never removes a monster at 0 hit points from the world."),
    "avatar_never_hurt_by_monsters": Variant(
        "World.py", [("                self.avatar.incurDamage(monster.getDamage())\n", "")],
        "world", "A monster bumping into the avatar does no damage."),
    "hit_points_never_shown": Variant(
        "Monster.py", [("HURT_DRAWS = 3", "HURT_DRAWS = 0")],
        "monster", "Never writes a hurt monster's hit points."),
    "sleeps_seconds_not_milliseconds": Variant(
        "Monster.py", [("self._world.waitTurn(self._sleep_ms)",
                        "self._world.waitTurn(self._sleep_ms * 1000)")],
        "monster", "Takes sleepMs as seconds, so monsters barely move."),
    "monster_steps_diagonally": Variant(
        "Monster.py", [(MONSTER_RUN_STEP,
                        "            self._world.monsterMove(self._x + dx, self._y + dx, self)\n")],
        "monster", "Uses dx for both coordinates, so monsters step diagonally."),
    "avatar_damage_lowers_its_attack": Variant(
        "Avatar.py", [("        self._hp -= d\n", "        self._damage -= d\n")],
        "avatar", "incurDamage lowers the avatar's attack instead of its hit points."),
    "lava_harmless": Variant(
        "Tile.py", [('LAVA: ("lava.gif", False, True, LAVA_DAMAGE)',
                     'LAVA: ("lava.gif", False, True, 0)')],
        "tile", "Gives lava no damage."),
    "monster_methods_without_comments": Variant(
        "Monster.py", [(GET_X_DOCSTRING, ""), (GET_Y_DOCSTRING, "")],
        "comments", "Leaves Monster.getX and getY without any comment."),
    "syntax_error": Variant(
        "Monster.py", [("    def getDamage(self) -> int:", "    def getDamage(self) -> int")],
        "compiles_runs", "Leaves out a colon, so Monster.py does not compile."),
}

Edits = Dict[str, List[Tuple[str, str]]]
ALTERNATIVES: Dict[str, Edits] = {
    # Monsters are drawn whether or not the torch lights their tile.
    "monsters_seen_in_the_dark": {"World.py": [
        ("            # It is night: a monster in the dark is not seen.\n"
         "            if self._tiles[monster.getX()][monster.getY()].getLit():\n"
         "                monster.draw()\n",
         "            monster.draw()\n")]},
    # The lock's class imported by name.
    "lock_imported_by_name": {"World.py": [
        ("import threading\nimport time\n",
         "import threading\nimport time\nfrom threading import Lock\n"),
        ("self.lock = threading.Lock()", "self.lock = Lock()")]},
    # A re-entrant lock also does.
    "rlock": {"World.py": [("self.lock = threading.Lock()", "self.lock = threading.RLock()")]},
    # The monster's thread takes the lock around monsterMove instead of monsterMove itself.
    "lock_taken_in_monster_run": {
        "World.py": [(MONSTER_MOVE_LOCKED, MONSTER_MOVE_UNLOCKED)],
        "Monster.py": [(MONSTER_RUN_STEP,
                        "            with self._world.lock:\n"
                        "                self._world.monsterMove(self._x + dx, self._y + dy, "
                        "self)\n")]},
    # Each Monster is a threading.Thread whose run() is its life; World starts it.
    "monster_is_a_thread": {
        "Monster.py": [("import random\n", "import random\nimport threading\n"),
                       ("class Monster:", "class Monster(threading.Thread):"),
                       ("        self._world = world\n",
                        "        super().__init__(daemon=True)\n        self._world = world\n")],
        "World.py": [(THREAD_PER_MONSTER, "                for monster in self._monsters:\n"
                                          "                    monster.start()\n"
                                          "                    self._threads.append(monster)\n")]},
    # The spec leaves the coordinate system free: scales in tiles instead of pixels.
    "scales_in_tiles": {
        "World.py": [("StdDraw.setXscale(0, self._width * Tile.SIZE)",
                      "StdDraw.setXscale(0, self._width)"),
                     ("StdDraw.setYscale(0, self._height * Tile.SIZE)",
                      "StdDraw.setYscale(0, self._height)")],
        "Tile.py": [("return (x + 0.5) * Tile.SIZE, (y + 0.5) * Tile.SIZE",
                     "return x + 0.5, y + 0.5")]},
    # CLARIFICATIONS.md names monsterMove(...) without its parameters: the monster first and
    # the step (dx, dy) instead of the target (issue 16, class 9).
    "monster_move_takes_monster_and_step": {
        "World.py": MONSTER_AND_STEP_WORLD,
        "Monster.py": [(MONSTER_RUN_STEP, MONSTER_AND_STEP_CALL)]},
    # The same, from a monster that steps first and sleeps after: its first call comes as its
    # thread starts, and the grader learns the parameters from that call.
    "monster_steps_before_it_sleeps": {
        "World.py": MONSTER_AND_STEP_WORLD,
        "Monster.py": [("        while self._hp > 0 and self._world.waitTurn(self._sleep_ms):\n",
                        "        while self._hp > 0:\n"),
                       (MONSTER_RUN_STEP, MONSTER_AND_STEP_CALL
                        + "            if not self._world.waitTurn(self._sleep_ms):\n"
                          "                return\n")]},
    # Plain time.sleep between steps: a thread ends the next time it wakes after the game.
    "time_sleep": {"World.py": [(WAIT_TURN, "        time.sleep(sleep_ms / MS_PER_S)\n"
                                            "        return self._gameOn()\n")]},
}
