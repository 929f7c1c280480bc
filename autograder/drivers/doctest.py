"""Run a doctest transcript in the sandbox child, example by example.

Each example's source is compiled in "single" mode (so a bare expression echoes its repr,
as at the prompt) and run in one namespace; its printed output, or its exception's last
line, is reported after every example, so a hard exit part-way still leaves the earlier
results. The parent compares them (``autograder.harness.Runner.doctest``).

payload: ``setup``, source run first in the same namespace ("" for none), and ``sources``,
the examples' sources.
"""

import io
import sys
import traceback
from typing import Any, Callable, Dict, List, Optional, TypedDict

# The module name the examples run under, as doctest gives them.
NAMESPACE_NAME = "__doctest__"


class Example(TypedDict):
    """What one example printed, and the last line of what it raised (None if nothing)."""

    out: str
    exc: Optional[str]


class Transcript(TypedDict):
    """The setup's exception line (None when it ran), and the examples run so far."""

    setup_error: Optional[str]
    results: List[Example]


SHAPE = Transcript


def run_source(source: str, filename: str, namespace: Dict[str, Any],
               mode: str = "single") -> Dict[str, Any]:
    """Run ``source`` in ``namespace`` and return what it printed and raised.

    Args:
        source: the example's (or the setup's) source.
        filename: the name its code objects carry (``<example 3>``).
        namespace: the globals shared by the transcript's examples.
        mode: ``"single"`` for an example, ``"exec"`` for the setup.

    Returns:
        ``{"out": printed text, "exc": the exception's last line or None}``.
    """
    buffer = io.StringIO()
    saved = sys.stdout
    sys.stdout = buffer
    exc = None
    try:
        exec(compile(source, filename, mode), namespace)
    except BaseException as err:  # the example's failure is its result
        exc = traceback.format_exception_only(type(err), err)[-1]
    finally:
        sys.stdout = saved
    return {"out": buffer.getvalue(), "exc": exc}


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Run the setup, then each example, reporting the results after every one."""
    namespace: Dict[str, Any] = {"__name__": NAMESPACE_NAME}
    results: List[Dict[str, Any]] = []
    setup = (run_source(payload["setup"], "<setup>", namespace, "exec") if payload["setup"]
             else {"exc": None})
    if setup["exc"] is not None:
        report({"setup_error": setup["exc"], "results": []})
        return
    for index, source in enumerate(payload["sources"]):
        results.append(run_source(source, "<example %d>" % (index + 1), namespace))
        report({"setup_error": None, "results": results})
