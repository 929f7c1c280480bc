"""MiniRogue monsters, in-process: smell rules, goblin pathing, dragons, sleep, drops.

Movement rules are checked on small text maps (``text_level``) and, for goblins, against an
independent breadth-first search on many generated levels.
"""

import sys
from collections import deque

import pytest

SMELL = 15

# The bogeyman example of the spec, rebuilt so that it says what the spec's text says.
BOGEYMAN_EXAMPLE = [
    "..B.DB..B.",
    "B#####.##.",
    "..#.@..DB.",
    "...B......",
]
# (bogeyman square, the squares it may step to; empty when it stays).
BOGEYMAN_EXPECTED = {
    (0, 2): {(0, 3)},           # top left: the wall is below, so right, towards the column
    (0, 5): set(),              # top middle: wall below, dragon to the left
    (0, 8): set(),              # top right: 6 steps away, too far to smell
    (1, 0): {(2, 0)},           # leftmost: the wall is to the right, so down to the row
    (2, 8): set(),              # bottom right: on the row already, dragon in the way
    (3, 3): {(2, 3), (3, 4)},   # bottommost: up or right
}
# Goblin: left round the wall is 6 steps, right round it 12; straight on is wall.
DETOUR_CHOICE = [
    "###########",
    "#.........#",
    "#.G.......#",
    "#.######..#",
    "#...@.....#",
    "###########",
]


def square(rogue, pair):
    """Return the Position of a (row, col) pair."""
    return rogue.Position.Position(*pair)


def place(rogue, level, kind, char, *extra):
    """Return monsters of ``kind`` at every ``char`` of ``level``."""
    return [kind(square(rogue, pair), *extra) for pair in level.find(char)]


def player_square(rogue, level):
    """Return the Position of the ``@`` of ``level``."""
    return square(rogue, level.find("@")[0])


def u_bend(depth, player_row):
    """Return a map where the goblin's only way to the player goes down and back up.

    The goblin is at (1, 1), the player at (player_row, 3), a wall between them down to row
    depth - 1; the path is (depth - 1) + 2 + (depth - player_row) steps long.
    """
    rows = ["#####"] + ["#.#.#"] * (depth - 1) + ["#...#", "#####"]
    rows[1] = "#G#" + rows[1][3:]
    rows[player_row] = rows[player_row][:3] + "@#"
    return rows


def goblin_choice(rogue, text_level, rows):
    """Return the square the goblin of ``rows`` chooses, as a (row, col) pair or None."""
    level = text_level(rows)
    (goblin,) = place(rogue, level, rogue.Actor.Goblin, "G", SMELL)
    step = goblin.choose_step(level, player_square(rogue, level))
    return None if step is None else tuple(step)


def test_bogeymen_follow_the_spec_example(rogue, text_level):
    level = text_level(BOGEYMAN_EXAMPLE)
    target = player_square(rogue, level)
    for bogeyman in place(rogue, level, rogue.Actor.Bogeyman, "B"):
        step = bogeyman.choose_step(level, target)
        allowed = BOGEYMAN_EXPECTED[tuple(bogeyman.position())]
        assert (tuple(step) in allowed) if allowed else step is None, bogeyman.position()


def test_snakewomen_smell_three_steps_not_four(rogue, text_level):
    for gap, moves in ((3, True), (4, False)):
        level = text_level(["@" + "." * (gap - 1) + "S"])
        (snakewoman,) = place(rogue, level, rogue.Actor.Snakewoman, "S")
        snakewoman.take_turn(level, rogue.Actor.Player(player_square(rogue, level)))
        assert bool(level.moves) == moves, gap


def test_bogeymen_smell_five_steps_not_six(rogue, text_level):
    for gap, moves in ((5, True), (6, False)):
        level = text_level(["@" + "." * (gap - 1) + "B"])
        (bogeyman,) = place(rogue, level, rogue.Actor.Bogeyman, "B")
        bogeyman.take_turn(level, rogue.Actor.Player(player_square(rogue, level)))
        assert bool(level.moves) == moves, gap


def test_goblin_takes_the_shorter_way_round_a_wall(rogue, text_level):
    assert goblin_choice(rogue, text_level, DETOUR_CHOICE) == (2, 1)


@pytest.mark.parametrize("depth, player_row, expected", [
    (7, 1, (2, 1)),    # 14 steps: smelled
    (8, 2, (2, 1)),    # exactly 15 steps: smelled
    (8, 1, None),      # 16 steps, though only 2 apart through the wall: not smelled
])
def test_goblin_smells_along_real_paths_only(rogue, text_level, depth, player_row, expected):
    assert goblin_choice(rogue, text_level, u_bend(depth, player_row)) == expected


def test_goblin_smells_exactly_the_distance_given_to_it(rogue, text_level):
    assert goblin_choice(rogue, text_level, ["#@" + "." * 14 + "G#"]) == (0, 15)
    assert goblin_choice(rogue, text_level, ["#@" + "." * 15 + "G#"]) is None


def test_goblin_is_stopped_by_walls_and_other_monsters(rogue, text_level):
    assert goblin_choice(rogue, text_level, ["#######", "#G.D.@#", "#######"]) is None
    assert goblin_choice(rogue, text_level, ["#G#.@#"]) is None


def test_goblin_picks_one_of_two_optimal_steps(rogue, text_level):
    assert goblin_choice(rogue, text_level, ["G...", "....", "..@."]) in {(0, 1), (1, 0)}


def test_goblin_search_is_recursive(rogue, text_level):
    depth = [0, 0]  # current and deepest nesting of path_length

    def profile(frame, event, arg):
        if frame.f_code.co_name == "path_length":
            if event == "call":
                depth[0] += 1
                depth[1] = max(depth)
            elif event == "return":
                depth[0] -= 1

    sys.setprofile(profile)
    try:
        goblin_choice(rogue, text_level, u_bend(8, 2))
    finally:
        sys.setprofile(None)
    assert depth[1] >= SMELL - 1


def bfs_distances(dungeon, target):
    """Return the walking distance from every square to ``target`` around walls and monsters."""
    distance = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for there in here.neighbours():
            if there not in distance and dungeon.is_open(there):
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


def test_goblins_step_along_shortest_paths_on_generated_levels(rogue, monkeypatch):
    monkeypatch.setenv("MINIROGUE_SEED", "goblins")
    rogue.utilities.seed_from_environment()
    checked = {"moves": 0, "stays": 0}
    for level_number in range(5):
        for _ in range(6):
            player = rogue.Actor.Player(rogue.Position.Position(0, 0))
            dungeon = rogue.Dungeon.Dungeon(level_number, player, SMELL)
            for _ in range(5):
                dungeon.teleport_player()
                check_goblins(rogue, dungeon, player, checked)
    assert checked["moves"] > 20 and checked["stays"] > 20, checked


def check_goblins(rogue, dungeon, player, checked):
    """Check every goblin's choice on ``dungeon`` against breadth-first distances."""
    target = player.position()
    distance = bfs_distances(dungeon, target)
    for monster in dungeon.monsters():
        if not isinstance(monster, rogue.Actor.Goblin) or monster.position().is_next_to(target):
            continue
        lengths = {step: distance[step] + 1 for step in monster.position().neighbours()
                   if step in distance}
        step = monster.choose_step(dungeon, target)
        if lengths and min(lengths.values()) <= SMELL:
            assert lengths.get(step) == min(lengths.values()), (monster.position(), target)
            checked["moves"] += 1
        else:
            assert step is None, (monster.position(), target)
            checked["stays"] += 1


def test_dragon_never_moves_and_regains_hit_points_up_to_its_maximum(rogue, text_level,
                                                                     monkeypatch):
    monkeypatch.setattr(rogue.Actor, "trueWithProbability", lambda p: True)
    level = text_level(["D.@"])
    (dragon,) = place(rogue, level, rogue.Actor.Dragon, "D")
    player = rogue.Actor.Player(player_square(rogue, level))
    dragon.take_damage(2)
    seen = []
    for _ in range(3):
        assert dragon.take_turn(level, player) is None
        seen.append(dragon.max_hit_points() - dragon.hit_points())
    assert seen == [1, 0, 0]
    assert level.moves == []


def test_a_monster_next_to_the_player_attacks(rogue, text_level):
    level = text_level(["G@"])
    (goblin,) = place(rogue, level, rogue.Actor.Goblin, "G", SMELL)
    message = goblin.take_turn(level, rogue.Actor.Player(player_square(rogue, level)))
    assert message.startswith("the Goblin slashes short sword at Player")


def test_a_sleeping_monster_does_nothing_and_wakes_up(rogue, text_level):
    level = text_level(["G@"])
    (goblin,) = place(rogue, level, rogue.Actor.Goblin, "G", SMELL)
    player = rogue.Actor.Player(player_square(rogue, level))
    goblin.fall_asleep(2)
    assert [goblin.take_turn(level, player) for _ in range(2)] == [None, None]
    assert goblin.take_turn(level, player) is not None


@pytest.mark.parametrize("kind, chance, drops", [
    ("Bogeyman", True, {"magic axe"}),
    ("Bogeyman", False, {None}),
    ("Snakewoman", True, {"magic fangs of sleep"}),
    ("Snakewoman", False, {None}),
    ("Goblin", True, {"magic axe"}),
    ("Goblin", False, {None}),
    ("Dragon", False, {"scroll of teleportation", "scroll of improve armor",
                       "scroll of raise strength", "scroll of enhance health",
                       "scroll of enhance dexterity"}),
])
def test_monsters_drop_what_the_spec_says(rogue, monkeypatch, kind, chance, drops):
    monkeypatch.setattr(rogue.Actor, "trueWithProbability", lambda p: chance)
    extra = (SMELL,) if kind == "Goblin" else ()
    monster = getattr(rogue.Actor, kind)(rogue.Position.Position(1, 1), *extra)
    for _ in range(10):
        dropped = monster.drop()
        assert (dropped.name() if dropped else None) in drops


def test_goblins_drop_fangs_as_often_as_axes(rogue, monkeypatch):
    answers = iter([True, False])  # it drops; then not the axe
    monkeypatch.setattr(rogue.Actor, "trueWithProbability", lambda p: next(answers))
    assert rogue.Actor.Goblin(rogue.Position.Position(1, 1), SMELL).drop().name() == \
        "magic fangs of sleep"


@pytest.mark.parametrize("kind, hit_points, armor, strength, dexterity, weapon", [
    ("Bogeyman", (5, 10), {2}, (2, 3), (2, 3), "short sword"),
    ("Snakewoman", (3, 6), {3}, (2, 2), (3, 3), "magic fangs of sleep"),
    ("Dragon", (20, 25), {4}, (4, 4), (4, 4), "long sword"),
    ("Goblin", (15, 20), {1}, (3, 3), (1, 1), "short sword"),
])
def test_monsters_are_created_with_the_spec_stats(rogue, kind, hit_points, armor, strength,
                                                  dexterity, weapon):
    extra = (SMELL,) if kind == "Goblin" else ()
    seen = set()
    for _ in range(200):
        monster = getattr(rogue.Actor, kind)(rogue.Position.Position(1, 1), *extra)
        assert hit_points[0] <= monster.hit_points() <= hit_points[1]
        assert monster.max_hit_points() == monster.hit_points()
        assert monster.armor() in armor and monster.weapon().name() == weapon
        assert strength[0] <= monster.strength() <= strength[1]
        assert dexterity[0] <= monster.dexterity() <= dexterity[1]
        seen.add(monster.hit_points())
    assert seen == set(range(hit_points[0], hit_points[1] + 1))
