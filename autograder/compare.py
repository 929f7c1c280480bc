"""Comparing what a submission gave with what a check expected, in the trusted process.

Plain functions on text, no sandbox: the normalisers a ``program`` check may compare
through, transcripts with typed input marked, the unified diff a failure shows, and
doctest's own rules for one example's verdict (:class:`doctest.OutputChecker`, option
flags, ``IGNORE_EXCEPTION_DETAIL``). :mod:`autograder.harness` runs the submission and
hands what came back to these.
"""

import difflib
import doctest
import textwrap
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

__all__ = ["INPUT_MARK", "NORMALISERS", "compare_examples", "example_verdicts",
           "split_transcript", "unified_diff"]

# In a transcript, what follows this on a line is typed by the user.
INPUT_MARK = "<<"
# Shown in a failure report in place of an empty output.
NOTHING_PRINTED = "(nothing)\n"
# The header doctest prints above an exception's last line.
TRACEBACK_HEADER = "Traceback (most recent call last):\n  ...\n"


def exact(text: str) -> str:
    """Return ``text`` unchanged."""
    return text


def rstrip_lines(text: str) -> str:
    """Drop trailing whitespace on every line and trailing blank lines."""
    return "\n".join(line.rstrip() for line in text.splitlines()).rstrip("\n")


def final_newline(text: str) -> str:
    """Ignore whether the output ends with a newline."""
    return text[:-1] if text.endswith("\n") else text


def crlf(text: str) -> str:
    """Treat Windows line endings as Unix ones."""
    return text.replace("\r\n", "\n")


NORMALISERS: Dict[str, Callable[[str], str]] = {
    "exact": exact,
    "rstrip_lines": rstrip_lines,
    "final_newline": final_newline,
    "crlf": crlf,
}


def split_transcript(session: str) -> Tuple[str, str]:
    """Return (expected output, typed input) of a transcript marked with :data:`INPUT_MARK`.

    >>> split_transcript("Name: <<Ada\\nHello, Ada!\\n")
    ('Name: Hello, Ada!\\n', 'Ada\\n')
    """
    expected, typed = [], []
    for line in textwrap.dedent(session).lstrip("\n").splitlines(keepends=True):
        prompt, mark, answer = line.partition(INPUT_MARK)
        if mark:
            expected.append(prompt)
            typed.append(answer.rstrip("\n") + "\n")
        else:
            expected.append(line)
    return "".join(expected), "".join(typed)


def unified_diff(expected: str, got: str) -> str:
    """Return a unified diff from ``expected`` to ``got``, line endings shown."""
    lines = difflib.unified_diff(expected.splitlines(keepends=True),
                                 got.splitlines(keepends=True),
                                 fromfile="expected", tofile="your output")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end\n"
                   for line in lines)


def compare_examples(examples: Sequence[doctest.Example], results: Sequence[Mapping[str, Any]],
                     optionflags: int) -> List[str]:
    """Return a description of every example whose result differs from its expectation."""
    return [verdict for verdict in example_verdicts(examples, results, optionflags)
            if verdict is not None]


def example_verdicts(examples: Sequence[doctest.Example], results: Sequence[Mapping[str, Any]],
                     optionflags: int) -> List[Optional[str]]:
    """Return, per example that ran, None if it passed or a description of how it differs.

    The rules are doctest's own: printed output is compared with the expected output;
    when an exception is expected, only its last line (type and message) is compared.
    """
    checker = doctest.OutputChecker()
    verdicts: List[Optional[str]] = []
    for example, result in zip(examples, results):
        flags = example_flags(example, optionflags)
        exc = result.get("exc")
        if example.exc_msg is None:
            got = result.get("out", "") if exc is None else TRACEBACK_HEADER + exc
            ok = exc is None and checker.check_output(example.want, got, flags)
        else:
            got = result.get("out", "") if exc is None else exc
            ok = exc is not None and (
                checker.check_output(example.exc_msg, exc, flags)
                or (flags & doctest.IGNORE_EXCEPTION_DETAIL
                    and exception_name(example.exc_msg) == exception_name(exc)))
        verdicts.append(None if ok else describe_example(example, got, flags))
    return verdicts


def exception_name(line: str) -> str:
    """Return the exception's class name from its last traceback line, without module path
    or message: what ``IGNORE_EXCEPTION_DETAIL`` compares (doctest's own rule)."""
    return line.split(":", 1)[0].strip().rsplit(".", 1)[-1]


def example_flags(example: doctest.Example, optionflags: int) -> int:
    """Return ``optionflags`` with the example's own ``# doctest: +FLAG`` directives applied."""
    for flag, enabled in example.options.items():
        optionflags = optionflags | flag if enabled else optionflags & ~flag
    return optionflags


def describe_example(example: doctest.Example, got: str, optionflags: int) -> str:
    """Return the failure text for one example: its source, expected and actual output."""
    source = "".join(">>> " + line if index == 0 else "... " + line
                     for index, line in enumerate(example.source.splitlines(keepends=True)))
    want = example.want if example.exc_msg is None else TRACEBACK_HEADER + example.exc_msg
    return (source + "expected:\n" + textwrap.indent(want or NOTHING_PRINTED, "    ")
            + "got:\n" + textwrap.indent(got or NOTHING_PRINTED, "    "))
