"""World (8): loading 0.1 maps, what monsterMove and avatarMove decide, the end of the game.

Worlds are loaded from small hand-written maps with their monsters frozen (Monster.run returns
at once), so that only the calls a check makes move anyone; after every call the avatar and every
monster (position, hit points), getNumMonsters() and avatarAlive() are compared with
``ultima01_rules.Game``, the rules of CLARIFICATIONS.md run here. The end of the game is played by
Ultima.py (the submission's, or the course's), headless.
"""

from typing import List

from autograder import WrongOutput, check
from autograder.suites.ultima0_1.ultima01_probes import MAIN_PROGRAM, check_script, run_program
from autograder.suites.ultima0_1.ultima01_rules import (
    COURSE_MAPS,
    COURSE_MAPS_DIR,
    LOSE_MESSAGE,
    MONSTER_IMAGES,
    WIN_MESSAGE,
    Hero,
    Map01,
    MonsterLine,
    describe_ops,
    play_ops,
    same_number,
)

TIMEOUT_S = 5
STILL_MS = 10 ** 6  # a monster that never wakes during a check
# Loading: a hand-written map with CRLF endings, tabs, trailing spaces and blank lines.
ODD_MAP = (b"5 3\r\n2 1 12 3 4.5\r\nG G W G G \r\nG\tG G L G\r\nB F G G M\r\n\r\n"
           b"SK 0 0 4 1 1000000\r\n\r\nBA 4 2 3 2 1000000\r\n  \r\nSL 3 0 7 0 1000000\r\n")

# Blocked: off every edge, water, mountains, stone wall, another monster.
BLOCKS = Map01.from_rows(["GWGSG", "MGWGG", "GGSGG"], Hero(3, 0, 20, 1, 10.0), [
    MonsterLine("SK", 0, 0, 5, 1, STILL_MS), MonsterLine("OR", 1, 0, 5, 1, STILL_MS),
    MonsterLine("BA", 1, 1, 5, 1, STILL_MS), MonsterLine("SL", 4, 2, 5, 1, STILL_MS)])
BLOCKED_OPS = [["monster", 0, 0, -1, 0], ["monster", 0, 0, 0, -1], ["monster", 0, 0, 0, 1],
               ["monster", 0, 0, 1, 0], ["monster", 1, 0, 2, 0], ["monster", 1, 1, 1, 2],
               ["monster", 1, 1, 2, 1], ["monster", 1, 1, 0, 1], ["monster", 1, 1, 1, 0],
               ["monster", 4, 2, 5, 2], ["monster", 4, 2, 4, 3], ["monster", 4, 2, 3, 2]]
# Monsters attack the avatar, down to exactly 0 hit points.
ATTACKS = Map01.from_rows(["GGG", "GGG"], Hero(1, 0, 5, 1, 10.0), [
    MonsterLine("OR", 0, 0, 5, 2, STILL_MS), MonsterLine("SK", 2, 0, 5, 1, STILL_MS),
    MonsterLine("BA", 1, 1, 5, 0, STILL_MS)])
ATTACK_OPS = [["monster", 0, 0, 1, 0], ["monster", 2, 0, 1, 0], ["monster", 1, 1, 1, 0],
              ["monster", 0, 0, 1, 0]]
# A slime walks over brick floor, forest and lava (burning 1 a step) until lava kills it.
WALKS = Map01.from_rows(["BFGGG", "GLLGW"], Hero(4, 1, 20, 1, 10.0), [
    MonsterLine("SL", 0, 0, 3, 1, STILL_MS), MonsterLine("BA", 2, 1, 5, 1, STILL_MS)])
WALK_OPS = [["monster", 0, 0, 0, 1], ["monster", 0, 0, 1, 1], ["monster", 0, 0, 1, 0],
            ["monster", 0, 0, 2, 0], ["monster", 0, 0, 3, 0], ["monster", 2, 1, 3, 1],
            ["monster", 2, 1, 2, 1], ["monster", 0, 0, 2, 0]]
# Keys move the avatar: blocked by water, mountains, a wall and the edges; lava burns it.
KEYS = Map01.from_rows(["GWGGS", "MGLGG", "GBFGG"], Hero(1, 1, 10, 1, 10.0), [
    MonsterLine("SK", 4, 0, 5, 1, STILL_MS)])
KEY_OPS = [["key", key] for key in "wasaaddwwsddwdx +-"]
# The avatar attacks and stays, kills, and then walks where its victim stood.
FIGHTS = Map01.from_rows(["GGGG", "GGGG"], Hero(1, 0, 20, 3, 10.0), [
    MonsterLine("OR", 2, 0, 7, 1, STILL_MS), MonsterLine("SK", 1, 1, 3, 1, STILL_MS)])
FIGHT_OPS = [["avatar", 2, 0], ["key", "d"], ["avatar", 1, 1], ["key", "w"], ["key", "s"],
             ["key", "d"]]
# Dead monsters leave: one killed by the avatar, one by lava; the world drawn before and after.
DEATHS = Map01.from_rows(["GGGG", "GGLG"], Hero(0, 0, 20, 5, 10.0), [
    MonsterLine("SK", 1, 0, 5, 1, STILL_MS), MonsterLine("BA", 3, 0, 1, 1, STILL_MS),
    MonsterLine("OR", 2, 1, 9, 1, STILL_MS)])
DEATH_OPS = [["draw"], ["avatar", 1, 0], ["monster", 3, 0, 2, 0], ["draw"],
             ["monster", 2, 1, 2, 0], ["key", "d"], ["draw"]]

# The end of the game, played by Ultima.py: the avatar kills the only monster, or the only
# monster (whose one free step is onto the avatar) kills it.
WIN = Map01.from_rows(["GGW"], Hero(0, 0, 50, 5, 4.0), [MonsterLine("SK", 1, 0, 5, 1, 50)])
LOSE = Map01.from_rows(["GGW"], Hero(0, 0, 1, 1, 4.0), [MonsterLine("OR", 1, 0, 50, 3, 5)])
WIN_KEYS = "d"
END_FRAME_MS = 20
END_IDLE_SHOWS = 150  # frames without a key (3 s) before the window closes by itself
END_TIMEOUT_S = 10


@check(item="world", points=1, timeout=TIMEOUT_S * 2)
def test_world_loads_maps_with_monsters(sandbox):
    """World(MAP): avatar x y hp damage torch, and every monster line (course maps too)"""
    cases = [(name, (COURSE_MAPS_DIR / name).read_bytes()) for name in COURSE_MAPS]
    cases.append(("odd_spacing", ODD_MAP))
    for name, text in cases:
        world_map = Map01.parse(text.decode("utf-8"))
        seen = check_script(sandbox, world_map, [], name, text=text)
        hero = seen.extra.get("hero")
        want = [world_map.hero.damage, world_map.hero.torch]
        if not isinstance(hero, list) or not all(map(same_number, hero, want)) or len(hero) != 2:
            raise WrongOutput(f"after loading {name}: the avatar's getDamage() and "
                              f"getTorchRadius() returned {hero!r}, expected {want}")
        damages = seen.extra.get("damages")
        want = [m.damage for m in world_map.monsters]
        if (not isinstance(damages, list) or len(damages) != len(want)
                or not all(map(same_number, damages, want))):
            raise WrongOutput(f"after loading {name}: the monsters' getDamage() returned "
                              f"{damages!r}, expected {want} (map order)")


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_monster_move_blocked(sandbox):
    """monsterMove: off the map, water, mountains, stone wall or another monster: nothing"""
    check_script(sandbox, BLOCKS, BLOCKED_OPS, "blocked")


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_monster_move_attacks_the_avatar(sandbox):
    """monsterMove onto the avatar: it loses the monster's damage, the monster stays"""
    check_script(sandbox, ATTACKS, ATTACK_OPS, "attacks")


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_monster_move_moves_and_lava_burns(sandbox):
    """monsterMove onto a free tile moves the monster; lava takes 1 hit point a step"""
    check_script(sandbox, WALKS, WALK_OPS, "walks")


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_keys_move_the_avatar(sandbox):
    """handleKey/avatarMove: w/s/a/d move, blocked by water, rock and edges; lava burns"""
    check_script(sandbox, KEYS, KEY_OPS, "keys")


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_avatar_attacks_monsters(sandbox):
    """avatarMove onto a monster: it loses the avatar's damage, the avatar stays"""
    check_script(sandbox, FIGHTS, FIGHT_OPS, "fights")


@check(item="world", points=1, timeout=TIMEOUT_S)
def test_world_dead_monsters_vanish(sandbox):
    """a monster at 0 hit points leaves: not counted, not drawn, its tile free"""
    seen = check_script(sandbox, DEATHS, DEATH_OPS, "deaths")
    for index, frame in enumerate(seen.drawn):
        if frame is None:
            continue
        state = play_ops(DEATHS, DEATH_OPS[:index + 1])[-1]
        want = sorted((MONSTER_IMAGES[line.code], (m[0], m[1]))
                      for line, m in zip(DEATHS.monsters, state.monsters) if m[2] > 0)
        drawn = sorted((image, tile) for image, tile, _order in frame.monsters)
        if drawn != want:
            calls = describe_ops(DEATH_OPS[:index + 1], DEATHS)
            raise WrongOutput(f"world.draw() drew the monsters {drawn}, expected {want}: only "
                              f"monsters with hit points left are in the world", calls)


def _ending(sandbox, submission, world_map: Map01, name: str, keys: str) -> List[str]:
    """Play ``world_map`` with Ultima.py until the game ends; return the lines it printed."""
    file = f"grader_{name}.txt"
    result = run_program(sandbox, submission, [MAIN_PROGRAM, file], keys=keys,
                         idle=END_IDLE_SHOWS, frame_ms=END_FRAME_MS, timeout=END_TIMEOUT_S,
                         files={file: world_map.text().encode()})
    # Judged by what was printed, even if a thread then kept the program alive: that costs
    # points under Program Compiles and Runs and the threads.
    return [line.strip() for line in result.stdout.decode("utf-8", "replace").splitlines()
            if line.strip()]


@check(item="world", points=1, timeout=END_TIMEOUT_S * 2)
def test_world_game_ends_with_you_win_or_you_lose(sandbox, submission):
    """Ultima.py: killing the last monster prints You win!!!, dying prints You lose..."""
    for world_map, name, keys, message, other, what in (
            (WIN, "win", WIN_KEYS, WIN_MESSAGE, LOSE_MESSAGE,
             f"typing {WIN_KEYS!r} kills the only monster"),
            (LOSE, "lose", "", LOSE_MESSAGE, WIN_MESSAGE,
             "the only monster can step nowhere but onto the avatar, which has 1 hit point")):
        lines = _ending(sandbox, submission, world_map, name, keys)
        if message not in lines or other in lines:
            raise WrongOutput(f"`python Ultima.py grader_{name}.txt`: {what}; the program "
                              f"printed {lines[-3:] or 'nothing'}, expected {message!r}",
                              "map file:\n" + world_map.text())
