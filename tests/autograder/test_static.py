"""Static checks on source that is parsed, never run."""

import ast
import builtins
import subprocess
import sys
import textwrap

import pytest

from autograder import calls, static
from autograder.outcome import NotApplicable, WrongOutput
from autograder.records import Finding
from autograder.submission import MAX_SOURCE_BYTES, Submission

SOURCE = textwrap.dedent('''\
    """Module."""
    COUNT = 0


    class Grid:
        """A grid."""

        def __init__(self, size):
            self._size = size

        # Return the size.
        def get_size(self):
            return self._size

        def peek(self, other):
            """Look inside another grid."""
            global COUNT
            COUNT += 3
            return other._size


    def walk(n):
        return walk(n - 1) if n else 0
    ''')


def tree():
    """Return the parsed example module."""
    return ast.parse(SOURCE)


def test_undocumented_accepts_comments_above_a_method():
    assert static.undocumented(tree(), SOURCE, "m.py") == [
        Finding("m.py", 8, "Grid.__init__ has no docstring or comment"),
        Finding("m.py", 22, "walk has no docstring or comment"),
    ]
    assert Finding("m.py", 12, "Grid.get_size has no docstring") in static.undocumented(
        tree(), SOURCE, "m.py", accept_comments=False)


# Red team, round 3: definitions inside blocks (if, try, with) and comments between a header
# and its body.
BLOCKS = textwrap.dedent('''\
    """Module."""
    if True:
        class Hidden:
            try:
                def undone(self):
                    return 1
            except ImportError:
                pass

    with open(__file__):
        def free():
            pass


    class Spoken:
        # A class described by a comment under its header.

        def first(self):
            # What first does, said between the def line and the body.

            return 1

        def second(
                self):
            # Said after a signature that spans two lines.
            return 2

        def silent(self):
            return 3
    ''')


def test_definitions_inside_blocks_are_the_module_s():
    tree = ast.parse(BLOCKS)
    assert [d.qualname for d in static.definitions(tree)] == [
        "Hidden", "Hidden.undone", "free", "Spoken", "Spoken.first", "Spoken.second",
        "Spoken.silent"]
    hidden = static.require_class(tree, "Hidden", "m.py")
    assert static.require_method(hidden, "undone", "m.py", ["self"]).name == "undone"


def test_comments_between_a_header_and_its_body_count_and_blocks_hide_nothing():
    assert static.undocumented(ast.parse(BLOCKS), BLOCKS, "m.py") == [
        Finding("m.py", 3, "Hidden has no docstring or comment"),
        Finding("m.py", 5, "Hidden.undone has no docstring or comment"),
        Finding("m.py", 11, "free has no docstring or comment"),
        Finding("m.py", 28, "Spoken.silent has no docstring or comment"),
    ]


def test_require_class_and_method_signature():
    grid = static.require_class(tree(), "Grid", "m.py")
    assert static.require_method(grid, "get_size", "m.py", ["self"]).name == "get_size"
    with pytest.raises(WrongOutput, match=r"Grid.get_size\(self\) must take \(self, x\)"):
        static.require_method(grid, "get_size", "m.py", ["self", "x"])
    with pytest.raises(WrongOutput, match="method Grid.draw is missing"):
        static.require_method(grid, "draw", "m.py")
    with pytest.raises(WrongOutput, match="class Player is missing"):
        static.require_class(tree(), "Player", "m.py")
    with pytest.raises(WrongOutput, match="must inherit from Entity"):
        static.require_class(tree(), "Grid", "m.py", base="Entity")


def test_findings_for_globals_numbers_reach_ins_and_recursion():
    assert static.global_statements(tree(), "m.py") == [Finding("m.py", 17, "global COUNT")]
    assert static.magic_numbers(tree(), "m.py") == [
        Finding("m.py", 18, "unnamed number 3 in Grid.peek")]
    assert static.attribute_reach_ins(tree(), "m.py") == [
        Finding("m.py", 19, "reaches into another object's attribute _size")]
    assert calls.recursive_functions(tree()) == {"walk"}


def test_a_nested_function_of_the_same_name_is_no_recursion():
    # Red team, round 2: inside the method lightDFS, a bare call of a nested def lightDFS
    # calls that local function, never the method, so it puts lightDFS on no cycle; a call
    # through self does, and so does a module function calling itself by name.
    decoy = ("class World:\n    def lightDFS(self):\n        def lightDFS():\n"
             "            return None\n        lightDFS()\n")
    real = "class World:\n    def lightDFS(self):\n        self.lightDFS()\n"
    plain = "def search(n):\n    return search(n - 1) if n else 0\n"
    assert calls.recursive_names(ast.parse(decoy)) == set()
    assert calls.recursive_functions(ast.parse(decoy)) == set()
    assert calls.recursive_names(ast.parse(real)) == {"lightDFS"}
    assert calls.recursive_functions(ast.parse(plain)) == {"search"}
    # Red team, round 4: a recursive search written inside the method that uses it is a
    # recursion of its own name (the profiler's key), and the cut reaches it; a nested def
    # of a method's name that calls itself stays apart from that method.
    nested = ("class Goblin:\n    def choose_step(self, n):\n        def search(k):\n"
              "            return search(k - 1) if k else 0\n        return search(n)\n")
    assert calls.recursive_names(ast.parse(nested)) == {"search"}
    assert "return 0 if k else 0" in calls.without_recursive_calls(
        ast.parse(nested), ["search"], stand_in=0)
    selfish = decoy.replace("return None", "return lightDFS()")
    assert "lightDFS" not in calls.recursive_names(ast.parse(selfish))


def test_own_attributes_through_self_cls_and_super_are_not_reach_ins():
    source = ("class A(B):\n    def f(self, other):\n"
              "        return self._a, super()._b(), type(self)._c, other._d\n")
    assert static.attribute_reach_ins(ast.parse(source), "r.py") == [
        Finding("r.py", 3, "reaches into another object's attribute _c"),
        Finding("r.py", 3, "reaches into another object's attribute _d")]


def test_duplicated_blocks_are_found():
    block = "".join(f"    x{i} = y + {i}\n" for i in range(6))
    source = f"def a(y):\n{block}\ndef b(y):\n{block}"
    assert static.duplicated_blocks(ast.parse(source), "d.py") == [
        Finding("d.py", 10, "6 statements repeat those at line 2")]


def test_a_scan_summary_is_a_count_with_its_first_remarks_under_it():
    remarks = static.global_statements(ast.parse("global A\nglobal B\nglobal C\n"), "g.py")
    summary = static.scan_summary("global statements", remarks, 2, "g.py")
    assert summary == [Finding("g.py", None, "3 global statements"),
                       Finding("g.py", 1, "global A", depth=1),
                       Finding("g.py", 2, "global B", depth=1)]
    # Shown as the tutor always read them.
    assert [str(finding) for finding in summary] == [
        "g.py: 3 global statements", "  g.py:1: global A", "  g.py:2: global B"]
    assert static.scan_summary("global statements", [], 2) == []


def test_submission_reports_missing_huge_binary_and_broken_files(tmp_path):
    (tmp_path / "big.py").write_bytes(b"#" * (MAX_SOURCE_BYTES + 1))
    (tmp_path / "junk.py").write_bytes(b"\xff\xfe\x00junk")
    (tmp_path / "bad.py").write_text("def f(:\n")
    submission = Submission(tmp_path)
    with pytest.raises(NotApplicable, match="gone.py is missing"):
        submission.read_text("gone.py")
    with pytest.raises(WrongOutput, match="too large"):
        submission.read_text("big.py")
    with pytest.raises(WrongOutput, match=r"junk.py: cannot be decoded as utf-8 \(byte 0\)"):
        submission.read_text("junk.py")
    with pytest.raises(WrongOutput, match="bad.py:1: syntax error"):
        submission.parse("bad.py")


def test_recursion_taken_out_leaves_the_rest_of_the_module():
    # Issue 17: the Ultima suite runs World.py with its recursive calls cut, to see whether
    # the recursion does the work; only calls between functions on a cycle are cut.
    source = textwrap.dedent('''\
        def count(n):
            return 0 if n == 0 else 1 + count(n - 1)

        def ping(n):
            return pong(n) if n else 0

        def pong(n):
            return ping(n - 1)

        def total(n):
            return count(n) + len(str(n))
        ''')
    cut = calls.without_recursive_calls(ast.parse(source), ["count", "ping"])
    namespace = {}
    exec(compile(cut, "<cut>", "exec"), namespace)
    assert "else 1 + None" in cut and "return None if n else 0" in cut
    with pytest.raises(TypeError):  # 1 + None: the recursion did the counting
        namespace["count"](3)
    assert namespace["count"](0) == 0 and namespace["ping"](2) is None
    assert "return count(n) + len(str(n))" in cut  # total is on no cycle: left alone
    only_count = calls.without_recursive_calls(ast.parse(source), ["count"])
    assert "else 1 + None" in only_count and "return pong(n) if n else 0" in only_count
    # The second stand-in: the copy runs, and the recursion's count is gone.
    zero = calls.without_recursive_calls(ast.parse(source), ["count"], stand_in=0)
    exec(compile(zero, "<cut>", "exec"), namespace)
    assert "else 1 + 0" in zero and namespace["count"](3) == 1
    assert calls.CUT_STAND_INS == (None, 0)


LOCKED_SOURCE = textwrap.dedent('''\
    class World:
        def __init__(self, lock, log):
            self.lock = lock
            self.log = log

        def move(self, steps):
            """Move, holding the lock."""
            with self.lock, open(__file__) as ignored:
                self.log.append("checked")
            if self.lock.acquire(timeout=1):
                try:
                    for step in steps:
                        self.log.append(step)
                finally:
                    self.lock.release()
            return self.where()

        def where(self):
            return len(self.log)
    ''')


class CountingLock:
    """A lock that counts how often it is taken and released."""

    def __init__(self):
        self.taken = self.released = 0

    def acquire(self, timeout=-1):
        self.taken += 1
        return True

    def release(self):
        self.released += 1

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()


def run_world(source, steps, tmp_path):
    """Exec ``source``, call World.move(steps); return (the lock, the log, the pauses taken)."""
    pauses = []

    class Clock:
        @staticmethod
        def sleep(seconds):
            pauses.append(seconds)

    def fake_import(name, *args):
        return Clock if name == "time" else builtins.__import__(name, *args)

    namespace = {"__builtins__": {**vars(builtins), "__import__": fake_import},
                 "__file__": str(tmp_path / "world.txt")}
    (tmp_path / "world.txt").write_text("")
    exec(compile(source, "<mutant>", "exec"), namespace)
    lock, log = CountingLock(), []
    assert namespace["World"](lock, log).move(steps) == len(log)
    return lock, log, pauses


def test_locks_taken_out_leave_the_work_and_the_other_context_managers(tmp_path):
    # Issue 17: Ultima 0.1's lock must be what keeps monsters apart; the suite plays a copy
    # with every lock taken out, made here from the source the grader read.
    tree = ast.parse(LOCKED_SOURCE)
    lock, log, _ = run_world(LOCKED_SOURCE, "ab", tmp_path)
    assert (lock.taken, lock.released, log) == (2, 2, ["checked", "a", "b"])
    cut = calls.source_of(calls.without_locks(tree))
    lock, log, _ = run_world(cut, "ab", tmp_path)
    assert (lock.taken, lock.released, log) == (0, 0, ["checked", "a", "b"])
    assert "with open(__file__) as ignored:" in cut
    assert calls.takes_a_lock(tree) and not calls.takes_a_lock(ast.parse(cut))


def test_pauses_go_before_each_statement_run_outside_loops(tmp_path):
    tree = ast.parse(LOCKED_SOURCE)
    assert calls.calls_reached([tree], ["move"]) >= {"move", "where"}
    paused = calls.source_of(calls.with_pauses(tree, {"move", "where"}, 0.25))
    lock, log, pauses = run_world(paused, "abcdef", tmp_path)
    assert log == ["checked", *"abcdef"] and lock.taken == 2
    # move: the with, its body, the if, the try, the for (not its six steps), the finally's
    # release and the return; where() only returns a value and is left alone.
    assert pauses == [0.25] * 7
    assert ast.get_docstring(ast.parse(paused).body[0].body[1]) == "Move, holding the lock."


def test_functions_on_a_cycle_are_not_reached_for_pauses():
    tree = ast.parse(textwrap.dedent('''\
        def move():
            light(3)
            step()

        def light(n):
            return light(n - 1) if n else 0
        '''))
    assert calls.calls_reached([tree], ["move"]) == {"move", "step"}


# Issues 33 and 34: source is read as the interpreter reads it. Each file below runs; the
# first two lines of each decide how Python decodes the rest.
BOM_CRLF = (b"\xef\xbb\xbf" + b'"""Saved as UTF-8 with BOM, CRLF line ends."""\r\n'
            b'\r\nX = "\xc3\xa9"\r\n')
LATIN_1 = ('# -*- coding: latin-1 -*-\n"""R\xe9sum\xe9."""\n\n\n'
           'class A:\n    """Caf\xe9 A."""\n\n    # Caf\xe9: the comment above get.\n'
           '    def get(self):\n'
           '        return "\xe0"\n').encode("latin-1")
# To a UTF-8 reader, line 8 ends in a comment above get; to Python, "\u0022" is a quote, so
# that "comment" is the inside of a string, and get is undocumented.
COMMENT_DECOY = (b'# -*- coding: raw_unicode_escape -*-\n"""Module."""\n\n\n'
                 b'class A:\n    """A."""\n\n'
                 b'    NOTE = "\\u0022 + "  # Return the value."\n'
                 b'    def get(self):\n        return 1\n')
# To a UTF-8 reader, line 3 is a comment; to Python, "\u000a" ends it and real code follows.
HIDDEN_LOOP = (b"# -*- coding: raw_unicode_escape -*-\n"
               b"def walk(n):\n"
               b"    return walk(n - 1) if n else 0  # walk\\u000adef walk(n):\\u000a"
               b"    while n:\\u000a        n -= 1\\u000a    return walk(n) if n else n\n")


def interpreted(data):
    """Return the syntax tree Python itself compiles from the bytes ``data``, dumped."""
    return ast.dump(compile(data, "<bytes>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True))


@pytest.mark.parametrize("data", [BOM_CRLF, LATIN_1, COMMENT_DECOY, HIDDEN_LOOP])
def test_source_is_read_as_the_interpreter_reads_it(data, tmp_path):
    (tmp_path / "m.py").write_bytes(data)
    submission = Submission(tmp_path)
    assert ast.dump(submission.parse("m.py")) == interpreted(data)
    text = submission.read_text("m.py")
    assert "\ufeff" not in text and "\r" not in text
    assert ast.dump(ast.parse(text)) == interpreted(data)


def test_declared_encodings_give_comments_and_text_as_python_sees_them(tmp_path):
    for name, data in (("latin.py", LATIN_1), ("decoy.py", COMMENT_DECOY), ("bom.py", BOM_CRLF)):
        (tmp_path / name).write_bytes(data)
    submission = Submission(tmp_path)
    latin = submission.read_source("latin.py")
    assert "# Caf\xe9: the comment above get." in latin and '"R\xe9sum\xe9."' in latin
    assert static.undocumented(submission.parse("latin.py"), latin, "latin.py") == []
    assert static.has_header(submission.read_source("bom.py"))
    assert static.undocumented(submission.parse("decoy.py"), submission.read_source("decoy.py"),
                               "decoy.py") == [Finding("decoy.py", 9,
                                                       "A.get has no docstring or comment")]


def test_recursion_hidden_from_a_utf8_reader_is_cut_as_python_runs_it(tmp_path):
    # What the grader cuts and runs is the program Python runs: here, a loop that a
    # trivial recursive call sits beside, not the recursive walk a UTF-8 reader sees.
    (tmp_path / "walk.py").write_bytes(HIDDEN_LOOP)
    tree = Submission(tmp_path).parse("walk.py")
    assert "while" in ast.unparse(tree)
    copy = calls.program_bytes(calls.without_recursive_calls(tree, ["walk"]))
    namespace = {}
    exec(compile(copy, "<copy>", "exec"), namespace)
    assert namespace["walk"](3) == 0  # the loop did the work: nothing left to cut it from


def test_a_copy_is_read_back_by_python_as_the_text_the_grader_wrote():
    # A copy carrying a submission's declaration on its first line (as one that kept
    # comments would) is still read as UTF-8: the grader's line comes first.
    text = '# -*- coding: raw_unicode_escape -*-\n# note\\u000aHIDDEN = 1\nSHOWN = "\xe9"\n'
    namespace = {}
    exec(compile(calls.program_bytes(text), "<copy>", "exec"), namespace)
    assert "HIDDEN" not in namespace and namespace["SHOWN"] == "\xe9"


@pytest.mark.parametrize("data, problem", [
    (b"x = '\xff'\n", r"cannot be decoded as utf-8 \(byte 5\)"),
    (b"\xef\xbb\xbfx = '\xff'\n", r"cannot be decoded as utf-8 \(byte 8\)"),
    (b"# coding: ascii\nx = '\xe9'\n", r"cannot be decoded as ascii \(byte 21\)"),
    (b"# coding: klingon\nx = 1\n", r"cannot be decoded \(unknown encoding: klingon\)"),
    (b"\xef\xbb\xbf# coding: latin-1\nx = 1\n", r"cannot be decoded \(encoding problem"),
    (b"# coding: hex\nx = 1\n", r"cannot be decoded as hex"),
])
def test_a_file_python_cannot_decode_is_one_line_naming_the_encoding(data, problem, tmp_path):
    (tmp_path / "a2.py").write_bytes(data)
    run = subprocess.run([sys.executable, "a2.py"], cwd=tmp_path, capture_output=True,
                         check=False)
    assert b"SyntaxError" in run.stderr  # Python refuses it too
    with pytest.raises(WrongOutput, match="^a2.py: " + problem) as failure:
        Submission(tmp_path).parse("a2.py")
    assert "\n" not in failure.value.message


def test_stray_bytes_in_comments_are_read_as_the_import_reads_them(tmp_path):
    # The interpreter decodes a UTF-8 file's strings and names, not its comments: a module
    # with a latin-1 byte in a comment imports, so it is not "undecodable". A declaration
    # is found on a line that holds such bytes too.
    files = {"stray.py": b'"""Stray."""\n# caf\xe9\nX = "\xc3\xa9"\n',
             "cookie.py": b'# -*- coding: latin-1 -*- caf\xe9\nX = "\xe9"\n'}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    run = subprocess.run([sys.executable, "-c", "import stray, cookie; print(stray.X + cookie.X)"],
                         cwd=tmp_path, capture_output=True, check=True)
    assert run.stdout.decode("utf-8") == "\xe9\xe9\n"
    submission = Submission(tmp_path)
    assert submission.read_source("stray.py") == '"""Stray."""\n# caf\ufffd\nX = "\xe9"\n'
    assert submission.read_source("cookie.py") == '# -*- coding: latin-1 -*- caf\xe9\nX = "\xe9"\n'
    for name, data in files.items():
        assert ast.dump(submission.parse(name)) == interpreted(data)


def test_other_text_is_utf8_without_bom_or_declarations(tmp_path):
    (tmp_path / "report.txt").write_bytes(b"\xef\xbb\xbfgoblinSearch\r\nin Goblin.py\r\n")
    (tmp_path / "notes.txt").write_bytes(b"# coding: latin-1\ncaf\xe9\n")
    submission = Submission(tmp_path)
    assert submission.read_text("report.txt") == "goblinSearch\nin Goblin.py\n"
    with pytest.raises(WrongOutput, match=r"notes.txt is not UTF-8 text \(byte 21\)"):
        submission.read_text("notes.txt")
