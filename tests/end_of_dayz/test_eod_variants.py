"""The broken End of DayZ variants build, and each misbehaves on the input aimed at it."""

from pathlib import Path

import pytest
from variantkit import build_variant, import_file

HERE = Path(__file__).resolve().parent
SUITE_DIR = HERE.parents[1] / "autograder" / "suites" / "end_of_dayz"
EOD_DIR = HERE.parents[1] / "end_of_dayz"


VARIANTS_MODULE = import_file("end_of_dayz_variants", SUITE_DIR / "variants.py")
VARIANTS, PROBES = VARIANTS_MODULE.VARIANTS, VARIANTS_MODULE.PROBES


def run_probe(eod, folder, probe):
    """Run ``probe`` in ``folder``; return its stdout, stderr and exit status."""
    if probe.transcript is not None:
        result = eod.replay_transcript(folder, probe.transcript)
    else:
        result = eod.run_python(folder, probe.argv, probe.stdin)
    return result.stdout.decode(), result.stderr.decode(), result.returncode


def test_there_are_at_least_fifteen_variants_each_with_a_probe():
    assert len(VARIANTS) >= 15
    assert set(PROBES) == set(VARIANTS)
    assert all(variant.file == "a2.py" and variant.why for variant in VARIANTS.values())


def test_every_area_is_lost_by_some_variant():
    assert set(VARIANTS_MODULE.AREA_OF.values()) == set(VARIANTS_MODULE.AREAS)
    assert {variant.loses for variant in VARIANTS.values()} == {"functionality"}


def test_transcript_probes_name_course_transcripts(eod):
    named = {probe.transcript for probe in PROBES.values()} - {None}
    assert named <= set(eod.transcripts)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_behaves_differently_on_its_probe(name, eod, tmp_path):
    variant_dir = build_variant(VARIANTS[name], EOD_DIR, tmp_path / "variant")
    probe = PROBES[name]
    reference = run_probe(eod, EOD_DIR, probe)
    broken = run_probe(eod, variant_dir, probe)
    assert reference[2] == 0 and "Traceback" not in reference[1], reference[1]
    if probe.transcript is not None:
        assert reference[0] == eod.expected_transcript(probe.transcript)
    assert broken != reference
