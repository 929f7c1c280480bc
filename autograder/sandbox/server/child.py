"""The child of one run: the spare (see ``startup``) made the run its plan names.

A "run" plan is a program: exec'd, or, for ``python SCRIPT.py`` and ``python -c CODE``, run
in this fork of the server as a fresh interpreter would run it.  A "call" plan is the
driver's source, exec'd here against the submission, with ``report`` and ``more`` to talk
to the server.  Every path ends the child with the exit status Python would give.
"""

import importlib
import importlib.machinery
import importlib.util
import io
import json
import linecache
import marshal
import os
import signal
import sys
import threading
import traceback
import types
import dis
import atexit
import builtins
from typing import Any, Dict, List, Optional, Tuple
from typing import TYPE_CHECKING

from .frames import (FAULT_KIND, PAUSE_KIND, REPORT_HEADER, REPORT_KIND, SEAL_KIND, pack_bytes,
                     read_frame, unpack_bytes, write_all)
from .startup import PLAN_FD, REPORT_FD, receive_plan

if TYPE_CHECKING:
    from .loop import Server


SETUP_FAILED_STATUS = 125
EXEC_FAILED_STATUS = 127
DRIVER_FILENAME = "<driver>"
# Bytecode as imports_of reads it: instructions of two bytes (an opcode, then its argument,
# whose higher bytes EXTENDED_ARG instructions carry before it).
IMPORT_NAME, LOAD_CONST = dis.opmap["IMPORT_NAME"], dis.opmap["LOAD_CONST"]
INSTRUCTION_BYTES = 2
BITS_PER_BYTE = 8
DRIVER_SEED = 0
DRIVER_ARGV = ["<driver>"]
# ``python`` in a run's argv: the sandbox interpreter with these flags.
PYTHON_RUN_FLAGS = ["-E", "-s"]
# Where Python says a ``python -c`` program's lines come from.
COMMAND_FILENAME = "<string>"
MEMORY_HINT = b"memory"
PROCESSES_HINT = b"processes"


def spare_main(server: "Server", fds: Dict[str, int]) -> None:
    """Turn this forked process into the next run's child; never returns.

    This is a copy of the server, so nothing may unwind into the server's own
    loop: every path ends in os._exit.  A failure before the program or the
    driver starts is written to the run's stderr and gives SETUP_FAILED_STATUS.
    """
    status = SETUP_FAILED_STATUS
    try:
        plan = receive_plan(server, fds)
        if plan is not None and plan["kind"] == "run":
            status = EXEC_FAILED_STATUS
            program = _python_program(server, plan["argv"])
            if program is not None:
                _run_program(plan, *program)
            _exec_program(plan["argv"], plan["env"])
        elif plan is not None:
            parts = server.driver_parts(plan["driver"]) or DriverParts.from_plan(plan)
            _run_driver(plan, server.run_dir, parts)
    except BaseException as exc:  # reported as the run's own failure
        _note("sandbox: child set-up failed: {!r}\n".format(exc))
    finally:
        os._exit(status)


def _note(text: str) -> None:
    """Write ``text`` to file descriptor 2, ignoring errors (used before streams exist)."""
    try:
        os.write(2, text.encode("utf-8", "backslashreplace"))
    except OSError:
        pass


def _exec_program(argv: List[str], env: Dict[str, str]) -> None:
    """Replace the child with ``argv``; exit with EXEC_FAILED_STATUS if impossible."""
    os.close(REPORT_FD)
    # Python ignores these two; a program started from a shell would not.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
    try:
        os.execvpe(argv[0], argv, env)
    except OSError as exc:
        _note("sandbox: cannot run {!r}: {}\n".format(argv[0], exc.strerror))
    os._exit(EXEC_FAILED_STATUS)


def _python_program(server: "Server", argv: List[str]) -> Optional[Tuple[Any, str]]:
    """Return (source, file name) of a run that is ``python -E -s SCRIPT.py ARGS`` with the
    script a file in the working copy, or ``python -E -s -c CODE ARGS``; else None (the
    run is then exec'd as it is)."""
    if len(argv) < 4 or argv[:3] != [server.python] + PYTHON_RUN_FLAGS:
        return None
    if any("\0" in part for part in argv):
        return None  # no system could start it: exec fails as it would
    first = argv[3]
    if first == "-c" and len(argv) > 4:
        return argv[4], COMMAND_FILENAME
    if first.startswith("-") or not first.endswith(".py") or not os.path.isfile(first):
        return None
    path = os.path.abspath(first)
    with open(path, "rb") as handle:  # bytes: compile() honours a coding declaration
        return handle.read(), path


def _run_program(plan: Dict[str, Any], source: Any, filename: str) -> None:
    """Run ``python -E -s SCRIPT ARGS`` (or ``-c CODE ARGS``) in this fork of the server,
    given its ``source`` and ``filename`` (from :func:`_python_program`); never returns.

    The server has the interpreter and the standard library loaded already, so a fork
    starts the program in a fraction of a new interpreter's start-up. It sees what
    ``python SCRIPT`` (``python -c CODE``) would show it: the streams, argv, the script's
    folder (the working folder) first on sys.path, a ``__main__`` module with an absolute
    ``__file__`` (none for -c), a traceback without the server's frames and the exit
    status Python gives. The report channel is closed first: a program's result is what it
    writes and its status, as for any program.
    """
    os.close(REPORT_FD)
    command = filename == COMMAND_FILENAME
    _install_streams()
    use_environment(plan["env"])
    sys.argv = ["-c"] + plan["argv"][5:] if command else plan["argv"][3:]
    sys.path.insert(0, "" if command else os.path.dirname(filename))
    atexit._clear()
    import random
    random.seed()  # a new interpreter seeds itself from the OS
    main = types.ModuleType("__main__")
    main.__dict__.update(__builtins__=builtins)
    if command:
        main.__loader__ = importlib.machinery.BuiltinImporter
    else:
        main.__dict__.update(__file__=filename,
                             __loader__=importlib.machinery.SourceFileLoader("__main__",
                                                                             filename))
    sys.modules["__main__"] = main
    status = 1
    try:
        exec(compile(source, filename, "exec"), main.__dict__)
        status = 0
    except SystemExit as exc:
        status = _exit_status(exc)
    except BaseException as exc:  # printed as Python prints it, from the program's frame on
        try:
            traceback.print_exception(type(exc), exc, exc.__traceback__.tb_next)
        except BaseException:  # a hostile __str__ must not stop the exit
            _note("sandbox: the program raised an exception that cannot be printed\n")
    _finish(status)


def _run_driver(plan: Dict[str, Any], run_dir: str, parts: Optional["DriverParts"]) -> None:
    """Exec the driver source as ``__main__`` of a fresh-looking interpreter; never returns.

    The streams, argv, path, environment and exit handling are set up the way
    ``python driver.py`` would see them, with the working copy as sys.path[0].
    ``parts`` is the driver already compiled and read by the server, or None.
    """
    driver = plan["driver"]
    _install_streams()
    use_environment(plan["env"])
    sys.argv = list(DRIVER_ARGV)
    # The standard library wins over the submission: what the driver itself imports
    # is loaded before the working copy (a student's platform.py, say) is on the path.
    import_standard_modules(parts.imports if parts else imported_names(driver))
    sys.path.insert(0, run_dir)
    atexit._clear()
    # The same submission scores the same every run: ``random`` reseeds itself from the
    # OS in every forked child, so each driver starts from one fixed seed instead.
    import random
    random.seed(DRIVER_SEED)
    main = types.ModuleType("__main__")
    main.__dict__.update(payload=json.loads(plan["payload"]), report=_make_report(os.getpid()),
                         more=_make_more(os.getpid(), bool(plan.get("hold"))))
    sys.modules["__main__"] = main
    linecache.cache[DRIVER_FILENAME] = (len(driver), None, driver.splitlines(True),
                                        DRIVER_FILENAME)
    status = _exec_driver(parts.code if parts else driver, main)
    _seal_reports()
    _finish(status)


class DriverParts:
    """A driver's source made ready to run: its code object and the modules it imports.

    The server makes these once per driver source (neither step runs any code): children
    forked later inherit them, and a spare forked before the server met the driver gets
    them in its plan (``to_plan``), so no child parses and compiles a driver again.
    """

    def __init__(self, code: types.CodeType, imports: List[str]) -> None:
        """Hold the driver's ``code`` and the absolute module names it ``imports``."""
        self.code = code
        self.imports = imports

    @classmethod
    def from_source(cls, driver: str) -> "DriverParts":
        """Compile ``driver`` and list its imports.

        Raises:
            SyntaxError, ValueError: it does not compile (the child then says so).
        """
        code = compile(driver, DRIVER_FILENAME, "exec")
        return cls(code, imports_of(code))

    def to_plan(self) -> Dict[str, Any]:
        """Return the plan entries that carry these parts to a spare forked before them."""
        return {"code": pack_bytes(marshal.dumps(self.code)), "imports": self.imports}

    @classmethod
    def from_plan(cls, plan: Dict[str, Any]) -> Optional["DriverParts"]:
        """Return the parts a plan carries (see ``to_plan``), or None if it carries none."""
        if "code" not in plan:
            return None
        return cls(marshal.loads(unpack_bytes(plan["code"])), list(plan["imports"]))


def imported_names(driver: str) -> List[str]:
    """Return the module names the driver's import statements name (none if it does not
    compile: running it then reports the error)."""
    try:
        return imports_of(compile(driver, DRIVER_FILENAME, "exec"))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []


def imports_of(code: types.CodeType) -> List[str]:
    """Return the module names the import statements compiled into ``code`` name (those
    of its functions and classes included), read from the bytecode.

    Every import statement compiles to an IMPORT_NAME instruction whose argument indexes
    the module's name in ``co_names``, after two LOAD_CONST instructions: the import's
    level (0 for an absolute import), then the names it takes. Reading the instructions
    takes a fraction of a millisecond where walking the syntax tree of a driver (a module
    of some hundred lines with its docstrings) takes several.
    """
    names: List[str] = []
    pending = [code]
    while pending:
        current = pending.pop()
        raw, extended, constants = current.co_code, 0, [None, None]
        for index in range(0, len(raw), INSTRUCTION_BYTES):
            opcode, argument = raw[index], raw[index + 1] | extended
            extended = argument << BITS_PER_BYTE if opcode == dis.EXTENDED_ARG else 0
            if opcode == LOAD_CONST:
                constants = [constants[-1], current.co_consts[argument]]
            elif (opcode == IMPORT_NAME and current.co_names[argument]
                    and not constants[0]):  # level 0 (or unknown): not a relative import
                names.append(current.co_names[argument])
        pending.extend(constant for constant in current.co_consts
                       if isinstance(constant, types.CodeType))
    return names


def use_environment(env: Dict[str, str]) -> None:
    """Make the process's environment exactly ``env``: most runs' is the one the server
    keeps (see ServerState.setup), which is then left as it is."""
    if dict(os.environ) != env:
        os.environ.clear()
        os.environ.update(env)


def import_standard_modules(names: List[str]) -> None:
    """Import every module of ``names`` that exists without the submission on the path;
    the submission's own modules fail here and are skipped (with whatever they loaded
    before failing, so that nothing half-made is left for later)."""
    for name in names:
        if name in sys.modules:
            continue  # the server loaded it, or an earlier name did
        before = set(sys.modules)
        try:
            importlib.import_module(name)
        except Exception:  # the submission's module, or not importable: left for later
            for added in set(sys.modules) - before:
                del sys.modules[added]


def _install_streams() -> None:
    """Open sys.stdin/stdout/stderr on descriptors 0-2 as Python does at start-up.

    Like the interpreter's own, the streams do not own their descriptors, so
    the server's replaced stream objects close nothing when they are freed.
    """
    sys.stdin = sys.__stdin__ = io.TextIOWrapper(
        io.BufferedReader(io.FileIO(0, "rb", closefd=False)),
        encoding="utf-8", errors="strict", newline="\n")
    sys.stdout = sys.__stdout__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(1, "wb", closefd=False)),
        encoding="utf-8", errors="strict", newline="\n")
    sys.stderr = sys.__stderr__ = io.TextIOWrapper(
        io.BufferedWriter(io.FileIO(2, "wb", closefd=False)),
        encoding="utf-8", errors="backslashreplace", newline="\n", line_buffering=True)


def _make_report(child_pid: int) -> Any:
    """Return the ``report`` function a driver calls to send its observation."""

    def report(value: Any) -> None:
        """Send ``value`` (JSON-serialisable) to the grader; the last call wins."""
        body = json.dumps(value).encode("utf-8")
        # A forked copy of the driver must not speak for the child.
        if os.getpid() == child_pid:
            write_all(REPORT_FD, REPORT_HEADER.pack(REPORT_KIND, len(body)) + body)

    return report


def _make_more(child_pid: int, held: bool) -> Any:
    """Return the ``more`` function a driver calls to wait for the grader's next payload."""

    def more() -> Any:
        """Let the grader see what was reported so far, then wait for its next payload.

        Returns the payload the grader feeds, or None when the call is not held or the
        grader ends the session (the driver should then finish).
        """
        if not held or os.getpid() != child_pid:
            return None
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except BaseException:  # the streams may be the submission's by now
                pass
        try:
            write_all(REPORT_FD, REPORT_HEADER.pack(PAUSE_KIND, 0))
            frame = read_frame(PLAN_FD)
        except (OSError, ValueError):
            return None
        return None if frame is None else json.loads(frame.get("payload", "null"))

    return more


def _exec_driver(driver: Any, main: types.ModuleType) -> int:
    """Exec ``driver`` (source, or its code object) in ``main``'s namespace; return the exit
    status Python would give."""
    # Built before the driver runs: after a MemoryError there may be no memory left.
    memory_frame = REPORT_HEADER.pack(FAULT_KIND, len(MEMORY_HINT)) + MEMORY_HINT
    processes_frame = REPORT_HEADER.pack(FAULT_KIND, len(PROCESSES_HINT)) + PROCESSES_HINT
    try:
        code = driver if isinstance(driver, types.CodeType) else compile(
            driver, DRIVER_FILENAME, "exec")
        exec(code, main.__dict__)
    except SystemExit as exc:
        return _exit_status(exc)
    except BaseException as exc:  # the driver's or the submission's failure is data
        if isinstance(exc, MemoryError):
            _send_quietly(memory_frame)
        elif isinstance(exc, BlockingIOError):
            _send_quietly(processes_frame)
        try:
            traceback.print_exc()
        except BaseException:  # a hostile __str__ must not stop the exit
            _note("sandbox: the driver raised an exception that cannot be printed\n")
        return 1
    return 0


def _seal_reports() -> None:
    """Tell the server the driver is done, and point the report descriptor at /dev/null
    so that later writes (or a later file that would reuse its number) reach nothing."""
    _send_quietly(REPORT_HEADER.pack(SEAL_KIND, 0))
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, REPORT_FD)
        os.close(null)
    except OSError:
        pass


def _send_quietly(frame: bytes) -> None:
    """Write a fault hint to the report pipe, ignoring a closed pipe."""
    try:
        write_all(REPORT_FD, frame)
    except OSError:
        pass


def _exit_status(exc: SystemExit) -> int:
    """Return the exit status for ``SystemExit(code)``, printing a non-int code like Python."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code & 0xFF
    try:
        print(exc.code, file=sys.stderr)
    except BaseException:  # the code's __str__ is the submission's
        pass
    return 1


def _finish(status: int) -> None:
    """End the child as the interpreter would: join threads, run atexit, flush, exit."""
    for step in (threading._shutdown, atexit._run_exitfuncs,
                 sys.stdout.flush, sys.stderr.flush):
        try:
            step()
        except SystemExit as exc:
            status = _exit_status(exc)
        except BaseException:  # a failing exit step cannot change the recorded end
            pass
    os._exit(status)
