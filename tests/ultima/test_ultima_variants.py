"""The broken Ultima variants really break: each departs from the reference where it claims.

Every variant is built from the reference with ``variantkit.build_variant`` and observed with
``ultima_probe.py``; its targeted observation must differ from the reference's, and the
reference's own observations must be the right ones.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from variantkit import build_variant, import_file

HERE = Path(__file__).resolve().parent
ULTIMA = HERE.parents[1] / "ultima"
# StdDraw as this checkout installs it (pip install -e puts booksite/ and the root on
# sys.path): the folders carry no copy, and a child must not find another checkout's.
INSTALLED = os.pathsep.join([str(HERE.parents[1] / "booksite"), str(HERE.parents[1])])
SUITE_DIR = HERE.parents[1] / "autograder" / "suites" / "ultima"
PROBE = HERE / "ultima_probe.py"
RUBRIC_ITEMS = {"compiles_runs", "comments", "tile", "avatar", "world", "recursion"}
TIMEOUT_S = 60


VARIANTS_MODULE = import_file("ultima_variants", SUITE_DIR / "variants.py")
VARIANTS, PROBES = VARIANTS_MODULE.VARIANTS, VARIANTS_MODULE.PROBES


def probe(folder):
    """Run the probe in ``folder`` and return its report."""
    environ = {key: value for key, value in os.environ.items() if not key.startswith("STDDRAW")}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1",
                    "PYTHONPATH": INSTALLED})
    result = subprocess.run([sys.executable, str(PROBE)], cwd=folder, env=environ,
                            capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def reference():
    """The reference's report."""
    return probe(ULTIMA)


def test_reference_report_is_right(reference):
    assert reference["light_course"] == {"10x5.txt": 23, "30x20.txt": 42, "Hawaii.txt": 1}
    assert reference["light_hand"] == {"open5_r2": 9, "open7_r3": 25, "on_forest": 1,
                                       "corner": 9, "walls": 14, "diagonal_gap": 5}
    assert reference["world_main"]["printed"] == "light(3, 1, 4.0) = 23\n"
    assert reference["world_main"]["canvas"] == [[160, 80]]
    pictures = reference["world_main"]["pictures"]
    assert len(pictures) == 51 and pictures[-1] == ["avatar.gif", 56.0, 24.0]
    assert sum(file == "blank.gif" for file, _x, _y in pictures) == 50 - 23
    assert reference["recursive_calls"] > 23
    assert reference["undocumented"] == []
    assert reference["tiles"]["W"] == [False, False, False]
    assert not any(str(value).startswith("error") for value in reference.values())


def test_there_are_enough_variants_and_each_is_probed():
    assert len(VARIANTS) >= 12
    assert set(PROBES) == set(VARIANTS)
    assert {variant.loses for variant in VARIANTS.values()} == RUBRIC_ITEMS


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_departs_from_the_reference_where_it_claims(name, reference, tmp_path):
    folder = build_variant(VARIANTS[name], ULTIMA, tmp_path / name)
    for cache in folder.rglob("__pycache__"):
        shutil.rmtree(cache)
    report = probe(folder)
    key = PROBES[name]
    assert report[key] != reference[key], f"{name}: {key} is unchanged"
