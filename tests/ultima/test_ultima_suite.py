"""The Ultima 0 autograder suite: full marks for the reference, lost points for every variant.

The reference is graded as it is and as a student hands it in (Tile.py, Avatar.py and World.py
alone: the suite must supply the shim, maps, images and the main loop). Each broken variant of
``variants.py`` must lose points in the rubric item it names, without a grader error.
"""

import shutil
from pathlib import Path

import pytest
from variantkit import build_variant, copy_with_edits, import_file

from autograder import Status, WrongOutput, find_suite, grade
from autograder.grading import save_attachments
from autograder.report import render_text
from autograder.rubric import Kind

HERE = Path(__file__).resolve().parent
ULTIMA = HERE.parents[1] / "ultima"
SUITE = find_suite("ultima")
HANDED_IN = ("Tile.py", "Avatar.py", "World.py")
SPEC_RUBRIC = [("Program Compiles and Runs", 4), ("Comments on All Classes and Methods", 4),
               ("Tile", 6), ("Avatar", 8), ("World", 5), ("Used Recursion for Torch Light", 3)]
VARIANTS_MODULE = import_file("ultima_suite_variants", SUITE.directory / "variants.py")
# Ways of meeting the spec other than the reference's, each of which must keep full marks:
# file -> (old, new) edits of the reference.
ALTERNATIVES = {
    # CLARIFICATIONS.md: accept the light line printed from inside light() (the course's
    # solution did that, so the constructor's lighting prints it too).
    "light_line_printed_by_light": {"World.py": [
        ("    print(LIGHT_REPORT % (x, y, r, world.light(x, y, r)))\n", ""),
        ("        return self.lightDFS(x, y, x, y, r)\n",
         "        lit = self.lightDFS(x, y, x, y, r)\n"
         "        print(LIGHT_REPORT % (x, y, r, lit))\n"
         "        return lit\n")]},
    # The spec leaves the coordinate system free: scales in tiles instead of pixels.
    "scales_in_tiles": {
        "World.py": [("StdDraw.setXscale(0, self._width * Tile.SIZE)",
                      "StdDraw.setXscale(0, self._width)"),
                     ("StdDraw.setYscale(0, self._height * Tile.SIZE)",
                      "StdDraw.setYscale(0, self._height)")],
        "Tile.py": [("return (x + 0.5) * Tile.SIZE, (y + 0.5) * Tile.SIZE",
                     "return x + 0.5, y + 0.5")]},
    # CLARIFICATIONS.md: the starter's setLit comment invites unlighting where the avatar
    # moves or the torch changes instead of in light(), so a grader calling light() twice
    # must unlight the World's tiles itself in between.
    "unlit_before_relighting_not_in_light": {"World.py": [
        ("        for column in self._tiles:\n            for tile in column:\n"
         "                tile.setLit(False)\n        return self.lightDFS(",
         "        return self.lightDFS("),
        ("        avatar = self._avatar\n        return self.light(",
         "        for column in self._tiles:\n            for tile in column:\n"
         "                tile.setLit(False)\n"
         "        avatar = self._avatar\n        return self.light(")]},
    # CLARIFICATIONS.md: the course's starter main prints nothing; the light count is graded
    # through light()'s return value.
    "world_main_prints_nothing": {"World.py": [
        ("    print(LIGHT_REPORT % (x, y, r, world.light(x, y, r)))\n",
         "    world.light(x, y, r)\n")]},
    # Two other shapes of the same depth-first search (red team, round 4 asked whether the
    # recursion check, which follows the calls' positions, would take them for loops): the
    # caller lights a neighbour before recursing into it, and light() starts the search at
    # the torch's neighbours.
    "neighbours_lit_before_the_recursive_call": {"World.py": [
        ("        return self.lightDFS(x, y, x, y, r)\n",
         "        start = self._tiles[x][y]\n        start.setLit(True)\n"
         "        return 1 if start.isOpaque() else 1 + self.lightDFS(x, y, x, y, r)\n"),
        (VARIANTS_MODULE.RECURSIVE_LIGHT,
         "        lit = 0\n"
         "        for dx, dy in NEIGHBOURS:\n"
         "            nextX, nextY = currX + dx, currY + dy\n"
         "            if not self._onMap(nextX, nextY) or self._tiles[nextX][nextY].getLit():\n"
         "                continue\n"
         "            if math.hypot(nextX - x, nextY - y) >= r:\n"
         "                continue\n"
         "            self._tiles[nextX][nextY].setLit(True)\n"
         "            lit += 1\n"
         "            if not self._tiles[nextX][nextY].isOpaque():\n"
         "                lit += self.lightDFS(x, y, nextX, nextY, r)\n"
         "        return lit\n")]},
    "light_starts_at_the_torch_s_neighbours": {"World.py": [
        ("        return self.lightDFS(x, y, x, y, r)\n",
         "        start = self._tiles[x][y]\n        start.setLit(True)\n"
         "        if start.isOpaque():\n            return 1\n"
         "        return 1 + sum(self.lightDFS(x, y, x + dx, y + dy, r)\n"
         "                       for dx, dy in NEIGHBOURS)\n")]},
}
# One variant per rubric item runs by default; the rest are marked slow.
FAST_VARIANTS = {"syntax_error", "methods_without_comments", "water_passable",
                 "no_torch_minimum", "no_unlight_before_lighting", "iterative_flood_fill"}


VARIANTS = VARIANTS_MODULE.VARIANTS


def edited_reference(folder, edits):
    """Copy the reference's Tile.py, Avatar.py and World.py to ``folder`` with ``edits``."""
    return copy_with_edits(ULTIMA, folder, HANDED_IN, edits)


def awarded(result):
    """Return the points of each rubric item by id."""
    return {score.item.id: score.awarded for score in result.scores}


def assert_full_marks(result):
    """Require every check passed, every item full and nothing left to note."""
    report = render_text(result)
    assert [o.status for o in result.outcomes] == [Status.PASSED] * len(result.outcomes), report
    assert result.auto_score == SUITE.auto_points == 30, report
    assert result.notes == [], report


def test_rubric_is_the_specs_and_all_auto():
    assert [(item.title, item.points) for item in SUITE.rubric] == SPEC_RUBRIC
    assert all(item.kind is Kind.AUTO for item in SUITE.rubric)
    assert {variant.loses for variant in VARIANTS.values()} == {item.id for item in SUITE.rubric}


def test_reference_scores_full_marks_and_checks_add_up_to_each_item():
    result = grade(SUITE, ULTIMA)
    assert_full_marks(result)
    for item in SUITE.rubric:
        weights = [o.weight for o in result.outcomes if o.item == item.id]
        assert sum(weights) == item.points, item.id


def test_report_attaches_the_world_after_the_key_script(tmp_path):
    result = grade(SUITE, ULTIMA)
    assert [a.name for a in result.attachments] == ["world_after_key_script.png"]
    png = result.attachments[0].data
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    # 30x20.txt at 16 pixels a tile.
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (480, 320)
    assert "world_after_key_script.png" in render_text(result)
    saved = save_attachments(result, tmp_path / "attachments")
    assert [path.read_bytes() for path in saved] == [png]


# An Ultima.py that takes every key on a canvas of the right size but never draws the world.
EMPTY_WINDOW_PROGRAM = """
import StdDraw

StdDraw.setCanvasSize(480, 320)
while True:
    if StdDraw.hasNextKeyTyped():
        StdDraw.nextKeyTyped()
    StdDraw.show(100)
"""


def test_a_main_program_that_never_draws_the_world_loses_the_key_script_check(tmp_path):
    # Issue 17, class 1: keys taken and a frame of the right size were all the check asked
    # for, and both are easy to produce without the game; the tiles drawn are evidence that
    # needs the right drawing.
    folder = edited_reference(tmp_path / "empty_window", {})
    (folder / "Ultima.py").write_text(EMPTY_WINDOW_PROGRAM)
    result = grade(SUITE, folder)
    (play,) = [o for o in result.outcomes if o.name.startswith("python Ultima.py 30x20.txt")]
    assert play.status is Status.WRONG and "never drew 600 of the map's 600 tiles" in \
        play.message, render_text(result)


# Prepended to the course's Ultima.py: the game is played and drawn as usual, but the
# grader's frame saving (which ran in this process) now writes bytes of the submission's.
FORGED_FRAME = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + (480).to_bytes(4, "big")
                + (320).to_bytes(4, "big") + b"FORGED BY THE SUBMISSION")
FORGING_PREFIX = f"""
import stddraw_shim

def _forged_save(filename):
    with open(filename, "wb") as handle:
        handle.write({FORGED_FRAME!r})

stddraw_shim.save_frame = _forged_save
"""


def test_the_attached_frame_is_drawn_by_the_grader_not_the_submission(tmp_path):
    # Issue 17, class 1: the frame used to be saved as a PNG by the shim in the game's own
    # process, so the submission chose the instructor's image. Now a child that runs none of
    # its code draws the frame again from the pictures the game drew.
    folder = edited_reference(tmp_path / "forger", {})
    course = (ULTIMA / "Ultima.py").read_text(encoding="utf-8")
    (folder / "Ultima.py").write_text(FORGING_PREFIX + course, encoding="utf-8")
    result = grade(SUITE, folder)
    assert_full_marks(result)
    (frame,) = [a.data for a in result.attachments]
    assert b"FORGED" not in frame and frame.startswith(b"\x89PNG\r\n\x1a\n")
    assert frame == grade(SUITE, ULTIMA).attachments[0].data


def test_a_frame_report_that_is_not_a_frame_is_the_submissions_failure():
    from autograder.suites.ultima.lab_checks import frame_to_draw

    canvas = {"op": "canvas", "w": 32, "h": 16}
    tile = {"op": "picture", "file": "lava.gif", "x": 8.0, "y": 8.0}
    outside = [dict(tile, file=name) for name in ("../x.gif", "/etc/passwd", "a\\b.gif", "")]
    assert frame_to_draw([canvas, {"op": "clear", "color": [0, 0, 0]}, tile, *outside]) == (
        (32, 16), [["clear", 0, 0, 0], ["picture", "lava.gif", 8.0, 8.0]])
    for junk in (None, [], "frame", [tile], [dict(canvas, w=10 ** 9)], [canvas, {"op": "text"}],
                 [canvas, dict(tile, x=float("nan"))], [canvas] * 30_000):
        with pytest.raises(WrongOutput):
            frame_to_draw(junk)


def test_three_handed_in_files_alone_score_full_marks(tmp_path):
    assert_full_marks(grade(SUITE, edited_reference(tmp_path / "handed_in", {})))


@pytest.mark.parametrize("name", sorted(ALTERNATIVES))
def test_alternative_keeps_full_marks(name, tmp_path):
    assert_full_marks(grade(SUITE, edited_reference(tmp_path / name, ALTERNATIVES[name])))


@pytest.mark.parametrize("name", [
    name if name in FAST_VARIANTS else pytest.param(name, marks=pytest.mark.slow)
    for name in sorted(VARIANTS)])
def test_variant_loses_points_in_its_item(name, tmp_path):
    variant = VARIANTS[name]
    folder = build_variant(variant, ULTIMA, tmp_path / name)
    for cache in folder.rglob("__pycache__"):
        shutil.rmtree(cache)
    result = grade(SUITE, folder)
    report = render_text(result)
    assert not result.grader_errors, report
    item = SUITE.item(variant.loses)
    assert awarded(result)[item.id] < item.points, f"{name}: {item.id} kept full marks\n{report}"


HEADER_ONLY = '"""File: {name}\n\nAuthor: A. Student\nClass: {cls}\n"""\n'


@pytest.mark.parametrize("header", ["", HEADER_ONLY])
def test_empty_files_earn_nothing_for_comments_or_running(header, tmp_path):
    # Red team, round 3: three empty files (or headers alone) had nothing undocumented and
    # nothing that failed to compile or run, and scored 6 or 7 of 30.
    folder = tmp_path / "empty"
    folder.mkdir()
    for name in HANDED_IN:
        (folder / name).write_text(header.format(name=name, cls=name[:-len(".py")]))
    points = awarded(grade(SUITE, folder))
    assert points["compiles_runs"] == 0
    assert points["comments"] == (1 if header else 0)  # the header point alone
    assert sum(points.values()) == points["comments"]


def _recursion_points(result):
    """Return the recursion item's points and the report, for an assertion message."""
    (recursion,) = [score for score in result.scores if score.item.id == "recursion"]
    return recursion.awarded, render_text(result)


def test_recursion_is_judged_by_the_tiles_that_spread_the_light(tmp_path):
    # Red team, round 4: a search whose caller lights each neighbour and recurses only into
    # transparent ones makes one nested call per transparent lit tile (14 on the check's
    # map, not 22); counted from light() alone (a constructor that does not light), it lost
    # its recursion points.
    edits = {"World.py": ALTERNATIVES["neighbours_lit_before_the_recursive_call"]["World.py"]
             + [("        self._relight()\n\n    def handleKey", "\n    def handleKey")]}
    points, report = _recursion_points(grade(SUITE, edited_reference(tmp_path / "quiet", edits)))
    assert points == 3, report


def test_a_tile_method_named_light_is_not_taken_for_world_light(tmp_path):
    # Red team, round 4: lightDFS calling tile.light() (a Tile method of that name) put
    # World.light on lightDFS's cycle of calls by name, the cut emptied light() itself, and
    # the recursion went to the marker. light() starts the search: the cut leaves it whole.
    edits = {"Tile.py": [("    def getLit(self) -> bool:\n",
                          "    def light(self) -> None:\n"
                          "        \"\"\"Light this tile.\"\"\"\n"
                          "        self.setLit(True)\n\n"
                          "    def getLit(self) -> bool:\n")],
             "World.py": [("        tile.setLit(True)\n        if tile.isOpaque():",
                           "        tile.light()\n        if tile.isOpaque():")]}
    points, report = _recursion_points(grade(SUITE, edited_reference(tmp_path / "named", edits)))
    assert points == 3, report
