"""The course's play transcripts, replayed on hand-built grids, match byte for byte."""

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
TRANSCRIPT_NAMES = sorted(path.stem for path in (HERE / "test_data").glob("*.in"))


def test_every_course_transcript_is_replayed(eod):
    assert TRANSCRIPT_NAMES == sorted(eod.transcripts)
    assert len(TRANSCRIPT_NAMES) == 8


@pytest.mark.parametrize("name", TRANSCRIPT_NAMES)
def test_transcript_is_reproduced_exactly(name, eod):
    result = eod.replay_transcript(eod.folder, name)
    assert result.stderr.decode() == ""
    assert result.returncode == 0
    assert result.stdout.decode() == eod.expected_transcript(name)


@pytest.mark.parametrize("name", TRANSCRIPT_NAMES)
def test_transcript_copies_match_the_course_data(name, eod):
    course = eod.course_data / "test_data"
    if not course.is_dir():
        pytest.skip("the shared course data is not beside the repository")
    for suffix in (".in", ".out"):
        assert (HERE / "test_data" / (name + suffix)).read_bytes() == \
            (course / (name + suffix)).read_bytes()


def test_bundled_maps_are_the_course_maps(eod):
    course = eod.course_data / "maps"
    if not course.is_dir():
        pytest.skip("the shared course data is not beside the repository")
    names = sorted(path.name for path in course.iterdir())
    assert names == sorted(path.name for path in (eod.folder / "maps").iterdir())
    for name in names:
        assert (eod.folder / "maps" / name).read_bytes() == (course / name).read_bytes()


def test_transcripts_replay_under_the_oldest_python(eod, python39):
    for name in ("lose", "crossbow_shoot"):
        result = eod.replay_transcript(eod.folder, name, python=python39)
        assert result.returncode == 0, result.stderr.decode()
        assert result.stdout.decode() == eod.expected_transcript(name)
