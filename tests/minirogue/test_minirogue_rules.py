"""MiniRogue rules, in-process: combat formulas, the player, scrolls, levels and the turn loop.

Random draws are scripted where a rule depends on them (``script``); the turn loop runs
``Game.play`` with keys from a list and the screens written to a captured stdout.
"""

from collections import deque

import pytest

ANSI_CLEAR = "\x1b[H\x1b[2J"
ROWS, COLS = 18, 70
SCROLL_EFFECTS = {
    "scroll of improve armor": ("Your armor glows blue.", "armor", (1, 3)),
    "scroll of raise strength": ("Your muscles bulge.", "strength", (1, 3)),
    "scroll of enhance health": ("You feel your heart beating stronger.", "max_hit_points",
                                 (3, 8)),
    "scroll of enhance dexterity": ("You feel like less of a klutz.", "dexterity", (1, 1)),
}
FLOOR_KINDS = {"mace", "short sword", "long sword", "scroll of improve armor",
               "scroll of raise strength", "scroll of enhance health",
               "scroll of enhance dexterity"}


def script(monkeypatch, module, values):
    """Make ``module``'s randInt return ``values`` in turn; return the list of its calls."""
    calls = []
    answers = iter(values)

    def scripted(lowest, highest):
        calls.append((lowest, highest))
        return next(answers)

    monkeypatch.setattr(module, "randInt", scripted)
    return calls


def at(rogue, row, col):
    """Return Position(row, col)."""
    return rogue.Position.Position(row, col)


# ---- combat ----

def test_a_hit_uses_the_spec_formulas(rogue, monkeypatch):
    player = rogue.Actor.Player(at(rogue, 1, 1))
    goblin = rogue.Actor.Goblin(at(rogue, 1, 2), 15)
    hit_points = goblin.hit_points()
    calls = script(monkeypatch, rogue.Actor, [2, 2, 3])
    assert player.attack(goblin) == "Player slashes short sword at the Goblin and hits."
    # dexterity 2 + bonus 0; goblin dexterity 1 + armor 1; strength 2 + damage 2 - 1
    assert calls == [(1, 2), (1, 2), (0, 3)]
    assert goblin.hit_points() == hit_points - 3


def test_a_miss_does_no_damage(rogue, monkeypatch):
    player = rogue.Actor.Player(at(rogue, 1, 1))
    dragon = rogue.Actor.Dragon(at(rogue, 1, 2))
    hit_points = dragon.hit_points()
    calls = script(monkeypatch, rogue.Actor, [1, 2])
    assert player.attack(dragon) == "Player slashes short sword at the Dragon and misses."
    assert calls == [(1, 2), (1, 8)] and dragon.hit_points() == hit_points


def test_a_killing_blow_is_a_final_blow(rogue, monkeypatch):
    dragon = rogue.Actor.Dragon(at(rogue, 1, 1))
    player = rogue.Actor.Player(at(rogue, 1, 2))
    calls = script(monkeypatch, rogue.Actor, [6, 1, 7] * 3)
    for _ in range(3):
        message = dragon.attack(player)
    assert message == "the Dragon swings long sword at Player dealing a final blow."
    assert calls[:3] == [(1, 6), (1, 4), (0, 7)]
    assert player.is_dead() and player.hit_points() == 0


def test_magic_fangs_may_put_the_defender_to_sleep_for_the_longer_time(rogue, monkeypatch):
    snakewoman = rogue.Actor.Snakewoman(at(rogue, 1, 1))
    player = rogue.Actor.Player(at(rogue, 1, 2))
    script(monkeypatch, rogue.Actor, [6, 1, 0] * 3)
    sleep_calls = script(monkeypatch, rogue.GameObject, [5, 3])
    monkeypatch.setattr(rogue.GameObject, "trueWithProbability", lambda p: p == 1 / 5)
    expected = "the Snakewoman strikes magic fangs at Player and hits, putting Player to sleep."
    assert snakewoman.attack(player) == expected
    assert sleep_calls == [(2, 6)]
    assert snakewoman.attack(player) == expected   # a 3-turn sleep keeps the 5 turns left
    for _ in range(5):
        assert player.is_asleep()
        player.sleep_one_turn()
    assert not player.is_asleep()


def test_a_killing_blow_with_fangs_does_not_add_sleep(rogue, monkeypatch):
    player = rogue.Actor.Player(at(rogue, 1, 1))
    player.wield(rogue.GameObject.MagicFangsOfSleep())
    snakewoman = rogue.Actor.Snakewoman(at(rogue, 1, 2))
    script(monkeypatch, rogue.Actor, [5, 1, 9])
    monkeypatch.setattr(rogue.GameObject, "trueWithProbability", lambda p: True)
    assert player.attack(snakewoman) == \
        "Player strikes magic fangs at the Snakewoman dealing a final blow."
    assert not snakewoman.is_asleep()


@pytest.mark.parametrize("weapon, action, bonus, damage", [
    ("Mace", "swings mace", 0, 2),
    ("ShortSword", "slashes short sword", 0, 2),
    ("LongSword", "swings long sword", 2, 4),
    ("MagicAxe", "chops magic axe", 5, 5),
    ("MagicFangsOfSleep", "strikes magic fangs", 3, 2),
])
def test_weapons_have_the_spec_values(rogue, weapon, action, bonus, damage):
    made = getattr(rogue.GameObject, weapon)()
    assert (made.action(), made.dexterity_bonus(), made.damage()) == (action, bonus, damage)
    assert made.symbol() == ")"


# ---- the player ----

def test_the_player_starts_with_the_spec_stats(rogue):
    player = rogue.Actor.Player(at(rogue, 1, 1))
    assert (player.hit_points(), player.max_hit_points(), player.armor(), player.strength(),
            player.dexterity()) == (20, 20, 2, 2, 2)
    assert player.weapon().name() == "short sword" and player.inventory() == [player.weapon()]


def test_the_knapsack_holds_26_items(rogue):
    player = rogue.Actor.Player(at(rogue, 1, 1))
    for _ in range(25):
        assert player.has_room()
        player.pick_up(rogue.GameObject.Mace())
    assert not player.has_room() and len(player.inventory()) == 26


@pytest.mark.parametrize("name", sorted(SCROLL_EFFECTS))
def test_scrolls_raise_their_stat(rogue, monkeypatch, name):
    message, stat, raise_range = SCROLL_EFFECTS[name]
    player = rogue.Actor.Player(at(rogue, 1, 1))
    (scroll,) = [kind() for kind in rogue.GameObject.SCROLL_KINDS if kind().name() == name]
    player.pick_up(scroll)
    before = {key: getattr(player, key)() for key in ("armor", "strength", "max_hit_points",
                                                      "dexterity", "hit_points")}
    calls = script(monkeypatch, rogue.GameObject, [raise_range[1]])
    assert player.read(scroll, None) == message
    assert calls in ([raise_range], [])
    after = {key: getattr(player, key)() for key in before}
    assert after[stat] == before[stat] + raise_range[1]
    assert {key: value for key, value in after.items() if key != stat} == \
        {key: value for key, value in before.items() if key != stat}
    assert scroll not in player.inventory()


def test_teleportation_moves_the_player_to_a_free_floor_square(rogue):
    player = rogue.Actor.Player(at(rogue, 0, 0))
    dungeon = rogue.Dungeon.Dungeon(2, player, 15)
    scroll = rogue.GameObject.TeleportationScroll()
    player.pick_up(scroll)
    start = player.position()
    assert player.read(scroll, dungeon) == "You feel your body wrenched in space and time."
    assert player.position() != start
    assert not dungeon.is_wall(player.position())
    assert dungeon.monster_at(player.position()) is None


# ---- levels ----

def floor_region(dungeon, start):
    """Return every floor square reachable from ``start``, ignoring actors."""
    seen, queue = {start}, deque([start])
    while queue:
        for there in queue.popleft().neighbours():
            if there not in seen and not dungeon.is_wall(there):
                seen.add(there)
                queue.append(there)
    return seen


def room_clusters(rows):
    """Return how many separate groups of 3x3 all-floor blocks ``rows`` has (room interiors)."""
    centres = {(row, col) for row in range(1, ROWS - 1) for col in range(1, COLS - 1)
               if all(rows[row + dr][col + dc] != "#" for dr in (-1, 0, 1) for dc in (-1, 0, 1))}
    clusters = 0
    while centres:
        clusters += 1
        queue = deque([centres.pop()])
        while queue:
            row, col = queue.popleft()
            for near in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
                if near in centres:
                    centres.remove(near)
                    queue.append(near)
    return clusters


def every_square(rogue):
    """Return every Position of a level."""
    return [at(rogue, row, col) for row in range(ROWS) for col in range(COLS)]


@pytest.mark.parametrize("level_number", range(5))
def test_levels_are_walled_connected_rooms_with_the_right_contents(rogue, monkeypatch,
                                                                   level_number):
    monkeypatch.setenv("MINIROGUE_SEED", f"levels {level_number}")
    rogue.utilities.seed_from_environment()
    first_levels = {"the Snakewoman": 0, "the Goblin": 0, "the Bogeyman": 2, "the Dragon": 3}
    allowed = {name for name, first in first_levels.items() if level_number >= first}
    counts = set()
    for _ in range(20):
        player = rogue.Actor.Player(at(rogue, 0, 0))
        dungeon = rogue.Dungeon.Dungeon(level_number, player, 15)
        rows = dungeon.render()
        assert len(rows) == ROWS and all(len(row) == COLS for row in rows)
        assert rows[0] == rows[-1] == "#" * COLS and all(row[0] == row[-1] == "#" for row in rows)
        floor = {square for square in every_square(rogue) if not dungeon.is_wall(square)}
        assert floor_region(dungeon, player.position()) == floor
        assert room_clusters(rows) >= 2 and len(floor) < (ROWS - 2) * (COLS - 2) // 2
        monsters = dungeon.monsters()
        squares = [monster.position() for monster in monsters]
        assert 2 <= len(monsters) <= 5 * (level_number + 1) + 1
        assert len(set(squares)) == len(squares) and player.position() not in squares
        assert set(squares) <= floor and player.position() in floor
        assert {monster.name() for monster in monsters} <= allowed
        objects = {square: dungeon.object_at(square) for square in floor
                   if dungeon.object_at(square) is not None}
        fixtures = [item.name() for item in objects.values() if item.name() not in FLOOR_KINDS]
        assert fixtures == (["golden idol"] if level_number == 4 else ["stairway"])
        counts.add(len(objects) - 1)
    assert counts == {2, 3}


def test_dead_monsters_drop_only_where_no_object_lies(rogue, monkeypatch):
    monkeypatch.setattr(rogue.Actor, "trueWithProbability", lambda p: True)
    player = rogue.Actor.Player(at(rogue, 0, 0))
    dungeon = rogue.Dungeon.Dungeon(3, player, 15)
    first, second = dungeon.monsters()[:2]
    (lying,) = [square for square in every_square(rogue)
                if dungeon.object_at(square) is not None and dungeon.is_open(square)][:1]
    item = dungeon.object_at(lying)
    dungeon.move_monster(second, lying)
    for monster in (first, second):
        monster.take_damage(99)
    dropped_at = first.position()
    dungeon.remove_dead_monsters()
    assert first not in dungeon.monsters() and second not in dungeon.monsters()
    assert dungeon.object_at(lying) is item
    assert dungeon.object_at(dropped_at) is not None
    assert dungeon.is_open(dropped_at) and dungeon.is_open(lying)


# ---- the turn loop ----

@pytest.fixture
def play(rogue, monkeypatch, capsys):
    """Return a function playing ``game`` with keys from ``keys``; it returns the screens.

    ``keys`` may hold callables, run (not typed) when reached. Once the keys run out every
    read returns q, as at the end of input. Screens come back as lists of lines.
    """
    monkeypatch.setenv("TERM", "xterm")

    def run(game, keys):
        pending = deque(keys)
        read = []

        def next_key():
            while pending and callable(pending[0]):
                pending.popleft()()
            key = pending.popleft() if pending else "q"
            read.append(key)
            return key

        monkeypatch.setattr(rogue.Game, "getCharacter", next_key)
        game.play()
        screens = capsys.readouterr().out.split(ANSI_CLEAR)[1:]
        return [screen.split("\n")[:-1] for screen in screens], read

    return run


def new_game(rogue, monkeypatch, seed):
    """Return a Game seeded with ``seed``.

    utilities seeds the random source when it is first imported (as in a real run), which
    the ``rogue`` fixture did before this test could set the seed: so seed it again here.
    """
    monkeypatch.setenv("MINIROGUE_SEED", str(seed))
    rogue.utilities.seed_from_environment()
    return rogue.Game.Game(15)


def squares_holding(rogue, dungeon, kind):
    """Return the squares of ``dungeon`` where an object of class ``kind`` lies."""
    return [square for square in every_square(rogue)
            if isinstance(dungeon.object_at(square), kind)]


def test_screen_is_level_stats_blank_line_messages(rogue, monkeypatch, play):
    game = new_game(rogue, monkeypatch, 3)
    level = game.dungeon().render()
    screens, _ = play(game, ["c"])
    assert len(screens) == 2
    first, after_cheat = screens
    assert first == level + ["Dungeon Level: 0, Hit points: 20, Armor: 2, Strength: 2, "
                             "Dexterity: 2", ""]
    assert after_cheat[ROWS].startswith("Dungeon Level: 0, Hit points: ")
    assert after_cheat[ROWS].endswith(", Armor: 2, Strength: 9, Dexterity: 2")
    assert after_cheat[ROWS + 1] == ""


def test_a_sleeping_player_loses_its_keys(rogue, monkeypatch, play):
    game = new_game(rogue, monkeypatch, 3)
    game.player().fall_asleep(2)
    screens, read = play(game, ["c", "c", "c"])
    strengths = [screen[ROWS].split("Strength: ")[1][0] for screen in screens]
    assert strengths == ["2", "2", "2", "9"]


def test_q_quits_at_once(rogue, monkeypatch, play):
    screens, read = play(new_game(rogue, monkeypatch, 3), ["q", "c"])
    assert len(screens) == 1 and read == ["q"]


def test_full_knapsack_and_picking_up(rogue, monkeypatch, play):
    game = new_game(rogue, monkeypatch, 4)
    player = game.player()
    for _ in range(24):
        player.pick_up(rogue.GameObject.Mace())
    items = squares_holding(rogue, game.dungeon(), rogue.GameObject.Weapon) + \
        squares_holding(rogue, game.dungeon(), rogue.GameObject.Scroll)
    assert len(items) >= 2, "seed no longer has two objects on level 0"
    first, second = (game.dungeon().object_at(square) for square in items[:2])
    screens, _ = play(game, [lambda: player.move_to(items[0]), "g",
                             lambda: player.move_to(items[1]), "g", "i", "x"])
    assert screens[1][ROWS + 2] == first.pickup_message()
    assert screens[2][ROWS + 2] == "Your knapsack is full; you can't pick that up."
    assert game.dungeon().object_at(items[1]) is second
    inventory = screens[3]
    assert inventory[0] == "Inventory:" and len(inventory) == 27
    assert [line[:4] for line in inventory[1:]] == [f" {letter}. " for letter in
                                                    "abcdefghijklmnopqrstuvwxyz"]
    assert inventory[1] == " a. short sword" and inventory[26] == " z. " + first.inventory_label()


def test_wield_and_read_menus(rogue, monkeypatch, play):
    game = new_game(rogue, monkeypatch, 4)
    player = game.player()
    sword = rogue.GameObject.LongSword()
    scroll = rogue.GameObject.EnhanceDexterityScroll()
    player.pick_up(sword)
    player.pick_up(scroll)
    screens, _ = play(game, ["w", "z", "w", "b", "w", "c", "r", "b", "r", "c"])
    menu = ["Inventory:", " a. short sword", " b. long sword",
            " c. A scroll called scroll of enhance dexterity"]
    assert screens[1::2] == [menu] * 5
    messages = [screen[ROWS + 2:] for screen in screens[2::2]]
    assert not any(line.startswith("You") for line in messages[0])
    assert messages[1][0] == "You are wielding long sword" and player.weapon() is sword
    assert messages[2][0] == "You can't wield scroll of enhance dexterity"
    assert messages[3][0] == "You can't read a long sword"
    assert messages[4][:2] == ["You read the scroll called scroll of enhance dexterity",
                               "You feel like less of a klutz."]
    assert player.dexterity() == 3 and sword in player.inventory()
    assert scroll not in player.inventory()


def test_descending_to_the_idol_and_winning(rogue, monkeypatch, play):
    game = new_game(rogue, monkeypatch, 5)
    player = game.player()

    def stand_on(kind):
        return lambda: player.move_to(squares_holding(rogue, game.dungeon(), kind)[0])

    keys = []
    for _ in range(4):
        keys += [stand_on(rogue.GameObject.Stairway), ">"]
    keys += [stand_on(rogue.GameObject.GoldenIdol), "g", "x", "q", "h"]
    screens, read = play(game, keys)
    assert [screen[ROWS][:16] for screen in screens] == \
        [f"Dungeon Level: {level}" for level in (0, 1, 2, 3, 4, 4)]
    assert screens[-1][ROWS + 2:] == ["You pick up the golden idol", "Congratulations, you won!",
                                      "Press q to exit game."]
    assert read[-2:] == ["x", "q"]


def test_dying_ends_the_game_and_waits_for_q(rogue, monkeypatch, play):
    game = new_game(rogue, monkeypatch, 6)
    player = game.player()
    player.take_damage(player.hit_points() - 1)
    dungeon = game.dungeon()
    beside = [square for square in player.position().neighbours() if dungeon.is_open(square)]
    dungeon.move_monster(dungeon.monsters()[0], beside[0])
    screens, read = play(game, ["x"] * 300)
    last = screens[-1]
    assert last[ROWS].startswith("Dungeon Level: 0, Hit points: 0, ")
    assert last[-1] == "Press q to exit game."
    assert last[-2].endswith(" at Player dealing a final blow.")
    assert all(not screen[-1:] == ["Press q to exit game."] for screen in screens[:-1])
    # Every key after the death was read by the final screen, which drew nothing more.
    assert read[-1] == "q" and len(read) == 301 and len(screens) < 300


def test_unknown_keys_let_the_monsters_move(rogue, monkeypatch, play):
    game = new_game(rogue, monkeypatch, 6)
    dungeon = game.dungeon()
    goblin = [monster for monster in dungeon.monsters()
              if isinstance(monster, rogue.Actor.Goblin)][0]
    start = goblin.position()
    game.player().move_to([square for square in every_square(rogue) if dungeon.is_open(square)
                           and 3 <= square.distance_to(start) <= 5][0])
    play(game, ["x"])
    assert goblin.position().is_next_to(start)
