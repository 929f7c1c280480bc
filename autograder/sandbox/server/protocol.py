"""The records that cross the control channel, and the closed sets they name.

Both ends use this module: the grader as ``autograder.sandbox.server.protocol``, the
server from its bundle. Every frame is made from one of these records (``to_frame``) and
read only through one (``from_frame``), which checks it at the boundary: a frame that is
not a JSON object of the record's fields, each of its declared type, is a ProtocolError
where it arrives, never a KeyError halfway through a class; and a field renamed on one
side fails where a record is made, since records are built by keyword.

    grader                                       server
    Config  (first frame)   ------------------>  set-up          (then Ready back)
    Request (op, id, ...)   ------------------>  one run, feed or release
    Response (..., id)      <------------------  its outcome, the request's id echoed

Each request carries a fresh unguessable id (``Request.id``), which the server never hands
to a child and puts back in its response; the grader takes no answer without it (issue 34).
Only the standard library is used: this module is shipped into the box.
"""

import dataclasses
import enum
import functools
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple


class IsolationLevel(enum.Enum):
    """How strongly submission code is separated from the machine (see ``autograder.sandbox``)."""

    BWRAP = "bwrap"
    UNPRIVILEGED = "unprivileged"
    RLIMITS = "rlimits"


class Fault(enum.Enum):
    """Why a run did not end normally; ``RunResult.fault`` is None when it ended on its own."""

    TIMEOUT = "timeout"
    MEMORY = "memory"
    OUTPUT = "output"
    PROCESSES = "processes"
    CPU = "cpu"
    SIGNAL = "signal"
    SANDBOX = "sandbox"


class Op(enum.Enum):
    """What a request asks of the server."""

    RUN = "run"
    CALL = "call"
    FEED = "feed"
    RELEASE = "release"
    QUIT = "quit"


class StopReason(enum.Enum):
    """Why the server stopped a run before it ended on its own."""

    TIMEOUT = "timeout"
    BACKSTOP = "backstop"
    OUTPUT = "output"
    OBSERVATION = "observation"
    ABANDONED = "abandoned"
    RELEASED = "released"


# The plain types a field may have, checked by _checked_scalar.
SCALARS = (str, int, float, bool)
# The key of a request's id, which the response carries back.
REQUEST_ID = "id"


class ProtocolError(ValueError):
    """A frame that is not the record it should be: a missing, unknown or mistyped field."""


class Record:
    """A dataclass that crosses the channel as a frame: a JSON object of its fields."""

    def to_frame(self) -> Dict[str, Any]:
        """Return the record as a frame: enums by value, nested records as objects."""
        frame = {}
        for name, convert in _converters(type(self)):
            value = getattr(self, name)
            frame[name] = value if convert is None else convert(value)
        return frame

    @classmethod
    def from_frame(cls, frame: Any) -> Any:
        """Return the record ``frame`` holds, checked field by field.

        Raises:
            ProtocolError: ``frame`` is not an object, lacks a field without a default,
                has a field the record does not, or a value not of its field's type.
        """
        if not isinstance(frame, dict):
            raise ProtocolError("{} frame is not a JSON object".format(cls.__name__))
        checkers, required = _plan(cls)
        unknown = sorted(str(name) for name in frame if name not in checkers)
        if unknown:
            raise ProtocolError("{} frame has unknown fields {}".format(cls.__name__, unknown))
        for name in required:
            if name not in frame:
                raise ProtocolError("{}.{} is missing".format(cls.__name__, name))
        return cls(**{name: checkers[name](value, (cls.__name__, "." + name))
                      for name, value in frame.items()})


@dataclass
class ServerLimits(Record):
    """The limits every child of the server takes (``Limits``, as the server applies them).

    ``nproc`` is RLIMIT_NPROC, or None where a pids cgroup caps the processes;
    ``nproc_add_user_tasks``: the server adds the processes its user already runs.
    """

    cpu_s: int
    memory_bytes: int
    file_size_bytes: int
    open_files: int
    output_bytes: int
    nproc: Optional[int] = None
    nproc_add_user_tasks: bool = False


@dataclass
class Config(Record):
    """The server's configuration, its first frame.

    Attributes:
        level: the isolation level, whose server side the server takes (``server.levels``).
        box: the sandbox folder as the server sees it (pristine/, bin/, etc/; run/, tmp/).
        python: the interpreter behind argv "python".
        limits: the children's limits.
        uid, gid: the unprivileged ids the children take, or None.
        isolation: the unprivileged level's file view (``levels.unprivileged``), or None.
        wipe: (folder, names to keep) pairs emptied after every run.
        preload: support modules of pristine/ the server imports before any child exists.
    """

    level: IsolationLevel
    box: str
    python: str
    limits: ServerLimits
    uid: Optional[int] = None
    gid: Optional[int] = None
    isolation: Optional[Dict[str, Any]] = None
    wipe: List[Tuple[str, List[str]]] = field(default_factory=list)
    preload: List[str] = field(default_factory=list)


@dataclass
class Ready(Record):
    """The server's first answer: ready, or the error that kept it from starting."""

    ready: bool
    pid: Optional[int] = None
    version: List[int] = field(default_factory=list)
    error: str = ""


@dataclass
class Request(Record):
    """One request to the server.

    Attributes:
        op: what is asked.
        id: the request's fresh id (set by the grader's end as it sends it).
        timeout: the run's time budget in seconds (run, call, feed).
        argv: the program (run).
        driver: the trusted driver's source (call).
        payload: JSON text handed to the driver (call) or to its ``more()`` (feed).
        hold: whether the call's driver may wait for more payloads.
        stdin: base64 of the bytes fed to the child's stdin.
        files: extra files, name -> base64 of their bytes.
        env: variables added to the minimal environment.
    """

    op: Op
    id: str = ""
    timeout: float = 0.0
    argv: List[str] = field(default_factory=list)
    driver: str = ""
    payload: str = "null"
    hold: bool = False
    stdin: str = ""
    files: Dict[str, str] = field(default_factory=dict)
    env: Dict[str, str] = field(default_factory=dict)


@dataclass
class Response(Record):
    """The server's answer to one request.

    Attributes:
        returncode, signal: how the child ended (both None while it is held, or killed).
        stdout, stderr: base64 of its output, cut at the cap.
        duration_s, cpu_s: its wall time, and its CPU time since it started: the kernel's
            count for the child and the processes it reaped once it has ended; while it is
            held, the count for every process of the run so far.
        fault: the limit or failure that ended it, or None.
        observation: the driver's last report, as JSON text, or None.
        cut: the streams that were cut.
        stop_reason: why the server stopped it, or None.
        held: the child waits to be fed (a held call's ``more()``).
        threads: while it is held, the number of threads its process has, read by the
            server from /proc as the child waits (None otherwise, or where /proc does not
            say): the kernel's count, which no code in the child can rewrite.
        leftovers: some process of the run could not be killed.
        released: the answer to a release.
        error: the server's own failure (a traceback), or None.
        id: the id of the request answered.
    """

    returncode: Optional[int] = None
    signal: Optional[int] = None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    cpu_s: float = 0.0
    fault: Optional[Fault] = None
    observation: Optional[str] = None
    cut: List[str] = field(default_factory=list)
    stop_reason: Optional[StopReason] = None
    held: bool = False
    threads: Optional[int] = None
    leftovers: bool = False
    released: bool = False
    error: Optional[str] = None
    id: str = ""


# A field's checker: (value, where) -> the value as the field's type, or ProtocolError.
# ``where`` names the value for the error: a string, or a pair (where, suffix) put into
# words only when a check fails, so a frame that is right costs no text.
Checker = Callable[[Any, Any], Any]


@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> Dict[str, Tuple[Any, bool]]:
    """Return each field of the record class ``cls``: its resolved type, and whether a frame
    must carry it (it has no default). Worked out once per class, not once per frame."""
    hints = typing.get_type_hints(cls)
    return {item.name: (hints[item.name], item.default is dataclasses.MISSING
                        and item.default_factory is dataclasses.MISSING)
            for item in dataclasses.fields(cls)}


@functools.lru_cache(maxsize=None)
def _plan(cls: type) -> Tuple[Dict[str, Checker], Tuple[str, ...]]:
    """Return the checker of each field of ``cls`` and the fields a frame must carry, in
    their order: the typing machinery is asked once per class, never once per frame."""
    fields = _fields(cls)
    return ({name: _checker(hint) for name, (hint, _) in fields.items()},
            tuple(name for name, (_, required) in fields.items() if required))


@functools.lru_cache(maxsize=None)
def _converters(cls: type) -> Tuple[Tuple[str, Optional[Callable[[Any], Any]]], ...]:
    """Return each field of ``cls`` with what makes its value plain JSON (see ``_plain``),
    or None where it is plain already (text, numbers, lists of them)."""
    return tuple((name, None if _is_plain(hint) else _plain)
                 for name, (hint, _) in _fields(cls).items())


def _is_plain(hint: Any) -> bool:
    """Return whether every value of the type ``hint`` is JSON builtins as it is."""
    if any(hint is scalar for scalar in SCALARS) or hint is type(None):
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    return origin in (typing.Union, list, tuple, dict) and all(
        _is_plain(arg) for arg in args)


def _where(path: Any) -> str:
    """Return the words for ``path``: a string, or a pair (the path above, a suffix)."""
    suffixes = []
    while isinstance(path, tuple):
        path, suffix = path
        suffixes.append(suffix)
    return path + "".join(reversed(suffixes))


def _plain(value: Any) -> Any:
    """Return ``value`` as JSON builtins: enums by value, records as frames."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Record):
        return value.to_frame()
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


@functools.lru_cache(maxsize=None)
def _checker(hint: Any) -> Checker:
    """Return the function that checks a value against the type ``hint``: enums and records
    made from their frames, pairs as tuples, at every depth. Made once per type.

    A checker raises ProtocolError when the value is not of that type.
    """
    if any(hint is scalar for scalar in SCALARS):
        return functools.partial(_checked_scalar, hint=hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union:  # Optional[X]: the only union records use
        inner = _checker(next(arg for arg in args if arg is not type(None)))
        return lambda value, where: None if value is None else inner(value, where)
    if hint is Any:
        return lambda value, where: value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return functools.partial(_checked_enum, hint=hint)
    if isinstance(hint, type) and issubclass(hint, Record):
        return lambda value, where: hint.from_frame(value)
    if origin is list:
        return functools.partial(_checked_list, item=_checker(args[0]))
    if origin is tuple:
        return functools.partial(_checked_tuple, items=tuple(_checker(arg) for arg in args))
    if origin is dict:
        return functools.partial(_checked_dict, key=_checker(args[0]), item=_checker(args[1]))
    return functools.partial(_checked_scalar, hint=hint)


def _checked_enum(value: Any, where: Any, hint: Any) -> Any:
    """Return the member of the enum ``hint`` whose value is ``value``."""
    try:
        return hint(value)
    except ValueError:
        raise ProtocolError("{} is not a {}: {!r}".format(_where(where), hint.__name__, value)
                            ) from None


def _checked_list(value: Any, where: Any, item: Checker) -> List[Any]:
    """Return the JSON list ``value`` with each entry checked by ``item``."""
    if not isinstance(value, list):
        raise ProtocolError("{} is not a list".format(_where(where)))
    inner = (where, "[]")
    return [item(entry, inner) for entry in value]


def _checked_tuple(value: Any, where: Any, items: Tuple[Checker, ...]) -> Tuple[Any, ...]:
    """Return the JSON list ``value`` as a tuple, entry by entry checked by ``items``."""
    if not isinstance(value, list):
        raise ProtocolError("{} is not a list".format(_where(where)))
    if len(value) != len(items):
        raise ProtocolError("{} does not hold {} items".format(_where(where), len(items)))
    inner = (where, "[]")
    return tuple(check(entry, inner) for entry, check in zip(value, items))


def _checked_dict(value: Any, where: Any, key: Checker, item: Checker) -> Dict[Any, Any]:
    """Return the JSON object ``value`` with each key checked by ``key`` and each value
    by ``item``."""
    if not isinstance(value, dict):
        raise ProtocolError("{} is not an object".format(_where(where)))
    inner = (where, "[]")
    return {key(name, where): item(entry, inner) for name, entry in value.items()}


def _checked_scalar(value: Any, where: Any, hint: type) -> Any:
    """Return ``value`` if it is of the scalar type ``hint`` (an int counts as a float,
    a bool as nothing but a bool).

    Raises:
        ProtocolError: it is not.
    """
    if type(value) is hint:  # nearly every value: no more to ask
        return value
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, bool) and hint is not bool:
        raise ProtocolError("{} is not a {}".format(_where(where), hint.__name__))
    if not isinstance(value, hint):
        raise ProtocolError("{} is not a {}: {}".format(_where(where), hint.__name__,
                                                        type(value).__name__))
    return value
