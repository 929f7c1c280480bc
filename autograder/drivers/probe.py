"""The guard every probe's driver runs in, in the sandbox child.

A probe's source is its driver module's text, then this module's, then the call
``probe_guard(main, payload, report, more)``: whatever the submission does inside the driver's
``main`` (raise, exit, print), the grader receives either ``{"value": ...}``, the last
value the driver reported, or ``{"exception": ..., "traceback": ...}``, a description of
what was raised. The host reads the envelope with :data:`SHAPE`, then the value with the
driver's own ``SHAPE`` (``autograder.harness.Runner.probe``).
"""

import traceback
from typing import Any, Callable, Optional, TypedDict, Union


class Reported(TypedDict):
    """The driver reported a value."""

    value: Any


class Raised(TypedDict):
    """The driver, or the submission it called, raised: its last line and traceback."""

    exception: str
    traceback: str


SHAPE = Union[Reported, Raised]


# A driver's main that takes this many parameters is also given ``pause``.
PAUSING_MAIN_PARAMETERS = 3


def probe_guard(driver_main: Callable[..., None], payload: Any,
                report: Callable[[Any], None], more: Optional[Callable[[], Any]] = None) -> None:
    """Run ``driver_main(payload["args"], report_value)`` and report what came of it.

    A driver whose ``main`` takes a third parameter, ``pause``, gets ``more``: calling it
    makes the child wait while the grader looks at it from outside (the kernel's count of
    its threads, ``Runner.probe_counting_threads``), then goes on.

    Args:
        driver_main: the driver module's ``main``.
        payload: the sandbox's payload; the driver's own is under ``"args"``.
        report: the sandbox's report function.
        more: the sandbox's ``more`` (waits for the grader's next payload), if any.
    """
    def report_value(value: Any) -> None:
        """Send the driver's ``value`` in its envelope."""
        report({"value": value})

    pausing = more is not None and driver_main.__code__.co_argcount >= PAUSING_MAIN_PARAMETERS
    try:
        driver_main(payload["args"], report_value, *([more] if pausing else []))
    except BaseException as err:  # the submission's failure is data for the grader
        report({"exception": traceback.format_exception_only(type(err), err)[-1].strip(),
                "traceback": "".join(traceback.format_exception(type(err), err,
                                                                err.__traceback__))})
