"""Display, movement, statistics and level-shape checks: what the first screens show.

Each check starts the seeded game on a terminal (``screens.Game``), types a few keys and
judges the screens. Several seeds are tried where a check needs a particular situation (a
free square next to the player, no monster close by), so any student's level generator
offers one.
"""

from autograder import WrongOutput, check
from autograder.suites.minirogue.screens import (ARROWS, CHEAT_KEY, IDLE_KEY, MAP_COLS,
                                                 MAP_ROWS, MAP_SYMBOLS, MOVES, WALL, Game,
                                                 Screen, distances, floor, step)

COMMAND = ["python", "main.py"]
TIMEOUT_S = 20
SEEDS = tuple(str(seed) for seed in range(1, 7))
# Levels whose shape is measured.
SHAPE_SEEDS = SEEDS[:3]
INITIAL_STATS = "Dungeon Level: 0, Hit points: 20, Armor: 2, Strength: 2, Dexterity: 2"
CHEAT_STATS = "Dungeon Level: 0, Hit points: 50, Armor: 2, Strength: 9, Dexterity: 2"
# No monster this close (in moves, through walls) can reach the player in one turn.
SAFE_DISTANCE = 3
# A room: open squares that are part of some open 3 x 3 block; a level needs two.
ROOM_BLOCK = 3
MIN_ROOMS = 2


def first_screen(sandbox, seed: str, keys=()) -> Game:
    """Start the game with ``seed``, type ``keys``; return the game (its screens read)."""
    game = Game(sandbox, COMMAND, seed, TIMEOUT_S)
    game.play(keys)
    return game


def level_or_fail(screens, index: int = 0) -> Screen:
    """Return screen ``index``, requiring that it shows a level with one player on it."""
    if len(screens) <= index:
        raise WrongOutput("the game ended before drawing the expected screen")
    screen = screens[index]
    if screen.player() is None:
        raise WrongOutput("the map does not show exactly one @", "\n".join(screen.text()))
    return screen


def quiet_start(sandbox) -> Screen:
    """Return the first screen of the first seed whose player has no monster nearby."""
    for seed in SEEDS:
        screen = level_or_fail(first_screen(sandbox, seed).screens())
        player = screen.player()
        if all(abs(r - player[0]) + abs(c - player[1]) > SAFE_DISTANCE
               for r, c in screen.monsters()):
            return seed, screen
    raise WrongOutput(f"every seed of {SEEDS} starts with a monster within {SAFE_DISTANCE} "
                      f"squares of the player")


@check(item="display", timeout=TIMEOUT_S)
def test_display_map_is_18_by_70(sandbox):
    """the first screen: an 18 x 70 map of known symbols with one @"""
    screen = level_or_fail(first_screen(sandbox, SEEDS[0]).screens())
    wide = [row for row in screen.rows[:MAP_ROWS] if row[MAP_COLS:].strip()]
    strange = sorted({symbol for row in screen.map_rows() for symbol in row} - MAP_SYMBOLS)
    if wide or strange:
        raise WrongOutput("the map is not 18 rows of 70 known symbols" +
                          (f"; unknown symbols {strange}" if strange else "") +
                          ("; rows wider than 70 columns" if wide else ""),
                          "\n".join(screen.text()))


@check(item="display", timeout=TIMEOUT_S)
def test_display_moves_one_square(sandbox):
    """h, j, k, l move the player one square onto free floor"""
    seed, screen = quiet_start(sandbox)
    player = screen.player()
    free = [key for key in MOVES if screen.at(step(player, key)) == " "]
    if not free:
        raise WrongOutput("the player starts with no free square next to it")
    for key in free:
        moved = level_or_fail(first_screen(sandbox, seed, [key]).screens(), 1)
        if moved.player() != step(player, key):
            raise WrongOutput(f"after {key!r} the player is at {moved.player()}, expected "
                              f"{step(player, key)} (from {player}; row, column)")


@check(item="display", timeout=TIMEOUT_S)
def test_display_arrow_keys_move_like_letters(sandbox):
    """the arrow keys move like h, j, k, l"""
    seed, screen = quiet_start(sandbox)
    player = screen.player()
    free = [key for key in MOVES if screen.at(step(player, key)) == " "]
    if not free:
        raise WrongOutput("the player starts with no free square next to it")
    moved = level_or_fail(first_screen(sandbox, seed, [ARROWS[free[0]]]).screens(), 1)
    if moved.player() != step(player, free[0]):
        raise WrongOutput(f"after the arrow key for {free[0]!r} the player is at "
                          f"{moved.player()}, expected {step(player, free[0])}")


@check(item="display", timeout=TIMEOUT_S)
def test_display_walls_block(sandbox):
    """walking into a wall leaves the player where it was"""
    seed, screen = quiet_start(sandbox)
    player = screen.player()
    # Walk straight in the direction with the nearest wall, two keys past it.
    runs = {}
    for key in MOVES:
        square, length = player, 0
        while screen.at(step(square, key)) == " ":
            square, length = step(square, key), length + 1
        if screen.at(step(square, key)) == WALL:
            runs[key] = length
    if not runs:
        raise WrongOutput("no wall is in a straight line of free floor from the player")
    key = min(runs, key=runs.get)
    screens = first_screen(sandbox, seed, [CHEAT_KEY] + [key] * (runs[key] + 2)).screens()
    bumped = False
    for before, after in zip(screens[1:], screens[2:]):
        if not (before.is_level() and after.is_level()):
            continue
        target = step(before.player(), key)
        if before.at(target) == WALL:
            bumped = True
            if after.player() != before.player():
                raise WrongOutput(f"the player walked from {before.player()} into the wall at "
                                  f"{target}")
    if not bumped:
        raise WrongOutput(f"typing {key!r} {runs[key] + 2} times never reached the wall")


@check(item="display", timeout=TIMEOUT_S)
def test_display_quit_ends_the_program(sandbox):
    """q ends the game"""
    game = Game(sandbox, COMMAND, SEEDS[0], TIMEOUT_S)
    game.play(["q"])
    if game.session.returncode is None:
        raise WrongOutput("after q the program was still running")


@check(item="statistics", timeout=TIMEOUT_S)
def test_statistics_line_at_the_start(sandbox):
    """the statistics line under the map, then a blank line"""
    screen = first_screen(sandbox, SEEDS[0]).screens()[0]
    if screen.stats_line() != INITIAL_STATS or screen.rows[MAP_ROWS + 1].strip():
        raise WrongOutput("the line under the map is not the starting statistics followed "
                          "by a blank line", f"expected: {INITIAL_STATS}\n"
                          f"got:      {screen.stats_line()}\n"
                          f"then:     {screen.rows[MAP_ROWS + 1].rstrip()}")


@check(item="statistics", timeout=TIMEOUT_S)
def test_statistics_after_the_cheat(sandbox):
    """c: strength 9 and 50 hit points"""
    seed, _ = quiet_start(sandbox)
    screens = first_screen(sandbox, seed, [CHEAT_KEY]).screens()
    cheated = level_or_fail(screens, 1)
    if cheated.stats_line() != CHEAT_STATS:
        raise WrongOutput("after c the statistics are wrong",
                          f"expected: {CHEAT_STATS}\ngot:      {cheated.stats_line()}")


def level_shapes(sandbox):
    """Yield the first screen of each shape seed."""
    for seed in SHAPE_SEEDS:
        yield seed, level_or_fail(first_screen(sandbox, seed).screens())


@check(item="rooms", timeout=TIMEOUT_S * len(SHAPE_SEEDS))
def test_rooms_walls_all_round(sandbox):
    """every level is surrounded by walls"""
    for seed, screen in level_shapes(sandbox):
        rows = screen.map_rows()
        edge = rows[0] + rows[-1] + "".join(row[0] + row[-1] for row in rows)
        if set(edge) != {WALL}:
            raise WrongOutput(f"seed {seed}: the map's edge is not all walls",
                              "\n".join(rows))


@check(item="rooms", timeout=TIMEOUT_S * len(SHAPE_SEEDS))
def test_rooms_every_floor_square_reachable(sandbox):
    """every floor square can be reached from the player"""
    for seed, screen in level_shapes(sandbox):
        reach = distances(screen, screen.player(), floor)
        cut_off = [square for square in screen.squares_of("".join(MAP_SYMBOLS - {WALL}))
                   if square not in reach]
        if cut_off:
            raise WrongOutput(f"seed {seed}: {len(cut_off)} floor squares cannot be reached, "
                              f"e.g. (row, column) {cut_off[0]}", "\n".join(screen.map_rows()))


@check(item="rooms", timeout=TIMEOUT_S * len(SHAPE_SEEDS))
def test_rooms_joined_by_corridors(sandbox):
    """levels are rooms joined by corridors"""
    for seed, screen in level_shapes(sandbox):
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
    corridor = [square for square in screen.squares_of("".join(MAP_SYMBOLS - {WALL}))
                if square not in in_room]
    return rooms, len(corridor)


@check(item="completeness", timeout=TIMEOUT_S * len(SHAPE_SEEDS))
def test_completeness_level_zero_contents(sandbox):
    """level 0: 2 to 6 monsters (snakewomen and goblins), at most 3 objects, one stairway"""
    for seed, screen in level_shapes(sandbox):
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
def test_completeness_end_of_input_ends_the_game(sandbox):
    """a closed terminal ends the game as if q were typed"""
    game = Game(sandbox, COMMAND, SEEDS[0], TIMEOUT_S)
    game.play([IDLE_KEY])
    if game.session.returncode is None:
        raise WrongOutput("after the terminal closed the program was still running")
