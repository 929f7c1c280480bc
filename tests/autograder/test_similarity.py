"""Similarity of a class's submissions: a planted copy among honest solutions is found first.

The honest solutions are the calibration corpus's End of DayZ solutions, written from the
spec alone, and the bundled reference; the copy is one of them disguised as a student who
copied would: local names renamed, every class's methods in another order, comments blanked
and the layout changed.
"""

import ast
import io
import shutil
import tokenize
from pathlib import Path

import pytest

from autograder.cli import main
from autograder.suite import PROJECT_ROOT, find_suite

pytest.importorskip("copydetect", reason="similarity needs copydetect (the 'similarity' extra)")

from autograder.similarity import compare_class, read_class  # noqa: E402

CORPUS = PROJECT_ROOT / "tests" / "calibration" / "end_of_dayz"
HONEST = ("eod_alpha", "eod_beta", "eod_gamma", "eod_delta")
RENAMES = {"position": "where", "entity": "thing", "game": "current_game",
           "direction": "way", "player": "hero", "grid": "board", "item": "pickup"}
# The copy shares nearly all its code with its source; honest solutions of a spec that fixes
# every class and signature share much, but clearly less.
COPY_AT_LEAST, HONEST_AT_MOST = 0.9, 0.8


def methods_reversed(source: str) -> str:
    """Return ``source`` with the methods of every top-level class in reverse order."""
    lines = source.splitlines(keepends=True)
    classes = [node for node in ast.parse(source).body if isinstance(node, ast.ClassDef)]
    for node in sorted(classes, key=lambda node: -node.lineno):
        methods = [m for m in node.body if isinstance(m, ast.FunctionDef)]
        if len(methods) < 2:
            continue
        starts = [min([m.lineno] + [d.lineno for d in m.decorator_list]) - 1 for m in methods]
        chunks = [lines[a:b] for a, b in zip(starts, starts[1:] + [node.end_lineno])]
        chunks = [chunk if chunk[-1].strip() == "" else chunk + ["\n"] for chunk in chunks]
        lines[starts[0]:node.end_lineno] = [line for chunk in reversed(chunks) for line in chunk]
    return "".join(lines)


def disguised(source: str) -> str:
    """Return ``source`` as a copier hands it in: methods reordered, names renamed, comments
    blanked, and re-laid out by the tokenizer (other spacing everywhere)."""
    tokens = []
    for token in tokenize.generate_tokens(io.StringIO(methods_reversed(source)).readline):
        if token.type == tokenize.NAME and token.string in RENAMES:
            token = token._replace(string=RENAMES[token.string])
        elif token.type == tokenize.COMMENT:
            token = token._replace(string="#")
        tokens.append(token[:2])
    return tokenize.untokenize(tokens)


def make_class(folder: Path) -> Path:
    """Write the class: four honest solutions (two ship the handed-out a2_support.py and
    maps), the bundled reference as a fifth, and mallory's disguised copy of gamma's."""
    for name in HONEST:
        shutil.copytree(CORPUS / name, folder / name.removeprefix("eod_"))
    shutil.copytree(PROJECT_ROOT / "end_of_dayz", folder / "ref")
    (folder / "mallory").mkdir()
    copy = disguised((folder / "gamma" / "a2.py").read_text())
    ast.parse(copy)  # still a program
    (folder / "mallory" / "a2.py").write_text(copy)
    return folder


def test_the_planted_copy_is_ranked_first(tmp_path):
    classroom = make_class(tmp_path / "class")
    report = tmp_path / "similarity.html"
    out = io.StringIO()
    assert main(["similarity", "end_of_dayz", str(classroom), "-o", str(report)], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[1].endswith("  gamma ~ mallory")
    assert "compared 15 pairs of 6 submissions" in out.getvalue()
    pairs = compare_class(find_suite("end_of_dayz"), read_class(find_suite("end_of_dayz"),
                                                                classroom))
    assert (pairs[0].first, pairs[0].second) == ("gamma", "mallory")
    assert min(pairs[0].shares) >= COPY_AT_LEAST
    assert all(pair.score <= HONEST_AT_MOST for pair in pairs[1:]), pairs[1]
    # The report shows the copied regions side by side, student text escaped.
    page = report.read_text()
    assert page.index("gamma ~ mallory") < page.index("beta ~ gamma")
    assert "<mark>" in page and "class Grid" in page and "<pre>" in page


def test_handed_out_code_is_no_evidence(tmp_path):
    suite = find_suite("end_of_dayz")
    support = (PROJECT_ROOT / "end_of_dayz" / "a2_support.py").read_text()
    classroom = tmp_path / "class"
    # Two students paste the handed-out support module into a2.py, each adding a line of
    # their own; a third also ships the module itself (grading replaces it: never read).
    for name, own in (("ann", "print('ann')\n"), ("ben", "answer = [n * n for n in range(7)]\n")):
        (classroom / name).mkdir(parents=True)
        (classroom / name / "a2.py").write_text(support + own)
    shutil.copytree(CORPUS / "eod_delta", classroom / "cy")
    codes = {code.student: code for code in read_class(suite, classroom)}
    assert codes["cy"].files == ["a2.py"]
    pairs = compare_class(suite, list(codes.values()))
    assert all(pair.score < 0.2 for pair in pairs), [(p.first, p.second, p.shares) for p in pairs]
