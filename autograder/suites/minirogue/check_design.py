"""The recursive goblin, seen while the game runs, and the findings shown to the tutor who
marks style, class design and documentation.

Recursion is observed, then confirmed: the game is played in the sandbox with a profiler
that records, for each of the submission's functions, how many calls of it were on the stack
at once. The goblin function must recurse while goblins hunt the player, be on a cycle of
calls in the source the grader reads, and do the work: the same game with those recursive
calls cut out of the source must play differently. report.txt must name it (the spec asks
for its name and file first).
"""

import ast
import io
import re
import zipfile
from typing import Any, Dict, List, Optional, Tuple, Union

from autograder import CheckFailed, LeftToMarker, WrongOutput, calls, check, static
from autograder.drivers import Driver
from autograder.records import Finding
from autograder.suites.minirogue.screens import PYTHON_LAUNCH, SEED_VARIABLE, launch

TIMEOUT_S = 30
# The recursion checks judge the same watched games (Runner.remember): one worker plays them
# for both (autograder.checks.check's ``shares``).
WATCHED_GAMES = "the watched games"
# Played with these seeds, in order, until some function recurses MIN_DEPTH deep; the player
# cheats, then waits while the goblins come. Whether a goblin starts within smelling
# distance depends on how the submission draws its levels from the seed (about one seed in
# three for the reference), so one seed is no evidence: twenty make a miss unlikely.
SEEDS = tuple(str(seed) for seed in range(1, 21))
KEYS = "c" + "x" * 20 + "q"
# The game quit at its first key: the dungeon as built, before any goblin has moved.
QUIT_AT_ONCE = "q"
# "Significant" recursion: calls of one function nested at least this deep.
MIN_DEPTH = 3
# The spec: "report.docx or report.doc (a Word document), or report.txt (a text file)".
REPORTS = ("report.txt", "report.docx", "report.doc")
# How much of a Word report is read, in bytes (a report is a few pages).
MAX_REPORT_BYTES = 4 << 20
WORD_TEXT = re.compile(r"<w:t[^>]*>([^<]*)</w:t>")
WORD_PARAGRAPH_END = "</w:p>"
# Runs of printable characters in an old binary .doc, as UTF-16 (how Word stores text with
# any character beyond Latin-1) or as single bytes: its text, roughly.
BINARY_TEXT = re.compile(rb"(?:[\x20-\x7e]\x00){4,}|[\x20-\x7e]{4,}")
UTF16_MARK = b"\x00"
# The spec asks for the function's name and file first ("Make this the first thing"). A
# report opens with a title, the author's name and ID, a date and a heading before its first
# thing: the name is looked for in this many non-blank lines.
REPORT_HEAD_LINES = 6
REMARKS_PER_SCAN = 8

# The driver: main.py played under a profiler that keeps, per function of the submission,
# the deepest nesting of its own calls (drivers/profiled_game.py).
PROFILED_GAME = Driver("minirogue.profiled_game")


def recursion_seen(sandbox, submission) -> Dict[str, int]:
    """Return 'file:function' -> deepest self-nesting over the seeded games (once per run)."""
    return _watched_games(sandbox, submission)[0]


def deep_recursion_seed(sandbox, submission) -> Optional[str]:
    """Return the seed of the game in which a function recursed MIN_DEPTH deep, or None."""
    return _watched_games(sandbox, submission)[1]


def _watched_games(sandbox, submission) -> Tuple[Dict[str, int], Optional[str]]:
    """Play the seeded games under the profiler (once per run): return what recursed how
    deep, and the seed of the game that showed deep recursion (None if none did)."""
    if launch(sandbox, submission) is not PYTHON_LAUNCH:
        raise LeftToMarker("recursion is watched in Python ports only; the marker reads "
                            "the C++ goblin function")

    def observe() -> Tuple[Dict[str, int], Optional[str]]:
        seen: Dict[str, int] = {}
        for seed in SEEDS:
            got = sandbox.probe(PROFILED_GAME, args={"seed": seed}, stdin=KEYS)
            for key, count in got.items():
                seen[key] = max(seen.get(key, 0), count)
            if any(count >= MIN_DEPTH for count in seen.values()):
                return seen, seed
        return seen, None

    return sandbox.remember("recursion", observe)


def in_recursive_source(submission, key: str) -> bool:
    """Return whether the function ``key`` ('file:name:line', as the profiler names it)
    is on a cycle of calls in its file's source, read by the grader."""
    filename, name = key.split(":")[:2]
    try:
        return name in calls.recursive_names(submission.parse(filename))
    except CheckFailed:  # the file is gone or does not parse: no evidence
        return False


def report_file(submission) -> Optional[str]:
    """Return the name of the submission's report, in the spec's three forms, or None."""
    return next((name for name in REPORTS if submission.exists(name)), None)


def report_lines(submission) -> List[str]:
    """Return the report's non-blank lines, whichever form it takes.

    A .docx is a zip of XML: its paragraphs are read from word/document.xml (size
    capped, never run); an old binary .doc gives its printable runs.
    """
    name = report_file(submission)
    if name is None:
        return []
    if name.endswith(".txt"):
        text = submission.read_text(name)
    else:
        with open(submission.path / name, "rb") as handle:
            raw = handle.read(MAX_REPORT_BYTES)
        text = _docx_text(raw) if name.endswith(".docx") else "\n".join(
            run.decode("utf-16-le" if run[1:2] == UTF16_MARK else "ascii")
            for run in BINARY_TEXT.findall(raw))
    return [line.strip() for line in text.splitlines() if line.strip()]


def _docx_text(raw: bytes) -> str:
    """Return the paragraphs of a .docx file's main document ("" when it is not one, or is
    damaged in any way: the student's file, never the grader's failure)."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as bundle:
            info = bundle.getinfo("word/document.xml")
            if info.file_size > MAX_REPORT_BYTES:
                return ""
            xml = bundle.read(info).decode("utf-8", "replace")
    except Exception:  # a damaged document (bad zip, bad deflate stream, cut short) is none
        return ""
    return "\n".join("".join(WORD_TEXT.findall(paragraph))
                     for paragraph in xml.split(WORD_PARAGRAPH_END))


def named_in_report(submission) -> List[str]:
    """Return the words of the report's opening, where the spec wants the goblin function's
    name and file ("Make this the first thing").

    The rule: the opening is the report's first REPORT_HEAD_LINES non-blank lines (or
    paragraphs, in a Word document), room for a title, the author's name and ID, a date
    and a heading before the first thing; a word is a run of letters, digits and
    underscores, so ``Goblin::move()``, ``Actor.py:path_length`` and ``goblinMove,`` each
    give the function's name as a word.
    """
    head = report_lines(submission)[:REPORT_HEAD_LINES]
    return re.findall(r"[A-Za-z_][A-Za-z_0-9]*", " ".join(head))


@check(item="recursion", points=2, timeout=TIMEOUT_S, shares=WATCHED_GAMES)
def test_recursion_goblin_search_recurses(sandbox, submission):
    """while goblins hunt, a function of the submission recurses

    (spec: "The algorithm you write for determining an optimal goblin move must use
    recursion in a significant way"): seen at run time, confirmed in the source, and shown
    to decide the moves by a game played with the recursive calls cut out (each gives None,
    or in a second copy 0), which must end as the whole game does but play differently.
    """
    deciding_recursion(sandbox, submission)


def deciding_recursion(sandbox, submission) -> List[str]:
    """Return the functions ('file:name:line') that recurse while goblins hunt, on a cycle of
    calls in the source, and decide the goblins' moves (judged once per grading run).

    Raises:
        WrongOutput: no function recursed deep enough, none does in the source, or the game
            plays the same with the recursive calls cut out.
        LeftToMarker: the game does not repeat under its seed, or fails once cut.
    """
    verdict = sandbox.remember("deciding recursion", lambda: _judge_recursion(sandbox, submission))
    if isinstance(verdict, CheckFailed):
        raise type(verdict)(verdict.message, verdict.detail)
    return verdict


def _judge_recursion(sandbox, submission) -> Union[List[str], CheckFailed]:
    """Return what :func:`deciding_recursion` returns, or the failure it raises."""
    seen = recursion_seen(sandbox, submission)
    deep = {key: count for key, count in seen.items() if count >= MIN_DEPTH}
    if not deep:
        return WrongOutput(f"no function recursed {MIN_DEPTH} calls deep while goblins hunted "
                           f"the player", f"nesting seen: {seen or 'none'}")
    # The profiler ran beside the student's code, which could rewrite what it reports: the
    # recursion counts only where the source, read here, really has a cycle of calls.
    confirmed = [key for key in deep if in_recursive_source(submission, key)]
    if not confirmed:
        return WrongOutput("the functions seen recursing call neither themselves nor each "
                           "other in the source", f"seen: {sorted(deep)}")
    # And only if it does the work ("you can't just slap a trivial recursive call onto a
    # fundamentally non-recursive algorithm"): the same game, with the recursive calls cut
    # out of those files by the grader, must play differently. Both games are read from
    # the program's own output; the cut source is made here, from the files read here.
    seed = deep_recursion_seed(sandbox, submission)
    files = sorted({key.split(":")[0] for key in confirmed})
    trees = {name: submission.parse(name) for name in files}
    # The whole game is played twice first: only a game that repeats under its seed can
    # show a difference made by the cut, and anything else that changes between two plays
    # (a word on stderr, a random exit) must not pass for one. It runs those files as the
    # grader writes them, as it writes the cut copies: then the copies differ only where
    # the recursive calls were, not in layout (line numbers, comments), which a program
    # could read without reading its source.
    rewritten = {name: calls.program_bytes(calls.source_of(tree))
                 for name, tree in trees.items()}
    whole, again = _played(sandbox, seed, rewritten), _played(sandbox, seed, rewritten)
    if whole != again:
        return LeftToMarker(f"the game of seed {seed} did not play the same twice, so the "
                            f"grader cannot show that the recursion decides the goblins' "
                            f"moves: the marker judges it", f"recursing: {sorted(confirmed)}")
    # Each recursing function is cut on its own, once per stand-in (calls.CUT_STAND_INS). A
    # cut that changes the first screen, before any goblin moves, shows a function that
    # shapes the dungeon (a recursive corridor digger), not one that moves goblins; past
    # that, a game that ends as the whole one did but plays otherwise shows the recursion at
    # work, and one that fails shows nothing.
    first = _played(sandbox, seed, rewritten, QUIT_AT_ONCE)
    endings, shaping = [], []
    for key in confirmed:
        name, function = key.split(":")[:2]
        for stand_in in calls.CUT_STAND_INS:
            cut = {**rewritten, name: calls.program_bytes(calls.without_recursive_calls(
                trees[name], [function], stand_in=stand_in))}
            if _played(sandbox, seed, cut, QUIT_AT_ONCE) != first:
                shaping.append(function)
                break
            without = _played(sandbox, seed, cut)
            if without[2:] == whole[2:] and without != whole:
                # The function decides, and so do those on its cycle (the same cut).
                cycle = calls.recursion_cycle(trees[name], [function])
                return [other for other in confirmed if other.startswith(name + ":")
                        and other.split(":")[1] in cycle]
            endings.append(without)
    if any(without == whole for without in endings):
        return WrongOutput(f"with the recursive calls cut out of {', '.join(files)}, the game "
                           f"of seed {seed} plays exactly as before: the recursion does not "
                           f"decide the goblins' moves", f"recursing: {sorted(confirmed)}")
    if shaping and not endings:
        return WrongOutput(f"the functions that recurse ({', '.join(sorted(shaping))}) shape "
                           f"the dungeon before any goblin moves: none is shown to decide the "
                           f"goblins' moves", f"recursing: {sorted(confirmed)}")
    return LeftToMarker(f"with the recursive calls cut out of {', '.join(files)}, the game of "
                        f"seed {seed} did not end as before (exit status "
                        f"{', '.join(str(without[2]) for without in endings)}), so the grader "
                        f"cannot show that the recursion decides the goblins' moves: the "
                        f"marker judges it", f"recursing: {sorted(confirmed)}")


def _played(sandbox, seed: Optional[str], files: Dict[str, bytes],
            keys: str = KEYS) -> Tuple[Any, ...]:
    """Return what ``python main.py`` printed, wrote to stderr and exited with, given
    ``keys`` (the recursion check's, by default) in the game of ``seed`` (with ``files``
    written over the submission's)."""
    result = sandbox.run(["python", "main.py"], stdin=keys, files=files,
                         env={SEED_VARIABLE: seed or ""})
    return result.stdout, result.stderr, result.returncode, result.fault


@check(item="recursion", points=1, timeout=TIMEOUT_S, shares=WATCHED_GAMES)
def test_recursion_report_names_the_recursive_function(sandbox, submission):
    """the report (report.txt, .docx or .doc) names the recursive goblin function first

    The function named must be one the recursion check found deciding the goblins' moves
    (the spec: the report names "the recursive goblin movement function"); when the marker
    judges that, the marker judges this too.
    """
    words = set(named_in_report(submission))
    try:
        deciding = deciding_recursion(sandbox, submission)
    except WrongOutput as failure:
        raise WrongOutput(f"the report cannot name the recursive goblin function: "
                          f"{failure.message}", failure.detail) from None
    named = [key for key in deciding if key.split(":")[1] in words]
    if not named:
        raise WrongOutput(f"the first lines of {report_file(submission) or 'the report'} name "
                          f"none of the functions that recursed to decide the goblins' moves",
                          f"recursed: {sorted(deciding)}; "
                          f"named: {' '.join(sorted(words)) or 'nothing'}")


def python_files(submission) -> List[str]:
    """Return the submission's Python files other than the course's utilities."""
    return sorted(name for name in submission.files()
                  if name.endswith(".py") and "/" not in name and name != "utilities.py")


@check(item="style", points=0, timeout=1)
def test_style_findings(submission, findings):
    """style: docstrings, globals, unnamed numbers, duplicated code"""
    for name in python_files(submission):
        try:
            tree = submission.parse(name)
        except WrongOutput as broken:
            findings.add(broken.message)
            continue
        source = submission.read_source(name)
        for title, remarks in (
                ("missing docstrings", static.undocumented(tree, source, name, False)),
                ("global statements", static.global_statements(tree, name)),
                ("unnamed numbers", static.magic_numbers(tree, name)),
                ("duplicated blocks", static.duplicated_blocks(tree, name))):
            for finding in static.scan_summary(title, remarks, REMARKS_PER_SCAN, name):
                findings.add(finding)


@check(item="design", points=0, timeout=1)
def test_design_class_outline(submission, findings):
    """class design: every class, its bases and its methods, per file"""
    for name in python_files(submission):
        try:
            tree = submission.parse(name)
        except WrongOutput:
            continue
        for node in static.block_statements(tree.body):
            if isinstance(node, ast.ClassDef):
                bases = ", ".join(ast.unparse(base) for base in node.bases) or "-"
                methods = [m.name for m in static.block_statements(node.body)
                           if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
                findings.add(Finding(name, None,
                                     f"class {node.name}({bases}): {len(methods)} methods"))
        for remark in static.attribute_reach_ins(tree, name)[:REMARKS_PER_SCAN]:
            findings.add(Finding(remark.file, remark.line, remark.text, depth=1))


@check(item="documentation", points=0, timeout=1)
def test_documentation_report(submission, findings):
    """documentation: the report is there and opens with the goblin function"""
    name = report_file(submission)
    if name is None:
        findings.add(f"no report: none of {', '.join(REPORTS)}")
        return
    lines = report_lines(submission)
    findings.add(Finding(name, None, f"{len(lines)} non-blank lines; it opens:"))
    for line in lines[:REPORT_HEAD_LINES]:
        findings.add(Finding("", None, line, depth=1))
