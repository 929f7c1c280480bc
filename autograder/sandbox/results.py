"""What a sandbox is given and what it gives back: limits, a run's result, its error."""

from dataclasses import dataclass
from typing import Any, Optional

from .server.protocol import Fault

MIB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """Resource limits of every run in a sandbox.

    Attributes:
        wall_s: default time budget of a run, in seconds (see the module doc: CPU time,
            with wall time from the budget on only for a run that waits).
        cpu_s: CPU seconds per process (RLIMIT_CPU).
        memory_bytes: address space per process (RLIMIT_AS).
        file_size_bytes: largest file a process may write (RLIMIT_FSIZE).
        open_files: open file descriptors per process (RLIMIT_NOFILE).
        processes: processes (threads included) the run may have at once.
        output_bytes: cap per stream; past it the run is killed and the output cut.
    """

    wall_s: float = 10.0
    cpu_s: int = 10
    memory_bytes: int = 1 << 30
    file_size_bytes: int = 16 << 20
    open_files: int = 64
    processes: int = 32
    output_bytes: int = 1 << 20


DEFAULT_LIMITS = Limits()


@dataclass
class RunResult:
    """What a run did, as observed from outside it.

    Attributes:
        returncode: exit status, or None if the process was killed by a signal.
        signal: the signal that killed it, or None.
        stdout, stderr: captured output, capped; a cut stream ends with
            b"\\n[output cut at N bytes]\\n".
        duration_s: wall-clock seconds from start to end.
        fault: why the run did not end normally, or None.
        fault_message: human text for ``fault`` ("" when None).
        observation: the JSON-decoded value a ``call`` driver reported last, or None.
        session: for a held call whose driver is waiting for more (``Sandbox.feed``), the
            session's number; None once the child has ended.
        backstop: the wall-clock backstop ended the run (a time-out): the machine was too
            busy to run it within BACKSTOP_FACTOR times its budget, and for ``run`` and
            ``call`` in a second try as well.
    """

    returncode: Optional[int]
    signal: Optional[int]
    stdout: bytes
    stderr: bytes
    duration_s: float
    fault: Optional[Fault]
    fault_message: str
    observation: Any = None
    session: Optional[int] = None
    backstop: bool = False


class SandboxError(Exception):
    """The grader cannot sandbox: bad arguments, a missing tool, or a machine that refuses."""
