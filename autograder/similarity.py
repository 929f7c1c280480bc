"""Similarity between a class's submissions: every pair compared, ranked, and shown side by side.

``autograder similarity ASSIGNMENT SUBMISSIONS -o similarity.html`` finds the submissions as
``batch`` does (a folder or zip per student, :func:`autograder.classfolder.discover`), reads each
one's source files (Python, and C++ for a MiniRogue port in C++), and compares every pair
with copydetect's winnowing (Schleimer, Wilkerson and Aiken, SIGMOD 2003): the code is
tokenized (pygments), names become one placeholder (``V`` a variable, ``F`` a function,
``O`` a class) and strings another, comments and layout are dropped, and the hashes of its
25-character runs are winnowed into a fingerprint. Two submissions share the runs whose
hashes both fingerprints hold.

What the course handed out is boilerplate, never evidence: the suite's support files (a2's
``a2_support.py``, the StdDraw shim, MiniRogue's utilities) and the course code the suite
keeps in its ``course/`` folder (Ultima's main program), plus any file or folder given with
``--boilerplate`` (the starter code, when it differs). Their runs are taken out of every
fingerprint, and a submission's own copy of a support file (which grading replaces anyway)
is not read at all.

Each pair gets two shares: how much of the first submission's code is found in the second,
and the reverse. Pairs are ranked by the larger share (a student who copied one part of a
larger program still ranks high), then by the code they share. What it catches and what it
cannot is in the README ("Similarity").

copydetect is an optional dependency (``pip install 'game-assignments[similarity]'``):
nothing else in the grader needs it.
"""

import html
import os
import stat
import tempfile
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Dict, Iterable, List, Sequence, Tuple

from autograder.classfolder import discover, unwrap, unzip_submission
from autograder.suite import GradingError, Suite
from autograder.tree import walk

__all__ = ["PairSimilarity", "SubmissionCode", "compare_class", "read_class",
           "render_pairs", "write_similarity_report"]

# Source files compared, by suffix, and the pygments language each is read as.
LANGUAGES = {".py": "python", ".cpp": "cpp", ".cc": "cpp", ".h": "cpp", ".hpp": "cpp"}
# How a concatenated document marks where each file starts: a comment, so it is no token.
FILE_MARKERS = {"python": "# ==== {} ====\n", "cpp": "// ==== {} ====\n"}
# copydetect's defaults: runs shorter than NOISE_CHARS characters (of the filtered code) are
# never a match, and every run of GUARANTEE_CHARS is certain to be found.
NOISE_CHARS = 25
GUARANTEE_CHARS = 25
WINDOW = GUARANTEE_CHARS - NOISE_CHARS + 1
# A source file larger than this is not read (no student writes one; it would slow all).
MAX_SOURCE_BYTES = 1 << 20
# Folders never read: caches, archivers' and version control's own.
SKIPPED_FOLDERS = {"__pycache__", "__MACOSX", ".git", ".idea", ".vscode"}
# The folder of a suite that keeps the course's own handed-out code.
COURSE_FOLDER = "course"
# Lines of unmatched code kept around each matched region in the side-by-side view.
CONTEXT_LINES = 6
REPORT_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; } th, td { padding: 0.2em 0.7em; text-align: left;
  border-bottom: 1px solid #e3e3e3; }
.side { display: flex; gap: 1em; } .side > div { flex: 1; min-width: 0; }
pre { background: #f6f6f6; padding: 0.6em; overflow-x: auto; font-size: 12px; }
mark { background: #ffd27f; }
"""
INSTALL_HINT = ("autograder similarity needs copydetect: "
                "pip install 'game-assignments[similarity]' (or pip install copydetect)")


@dataclass
class SubmissionCode:
    """One student's source code, a document per language (files one after another).

    Attributes:
        student: the student's name (as grades.csv names them).
        documents: language -> the concatenated source of that language's files.
        files: the files read, relative to the submission folder.
        problem: why nothing could be read (an unreadable zip), or "".
    """

    student: str
    documents: Dict[str, str]
    files: List[str]
    problem: str = ""


@dataclass
class PairSimilarity:
    """How much code two submissions share.

    Attributes:
        first, second: the two students.
        shares: the share of the first's code found in the second's, and the reverse
            (0 to 1, boilerplate left out).
        tokens: how many characters of filtered code of the first match.
        views: language -> (the first's code, the second's) as HTML, matched regions marked.
    """

    first: str
    second: str
    shares: Tuple[float, float]
    tokens: int
    views: Dict[str, Tuple[str, str]]

    @property
    def score(self) -> float:
        """Return the pair's rank: the larger of its two shares."""
        return max(self.shares)


def _copydetect():
    """Return copydetect's detector and utility modules.

    Raises:
        GradingError: copydetect is not installed.
    """
    try:
        from copydetect import detector, utils
    except ImportError as err:
        raise GradingError(INSTALL_HINT) from err
    return detector, utils


def _source_files(folder: Path, skipped: Iterable[str]) -> List[Tuple[str, Path]]:
    """Return (relative name, path) of every source file below ``folder`` worth reading:
    regular files (links never followed) of a known language, not too large, and not a
    copy of a support file (``skipped`` names, which grading replaces)."""
    skipped = set(skipped)
    found = []
    for top, dirs, names in walk(str(folder)):
        dirs[:] = [d for d in dirs if d not in SKIPPED_FOLDERS]
        for name in names:
            path = os.path.join(top, name)
            relative = os.path.relpath(path, folder)
            if (Path(name).suffix.lower() not in LANGUAGES or relative in skipped
                    or any(relative.startswith(s + os.sep) for s in skipped)):
                continue
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_SOURCE_BYTES:
                found.append((relative, Path(path)))
    return sorted(found)


def _documents(files: Sequence[Tuple[str, Path]]) -> Dict[str, str]:
    """Return language -> the files of that language, one after another, each preceded by
    a comment naming it."""
    documents: Dict[str, str] = {}
    for relative, path in files:
        language = LANGUAGES[Path(relative).suffix.lower()]
        text = path.read_bytes().decode("utf-8", errors="replace")
        documents[language] = (documents.get(language, "")
                               + FILE_MARKERS[language].format(relative) + text
                               + ("" if text.endswith("\n") else "\n"))
    return documents


def read_class(suite: Suite, submissions: Path) -> List[SubmissionCode]:
    """Return every submission's source code, found as ``batch`` finds them.

    Raises:
        FileNotFoundError: ``submissions`` is not a folder.
    """
    support = list(suite.support_file_map()) + list(suite.support_files)
    codes = []
    with tempfile.TemporaryDirectory(prefix="autograder-similarity-") as scratch:
        for entry in discover(submissions):
            try:
                folder = (unwrap(entry.source) if entry.source.is_dir() else
                          unzip_submission(entry.source, Path(scratch) / entry.student))
                files = _source_files(folder, support)
                codes.append(SubmissionCode(entry.student, _documents(files),
                                            [name for name, _ in files]))
            except (ValueError, OSError) as err:
                codes.append(SubmissionCode(entry.student, {}, [], str(err)))
    return codes


def boilerplate_files(suite: Suite, extra: Sequence[Path] = ()) -> List[Path]:
    """Return the handed-out source files: the suite's support files, its ``course/``
    folder, and the files and folders in ``extra``."""
    roots = list(suite.support_file_map().values()) + [suite.directory / COURSE_FOLDER]
    roots += list(extra)
    found = []
    for root in roots:
        if root.is_dir():
            found += [path for _, path in _source_files(root, ())]
        elif root.is_file() and root.suffix.lower() in LANGUAGES:
            found.append(root)
        elif not root.exists() and root in extra:
            raise FileNotFoundError(f"{root}: no such boilerplate file or folder")
    return found


def compare_class(suite: Suite, codes: Sequence[SubmissionCode],
                  boilerplate: Sequence[Path] = ()) -> List[PairSimilarity]:
    """Compare every pair of ``codes`` and return the pairs, most similar first.

    Args:
        suite: the assignment's suite (its handed-out files are boilerplate).
        codes: the submissions (see :func:`read_class`).
        boilerplate: more handed-out files or folders to ignore.

    Raises:
        GradingError: copydetect is not installed.
        FileNotFoundError: a boilerplate path does not exist.
    """
    detector, _ = _copydetect()
    ignored: Dict[str, set] = {}
    for path in boilerplate_files(suite, boilerplate):
        language = LANGUAGES[path.suffix.lower()]
        text = path.read_bytes().decode("utf-8", errors="replace")
        # Every run of the handed-out code (a window of 1), so none of it can match.
        ignored.setdefault(language, set()).update(detector.CodeFingerprint(
            path.name, NOISE_CHARS, 1, language=language, fp=StringIO(text)).hashes)
    prints = {code.student: {language: detector.CodeFingerprint(
        f"{code.student}.{language}", NOISE_CHARS, WINDOW,
        boilerplate=sorted(ignored.get(language, ())), language=language,
        fp=StringIO(document)) for language, document in code.documents.items()}
        for code in codes}
    pairs = []
    for index, first in enumerate(codes):
        for second in codes[index + 1:]:
            pairs.append(_compare(first.student, second.student, prints[first.student],
                                  prints[second.student]))
    return sorted(pairs, key=lambda pair: (-pair.score, -pair.tokens, pair.first, pair.second))


def _compare(first: str, second: str, first_prints: Dict, second_prints: Dict
             ) -> PairSimilarity:
    """Return how much the two students' fingerprints (language -> CodeFingerprint) share."""
    detector, utils = _copydetect()
    matched, covered, views = [0.0, 0.0], [0.0, 0.0], {}
    for language in sorted(set(first_prints) | set(second_prints)):
        prints = (first_prints.get(language), second_prints.get(language))
        for side, fingerprint in enumerate(prints):
            covered[side] += fingerprint.token_coverage if fingerprint else 0
        if None in prints:
            continue
        tokens, shares, slices = detector.compare_files(*prints)
        if not tokens:
            continue
        for side in (0, 1):
            matched[side] += shares[side] * prints[side].token_coverage
        views[language] = tuple(
            utils.highlight_overlap(fingerprint.raw_code, cut, "<mark>", "</mark>",
                                    truncate=CONTEXT_LINES, escape_html=True)[0]
            for fingerprint, cut in zip(prints, slices))
    shares = tuple(float(matched[side] / covered[side]) if covered[side] else 0.0
                   for side in (0, 1))
    return PairSimilarity(first, second, shares, int(matched[0]), views)


def render_pairs(pairs: Sequence[PairSimilarity], shown: int) -> str:
    """Return the ``shown`` most similar pairs as text lines, most similar first."""
    lines = [f"{'first':>6} {'second':>6} {'shared':>7}  pair (share of the first's code "
             f"found in the second's, the reverse, characters of code shared)"]
    lines += [f"{100 * pair.shares[0]:5.1f}% {100 * pair.shares[1]:5.1f}% {pair.tokens:>7}  "
              f"{pair.first} ~ {pair.second}" for pair in pairs[:shown]]
    return "\n".join(lines) + "\n"


def write_similarity_report(path: Path, title: str, codes: Sequence[SubmissionCode],
                            pairs: Sequence[PairSimilarity], shown: int) -> None:
    """Write the HTML report: every pair ranked, and the ``shown`` most similar side by side.

    Args:
        path: the HTML file to write.
        title: the assignment's title.
        codes: the submissions compared (those that could not be read are listed).
        pairs: the pairs, most similar first.
        shown: how many pairs get their code side by side.
    """
    esc = html.escape
    parts = [f"<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
             f"{esc(title)}: similarity</title><style>{REPORT_STYLE}</style></head><body>",
             f"<h1>{esc(title)}: similarity of {len(codes)} submissions</h1>",
             "<p>Each pair: the share of the first's code found in the second's, and the "
             "reverse (handed-out code left out). A high share is a reason to look, not a "
             "verdict: read the code side by side.</p>"]
    unread = [code for code in codes if code.problem or not code.documents]
    if unread:
        parts.append("<p>Not compared (no source read): " + ", ".join(
            esc(f"{code.student} ({code.problem or 'no source files'})") for code in unread)
            + "</p>")
    parts.append("<table id=\"pairs\"><tr><th>rank</th><th>first</th><th>second</th>"
                 "<th>first in second</th><th>second in first</th><th>shared</th></tr>")
    for rank, pair in enumerate(pairs, 1):
        name = f"<a href=\"#pair-{rank}\">{rank}</a>" if rank <= shown else str(rank)
        parts.append(f"<tr><td>{name}</td><td>{esc(pair.first)}</td><td>{esc(pair.second)}"
                     f"</td><td>{100 * pair.shares[0]:.1f}%</td><td>{100 * pair.shares[1]:.1f}%"
                     f"</td><td>{pair.tokens}</td></tr>")
    parts.append("</table>")
    for rank, pair in enumerate(pairs[:shown], 1):
        parts.append(f"<h2 id=\"pair-{rank}\">{rank}. {esc(pair.first)} ~ {esc(pair.second)}: "
                     f"{100 * pair.shares[0]:.1f}% and {100 * pair.shares[1]:.1f}%</h2>")
        if not pair.views:
            parts.append("<p>No code in common.</p>")
        for first_view, second_view in pair.views.values():
            parts.append(f"<div class=\"side\"><div><h3>{esc(pair.first)}</h3><pre>{first_view}"
                         f"</pre></div><div><h3>{esc(pair.second)}</h3><pre>{second_view}"
                         f"</pre></div></div>")
    parts.append("</body></html>\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts), encoding="utf-8")

