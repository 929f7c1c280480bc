"""Used Threads for Each Monster (4): a thread per monster, ending with its monster or the game.

Threads are observed at run time in the sandbox: those alive beside the main thread once the
World is built, and which thread made each ``world.monsterMove`` call for which monster. A
thread that does not end when it should is judged after a generous wait (many times the
monsters' sleepMs). That watch runs beside the submission, which could rewrite what it says,
so the kernel's count of the process's threads, made by the grader from outside while the
driver pauses, must agree: as many threads once the World is built, and as many fewer at the
end as the watch saw end.
"""

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima0_1.ultima01_probes import (
    require_threads_ended,
    require_threads_started,
    spread_problem,
    threads_probe,
)
from autograder.suites.ultima0_1.ultima01_rules import Hero, Map01, MonsterLine

TIMEOUT_S = 10
# The avatar (@) kills the two monsters hemmed in beside it, A and C; B lives on behind water.
#   x:   0 1 2 3 4 5
#   y=2: W W W W G G
#   y=1: A @ C W G B
#   y=0: W W W W G G
DEATHS = Map01.from_rows(["WWWWGG", "GGGWGG", "WWWWGG"], Hero(1, 1, 100, 5, 10.0), [
    MonsterLine("SK", 0, 1, 5, 0, 50), MonsterLine("OR", 2, 1, 3, 0, 100),
    MonsterLine("BA", 5, 1, 10, 0, 20)])
DEATHS_ATTACKS = [[0, 1], [2, 1]]
# The avatar (1 hit point) steps onto lava (L), and the orc above it (O), whose only free step
# is onto the avatar, attacks it: either kills it. Two monsters roam on behind water.
#   x:   0 1 2 3 4 5
#   y=1: W O W G G G
#   y=0: L @ W G G G
GAME_OVER = Map01.from_rows(["WGWGGG", "LGWGGG"], Hero(1, 0, 1, 1, 4.0), [
    MonsterLine("OR", 1, 1, 10, 2, 30), MonsterLine("SK", 4, 0, 10, 0, 20),
    MonsterLine("BA", 5, 1, 10, 0, 20)])
GAME_OVER_STEP = [0, 0]
WAIT_S = 2.0  # for a death to happen, and then for threads to end
# How long the living monster (sleepMs 20) may take to step again once the others are dead.
SURVIVOR_WAIT_S = 0.2
# How long an ended thread may take to leave the kernel before the grader counts (a busy
# machine can hold an exiting thread back for seconds; a correct game never waits it out).
EXIT_WAIT_S = 10.0

DEATHS_DRIVER = Driver("ultima0_1.deaths")

GAME_OVER_DRIVER = Driver("ultima0_1.game_over")


@check(item="threads", points=2, timeout=TIMEOUT_S)
def test_threads_one_per_monster(sandbox):
    """World starts one thread per monster, and each monster's steps come from its own thread"""
    problem = spread_problem(sandbox)
    if problem is not None:
        raise problem


@check(item="threads", points=1, timeout=TIMEOUT_S)
def test_threads_end_when_their_monster_dies(sandbox):
    """a monster killed by the avatar: its thread ends, while the others run on"""
    got, counts = threads_probe(sandbox, DEATHS_DRIVER, DEATHS, attacks=DEATHS_ATTACKS,
                                wait_s=WAIT_S, survivor_wait_s=SURVIVOR_WAIT_S,
                                exit_wait_s=EXIT_WAIT_S,
                                starts=[[m.x, m.y] for m in DEATHS.monsters])
    require_threads_started(got, counts, DEATHS)
    killed = got.killed
    if (not isinstance(killed, list) or len(killed) != len(DEATHS_ATTACKS)
            or not all(isinstance(hp, (int, float)) and hp <= 0 for hp in killed)):
        raise WrongOutput(f"the monsters on (0, 1) and (2, 1) have {killed!r} hit points after "
                          f"the avatar's attacks, expected 0 or less",
                          "map file:\n" + DEATHS.text())
    if got.left != 1:
        raise WrongOutput(f"{got.left!r} monster threads still run {WAIT_S} s after two "
                          f"of the three monsters died, expected 1: a dead monster's thread "
                          f"ends", "map file:\n" + DEATHS.text())
    if got.survivor_steps <= 0:
        raise WrongOutput("the living monster stopped stepping once the others died",
                          "map file:\n" + DEATHS.text())
    require_threads_ended(counts, len(DEATHS_ATTACKS), DEATHS)


@check(item="threads", points=1, timeout=TIMEOUT_S)
def test_threads_end_when_the_game_ends(sandbox):
    """once the avatar is dead every monster thread ends, though monsters are alive"""
    got, counts = threads_probe(sandbox, GAME_OVER_DRIVER, GAME_OVER, wait_s=WAIT_S,
                                exit_wait_s=EXIT_WAIT_S, step=GAME_OVER_STEP)
    require_threads_started(got, counts, GAME_OVER)
    if got.over is not True:
        raise WrongOutput(f"the avatar (1 hit point) was still alive {WAIT_S} s after it "
                          f"stepped onto lava next to an orc (damage 2)",
                          "map file:\n" + GAME_OVER.text())
    if got.left != 0:
        raise WrongOutput(f"{got.left!r} monster threads still run {WAIT_S} s after the "
                          f"avatar died, expected none: the game is over",
                          "map file:\n" + GAME_OVER.text())
    require_threads_ended(counts, len(GAME_OVER.monsters), GAME_OVER)
