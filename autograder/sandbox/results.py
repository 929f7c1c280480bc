"""What a sandbox is given and what it gives back: limits, a run's result, its error."""

import json
import time
from dataclasses import dataclass
from typing import Any, Optional

from autograder.records import Limits

from .server.frames import MAX_REPORT_BYTES, unpack_bytes
from .server.protocol import Fault, Response, StopReason
from .server.usage import backstop_s

MIB = 1 << 20


# Limits are plain data, below the engine (autograder.records); kept importable from here.
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
        threads: for a held call's waiting child, the threads its process had as it
            waited, counted by the kernel (None otherwise, or where the kernel does not say).
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
    threads: Optional[int] = None


class SandboxError(Exception):
    """The grader cannot sandbox: bad arguments, a missing tool, or a machine that refuses."""


def run_result(response: Response, fault: Optional[Fault], timeout: float, limits: Limits,
               session: Optional[int]) -> RunResult:
    """Return the RunResult of a server's ``response``.

    Args:
        response: the server's answer to a run, call or feed.
        fault: its fault, as the grader settled it (see ``Sandbox._result``).
        timeout: the run's time budget in seconds.
        limits: the sandbox's limits, named in the fault's text.
        session: the held call's number if the child waits to be fed, else None.
    """
    observation = None
    if response.observation is not None:
        try:
            observation = json.loads(response.observation)
        except (ValueError, RecursionError):
            observation = None  # the child's report is malformed: it observed nothing
    return RunResult(
        returncode=response.returncode, signal=response.signal,
        stdout=unpack_bytes(response.stdout), stderr=unpack_bytes(response.stderr),
        duration_s=response.duration_s, fault=fault,
        fault_message=describe_fault(fault, response, timeout, limits), observation=observation,
        session=session, backstop=response.stop_reason is StopReason.BACKSTOP,
        threads=response.threads if session is not None else None)


def describe_fault(fault: Optional[Fault], response: Response, timeout: float,
                   limits: Limits) -> str:
    """Return the human text for ``fault`` ("" for None), as ``run_result`` says it."""
    if fault is None:
        return ""
    if fault is Fault.OUTPUT and response.stop_reason is StopReason.OBSERVATION:
        return "report larger than {} bytes".format(MAX_REPORT_BYTES)
    if fault is Fault.TIMEOUT and response.stop_reason is StopReason.BACKSTOP:
        return "timed out: still running after {:g} s, on a machine too busy to run it".format(
            backstop_s(timeout))
    texts = {
        Fault.TIMEOUT: "timed out after {:g} s".format(timeout),
        Fault.MEMORY: "memory limit ({:g} MiB)".format(limits.memory_bytes / MIB),
        Fault.OUTPUT: "output cut at {} bytes".format(limits.output_bytes),
        Fault.PROCESSES: "process limit ({})".format(limits.processes),
        Fault.CPU: "CPU time limit ({} s)".format(limits.cpu_s),
        Fault.SIGNAL: "killed by signal {}".format(response.signal),
        Fault.SANDBOX: "sandbox failure",
    }
    return texts[fault]


def failed_run(reason: str, started: float) -> RunResult:
    """Return the result of a run the sandbox itself could not carry out, begun at
    ``started`` (time.monotonic)."""
    return RunResult(returncode=None, signal=None, stdout=b"", stderr=b"",
                     duration_s=time.monotonic() - started, fault=Fault.SANDBOX,
                     fault_message="sandbox failure: " + reason)
