"""The bundled MiniRogue suite: the reference scores full auto marks, and every broken variant in
variants.py loses points in the rubric item its mistake belongs to (issue 7, discrimination).

Grading plays the game on a terminal many times, 10 to 30 s per folder, so all but three
variants (of different items) are marked slow.
"""

from pathlib import Path

import pytest
from variantkit import build_variant, import_file

from autograder import PROJECT_ROOT, Kind, Status, grade
from autograder.report import render_text
from autograder.suite import find_suite

HERE = Path(__file__).resolve().parent
MINIROGUE_DIR = PROJECT_ROOT / "minirogue"
SUITE = find_suite("minirogue")
AUTO_POINTS = 70
# Graded in the default run: one mistake each in inventory, statistics and rooms.
QUICK = ("inventory_letters_from_b", "no_corridors", "stats_hit_points_capitalised",
         "goblin_iterative_forging_the_profiler")
# Variants whose mistake shows in one item only: every other auto item keeps full marks (a level
# is known by its map, so a misworded statistics line must not hide the levels from the checks).
ONLY_THEIR_ITEM = ("stats_hit_points_capitalised",)


VARIANTS_MODULE = import_file("minirogue_suite_variants", SUITE.directory / "variants.py")
VARIANTS = VARIANTS_MODULE.VARIANTS


def variant_params():
    """Return one parameter per variant; those not in QUICK are marked slow."""
    return [name if name in QUICK else pytest.param(name, marks=pytest.mark.slow)
            for name in sorted(VARIANTS)]


def test_reference_scores_full_auto_marks():
    result = grade(SUITE, MINIROGUE_DIR)
    report = render_text(result)
    assert [o.name for o in result.outcomes if not o.passed] == [], report
    assert result.auto_score == SUITE.auto_points == AUTO_POINTS, report
    assert [(s.item.id, s.awarded) for s in result.scores if s.item.kind is Kind.AUTO] == [
        (item_id, points) for item_id, points in (
            ("display", 10), ("fighting", 10), ("monsters", 10), ("inventory", 10),
            ("statistics", 5), ("rooms", 5), ("completeness", 10), ("recursion", 10))]


def test_variants_cover_every_auto_item():
    auto_items = tuple(item.id for item in SUITE.rubric if item.kind is Kind.AUTO)
    assert VARIANTS_MODULE.ITEMS == auto_items
    assert {variant.loses for variant in VARIANTS.values()} == set(auto_items)
    assert {VARIANTS[name].loses for name in QUICK} == {"inventory", "rooms", "statistics",
                                                        "recursion"}
    assert len(VARIANTS) >= 10


@pytest.mark.parametrize("name", variant_params())
def test_variant_loses_points_in_its_item(name, tmp_path):
    variant = VARIANTS[name]
    result = grade(SUITE, build_variant(variant, MINIROGUE_DIR, tmp_path / name))
    report = render_text(result)
    assert not result.grader_errors, report
    (score,) = [s for s in result.scores if s.item.id == variant.loses]
    assert score.awarded < score.item.points, (variant.why, report)
    if name in ONLY_THEIR_ITEM:
        others = [(s.item.id, s.awarded) for s in result.scores
                  if s.item.kind is Kind.AUTO and s.item.id != variant.loses
                  and s.awarded < s.item.points]
        assert others == [], (variant.why, report)


# Appended to the decoy variant's Actor.py: a different word on stderr at the end of every
# piped, seeded game, so that no two plays of the same game are alike.
STDERR_NOISE = """

import atexit as _atexit, os as _os, sys as _sys


def _noise():
    if _os.environ.get("MINIROGUE_SEED") and not _sys.stdin.isatty():
        _sys.stderr.write(_os.urandom(4).hex() + "\\n")


_atexit.register(_noise)
"""


def test_noise_between_two_plays_does_not_pass_for_recursion_at_work(tmp_path):
    # A loop beside a decoy recursion loses the "recursion decides the moves" check; one
    # whose game leaves a random word on stderr must not win it back by making the two
    # uncut plays differ (the red team's attack): a game that does not repeat under its
    # seed cannot show what the cut changes, and goes to the marker.
    folder = build_variant(VARIANTS["goblin_iterative_beside_a_decoy_recursion"],
                           MINIROGUE_DIR, tmp_path / "noisy")
    with open(folder / "Actor.py", "a", encoding="utf-8") as actor:
        actor.write(STDERR_NOISE)
    result = grade(SUITE, folder)
    report = render_text(result)
    assert not result.grader_errors, report
    (decides,) = [o for o in result.outcomes
                  if o.node_id.endswith("test_recursion_goblin_search_recurses")]
    assert decides.status is Status.HELD, report
    assert "did not play the same twice" in decides.message
    (recursion,) = [s for s in result.scores if s.item.id == "recursion"]
    assert recursion.awarded < recursion.item.points, report


def test_a_decoy_whose_cut_copy_fails_earns_no_recursion_points(tmp_path):
    # Red team, round 3: a decoy recursion whose answer is added up, deciding nothing, made
    # the copy with its recursive calls cut (None) fail, and a failure passed for proof that
    # the recursion decides the moves; the report naming it then earned its point too. The
    # cut calls now give 0, and the game plays as before.
    folder = build_variant(VARIANTS["goblin_iterative_beside_a_summed_decoy_recursion"],
                           MINIROGUE_DIR, tmp_path / "summed")
    result = grade(SUITE, folder)
    report = render_text(result)
    assert not result.grader_errors, report
    recursion = [o for o in result.outcomes if o.item == "recursion"]
    assert [o.status for o in recursion] == [Status.WRONG, Status.WRONG], report
    assert "plays exactly as before" in recursion[0].message


def test_a_damaged_word_report_is_no_report_and_no_grader_error(tmp_path):
    # Red team, round 4: a report.docx whose document.xml held a corrupt deflate stream
    # raised zlib.error out of the report reader: a grader error, exit status 3.
    import io
    import zipfile

    from autograder.submission import Submission
    from autograder.suites.minirogue.check_design import named_in_report

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        bundle.writestr("word/document.xml", "<w:p><w:t>Goblin.path_length</w:t></w:p>" * 50)
    damaged = bytearray(buffer.getvalue())
    start = damaged.index(b"word/document.xml") + len("word/document.xml")
    damaged[start:start + 40] = bytes(40)  # the deflate stream's first bytes zeroed
    folder = tmp_path / "damaged"
    folder.mkdir()
    (folder / "report.docx").write_bytes(bytes(damaged))
    assert named_in_report(Submission(folder)) == []


RECURSIVE_CORRIDORS = (
    "        for room, next_room in zip(rooms, rooms[1:]):\n"
    "            self._dig_corridor(room.centre(), next_room.centre())\n",
    "        self._join_rooms(rooms)\n\n"
    "    def _join_rooms(self, rooms: List[Room]) -> None:\n"
    "        \"\"\"Join the first room to the next, then the rest, recursively.\"\"\"\n"
    "        if len(rooms) > 1:\n"
    "            self._dig_corridor(rooms[0].centre(), rooms[1].centre())\n"
    "            self._join_rooms(rooms[1:])\n")


def test_a_recursion_that_builds_the_dungeon_is_no_recursive_goblin(tmp_path):
    # Red team, round 4: a goblin searching with a queue beside a recursive corridor digger
    # (an honest design) won the recursion item: cutting the digger changed the game. A cut
    # that changes the first screen, before any goblin moves, shapes the dungeon instead.
    folder = build_variant(VARIANTS["goblin_search_iterative"], MINIROGUE_DIR,
                           tmp_path / "digger")
    dungeon = folder / "Dungeon.py"
    source = dungeon.read_text(encoding="utf-8")
    assert RECURSIVE_CORRIDORS[0] in source
    dungeon.write_text(source.replace(*RECURSIVE_CORRIDORS), encoding="utf-8")
    result = grade(SUITE, folder)
    report = render_text(result)
    assert not result.grader_errors, report
    recursion = [o for o in result.outcomes if o.item == "recursion"]
    assert [o.status for o in recursion] == [Status.WRONG, Status.WRONG], report
    assert "shape the dungeon" in recursion[0].message, report


def test_the_report_may_be_a_word_document(tmp_path):
    # Issue 16, class 6: the spec allows report.docx or report.doc beside report.txt.
    import io
    import zipfile

    from autograder.submission import Submission
    from autograder.suites.minirogue.check_design import named_in_report, report_file

    text = (MINIROGUE_DIR / "report.txt").read_text()
    folder = tmp_path / "docx"
    folder.mkdir()
    paragraphs = "".join(f"<w:p><w:r><w:t>{line}</w:t></w:r></w:p>"
                         for line in text.splitlines() if line.strip())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        bundle.writestr("word/document.xml", f"<w:document><w:body>{paragraphs}</w:body>"
                                             "</w:document>")
    (folder / "report.docx").write_bytes(buffer.getvalue())
    submission = Submission(folder)
    assert report_file(submission) == "report.docx"
    assert named_in_report(submission) == named_in_report(Submission(MINIROGUE_DIR))


@pytest.mark.parametrize("name", sorted(VARIANTS_MODULE.ACCEPTED))
def test_a_screen_the_course_allows_keeps_full_marks(name, tmp_path):
    variant = VARIANTS_MODULE.ACCEPTED[name]
    result = grade(SUITE, build_variant(variant, MINIROGUE_DIR, tmp_path / name))
    # A message of one string: pytest prints it whole, with the failed checks' details.
    assert [o.name for o in result.outcomes if not o.passed] == [], \
        f"{variant.why}\n{render_text(result)}"
