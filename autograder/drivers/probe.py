"""The guard every probe's driver runs in, in the sandbox child.

A probe's source is its driver module's text, then this module's, then the call
``probe_guard(main, payload, report)``: whatever the submission does inside the driver's
``main`` (raise, exit, print), the grader receives either ``{"value": ...}``, the last
value the driver reported, or ``{"exception": ..., "traceback": ...}``, a description of
what was raised. The host reads the envelope with :data:`SHAPE`, then the value with the
driver's own ``SHAPE`` (``autograder.harness.Runner.probe``).
"""

import traceback
from typing import Any, Callable, TypedDict, Union


class Reported(TypedDict):
    """The driver reported a value."""

    value: Any


class Raised(TypedDict):
    """The driver, or the submission it called, raised: its last line and traceback."""

    exception: str
    traceback: str


SHAPE = Union[Reported, Raised]


def probe_guard(driver_main: Callable[[Any, Callable[[Any], None]], None], payload: Any,
                report: Callable[[Any], None]) -> None:
    """Run ``driver_main(payload["args"], report_value)`` and report what came of it.

    Args:
        driver_main: the driver module's ``main``.
        payload: the sandbox's payload; the driver's own is under ``"args"``.
        report: the sandbox's report function.
    """
    try:
        driver_main(payload["args"], lambda value: report({"value": value}))
    except BaseException as err:  # the submission's failure is data for the grader
        report({"exception": traceback.format_exception_only(type(err), err)[-1].strip(),
                "traceback": "".join(traceback.format_exception(type(err), err,
                                                                err.__traceback__))})
