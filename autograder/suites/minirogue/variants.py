"""Broken variants of the MiniRogue reference: realistic student mistakes, one per variant.

``VARIANTS`` maps a name to an ``autograder.selftest.Variant``: exact edits of one file of the
reference (minirogue/) and the rubric item of the MiniRogue suite whose points the mistake
must cost (one of ``ITEMS``); ``ACCEPTED`` holds choices the course allows, which must keep
full marks. ``autograder selftest minirogue`` grades them all; the project's tests do too.
"""

from typing import Dict

from autograder.selftest import Variant

# The suite's auto-graded rubric items, in rubric order.
ITEMS = ("display", "fighting", "monsters", "inventory", "statistics", "rooms", "completeness",
         "recursion")

# The reference's recursive search, from its base cases to its result.
RECURSIVE_SEARCH = """        if square == target:
            return 0
        if steps_left == 0:
            return UNREACHABLE
        # Speed-up "too far": walls only make a path longer than the distance without them.
        if square.distance_to(target) > steps_left:
            return UNREACHABLE
        # Speed-up "remembered answers": asked again along another path, same answer.
        if (square, steps_left) in known:
            return known[(square, steps_left)]
        best = UNREACHABLE
        for neighbour in square.neighbours():
            if neighbour == target or dungeon.is_open(neighbour):
                # The recursive step: the rest of the path from the neighbour.
                best = min(best, 1 + self.path_length(dungeon, neighbour, target,
                                                      steps_left - 1, known))
        known[(square, steps_left)] = best  # for "remembered answers"
        return best
"""

# The same answer found with a queue (breadth first), as a student who avoids recursion writes.
ITERATIVE_SEARCH = """        steps = {square: 0}
        queue = [square]
        while queue:
            here = queue.pop(0)
            if here == target:
                return steps[here]
            if steps[here] == steps_left:
                continue
            for neighbour in here.neighbours():
                if neighbour not in steps and (neighbour == target or dungeon.is_open(neighbour)):
                    steps[neighbour] = steps[here] + 1
                    queue.append(neighbour)
        return UNREACHABLE
"""

# The queue finds the path; the recursion beside it (the same square with one step fewer,
# its answer thrown away) is the "trivial recursive call" the spec forbids.
DECOY_RECURSION = """        if steps_left > 0:
            self.path_length(dungeon, square, target, steps_left - 1, known)
"""

# The same decoy, its answer added up but still deciding nothing (red team, round 3): a copy
# whose recursive calls give None fails at the sum, and a failure once cut passed for proof.
SUMMED_DECOY_RECURSION = """\
        fewer = steps_left - 1
        if steps_left > 0 and 1 + self.path_length(dungeon, square, target, fewer, known) < 0:
            return UNREACHABLE
"""

# Code that finds the profiler the grader runs beside the game and plants a claim in it.
FORGE_PROFILER = """import sys as _sys
_watch = _sys.getprofile()
if _watch is not None:
    _cells = dict(zip(_watch.__code__.co_freevars, _watch.__closure__ or ()))
    _deepest = (_cells["deepest"].cell_contents if "deepest" in _cells
                else _watch.__globals__.get("deepest"))
    if _deepest is not None:
        _deepest["Actor.py:path_length:1"] = 9
"""

VARIANTS: Dict[str, Variant] = {
    # ---- display and movement ----
    "walls_walkable": Variant(
        "Dungeon.py",
        [("        return not self.is_wall(square) and self._has_no_actor(square)",
          "        row, col = square\n"
          "        return 0 <= row < ROWS and 0 <= col < COLS and self._has_no_actor(square)")],
        "display", "is_open checks the map's bounds and the actors but forgets the walls, so "
                   "everyone walks through '#'"),
    # ---- fighting ----
    "dead_monsters_stay": Variant(
        "Game.py",
        [("            self._dungeon.remove_dead_monsters()\n", "")],
        "fighting", "the turn loop never removes dead monsters, so a monster dealt a final "
                    "blow stays on the map"),
    "monsters_never_attack": Variant(
        "Actor.py",
        [("        if self._position.is_next_to(player.position()):\n"
          "            return self.attack(player)\n", "")],
        "fighting", "a monster's turn only moves it; next to the player it tries to step onto "
                    "the player's square instead of attacking"),
    "attack_verb_reworded": Variant(
        "GameObject.py",
        [('SHORT_SWORD = ("short sword", "slashes short sword", 0, 2)',
          'SHORT_SWORD = ("short sword", "slashes with short sword", 0, 2)')],
        "fighting", "the short sword's attack reads 'slashes with short sword' instead of the "
                    "spec's 'slashes short sword'"),
    # ---- monsters ----
    "smell_ignored": Variant(
        "Actor.py",
        [("        if self._position.distance_to(target) > self._smell_distance:\n"
          "            return None\n"
          "        for step in self._position.steps_closer_to(target):",
          "        for step in self._position.steps_closer_to(target):")],
        "monsters", "bogeymen and snakewomen forget the smell distance and head for the player "
                    "from anywhere on the level"),
    # ---- wield, read, inventory ----
    "inventory_letters_from_b": Variant(
        "Game.py",
        [("INVENTORY_LINE.format(letter, item.inventory_label())\n"
          "                                        for letter, item in zip(INVENTORY_LETTERS, "
          "inventory)])",
          "INVENTORY_LINE.format(chr(ord('a') + number),\n"
          "                                                              item.inventory_label())"
          "\n                                        for number, item in enumerate(inventory, "
          "1)])")],
        "inventory", "the inventory counts from 1, so its letters are off by one and the short "
                     "sword is listed as ' b. short sword'"),
    "scroll_effect_not_shown": Variant(
        "Game.py",
        [("            self._messages.append(self._player.read(item, self._dungeon))",
          "            self._player.read(item, self._dungeon)")],
        "inventory", "reading a scroll works its magic but drops the message saying what it "
                     "did"),
    "read_scroll_kept": Variant(
        "Actor.py",
        [("        self._inventory.remove(scroll)\n"
          "        return scroll.take_effect(self, dungeon)",
          "        return scroll.take_effect(self, dungeon)")],
        "inventory", "a read scroll works but does not self-destruct: it stays in the "
                     "knapsack to be read again"),
    "health_scroll_heals": Variant(
        "Actor.py",
        [("        self._max_hit_points = min(MAX_STAT, self._max_hit_points + points)",
          "        self._max_hit_points = min(MAX_STAT, self._max_hit_points + points)\n"
          "        self._hit_points = self._max_hit_points")],
        "inventory", "the scroll of enhance health also heals the player to the new maximum"),
    # ---- statistics ----
    "cheat_sets_only_strength": Variant(
        "Actor.py",
        [("        self._strength = CHEAT_STRENGTH\n"
          "        self._max_hit_points = CHEAT_HIT_POINTS\n"
          "        self._hit_points = CHEAT_HIT_POINTS\n",
          "        self._strength = CHEAT_STRENGTH\n")],
        "statistics", "the cheat raises strength to 9 but leaves the hit points at 20"),
    "stats_level_counts_from_one": Variant(
        "Game.py",
        [("        stats = STATS_LINE.format(self._dungeon.level(), player.hit_points(), "
          "player.armor(),",
          "        stats = STATS_LINE.format(self._dungeon.level() + 1, player.hit_points(), "
          "player.armor(),")],
        "statistics", "the statistics line numbers the levels from 1, so the game starts on "
                      "'Dungeon Level: 1'"),
    # ---- rooms and corridors ----
    "no_corridors": Variant(
        "Dungeon.py",
        [("        for room, next_room in zip(rooms, rooms[1:]):\n"
          "            self._dig_corridor(room.centre(), next_room.centre())\n", "")],
        "rooms", "the rooms are dug but never joined, so most of the level cannot be reached"),
    "one_big_room": Variant(
        "Dungeon.py",
        [("        rooms: List[Room] = []\n"
          "        while len(rooms) < MIN_ROOMS:\n"
          "            rooms = _random_rooms()\n",
          "        rooms = [Room(1, 1, ROWS - 2, COLS - 2)]\n")],
        "rooms", "every level is one big room filling the map inside its border"),
    "rooms_touch_the_border": Variant(
        "Dungeon.py",
        [("        assert 0 < square.row < ROWS - 1 and 0 < square.col < COLS - 1, "
          "f\"{square} is on the edge\"\n", ""),
         ("        room = Room(randInt(1, ROWS - 1 - height), randInt(1, COLS - 1 - width), "
          "height, width)",
          "        room = Room(randInt(0, ROWS - height), randInt(0, COLS - width), "
          "height, width)")],
        "rooms", "rooms may be placed on the outer rows and columns, so the border has gaps"),
    # ---- overall completeness ----
    "stairs_keep_the_level": Variant(
        "Game.py",
        [("        self._dungeon = Dungeon(self._dungeon.level() + 1, self._player,",
          "        self._dungeon = Dungeon(self._dungeon.level(), self._player,")],
        "completeness", "taking the stairs makes a new map but forgets to add 1 to the level "
                        "number"),
    "every_monster_on_every_level": Variant(
        "Actor.py",
        [("BOGEYMAN_FIRST_LEVEL = 2\nDRAGON_FIRST_LEVEL = 3\n",
          "BOGEYMAN_FIRST_LEVEL = 0\nDRAGON_FIRST_LEVEL = 0\n")],
        "completeness", "bogeymen and dragons appear from level 0 on, not from levels 2 and 3"),
    # ---- the recursive goblin ----
    "snakewoman_smells_two_steps": Variant(
        "Actor.py",
        [("SNAKEWOMAN_SMELL = 3\n", "SNAKEWOMAN_SMELL = 2\n")],
        "monsters", "snakewomen smell the player 2 steps away, not 3, so one 3 steps away "
                    "does not come closer"),
    "snakewoman_smells_like_a_bogeyman": Variant(
        "Actor.py",
        [("SNAKEWOMAN_SMELL = 3\n", "SNAKEWOMAN_SMELL = 5\n")],
        "monsters", "snakewomen smell the player 5 steps away like bogeymen, not 3"),
    "goblin_smells_one_step_short": Variant(
        "Actor.py",
        [("steps_left = min(self._smell_distance - 1, best_length - 1)",
          "steps_left = min(self._smell_distance - 2, best_length - 1)")],
        "monsters", "the search's budget is one step short, so a goblin exactly 15 steps "
                    "away does not smell the player"),
    "goblin_smells_one_step_too_far": Variant(
        "Actor.py",
        [("steps_left = min(self._smell_distance - 1, best_length - 1)",
          "steps_left = min(self._smell_distance, best_length - 1)")],
        "monsters", "the search's budget is one step long, so a goblin 16 steps away smells "
                    "the player and moves"),
    "goblin_search_iterative": Variant(
        "Actor.py",
        [(RECURSIVE_SEARCH, ITERATIVE_SEARCH)],
        "recursion", "the goblin finds its shortest path with a breadth-first queue: right "
                     "moves, but no recursion"),
    "goblin_iterative_beside_a_decoy_recursion": Variant(
        "Actor.py",
        [(RECURSIVE_SEARCH, DECOY_RECURSION + ITERATIVE_SEARCH)],
        "recursion", "the goblin searches with a queue, and path_length also calls itself "
                     "with one step fewer and throws the answer away: recursion that does "
                     "no work (issue 17, class 1)"),
    "goblin_iterative_beside_a_summed_decoy_recursion": Variant(
        "Actor.py",
        [(RECURSIVE_SEARCH, SUMMED_DECOY_RECURSION + ITERATIVE_SEARCH)],
        "recursion", "the goblin searches with a queue, and path_length also adds 1 to its own "
                     "answer for one step fewer, a sum that decides nothing: without the "
                     "recursion the game fails or plays the same"),
    # An iterative search that also rewrites the grader's in-process profiler to claim
    # recursion (issue 17, class 1): the source read by the grader shows no cycle of calls.
    "goblin_iterative_forging_the_profiler": Variant(
        "Actor.py",
        [(RECURSIVE_SEARCH, ITERATIVE_SEARCH),
         ("from utilities import randInt, trueWithProbability\n",
          "from utilities import randInt, trueWithProbability\n" + FORGE_PROFILER)],
        "recursion", "the goblin searches with a queue and the file writes a deep recursion "
                     "of path_length into the grader's profiler"),
    "quit_ignored": Variant(
        "Game.py",
        [("            elif key == QUIT_KEY:\n                return\n", "")],
        "display", "the turn loop never looks for q, so q does nothing"),
    "goblin_ignores_walls": Variant(
        "Actor.py",
        [("            if neighbour == target or dungeon.is_open(neighbour):",
          "            if neighbour == target or dungeon.monster_at(neighbour) is None:")],
        "monsters", "the goblin's path search treats only monsters as obstacles, so its paths "
                    "go through walls"),
    "monsters_act_before_removal": Variant(
        "Game.py",
        [("            self._dungeon.remove_dead_monsters()\n            self._monsters_act()\n",
          "            self._monsters_act()\n            self._dungeon.remove_dead_monsters()\n")],
        "fighting", "dead monsters are removed only after the monsters' turn, so a monster "
                    "dealt a final blow still strikes back once"),
    "stats_hit_points_capitalised": Variant(
        "Game.py",
        [('STATS_LINE = "Dungeon Level: {}, Hit points: {}, Armor: {}, Strength: {}, '
          'Dexterity: {}"',
          'STATS_LINE = "Dungeon Level: {}, Hit Points: {}, Armor: {}, Strength: {}, '
          'Dexterity: {}"')],
        "statistics", "the statistics line says 'Hit Points' where the spec says 'Hit points'"),
}


# Choices the course allows: each must keep full auto marks (CLARIFICATIONS.md: the screen's
# shape is fixed, not the row it starts on; the map's glyphs are judged by one check only).
ACCEPTED: Dict[str, Variant] = {
    "blank_line_before_every_screen": Variant(
        "Game.py", [('        sys.stdout.write("\\n".join(lines) + "\\n")',
                     '        sys.stdout.write("\\n" + "\\n".join(lines) + "\\n")')],
        "", "every screen starts with a blank line, so the map begins on the second row"),
    "inventory_without_the_leading_space": Variant(
        "Game.py", [('INVENTORY_LINE = " {}. {}"', 'INVENTORY_LINE = "{}. {}"')],
        "", "the inventory lines start with their letter: the sample's leading space is "
            "layout, not content"),
}
