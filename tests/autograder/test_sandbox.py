"""Tests for the autograder/sandbox/ package at every isolation level this machine provides.

Each behaviour is checked with real child processes: plain programs, drivers,
and a zoo of hostile submissions (hangs, bombs, floods, escapes).  Processes
that must not survive carry a unique marker in their command line, which the
test then looks for in the host's /proc.
"""

import ctypes
import errno
import functools
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import sys
import textwrap
import threading
import time
import uuid
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Mapping, Optional, Union

import pytest
from levels import HAS_BWRAP, IS_ROOT, LEVELS

import autograder.sandbox as sandbox_module
import autograder.sandbox.boxes as boxes_module
import autograder.sandbox.levels.bwrap as bwrap_module
import autograder.sandbox.bytecode as bytecode_module
import autograder.sandbox.client as client_module
import autograder.sandbox.layout as layout_module
import autograder.sandbox.processes as processes_module
import autograder.sandbox.server.files as files_module
import autograder.sandbox.server.protocol as protocol
from autograder.sandbox.server.child import imported_names
import autograder.sandbox.trial as trial_module
from autograder import PROJECT_ROOT
from autograder.suite import Suite, bundled_suites
from autograder.sandbox import (
    Fault,
    IsolationLevel,
    Limits,
    Sandbox,
    SandboxError,
    detect_isolation,
    start_sandbox,
)

ISOLATED = (IsolationLevel.BWRAP, IsolationLevel.UNPRIVILEGED)
HANG_TIMEOUT_S = 1.0
SHORT_LIMITS = Limits(wall_s=5)
MINIMAL_ENV_KEYS = {"PATH", "HOME", "LANG", "PYTHONHASHSEED", "PYTHONIOENCODING", "TMPDIR"}

SUBMISSION = {
    "run.py": "import sys\nimport helper\nprint(helper.greet(sys.stdin.readline().strip()))\n",
    "helper.py": "def greet(name):\n    return 'hello ' + name\n",
    "a2_support.py": "ORIGIN = 'student'\n",
    "data/board.txt": "..#\n",
    "__pycache__/helper.cpython-39.pyc": b"\x00junk",
}
SUPPORT = {"a2_support.py": "ORIGIN = 'course'\n", "maps/m1.txt": "#.#\n"}


def write_tree(root: Path, files: Mapping[str, Union[str, bytes]]) -> Path:
    """Write ``files`` (relative name -> text or bytes) under ``root``; return ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    return root


@contextmanager
def sandbox_for(root: Path, files: Mapping[str, Union[str, bytes]], level: IsolationLevel,
                limits: Limits = SHORT_LIMITS) -> Iterator[Sandbox]:
    """Start a sandbox at ``level`` on a submission made of ``files``."""
    submission = write_tree(root / "submission", files)
    with Sandbox(submission, level=level, limits=limits) as sandbox:
        yield sandbox


def processes_with(marker: str) -> List[int]:
    """Return the host pids whose command line contains ``marker`` (zombies excluded)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def new_marker() -> str:
    """Return a unique word to put in a hostile process's command line."""
    return "sandbox-test-" + uuid.uuid4().hex


@pytest.fixture(scope="module", params=LEVELS)
def sandbox(request: pytest.FixtureRequest,
            tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """One sandbox per level on SUBMISSION with SUPPORT, shared by the module's plain tests."""
    root = tmp_path_factory.mktemp("shared")
    submission = write_tree(root / "submission", SUBMISSION)
    support = write_tree(root / "support", SUPPORT)
    support_files = {"a2_support.py": support / "a2_support.py", "maps": support / "maps"}
    with Sandbox(submission, support_files, Limits(wall_s=5), level=request.param) as box:
        yield box


@pytest.fixture(params=LEVELS)
def level(request: pytest.FixtureRequest) -> IsolationLevel:
    """Each isolation level this machine provides."""
    return request.param


# ------------------------------------------------------------ ordinary runs

def test_exit_status_and_streams_round_trip(sandbox: Sandbox) -> None:
    code = "import sys\ndata = sys.stdin.read()\nprint(data.upper())\n" \
           "print('oops', file=sys.stderr)\nsys.exit(3)"
    result = sandbox.run(["python", "-c", code], stdin="héllo\n".encode())
    assert result.returncode == 3
    assert result.signal is None
    assert result.stdout == "HÉLLO\n\n".encode()
    assert result.stderr == b"oops\n"
    assert result.fault is None and result.fault_message == ""
    assert result.observation is None


def test_script_imports_its_sibling_module(sandbox: Sandbox) -> None:
    result = sandbox.run(["python", "run.py"], stdin=b"ada\n")
    assert (result.returncode, result.stdout) == (0, b"hello ada\n")


def test_python_runs_as_with_flags_e_and_s_but_not_isolated(sandbox: Sandbox) -> None:
    # -E: a PYTHON* variable changes nothing; -s: no user site; not -I: the working folder
    # is first on the path (a run may be a fork of the server, whose own flags differ).
    code = ("import os, site, sys; print('/elsewhere' in sys.path, site.ENABLE_USER_SITE, "
            "sys.path[0] in ('', os.getcwd()))")
    for argv in (["python", "-c", code], ["python", "flags.py"]):
        result = sandbox.run(argv, env={"PYTHONPATH": "/elsewhere"},
                             files={"flags.py": code.encode()})
        assert result.stdout == b"False False True\n"


def test_large_stdin_and_stdout_pass_through_whole(sandbox: Sandbox) -> None:
    data = bytes(range(256)) * 2048
    code = "import sys; sys.stdout.buffer.write(sys.stdin.buffer.read()[::-1])"
    result = sandbox.run(["python", "-c", code], stdin=data)
    assert result.stdout == data[::-1]


def test_extra_files_are_written_into_the_working_copy(sandbox: Sandbox) -> None:
    code = "print(open('inputs/case1.txt').read() + open('data/board.txt').read(), end='')"
    result = sandbox.run(["python", "-c", code], files={"inputs/case1.txt": b"abc\n"})
    assert result.stdout == b"abc\n..#\n"


def test_unknown_program_exits_127(sandbox: Sandbox) -> None:
    result = sandbox.run(["no-such-program-here"])
    assert result.returncode == 127
    assert b"no-such-program-here" in result.stderr


def test_syntax_error_is_an_ordinary_failure(sandbox: Sandbox) -> None:
    result = sandbox.run(["python", "bad.py"], files={"bad.py": b"def broken(:\n"})
    assert result.returncode == 1
    assert b"SyntaxError" in result.stderr
    assert result.fault is None


SHOW_SCRIPT = b"""import os, sys
print(sys.argv[1:], __name__, os.path.basename(__file__), os.path.isabs(__file__))
print(sys.path[0] == os.getcwd(), type(__loader__).__name__, __doc__)
print(input("name? "), sys.stdout.isatty(), sys.stdout.line_buffering)
if sys.argv[1] == "raise":
    import helper
    helper.greet(None)
sys.exit(int(sys.argv[1]) if sys.argv[1].isdigit() else "bye")
"""


@pytest.mark.parametrize("ending", ["0", "5", "raise", "text"])
def test_a_python_script_runs_as_a_new_interpreter_runs_it(sandbox: Sandbox,
                                                            ending: str) -> None:
    # Issue 19: `python show.py` runs in a fork of the server, `python show` (no .py) in a
    # new interpreter; the program must not tell them apart, nor its traceback.
    files = {"show.py": SHOW_SCRIPT, "show": SHOW_SCRIPT}
    forked = sandbox.run(["python", "show.py", ending], stdin=b"ada\n", files=files)
    fresh = sandbox.run(["python", "show", ending], stdin=b"ada\n", files=files)
    assert forked.stdout.replace(b"show.py", b"show") == fresh.stdout
    assert forked.stderr.replace(b"show.py", b"show") == fresh.stderr
    assert forked.returncode == fresh.returncode == {"0": 0, "5": 5}.get(ending, 1)
    assert fresh.stdout.startswith(f"['{ending}'] __main__ show True\n".encode())


FORGED_REPORT = b"""import json, os, struct
body = json.dumps({"value": "full marks"}).encode()
frame = struct.pack(">cI", b"R", len(body)) + body
open_fds = []
for fd in range(3, 64):
    try:
        os.write(fd, frame)
        open_fds.append(fd)
    except OSError:
        pass
print(open_fds)
"""


@pytest.mark.parametrize("how", ["script", "command"])
def test_a_forked_program_cannot_send_an_observation(sandbox: Sandbox, how: str) -> None:
    # Issue 19 forks `python SCRIPT.py` and `python -c` from the server, whose children
    # hold the report channel: a program's fork closes it first, so a report frame written
    # to every descriptor reaches nothing, and the run has no observation.
    argv = (["python", "forge.py"] if how == "script"
            else ["python", "-c", FORGED_REPORT.decode()])
    result = sandbox.run(argv, files={"forge.py": FORGED_REPORT})
    assert (result.returncode, result.stdout, result.observation) == (0, b"[]\n", None)


def test_reading_past_end_of_stdin_fails_the_run_only(sandbox: Sandbox) -> None:
    result = sandbox.call("report('before')\ninput()\nreport('after')")
    assert result.returncode == 1
    assert result.observation == "before"
    assert b"EOFError" in result.stderr


def test_killed_by_a_signal_is_a_signal_fault(sandbox: Sandbox) -> None:
    code = "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"
    result = sandbox.run(["python", "-c", code])
    assert (result.returncode, result.signal) == (None, 11)
    assert result.fault is Fault.SIGNAL
    assert result.fault_message == "killed by signal 11"


# ------------------------------------------------------ fresh copies, support files

def test_every_run_starts_from_the_pristine_copy(sandbox: Sandbox) -> None:
    spoil = textwrap.dedent("""
        import os, tempfile
        open('helper.py', 'w').write('raise SystemExit(9)')
        os.remove('run.py')
        open('left_behind.txt', 'w').write('x')
        open(os.path.join(tempfile.gettempdir(), 'left_behind.txt'), 'w').write('x')
        open(os.path.join(os.environ['HOME'], '.cache'), 'w').write('x')
    """)
    assert sandbox.run(["python", "-c", spoil]).returncode == 0
    check = ("import os, tempfile; print(sorted(set(os.listdir('.')) - {'__pycache__'}), "
             "os.path.exists(os.path.join(tempfile.gettempdir(), 'left_behind.txt')))")
    result = sandbox.run(["python", "-c", check])
    assert result.stdout == b"['a2_support.py', 'data', 'helper.py', 'maps', 'run.py'] False\n"
    assert sandbox.run(["python", "run.py"], stdin=b"bo\n").stdout == b"hello bo\n"


def test_private_tmp_is_emptied_between_runs(sandbox: Sandbox) -> None:
    if sandbox.level not in ISOLATED:
        pytest.skip("/tmp is the machine's own at the rlimits level")
    name = "/tmp/" + new_marker()
    assert sandbox.run(["python", "-c", "open({!r}, 'w').write('x')".format(name)]).returncode == 0
    assert not os.path.exists(name)
    result = sandbox.run(["python", "-c", "import os; print(os.path.exists({!r}))".format(name)])
    assert result.stdout == b"False\n"


def test_changes_inside_the_copy_never_reach_the_submission(level: IsolationLevel,
                                                           tmp_path: Path) -> None:
    with sandbox_for(tmp_path, SUBMISSION, level) as box:
        box.call("import os, shutil\nos.remove('run.py')\nshutil.rmtree('data')\n"
                 "open('helper.py', 'w').write('changed')")
    submission = tmp_path / "submission"
    assert sorted(path.name for path in submission.iterdir()) == [
        "__pycache__", "a2_support.py", "data", "helper.py", "run.py"]
    assert (submission / "helper.py").read_text() == SUBMISSION["helper.py"]


def test_support_files_replace_the_students_own(sandbox: Sandbox) -> None:
    driver = "import a2_support\nreport([a2_support.ORIGIN, open('maps/m1.txt').read()])"
    result = sandbox.call(driver)
    assert result.observation == ["course", "#.#\n"]


def same_interpreter(sandbox: Sandbox) -> bool:
    """Whether the sandbox's children run this interpreter (the grader precompiles only then:
    as root, rlimits runs them with the system's Python)."""
    result = sandbox.call("import os, sys\nreport(os.path.realpath(sys.executable))")
    return result.observation == os.path.realpath(sys.executable)


def test_compiled_files_of_the_submission_are_not_copied(sandbox: Sandbox) -> None:
    # Its own bytecode is never trusted; the grader's, made from its sources, may be there.
    result = sandbox.call("import os\nreport(sorted(os.listdir('__pycache__')) "
                          "if os.path.isdir('__pycache__') else [])")
    assert "helper.cpython-39.pyc" not in result.observation
    if same_interpreter(sandbox):
        assert f"helper.{sys.implementation.cache_tag}.pyc" in result.observation


def test_tooling_folders_of_the_submission_are_not_copied(level: IsolationLevel,
                                                          tmp_path: Path) -> None:
    # Handed in by mistake, a repository or a virtual environment holds thousands of files
    # that every run would copy; no run needs them. Folders of other names, hidden files and
    # a pyvenv.cfg file at the top stay.
    files = {
        "run.py": "print('hi')\n", ".env": "LEVEL=3\n", "pyvenv.cfg": "not a venv here\n",
        "data/board.txt": "..\n", "notes/.git": "a file, not a folder\n",
        ".git/HEAD": "ref: refs/heads/main\n", ".git/objects/ab/cdef": "blob",
        "__MACOSX/._run.py": "resource fork", ".idea/workspace.xml": "<project/>",
        "venv/pyvenv.cfg": "home = /usr/bin\n", "venv/lib/site.py": "x = 1\n",
        "src/.mypy_cache/3.11/run.json": "{}",
    }
    listing = ("import os\nreport(sorted(os.path.relpath(os.path.join(root, name), '.') "
               "for root, _, names in os.walk('.') for name in names "
               "if '__pycache__' not in root))")
    with sandbox_for(tmp_path, files, level) as sandbox:
        result = sandbox.call(listing)
    assert result.observation == [".env", "data/board.txt", "notes/.git", "pyvenv.cfg",
                                  "run.py"]


def describe_tree(root: Path) -> List[tuple]:
    """Return every entry under ``root``: (name, "link", target), (name, "dir", mode) or
    (name, mode, content)."""
    found = []
    for path in sorted(root.rglob("*")):
        name = str(path.relative_to(root))
        mode = path.lstat().st_mode & 0o777
        if path.is_symlink():
            found.append((name, "link", os.readlink(path)))
        elif path.is_dir():
            found.append((name, "dir", mode))
        else:
            found.append((name, mode, path.read_bytes()))
    return found


def test_a_tree_read_into_memory_is_written_back_as_it_was(tmp_path: Path) -> None:
    # Issue 19: the server reads pristine/ once and writes each run's copy from memory.
    source = write_tree(tmp_path / "source", {"run.py": "print(1)\n", "maps/a/m.txt": "#\n",
                                              "bin/tool": b"\x00\x01"})
    (source / "bin" / "tool").chmod(0o700)
    (source / "empty").mkdir()
    (source / "maps" / "link").symlink_to("a/m.txt")
    target = tmp_path / "target"
    target.mkdir()
    previous = os.umask(0o022)
    try:
        files_module.write_tree(files_module.read_tree(str(source)), str(target))
    finally:
        os.umask(previous)
    assert describe_tree(target) == [
        ("bin", "dir", 0o755), ("bin/tool", 0o755, b"\x00\x01"), ("empty", "dir", 0o755),
        ("maps", "dir", 0o755), ("maps/a", "dir", 0o755), ("maps/a/m.txt", 0o644, b"#\n"),
        ("maps/link", "link", "a/m.txt"), ("run.py", 0o644, b"print(1)\n")]


def test_a_tree_too_large_for_memory_is_not_read(tmp_path: Path) -> None:
    source = write_tree(tmp_path, {"a.txt": "12345", "b.txt": "12345", "c/d.txt": "1"})
    assert files_module.read_tree(str(source), max_bytes=11) is not None
    assert files_module.read_tree(str(source), max_bytes=10) is None
    assert files_module.read_tree(str(source), max_entries=3) is None


def test_precompiled_modules_are_used_and_never_run_stale(sandbox: Sandbox) -> None:
    # Issue 19: every run is a fresh copy, so bytecode made once saves compiling each time;
    # it is hash-checked, so a source a run rewrites runs as rewritten.
    if same_interpreter(sandbox):
        used = sandbox.call("import helper\nreport(helper.__cached__)")
        assert used.observation.endswith(
            f"__pycache__/helper.{sys.implementation.cache_tag}.pyc")
    rewritten = sandbox.call("import helper\nreport(helper.greet('x'))",
                             files={"helper.py": b"def greet(name):\n    return 'bye ' + name\n"})
    assert rewritten.observation == "bye x"


def test_the_boxes_of_one_tree_share_its_compiled_modules(level: IsolationLevel,
                                                          tmp_path: Path) -> None:
    # A grading launches one sandbox per worker on the same tree: the modules are compiled
    # for the first box only, and each box's bytecode is still what its imports use.
    if level is IsolationLevel.RLIMITS and IS_ROOT:
        pytest.skip("there the children run a system Python, for which nothing is compiled")
    marker = new_marker()
    submission = write_tree(tmp_path, {**SUBMISSION, "helper.py": f"WORD = {marker!r}\n"})
    compiled = bytecode_module._hash_checked_pyc.cache_info
    before = compiled()
    boxes = sandbox_module.launch_sandboxes(1, submission, {}, SHORT_LIMITS, level)
    first = compiled()
    boxes += sandbox_module.launch_sandboxes(1, submission, {}, SHORT_LIMITS, level)
    second = compiled()
    try:
        assert first.misses > before.misses  # helper.py at least is new to this process
        modules = (first.misses + first.hits) - (before.misses + before.hits)
        assert (second.misses, second.hits) == (first.misses, first.hits + modules)
        for box in boxes:
            with box:
                assert box.call("import helper\nreport(helper.WORD)").observation == marker
    finally:
        for box in boxes:
            box.__exit__(None, None, None)


def test_modules_of_packages_are_precompiled_and_other_folders_left(level: IsolationLevel,
                                                                    tmp_path: Path) -> None:
    # A folder without __init__.py (old versions, a second assignment) is not imported by a
    # run as a rule: its files are left to the run that imports one, and still import.
    files = {"top.py": "X = 1\n", "pkg/__init__.py": "", "pkg/mod.py": "X = 2\n",
             "old/mod.py": "X = 3\n"}
    driver = ("import os, sys\nimport top, pkg.mod\nsys.path.insert(0, 'old')\nimport mod\n"
              "report([top.X, pkg.mod.X, mod.X, os.path.isdir('__pycache__'), "
              "os.path.isdir('pkg/__pycache__'), os.path.isdir('old/__pycache__')])")
    with sandbox_for(tmp_path, files, level) as sandbox:
        compiled_here = same_interpreter(sandbox)
        result = sandbox.call(driver)
    assert result.observation[:3] == [1, 2, 3]
    # old/mod.py was compiled by the run itself, which writes no bytecode.
    assert result.observation[3:] == [compiled_here, compiled_here, False]


PRELOAD_SUBMISSION = {
    "extra_user.py": "print('the submission ran')\n",
    # The student's copy of the package, with a module the grader's has not.
    "toolkit/__init__.py": "raise SystemExit('the student copy ran')\n",
    "toolkit/planted.py": "print('planted ran')\n",
}
PRELOAD_SUPPORT = {
    # What the package imports by absolute name must never come from the submission.
    "toolkit/__init__.py": "import os\nLOADED_IN = os.getpid()\ntry:\n"
                           "    import extra_user\nexcept ImportError:\n    extra_user = None\n",
    "toolkit/shapes.py": "SIDES = {'square': 4}\n",
    "broken.py": "raise ValueError('broken at import')\n",
}


@contextmanager
def preloading_sandbox(root: Path, level: IsolationLevel, preload: List[str]
                       ) -> Iterator[Sandbox]:
    """Start a sandbox on PRELOAD_SUBMISSION with PRELOAD_SUPPORT, preloading ``preload``."""
    submission = write_tree(root / "submission", PRELOAD_SUBMISSION)
    support = write_tree(root / "support", PRELOAD_SUPPORT)
    # File by file, as a suite gives its support folders.
    support_files = {name: support / name for name in PRELOAD_SUPPORT}
    with Sandbox(submission, support_files, SHORT_LIMITS, level=level,
                 preload=preload) as box:
        yield box


def test_preloaded_support_modules_are_loaded_once_by_the_server(level: IsolationLevel,
                                                                 tmp_path: Path) -> None:
    # Issue 19: a support package every run imports (the StdDraw shim) is loaded before the
    # first child, so that no run pays for it again.
    driver = ("import os, sys\nloaded = 'toolkit.shapes' in sys.modules\n"
              "import toolkit, toolkit.shapes\n"
              "report([loaded, toolkit.LOADED_IN != os.getpid(), toolkit.shapes.SIDES])")
    with preloading_sandbox(tmp_path, level, ["toolkit", "toolkit.shapes"]) as sandbox:
        first, second = sandbox.call(driver), sandbox.call(driver)
        servers = {sandbox.call("import toolkit\nreport(toolkit.LOADED_IN)").observation
                   for _ in range(2)}
    assert first.observation == second.observation == [True, True, {"square": 4}]
    assert len(servers) == 1


def test_a_preloaded_package_holds_only_the_graders_files(level: IsolationLevel,
                                                          tmp_path: Path) -> None:
    # The server imports it: the student's copy of the package, a module planted in it, and a
    # module of the submission that the package imports by name must all stay out of it.
    driver = ("import os, toolkit\n"
              "report([toolkit.extra_user is None, os.path.exists('toolkit/planted.py'), "
              "sorted(os.listdir('toolkit'))])")
    with preloading_sandbox(tmp_path, level, ["toolkit"]) as sandbox:
        result = sandbox.call(driver)
    assert result.observation[:2] == [True, False]
    assert "planted.py" not in result.observation[2]
    assert result.stdout == b""


def test_a_preloaded_module_that_fails_is_left_to_the_run(level: IsolationLevel,
                                                          tmp_path: Path) -> None:
    driver = "import sys\nreport('broken' in sys.modules)\nimport broken"
    with preloading_sandbox(tmp_path, level, ["broken", "toolkit"]) as sandbox:
        result = sandbox.call(driver)
        still = sandbox.call("import sys\nreport('toolkit' in sys.modules)")
    assert result.observation is False
    assert b"ValueError: broken at import" in result.stderr
    assert still.observation is True


def test_only_support_files_can_be_preloaded(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a2.py": "X = 1\n"})
    with pytest.raises(ValueError, match="'a2' is not a support file"):
        Sandbox(tmp_path, level=IsolationLevel.RLIMITS, preload=["a2"])


@pytest.mark.parametrize("suite", [suite for suite in bundled_suites() if suite.preload],
                         ids=lambda suite: suite.name)
def test_a_suites_preloaded_modules_come_loaded_from_the_graders_files(suite: Suite) -> None:
    # Issue 19: what a bundled suite preloads (the shim, its headless.py, End of DayZ's
    # a2_support.py) is in every run's sys.modules before the run imports anything, loaded
    # from the grader's support files in the pristine tree.
    driver = ("import sys\nreport({name: getattr(sys.modules.get(name), '__file__', None) "
              "for name in payload})")
    with Sandbox(suite.reference, suite.support_file_map(), suite.limits,
                 modules=suite.required_files, preload=suite.preload) as sandbox:
        found = sandbox.call(driver, list(suite.preload)).observation
    assert sorted(found) == sorted(suite.preload)
    assert all(path is not None and "/pristine/" in path for path in found.values()), found


# ------------------------------------------------------------------- call()

def test_call_reports_the_last_observation_and_sees_the_payload(sandbox: Sandbox) -> None:
    driver = "import helper\nreport('first')\nreport({'greeting': helper.greet(payload['name'])})"
    result = sandbox.call(driver, {"name": "eve"})
    assert result.observation == {"greeting": "hello eve"}
    assert result.returncode == 0 and result.fault is None


def test_call_runs_in_the_working_copy_which_is_first_on_the_path(sandbox: Sandbox) -> None:
    result = sandbox.call("import os, sys\nreport([os.getcwd() == sys.path[0], "
                          "sorted(set(os.listdir(sys.path[0])) - {'__pycache__'})[:2], "
                          "os.environ['HOME'] == os.getcwd()])")
    assert result.observation == [True, ["a2_support.py", "data"], True]


def test_driver_exception_keeps_earlier_report_and_fails(sandbox: Sandbox) -> None:
    result = sandbox.call("report(1)\nraise ValueError('bad move')")
    assert result.returncode == 1
    assert result.observation == 1
    assert b"ValueError: bad move" in result.stderr
    assert result.fault is None


def test_unserialisable_report_is_a_driver_error(sandbox: Sandbox) -> None:
    result = sandbox.call("report(object())")
    assert result.returncode == 1 and result.observation is None
    assert b"TypeError" in result.stderr


@pytest.mark.parametrize("driver, status, observation", [
    ("import sys\nsys.exit()", 0, None),
    ("import sys\nreport('x')\nsys.exit(4)", 4, "x"),
    ("import sys\nsys.exit('message')", 1, None),
    ("import os\nreport('y')\nos._exit(7)", 7, "y"),
    ("raise KeyboardInterrupt", 1, None),
    ("class Escape(BaseException): pass\nraise Escape()", 1, None),
])
def test_exits_in_the_driver_only_end_the_child(sandbox: Sandbox, driver: str, status: int,
                                                observation: Optional[str]) -> None:
    result = sandbox.call(driver)
    assert (result.returncode, result.observation, result.fault) == (status, observation, None)
    assert sandbox.call("report('alive')").observation == "alive"


def test_sys_exit_at_import_of_the_submission_ends_the_call(sandbox: Sandbox) -> None:
    result = sandbox.call("import quitter\nreport('unreachable')",
                          files={"quitter.py": b"import sys\nsys.exit(0)\n"})
    assert (result.returncode, result.observation) == (0, None)


def test_submission_cannot_shadow_modules_the_driver_uses(sandbox: Sandbox) -> None:
    driver = "import json, doctest\nreport([json.dumps([1]), hasattr(doctest, 'testmod')])"
    result = sandbox.call(driver,
                          files={"json.py": b"raise SystemExit(5)\n", "doctest.py": b"x = 1\n"})
    assert result.observation == ["[1]", True]


def test_call_children_use_hash_seed_zero(sandbox: Sandbox) -> None:
    expected = subprocess.run([sys.executable, "-c", "print(hash('abc'))"], check=True,
                              capture_output=True, env={"PYTHONHASHSEED": "0"}).stdout
    assert sandbox.call("report(hash('abc'))").observation == int(expected)


def test_call_children_draw_the_same_random_numbers_every_time(sandbox: Sandbox) -> None:
    # The same submission scores the same every run (issue 16: unseeded probes).
    draws = {tuple(sandbox.call("import random\nreport([random.random() for _ in range(3)])")
                   .observation) for _ in range(3)}
    assert len(draws) == 1


def test_stdout_of_a_call_is_flushed_at_exit(sandbox: Sandbox) -> None:
    result = sandbox.call("import atexit\natexit.register(print, 'bye')\nprint('hi', end='')")
    assert result.stdout == b"hibye\n"


# ------------------------------------------------------------ limits and faults

def test_infinite_loop_times_out_and_is_gone(sandbox: Sandbox) -> None:
    marker = new_marker()
    result = sandbox.run(["python", "-c", "while True: pass", marker], timeout=HANG_TIMEOUT_S)
    assert result.fault is Fault.TIMEOUT
    assert result.fault_message == "timed out after 1 s"
    assert result.returncode is None
    assert processes_with(marker) == []


def test_ignoring_sigterm_does_not_survive_the_timeout(sandbox: Sandbox) -> None:
    marker = new_marker()
    code = "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\ntime.sleep(60)"
    result = sandbox.run(["python", "-c", code, marker], timeout=HANG_TIMEOUT_S)
    assert result.fault is Fault.TIMEOUT
    assert processes_with(marker) == []


def test_hanging_call_times_out_and_the_next_call_works(sandbox: Sandbox) -> None:
    assert sandbox.call("while True: pass", timeout=HANG_TIMEOUT_S).fault is Fault.TIMEOUT
    assert sandbox.call("report(2)").observation == 2


def test_background_process_does_not_outlive_the_run(sandbox: Sandbox) -> None:
    marker = new_marker()
    code = textwrap.dedent("""
        import os, subprocess, sys
        subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)', sys.argv[1]],
                         start_new_session=True)
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv(sys.executable, [sys.executable, '-c', 'import time; time.sleep(60)',
                                          sys.argv[1]])
            os._exit(0)
        print('left')
    """)
    result = sandbox.run(["python", "-c", code, marker])
    assert (result.returncode, result.stdout, result.fault) == (0, b"left\n", None)
    assert processes_with(marker) == []


def test_cpu_burning_thread_hits_the_cpu_limit(level: IsolationLevel, tmp_path: Path) -> None:
    driver = textwrap.dedent("""
        import threading
        def burn():
            while True:
                pass
        threading.Thread(target=burn).start()
        report('started')
    """)
    with sandbox_for(tmp_path, {}, level, Limits(wall_s=5, cpu_s=1)) as box:
        result = box.call(driver)
    assert result.observation == "started"
    assert result.fault is Fault.CPU
    assert result.fault_message == "CPU time limit (1 s)"


def test_fork_bomb_is_contained(level: IsolationLevel, tmp_path: Path) -> None:
    marker = new_marker()
    code = "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass"
    with sandbox_for(tmp_path, {}, level) as box:
        result = box.run(["python", "-c", code, marker], timeout=HANG_TIMEOUT_S)
        # A pids cgroup (root) counts the refused forks; RLIMIT_NPROC only refuses them.
        assert result.fault in (Fault.PROCESSES, Fault.TIMEOUT)
        assert processes_with(marker) == []
        assert box.run(["python", "-c", "print(6 * 7)"]).stdout == b"42\n"


def test_too_many_processes_is_a_process_fault(sandbox: Sandbox) -> None:
    marker = new_marker()
    code = textwrap.dedent("""
        import os, time
        for _ in range(100):
            if os.fork() == 0:
                time.sleep(60)
                os._exit(0)
    """)
    result = sandbox.run(["python", "-c", code, marker])
    assert result.fault is Fault.PROCESSES
    assert result.fault_message == "process limit (32)"
    assert processes_with(marker) == []


@pytest.mark.parametrize("kind", ["run", "call"])
def test_memory_bomb_is_a_memory_fault(level: IsolationLevel, tmp_path: Path, kind: str) -> None:
    code = "chunks = []\nwhile True:\n    chunks.append(bytearray(10 ** 7))"
    with sandbox_for(tmp_path, {}, level, Limits(wall_s=10, memory_bytes=256 << 20)) as box:
        result = box.run(["python", "-c", code]) if kind == "run" else box.call(code)
        assert result.fault is Fault.MEMORY
        assert result.fault_message == "memory limit (256 MiB)"
        assert box.call("report(len(bytearray(10 ** 7)))").observation == 10 ** 7


def test_a_gigabyte_of_output_is_cut_at_the_cap(sandbox: Sandbox) -> None:
    code = "import os\nfor _ in range(16384):\n    os.write(1, b'x' * 65536)"
    result = sandbox.run(["python", "-c", code], timeout=10)
    assert result.fault is Fault.OUTPUT
    assert result.fault_message == "output cut at 1048576 bytes"
    assert result.stdout == b"x" * (1 << 20) + b"\n[output cut at 1048576 bytes]\n"


def test_recursion_a_million_deep_leaves_the_sandbox_working(sandbox: Sandbox) -> None:
    driver = textwrap.dedent("""
        import sys
        sys.setrecursionlimit(2_000_000)
        def dive(depth):
            return depth if depth == 0 else dive(depth - 1)
        report(dive(1_000_000))
    """)
    result = sandbox.call(driver, timeout=10)
    assert result.fault in (None, Fault.SIGNAL, Fault.MEMORY)
    assert result.observation in (None, 0)
    assert sandbox.call("report('fine')").observation == "fine"


# -------------------------------------------------------- escape attempts

def test_environment_holds_no_grader_variables(level: IsolationLevel, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOGRADER_TEST_SECRET", "hunter2")
    code = "import json, os; print(json.dumps(dict(os.environ)))"
    with sandbox_for(tmp_path, {}, level) as box:
        called = box.call("import os\nreport(dict(os.environ))", env={"EXTRA": "1"})
        ran = box.run(["python", "-c", code])
    assert set(called.observation) == MINIMAL_ENV_KEYS | {"EXTRA"}
    assert called.observation["PYTHONHASHSEED"] == "0"
    assert "hunter2" not in ran.stdout.decode()
    assert set(eval(ran.stdout)) == MINIMAL_ENV_KEYS


def test_writes_outside_the_sandbox_change_nothing(level: IsolationLevel, tmp_path: Path) -> None:
    if level not in ISOLATED:
        pytest.skip("at the rlimits level the submission may write wherever its user may")
    victim = tmp_path / "victim.txt"
    victim.write_text("original")
    project = Path(sandbox_module.__file__).parent
    targets = [victim, tmp_path / "created.txt", tmp_path / "submission" / "helper.py",
               project / (new_marker() + ".txt"), Path("/tmp") / (new_marker() + ".txt")]
    driver = textwrap.dedent("""
        results = {}
        for path in payload:
            try:
                with open(path, 'w') as handle:
                    handle.write('pwned')
                results[path] = 'written'
            except OSError as err:
                results[path] = type(err).__name__
        report(results)
    """)
    with sandbox_for(tmp_path, SUBMISSION, level) as box:
        result = box.call(driver, [str(path) for path in targets])
    assert result.returncode == 0 and len(result.observation) == len(targets)
    assert victim.read_text() == "original"
    assert (tmp_path / "submission" / "helper.py").read_text() == SUBMISSION["helper.py"]
    for path in targets[1:2] + targets[3:]:
        assert not path.exists(), path


def test_files_outside_the_sandbox_are_invisible(level: IsolationLevel, tmp_path: Path) -> None:
    if level not in ISOLATED:
        pytest.skip("at the rlimits level the submission may read whatever its user may")
    secret = tmp_path / "expected_output.txt"
    secret.write_text("the answer")
    secret.chmod(0o644)
    driver = textwrap.dedent("""
        import importlib.util
        seen = []
        for path in payload:
            try:
                seen.append(open(path).read()[:20])
            except OSError as err:
                seen.append(type(err).__name__)
        report({'seen': seen, 'pytest': importlib.util.find_spec('pytest') is not None})
    """)
    with sandbox_for(tmp_path, {}, level) as box:
        result = box.call(driver, [str(secret), sandbox_module.__file__])
    assert result.observation["pytest"] is False
    for seen in result.observation["seen"]:
        assert seen in ("FileNotFoundError", "PermissionError")


def test_world_readable_folders_and_sockets_beside_the_grader_are_invisible(
        level: IsolationLevel, tmp_path: Path) -> None:
    """A classmate's folder or a socket outside /tmp is out of reach (issue 17, class 6)."""
    if level not in ISOLATED:
        pytest.skip("at the rlimits level the submission may read whatever its user may")
    # Beside the checkout, where a class folder or another checkout would be.
    beside = Path(tempfile.mkdtemp(prefix=".visibility-", dir=PROJECT_ROOT.parent))
    try:
        beside.chmod(0o755)
        classmate = beside / "a2.py"
        classmate.write_text("the classmate's answer")
        classmate.chmod(0o644)
        listener = socket.socket(socket.AF_UNIX)
        listener.bind(str(beside / "grader.sock"))
        os.chmod(beside / "grader.sock", 0o777)
        listener.listen(1)
        driver = textwrap.dedent("""
            import os, socket
            seen = {}
            for path in payload:
                try:
                    if path.endswith('.sock'):
                        socket.socket(socket.AF_UNIX).connect(path)
                        seen[path] = 'connected'
                    else:
                        seen[path] = open(path).read()[:20]
                except OSError as err:
                    seen[path] = type(err).__name__
            report(seen)
        """)
        targets = [str(classmate), str(beside / "grader.sock"),
                   str(PROJECT_ROOT / "pyproject.toml")]
        with sandbox_for(tmp_path, {}, level) as box:
            result = box.call(driver, targets)
        listener.close()
    finally:
        shutil.rmtree(beside)
    assert result.observation == {path: "FileNotFoundError" for path in targets}


def test_network_connection_to_the_host_fails(level: IsolationLevel, tmp_path: Path) -> None:
    if level not in ISOLATED:
        pytest.skip("the rlimits level has no network namespace")
    driver = textwrap.dedent("""
        import socket
        try:
            socket.create_connection(('127.0.0.1', payload), timeout=2).close()
            report('connected')
        except OSError as err:
            report(type(err).__name__)
    """)
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        with sandbox_for(tmp_path, {}, level) as box:
            result = box.call(driver, listener.getsockname()[1])
        listener.setblocking(False)
        with pytest.raises(BlockingIOError):
            listener.accept()
    assert result.observation in ("ConnectionRefusedError", "OSError")


def test_submission_cannot_reach_the_servers_descriptors(level: IsolationLevel,
                                                        tmp_path: Path) -> None:
    if level not in ISOLATED:
        pytest.skip("at the rlimits level the grader's user may inspect its own processes")
    driver = textwrap.dedent("""
        import os
        server = '/proc/{}/'.format(os.getppid())
        seen = []
        for name, mode in (('fd/1', 'wb'), ('fd/0', 'rb'), ('mem', 'rb'), ('environ', 'rb')):
            try:
                open(server + name, mode).close()
                seen.append('opened')
            except OSError as err:
                seen.append(type(err).__name__)
        report(seen)
    """)
    with sandbox_for(tmp_path, {}, level) as box:
        seen = box.call(driver).observation
    # hidepid hides the server altogether at the unprivileged level.
    assert len(seen) == 4
    assert set(seen) <= {"PermissionError", "FileNotFoundError"}


def test_replacing_the_working_folder_does_not_break_the_next_run(sandbox: Sandbox) -> None:
    spoil = "import os, shutil\nos.chdir('/')\nhome = os.environ['HOME']\n" \
            "shutil.rmtree(home)\nos.symlink('/tmp', home)"
    sandbox.run(["python", "-c", spoil])
    assert sandbox.run(["python", "run.py"], stdin=b"x\n").stdout == b"hello x\n"


def test_interrupted_call_does_not_shift_later_answers(sandbox: Sandbox) -> None:
    class Interrupted(Exception):
        """Raised by the alarm, as the trusted side's own timeout would."""

    def interrupt(signum: int, frame: object) -> None:
        raise Interrupted()

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.2)
    try:
        with pytest.raises(Interrupted):
            sandbox.call("import time\ntime.sleep(1)\nreport('late')")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert sandbox.call("report('now')").observation == "now"


def test_killing_the_server_is_a_sandbox_fault_and_it_restarts(level: IsolationLevel,
                                                              tmp_path: Path) -> None:
    driver = textwrap.dedent("""
        import os, signal, time
        try:
            os.kill(os.getppid(), signal.SIGKILL)
        except OSError as err:
            report(type(err).__name__)
        time.sleep(0.5)
    """)
    with sandbox_for(tmp_path, {}, level) as box:
        result = box.call(driver)
        assert box.call("report('again')").observation == "again"
    if level is IsolationLevel.UNPRIVILEGED or (level is IsolationLevel.RLIMITS and IS_ROOT):
        # The children's uid is not the server's: it cannot signal it.
        assert result.observation == "PermissionError" and result.fault is None
    elif level is IsolationLevel.BWRAP and server_is_pid_1():
        # The server is the namespace's pid 1, which no signal from inside it reaches
        # unless it handles that signal (issue 34): the run simply goes on.
        assert result.observation is None and result.fault is None
    else:
        assert result.fault is Fault.SANDBOX
        assert result.fault_message.startswith("sandbox failure")


def server_is_pid_1() -> bool:
    """Return whether this machine's bwrap makes the server the sandbox's pid 1."""
    bwrap = bwrap_module.find_bwrap()
    return bwrap is not None and "--as-pid-1" in bwrap_module.bwrap_options(bwrap)


# ------------------------------------------------------------ launched ahead, used by forks

def sandbox_folders() -> List[Path]:
    """Return the sandbox folders there are (in the temporary directory, or in memory)."""
    return [folder for parent in (tempfile.gettempdir(), sandbox_module.RAM_TEMP_DIR)
            for folder in Path(parent).glob("autograder-sandbox-*")
            if folder.name != processes_module.UID_LOCK_DIR]


def launched_sandbox(root: Path, level: IsolationLevel) -> "tuple[Sandbox, Path]":
    """Launch a sandbox at ``level`` on SUBMISSION plus a file naming it; return it and its
    folder (found by that file: other tests may be making sandboxes at the same time)."""
    marker = new_marker()
    submission = write_tree(root / "submission", {**SUBMISSION, "marker.txt": marker})
    box = Sandbox(submission, level=level, limits=SHORT_LIMITS)
    box.launch()
    for folder in sandbox_folders():
        try:
            if (folder / "box" / "pristine" / "marker.txt").read_text() == marker:
                return box, folder
        except OSError:
            continue
    box.__exit__(None, None, None)
    raise AssertionError("the launched sandbox's folder is nowhere")


def processes_in(folder: Path) -> List[int]:
    """Return the pids of the processes working in ``folder`` or below (a sandbox's server
    and bwrap start in its box; zombies have no working folder)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if Path(os.readlink(entry / "cwd")).is_relative_to(folder):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def in_a_fork(body: Callable[[], bool]) -> int:
    """Run ``body`` in a forked process; return its exit status (0 when it returned True)."""
    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            status = 0 if body() else 2
        finally:
            os._exit(status)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


def test_a_launched_sandbox_has_its_server_running_and_runs_once_entered(
        level: IsolationLevel, tmp_path: Path) -> None:
    box, folder = launched_sandbox(tmp_path, level)
    try:
        assert processes_in(folder)  # started, before anyone waits for it
        with pytest.raises(SandboxError, match="only inside its with block"):
            box.call("report(1)")
        with pytest.raises(SandboxError, match="already launched"):
            box.launch()
        with box:
            assert box.call("report(6 * 7)").observation == 42
            with pytest.raises(SandboxError, match="already running"):
                box.__enter__()
    finally:
        box.__exit__(None, None, None)
    assert not folder.exists() and not processes_in(folder)


def test_a_launched_server_that_is_lost_before_it_is_ready_fails_the_start_cleanly(
        level: IsolationLevel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Whatever ends the server first (here: its answer never comes), the start says so,
    # and nothing of the sandbox is left: no process, no folder, no error on leaving.
    box, folder = launched_sandbox(tmp_path, level)

    def lost(self: object, deadline: float) -> dict:
        raise client_module.ServerLost("the sandbox server ended (status -9)")

    monkeypatch.setattr(client_module.ServerProcess, "answer", lost)
    with pytest.raises(SandboxError, match=r"cannot start the \w+ sandbox: .*\(status -9\)"):
        box.__enter__()
    assert not folder.exists() and not processes_in(folder)
    box.__exit__(None, None, None)


def test_a_bwrap_box_is_made_in_memory_unless_tmpdir_is_set_or_the_tree_is_big(
        level: IsolationLevel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = Path(sandbox_module.RAM_TEMP_DIR)
    room = os.statvfs(memory) if memory.is_dir() else None
    if room is None or room.f_bavail * room.f_frsize < boxes_module.RAM_TEMP_MIN_FREE_BYTES:
        pytest.skip(f"{memory} has no room for boxes here")
    monkeypatch.delenv("TMPDIR", raising=False)
    disk = Path(tempfile.gettempdir())

    def folder_of(name: str) -> Path:
        box, folder = launched_sandbox(tmp_path / name, level)
        try:
            with box:
                assert box.call("import helper\nreport(helper.greet('x'))").observation \
                    == "hello x"
        finally:
            box.__exit__(None, None, None)
        return folder.parent

    # The other levels' runs write beside the box: it stays on disk.
    assert folder_of("small") == (memory if level is IsolationLevel.BWRAP else disk)
    monkeypatch.setattr(boxes_module, "RAM_BOX_MAX_BYTES", 100)
    assert folder_of("big") == disk
    monkeypatch.undo()
    # A folder the user names: one a sandbox running as a reserved uid can reach.
    named = Path(tempfile.mkdtemp(dir=disk))
    try:
        named.chmod(0o755)
        monkeypatch.setenv("TMPDIR", str(named))
        monkeypatch.setattr(tempfile, "tempdir", str(named))
        assert folder_of("named") == named
    finally:
        shutil.rmtree(named)  # with the uid locks of the levels that take a uid


def test_what_a_killed_process_s_sandboxes_leave_is_removed_after_it(
        level: IsolationLevel, tmp_path: Path) -> None:
    # A batch kills a grading that runs past its time: its servers die with it, and its
    # folders (and cgroups, as root) are removed by remove_leftovers before it is reaped.
    marker = new_marker()
    submission = write_tree(tmp_path / "submission", {**SUBMISSION, "marker.txt": marker})
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            for _ in range(2):
                Sandbox(submission, level=level, limits=SHORT_LIMITS).launch()
            os.write(ready_write, b"x")
            time.sleep(60)
        finally:
            os._exit(1)
    os.close(ready_write)
    assert os.read(ready_read, 1) == b"x"
    os.close(ready_read)

    def mine(folder: Path) -> bool:
        try:
            return (folder / "box" / "pristine" / "marker.txt").read_text() == marker
        except OSError:
            return False

    def cgroups() -> List[str]:
        return [path for root in processes_module.CGROUP_ROOTS
                for path in glob.glob(os.path.join(root, f"autograder-{pid}-*"))]

    assert len([folder for folder in sandbox_folders() if mine(folder)]) == 2
    assert bool(cgroups()) == IS_ROOT
    os.kill(pid, signal.SIGKILL)
    sandbox_module.remove_leftovers(pid)
    os.waitpid(pid, 0)
    assert not [folder for folder in sandbox_folders() if mine(folder)]
    assert cgroups() == []


def test_a_fork_uses_a_launched_sandbox_and_leaves_it_to_the_launcher(
        level: IsolationLevel, tmp_path: Path) -> None:
    box, folder = launched_sandbox(tmp_path, level)

    def use() -> bool:
        with box:
            return box.call("report(6 * 7)").observation == 42

    try:
        assert in_a_fork(use) == 0
        # The fork's exit stopped nothing of the launcher's.
        assert folder.exists() and processes_in(folder)
    finally:
        box.__exit__(None, None, None)
    assert not folder.exists() and not processes_in(folder)


def test_a_server_a_fork_starts_in_place_of_a_lost_one_ends_with_the_fork(
        level: IsolationLevel, tmp_path: Path) -> None:
    box, folder = launched_sandbox(tmp_path, level)
    # The server is lost to SIGKILL from outside: below bwrap no child can reach it.
    killer = "import time\nreport('started')\ntime.sleep(30)"

    def replace_the_server() -> bool:
        with box:
            threading.Timer(0.5, os.kill, (box._server._popen.pid, signal.SIGKILL)).start()
            lost = box.call(killer).fault is Fault.SANDBOX
            again = box.call("report('again')").observation == "again"
            running = bool(processes_in(folder))
        # Leaving the sandbox stopped the server this process started, and nothing else.
        return lost and again and running and not processes_in(folder) and folder.exists()

    try:
        assert in_a_fork(replace_the_server) == 0
        assert folder.exists()
    finally:
        box.__exit__(None, None, None)
    assert not folder.exists()


def test_concurrent_sandboxes_do_not_disturb_each_other(level: IsolationLevel,
                                                        tmp_path: Path) -> None:
    results: Dict[str, object] = {}
    with sandbox_for(tmp_path / "a", {}, level) as first, \
            sandbox_for(tmp_path / "b", {}, level) as second:
        sleeper = threading.Thread(target=lambda: results.update(slow=first.run(
            ["python", "-c", "import time; time.sleep(1); print('done')"])))
        sleeper.start()
        quick = [second.run(["python", "-c", "print(1)"]) for _ in range(10)]
        sleeper.join()
    assert all(result.stdout == b"1\n" for result in quick)
    assert results["slow"].stdout == b"done\n"


# ------------------------------------------------------- grader-side errors

def test_missing_submission_folder_raises(tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="submission folder not found"):
        Sandbox(tmp_path / "absent", level=IsolationLevel.RLIMITS)


def test_missing_support_file_raises(tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="support file not found"):
        Sandbox(tmp_path, {"a2_support.py": tmp_path / "absent.py"}, level=IsolationLevel.RLIMITS)


def test_forcing_bwrap_without_bwrap_raises(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SandboxError, match="bwrap"):
        Sandbox(tmp_path, level=IsolationLevel.BWRAP)


def test_file_names_must_stay_inside_the_sandbox(sandbox: Sandbox) -> None:
    for name in ("/etc/passwd", "../escape.txt", ""):
        with pytest.raises(ValueError):
            sandbox.run(["python", "-c", "pass"], files={name: b"x"})


def test_environment_names_and_values_are_checked(sandbox: Sandbox) -> None:
    for env in ({"A=B": "x"}, {"": "x"}, {"NAME": "nul\0byte"}):
        with pytest.raises(ValueError):
            sandbox.run(["python", "-c", "pass"], env=env)


def test_argv_the_system_cannot_exec_fails_the_run_only(sandbox: Sandbox) -> None:
    result = sandbox.run(["python", "-c", "print(1)\0"])
    assert result.returncode == 127 and result.fault is None
    assert sandbox.run(["python", "-c", "print(1)"]).stdout == b"1\n"


def test_entering_twice_raises(tmp_path: Path) -> None:
    with Sandbox(tmp_path, level=IsolationLevel.RLIMITS) as box:
        with pytest.raises(SandboxError, match="already running"):
            box.__enter__()


def test_running_outside_the_with_block_raises(tmp_path: Path) -> None:
    with pytest.raises(SandboxError, match="with block"):
        Sandbox(tmp_path, level=IsolationLevel.RLIMITS).run(["true"])


def test_exit_removes_the_temporary_tree(level: IsolationLevel, tmp_path: Path) -> None:
    with sandbox_for(tmp_path, SUBMISSION, level) as box:
        box.run(["python", "-c", "pass"])
        base = box._base
        assert base is not None and base.is_dir()
    assert not base.exists()


def test_detect_isolation_returns_the_strongest_working_level(tmp_path: Path) -> None:
    found = detect_isolation()
    if HAS_BWRAP:
        try:
            with Sandbox(tmp_path, level=IsolationLevel.BWRAP):
                pass
        except SandboxError:
            return
        assert found is IsolationLevel.BWRAP
    elif IS_ROOT:
        assert found is IsolationLevel.UNPRIVILEGED
    else:
        assert found is IsolationLevel.RLIMITS


def test_a_tree_deeper_than_any_path_is_cleaned_away(level: IsolationLevel,
                                                     tmp_path: Path) -> None:
    # Issue 17, class 4: a 1,100-deep folder left the sandbox behind. Here a run builds a
    # tree deeper than a path may be long and locks it; the next run starts clean.
    driver = textwrap.dedent("""
        import os
        for _ in range(3000):
            os.mkdir("d")
            os.chdir("d")
        open("bottom", "w").close()
        os.chmod(".", 0)
        report(1)
    """)
    with sandbox_for(tmp_path, {}, level) as box:
        assert box.call(driver).observation == 1
        assert box.call("import os\nreport(sorted(os.listdir('.')))").observation == []
        base = box._base
    assert base is not None and not base.exists()


@pytest.mark.skipif(not IS_ROOT, reason="only a root grader could hand root to a submission")
def test_rlimits_as_root_never_runs_student_code_as_root(tmp_path: Path) -> None:
    # Issue 17, class 6: a container without namespaces ran student code as uid 0, and a
    # double-forked process outlived the sweep.
    marker = new_marker()
    driver = textwrap.dedent("""
        import os, subprocess
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execvp("python3", ["python3", "-c", "import time; time.sleep(60)", MARKER])
            os._exit(0)
        report([os.getuid(), os.geteuid(), os.getgroups()])
    """).replace("MARKER", repr(marker))
    with sandbox_for(tmp_path, {}, IsolationLevel.RLIMITS) as box:
        result = box.call(driver)
        uid, euid, groups = result.observation
        assert uid != 0 and euid != 0 and groups == []
        assert processes_with(marker) == []


def test_reports_after_the_driver_returned_do_not_count(sandbox: Sandbox) -> None:
    # Issue 17, class 1: student code left running (a thread, an exit handler) reported
    # after the driver, and the last complete report counted.
    driver = textwrap.dedent("""
        import atexit, threading, time
        atexit.register(lambda: report("forged by an exit handler"))
        threading.Thread(target=lambda: (time.sleep(0.2), report("forged by a thread"))).start()
        report("the driver's own")
    """)
    assert sandbox.call(driver).observation == "the driver's own"


SYSV_IPC_DRIVER = textwrap.dedent("""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    got = {}
    for name, args in (("shmget", (0, ctypes.c_size_t(1 << 20), 0o1000 | 0o600)),
                       ("semget", (0, 64, 0o1000 | 0o600)),
                       ("msgget", (0, 0o1000 | 0o600))):
        ctypes.set_errno(0)
        result = getattr(libc, name)(*args)  # IPC_PRIVATE, IPC_CREAT
        got[name] = [result, ctypes.get_errno()]
    report(got)
""")


def test_a_run_cannot_make_system_v_ipc_objects(level: IsolationLevel, tmp_path: Path) -> None:
    # Issues 17 (class 6) and 34: a System V shared memory segment, semaphore set or
    # message queue holds kernel memory no rlimit of the run counts (one run held 5.8 GiB
    # with segments while it lived). Every level refuses to make them.
    with sandbox_for(tmp_path, {}, level) as box:
        got = box.call(SYSV_IPC_DRIVER).observation
    assert got == {name: [-1, errno.EPERM] for name in ("shmget", "semget", "msgget")}


def test_the_same_calls_work_outside_the_sandbox() -> None:
    # The honest twin of the test above: the driver itself works where nothing refuses the
    # calls, so a -1 inside the sandbox is the sandbox's refusal, not a broken driver.
    reports = []
    exec(SYSV_IPC_DRIVER, {"report": reports.append})
    got = reports[0]
    try:
        assert all(result >= 0 for result, _ in got.values())
    finally:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.shmctl(got["shmget"][0], 0, None)  # IPC_RMID
        libc.semctl(got["semget"][0], 0, 0)
        libc.msgctl(got["msgget"][0], 0, None)


# ------------------------------------------------------------ held calls (issue 19)

HELD_DRIVER = textwrap.dedent("""
    import os, sys
    total = payload
    while True:
        report({"total": total, "pid": os.getpid()})
        more_payload = more()
        if more_payload is None:
            break
        total += more_payload
        print("added", more_payload)
    print("finished at", total)
""")


def settled(condition: Callable[[], bool], within_s: float = 2.0) -> bool:
    """Return whether ``condition`` holds within ``within_s`` seconds (looked at often)."""
    deadline = time.monotonic() + within_s
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_a_held_call_waits_and_is_fed_in_the_same_child(sandbox: Sandbox) -> None:
    first = sandbox.call(HELD_DRIVER, 1, hold=True)
    assert first.observation["total"] == 1 and first.session is not None
    assert (first.returncode, first.fault) == (None, None) and sandbox.waiting(first.session)
    second = sandbox.feed(first.session, 2)
    third = sandbox.feed(second.session, 3)
    assert [second.observation["total"], third.observation["total"]] == [3, 6]
    # One child throughout, and each answer holds only what its own part printed.
    assert first.observation["pid"] == second.observation["pid"] == third.observation["pid"]
    assert (second.stdout, third.stdout) == (b"added 2\n", b"added 3\n")
    assert third.session == first.session
    sandbox.release()
    assert not sandbox.waiting(first.session)


def test_any_other_run_ends_a_waiting_child_first(sandbox: Sandbox) -> None:
    # No two runs may share a process: a call, a run or the end of a check ends it.
    marker = new_marker()
    start = (f"import subprocess\nsubprocess.Popen([sys.executable, '-c', "
             f"'import time; time.sleep(30)', {marker!r}])")
    held = sandbox.call(HELD_DRIVER.replace("import os, sys", "import os, sys\n" + start), 1,
                        hold=True)
    assert held.session is not None and settled(lambda: len(processes_with(marker)) == 1)
    assert sandbox.run(["python", "-c", "print('next')"]).stdout == b"next\n"
    # (The process it started sleeps 30 s: one that outlived the run would still be here.)
    assert not sandbox.waiting(held.session) and settled(lambda: processes_with(marker) == [])
    with pytest.raises(SandboxError, match="not waiting"):
        sandbox.feed(held.session, 2)


def test_without_hold_more_returns_none_and_a_forged_pause_changes_nothing(
        sandbox: Sandbox) -> None:
    # A pause frame written by student code beside an ordinary driver must not leave its
    # child waiting: only a held call's driver can pause.
    unheld = sandbox.call(HELD_DRIVER, 5)
    assert (unheld.session, unheld.returncode, unheld.stdout) == (None, 0, b"finished at 5\n")
    forged = textwrap.dedent("""
        import os, struct
        os.write(3, struct.pack(">cI", b"P", 0))
        report("done")
    """)
    result = sandbox.call(forged)
    assert (result.session, result.returncode, result.observation) == (None, 0, "done")


# Threads a driver starts before it pauses, each waiting on an event until released.
WAITING_THREADS = 5
# How long a joined thread may take to leave the kernel on a busy machine.
KERNEL_EXIT_WAIT_S = 10
COUNTED_DRIVER = textwrap.dedent(f"""
    import os, threading, time
    release = threading.Event()
    workers = [threading.Thread(target=release.wait) for _ in range({WAITING_THREADS})]
    for worker in workers:
        worker.start()
    more()
    release.set()
    for worker in workers:
        worker.join()
    # A joined thread may still be leaving the kernel on a busy machine (as the suite's
    # drivers do, wait for it to be gone before the count).
    deadline = time.monotonic() + {KERNEL_EXIT_WAIT_S}
    while len(os.listdir("/proc/self/task")) > 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    more()
    report("done")
""")


def test_a_paused_child_s_threads_are_counted_by_the_server(sandbox: Sandbox) -> None:
    # Ultima 0.1's thread checks rest on this count: the server reads it from /proc while
    # the child waits, outside the process, so no code in the child can rewrite it.
    busy = sandbox.call(COUNTED_DRIVER, hold=True)
    assert busy.threads == WAITING_THREADS + 1  # the main thread and the five
    calm = sandbox.feed(busy.session, 1)
    assert calm.threads == 1
    ended = sandbox.feed(calm.session, 1)
    assert (ended.session, ended.threads, ended.observation) == (None, None, "done")


def test_a_fed_part_that_hangs_times_out_and_ends_the_session(sandbox: Sandbox) -> None:
    driver = "import time\nreport('ready')\nmore()\ntime.sleep(30)\n"
    held = sandbox.call(driver, hold=True)
    fed = sandbox.feed(held.session, None, timeout=HANG_TIMEOUT_S)
    assert fed.fault is Fault.TIMEOUT and fed.session is None
    assert sandbox.call("report('after')").observation == "after"


def test_output_across_a_sessions_parts_counts_towards_one_cap(level: IsolationLevel,
                                                              tmp_path: Path) -> None:
    limits = Limits(wall_s=5, output_bytes=1000)
    driver = "import sys\nwhile more() is not None:\n    sys.stdout.write('x' * 400)\n" \
             "    sys.stdout.flush()\n    report('part')\n"
    with sandbox_for(tmp_path, {}, level, limits) as box:
        result = box.call(driver, hold=True)
        parts = []
        while result.session is not None:
            result = box.feed(result.session, 1)
            parts.append(result)
        assert len(parts) == 3 and parts[-1].fault is Fault.OUTPUT
        assert sum(len(part.stdout) for part in parts[:-1]) == 800


def test_a_driver_runs_alike_the_first_time_and_once_the_server_knows_it(
        level: IsolationLevel, tmp_path: Path) -> None:
    # Issue 19: the server compiles each driver once and its later children inherit the
    # code; the standard library must still win over a student's module of the same name,
    # and a failure must still point into the driver.
    shadowing = {"textwrap.py": "raise SystemExit('the student textwrap ran')\n"}
    driver = "import textwrap\nreport(textwrap.__name__ + str(hasattr(textwrap, 'dedent')))\n" \
             "raise ValueError('on purpose')\n"
    with sandbox_for(tmp_path, shadowing, level) as box:
        runs = [box.call(driver) for _ in range(3)]
    for result in runs:
        assert result.observation == "textwrapTrue"
        assert result.returncode == 1
        assert result.stderr.decode().splitlines()[-3:] == [
            '  File "<driver>", line 3, in <module>', "    raise ValueError('on purpose')",
            "ValueError: on purpose"]


def strongest_candidate() -> Optional[IsolationLevel]:
    """Return the strongest level that must prove itself by a trial here, or None."""
    return next((level for level in trial_module.TRIED_LEVELS
                 if trial_module.level_missing(level) is None), None)


def undetected(monkeypatch, level: IsolationLevel) -> Callable:
    """Make this process one that has detected no level yet, whose detection would find
    ``level``; return the new detection (its calls are counted in ``.calls``)."""
    calls = []

    def detect() -> IsolationLevel:
        calls.append(level)
        return level

    fresh = functools.lru_cache(maxsize=None)(detect)
    fresh.calls = calls
    monkeypatch.setattr(trial_module, "detect_isolation", fresh)
    return fresh


@pytest.mark.skipif(strongest_candidate() is None, reason="no level here needs a trial")
def test_the_first_sandbox_proves_the_strongest_level_on_itself(monkeypatch, tmp_path):
    detection = undetected(monkeypatch, IsolationLevel.RLIMITS)
    write_tree(tmp_path, SUBMISSION)
    sandbox = start_sandbox(tmp_path, {}, SHORT_LIMITS)
    try:
        assert sandbox.level is strongest_candidate()
        assert sandbox.call("import helper\nreport(helper.greet('x'))").observation == "hello x"
    finally:
        sandbox.__exit__(None, None, None)
    assert detection.calls == []  # no sandbox was started only to try the level


@pytest.mark.skipif(strongest_candidate() is None, reason="no level here needs a trial")
def test_a_level_that_fails_its_trial_here_is_not_trusted(monkeypatch, tmp_path):
    # Whatever made the trial fail (the submission, say), the levels are tried afresh on an
    # empty folder: the sandbox never ends up weaker than detection finds.
    detection = undetected(monkeypatch, IsolationLevel.RLIMITS)
    monkeypatch.setattr(trial_module, "_passes_trial", lambda sandbox: False)
    write_tree(tmp_path, SUBMISSION)
    sandbox = start_sandbox(tmp_path, {}, SHORT_LIMITS)
    try:
        assert sandbox.level is IsolationLevel.RLIMITS
    finally:
        sandbox.__exit__(None, None, None)
    assert detection.calls == [IsolationLevel.RLIMITS]


def test_a_forced_level_is_used_without_a_trial(monkeypatch, tmp_path):
    detection = undetected(monkeypatch, IsolationLevel.BWRAP)
    monkeypatch.setattr(trial_module, "_passes_trial", lambda sandbox: False)
    write_tree(tmp_path, SUBMISSION)
    sandbox = start_sandbox(tmp_path, {}, SHORT_LIMITS, IsolationLevel.RLIMITS)
    try:
        assert sandbox.level is IsolationLevel.RLIMITS
    finally:
        sandbox.__exit__(None, None, None)
    assert detection.calls == []


def test_precompiled_bytecode_lands_where_the_sandbox_looks(monkeypatch, tmp_path):
    # The sandbox's interpreter runs with a cleared environment, so it looks beside the
    # sources whatever cache folder the grader itself was started with.
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path / "elsewhere"))
    tree = write_tree(tmp_path / "tree", {"helper.py": "X = 1\n", "pkg/__init__.py": "",
                                          "pkg/mod.py": "Y = 2\n"})
    bytecode_module.precompile(tree)
    tag = sys.implementation.cache_tag
    assert (tree / "__pycache__" / f"helper.{tag}.pyc").is_file()
    assert (tree / "pkg" / "__pycache__" / f"mod.{tag}.pyc").is_file()
    assert not (tmp_path / "elsewhere").exists()


def test_a_layout_asked_ahead_is_collected_and_is_the_layout_asked_now():
    # The command line asks the interpreter before it imports pytest; the first sandbox
    # start then collects that answer instead of asking again.
    python = os.path.realpath(sys.executable)
    layout_module.python_layout.cache_clear()
    sandbox_module.ask_layout_ahead()
    assert python in layout_module._QUESTIONS_AHEAD
    ahead = layout_module.python_layout(python)
    assert python not in layout_module._QUESTIONS_AHEAD
    assert ahead == layout_module.LayoutQuestion(python).answer()
    # Known now (as in a grading that batch forks): asking ahead again starts nothing.
    sandbox_module.ask_layout_ahead()
    assert python not in layout_module._QUESTIONS_AHEAD


def test_a_layout_question_to_a_broken_interpreter_is_a_one_line_error(tmp_path):
    broken = tmp_path / "python3"
    broken.write_text("#!/bin/sh\necho not json\n")
    broken.chmod(0o755)
    layout_module.ask_python_layout(str(broken))
    with pytest.raises(OSError, match="cannot query the interpreter .*python3"):
        layout_module.python_layout(str(broken))


def test_a_sandbox_started_after_learn_before_forking_asks_nothing_again(tmp_path):
    # What a process learns before it forks workers or gradings, every fork inherits: its
    # sandboxes neither compile the server, nor ask a new interpreter for its layout, nor
    # read bubblewrap's --help (each of those is a cache miss).
    write_tree(tmp_path, SUBMISSION)
    caches = (bytecode_module.server_bundle, layout_module.python_layout,
              bwrap_module.bwrap_options)
    for cache in caches:
        cache.cache_clear()
    sandbox_module.learn_before_forking()
    learned = [cache.cache_info().misses for cache in caches]
    assert learned[:2] == [1, 1]
    assert learned[2] == (1 if bwrap_module.find_bwrap() else 0)
    level = sandbox_module.detect_isolation()
    with Sandbox(tmp_path, level=level, limits=SHORT_LIMITS) as sandbox:
        assert sandbox.call("report(1)").observation == 1
    asked = [cache.cache_info().misses for cache in caches]
    if level is IsolationLevel.RLIMITS and os.geteuid() == 0:
        # There the children run a system Python other users can reach, asked in its turn,
        # and given the server's sources (another bundle).
        asked[1] = learned[1]
    assert asked == learned


def test_the_server_starts_from_its_bundle_made_once(level: IsolationLevel, tmp_path):
    # A child is a fork of the server, so its command line is the server's: the bundle. Its
    # bytecode is the grader's interpreter's: a sandbox given another (a system Python other
    # users can run, as root at the rlimits level) gets a bundle of the sources.
    write_tree(tmp_path, SUBMISSION)
    bytecode_module.server_bundle()
    bytecode_module.source_bundle()
    bundles = (bytecode_module.server_bundle, bytecode_module.source_bundle)
    made_before = [bundle.cache_info().misses for bundle in bundles]
    for _ in range(2):
        with Sandbox(tmp_path, level=level, limits=SHORT_LIMITS) as sandbox:
            script, executable = sandbox.call(
                "import os, sys\n"
                "report([open('/proc/self/cmdline', 'rb').read().split(b'\\0')[-2].decode(),"
                " os.path.realpath(sys.executable)])").observation
        assert script.endswith("/" + bytecode_module.SERVER_BUNDLE_NAME), (script, executable)
    assert [bundle.cache_info().misses for bundle in bundles] == made_before


def test_a_file_named_like_the_servers_bundle_in_the_submission_changes_nothing(
        level: IsolationLevel, tmp_path: Path) -> None:
    # The server runs from its zip, which alone is first on its sys.path: a submission's
    # sandbox_server package or __main__.py is never what starts or serves.
    marker = new_marker()
    hostile = {name: "open({!r}, 'w').write('shadowed')\n".format(str(tmp_path / marker))
               for name in ("sandbox_server/__init__.py", "sandbox_server/loop.py",
                            "__main__.py", "json.py")}
    with sandbox_for(tmp_path, {**SUBMISSION, **hostile}, level) as box:
        result = box.run(["python", "run.py"], stdin=b"ada\n")
    assert (result.stdout, result.fault) == (b"hello ada\n", None), result
    assert not (tmp_path / marker).exists()


def test_a_protocol_record_round_trips_through_its_frame() -> None:
    config = protocol.Config(
        level=IsolationLevel.BWRAP, box="/sandbox", python="/usr/bin/python3",
        limits=protocol.ServerLimits(cpu_s=1, memory_bytes=2, file_size_bytes=3, open_files=4,
                                     output_bytes=5, nproc=6),
        wipe=[("/tmp", ["keep"])], preload=["a2_support"])
    frame = json.loads(json.dumps(config.to_frame()))
    assert frame["level"] == "bwrap" and frame["limits"]["nproc"] == 6
    assert protocol.Config.from_frame(frame) == config
    response = protocol.Response(fault=Fault.TIMEOUT, stop_reason=protocol.StopReason.BACKSTOP)
    assert protocol.Response.from_frame(response.to_frame()) == response


def test_the_modules_a_driver_imports_are_read_from_its_bytecode() -> None:
    driver = textwrap.dedent("""\
        \"\"\"A driver: import json in a docstring is no import.\"\"\"
        import os.path, csv as spreadsheet
        from collections import OrderedDict
        from . import sibling
        from ._shapes import Frame
        try:
            import tomllib
        except ImportError:
            pass
        class Holder:
            import string
        def main(payload, report):
            from a2 import Game
            def inner():
                import decimal
            for _ in range(1):
                with open(__file__):
                    import fractions
        """)
    assert sorted(imported_names(driver)) == sorted([
        "os.path", "csv", "collections", "tomllib", "string", "a2", "decimal", "fractions"])
    assert imported_names("def broken(:\n") == []


@pytest.mark.parametrize("frame, message", [
    ([], "Request frame is not a JSON object"),
    ({"argv": []}, "Request.op is missing"),
    ({"op": "dance"}, "Request.op is not a Op: 'dance'"),
    ({"op": "run", "argv": "python"}, "Request.argv is not a list"),
    ({"op": "run", "argv": [1]}, "Request.argv[] is not a str: int"),
    ({"op": "run", "hold": 1}, "Request.hold is not a bool: int"),
    ({"op": "run", "timeout": "1"}, "Request.timeout is not a float: str"),
    ({"op": "run", "files": {"a.py": 3}}, "Request.files[] is not a str: int"),
    ({"op": "run", "surprise": True}, "Request frame has unknown fields ['surprise']"),
], ids=["not-an-object", "no-op", "unknown-op", "argv-not-a-list", "argv-of-ints",
        "hold-not-a-bool", "timeout-not-a-number", "file-not-text", "unknown-field"])
def test_a_malformed_request_is_a_protocol_error_at_the_boundary(frame, message) -> None:
    with pytest.raises(protocol.ProtocolError) as raised:
        protocol.Request.from_frame(frame)
    assert str(raised.value) == message


def test_a_malformed_answer_is_a_protocol_error_at_any_depth() -> None:
    good = protocol.Config(level=IsolationLevel.RLIMITS, box="/b", python="/p", limits=(
        protocol.ServerLimits(cpu_s=1, memory_bytes=2, file_size_bytes=3, open_files=4,
                              output_bytes=5))).to_frame()
    for broken in ({**good, "limits": {**good["limits"], "cpu_s": "1"}},
                   {**good, "wipe": [["/tmp"]]}, {**good, "level": "chroot"}):
        with pytest.raises(protocol.ProtocolError):
            protocol.Config.from_frame(broken)
    with pytest.raises(protocol.ProtocolError):
        protocol.Response.from_frame({"fault": "tired"})
    with pytest.raises(TypeError):  # a renamed field fails where the record is made
        protocol.Request(operation=protocol.Op.RUN)


def test_the_server_answers_a_malformed_request_with_an_error_and_runs_nothing(
        tmp_path: Path) -> None:
    with sandbox_for(tmp_path, SUBMISSION, IsolationLevel.RLIMITS) as box:
        server = box._server
        server.send({"op": "run", "argv": "python run.py", "id": "abc"}, time.monotonic() + 10)
        answer = server.answer(time.monotonic() + 10)
    assert answer["id"] == "abc" and "malformed request" in answer["error"], answer
    assert answer["returncode"] is None and answer["stdout"] == ""
