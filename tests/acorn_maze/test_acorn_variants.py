"""The acorn maze variants build, and each (broken or accepted) really differs from the reference
on the input aimed at it."""

import subprocess
import sys
from pathlib import Path

import pytest
from variantkit import build_variant, import_file

ROOT = Path(__file__).resolve().parents[2]
ACORN_DIR = ROOT / "acorn_maze"
SUITE_DIR = ROOT / "autograder" / "suites" / "acorn_maze"
TIMEOUT_S = 60


VARIANTS_MODULE = import_file("acorn_maze_variants", SUITE_DIR / "variants.py")
VARIANTS = VARIANTS_MODULE.VARIANTS
ACCEPTED = VARIANTS_MODULE.ACCEPTED
PROBES = VARIANTS_MODULE.PROBES


def run_probe(folder, probe, board_path):
    """Run ``probe`` in ``folder``; return (stdout, exit status, whether a traceback shows)."""
    args = [] if probe.board is None else [str(board_path)]
    result = subprocess.run([sys.executable, probe.script, *args, *probe.args], cwd=folder,
                            input=probe.stdin.encode(), capture_output=True, timeout=TIMEOUT_S,
                            check=False)
    return result.stdout.decode(), result.returncode, b"Traceback" in result.stderr


def test_there_are_at_least_fifteen_variants_each_with_a_probe():
    assert len(VARIANTS) >= 15
    assert set(VARIANTS) <= set(PROBES) <= set(VARIANTS) | set(ACCEPTED)


def test_every_rubric_item_is_lost_by_some_variant():
    assert {variant.loses for variant in VARIANTS.values()} == set(VARIANTS_MODULE.RUBRIC_ITEMS)


@pytest.mark.parametrize("name", sorted(PROBES))
def test_variant_behaves_differently_on_its_probe(name, tmp_path):
    # An accepted variant must differ too, or the test that it keeps full marks proves nothing.
    variant = VARIANTS[name] if name in VARIANTS else ACCEPTED[name]
    variant_dir = build_variant(variant, ACORN_DIR, tmp_path / "variant")
    probe = PROBES[name]
    board_path = tmp_path / "board.txt"
    if probe.board not in (None, VARIANTS_MODULE.MISSING):
        board_path.write_text(probe.board, encoding="utf-8")
    reference = run_probe(ACORN_DIR, probe, board_path)
    broken = run_probe(variant_dir, probe, board_path)
    assert not reference[2], "the reference must not crash on the probe"
    assert broken != reference
