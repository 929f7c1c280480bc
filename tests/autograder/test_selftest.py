"""autograder init and selftest: a new suite starts working and tests itself (issue 15)."""

from io import StringIO

import pytest

from autograder.cli import main
from autograder.cli_args import ExitCode
from autograder.selftest import edited, load_accepted, load_variants
from autograder.suite import bundled_suites


@pytest.fixture()
def new_suite(tmp_path):
    """A suite written by ``autograder init`` as it comes."""
    folder = tmp_path / "hangman"
    assert main(["init", str(folder)], out=StringIO()) == ExitCode.OK
    return folder


def test_the_template_passes_its_own_selftest(new_suite):
    out = StringIO()
    assert main(["selftest", str(new_suite)], out=out) == ExitCode.OK
    lines = out.getvalue().splitlines()
    assert lines[0] == "reference: 4/4 checks passed"
    assert lines[1].startswith("variant no_exclamation_mark: scores 0 of 3 in functions")
    assert lines[2].startswith("variant no_prompt: scores 0 of 1 in program")


def test_a_variant_that_loses_nothing_fails_the_selftest(new_suite):
    variants = new_suite / "variants.py"
    # A "mistake" in a comment changes no behaviour: the suite cannot catch it.
    variants.write_text(variants.read_text().replace(
        '[(\'input("Name: ")\', "input()")]',
        '[(\'"""Ask for a name and print its greeting."""\', \'"""Greet."""\')]'))
    err = StringIO()
    assert main(["selftest", str(new_suite)], out=StringIO(), err=err) == \
        ExitCode.SELFTEST_FAILED
    assert "variant no_prompt: loses nothing in 'program'" in err.getvalue()


def test_a_reference_that_fails_a_check_fails_the_selftest(new_suite):
    reference = new_suite / "reference" / "greet.py"
    reference.write_text(reference.read_text().replace("return greet(name).upper()",
                                                       "return greet(name)"))
    err = StringIO()
    assert main(["selftest", str(new_suite)], out=StringIO(), err=err) == \
        ExitCode.SELFTEST_FAILED
    assert "reference: shout(name) is greet in capitals" in err.getvalue()


def test_a_variant_naming_an_unknown_item_is_one_clear_line(new_suite):
    variants = new_suite / "variants.py"
    variants.write_text(variants.read_text().replace('loses="program"', 'loses="programme"'))
    err = StringIO()
    assert main(["selftest", str(new_suite)], out=StringIO(), err=err) == ExitCode.CANNOT_RUN
    assert "variant 'no_prompt' loses unknown rubric item 'programme'" in err.getvalue()
    assert len(err.getvalue().splitlines()) == 1


def test_init_never_overwrites(new_suite):
    err = StringIO()
    assert main(["init", str(new_suite)], err=err) == ExitCode.CANNOT_RUN
    assert "File exists" in err.getvalue()


ACCEPTED_BLOCK = """

ACCEPTED = {
    "other_style": Variant("greet.py", [(OLD, NEW)], loses="",
                           why="another way the spec allows"),
}
"""


@pytest.mark.parametrize("old, new, keeps", [
    ("return greet(name).upper()", "return str.upper(greet(name))", True),
    ("return greet(name).upper()", "return greet(name)", False),
])
def test_accepted_variants_must_keep_full_marks(new_suite, old, new, keeps):
    # A suite's own choices the course allows (ACCEPTED) are graded too: one that loses
    # points is a suite that would fail a correct student.
    variants = new_suite / "variants.py"
    variants.write_text(variants.read_text() + ACCEPTED_BLOCK.replace("OLD", repr(old))
                        .replace("NEW", repr(new)))
    out, err = StringIO(), StringIO()
    code = main(["selftest", str(new_suite)], out=out, err=err)
    if keeps:
        assert code == ExitCode.OK, err.getvalue()
        assert "accepted other_style: 4 of 4" in out.getvalue()
    else:
        assert code == ExitCode.SELFTEST_FAILED
        assert "accepted other_style: scores" in err.getvalue()


@pytest.mark.parametrize("suite", bundled_suites(), ids=lambda suite: suite.name)
def test_every_declared_variant_still_applies_to_its_reference(suite):
    # `selftest` takes minutes, so CI does not run it; this finds in a moment a variant whose
    # edit no longer matches the reference it breaks (two MiniRogue variants did, for a
    # session, after a change to the goblin's search, and so checked nothing).
    variants = {**load_variants(suite), **load_accepted(suite)}
    assert variants, f"{suite.name} declares no variants"
    for name, variant in variants.items():
        source = (suite.reference / variant.file).read_text(encoding="utf-8")
        assert edited(source, variant.edits, variant.file) != source, name
