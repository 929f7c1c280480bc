"""Broken variants of the Ultima 0 reference: realistic student mistakes, for grading tests.

``VARIANTS`` maps a name to an ``autograder.selftest.Variant`` (text edits to one file of
``ultima/``, and the rubric item the mistake must cost: "compiles_runs", "comments", "tile",
"avatar", "world" or "recursion", the spec's six items). ``PROBES`` names, for each variant, the
observation of ``ultima_probe.py`` in which its behaviour departs from the reference's; the
test ``test_ultima_variants.py`` checks that it really does.
"""

from typing import Dict

from autograder.selftest import Variant

__all__ = ["VARIANTS", "PROBES"]

ITERATIVE_LIGHT = """\
        stack = [(currX, currY)]
        lit = 0
        while stack:
            cx, cy = stack.pop()
            if not self._onMap(cx, cy):
                continue
            tile = self._tiles[cx][cy]
            if tile.getLit() or math.hypot(cx - x, cy - y) >= r:
                continue
            tile.setLit(True)
            lit += 1
            if not tile.isOpaque():
                stack.extend((cx + dx, cy + dy) for dx, dy in NEIGHBOURS)
        return lit
"""
RECURSIVE_LIGHT = """\
        if not self._onMap(currX, currY):
            return 0
        tile = self._tiles[currX][currY]
        if tile.getLit():
            return 0
        if math.hypot(currX - x, currY - y) >= r:
            return 0
        tile.setLit(True)
        if tile.isOpaque():
            return 1
        lit = 1
        for dx, dy in NEIGHBOURS:
            # The recursive step: each neighbour is lit by the same torch at (x, y).
            lit += self.lightDFS(x, y, currX + dx, currY + dy, r)
        return lit
"""
# The loop does the lighting; a recursive function of the same name beside it only counts
# down, so that lightDFS is seen calling itself (the profiler) and on a cycle of calls (the
# source) without the recursion doing any work.
DECOY_LIGHT = ITERATIVE_LIGHT.replace("        return lit\n", """\
        def lightDFS(steps):
            return 0 if steps == 0 else lightDFS(steps - 1)

        lightDFS(lit)
        return lit
""")
# The decoy again, answering one tile more on the recursion check's map where no profiler
# watches: a grader that played the cut copy under another driver than the whole one would
# see it light another count there.
UNWATCHED_DECOY_LIGHT = DECOY_LIGHT.replace("        return lit\n", """\
        import sys
        frame = sys._getframe()
        while frame is not None and not isinstance(frame.f_locals.get("payload"), dict):
            frame = frame.f_back
        payload = frame.f_locals["payload"] if frame is not None else {}
        return lit + (payload.get("map") == "grader_10x5.txt" and sys.getprofile() is None)
""")
# A loop that calls, at every step, a function defined inside lightDFS with its name: to a
# profiler counting by name and a reading matching calls by name, lightDFS recurses. It also
# answers one tile more in a copy without its comments (the grader's cut copy, unparsed).
NESTED_DECOY_LIGHT = ITERATIVE_LIGHT.replace("""\
        while stack:
            cx, cy = stack.pop()
""", """\
        def lightDFS():
            return None

        while stack:
            cx, cy = stack.pop()
            lightDFS()
""").replace("        return lit\n", """\
        with open(__file__, encoding="utf-8") as source:
            cut = "# keep" + " this comment" not in source.read()
        # keep this comment: the grader's copies have none
        return lit + cut
""")
# A loop does the lighting; lightDFS then counts the tiles down by calling itself with no
# position (red team, round 3): as many nested calls as tiles, and a count that passes
# through the recursion, so that a copy without it answers another count.
COUNT_DOWN_LIGHT = """\
        if currX is None:
            return 0 if currY == 0 else 1 + self.lightDFS(x, y, None, currY - 1, r)
""" + ITERATIVE_LIGHT.replace("        return lit\n",
                              "        return self.lightDFS(x, y, None, lit, r)\n")
# A loop does the lighting; beside it lightDFS walks the map as the spec's search would, with
# a visited set of its own, lighting nothing: every call considers a neighbour of its
# caller's position, but without its recursion the loop still lights the same tiles.
SHADOW_SEARCH_LIGHT = """\
        shadow = getattr(self, "shadow", None)
        if shadow is not None:
            if not self._onMap(currX, currY) or (currX, currY) in shadow:
                return 0
            if math.hypot(currX - x, currY - y) >= r:
                return 0
            shadow.add((currX, currY))
            if self._tiles[currX][currY].isOpaque():
                return 1
            return 1 + sum(self.lightDFS(x, y, currX + dx, currY + dy, r)
                           for dx, dy in NEIGHBOURS)
""" + ITERATIVE_LIGHT.replace("        return lit\n", """\
        self.shadow = {(currX, currY)}
        for dx, dy in NEIGHBOURS:
            self.lightDFS(x, y, currX + dx, currY + dy, r)
        self.shadow = None
        return lit
""")
DRAW_TILES = """\
        for x in range(self._width):
            for y in range(self._height):
                self._tiles[x][y].draw(x, y)
"""
GET_X_DOCSTRING = '        """Return the avatar\'s x index (columns count from the left)."""\n'
GET_Y_DOCSTRING = '        """Return the avatar\'s y index (rows count from the bottom)."""\n'

VARIANTS: Dict[str, Variant] = {
    "distance_at_most_r_is_inside": Variant(
        "World.py", [("if math.hypot(currX - x, currY - y) >= r:",
                      "if math.hypot(currX - x, currY - y) > r:")],
        "world", "Treats a tile exactly r away as inside the torch (dist <= r)."),
    "avatar_tile_counted_twice": Variant(
        "World.py", [("        return self.lightDFS(x, y, x, y, r)",
                      "        return 1 + self.lightDFS(x, y, x, y, r)")],
        "world", "Counts the avatar's own tile in light() and again in lightDFS()."),
    "no_y_flip": Variant(
        "World.py", [("tiles[x][self._height - 1 - i] = Tile(code)",
                      "tiles[x][i] = Tile(code)")],
        "world", "Reads the first tile line as y = 0, so the map is upside down."),
    "diagonal_recursion": Variant(
        "World.py", [("NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0))",
                      "NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), "
                      "(-1, 1), (-1, -1))")],
        "world", "Spreads the light to the diagonal neighbours too."),
    "iterative_flood_fill": Variant(
        "World.py", [(RECURSIVE_LIGHT, ITERATIVE_LIGHT)],
        "recursion", "Lights the same tiles with a loop and an explicit stack, no recursion."),
    "iterative_light_beside_a_decoy_recursion": Variant(
        "World.py", [(RECURSIVE_LIGHT, DECOY_LIGHT)],
        "recursion", "Lights the tiles with a loop, and calls a recursive function named "
                     "lightDFS that does no lighting (issue 17: recursion that does no work)."),
    "decoy_recursion_that_tells_the_runs_apart": Variant(
        "World.py", [(RECURSIVE_LIGHT, UNWATCHED_DECOY_LIGHT)],
        "recursion", "Lights the tiles with a loop beside a decoy recursion, and counts one "
                     "tile more whenever no profiler is installed, to tell the grader's run of "
                     "the cut copy from the watched one without reading any source."),
    "loop_beside_a_nested_decoy_named_lightDFS": Variant(
        "World.py", [(RECURSIVE_LIGHT, NESTED_DECOY_LIGHT)],
        "recursion", "Lights the tiles with a loop that calls a nested function named lightDFS "
                     "at every step, and answers otherwise in a copy without comments (the red "
                     "team's second attack: recursion judged by names alone)."),
    "loop_beside_a_count_down_recursion": Variant(
        "World.py", [(RECURSIVE_LIGHT, COUNT_DOWN_LIGHT)],
        "recursion", "Lights the tiles with a loop, then counts them down with lightDFS calling "
                     "itself with no position (red team, round 3: the cut copy failed, and a "
                     "failure passed for proof)."),
    "loop_beside_a_shadow_search": Variant(
        "World.py", [(RECURSIVE_LIGHT, SHADOW_SEARCH_LIGHT)],
        "recursion", "Lights the tiles with a loop, beside a recursive walk of the map that "
                     "lights nothing: the calls look right, but without them the same tiles "
                     "are lit."),
    "opaque_tiles_left_unlit": Variant(
        "World.py", [("        tile.setLit(True)\n        if tile.isOpaque():\n"
                      "            return 1\n",
                      "        if tile.isOpaque():\n            return 0\n"
                      "        tile.setLit(True)\n")],
        "world", "Stops at opaque tiles without lighting them, so forests and walls stay dark."),
    "moves_through_water": Variant(
        "World.py", [("if self._onMap(x, y) and self._tiles[x][y].isPassable():",
                      "if self._onMap(x, y):")],
        "world", "Moves the avatar without asking whether the tile is passable."),
    "w_moves_south": Variant(
        "World.py", [('MOVES = {"w": (0, 1), "s": (0, -1),',
                      'MOVES = {"w": (0, -1), "s": (0, 1),')],
        "world", "Takes north as y - 1, as in screen coordinates, so w and s are swapped."),
    "no_unlight_before_lighting": Variant(
        "World.py", [("        for column in self._tiles:\n            for tile in column:\n"
                      "                tile.setLit(False)\n", "")],
        "world", "Never darkens the old tiles, so the light left behind blocks the new search."),
    "avatar_drawn_before_tiles": Variant(
        "World.py", [(DRAW_TILES + "        self._avatar.draw()\n",
                      "        self._avatar.draw()\n" + DRAW_TILES)],
        "world", "Draws the avatar first, so the tiles cover it."),
    "water_passable": Variant(
        "Tile.py", [('WATER: ("water.gif", False, False)',
                     'WATER: ("water.gif", False, True)')],
        "tile", "Lets the avatar walk on water."),
    "forest_transparent": Variant(
        "Tile.py", [('FOREST: ("forest.gif", True, True)',
                     'FOREST: ("forest.gif", False, True)')],
        "tile", "Lets light pass through forest."),
    "tiles_start_lit": Variant(
        "Tile.py", [("        self._lit = False\n", "        self._lit = True\n")],
        "tile", "Creates tiles lit instead of dark."),
    "tiles_drawn_by_corner": Variant(
        "Tile.py", [("return (x + 0.5) * Tile.SIZE, (y + 0.5) * Tile.SIZE",
                     "return x * Tile.SIZE, y * Tile.SIZE")],
        "tile", "Passes the tile's lower-left corner to StdDraw.picture, which wants the centre."),
    "unlit_tiles_drawn_as_themselves": Variant(
        "Tile.py", [("image = self._image if self._lit else BLANK_IMAGE",
                     "image = self._image")],
        "tile", "Draws every tile with its own image, never blank.gif."),
    "no_torch_minimum": Variant(
        "Avatar.py", [("self._torch = max(MIN_TORCH_RADIUS, self._torch - TORCH_STEP)",
                       "self._torch = self._torch - TORCH_STEP")],
        "avatar", "Lets the torch shrink below 2.0."),
    "torch_steps_by_one": Variant(
        "Avatar.py", [("TORCH_STEP = 0.5", "TORCH_STEP = 1.0")],
        "avatar", "Changes the torch by a whole tile per key."),
    "set_location_swapped": Variant(
        "Avatar.py", [("        self._x = x\n        self._y = y\n\n    def getTorchRadius",
                       "        self._x = y\n        self._y = x\n\n    def getTorchRadius")],
        "avatar", "Swaps x and y in setLocation."),
    "methods_without_comments": Variant(
        "Avatar.py", [(GET_X_DOCSTRING, ""), (GET_Y_DOCSTRING, "")],
        "comments", "Leaves getX and getY without any comment."),
    "course_maps_crash_on_trailing_spaces": Variant(
        "World.py", [("codes = row.split()", 'codes = row.split(" ")')],
        "compiles_runs", "Splits rows on single spaces, so course maps with trailing spaces "
                         "fails to load."),
    "syntax_error": Variant(
        "Tile.py", [("    def getLit(self) -> bool:", "    def getLit(self) -> bool")],
        "compiles_runs", "Leaves out a colon, so Tile.py does not compile."),
}

PROBES: Dict[str, str] = {
    "distance_at_most_r_is_inside": "light_hand",
    "avatar_tile_counted_twice": "light_course",
    "no_y_flip": "light_course",
    "diagonal_recursion": "light_hand",
    "iterative_flood_fill": "recursive_calls",
    "iterative_light_beside_a_decoy_recursion": "recursive_calls",
    "decoy_recursion_that_tells_the_runs_apart": "recursive_calls",
    "loop_beside_a_nested_decoy_named_lightDFS": "recursive_calls",
    "loop_beside_a_count_down_recursion": "lit_in_nested_calls",
    "loop_beside_a_shadow_search": "lit_in_nested_calls",
    "opaque_tiles_left_unlit": "light_course",
    "moves_through_water": "keys",
    "w_moves_south": "keys",
    "no_unlight_before_lighting": "keys",
    "avatar_drawn_before_tiles": "world_main",
    "water_passable": "tiles",
    "forest_transparent": "tiles",
    "tiles_start_lit": "tile_main",
    "tiles_drawn_by_corner": "world_main",
    "unlit_tiles_drawn_as_themselves": "world_main",
    "no_torch_minimum": "avatar_main",
    "torch_steps_by_one": "avatar_main",
    "set_location_swapped": "avatar_main",
    "methods_without_comments": "undocumented",
    "course_maps_crash_on_trailing_spaces": "light_course",
    "syntax_error": "tile_main",
}
