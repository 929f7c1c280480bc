"""Run submission code in isolated child processes: the grader's only way to execute it.

A ``Sandbox`` holds a temporary copy of one submission plus the assignment's
support files, and a fork server (the ``server`` subpackage) running inside the
strongest isolation the machine allows.  Every ``run`` (a program) and every
``call`` (trusted driver code exec'd against the submission) gets a fresh
working copy of that tree, its own session, rlimits, a minimal environment and
a time budget; whatever it leaves behind is killed and deleted before the
result comes back.  A submission's misbehaviour is data (``RunResult.fault``),
never an exception; only grader-side problems raise ``SandboxError``.

    grader --run/call--> Sandbox --frame--> fork server --fork--> child
    grader <-RunResult-- Sandbox <-frame--- fork server <-pipes-- child

A run's ``timeout`` is its time budget, and "too slow" is judged by the CPU time
the run used, so that a grading on a busy machine gives the verdicts of a quiet one:
the server stops nothing before its wall time reaches the budget, then stops it once
its processes' CPU time reaches the budget, or once they have neither run nor waited
for a CPU for half of an interval (a program that sleeps or waits for input is judged
by the wall clock, as it always was).  A run the machine keeps from running goes on,
up to a wall-clock backstop (``backstop_s``: BACKSTOP_FACTOR times the budget plus a
margin); ``run`` and ``call`` try a run cut by the backstop once more before its
time-out counts (``RunResult.backstop`` then says so).  A fed part of a held call
cannot be tried again: its time-out counts at once.

Isolation levels (``detect_isolation`` picks the strongest that works):

BWRAP
    bubblewrap with new user, pid, network, IPC, UTS and cgroup namespaces.
    Children see /usr and the library trees read-only, the interpreter
    read-only with its site-packages covered, a handful of /etc files, their
    own /proc, /dev and /tmp, and /sandbox (pristine/ read-only; run/, the
    working copy, and tmp/, TMPDIR); nothing else of the machine.  Every
    writable place is a size-capped tmpfs.  After each run, kill(-1) inside
    the pid namespace removes every process but the server.
UNPRIVILEGED
    Root without bwrap.  Children run as a uid reserved for this sandbox
    (a distinct one per concurrent sandbox), in new mount, network, IPC and
    UTS namespaces, chrooted into a new root that holds only what they need,
    each at its host path: the system trees and the interpreter read-only with
    every site-packages and the grader's own code covered, a few /etc files,
    a minimal /dev, their own /proc (other users' processes hidden), private
    /tmp, /var/tmp, /dev/shm and /run/lock, and the box.  Nothing else of the
    machine is there: no home directory, no other checkout, no classmate's
    folder, no host socket.  The only writable places are the working copy,
    TMPDIR and the private folders, all size-capped tmpfs.  After each run
    every process of the uid is killed.
RLIMITS
    No namespaces.  rlimits and an own session only (as root, children also
    run as a uid reserved for the sandbox, and every process of it is killed
    after each run); the server is a subreaper, so
    the run's process group and every orphan it left are killed (a process
    handed to another daemon, e.g. via ``at``, escapes, as does one started
    after a submission killed the server).  Nothing is hidden, the network is
    open, the submission may write wherever its user may, and it could signal
    the grader itself.

The process limit uses a pids cgroup wherever the grader is root (uid 0 is
exempt from RLIMIT_NPROC), otherwise RLIMIT_NPROC.  Fault names come from the
server's observation of the run, refined by the cgroup's count of refused forks.

A sandbox can be *launched* (its files copied and its server started) before it is
entered, so that the server starts while the grader has other work (importing pytest,
collecting the checks): ``launch_sandboxes`` launches one per worker of a grading, and
``start_sandbox`` enters one. A process forked from the one that launched a sandbox may
use it; the launching process owns it and alone tears it down (a fork only ends a server
it started itself, in place of one that was lost).

Each sandbox's copies live in a temporary folder of its own: in memory (/dev/shm) for a
bwrap sandbox of a small tree where TMPDIR is not set, else in the temporary directory.

The package, host side (the grading process) above the line, the box below it:

    __init__      the public API below, re-exported (``from autograder.sandbox import X``)
    core          SandboxCore (a SandboxLifecycle): run, call, feed, release
    lifecycle     SandboxLifecycle: arguments checked, launch, enter, a lost server
                  replaced, teardown
    trial         Sandbox (SandboxCore with the machine's level), detect_isolation,
                  start_sandbox, launch_sandboxes: a level tried for real
    levels/       one class per isolation level: Bwrap, Unprivileged, Rlimits (each also
                  extends its server half in server/levels), LEVELS strongest first, the
                  report's LEVEL_CAVEATS; no other module compares level names
    client        ServerProcess: the grader's end of the control channel (ids checked)
    boxes         the sandbox's folder: where it lives, what is left out, leftovers removed
    pristine      the box's contents: pristine/, bin/, etc/ with the server's bundle
    bytecode      the server's bundle (a zip) and the pristine tree's .pyc, made once
    layout        where an interpreter lives (asked once), system trees, server environment
    processes     a pids cgroup and reserved uids: capping and killing a run's processes
    results       Limits, RunResult, SandboxError; a Response made a RunResult
    ----------------------------------------------------------------------------------
    server/       the fork server, standard library only, relative imports: shipped into
                  the box as ``sandbox_server.zip`` and run as ``python -s -B BUNDLE``
      protocol    the records both ends share (Config, Ready, Request, Response), checked
                  at the boundary; the closed sets (Fault, IsolationLevel, Op, StopReason)
      frames      length-prefixed JSON frames, bytes as base64
      files       tree copy, in-memory trees, removal without following links
      kernel      prctl, unshare, mount, seccomp and System V IPC through libc; pidfds
      isolation   the unprivileged level's new root, built by the server as root
      levels      the server's half of each level: set-up, usage root, killing leftovers
      startup     the spare's start-up: session, descriptors, identity, working copy,
                  then its plan and limits
      child       the spare made its run: exec (run, or a ``python`` program run in the
                  fork) or the driver (call)
      usage       the time rule: CPU time and waiting read from /proc, the checkpoints
      monitor     RunMonitor: pipes, report, pauses, ending and fault of one run
      state       ServerState: configuration, set-up, cleaning and sweeping
      loop        Server (a ServerState): the request loop and its spares; ``main``
"""

from .boxes import RAM_TEMP_DIR, remove_leftovers
from .bytecode import ask_layout_ahead, learn_before_forking
from .results import DEFAULT_LIMITS, Limits, RunResult, SandboxError
from .server.protocol import Fault, IsolationLevel
from .trial import Sandbox, detect_isolation, launch_sandboxes, start_sandbox

__all__ = ["DEFAULT_LIMITS", "RAM_TEMP_DIR", "Fault", "IsolationLevel", "Limits", "RunResult",
           "Sandbox", "SandboxError", "ask_layout_ahead", "detect_isolation",
           "launch_sandboxes", "learn_before_forking", "remove_leftovers", "start_sandbox"]
