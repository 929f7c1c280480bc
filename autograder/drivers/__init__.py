"""Drivers: the trusted code a check runs in the sandbox child, kept as real modules.

A driver imports the submission in the child, exercises it and reports what it saw. Each
one is an ordinary module, so ruff, vermin and coverage read it like any other file:

- the engine's own drivers live in ``autograder/drivers/<name>.py`` (the terminal, the
  doctest transcript, the probe guard), a suite's in ``autograder/suites/<suite>/drivers/``;
- a driver module has a header docstring, imports at its top the standard library only
  (the sandbox loads those before the submission is on the path), imports the submission
  and the suite's support modules inside ``main``, defines ``main(payload, report)`` (with
  ``more`` as a third parameter when it waits for more payloads, or, in a probe, ``pause``
  for the grader's count of its threads), and declares ``SHAPE``,
  what it reports;
- a module whose name starts with an underscore (``_shapes.py``) is no driver: it holds what
  its sibling drivers share (shape declarations, standard library only), and a driver takes
  it with a relative import at its top (``from ._shapes import Frame``). The child receives
  one text, so the host puts the shared module's text where that import stands.

``SHAPE`` is written with :mod:`typing`: a ``TypedDict`` class for a record of named fields
(``total=False`` where a field may be absent), ``List[...]``, ``Dict[str, ...]``,
``Tuple[...]`` (a JSON list of fixed length), ``Optional``/``Union``, ``Any`` where the
value is free, and the JSON scalars ``str``, ``int``, ``float``, ``bool`` (checked as
``isinstance`` checks them: a bool passes as an int, an int as a float).

:class:`Driver` is the host's handle on one: ``.source`` is what the sandbox runs (the
module's text, then the call of ``main`` in the fresh namespace where the sandbox gives
``payload``, ``report`` and ``more``), and ``.read(observation)`` checks what came back
against ``SHAPE`` at every depth and returns it with named fields (:class:`Record`). What
the child reports can be written by student code sharing its process, so a report of the
wrong shape is the submission's failure (:class:`~autograder.outcome.StudentCrashed`),
never an exception in the check that reads it.
"""

import ast
import functools
import importlib
import inspect
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Tuple, Union, get_type_hints

from autograder.outcome import StudentCrashed

__all__ = ["Driver", "Record", "ShapeError", "check_shape"]

# The package a suite's drivers are found under: autograder.suites.<suite>.drivers.<name>.
SUITES_PACKAGE = "autograder.suites"
# The module that guards a probe's driver (see Driver.probe_source).
PROBE_GUARD = "probe"
# How a top-level relative import starts (see _with_shared_modules).
RELATIVE_IMPORT = "from ."
# How deep a report may nest before it is refused: every SHAPE is far shallower, so only a
# SHAPE that names itself (a tree of records) could let a report reach it.
MAX_DEPTH = 64
# How much of a wrong value a malformed-report message quotes, in characters.
QUOTE_CHARS = 60
# The shapes that name a JSON scalar, by the type Python gives it after a JSON round trip.
SCALARS = (str, int, float, bool)


class Record(dict):
    """A reported JSON object whose fields are read by name (``got.chunks``).

    It is still the dictionary the child sent, so code that compares it with a dict or
    passes it on as data keeps working. A field named like a dict method (``items``,
    ``keys``, ``get``) is read with ``record["items"]``.
    """

    def __getattr__(self, name: str) -> Any:
        """Return the field ``name``.

        Raises:
            AttributeError: the record has no such field.
        """
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class ShapeError(ValueError):
    """A value does not have the shape declared for it; the message says where and how."""


def _quote(value: Any) -> str:
    """Return a short description of ``value`` for a malformed-report message."""
    text = repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS] + "..."


# What a shape asks of a value, as _kind names it.
ANY, NULL, SCALAR, RECORD, UNION, LIST, DICT, TUPLE = (
    "any", "null", "scalar", "record", "union", "list", "dict", "tuple")


@functools.lru_cache(maxsize=None)
def _kind(shape: Any) -> Tuple[str, Any]:
    """Return what ``shape`` asks of a value and what that needs, worked out once per shape.

    A report may hold tens of thousands of values of one shape (every picture of every
    frame drawn), so the typing machinery is asked once, not once per value.

    Returns:
        (ANY, None), (NULL, None), (SCALAR, the types that pass), (RECORD, (field shapes,
        required names, field kinds)), (UNION, alternatives), (LIST, item shape),
        (DICT, value shape) or (TUPLE, (item shapes, their kinds, whether all are scalars)).

    Raises:
        TypeError: ``shape`` is none of these (a bug in the driver's SHAPE).
    """
    if shape is Any:
        return ANY, None
    if shape is None or shape is type(None):
        return NULL, None
    if isinstance(shape, type) and shape in SCALARS:
        # JSON has one kind of number: an int where a float is declared is a float.
        return SCALAR, (int, float) if shape is float else shape
    if isinstance(shape, type) and issubclass(shape, dict) and hasattr(shape, "__total__"):
        hints = get_type_hints(shape)
        required = getattr(shape, "__required_keys__", None)
        if required is None:  # pragma: no cover - Python 3.8's TypedDict has no key set
            required = frozenset(hints) if shape.__total__ else frozenset()
        return RECORD, (hints, frozenset(required),
                        {name: _kind(hint) for name, hint in hints.items()})
    origin, args = getattr(shape, "__origin__", None), getattr(shape, "__args__", ())
    if origin is Union:
        return UNION, args
    if origin is list:
        return LIST, args[0]
    if origin is dict:
        return DICT, args[1]
    if origin is tuple:
        kinds = tuple(_kind(arg) for arg in args if arg is not Ellipsis)
        return TUPLE, (args, kinds, all(kind[0] == SCALAR for kind in kinds))
    raise TypeError(f"unknown shape {shape!r} (a bug in the driver's SHAPE)")


def _where(path: Any) -> str:
    """Return the text of a ``path``: a string, or (the path above, a field name or index).

    Paths are built as pairs while a report is checked and put into words only for a
    message, so a report that has its shape costs no text at all.
    """
    steps = []
    while isinstance(path, tuple):
        path, step = path
        steps.append(f"[{step}]" if isinstance(step, int) else step)
    return path + "".join(reversed(steps))


def check_shape(value: Any, shape: Any, where: Any = "the report", depth: int = 0) -> Any:
    """Return ``value`` checked against ``shape``, its JSON objects made :class:`Record`\\ s.

    Args:
        value: what came back from the child (JSON of builtins).
        shape: the declared shape (see the module docstring).
        where: the path to ``value``, for the message (text, or a pair; see ``_where``).
        depth: how deep ``value`` lies in the report.

    Returns:
        ``value`` with every object a record declares turned into a :class:`Record`.

    Raises:
        ShapeError: ``value`` or something inside it does not have its declared shape.
    """
    return _check(value, shape, _kind(shape), where, depth)


def _check(value: Any, shape: Any, kind: Tuple[str, Any], where: Any, depth: int) -> Any:
    """Return ``value`` checked against ``shape``, whose ``_kind`` is ``kind``.

    The kind is passed down, not asked again: the items of a list share one, and asking
    for it hashes the shape (for a typing alias, in Python), once per value otherwise.
    """
    if depth > MAX_DEPTH:
        raise ShapeError(f"{_where(where)} is nested too deeply")
    name, needs = kind
    if name == SCALAR:
        if not isinstance(value, needs):
            raise ShapeError(f"{_where(where)} is {_quote(value)}, expected {shape.__name__}")
        return value
    if name == ANY:
        return value
    if name == NULL:
        if value is not None:
            raise ShapeError(f"{_where(where)} is {_quote(value)}, expected null")
        return value
    if name == RECORD:
        return _check_record(value, needs, where, depth)
    if name == UNION:
        return _check_union(value, needs, where, depth)
    if name == LIST:
        if not isinstance(value, list):
            raise ShapeError(f"{_where(where)} is {_quote(value)}, expected a list")
        item_kind = _kind(needs)
        if item_kind[0] == TUPLE and depth < MAX_DEPTH:  # pictures: thousands a report
            return [_check_tuple(item, item_kind[1], (where, index), depth + 1)
                    for index, item in enumerate(value)]
        return [_check(item, needs, item_kind, (where, index), depth + 1)
                for index, item in enumerate(value)]
    if name == DICT:
        if not isinstance(value, dict):
            raise ShapeError(f"{_where(where)} is {_quote(value)}, expected an object")
        item_kind = _kind(needs)
        return {key: _check(item, needs, item_kind, (where, f"[{key!r}]"), depth + 1)
                for key, item in value.items()}
    return _check_tuple(value, needs, where, depth)


def _check_record(value: Any, needs: Tuple[Dict[str, Any], frozenset, Dict[str, Any]],
                  where: Any, depth: int) -> Record:
    """Return ``value`` as a :class:`Record` of the fields, required names and field kinds
    ``needs``."""
    if not isinstance(value, dict):
        raise ShapeError(f"{_where(where)} is {_quote(value)}, expected an object")
    fields, required, kinds = needs
    missing = sorted(required - set(value))
    if missing:
        raise ShapeError(f"{_where(where)} has no field {missing[0]!r}")
    unknown = sorted(str(key) for key in value if key not in fields)
    if unknown:
        raise ShapeError(f"{_where(where)} has a field {unknown[0]!r} the driver never sends")
    return Record((key, _check(item, fields[key], kinds[key], (where, f".{key}"), depth + 1))
                  for key, item in value.items())


def _check_union(value: Any, alternatives: Tuple[Any, ...], where: Any, depth: int) -> Any:
    """Return ``value`` checked against the first of ``alternatives`` it fits."""
    problems: List[str] = []
    for alternative in alternatives:
        try:
            return check_shape(value, alternative, where, depth)
        except ShapeError as problem:
            problems.append(str(problem))
    raise ShapeError(" and ".join(problems))


def _check_tuple(value: Any, needs: Tuple[Tuple[Any, ...], Tuple[Any, ...], bool],
                 where: Any, depth: int) -> List[Any]:
    """Return the JSON list ``value`` checked against ``Tuple[...]``'s item shapes, their
    kinds and whether every one is a scalar (``needs``)."""
    if not isinstance(value, list):
        raise ShapeError(f"{_where(where)} is {_quote(value)}, expected a list")
    items, kinds, scalars = needs
    if len(items) == 2 and items[1] is Ellipsis:
        items, kinds = (items[0],) * len(value), kinds * len(value)
    if len(value) != len(items):
        raise ShapeError(f"{_where(where)} has {len(value)} items, expected {len(items)}")
    # A tuple of scalars (a picture's file and place) needs no walk unless one is wrong,
    # which the walk below then names.
    if scalars and depth < MAX_DEPTH and all(
            isinstance(item, kind[1]) for item, kind in zip(value, kinds)):
        return value
    return [_check(item, shape, kind, (where, index), depth + 1)
            for index, (item, shape, kind) in enumerate(zip(value, items, kinds))]


@functools.lru_cache(maxsize=None)
def _load(name: str) -> Tuple[ModuleType, str]:
    """Return the driver module called ``name`` and the text the child runs (read once)."""
    suite, _, leaf = name.rpartition(".")
    module = importlib.import_module(f"{SUITES_PACKAGE}.{suite}.drivers.{leaf}" if suite
                                     else f"{__name__}.{leaf}")
    path = Path(module.__file__)
    return module, _with_shared_modules(path, path.read_text(encoding="utf-8"))


def _with_shared_modules(path: Path, text: str) -> str:
    """Return a driver's ``text`` with each top-level relative import replaced by the text
    of the shared module it names (a sibling of ``path``).

    The child runs one text with no package around it, so a relative import could not run
    there; the shared module's names are defined in its place instead.

    Raises:
        ImportError: the import names no module (``from . import x``), a module that is not
            a shared one (no leading underscore), or one that itself imports relatively.
    """
    lines = text.splitlines(keepends=True)
    if not any(line.startswith(RELATIVE_IMPORT) for line in lines):
        return text  # most drivers share nothing: no need to parse them
    for node in reversed(ast.parse(text, str(path)).body):
        if not (isinstance(node, ast.ImportFrom) and node.level):
            continue
        if node.level != 1 or not node.module or not node.module.startswith("_"):
            raise ImportError(f"{path}:{node.lineno}: a driver imports only shared modules "
                              "beside it, as 'from ._name import ...'")
        shared_path = path.with_name(node.module + ".py")
        shared = shared_path.read_text(encoding="utf-8")
        if any(isinstance(inner, ast.ImportFrom) and inner.level
               for inner in ast.parse(shared, str(shared_path)).body):
            raise ImportError(f"{shared_path}: a shared driver module imports the standard "
                              "library only")
        lines[node.lineno - 1:node.end_lineno] = [shared if shared.endswith("\n")
                                                   else shared + "\n"]
    return "".join(lines)


class Driver:
    """The host's handle on one driver module.

    Args:
        name: ``"terminal"`` for ``autograder/drivers/terminal.py``, ``"ultima.world"``
            for ``autograder/suites/ultima/drivers/world.py``.

    Raises:
        ImportError: there is no such driver.
        AttributeError: the module has no ``main`` or no ``SHAPE`` (a bug in the suite).
    """

    def __init__(self, name: str) -> None:
        module, text = _load(name)
        self.name = name
        self.shape = module.SHAPE
        parameters = list(inspect.signature(module.main).parameters)
        # What the module's text ends with in the child: main called with the sandbox's names.
        self.call = f"main({', '.join(parameters)})"
        self.text = text

    @classmethod
    def inline(cls, body: str) -> "Driver":
        """Return a driver made of ``body``, the body of ``main(payload, report)``.

        For a check's few lines written in place (and tests): what it reports is free
        (``SHAPE`` is ``Any``), so the check validates whatever it reads itself.
        """
        driver = cls.__new__(cls)
        driver.name = "<inline>"
        driver.shape = Any
        driver.call = "main(payload, report)"
        driver.text = "def main(payload, report):\n" + textwrap.indent(
            textwrap.dedent(body), "    ")
        return driver

    @property
    def source(self) -> str:
        """Return the source the sandbox runs: the module, then ``main``'s call."""
        return f"{self.text}\n\n{self.call}\n"

    @property
    def probe_source(self) -> str:
        """Return the source a probe runs: the module, the guard (``drivers/probe.py``),
        then the guard's call of ``main``."""
        return (f"{self.text}\n\n{_load(PROBE_GUARD)[1]}\n\n"
                "probe_guard(main, payload, report, more)\n")

    def read(self, observation: Any, what: str = "the submission's report") -> Any:
        """Return ``observation`` checked against ``SHAPE``, with named fields.

        Args:
            observation: what the child reported.
            what: how the message names the report.

        Raises:
            StudentCrashed: the report does not have the declared shape at some depth
                (student code beside the driver can write to its channel).
        """
        try:
            return check_shape(observation, self.shape, "report")
        except (ShapeError, RecursionError) as problem:
            raise StudentCrashed(f"{what} came back malformed: {problem}") from None

    def __repr__(self) -> str:
        """Return ``Driver('name')``."""
        return f"Driver({self.name!r})"

