"""Drivers as modules (issue 36): every driver loads with its SHAPE, its source runs at module
level in a fresh namespace, and a report is checked at every depth (issue 34)."""

import ast
from typing import Any, Dict, List, Optional, Tuple, TypedDict, Union

import pytest

from autograder import PROJECT_ROOT, StudentCrashed
from autograder.drivers import Driver, Record, ShapeError, _with_shared_modules, check_shape

ENGINE = PROJECT_ROOT / "autograder" / "drivers"
SUITES = PROJECT_ROOT / "autograder" / "suites"
# Modules under autograder/drivers/ that are no driver of their own.
NOT_DRIVERS = {"__init__", "probe"}


def driver_names() -> List[str]:
    """Return the name of every driver module in the project, as Driver takes it."""
    names = [path.stem for path in sorted(ENGINE.glob("*.py")) if path.stem not in NOT_DRIVERS]
    names += [f"{path.parent.parent.name}.{path.stem}"
              for path in sorted(SUITES.glob("*/drivers/*.py")) if not path.stem.startswith("_")]
    return names


class Inner(TypedDict):
    """A record inside a record."""

    count: int
    ratio: float


class Outer(TypedDict):
    """A record with a nested record, a list of them and free fields."""

    name: str
    inner: Inner
    many: List[Inner]
    pair: Tuple[str, float]
    maybe: Optional[Dict[str, bool]]
    free: Any


class Partial(TypedDict, total=False):
    """A record whose fields may be absent."""

    seen: List[int]


GOOD = {"name": "a", "inner": {"count": 1, "ratio": 2}, "many": [{"count": 2, "ratio": 0.5}],
        "pair": ["x", 3], "maybe": None, "free": [{"anything": object.__name__}]}


@pytest.mark.parametrize("name", driver_names())
def test_every_driver_declares_its_shape_and_compiles_as_the_child_runs_it(name):
    driver = Driver(name)
    # A program run with ``python -c`` (SHAPE None) takes argv; every other driver the
    # sandbox's names.
    assert driver.call == "main()" if driver.shape is None else driver.call.startswith(
        "main(payload, report")
    compile(driver.source, f"<{name}>", "exec")
    compile(driver.probe_source, f"<{name} probe>", "exec")
    assert driver.text.startswith('"""')  # the header docstring
    # Shared modules stand where they were imported: the child has no package to import from.
    assert not [node for node in ast.walk(ast.parse(driver.text))
                if isinstance(node, ast.ImportFrom) and node.level]


def test_a_shared_module_is_shipped_in_place_of_its_import():
    driver = Driver("ultima0_1.stress")
    shared = (SUITES / "ultima0_1" / "drivers" / "_shapes.py").read_text(encoding="utf-8")
    module_text = (SUITES / "ultima0_1" / "drivers" / "stress.py").read_text(encoding="utf-8")
    import_line = "from ._shapes import Frame, Summary\n"
    assert driver.text == module_text.replace(import_line, shared)
    namespace: Dict[str, Any] = {}
    exec(compile(driver.text, "<stress>", "exec"), namespace)
    # The shared classes are the ones the driver's own shape refers to.
    assert namespace["Stress"].__annotations__["watch"] is namespace["Summary"]


@pytest.mark.parametrize("line", ["from . import _shapes", "from .world import main",
                                  "from .._shapes import Plain", "from ._bad import x"])
def test_a_driver_imports_only_shared_modules_that_import_nothing_relative(tmp_path, line):
    (tmp_path / "_bad.py").write_text('"""Shared."""\nfrom ._other import y\n',
                                      encoding="utf-8")
    with pytest.raises(ImportError, match="shared"):
        _with_shared_modules(tmp_path / "driver.py", f'"""A driver."""\n{line}\n')


def test_a_report_of_the_declared_shape_reads_by_field_name():
    got = check_shape(GOOD, Outer)
    assert isinstance(got, Record) and got == GOOD
    assert got.inner.count == 1 and got.many[0].ratio == 0.5 and got.pair == ["x", 3]
    assert check_shape({}, Partial) == {} and check_shape({"seen": [1]}, Partial).seen == [1]


@pytest.mark.parametrize("path, value", [
    ("report.inner.count", dict(GOOD, inner={"count": "1", "ratio": 1.0})),
    ("report.many[0]", dict(GOOD, many=[[1, 2]])),
    ("report.pair", dict(GOOD, pair=["x"])),
    ("report.maybe['k']", dict(GOOD, maybe={"k": 1.5})),
    ("report has no field 'free'", {key: GOOD[key] for key in GOOD if key != "free"}),
    ("'extra' the driver never sends", dict(GOOD, extra=1)),
])
def test_a_wrong_value_at_any_depth_is_named_where_it_is(path, value):
    with pytest.raises(ShapeError, match=path.replace("[", r"\[").replace("]", r"\]")):
        check_shape(value, Outer, "report")


def test_a_malformed_report_is_the_submissions_crash():
    with pytest.raises(StudentCrashed, match="came back malformed: report.returncode"):
        Driver("terminal").read({"chunks": ["a"], "returncode": "0"})
    with pytest.raises(StudentCrashed, match=r"report.chunks\[0\] is \[\[\[.*expected str"):
        Driver("terminal").read({"chunks": [[[[]]]], "returncode": None})


def test_a_union_takes_the_first_alternative_that_fits():
    shape = Union[Inner, str]
    assert check_shape("x", shape) == "x"
    with pytest.raises(ShapeError, match="expected an object and .* expected str"):
        check_shape(3, shape)


def test_the_source_runs_at_module_level_with_the_sandboxs_names():
    reports = []
    namespace: Dict[str, Any] = {"payload": {"setup": "", "sources": ["1 + 1\n"]},
                                 "report": reports.append, "more": lambda: None,
                                 "__name__": "__main__"}
    exec(compile(Driver("doctest").source, "<driver>", "exec"), namespace)
    assert reports[-1] == {"setup_error": None, "results": [{"out": "2\n", "exc": None}]}


def test_a_probe_reports_its_value_or_what_was_raised_in_an_envelope():
    for body, expected in (("report(payload * 2)", {"value": 42}),
                           ("raise KeyError('k')", "KeyError: 'k'")):
        reports = []
        namespace = {"payload": {"args": 21}, "report": reports.append, "more": lambda: None,
                     "__name__": "__main__"}
        exec(compile(Driver.inline(body).probe_source, "<driver>", "exec"), namespace)
        assert reports[-1] == expected or reports[-1]["exception"] == expected
