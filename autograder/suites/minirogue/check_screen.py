"""Display, movement, statistics and level-shape checks: what the first screens show.

Each check starts the seeded game on a terminal (``screens.Game``), types a few keys and
judges the screens. Several seeds are tried where a check needs a particular situation (a
free square next to the player, no monster close by), so any student's level generator
offers one.
"""

import re
from typing import List, Tuple

from autograder import LeftToMarker, WrongOutput, check
from autograder.suites.minirogue.screens import (
    ARROWS,
    CHEAT_KEY,
    IDLE_KEY,
    MAP_COLS,
    MAP_ROWS,
    MAP_SYMBOLS,
    SEED_VARIABLE,
    WALL,
    Game,
    Screen,
    distances,
    floor,
    launch,
    manhattan,
    step,
)

TIMEOUT_S = 100
SEEDS = tuple(str(seed) for seed in range(1, 7))
# Levels whose shape is measured.
SHAPE_SEEDS = SEEDS[:3]
INITIAL_STATS = "Dungeon Level: 0, Hit points: 20, Armor: 2, Strength: 2, Dexterity: 2"
CHEAT_STATS = "Dungeon Level: 0, Hit points: 50, Armor: 2, Strength: 9, Dexterity: 2"
# Spaces around a comma or a colon of the statistics line: the spec fixes none (its own
# example display separates the fields by tabs), so they are made regular before comparing.
PUNCTUATION_SPACES = re.compile(r"\s*([,:])\s*")
# No monster this close (in moves, through walls) can reach the player in one turn.
SAFE_DISTANCE = 3
# A room: open squares that are part of some open 3 x 3 block; a level needs two.
ROOM_BLOCK = 3
MIN_ROOMS = 2
# A walk that meets walls on any level: after the cheat, long runs in every direction.
WALK = "h" * 25 + "k" * 12 + "l" * 40 + "j" * 12 + "h" * 15
MIN_MOVES = 3


def started(sandbox, submission, seed: str, keys: Tuple[str, ...] = ()) -> Game:
    """Return a game started with ``seed`` and ``keys`` (played once per grading run)."""
    def play() -> Game:
        game = Game(sandbox, launch(sandbox, submission), seed, TIMEOUT_S, hold=False)
        game.play(keys)
        return game

    return sandbox.remember(f"started:{seed}:{''.join(keys)}", play)


def level_or_fail(screens, index: int = 0) -> Screen:
    """Return screen ``index``, requiring that it shows a level with one player on it."""
    if len(screens) <= index:
        raise WrongOutput("the game ended before drawing the expected screen",
                          "\n".join(screens[-1].text()) if screens else "")
    screen = screens[index]
    if screen.player() is None:
        raise WrongOutput("the map does not show exactly one @", "\n".join(screen.text()))
    return screen


def quiet(screen: Screen) -> bool:
    """Return True when no monster is within SAFE_DISTANCE squares of the player."""
    return all(manhattan(monster, screen.player()) > SAFE_DISTANCE
               for monster in screen.monsters())


def walk(sandbox, submission, arrows: bool) -> List[Tuple[str, Screen, Screen]]:
    """Cheat, then walk :data:`WALK` (with letters or arrow keys); return every
    (letter, screen before, screen after) of the walk's keys."""
    keys = tuple(ARROWS[key] if arrows else key for key in WALK)
    game = started(sandbox, submission, SEEDS[0], (CHEAT_KEY,) + keys)
    screens = game.screens()
    return [(letter, before, after) for letter, before, after
            in zip(WALK, screens[1:], screens[2:]) if before.is_level() and after.is_level()
            and before.player() is not None and after.player() is not None]


def judge_moves(steps, what: str) -> None:
    """Require every move of ``steps`` to go one square in its key's direction, never onto
    a wall, and at least MIN_MOVES moves."""
    moves = 0
    for key, before, after in steps:
        if after.player() == before.player():
            continue
        moves += 1
        if after.player() != step(before.player(), key) or before.at(after.player()) == WALL:
            raise WrongOutput(f"with {what}, {key!r} took the player from {before.player()} to "
                              f"{after.player()} (row, column)",
                              "\n".join(before.map_rows() + ["-- after --"] + after.map_rows()))
    if moves < MIN_MOVES:
        raise WrongOutput(f"with {what}, the player moved only {moves} times in a walk of "
                          f"{len(WALK)} keys")


@check(item="display", timeout=TIMEOUT_S)
def test_display_map_is_18_by_70(sandbox, submission):
    """the first screen: an 18 x 70 map of known symbols with one @"""
    screen = level_or_fail(started(sandbox, submission, SEEDS[0]).screens())
    top = screen.top()
    wide = [row for row in screen.rows[top:top + MAP_ROWS] if row[MAP_COLS:].strip()]
    strange = sorted({symbol for row in screen.map_rows() for symbol in row} - MAP_SYMBOLS)
    if wide or strange:
        raise WrongOutput("the map is not 18 rows of 70 known symbols" +
                          (f"; unknown symbols {strange}" if strange else "") +
                          ("; rows wider than 70 columns" if wide else ""),
                          "\n".join(screen.text()))


@check(item="display", timeout=TIMEOUT_S)
def test_display_moves_one_square(sandbox, submission):
    """h, j, k, l move the player one square at a time"""
    judge_moves(walk(sandbox, submission, arrows=False), "the letters h, j, k, l")


@check(item="display", timeout=TIMEOUT_S)
def test_display_arrow_keys_move_like_letters(sandbox, submission):
    """the arrow keys move like h, j, k, l"""
    judge_moves(walk(sandbox, submission, arrows=True), "the arrow keys")


@check(item="display", timeout=TIMEOUT_S)
def test_display_walls_block(sandbox, submission):
    """walking into a wall leaves the player where it was"""
    bumps = [(key, before, after) for key, before, after in walk(sandbox, submission, False)
             if before.at(step(before.player(), key)) == WALL]
    if not bumps:
        raise WrongOutput(f"a walk of {len(WALK)} keys never met a wall")
    for key, before, after in bumps:
        if after.player() != before.player():
            raise WrongOutput(f"{key!r} took the player from {before.player()} into the wall at "
                              f"{step(before.player(), key)}",
                              "\n".join(before.map_rows() + ["-- after --"] + after.map_rows()))


@check(item="display", timeout=TIMEOUT_S)
def test_display_quit_ends_the_program(sandbox, submission):
    """q ends the game"""
    # The terminal stays open after q, so only q itself can end the game here.
    how = launch(sandbox, submission)
    session = sandbox.terminal(list(how.command), ["q"], close=False,
                               env={SEED_VARIABLE: SEEDS[0]}, startup_s=how.startup_s,
                               files=how.files)
    if session.returncode is None:
        raise WrongOutput("after q the program was still running")
    # A program that never showed a level (it did not build, or crashed at start) has not
    # quit a game: it never had one (issue 16, class 9).
    level_or_fail([Screen(tuple(rows)) for rows in session.screens])


def spaced(line: str) -> str:
    """Return ``line`` with its spacing made regular: one space between words and after a
    comma or colon, none before one, none at either end.

    >>> spaced("Dungeon Level:0 ,  Hit points: 20  ")
    'Dungeon Level: 0, Hit points: 20'
    """
    return PUNCTUATION_SPACES.sub(r"\1 ", " ".join(line.split())).strip()


def judge_statistics(screen: Screen, expected: str, when: str) -> None:
    """Require the statistics line of ``screen`` to read ``expected``, word for word.

    CLARIFICATIONS.md (MiniRogue, Screen) gives the line's words, their order, letter case
    and punctuation; the spacing between the fields is not fixed, so it is not judged.

    Raises:
        WrongOutput: no line under the map names the statistics, or it reads otherwise.
    """
    shown = screen.stats_line()
    if spaced(shown) == expected:
        return
    got = shown if shown else "(no line under the map names the five statistics) " + \
        " / ".join(screen.under_map()[:2])
    raise WrongOutput(f"{when} the statistics line under the map is not as specified",
                      f"expected: {expected}\ngot:      {got}")


@check(item="statistics", timeout=TIMEOUT_S)
def test_statistics_line_at_the_start(sandbox, submission):
    """the starting statistics under the map

    (spec, Playing the Game: "Below the display of the level, display the player's
    statistics"; CLARIFICATIONS.md, MiniRogue: the line
    ``Dungeon Level: 0, Hit points: 20, Armor: 2, Strength: 2, Dexterity: 2``.) Any number
    of blank lines may come between the map and the line, and the spacing between its fields
    is free: the spec fixes neither.
    """
    screen = level_or_fail(started(sandbox, submission, SEEDS[0]).screens())
    judge_statistics(screen, INITIAL_STATS, "at the start")


@check(item="statistics", timeout=TIMEOUT_S)
def test_statistics_after_the_cheat(sandbox, submission):
    """c: strength 9 and 50 hit points

    (CLARIFICATIONS.md, MiniRogue: "Cheat ``c``: strength 9, max hit points 50, hit points
    50".)
    """
    for seed in SEEDS:
        screens = started(sandbox, submission, seed, (CHEAT_KEY,)).screens()
        if not quiet(level_or_fail(screens)):
            continue
        judge_statistics(level_or_fail(screens, 1), CHEAT_STATS, "after c")
        return
    raise WrongOutput(f"every game tried ({len(SEEDS)}) starts with a monster within "
                      f"{SAFE_DISTANCE} squares of the player")


def level_shapes(sandbox, submission):
    """Yield the first screen of each shape seed."""
    for seed in SHAPE_SEEDS:
        yield seed, level_or_fail(started(sandbox, submission, seed).screens())


@check(item="rooms", timeout=TIMEOUT_S)
def test_rooms_walls_all_round(sandbox, submission):
    """every level is surrounded by walls"""
    for seed, screen in level_shapes(sandbox, submission):
        rows = screen.map_rows()
        edge = rows[0] + rows[-1] + "".join(row[0] + row[-1] for row in rows)
        if set(edge) != {WALL}:
            raise WrongOutput(f"seed {seed}: the map's edge is not all walls",
                              "\n".join(rows))


@check(item="rooms", timeout=TIMEOUT_S)
def test_rooms_every_floor_square_reachable(sandbox, submission):
    """every floor square can be reached from the player"""
    for seed, screen in level_shapes(sandbox, submission):
        reach = distances(screen, screen.player(), floor)
        cut_off = [square for square in screen.open_squares() if square not in reach]
        if cut_off:
            raise WrongOutput(f"seed {seed}: {len(cut_off)} floor squares cannot be reached, "
                              f"e.g. (row, column) {cut_off[0]}", "\n".join(screen.map_rows()))


@check(item="rooms", timeout=TIMEOUT_S)
def test_rooms_joined_by_corridors(sandbox, submission):
    """levels are rooms joined by corridors"""
    for seed, screen in level_shapes(sandbox, submission):
        rooms, corridors = rooms_and_corridors(screen)
        if rooms < MIN_ROOMS or not corridors:
            raise WrongOutput(f"seed {seed}: found {rooms} rooms and {corridors} corridor "
                              f"squares; a level is at least {MIN_ROOMS} rooms joined by "
                              f"corridors", "\n".join(screen.map_rows()))


def rooms_and_corridors(screen: Screen):
    """Return (rooms, corridor squares): open 3 x 3 areas counted as connected rooms, and
    the floor squares that belong to no room."""
    in_room = set()
    for row in range(MAP_ROWS - ROOM_BLOCK + 1):
        for col in range(MAP_COLS - ROOM_BLOCK + 1):
            block = [(row + r, col + c) for r in range(ROOM_BLOCK) for c in range(ROOM_BLOCK)]
            if all(floor(screen, square) for square in block):
                in_room.update(block)
    rooms, seen = 0, set()
    for square in in_room:
        if square not in seen:
            rooms += 1
            seen.update(distances(screen, square, lambda s, q: q in in_room))
    corridor = [square for square in screen.open_squares() if square not in in_room]
    return rooms, len(corridor)


@check(item="completeness", timeout=TIMEOUT_S)
def test_completeness_level_zero_contents(sandbox, submission):
    """level 0: 2 to 6 monsters (snakewomen and goblins), at most 3 objects, one stairway"""
    for seed, screen in level_shapes(sandbox, submission):
        monsters = [screen.at(square) for square in screen.monsters()]
        objects = screen.squares_of(")?")
        problems = []
        if not 2 <= len(monsters) <= 6:
            problems.append(f"{len(monsters)} monsters")
        if set(monsters) - set("SG"):
            problems.append(f"monsters {sorted(set(monsters) - set('SG'))} on level 0")
        if len(objects) > 3:
            problems.append(f"{len(objects)} objects")
        if len(screen.squares_of(">")) > 1 or screen.squares_of("&"):
            problems.append("more than one stairway, or an idol")
        if problems:
            raise WrongOutput(f"seed {seed}: " + ", ".join(problems),
                              "\n".join(screen.map_rows()))


@check(item="completeness", timeout=TIMEOUT_S)
def test_completeness_end_of_input_ends_the_game(sandbox, submission):
    """a closed terminal ends the game as if q were typed"""
    if not launch(sandbox, submission).quits_at_end_of_input:
        # The course's C++ getCharacter returns '?' at the end of input and its game loops on
        # (CLARIFICATIONS.md): the rule is the Python port's, so a C++ project goes to the marker.
        raise LeftToMarker("the C++ original's getCharacter returns '?' at the end of input, "
                           "so this Python-port rule is left to the marker")
    game = started(sandbox, submission, SEEDS[0], (IDLE_KEY,))
    if game.session.returncode is None:
        raise WrongOutput("after the terminal closed the program was still running")
