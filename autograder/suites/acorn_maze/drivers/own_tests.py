"""Run the submission's own tests in the sandbox child and measure their line coverage.

Every ``test_*.py`` at the submission's top level runs (unittest test cases, and
pytest-style ``test_*`` functions and ``Test*`` classes that need no fixtures, since the
sandbox has no pytest), then every end-to-end case ``tests_e2e/<name>/<name>.{config,in,out}``
through run.py. Output of the tests and of run.py is captured, never shown. Lines executed
in the graded modules are recorded by a trace hook for the whole run (frames of other files
are not traced at all, which keeps the tests' own pace); executable lines are the line
starts of every code object compiled from each module. Read by ``check_quality.py``.

payload: the names of the graded modules.
"""

import contextlib
import dis
import glob
import importlib
import inspect
import io
import os
import runpy
import sys
import threading
import types
import unittest
from typing import Any, Callable, Dict, List, Set, Tuple, TypedDict


class Counts(TypedDict):
    """How many tests passed, and the names of those that failed or could not run."""

    passed: int
    failed: List[str]
    not_run: List[str]


class OwnTests(TypedDict):
    """The unit tests' counts, the end-to-end tests' counts, and per module the lines
    the tests executed and its executable lines."""

    unit: Counts
    e2e: Counts
    coverage: Dict[str, Tuple[int, int]]


SHAPE = OwnTests


def record(unit: Dict[str, Any], name: str, test: Callable[[], Any]) -> None:
    """Run one plain test function and count it in ``unit``."""
    try:
        test()
    except BaseException as err:  # a failing test is counted, whatever it raises
        unit["failed"].append("%s (%s)" % (name, type(err).__name__))
    else:
        unit["passed"] += 1


def run_plain_tests(unit: Dict[str, Any], module: types.ModuleType) -> None:
    """Run the pytest-style tests of ``module`` that need no fixtures."""
    for name, value in sorted(vars(module).items()):
        if not name.startswith("test") or getattr(value, "__module__", None) != module.__name__:
            continue
        label = module.__name__ + "." + name
        if inspect.isfunction(value):
            if inspect.signature(value).parameters:
                unit["not_run"].append(label + " (needs pytest fixtures)")
            else:
                record(unit, label, value)
    for name, value in sorted(vars(module).items()):
        if (inspect.isclass(value) and name.startswith("Test")
                and not issubclass(value, unittest.TestCase)
                and value.__module__ == module.__name__):
            for method in sorted(m for m in vars(value) if m.startswith("test")):
                record(unit, module.__name__ + "." + name + "." + method,
                       lambda cls=value, attr=method: getattr(cls(), attr)())


def run_unit_tests(unit: Dict[str, Any]) -> None:
    """Run every test_*.py at the top level, counting into ``unit``."""
    loader = unittest.TestLoader()
    for path in sorted(glob.glob("test_*.py")):
        try:
            module = importlib.import_module(path[:-3])
        except BaseException as err:  # a test file that cannot be imported is not run
            reason = ("needs pytest, which the sandbox does not have"
                      if getattr(err, "name", None) == "pytest"
                      else "cannot be imported: " + type(err).__name__)
            unit["not_run"].append("%s (%s)" % (path, reason))
            continue
        result = unittest.TestResult()
        loader.loadTestsFromModule(module).run(result)
        for test, _ in result.failures + result.errors:
            unit["failed"].append(test.id())
        unit["passed"] += result.testsRun - len(result.failures) - len(result.errors) \
            - len(result.skipped)
        run_plain_tests(unit, module)


def run_e2e_tests(e2e: Dict[str, Any]) -> None:
    """Run every end-to-end case through run.py, counting into ``e2e``."""
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
        except BaseException:  # the game's exit or crash: its output is judged
            pass
        finally:
            sys.argv, sys.stdin = saved
        if shown.getvalue() == expected:
            e2e["passed"] += 1
        else:
            e2e["failed"].append(name)


def run_all(unit: Dict[str, Any], e2e: Dict[str, Any]) -> None:
    """Run the unit tests, then the end-to-end tests, their output captured."""
    home = os.getcwd()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        run_unit_tests(unit)
        os.chdir(home)
        run_e2e_tests(e2e)
    os.chdir(home)


def line_starts(code: types.CodeType) -> Set[int]:
    """Return the line numbers where ``code`` and the code objects inside it start lines."""
    lines = {line for _, line in dis.findlinestarts(code) if line}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            lines |= line_starts(const)
    return lines


def line_tracer(wanted: Set[str], executed: Dict[str, Set[int]]) -> Callable[..., Any]:
    """Return a trace function that records, in ``executed``, the lines run in the files
    ``wanted`` (absolute paths); frames of other files are not traced."""
    # Each code object's file name, as its absolute path if it is a wanted one, else None.
    places: Dict[str, Any] = {}

    def trace_lines(frame: types.FrameType, event: str, arg: Any) -> Any:
        """Record a line of a wanted file."""
        if event == "line":
            executed[places[frame.f_code.co_filename]].add(frame.f_lineno)
        return trace_lines

    def trace_calls(frame: types.FrameType, event: str, arg: Any) -> Any:
        """Trace the lines of a call into a wanted file only."""
        filename = frame.f_code.co_filename
        if filename not in places:
            place = os.path.abspath(filename)
            places[filename] = place if place in wanted else None
            if place in wanted:
                executed.setdefault(place, set())
        return trace_lines if places[filename] else None

    return trace_calls


def main(payload: List[str], report: Callable[[Any], None]) -> None:
    """Run the tests under the line trace and report the counts and the coverage."""
    unit = {"passed": 0, "failed": [], "not_run": []}
    e2e = {"passed": 0, "failed": [], "not_run": []}
    executed: Dict[str, Set[int]] = {}
    trace = line_tracer({os.path.abspath(name) for name in payload}, executed)
    threading.settrace(trace)
    sys.settrace(trace)
    try:
        run_all(unit, e2e)
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
