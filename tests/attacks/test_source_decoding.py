"""A file that shows a UTF-8 reader one program while Python runs another gains nothing
(issue 34), graded by the Ultima 0 suite.

The attack is the reference World.py declared ``raw_unicode_escape`` (PEP 263), with one
more line: to a UTF-8 reader a comment, to Python a comment, a newline (the escape
``\\u000a``) and a second lightDFS that lights the tiles with a loop and only nests calls of
itself beside it. A grader reading UTF-8 saw the reference's recursive search, cut its calls
from that and earned the recursion item for the loop. Its honest twin is the program Python
runs, saved plainly: the attack must earn no check the twin does not. And a reference saved
in that codec, hiding nothing (its French comment is latin-1 bytes), keeps full marks.
"""

import ast
import shutil
from pathlib import Path

from autograder import PROJECT_ROOT, find_suite, grade
from autograder.report import render_text

ULTIMA = PROJECT_ROOT / "ultima"
SUITE = find_suite("ultima")
DECLARATION = "# -*- coding: raw_unicode_escape -*-\n"
# What raw_unicode_escape turns into a newline, and a UTF-8 reader leaves as six characters.
ESCAPED_NEWLINE = "\\u000a"
COVER = "    # lightDFS, the search above, in short."
# A last comment that raw_unicode_escape saves as latin-1 bytes, which are not UTF-8.
FRENCH = "# Fin du fichier : \xe9t\xe9, caf\xe9.\n"
# The lightDFS Python runs: a loop lights the tiles; the calls of itself beside it (one
# chain per lit tile) only nest, so that a profiler sees recursion as deep as the search's.
LOOP_LIGHT_DFS = '''\
    def lightDFS(self, x, y, currX, currY, r, chain=-1):
        """Light the tiles the torch reaches with a loop, then nest calls that do nothing."""
        if chain >= 0:
            return self.lightDFS(x, y, currX, currY, r, chain - 1) if chain else 0
        lit, stack = 0, [(currX, currY)]
        while stack:
            cx, cy = stack.pop()
            if not self._onMap(cx, cy) or self._tiles[cx][cy].getLit():
                continue
            if ((cx - x) ** 2 + (cy - y) ** 2) ** 0.5 >= r:
                continue
            self._tiles[cx][cy].setLit(True)
            lit += 1
            if not self._tiles[cx][cy].isOpaque():
                stack.extend([(cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)])
        self.lightDFS(x, y, currX, currY, r, lit)
        return lit
'''


def with_line_after_light_dfs(source: str, line: str) -> str:
    """Return ``source`` (World.py) with ``line`` added right after World.lightDFS."""
    (world,) = [node for node in ast.parse(source).body
                if isinstance(node, ast.ClassDef) and node.name == "World"]
    (method,) = [node for node in world.body
                 if isinstance(node, ast.FunctionDef) and node.name == "lightDFS"]
    lines = source.splitlines(keepends=True)
    return "".join(lines[:method.end_lineno] + [line] + lines[method.end_lineno:])


def submission(folder: Path, world: bytes) -> Path:
    """Copy the reference to ``folder``, with ``world`` as World.py."""
    shutil.copytree(ULTIMA, folder, ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "World.py").write_bytes(world)
    return folder


def test_code_hidden_by_a_declared_codec_earns_nothing_over_its_twin(tmp_path):
    reference = (ULTIMA / "World.py").read_text(encoding="utf-8")
    hidden = COVER + ESCAPED_NEWLINE + LOOP_LIGHT_DFS.rstrip("\n").replace("\n", ESCAPED_NEWLINE)
    attack = (DECLARATION + with_line_after_light_dfs(reference, hidden + "\n")).encode("utf-8")
    twin = with_line_after_light_dfs(reference, COVER + "\n" + LOOP_LIGHT_DFS).encode("utf-8")
    # To a UTF-8 reader the attack is the reference; Python runs the twin's program.
    assert ast.dump(ast.parse(attack.decode("utf-8"))) == ast.dump(ast.parse(reference))
    assert ast.dump(ast.parse(attack)) == ast.dump(ast.parse(twin))

    attacked = grade(SUITE, submission(tmp_path / "attack", attack))
    honest = grade(SUITE, submission(tmp_path / "twin", twin))
    passed = {o.name for o in attacked.outcomes if o.passed}
    assert passed <= {o.name for o in honest.outcomes if o.passed}, render_text(attacked)
    (recursion,) = [score for score in attacked.scores if score.item.id == "recursion"]
    assert recursion.awarded < recursion.item.points, render_text(attacked)


def test_a_declared_codec_hiding_nothing_keeps_full_marks(tmp_path):
    declared = DECLARATION + (ULTIMA / "World.py").read_text(encoding="utf-8") + FRENCH
    result = grade(SUITE, submission(tmp_path / "declared",
                                     declared.encode("raw_unicode_escape")))
    assert result.auto_score == SUITE.auto_points == 30, render_text(result)
