"""Ultima 0.1 reference, in-process: Tile, Avatar, Monster, monsterMove/avatarMove, threads.

Worlds are built from small hand-written maps. Monsters that must stand still sleep 10**9 ms:
their threads exist (and are counted) but never step, so the moves under test are the only ones.
"""

import sys
import threading
from pathlib import Path

import pytest
from variantkit import import_file


S = import_file("ultima01_support", Path(__file__).resolve().parent / "ultima01_support.py")
STILL = S.SLEEP_FOREVER_MS
MODULE_NAMES = ("Tile", "Avatar", "Monster", "World", "Ultima", "StdDraw", "picture", "color")
JOIN_S = 10.0  # generous: a thread that has not ended by then never will


class Modules:
    """The folder's modules, and the worlds built during one test (stopped afterwards)."""

    def __init__(self, tmp_path):
        import Avatar
        import Monster
        import Tile
        import World
        self.Tile, self.Avatar, self.Monster, self.World = Tile, Avatar, Monster, World
        self._tmp_path = tmp_path
        self.worlds = []

    def world(self, rows, start, monsters=(), seed=None):
        """Build a World from a map written to the test's folder."""
        path = S.write_map(self._tmp_path, f"map{len(self.worlds)}.txt", [r.split() for r in rows],
                           start, monsters)
        world = self.World.World(path, seed=seed)
        self.worlds.append(world)
        return world


@pytest.fixture()
def u(tmp_path, monkeypatch):
    """Import the reference's modules from ultima0_1; stop its threads, undo the imports."""
    monkeypatch.setenv("STDDRAW_HEADLESS", "1")
    saved_path, saved_modules = list(sys.path), dict(sys.modules)
    for name in MODULE_NAMES:
        sys.modules.pop(name, None)
    sys.path.insert(0, str(S.FOLDER))
    modules = None
    try:
        modules = Modules(tmp_path)
        yield modules
    finally:
        for world in modules.worlds if modules else []:
            world.stop()
        sys.path[:] = saved_path
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]
        sys.modules.update(saved_modules)


def monster_threads():
    """Return the names of the live monster threads."""
    return sorted(t.name for t in threading.enumerate() if t.name.startswith("monster-"))


def where(monster):
    """Return a monster's (x, y, hit points)."""
    return monster.getX(), monster.getY(), monster.getHitPoints()


def hero(world):
    """Return the avatar's (x, y, hit points)."""
    return world.avatar.getX(), world.avatar.getY(), world.avatar.getHitPoints()


# --- Tile, Avatar, Monster ----------------------------------------------------------------------

def test_only_lava_does_damage(u):
    assert {code: u.Tile.Tile(code).getDamage() for code in "BLWFGMS"} == {
        "B": 0, "L": 1, "W": 0, "F": 0, "G": 0, "M": 0, "S": 0}


def test_avatar_keeps_hit_points_damage_and_torch(u):
    hero_ = u.Avatar.Avatar(2, 3, 20, 4, 6.5)
    assert (hero_.getHitPoints(), hero_.getDamage(), hero_.getTorchRadius()) == (20, 4, 6.5)
    hero_.incurDamage(7)
    hero_.incurDamage(14)
    assert hero_.getHitPoints() == -1
    hero_.decreaseTorch()
    assert hero_.getTorchRadius() == 6.0


def test_monster_accessors_and_damage(u):
    orc = u.Monster.Monster(None, "OR", 6, 19, 8, 2, 750)
    assert (orc.getX(), orc.getY(), orc.getHitPoints(), orc.getDamage()) == (6, 19, 8, 2)
    orc.setLocation(5, 19)
    orc.incurDamage(3)
    assert (where(orc), orc.hurtDrawsLeft()) == ((5, 19, 5), 3)
    with pytest.raises(ValueError, match="unknown monster code 'DR'"):
        u.Monster.Monster(None, "DR", 0, 0, 1, 1, 1)


def test_monster_shows_hit_points_in_red_for_three_draws(u, monkeypatch):
    calls = []
    shim = u.Monster.StdDraw
    monkeypatch.chdir(S.FOLDER)
    monkeypatch.setattr(shim, "picture", lambda pic, x, y: calls.append(("picture", x, y)))
    monkeypatch.setattr(shim, "setPenColor", lambda c: calls.append(("pen", str(c))))
    monkeypatch.setattr(shim, "text", lambda x, y, s: calls.append(("text", x, y, s)))
    bat = u.Monster.Monster(None, "BA", 2, 1, 4, 1, 500)
    bat.incurDamage(1)
    for _ in range(5):
        bat.draw()
    picture, pen, text = ("picture", 40.0, 24.0), ("pen", str(shim.RED)), ("text", 40.0, 24.0, "3")
    assert calls == [picture, pen, text] * 3 + [picture] * 2


# --- monsterMove ----------------------------------------------------------------------------------

ARENA = ["G G S G",
         "G L G W",
         "G G G G"]


def test_monster_blocked_by_map_edge_impassable_tiles_and_monsters(u):
    world = u.world(ARENA, (0, 0, 20, 3, 4.0),
                    [("SK", 3, 0, 10, 2, STILL), ("OR", 2, 0, 10, 2, STILL),
                     ("BA", 3, 2, 10, 2, STILL)])
    skeleton, orc, bat = world.getMonsters()
    for x, y in ((4, 0), (3, -1), (3, 1), (2, 0)):  # off east, off south, water, the orc
        world.monsterMove(x, y, skeleton)
    world.monsterMove(2, 2, bat)  # stone wall
    world.monsterMove(3, 3, bat)  # off north
    assert [where(m) for m in (skeleton, orc, bat)] == [(3, 0, 10), (2, 0, 10), (3, 2, 10)]
    assert hero(world) == (0, 0, 20)


def test_monster_attacks_the_avatar_and_stays(u):
    world = u.world(ARENA, (0, 0, 20, 3, 4.0), [("OR", 1, 0, 10, 2, STILL)])
    (orc,) = world.getMonsters()
    world.monsterMove(0, 0, orc)
    world.monsterMove(0, 0, orc)
    assert (where(orc), hero(world)) == ((1, 0, 10), (0, 0, 16))
    assert orc.hurtDrawsLeft() == 0


def test_monster_moves_and_lava_burns_it(u):
    world = u.world(ARENA, (0, 0, 20, 3, 4.0), [("SL", 2, 0, 6, 2, STILL)])
    (slime,) = world.getMonsters()
    world.monsterMove(2, 1, slime)
    assert (where(slime), slime.hurtDrawsLeft()) == ((2, 1, 6), 0)
    world.monsterMove(1, 1, slime)
    assert (where(slime), slime.hurtDrawsLeft()) == ((1, 1, 5), 3)
    world.monsterMove(2, 1, slime)
    world.monsterMove(1, 1, slime)  # the old tile is free again, lava burns again
    assert where(slime) == (1, 1, 4)


def test_lava_kills_a_monster_which_leaves_and_whose_thread_ends(u):
    world = u.world(ARENA, (0, 0, 20, 3, 4.0),
                    [("SK", 1, 0, 1, 1, STILL), ("BA", 3, 0, 5, 1, STILL)])
    skeleton, bat = world.getMonsters()
    assert monster_threads() == ["monster-0-SK", "monster-1-BA"]
    world.monsterMove(1, 1, skeleton)
    assert world.getMonsters() == [bat] and world.getNumMonsters() == 1
    # A removed monster can do nothing more: its own moves are ignored.
    world.monsterMove(1, 2, skeleton)
    assert where(skeleton) == (1, 1, 0)


# --- avatarMove and handleKey --------------------------------------------------------------------

def test_avatar_blocked_by_edge_and_impassable_tiles(u):
    world = u.world(ARENA, (3, 2, 20, 3, 4.0), [("SK", 0, 2, 10, 1, STILL)])
    for x, y in ((4, 2), (3, 3), (3, 1), (2, 2)):  # off east, off north, water, wall
        world.avatarMove(x, y)
    assert hero(world) == (3, 2, 20)


def test_avatar_attacks_a_monster_and_stays_then_kills_it(u):
    world = u.world(ARENA, (0, 0, 20, 4, 4.0),
                    [("OR", 1, 0, 8, 2, STILL), ("SK", 3, 2, 10, 1, STILL)])
    orc, skeleton = world.getMonsters()
    world.avatarMove(1, 0)
    assert (hero(world), where(orc), orc.hurtDrawsLeft()) == ((0, 0, 20), (1, 0, 4), 3)
    world.handleKey("d")
    assert world.getMonsters() == [skeleton] and world.getNumMonsters() == 1
    world.handleKey("d")  # the tile is free now
    assert hero(world) == (1, 0, 20)


def test_avatar_moves_onto_lava_and_burns_and_keys_change_the_torch(u):
    world = u.world(ARENA, (0, 0, 20, 4, 2.0), [("SK", 3, 0, 10, 1, STILL)])
    with world.lock:
        assert world.light(0, 0, 2.0) == S.model_light([r.split() for r in ARENA], 0, 0, 2.0)
    world.handleKey("w")
    world.handleKey("d")
    assert hero(world) == (1, 1, 19)
    world.handleKey("d")
    world.handleKey("a")
    assert hero(world) == (1, 1, 18)
    world.handleKey("+")
    world.handleKey("?")
    assert world.avatar.getTorchRadius() == 2.5


def test_dead_avatar_neither_moves_nor_is_attacked(u):
    world = u.world(ARENA, (0, 0, 2, 4, 4.0), [("OR", 1, 0, 8, 5, STILL)])
    (orc,) = world.getMonsters()
    world.monsterMove(0, 0, orc)
    assert not world.avatarAlive() and hero(world) == (0, 0, -3)
    world.monsterMove(0, 0, orc)
    world.avatarMove(0, 1)
    world.avatarMove(1, 0)
    assert (hero(world), where(orc)) == ((0, 0, -3), (1, 0, 8))


# --- threads -----------------------------------------------------------------------------------

def test_one_daemon_thread_per_monster_all_ended_by_stop(u):
    world = u.world(ARENA, (0, 0, 20, 3, 4.0),
                    [("SK", 3, 0, 10, 2, STILL), ("OR", 2, 0, 10, 2, STILL),
                     ("BA", 3, 2, 10, 2, STILL), ("SL", 0, 2, 10, 2, STILL)])
    threads = [t for t in threading.enumerate() if t.name.startswith("monster-")]
    assert sorted(t.name for t in threads) == ["monster-0-SK", "monster-1-OR", "monster-2-BA",
                                               "monster-3-SL"]
    assert all(t.daemon for t in threads) and len({t.ident for t in threads}) == 4
    # The threads sleep 10**9 ms; stop() wakes them, so they all end.
    assert world.stop(JOIN_S) is True
    assert monster_threads() == [] and not any(t.is_alive() for t in threads)
    assert world.stop(JOIN_S) is True


def test_monsters_wander_by_themselves_and_stay_apart(u):
    rows = ["G G G G G G", "G G G G G G", "G G G G G G", "G G G G G G"]
    world = u.world(rows, (0, 0, 10 ** 6, 1, 10.0),
                    [("SK", 5, 3, 10, 1, 1), ("OR", 4, 3, 10, 1, 1), ("BA", 5, 2, 10, 1, 1)],
                    seed=7)
    start = [where(m) for m in world.getMonsters()]
    moved = threading.Event()
    for _ in range(2000):
        with world.lock:
            now = [where(m) for m in world.getMonsters()]
            assert len({(x, y) for x, y, _hp in now}) == 3
        if now != start:
            moved.set()
            break
        moved.wait(0.001)
    assert moved.is_set()


def test_thread_ends_after_its_monster_dies(u):
    # The bat wakes every millisecond, hemmed in between the avatar and the skeleton; once the
    # avatar kills it, its thread ends on its own (the world is not stopped).
    world = u.world(["G G G"], (0, 0, 10 ** 6, 10, 4.0),
                    [("BA", 1, 0, 5, 0, 1), ("SK", 2, 0, 5, 0, STILL)])
    bat_thread = next(t for t in threading.enumerate() if t.name == "monster-0-BA")
    world.avatarMove(1, 0)
    assert world.getNumMonsters() == 1
    bat_thread.join(JOIN_S)
    assert not bat_thread.is_alive() and monster_threads() == ["monster-1-SK"]


def test_every_thread_ends_by_itself_when_the_avatar_dies(u):
    world = u.world(["G G G"], (1, 0, 3, 1, 4.0), [("OR", 0, 0, 5, 1, 1), ("SK", 2, 0, 5, 1, 1)])
    threads = [t for t in threading.enumerate() if t.name.startswith("monster-")]
    for thread in threads:
        thread.join(JOIN_S)
    assert not world.avatarAlive() and not any(t.is_alive() for t in threads)


def test_every_thread_ends_by_itself_when_the_last_monster_dies(u):
    world = u.world(["G G S"], (0, 0, 10, 5, 4.0), [("SL", 1, 0, 5, 0, 1)])
    (slime,) = world.getMonsters()
    (thread,) = [t for t in threading.enumerate() if t.name.startswith("monster-")]
    world.avatarMove(1, 0)  # walls and the avatar hem the slime in: it is still on (1, 0)
    thread.join(JOIN_S)
    assert (world.getNumMonsters(), world.avatarAlive(), thread.is_alive()) == (0, True, False)
    assert slime.getHitPoints() == 0
