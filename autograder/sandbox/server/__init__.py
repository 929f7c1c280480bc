"""Fork server that runs submission code for ``autograder.sandbox``.

The grading process never runs submission code itself.  ``autograder.sandbox`` starts
this package (its bundle, see ``sandbox.bytecode``) with the sandbox's Python
interpreter inside the isolation (bwrap, a private namespace as root, or plain
rlimits) and talks to it over the server's
stdin and stdout with length-prefixed JSON frames.  Each request runs in one
fresh child forked from this server, the "spare", forked in advance:

    autograder.sandbox      server (this package)                spare child
    ----------              ------------------                -----------
                            after each answer: clean,  -->    own session, drop uid,
                            fork the next spare               copy pristine/ to run/,
    request frame  ----->   send it the plan           -->    files, rlimits, then exec
                            feed stdin, read           <--    argv (run) or the driver
                            stdout/stderr/report              source (call)
                            kill leftovers, reap
    response frame <-----   classify the ending

A ``run`` child execs a program.  A ``call`` child stays in this interpreter
(no interpreter start-up) and execs trusted driver source against the
submission.  A call may be *held*: its driver calls ``more()``, the server
answers with what the child did so far and keeps the child waiting, and the
next request either feeds it a new payload ("feed") or ends it (anything
else, "release" included) before anything else runs.  The server never
imports submission code and never puts the submission on its own
``sys.path``: only the throw-away children do.

A request's ``timeout`` is the run's time budget, judged by the CPU time the run
used rather than by a clock the machine's load can stretch (section 5, "the time
rule"): nothing is stopped before its wall time reaches the budget; from then on
the run's processes are read from /proc at checkpoints, and the run is stopped
(fault "timeout") once their CPU time reaches the budget or once they neither ran
nor waited for a CPU for half of the last interval (they sleep or wait for input).
A run the machine is too busy to run goes on, up to a wall-clock backstop
(``backstop_s``), whose stop the response names (stop_reason "backstop") so that
the grader can run it again once.  RLIMIT_CPU still bounds every process.

The server runs as ``python -s -B`` with an environment built from scratch,
not ``-I``: ``-I`` implies ``-E``, which would ignore PYTHONHASHSEED=0, and the
call children must inherit that hash seed.  ``loop.main`` drops the bundle
from sys.path, which is the rest of what ``-I`` would do.

Modules: ``protocol`` (the closed sets both ends share), ``frames``, ``files``,
``kernel`` (Linux calls), ``isolation`` (the unprivileged level's root), ``levels``,
``startup`` (a spare's start-up), ``child`` (the run it becomes), ``usage`` (the time
rule), ``monitor`` (supervising a run), ``state`` (the server's set-up and care between
runs), ``loop`` (the request loop).
Only the standard library and relative imports are used, so the package runs in the
box under another name (``sandbox_server``), and the code runs on Python 3.9+, since it
executes under whatever interpreter the sandbox offers.  Importing it has no side
effects; the host side reuses its frame and tree-copy helpers.
"""
