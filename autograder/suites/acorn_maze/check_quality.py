"""Code quality: advisory findings for the person who marks the code (no points by themselves).

``test_own_tests`` runs the submission's own tests in the sandbox: every ``test_*.py`` at its
top level (unittest test cases, and pytest-style ``test_*`` functions and ``Test*`` classes
that need no fixtures, since the sandbox has no pytest), then every end-to-end case
``tests_e2e/<name>/<name>.{config,in,out}`` through run.py, all in one child whose lines in
the seven modules are recorded by a ``sys.settrace`` hook (coverage.py is not available inside
the sandbox); then
the submission's ``test_e2e.sh`` on its own. The findings say how many tests pass and the line
coverage they reach on the seven modules. ``test_static_findings`` reads the source only:
missing docstrings, imports beyond sys and os, ``global``, print or input outside the two
entry points, recursion in the solver.
"""

import ast
from typing import Dict, List

from autograder import StudentCrashed, StudentTimedOut, WrongOutput, check, static
from autograder.records import Finding

MODULES = ["cells.py", "game.py", "game_parser.py", "grid.py", "player.py", "run.py",
           "solver.py"]
ENTRY_POINTS = {"run.py", "solver.py"}
# The spec's import rule: sys and os, and the submission's own modules.
ALLOWED_IMPORTS = {"sys", "os"} | {name[:-3] for name in MODULES}
E2E_SCRIPT = "test_e2e.sh"
OWN_TESTS_TIMEOUT_S = 30
E2E_SCRIPT_TIMEOUT_S = 30
STATIC_TIMEOUT_S = 10
# How many failing test names a finding lists before "and N more".
NAMES_LISTED = 5
PERCENT = 100

# Runs in the child. Output of the tests and of run.py is captured, never shown. Lines
# executed in the seven modules are recorded by a trace hook for the whole run (frames of
# other files are not traced at all, which keeps the tests' own pace); executable lines are
# the line starts of every code object compiled from each module.
OWN_TESTS_DRIVER = """
import contextlib, dis, glob, importlib, inspect, io, os, runpy, sys, threading, types, unittest

unit = {"passed": 0, "failed": [], "not_run": []}
e2e = {"passed": 0, "failed": [], "not_run": []}


def record(name, test):
    try:
        test()
    except BaseException as err:
        unit["failed"].append("%s (%s)" % (name, type(err).__name__))
    else:
        unit["passed"] += 1


def run_plain_tests(module):
    for name, value in sorted(vars(module).items()):
        if not name.startswith("test") or getattr(value, "__module__", None) != module.__name__:
            continue
        label = module.__name__ + "." + name
        if inspect.isfunction(value):
            if inspect.signature(value).parameters:
                unit["not_run"].append(label + " (needs pytest fixtures)")
            else:
                record(label, value)
    for name, value in sorted(vars(module).items()):
        if (inspect.isclass(value) and name.startswith("Test")
                and not issubclass(value, unittest.TestCase)
                and value.__module__ == module.__name__):
            for method in sorted(m for m in vars(value) if m.startswith("test")):
                record(module.__name__ + "." + name + "." + method,
                       lambda cls=value, attr=method: getattr(cls(), attr)())


def run_unit_tests():
    loader = unittest.TestLoader()
    for path in sorted(glob.glob("test_*.py")):
        try:
            module = importlib.import_module(path[:-3])
        except BaseException as err:
            reason = ("needs pytest, which the sandbox does not have"
                      if getattr(err, "name", None) == "pytest"
                      else "cannot be imported: " + type(err).__name__)
            unit["not_run"].append("%s (%s)" % (path, reason))
            continue
        result = unittest.TestResult()
        loader.loadTestsFromModule(module).run(result)
        for test, _ in result.failures + result.errors:
            unit["failed"].append(test.id())
        unit["passed"] += result.testsRun - len(result.failures) - len(result.errors) \\
            - len(result.skipped)
        run_plain_tests(module)


def run_e2e_tests():
    for folder in sorted(glob.glob(os.path.join("tests_e2e", "*", ""))):
        name = os.path.basename(os.path.dirname(folder))
        paths = [os.path.join(folder, name + ending) for ending in (".config", ".in", ".out")]
        if not (os.path.isfile(paths[1]) and os.path.isfile(paths[2])):
            e2e["not_run"].append(name)
            continue
        with open(paths[1], encoding="utf-8") as typed, open(paths[2], encoding="utf-8") as out:
            stdin, expected = io.StringIO(typed.read()), out.read()
        shown = io.StringIO()
        saved = sys.argv, sys.stdin
        sys.argv, sys.stdin = ["run.py", paths[0]], stdin
        try:
            with contextlib.redirect_stdout(shown):
                runpy.run_path("run.py", run_name="__main__")
        except BaseException:
            pass
        finally:
            sys.argv, sys.stdin = saved
        if shown.getvalue() == expected:
            e2e["passed"] += 1
        else:
            e2e["failed"].append(name)


def run_all():
    home = os.getcwd()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        run_unit_tests()
        os.chdir(home)
        run_e2e_tests()
    os.chdir(home)


def line_starts(code):
    lines = {line for _, line in dis.findlinestarts(code) if line}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            lines |= line_starts(const)
    return lines


wanted = {os.path.abspath(name) for name in payload}
executed = {}
# Each code object's file name, as its absolute path if it is one of the seven, else None.
places = {}


def trace_lines(frame, event, arg):
    if event == "line":
        executed[places[frame.f_code.co_filename]].add(frame.f_lineno)
    return trace_lines


def trace_calls(frame, event, arg):
    filename = frame.f_code.co_filename
    if filename not in places:
        place = os.path.abspath(filename)
        places[filename] = place if place in wanted else None
        if place in wanted:
            executed.setdefault(place, set())
    return trace_lines if places[filename] else None


threading.settrace(trace_calls)
sys.settrace(trace_calls)
try:
    run_all()
finally:
    sys.settrace(None)
    threading.settrace(None)
coverage = {}
for name in payload:
    try:
        # Bytes, so that compile() decodes them as the import did (BOM, coding declaration).
        with open(name, "rb") as source:
            lines = line_starts(compile(source.read(), os.path.abspath(name), "exec"))
    except (OSError, SyntaxError, ValueError):
        continue
    coverage[name] = [len(lines & executed.get(os.path.abspath(name), set())), len(lines)]
report({"unit": unit, "e2e": e2e, "coverage": coverage})
"""


def listed(names: List[str]) -> str:
    """Return up to NAMES_LISTED of ``names`` joined by commas, with a count of the rest."""
    shown = ", ".join(names[:NAMES_LISTED])
    rest = len(names) - NAMES_LISTED
    return shown + (f" and {rest} more" if rest > 0 else "")


def findings_for_tests(kind: str, counts: Dict) -> List[str]:
    """Return the findings for one kind of test from the driver's counts."""
    passed, failed, not_run = counts["passed"], counts["failed"], counts["not_run"]
    total = passed + len(failed)
    findings = [f"{kind}: {passed} of {total} pass" if total else f"{kind}: none found"]
    if failed:
        findings.append(f"{kind} failing: {listed(failed)}")
    if not_run:
        findings.append(f"{kind} not run: {listed(not_run)}")
    return findings


def coverage_findings(coverage: Dict[str, List[int]]) -> List[str]:
    """Return the total line coverage and the coverage of each module."""
    hit = sum(counts[0] for counts in coverage.values())
    lines = sum(counts[1] for counts in coverage.values())
    if not lines:
        return ["line coverage: no module could be measured"]
    each = ", ".join(f"{name} {PERCENT * counts[0] // max(counts[1], 1)}%"
                     for name, counts in sorted(coverage.items()))
    return [f"line coverage of the seven modules by these tests (line trace): "
            f"{PERCENT * hit // lines}% ({hit} of {lines} lines); {each}"]


@check(item="code_quality", points=0, timeout=OWN_TESTS_TIMEOUT_S)
def test_own_tests(sandbox, submission, findings):
    """the submission's own tests: how many pass, and the line coverage they reach"""
    try:
        observed = sandbox.probe(OWN_TESTS_DRIVER, args=MODULES)
    except (StudentTimedOut, StudentCrashed) as failure:
        findings.add(f"the submission's own tests could not be run to the end: {failure.message}")
        raise
    if not (isinstance(observed, dict) and set(observed) == {"unit", "e2e", "coverage"}):
        raise StudentCrashed("the submission's tests interfered with the test run",
                             repr(observed)[:500])
    for remark in (findings_for_tests("own unit tests (test_*.py)", observed["unit"])
                   + findings_for_tests("own end-to-end tests (tests_e2e/)", observed["e2e"])
                   + coverage_findings(observed["coverage"])):
        findings.add(remark)
    if submission.exists(E2E_SCRIPT):
        result = sandbox.run(["bash", E2E_SCRIPT], timeout=E2E_SCRIPT_TIMEOUT_S)
        lines = result.stdout.decode("utf-8", "replace").strip().splitlines()
        status = result.fault_message or f"exit status {result.returncode}"
        findings.add(f"{E2E_SCRIPT}: {status}; its last line: {lines[-1] if lines else '(none)'}")
    else:
        findings.add(f"no {E2E_SCRIPT}")
    if observed["unit"]["failed"] or observed["e2e"]["failed"]:
        raise WrongOutput("some of the submission's own tests fail")
    if not observed["unit"]["passed"]:
        raise WrongOutput("the submission has no unit tests that run")


@check(item="code_quality", points=0, timeout=STATIC_TIMEOUT_S)
def test_static_findings(submission, findings):
    """docstrings, imports the spec forbids, globals, printing modules, a recursive solver"""
    for name in MODULES:
        if not submission.exists(name):
            findings.add(f"{name} is missing")
            continue
        tree = submission.parse(name)
        remarks = static.undocumented(tree, submission.read_source(name), name)
        remarks += static.global_statements(tree, name)
        remarks += forbidden_imports(tree, name)
        if name == "solver.py":
            remarks += [Finding(name, None, f"{function} is recursive (the spec advises an "
                                            f"iterative search)")
                        for function in sorted(static.recursive_functions(tree))]
        if name not in ENTRY_POINTS:
            remarks += printing_calls(tree, name)
        for remark in remarks:
            findings.add(remark)
    if findings.items:
        raise WrongOutput(f"{len(findings.items)} advisory findings")


def forbidden_imports(tree: ast.Module, filename: str) -> List[Finding]:
    """Return a remark for every import of a module the spec does not allow."""
    remarks = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        for module in names:
            if module.split(".")[0] not in ALLOWED_IMPORTS:
                remarks.append(Finding(filename, node.lineno,
                                       f"imports {module}; the spec allows only sys and os"))
    return remarks


def printing_calls(tree: ast.Module, filename: str) -> List[Finding]:
    """Return a remark for every call of print or input outside run.py and solver.py."""
    return [Finding(filename, node.lineno, f"calls {node.func.id}; only run.py and solver.py "
                                           f"print or read input") for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("print", "input")]
