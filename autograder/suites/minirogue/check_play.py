"""Playing checks: monsters approaching, fighting, objects and the inventory, stairs.

The grader plays a seeded game: it plans keys from the last screen (walk to a weapon,
chase a monster), replays the game with them and looks again (``screens.Game``). The
player cheats first (``c``), so that it lives long enough for the check.
"""

import re
from dataclasses import dataclass
from functools import partial
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from autograder import LeftToMarker, WrongOutput, check
from autograder.suites.minirogue.screens import (
    CHEAT_KEY,
    IDLE_KEY,
    MONSTER_NAMES,
    MOVES,
    Game,
    Screen,
    Square,
    Statistics,
    distances,
    floor,
    launch,
    manhattan,
    nearest,
    open_square,
    path_keys,
    require_seed,
    step,
)

TIMEOUT_S = 20
# Checks that judge the same remembered games (Runner.remember), which one worker plays for
# all of them (autograder.checks.check's ``shares``): the hunts and chases of monsters, and
# the walks to the nearest item of a kind.
FIGHTS = "the hunts and chases"
WALKS = "the walks to an item"
SEEDS = tuple(str(seed) for seed in range(1, 9))
# The goblin chase is judged over more games: a goblin that is wrong only when a wall stands
# between it and the player shows it on few levels, and which levels a seed gives depends on
# how the submission draws them (the reference's goblin through walls shows it on one of
# the first eight seeds).
GOBLIN_SEEDS = tuple(str(seed) for seed in range(1, 17))
WALK_ROUNDS, KEYS_PER_ROUND = 12, 8
# Rounds of chasing and striking a monster, and the strikes typed per round.
HUNT_ROUNDS, STRIKES_PER_ROUND = 25, 3
GOBLIN_SMELL = 15
SNAKEWOMAN_SMELL = 3
# Idle turns watched while goblins close in on the cheating player.
CHASE_TURNS = 30
# Idle turns watched at each side of the smell distance's edge.
EDGE_WAITS = 2
# A goblin with another monster this close may be blocked by it this turn: it is not judged.
CROWD_DISTANCE = 2
# Times a command is typed again when a sleeping player seems to ignore it: a sleep time is
# at most 9 (spec, Actors: "an integer from 0 to 9").
SLEEP_RETRIES = 10
ACTORS = "(?:Player|the (?:Bogeyman|Snakewoman|Dragon|Goblin))"
ATTACK = re.compile(
    rf"(?P<attacker>{ACTORS}) (?:swings mace|slashes short sword|swings long sword|"
    rf"chops magic axe|strikes magic fangs) at (?P<defender>{ACTORS})"
    rf"(?: and hits\.| and misses\.| dealing a final blow\.| and hits, putting "
    rf"(?P<sleeper>{ACTORS}) to sleep\.)")
# A line that reports an attack, however worded: it opens with an actor and names one after
# "at". Other messages may say "at" (the spec leaves the wording of messages it does not
# list open, e.g. "You see a mace at your feet."), and are no attack messages.
LOOSE_ACTOR = r"(?:player|you|(?:the |an? )?(?:bogeyman|snakewoman|dragon|goblin))\b"
ATTACK_LIKE = re.compile(rf"{LOOSE_ACTOR}.* at {LOOSE_ACTOR}", re.IGNORECASE)
SCROLL_PICKUP = "You pick up a scroll called "
WEAPON_NAMES = ("mace", "short sword", "long sword", "magic axe", "magic fangs of sleep")
SCROLL_EFFECTS = {
    "scroll of improve armor": "Your armor glows blue.",
    "scroll of enhance armor": "Your armor glows blue.",
    "scroll of raise strength": "Your muscles bulge.",
    "scroll of strength": "Your muscles bulge.",
    "scroll of enhance health": "You feel your heart beating stronger.",
    "scroll of enhance dexterity": "You feel like less of a klutz.",
    "scroll of teleportation": "You feel your body wrenched in space and time.",
}


def new_game(sandbox, submission, seed: str, keys=()) -> Game:
    """Start a seeded game with ``keys`` typed; return it.

    Raises:
        LeftToMarker: the submission's games cannot be seeded (a C++ project that does not
            build with the grader's utilities).
    """
    how = launch(sandbox, submission)
    require_seed(how)
    game = Game(sandbox, how, seed, TIMEOUT_S)
    game.play(keys)
    return game


def all_messages(game: Game) -> List[str]:
    """Return every message line of every level screen of the last replay, in order."""
    return [line for screen in game.screens() if screen.is_level()
            for line in screen.messages()]


def until(game: Game, keys: List[str], wanted: Callable[[List[Screen]], bool],
          tries: int = SLEEP_RETRIES) -> bool:
    """Type ``keys`` until the screens they bring satisfy ``wanted``; return whether they did.

    Magic fangs can put the player to sleep, and a sleeping player's keys are lost, so a
    command that seems ignored is typed again a few times.
    """
    for _ in range(tries):
        screens = game.play(keys)
        if wanted(screens[-len(keys):]):
            return True
    return False


def shows(*lines: str) -> Callable[[List[Screen]], bool]:
    """Return a test that the last level screen's messages include ``lines`` in a row."""
    def test(screens: List[Screen]) -> bool:
        levels = [screen for screen in screens if screen.is_level()]
        messages = levels[-1].messages() if levels else []
        return any(messages[i:i + len(lines)] == list(lines) for i in range(len(messages)))
    return test


def walk_to_nearest(sandbox, submission, symbol: str) -> Optional[Game]:
    """Return a cheating game whose player stands on the nearest ``symbol``, or None."""
    return next(walks_to_nearest(sandbox, submission, symbol, SEEDS), None)


def walks_to_nearest(sandbox, submission, symbol: str, seeds: Sequence[str]) -> Iterator[Game]:
    """Yield, for each of ``seeds`` in turn, a cheating game whose player stands on the
    nearest ``symbol``; seeds where it cannot be reached are skipped.

    Each seed's walk is planned once per grading run: a check that walks the same way again
    replays the keys found.
    """
    for seed in seeds:
        keys = sandbox.remember(f"walk to {symbol} {seed}",
                                partial(plan_walk, sandbox, submission, seed, symbol))
        if keys is not None:
            yield new_game(sandbox, submission, seed, keys)


def plan_walk(sandbox, submission, seed: str, symbol: str) -> Optional[List[str]]:
    """Return the keys (the cheat first) that walk the player onto the nearest ``symbol`` in
    the game of ``seed``, or None if it cannot be reached."""
    game = new_game(sandbox, submission, seed, [CHEAT_KEY])
    screen = game.last_level()
    target = nearest(screen, symbol) if screen else None
    reached = target is not None and game.walk_to(target, WALK_ROUNDS, KEYS_PER_ROUND)
    return game.keys if reached else None


def hunt(sandbox, submission) -> Optional[Game]:
    """Return a cheating game that chased the nearest monster until the player dealt a
    killing blow, or None if no seed led to one (played once per grading run)."""
    return sandbox.remember("hunt", lambda: _hunt(sandbox, submission))


def _hunt(sandbox, submission) -> Optional[Game]:
    """Play the hunts ``hunt`` describes."""
    for seed in SEEDS:
        game = new_game(sandbox, submission, seed, [CHEAT_KEY])
        for _ in range(HUNT_ROUNDS):
            if any("Player" in line and "dealing a final blow." in line
                   for line in all_messages(game)):
                return game
            screen = game.last_level()
            if screen is None or screen.player() is None:
                break
            keys = keys_towards_monster(screen)
            if not keys:
                break
            game.play(keys)
    return None


def keys_towards_monster(screen: Screen) -> List[str]:
    """Return strikes at an adjacent monster, or the first steps towards the nearest one."""
    player = screen.player()
    for key in MOVES:
        if screen.at(step(player, key)) in MONSTER_NAMES:
            return [key] * STRIKES_PER_ROUND
    reach = distances(screen, player)
    beside = [(reach[step(monster, key)], step(monster, key)) for monster in screen.monsters()
              for key in MOVES if step(monster, key) in reach]
    if not beside:
        return []
    return (path_keys(screen, player, min(beside)[1]) or [])[:KEYS_PER_ROUND]


@check(item="fighting", timeout=TIMEOUT_S * 4, shares=FIGHTS)
def test_fighting_player_kills_a_monster(sandbox, submission):
    """the player attacks a monster by moving into it; a final blow removes it before it acts"""
    game = hunt(sandbox, submission)
    if game is None:
        raise WrongOutput(f"with seeds {SEEDS}, chasing and striking monsters never "
                          f"printed 'Player ... dealing a final blow.'")
    screens = [s for s in game.screens() if s.is_level()]
    for before, after in zip(screens, screens[1:]):
        messages = after.messages()
        blows = [index for index, line in enumerate(messages)
                 if line.startswith("Player") and line.endswith("dealing a final blow.")]
        if blows:
            if len(after.monsters()) >= len(before.monsters()):
                raise WrongOutput("after the player's final blow the monster was still on "
                                  "the map", "\n".join(after.text()))
            victim = ATTACK.fullmatch(messages[blows[0]])
            name = victim.group("defender") if victim else None
            later = [ATTACK.fullmatch(line) for line in messages[blows[0] + 1:]]
            if (name and any(attack and attack.group("attacker") == name for attack in later)
                    and not look_alike_nearby(before, name)):
                raise WrongOutput(f"{name} attacked after the player's final blow: a dead "
                                  f"monster must not act", "\n".join(after.text()))
            return


def look_alike_nearby(screen: Screen, name: str) -> bool:
    """Return True if two or more monsters called ``name`` (such as "the Goblin") stood
    within reach of the player on ``screen``, so that one of them may strike after another
    died."""
    player = screen.player()
    symbols = [symbol for symbol, monster in MONSTER_NAMES.items() if name == f"the {monster}"]
    close = [square for square in screen.squares_of("".join(symbols))
             if player is not None and manhattan(square, player) <= CROWD_DISTANCE]
    return len(close) > 1


@check(item="fighting", timeout=TIMEOUT_S * 4, shares=FIGHTS)
def test_fighting_messages_are_worded_as_specified(sandbox, submission):
    """attack messages: '<attacker> <verb> <weapon> at <defender> <ending>'"""
    game = hunt(sandbox, submission)
    if game is None:
        raise WrongOutput("no fight took place to read messages from")
    attacks = [line for line in all_messages(game) if ATTACK_LIKE.match(line)]
    wrong = [line for line in attacks if not ATTACK.fullmatch(line)]
    if not attacks or wrong:
        raise WrongOutput(f"{len(wrong)} of {len(attacks)} attack messages are not worded as "
                          f"the spec says", "\n".join(wrong[:10]))
    if not any(ATTACK.fullmatch(line).group("attacker") == "Player" for line in attacks):
        raise WrongOutput("no attack by the player was reported")


@check(item="fighting", timeout=TIMEOUT_S * 4, shares=FIGHTS)
def test_fighting_monsters_strike_back(sandbox, submission):
    """monsters next to the player attack it

    Looked for in the hunt, then in the goblin chase's games, where monsters reach the
    waiting player: a hunted monster may die before its first turn next to the player.
    """
    def attacked(messages: List[str]) -> bool:
        return any(line.startswith("the ") and ATTACK_ON_PLAYER in line for line in messages)

    game = hunt(sandbox, submission)
    if game is not None and attacked(all_messages(game)):
        return
    for seed in GOBLIN_SEEDS:
        if attacked([line for screen in chase(sandbox, submission, seed) if screen.is_level()
                     for line in screen.messages()]):
            return
    raise WrongOutput("no monster attacked the player, in a fight or while it waited")


@check(item="monsters", timeout=TIMEOUT_S * 4, shares=FIGHTS)
def test_monsters_goblin_steps_along_a_shortest_path(sandbox, submission):
    """goblins within 15 steps of a real path move one step closer along it, turn after turn

    (spec, Goblins: "If the goblin smells the player on its turn, it will make an optimal move
    ... to get one step closer to the player along a traversable path.")
    """
    watched = 0
    for seed in GOBLIN_SEEDS:
        for turn in turns(seed, chase(sandbox, submission, seed)):
            watched += judge_movers(turn)
    if not watched:
        raise WrongOutput(f"with seeds {GOBLIN_SEEDS}, no goblin came within {GOBLIN_SMELL} "
                          f"steps of the waiting player")


@check(item="monsters", timeout=TIMEOUT_S * 8)
def test_monsters_goblin_smell_ends_at_15_steps(sandbox, submission):
    """a goblin 16 steps from the player along a real path stays put; at 15 steps it moves

    (spec, Goblins example: the goblins "exactly 15 steps away" move; the one whose "shortest
    traversable path is 16 steps" does not.) The player walks towards a goblin that cannot
    smell it, stops 16 steps away, waits, steps one closer and waits again; every turn is
    judged as in the chase.
    """
    for seed in GOBLIN_SEEDS:
        game = new_game(sandbox, submission, seed, [CHEAT_KEY])
        edge = edge_of_smell(game.last_level())
        if edge is None:
            continue
        outside, inside = edge
        if not game.walk_to(outside, WALK_ROUNDS, KEYS_PER_ROUND):
            continue
        arrived = len(game.screens()) - 1
        game.play([IDLE_KEY] * EDGE_WAITS)
        if not game.walk_to(inside, 1, 1):
            continue
        game.play([IDLE_KEY] * EDGE_WAITS)
        at_edge = 0
        for turn in turns(seed, game.screens(), moving=True):
            judged = judge_stayers(turn) + judge_movers(turn)
            if turn.number >= arrived:
                at_edge += judged
        if at_edge:
            return
    raise WrongOutput(f"with seeds {GOBLIN_SEEDS}, the player never stood {GOBLIN_SMELL + 1} "
                      f"steps from a goblin with nothing else near it")


def edge_of_smell(screen: Optional[Screen]) -> Optional[Tuple[Square, Square]]:
    """Return the squares 16 and 15 steps (walls only in the way) from the nearest goblin that
    cannot smell the player, along a shortest path from the player to it, or None."""
    if screen is None or screen.player() is None:
        return None
    from_player = distances(screen, screen.player(), floor)
    far = [(from_player[goblin], goblin) for goblin in goblins_out_of_smell(screen)
           if goblin in from_player and from_player[goblin] > GOBLIN_SMELL + 1]
    if not far:
        return None
    length, goblin = min(far)
    from_goblin = distances(screen, goblin, floor)

    def on_path(steps: int) -> Optional[Square]:
        squares = [square for square, moves in from_goblin.items() if moves == steps
                   and from_player.get(square) == length - steps]
        return min(squares) if squares else None

    outside, inside = on_path(GOBLIN_SMELL + 1), on_path(GOBLIN_SMELL)
    return (outside, inside) if outside and inside else None


@dataclass(frozen=True)
class Turn:
    """One turn of a seeded game, as the monsters found it and as it ended.

    Attributes:
        seed: the game's seed.
        number: the turn's index among the replay's screens.
        before: the map when the monsters acted (the player on the square it moved to).
        after: the screen once every monster had acted.
    """

    seed: str
    number: int
    before: Screen
    after: Screen

    def picture(self) -> str:
        """Return both maps, for a failure's detail."""
        return "\n".join(self.before.map_rows() + ["-- after --"] + self.after.map_rows())


def chase(sandbox, submission, seed: str) -> List[Screen]:
    """Return the screens of a cheating player waiting while monsters close in (played once
    per seed and grading run)."""
    return sandbox.remember(f"chase {seed}", lambda: new_game(
        sandbox, submission, seed, [CHEAT_KEY] + [IDLE_KEY] * CHASE_TURNS).screens())


def turns(seed: str, screens: List[Screen], moving: bool = False) -> Iterator[Turn]:
    """Yield the turns ``screens`` show clearly enough to judge the monsters' moves.

    A turn is judged when it is shown on two level screens in which the player stood still
    (or, with ``moving``, took one step: the monsters then find it on its new square). A
    screen between two levels would make two turns look like one.
    """
    for number, (shown, after) in enumerate(zip(screens, screens[1:])):
        if not (shown.is_level() and after.is_level()):
            continue
        player = after.player()
        if shown.player() is None or player is None:
            continue
        if shown.player() != player and not (moving and manhattan(shown.player(), player) == 1):
            continue
        yield Turn(seed, number, shown.with_player_at(player), after)


def judge_movers(turn: Turn) -> int:
    """Check that every goblin that smells the player stepped one square closer along a
    shortest path (see :func:`goblin_steps`); return how many were judged.

    Raises:
        WrongOutput: one did not.
    """
    judged = goblin_steps(turn.before)
    for goblin, wanted in judged:
        if not any(turn.after.at(square) == "G" for square in wanted):
            raise WrongOutput(
                f"seed {turn.seed}, turn {turn.number}: the goblin at {goblin} did not step to "
                f"any of {sorted(wanted)}, the squares one step closer to the player along a "
                f"real path", turn.picture())
    return len(judged)


def judge_stayers(turn: Turn) -> int:
    """Check that every goblin and snakewoman that cannot smell the player stayed put; return
    how many were judged.

    Raises:
        WrongOutput: one moved.
    """
    player = turn.before.player()
    far = [(goblin, f"every path to the player is longer than {GOBLIN_SMELL} steps")
           for goblin in goblins_out_of_smell(turn.before)]
    far += [(snake, f"it is more than {SNAKEWOMAN_SMELL} steps from the player")
            for snake in turn.before.squares_of("S") if manhattan(snake, player) > SNAKEWOMAN_SMELL]
    for square, why in far:
        if turn.after.at(square) != turn.before.at(square):
            raise WrongOutput(f"seed {turn.seed}, turn {turn.number}: the "
                              f"{MONSTER_NAMES[turn.before.at(square)]} at {square} moved "
                              f"although {why}", turn.picture())
    return len(far)


@check(item="monsters", timeout=TIMEOUT_S * 4, shares=FIGHTS)
def test_monsters_snakewomen_step_towards_the_row_or_column(sandbox, submission):
    """snakewomen 2 or 3 steps from the player step closer to its row or column when they can

    (spec, Snakewomen: they "move according to the same criteria as bogeyman, except that
    they can smell the player only from a distance of three or less"; Bogeymen: "it will move
    one step closer to the row or column the player is on, if possible, but never one step
    *farther* from the player's row or column".) Judged over the waiting games of the goblin
    chase and of the hunt (the player walking up to monsters); a snakewoman next to the
    player attacks instead.
    """
    watched = 0
    for seed in GOBLIN_SEEDS:
        for turn in turns(seed, chase(sandbox, submission, seed)):
            watched += judge_snakewomen(turn)
    game = hunt(sandbox, submission)
    if game is not None:
        for turn in turns(game.seed(), game.screens(), moving=True):
            watched += judge_snakewomen(turn)
    for seed in GOBLIN_SEEDS:
        if watched:
            break
        game = approach_a_snakewoman(sandbox, submission, seed)
        for turn in turns(seed, game.screens() if game else [], moving=True):
            watched += judge_snakewomen(turn)
    if not watched:
        raise WrongOutput(f"with seeds {GOBLIN_SEEDS}, no snakewoman came within "
                          f"{SNAKEWOMAN_SMELL} steps of the waiting player")


def approach_a_snakewoman(sandbox, submission, seed: str) -> Optional[Game]:
    """Return a cheating game whose player walked up to the nearest snakewoman until it could
    smell the player, and then waited a few turns; None if no snakewoman could be reached."""
    game = new_game(sandbox, submission, seed, [CHEAT_KEY])
    screen = game.last_level()
    if screen is None or screen.player() is None or not screen.squares_of("S"):
        return None
    reach = distances(screen, screen.player())
    snake = min(screen.squares_of("S"), key=lambda square: manhattan(square, screen.player()))
    beside = [step(snake, key) for key in MOVES if step(snake, key) in reach]
    if not beside:
        return None
    square, keys = screen.player(), path_keys(screen, screen.player(), min(beside, key=reach.get))
    for key in keys or []:
        square = step(square, key)
        if manhattan(square, snake) <= SNAKEWOMAN_SMELL:
            if not game.walk_to(square, WALK_ROUNDS, KEYS_PER_ROUND):
                return None
            game.play([IDLE_KEY] * EDGE_WAITS)
            return game
    return None


def judge_snakewomen(turn: Turn) -> int:
    """Check that every snakewoman that smells the player, is not next to it and has a free
    square closer to its row or column took one; return how many were judged.

    A snakewoman is judged only when no other monster stands within :data:`CROWD_DISTANCE`
    of it (one that moved earlier in the turn may have taken the square it wanted).

    Raises:
        WrongOutput: one stayed or stepped elsewhere.
    """
    player = turn.before.player()
    judged = 0
    for snake in turn.before.squares_of("S"):
        if not 1 < manhattan(snake, player) <= SNAKEWOMAN_SMELL:
            continue
        if any(manhattan(snake, other) <= CROWD_DISTANCE
               for other in turn.before.monsters() if other != snake):
            continue
        closer = {step(snake, key) for key in MOVES
                  if closer_to_row_or_column(step(snake, key), snake, player)
                  and open_square(turn.before, step(snake, key))}
        if not closer:
            continue
        judged += 1
        if not any(turn.after.at(square) == "S" for square in closer):
            raise WrongOutput(
                f"seed {turn.seed}, turn {turn.number}: the snakewoman at {snake}, "
                f"{manhattan(snake, player)} steps from the player, did not step to any of "
                f"{sorted(closer)}, the free squares closer to the player's row or column",
                turn.picture())
    return judged


def closer_to_row_or_column(square: Square, start: Square, player: Square) -> bool:
    """Return True if one move from ``start`` to ``square`` brings it closer to the player's
    row or to its column (and so no farther from either)."""
    return (abs(square[0] - player[0]) < abs(start[0] - player[0])
            or abs(square[1] - player[1]) < abs(start[1] - player[1]))


def goblin_steps(screen: Screen) -> List[Tuple[Square, Set[Square]]]:
    """Return, for every goblin that must step towards the player this turn, the squares it
    may step to.

    A goblin is judged only when it surely smells the player and nothing else can get in its
    way: its path is no longer than the smell distance whether or not other monsters count as
    obstacles (students may decide either way), and no other monster stands within
    :data:`CROWD_DISTANCE` moves of it or of any square on its shortest paths (a monster that
    moves earlier in the same turn may block a corridor anywhere along the way). It may step
    to any open square that is one move closer to the player by either reckoning; walls
    always block.
    """
    goblins = screen.squares_of("G")
    if not goblins:
        return []
    player = screen.player()
    # Only squares within smelling distance of the player matter.
    around_monsters = distances(screen, player, limit=GOBLIN_SMELL)  # monsters block the path
    through_monsters = distances(screen, player, floor, GOBLIN_SMELL)  # only walls block it
    judged = []
    for goblin in goblins:
        if any(manhattan(goblin, other) <= CROWD_DISTANCE
               for other in screen.monsters() if other != goblin):
            continue
        beside = [step(goblin, key) for key in MOVES]
        wanted: Set[Square] = set()
        lengths = []
        for reach in (around_monsters, through_monsters):
            known = [reach[square] for square in beside if square in reach]
            if not known:
                break
            lengths.append(min(known) + 1)
            wanted |= {square for square in beside if reach.get(square) == min(known)}
        if not (len(lengths) == 2 and all(1 < length <= GOBLIN_SMELL for length in lengths)):
            continue
        # Every square of a shortest path lies within max(lengths) moves of the goblin, so only
        # monsters that close to it can crowd one (most turns, none: no search needed).
        near = [other for other in screen.monsters() if other != goblin
                and manhattan(goblin, other) <= max(lengths) + CROWD_DISTANCE]
        if near:
            on_paths = (shortest_path_squares(screen, goblin, around_monsters, lengths[0])
                        | shortest_path_squares(screen, goblin, through_monsters, lengths[1],
                                                floor))
            if any(manhattan(square, other) <= CROWD_DISTANCE for square in on_paths
                   for other in near):
                continue
        judged.append((goblin, {square for square in wanted if open_square(screen, square)}))
    return judged


def goblins_out_of_smell(screen: Screen) -> List[Square]:
    """Return the goblins that cannot smell the player this turn, whatever else moves: every
    path to the player is longer than the smell distance even with only walls in the way
    (monsters, which may or may not block a student's goblin, move out of the way at best)."""
    goblins = screen.squares_of("G")
    if not goblins:
        return []
    through_monsters = distances(screen, screen.player(), floor, GOBLIN_SMELL)
    far = []
    for goblin in goblins:
        known = [through_monsters[step(goblin, key)] for key in MOVES
                 if step(goblin, key) in through_monsters]
        if not known or min(known) + 1 > GOBLIN_SMELL:
            far.append(goblin)
    return far


def shortest_path_squares(screen: Screen, goblin: Square, to_player: Dict[Square, int],
                          length: int, passable=open_square) -> Set[Square]:
    """Return the squares on some path of ``length`` moves from ``goblin`` to the player.

    ``to_player`` holds every square's distance to the player through ``passable`` squares;
    a square lies on a shortest path when its distances to both ends add up to ``length``.
    """
    from_goblin = distances(screen, goblin, passable, length)
    return {square for square, moves in from_goblin.items()
            if moves + to_player.get(square, length + 1) == length}


def level_of(game: Game) -> Screen:
    """Return the game's last level screen with its player.

    Raises:
        WrongOutput: no screen showed a level (no statistics line) with one @.
    """
    screen = game.last_level()
    if screen is None or screen.player() is None:
        raise WrongOutput("no screen showed a level: a map with one @ above the statistics "
                          "line", "\n".join(game.screens()[-1].text()) if game.screens() else "")
    return screen


@check(item="monsters", timeout=TIMEOUT_S * 4, shares=FIGHTS)
def test_monsters_far_away_stay_put(sandbox, submission):
    """goblins and snakewomen that cannot smell the player do not move

    (spec: a goblin smells the player "reachable in 15 steps or less" along a path, a
    snakewoman "only from a distance of three or less"; "If the goblin is too far away to
    smell the player, it will not move", and snakewomen move "according to the same criteria
    as bogeyman".) Judged over the waiting games of the goblin chase.
    """
    watched = 0
    for seed in GOBLIN_SEEDS:
        for turn in turns(seed, chase(sandbox, submission, seed)):
            watched += judge_stayers(turn)
    if not watched:
        raise WrongOutput("no monster out of smelling range was found to watch")


@check(item="inventory", timeout=TIMEOUT_S)
def test_inventory_lists_the_short_sword(sandbox, submission):
    """i shows 'Inventory:' and 'a. short sword'

    (CLARIFICATIONS.md, MiniRogue: the inventory is graded by content; the sample's
    leading space and exact layout are not required.)
    """
    game = Game(sandbox, launch(sandbox, submission), SEEDS[0], TIMEOUT_S)  # any game will do
    screens = game.play(["i"])
    shown = [line.strip() for line in screens[1].text()] if len(screens) > 1 else []
    if not shown or shown[0] != "Inventory:" or shown[1:2] != ["a. short sword"]:
        raise WrongOutput("after i the screen does not start 'Inventory:', 'a. short sword'",
                          "\n".join(shown))


@check(item="inventory", timeout=TIMEOUT_S * 4, shares=WALKS)
def test_inventory_pick_up_and_wield_a_weapon(sandbox, submission):
    """g picks up a weapon; i lists it; w wields it"""
    game = walk_to_nearest(sandbox, submission, ")")
    if game is None:
        raise WrongOutput(f"no weapon could be reached with seeds {SEEDS}")
    if not until(game, ["g"], lambda screens: bool(picked_up(screens, "You pick up "))):
        raise WrongOutput("standing on a weapon, g did not print 'You pick up <weapon>'",
                          "\n".join(game.last_level().messages()))
    name = picked_up(game.screens()[-1:], "You pick up ")
    if name not in WEAPON_NAMES:
        raise WrongOutput(f"'You pick up {name}' names no weapon of the spec")
    if not until(game, ["i", IDLE_KEY],
                 lambda screens: f"b. {name}" in [line.strip() for line in screens[0].text()]):
        raise WrongOutput(f"the inventory does not list 'b. {name}'",
                          "\n".join(game.screens()[-2].text()))
    if not until(game, ["w", "b"], shows(f"You are wielding {name}")):
        raise WrongOutput(f"w then b did not print 'You are wielding {name}'",
                          "\n".join(game.last_level().messages()))


def picked_up(screens: List[Screen], prefix: str) -> str:
    """Return what the last level screen's message starting with ``prefix`` names, or ""."""
    levels = [screen for screen in screens if screen.is_level()]
    lines = [line for line in (levels[-1].messages() if levels else [])
             if line.startswith(prefix)]
    return lines[0][len(prefix):] if lines else ""


@check(item="inventory", timeout=TIMEOUT_S * 4, shares=WALKS)
def test_inventory_read_a_scroll(sandbox, submission):
    """g picks up a scroll; r reads it and shows its effect; weapons cannot be read"""
    game = walk_to_nearest(sandbox, submission, "?")
    if game is None:
        raise WrongOutput(f"no scroll could be reached with seeds {SEEDS}")
    prefix = SCROLL_PICKUP
    if not until(game, ["g"], lambda screens: bool(picked_up(screens, prefix))):
        raise WrongOutput("standing on a scroll, g did not print 'You pick up a scroll called "
                          "<name>'", "\n".join(game.last_level().messages()))
    name = picked_up(game.screens()[-1:], prefix)
    if name not in SCROLL_EFFECTS:
        raise WrongOutput(f"'{prefix}{name}' names no scroll of the spec")
    if not until(game, ["r", "a"], shows("You can't read a short sword")):
        raise WrongOutput("r then a (the short sword) did not print "
                          "\"You can't read a short sword\"",
                          "\n".join(game.last_level().messages()))
    expected = [f"You read the scroll called {name}", SCROLL_EFFECTS[name]]
    if not until(game, ["r", "b"], shows(*expected)):
        raise WrongOutput("r then b did not print the scroll's name and effect",
                          "expected:\n" + "\n".join(expected) + "\ngot:\n"
                          + "\n".join(game.last_level().messages()))


# What each scroll's reading does to the statistics line (spec, Scrolls): the statistic it
# raises (a field of screens.Statistics) and by how much at least and at most. Enhance health
# raises only the maximum, which the line does not show: the hit points may rise by the one
# point a turn can regain at most.
SCROLL_STATISTICS = {
    "scroll of improve armor": ("armor", 1, 3),
    "scroll of enhance armor": ("armor", 1, 3),
    "scroll of raise strength": ("strength", 1, 3),
    "scroll of strength": ("strength", 1, 3),
    "scroll of enhance dexterity": ("dexterity", 1, 1),
}
RAISED_STATISTICS = ("armor", "strength", "dexterity")
HEALTH_SCROLL = "scroll of enhance health"
ATTACK_ON_PLAYER = " at Player "
REGAINED_PER_TURN = 1


def inventory_lines(screen: Screen) -> List[str]:
    """Return the inventory's lines if ``screen`` shows one ("Inventory:" first), else []."""
    shown = [line.strip() for line in screen.text()]
    return shown if shown[:1] == ["Inventory:"] else []


def read_scroll_effect(name: str, before: Optional[Statistics],
                       after: Optional[Statistics]) -> str:
    """Return what is wrong with the statistics after reading the scroll called ``name``
    (compared with those before), or "" if they changed as the spec says.

    A monster's blow in the same turn can only lower the hit points, so the bound on them
    holds whatever else happened. Statistics that cannot be read (None: no line names them)
    are not judged here: the statistics item judges the line.
    """
    if before is None or after is None:
        return ""
    if name == HEALTH_SCROLL:
        if after.hit_points > before.hit_points + REGAINED_PER_TURN:
            return (f"hit points rose from {before.hit_points} to {after.hit_points}: "
                    f"the scroll raises only the maximum")
        return ""
    if name not in SCROLL_STATISTICS:
        return ""
    raised, least, most = SCROLL_STATISTICS[name]
    for statistic in RAISED_STATISTICS:
        change = getattr(after, statistic) - getattr(before, statistic)
        wanted = (least, most) if statistic == raised else (0, 0)
        if not wanted[0] <= change <= wanted[1]:
            return (f"{statistic.capitalize()} changed by {change}; the {name} should change it by "
                    f"{wanted[0]} to {wanted[1]}")
    return ""


@check(item="inventory", timeout=TIMEOUT_S * 8, shares=WALKS)
def test_inventory_a_read_scroll_works_and_self_destructs(sandbox, submission):
    """a read scroll changes the statistics as the spec says, then leaves the inventory

    (spec, Scrolls: "When a scroll is read, it performs its effect and then magically
    self-destructs"; armor and strength rise by 1 to 3, dexterity by 1, enhance health raises
    only the maximum and "does *not* affect the player's current number of hit points".)
    Scrolls are read in several games, until a scroll of enhance health has been read in a
    turn when no monster struck the player.
    """
    read = []
    for game in walks_to_nearest(sandbox, submission, "?", GOBLIN_SEEDS):
        seed = game.seed()
        if not until(game, ["g"], lambda screens: bool(picked_up(screens, SCROLL_PICKUP))):
            continue
        name = picked_up(game.screens()[-1:], SCROLL_PICKUP)
        if not until(game, ["r", "b"], shows(f"You read the scroll called {name}")):
            continue
        levels = [screen for screen in game.screens() if screen.is_level()]
        wrong = read_scroll_effect(name, levels[-2].statistics(), levels[-1].statistics())
        if wrong:
            raise WrongOutput(f"seed {seed}: after reading the {name}, {wrong}",
                              f"before: {levels[-2].stats_line()}\n"
                              f"after:  {levels[-1].stats_line()}")
        if not until(game, ["i", IDLE_KEY], lambda screens: inventory_lines(screens[0])):
            continue  # a long sleep; the inventory checks judge i itself
        listed = inventory_lines(game.screens()[-2])
        if any(name in line for line in listed):
            raise WrongOutput(f"seed {seed}: the {name} is still in the inventory after it was "
                              f"read", "\n".join(listed))
        read.append(name)
        # A blow in the same turn could hide a healing health scroll: look for another read.
        if name == HEALTH_SCROLL and not any(ATTACK_ON_PLAYER in line
                                             for line in levels[-1].messages()):
            return
    if not read:
        raise WrongOutput(f"with seeds {SEEDS}, no scroll was picked up and read")


def played_games(sandbox, submission) -> Iterator[List[Screen]]:
    """Yield the screens of the hunt (if it found a monster to kill), then those of each
    goblin chase, each played only when it is asked for."""
    game = hunt(sandbox, submission)
    if game is not None:
        yield game.screens()
    for seed in GOBLIN_SEEDS:
        yield chase(sandbox, submission, seed)


@check(item="statistics", timeout=TIMEOUT_S * 4, shares=FIGHTS)
def test_statistics_one_blank_line_before_the_messages(sandbox, submission):
    """one blank line between the statistics and the messages

    (spec, Playing the Game: "Below the statistics line, display one empty line and then one
    or more result messages from the last move"; CLARIFICATIONS.md, MiniRogue, Screen.) The
    one check of that layout: every other check finds the messages wherever they are. Judged
    on the level screens with messages of the first game that shows any: the hunt, else the
    goblin chases.
    """
    for screens in played_games(sandbox, submission):
        gaps = [(screen, screen.rows_before_messages()) for screen in screens
                if screen.is_level() and screen.rows_before_messages() is not None]
        for screen, gap in gaps:
            if gap != 1:
                raise WrongOutput(f"{gap} blank lines instead of one between the statistics "
                                  f"line and the messages", "\n".join(screen.under_map()))
        if gaps:
            return
    raise LeftToMarker("no screen showed a message under the statistics line, so the blank "
                       "line before the messages is left to the marker")


@check(item="completeness", timeout=TIMEOUT_S * 4, shares=WALKS)
def test_completeness_stairs_lead_down(sandbox, submission):
    """> on the stairway makes a new level 1"""
    game = walk_to_nearest(sandbox, submission, ">")
    if game is None:
        raise WrongOutput(f"no stairway could be reached with seeds {SEEDS}")
    before = game.last_level()
    game.play([">"])
    after = game.last_level()
    # A level number no screen shows (no line names it) is the statistics item's loss: then
    # only the new map is judged here.
    level = after.dungeon_level() if after else None
    unread = level is None and before.dungeon_level() is None
    if after is None or after.map_rows() == before.map_rows() or (level != 1 and not unread):
        raise WrongOutput("> on the stairway did not show a new map with 'Dungeon Level: 1'",
                          "\n".join(after.text() if after else []))
