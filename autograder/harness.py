"""Check helpers: run the submission in its sandbox and compare what came back.

Checks receive a :class:`Runner` through the ``sandbox`` fixture. Each helper runs
submission code only inside the sandbox's child processes, brings back plain data and
compares it here, in the trusted process, with the check's expectation; the child never
sees the expectation. Failures are raised as :mod:`autograder.outcome` signals with a
readable explanation (a unified diff and the input that produced it). What every kind
stands on (each run's time limit under the submission's budget, :meth:`Runner.remember`,
a plain :meth:`Runner.run`, and a fault read as a signal) is :mod:`autograder.runs`.

Kinds of check:

``program``
    run a command with argv, stdin and extra files; compare its stdout exactly or
    through a named normaliser (and its exit status where it matters);
``doctest``
    run a transcript in doctest syntax in one child, example by example, and compare
    each with :class:`doctest.OutputChecker`;
``probe``
    run a driver (a module of trusted code, ``autograder.drivers``) against the
    submission and return the JSON-serialisable value it reports, checked against the
    shape the driver declares.
"""

import doctest
import functools
import textwrap
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from autograder.compare import (INPUT_MARK, NORMALISERS, example_verdicts,
                                split_transcript, unified_diff)
from autograder.drivers import Driver, ShapeError, check_shape
from autograder.drivers import probe as probe_guard
from autograder.outcome import StudentCrashed, WrongOutput
from autograder.runs import STDERR_TAIL_CHARS, SandboxRuns, quote_tail, raise_for_fault
from autograder.sandbox import RunResult
from autograder.terminal import ScreenCache, TerminalSession

__all__ = ["INPUT_MARK", "NORMALISERS", "Runner", "split_transcript", "unified_diff"]

# How much of the input that produced a wrong output the report quotes, in characters.
INPUT_QUOTE_CHARS = 800
# Terminal sessions: a screen is read once the program has been quiet this long; the
# first screen may take a while (interpreter start-up), each key's redraw less.
TERMINAL_SETTLE_S = 0.05
TERMINAL_FIRST_SCREEN_S = 5.0
TERMINAL_KEY_S = 1.0
# What the terminal sessions of one grading run share their emulators under (remember).
SCREEN_CACHE_KEY = "terminal screens"


def _short_command(argv: Sequence[str]) -> str:
    """Return ``argv`` as a student reads it: a ``-c`` program is the grader's, not theirs."""
    shown = list(argv)
    for index, word in enumerate(shown[:-1]):
        if word == "-c":
            shown[index + 1] = DRIVER_SHOWN
    return "`" + " ".join(shown) + "`"


# How a program given with ``python -c`` is named in a student's report.
DRIVER_SHOWN = "<the grader's driver>"
# What a probe's driver must call to send its observation back.
REPORT_CALL = "report("
# How many drivers' sources a grading process remembers having compiled.
DRIVER_SOURCES_KEPT = 256
# The drivers the engine runs in the child (autograder/drivers/).
DOCTEST = Driver("doctest")
TERMINAL = Driver("terminal")
# The envelope a probe's guard sends around its driver's value (drivers/probe.py).
PROBE_ENVELOPE = probe_guard.SHAPE
# How often a probe counting threads may pause: far more than any driver pauses itself.
MAX_PAUSES = 16


class Runner(SandboxRuns):
    """The check-side handle on one submission's sandbox: the kinds of check.

    Built on :class:`~autograder.runs.SandboxRuns` (its constructor, time limits,
    :meth:`remember` and plain :meth:`run`), each kind runs the submission and compares
    what came back with the check's expectation.
    """

    def transcript(self, argv: Sequence[str], session: str, **options: Any) -> RunResult:
        """Run a program against a transcript written as a person sees the session.

        ``session`` is the expected screen, with what the user types marked: on a line,
        the text after :data:`INPUT_MARK` is typed (followed by Enter) and is not part of
        the program's output, and the text before it is a prompt printed without a
        newline. So a prompt's trailing space is inside the line, where no editor strips
        it. The transcript is dedented first::

            sandbox.transcript(["python", "greet.py"], '''
                Name: <<Ada
                Hello, Ada!
            ''')

        Args:
            argv: the command, as for :meth:`run`.
            session: the transcript.
            options: anything :meth:`program` takes (``files``, ``normalise``, ...).

        Returns:
            The run's result, when it matched.
        """
        expected, typed = split_transcript(session)
        return self.program(argv, expected, stdin=typed, **options)

    def like_reference(self, argv: Sequence[str], stdin: str = "",
                       files: Optional[Mapping[str, bytes]] = None,
                       **options: Any) -> RunResult:
        """Run a program and require the output the suite's reference solution gives.

        The reference runs the same command on the same input and files, in a sandbox of its
        own, once per grading run; its output becomes the expectation, so a check needs no
        hand-written expected text (PrairieLearn's reference-vs-student comparison)::

            sandbox.like_reference(["python", "greet.py"], stdin="Ada\n")

        Args:
            argv, stdin, files: as for :meth:`program`.
            options: anything else :meth:`program` takes (``normalise``, ``describe``, ...);
                ``expected_status`` defaults to the reference's exit status.

        Returns:
            The submission's run, when it matched.

        Raises:
            RuntimeError: the reference itself failed (a fault of the suite, not the student:
                the check is held for review).
        """
        if self._reference is None:
            raise RuntimeError("this runner has no reference solution to compare with")
        key = "like_reference:" + repr((list(argv), stdin, sorted((files or {}).items())))
        expected, status = self.remember(key, lambda: self._run_reference(argv, stdin, files))
        options.setdefault("expected_status", status)
        return self.program(argv, expected, stdin=stdin, files=files, **options)

    def _run_reference(self, argv: Sequence[str], stdin: str,
                       files: Optional[Mapping[str, bytes]]) -> Tuple[str, Optional[int]]:
        """Return what the reference prints for ``argv`` on ``stdin``, and its exit status."""
        result = self._reference().run(argv, stdin.encode("utf-8"), files or {},
                                       self.default_timeout)
        if result.fault is not None:
            raise RuntimeError(f"the reference solution failed on `{_short_command(argv)}`: "
                               f"{result.fault_message}")
        return result.stdout.decode("utf-8", "replace"), result.returncode

    def program(self, argv: Sequence[str], expected_stdout: str, stdin: str = "",
                files: Optional[Mapping[str, bytes]] = None,
                normalise: Union[str, Callable[[str], str]] = "exact",
                expected_status: Optional[int] = None,
                timeout: Optional[float] = None, describe: Optional[str] = None) -> RunResult:
        """Run a program and require the expected stdout (and exit status if given).

        Args:
            argv: the command, as for :meth:`run`.
            expected_stdout: the exact output required (after ``normalise``).
            stdin: text given on standard input.
            files: extra files written beside the submission first.
            normalise: a :data:`NORMALISERS` name, or a function of the text, applied to
                both sides before they are compared.
            expected_status: the exit status required, or None to accept any.
            timeout: seconds allowed; the check's limit when None.
            describe: what was run, in words for the student ("played the course
                transcript basic"); the command, with any ``-c`` driver shown as
                ``<the grader's driver>``, when None.

        Returns:
            The run's result, when it matched.

        Raises:
            StudentTimedOut, StudentCrashed: the program hit a limit.
            WrongOutput: the output or exit status differs; the message carries a diff.
        """
        normaliser = NORMALISERS[normalise] if isinstance(normalise, str) else normalise
        result = self.run(argv, stdin, files, timeout)
        command = describe or _short_command(argv)
        raise_for_fault(result, command, self._limit_name)
        got = normaliser(result.stdout.decode("utf-8", "replace"))
        want = normaliser(expected_stdout)
        problems = []
        if got != want:
            problems.append(unified_diff(want, got))
        if expected_status is not None and result.returncode != expected_status:
            problems.append(f"exit status {result.returncode}, expected {expected_status}\n")
        if problems:
            if stdin:
                problems.append("input given:\n" + textwrap.indent(
                    stdin[:INPUT_QUOTE_CHARS], "    "))
            if result.stderr:
                problems.append("stderr:\n" + quote_tail(result.stderr, STDERR_TAIL_CHARS))
            raise WrongOutput(f"{command}: printed the wrong output", "\n".join(problems))
        return result

    def probe(self, driver: Union[Driver, str], args: Any = None, stdin: str = "",
              files: Optional[Mapping[str, bytes]] = None, timeout: Optional[float] = None) -> Any:
        """Run trusted driver code against the submission and return what it reported.

        ``driver`` is a driver module (:class:`~autograder.drivers.Driver`) whose
        ``main(payload, report)`` imports the submission's modules, exercises them, and
        calls ``report(value)`` with a JSON-serialisable value; or, for a few lines written
        in place, the body of such a function. ``payload`` is ``args``.

        Returns:
            The last value the driver reported, checked against the driver's ``SHAPE``
            (its objects are :class:`~autograder.drivers.Record`\\ s, fields read by name).

        Raises:
            StudentTimedOut, StudentCrashed: the submission hung, hit a limit, raised,
                exited before the driver reported, or sent a report of the wrong shape.
            SyntaxError: the driver itself does not compile (a bug in the check).
            ValueError: the driver never calls ``report`` (a bug in the check).
        """
        if isinstance(driver, str):
            driver = Driver.inline(driver)
            # Lines written in place that do not compile are the check's fault: raise here,
            # in the parent, so it is a grader error instead of a crash blamed on the
            # submission. (A driver module compiles: the host imported it.)
            _check_compiles(driver.probe_source)
        if REPORT_CALL not in driver.text:
            # A driver that never reports would fail every student: the check's bug.
            raise ValueError("the probe's driver never calls report(...): nothing would come "
                             "back to compare")
        result = self._sandbox.call(driver.probe_source, {"args": args},
                                    stdin=stdin.encode("utf-8"), files=dict(files or {}),
                                    timeout=self._time_limit(timeout))
        return self._probe_value(driver, result)

    def probe_counting_threads(self, driver: Driver, args: Any = None,
                               files: Optional[Mapping[str, bytes]] = None,
                               timeout: Optional[float] = None) -> Tuple[Any, List[int]]:
        """Run ``driver`` as :meth:`probe` does, where its ``main`` takes a third parameter,
        ``pause``: each call of ``pause()`` holds the child while the sandbox's server counts
        the threads of its process, which it reads from the kernel, outside the child.

        The counts cannot be rewritten by the submission beside the driver; it can only
        pause more often, and each of its pauses is counted like the driver's own.

        Returns:
            What the driver reported, and the thread counts of its pauses in order (a pause
            where the kernel did not say is left out).

        Raises:
            StudentTimedOut, StudentCrashed: as for :meth:`probe`, or the child paused more
                than MAX_PAUSES times.
        """
        result = self._sandbox.call(driver.probe_source, {"args": args}, files=dict(files or {}),
                                    timeout=self._time_limit(timeout), hold=True)
        counts: List[int] = []
        pauses = 0
        while result.session is not None:
            if pauses == MAX_PAUSES:
                self._sandbox.release()
                raise StudentCrashed(f"the submission paused the grader's driver more than "
                                     f"{MAX_PAUSES} times")
            pauses += 1
            if result.threads is not None:
                counts.append(result.threads)
            result = self._sandbox.feed(result.session, True, timeout=self._time_limit(timeout))
        return self._probe_value(driver, result), counts

    def _probe_value(self, driver: Driver, result: RunResult) -> Any:
        """Return the value a probe's ``result`` reported, read with ``driver``'s SHAPE.

        Raises:
            StudentTimedOut, StudentCrashed: as for :meth:`probe`.
        """
        raise_for_fault(result, "the submission", self._limit_name)
        observation = result.observation
        if not isinstance(observation, dict):
            raise StudentCrashed(f"the submission exited before the check finished "
                                 f"(exit status {result.returncode})",
                                 quote_tail(result.stderr, STDERR_TAIL_CHARS))
        try:
            envelope = check_shape(observation, PROBE_ENVELOPE)
        except ShapeError as problem:
            raise StudentCrashed(f"the submission's report came back malformed: {problem}"
                                 ) from None
        if "exception" in envelope:
            raise StudentCrashed(f"the submission raised {envelope.exception}",
                                 envelope.traceback)
        value = driver.read(envelope.value)
        self.observed = True
        return value

    def terminal(self, argv: Sequence[str], keys: Sequence[str] = (), rows: int = 24,
                 cols: int = 80, env: Optional[Mapping[str, str]] = None,
                 close: bool = True, settle_s: float = TERMINAL_SETTLE_S,
                 startup_s: float = TERMINAL_FIRST_SCREEN_S,
                 timeout: Optional[float] = None,
                 files: Optional[Mapping[str, bytes]] = None,
                 hold: bool = False) -> TerminalSession:
        """Run a program on a pseudo-terminal, type ``keys`` one by one, return its screens.

        Args:
            argv: the command (``"python"`` is the sandbox's interpreter).
            keys: what is typed, one entry per key press (``"\\x1b[A"`` is the up arrow).
            rows, cols: the terminal's size.
            env: extra environment variables for the program (a seed, for example).
            close: whether to close the terminal after the last key (end of input).
            settle_s: how long the program must stay quiet before its screen is read
                (where the driver cannot see it waiting for a key).
            startup_s: how long the first screen may take (a build step included).
            timeout: seconds the whole session may take; the check's limit when None.
            files: extra files (name -> bytes) written beside the submission first.
            hold: whether the program, if it still runs after the keys, waits for more
                (:meth:`type_on`) instead of ending; the check's end, or any other run of
                the sandbox, ends it.

        Returns:
            The screen before the first key and after each key, rendered here in the
            parent, and how the program ended.

        Raises:
            StudentTimedOut, StudentCrashed: the session hit a limit before any screen.
        """
        limit = self._time_limit(timeout)
        payload = {"argv": list(argv), "keys": list(keys), "rows": rows, "cols": cols,
                   "env": dict(env or {}), "settle_s": settle_s, "close": close,
                   "first_s": min(limit, startup_s),
                   "key_s": min(limit, TERMINAL_KEY_S),
                   "cap": self._sandbox.limits.output_bytes, "hold": hold}
        result = self._sandbox.call(TERMINAL.source, payload, timeout=limit, files=files or {},
                                    hold=hold)
        return self._terminal_session(result, " ".join(argv), [], (rows, cols))

    def type_on(self, session: TerminalSession, keys: Sequence[str],
                timeout: Optional[float] = None) -> Optional[TerminalSession]:
        """Type ``keys`` into a held terminal session whose program waits for more.

        Args:
            session: what :meth:`terminal` (with ``hold``) or this method returned last.
            keys: what is typed next, one entry per key press.
            timeout: seconds these keys may take; the check's limit when None.

        Returns:
            The session with the screens after these keys added, or None if the program no
            longer waits (it ended, or another run of the sandbox ended it): the caller
            then starts it again.

        Raises:
            StudentTimedOut, StudentCrashed: the keys hit a limit before any screen.
        """
        if not self._sandbox.waiting(session.session):
            return None
        result = self._sandbox.feed(session.session, list(keys), timeout=self._time_limit(timeout))
        size = (len(session.screens[0]), len(session.screens[0][0])) if session.screens else (0, 0)
        return self._terminal_session(result, "the terminal session", session.chunks, size)

    def _terminal_session(self, result: RunResult, command: str, earlier: List[str],
                          size: Tuple[int, int]) -> TerminalSession:
        """Return the session a terminal driver's result shows, after the ``earlier`` chunks.

        Raises:
            StudentTimedOut, StudentCrashed: no report came back, or a malformed one.
        """
        observation = result.observation if isinstance(result.observation, dict) else None
        if observation is None:
            raise_for_fault(result, command, self._limit_name)
            raise StudentCrashed(f"`{command}` could not be run on a terminal",
                                 quote_tail(result.stderr, STDERR_TAIL_CHARS))
        # Student code beside the driver can write to its channel: a malformed report is
        # the submission's failure.
        output = TERMINAL.read(observation, f"`{command}`: the terminal's output")
        chunks = earlier + output.chunks
        # One cache per grading run: replays of a seeded game share their first screens, and
        # a held session's screens so far are not rendered again.
        screens = self.remember(SCREEN_CACHE_KEY, ScreenCache).render(chunks, *size)
        return TerminalSession(screens, output.returncode, chunks, result.session)

    def doctest(self, transcript: str, setup: str = "", optionflags: int = 0,
                timeout: Optional[float] = None) -> None:
        """Run a doctest transcript in one child and compare it example by example.

        Args:
            transcript: examples in doctest syntax (``>>>`` lines and expected output).
            setup: source run first in the same namespace (``"from a2 import *"``).
            optionflags: :mod:`doctest` option flags for the comparison.
            timeout: seconds allowed for the whole transcript.

        Raises:
            StudentTimedOut, StudentCrashed: the child hung, hit a limit or died.
            WrongOutput: an example's output differs; the first failing one is shown.
        """
        examples = doctest.DocTestParser().get_examples(textwrap.dedent(transcript))
        result = self._sandbox.call(DOCTEST.source, {"setup": setup,
                                                     "sources": [e.source for e in examples]},
                                    timeout=self._time_limit(timeout))
        # A transcript that printed the right things but then hung or hit a limit has
        # not passed: the child must also finish within its limits.
        raise_for_fault(result, "the transcript", self._limit_name)
        setup_error, results = _doctest_results(result.observation)
        if setup_error:
            raise StudentCrashed(f"`{setup.strip()}` raised {setup_error.strip()}")
        verdicts = example_verdicts(examples, results, optionflags)
        failures = [failure for failure in verdicts if failure is not None]
        # Partial credit, as the course's suite counts tests: every example that states
        # an expected result is one test; examples that only set up state are not.
        graded = [bool(example.want) or example.exc_msg is not None for example in examples]
        right = sum(1 for index, failure in enumerate(verdicts)
                    if failure is None and graded[index])
        credit = right / sum(graded) if any(graded) else 0.0
        if failures:
            raise WrongOutput(f"{len(failures)} of {len(examples)} examples failed",
                              failures[0], credit=credit)
        if len(results) < len(examples):
            raise StudentCrashed(f"the submission exited during example {len(results) + 1} "
                                 f"(exit status {result.returncode})",
                                 quote_tail(result.stderr, STDERR_TAIL_CHARS), credit=credit)


def _doctest_results(observation: Any) -> Tuple[Optional[str], List[Dict[str, Any]]]:
    """Return (setup error, example results) from a doctest child's report.

    Raises:
        StudentCrashed: the report is not what the driver sends (student code beside the
            driver can write to the same channel): the submission's failure, not the
            grader's.
    """
    if observation is None:
        return None, []
    transcript = DOCTEST.read(observation, "the transcript's results")
    return transcript.setup_error, transcript.results


@functools.lru_cache(maxsize=DRIVER_SOURCES_KEPT)
def _check_compiles(source: str) -> None:
    """Compile a driver's ``source``, once per source: a suite runs each driver many times.

    Raises:
        SyntaxError: it does not compile (a bug in the check; not cached, so raised again).
    """
    compile(source, "<driver>", "exec")
