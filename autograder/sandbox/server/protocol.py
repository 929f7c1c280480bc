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
from typing import Any, Dict, List, Optional, Tuple


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
        return {name: _plain(getattr(self, name)) for name in _fields(type(self))}

    @classmethod
    def from_frame(cls, frame: Any) -> Any:
        """Return the record ``frame`` holds, checked field by field.

        Raises:
            ProtocolError: ``frame`` is not an object, lacks a field without a default,
                has a field the record does not, or a value not of its field's type.
        """
        if not isinstance(frame, dict):
            raise ProtocolError("{} frame is not a JSON object".format(cls.__name__))
        fields = _fields(cls)
        unknown = sorted(str(name) for name in frame if name not in fields)
        if unknown:
            raise ProtocolError("{} frame has unknown fields {}".format(cls.__name__, unknown))
        values = {}
        for name, (hint, required) in fields.items():
            if name in frame:
                values[name] = _checked(frame[name], hint, cls.__name__ + "." + name)
            elif required:
                raise ProtocolError("{}.{} is missing".format(cls.__name__, name))
        return cls(**values)


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
    leftovers: bool = False
    released: bool = False
    error: Optional[str] = None
    id: str = ""


@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> Dict[str, Tuple[Any, bool]]:
    """Return each field of the record class ``cls``: its resolved type, and whether a frame
    must carry it (it has no default). Worked out once per class, not once per frame."""
    hints = typing.get_type_hints(cls)
    return {item.name: (hints[item.name], item.default is dataclasses.MISSING
                        and item.default_factory is dataclasses.MISSING)
            for item in dataclasses.fields(cls)}


@functools.lru_cache(maxsize=None)
def _parts(hint: Any) -> Tuple[Any, Tuple[Any, ...]]:
    """Return the origin and arguments of the type ``hint`` (asked once per type)."""
    return typing.get_origin(hint), typing.get_args(hint)


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


def _checked(value: Any, hint: Any, where: str) -> Any:
    """Return ``value`` as the type ``hint`` says (enums and records made from their
    frames, pairs as tuples), checked at every depth.

    Raises:
        ProtocolError: it is not of that type.
    """
    if hint in SCALARS:
        return _checked_scalar(value, hint, where)
    origin, args = _parts(hint)
    if origin is typing.Union:  # Optional[X]: the only union records use
        if value is None:
            return None
        return _checked(value, next(arg for arg in args if arg is not type(None)), where)
    if hint is Any:
        return value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except ValueError:
            raise ProtocolError("{} is not a {}: {!r}".format(where, hint.__name__, value)
                                ) from None
    if isinstance(hint, type) and issubclass(hint, Record):
        return hint.from_frame(value)
    if origin in (list, tuple):
        if not isinstance(value, list):
            raise ProtocolError("{} is not a list".format(where))
        if origin is list:
            return [_checked(item, args[0], where + "[]") for item in value]
        if len(value) != len(args):
            raise ProtocolError("{} does not hold {} items".format(where, len(args)))
        return tuple(_checked(item, arg, where + "[]") for item, arg in zip(value, args))
    if origin is dict:
        if not isinstance(value, dict):
            raise ProtocolError("{} is not an object".format(where))
        return {_checked(key, args[0], where): _checked(item, args[1], where + "[]")
                for key, item in value.items()}
    return _checked_scalar(value, hint, where)


def _checked_scalar(value: Any, hint: type, where: str) -> Any:
    """Return ``value`` if it is of the scalar type ``hint`` (an int counts as a float,
    a bool as nothing but a bool).

    Raises:
        ProtocolError: it is not.
    """
    if hint is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, bool) and hint is not bool:
        raise ProtocolError("{} is not a {}".format(where, hint.__name__))
    if not isinstance(value, hint):
        raise ProtocolError("{} is not a {}: {}".format(where, hint.__name__,
                                                        type(value).__name__))
    return value
