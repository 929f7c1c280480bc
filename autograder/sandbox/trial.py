"""Which isolation level a sandbox gets: tried for real once per process."""

import functools
import tempfile
from pathlib import Path
from typing import List, Mapping, Optional, Sequence

from .core import SandboxCore
from .levels import LEVELS, level_for
from .results import Limits, SandboxError
from .server.protocol import IsolationLevel

# The time budget of each check detect_isolation makes.
TRIAL_TIMEOUT_S = 10.0
# The levels a trial decides between, strongest first; the last level is what is left.
TRIED_LEVELS = tuple(level.value for level in LEVELS if level.tried)


@functools.lru_cache(maxsize=None)
def detect_isolation() -> IsolationLevel:
    """Return the strongest isolation level this machine provides, tried once and cached.

    Each candidate level is tried for real: a sandbox starts, answers a call
    and starts a new interpreter (``python -I -S -c pass``: with a flag of its own, the run
    is exec'd, not forked from the server).
    """
    for level in TRIED_LEVELS:
        if level_missing(level) is None and _level_works(level):
            return level
    return LEVELS[-1].value


class Sandbox(SandboxCore):
    """A :class:`SandboxCore` that, given no level, takes the strongest one this machine
    provides (:func:`detect_isolation`, tried once per process)."""

    def default_level(self) -> IsolationLevel:
        """Return :func:`detect_isolation`'s level."""
        return detect_isolation()


def start_sandbox(submission_dir: Path, support_files: Mapping[str, Path],
                  limits: "Limits", level: Optional[IsolationLevel] = None,
                  modules: Sequence[str] = (), preload: Sequence[str] = (),
                  launched: Optional["Sandbox"] = None) -> "Sandbox":
    """Start and return a sandbox (the other arguments are :class:`Sandbox`'s).

    With ``level`` None and no level detected yet in this process, the strongest level the
    machine may have is given :func:`detect_isolation`'s trial on this very sandbox: where
    it works, no sandbox is started only to find that out. Where it fails, for whatever
    reason, the levels are tried as :func:`detect_isolation` tries them, on an empty
    folder, so a submission can never lower its own isolation.

    Args:
        launched: a sandbox of the same arguments from :func:`launch_sandboxes`, entered
            (and tried, as above) instead of a new one; if it cannot be, a new one starts.

    Raises:
        SandboxError: as :class:`Sandbox` does.
    """
    on_trial = level is None and detect_isolation.cache_info().currsize == 0
    if launched is None and on_trial:
        launched = _launched_at(_strongest_level(), submission_dir, support_files, limits,
                                modules, preload)
    if launched is not None:
        try:
            launched.__enter__()
        except SandboxError:
            pass
        else:
            if not on_trial or _passes_trial(launched):
                return launched
            launched.__exit__(None, None, None)
    return Sandbox(submission_dir, support_files, limits, level, modules=modules,
                   preload=preload).__enter__()


def launch_sandboxes(count: int, submission_dir: Path, support_files: Mapping[str, Path],
                     limits: "Limits", level: Optional[IsolationLevel] = None,
                     modules: Sequence[str] = (), preload: Sequence[str] = ()
                     ) -> List["Sandbox"]:
    """Launch ``count`` sandboxes (see :meth:`Sandbox.launch`) for :func:`start_sandbox` to
    enter later; the other arguments are its own.

    Returns:
        The sandboxes, at ``level``, or else at the level detected in this process, or else
        at the strongest level the machine may have (then each is tried as it is entered);
        none if one cannot be launched (each start then launches its own, and says why).
    """
    if level is None:
        level = (detect_isolation() if detect_isolation.cache_info().currsize
                 else _strongest_level())
    sandboxes = []
    for _ in range(count):
        sandbox = _launched_at(level, submission_dir, support_files, limits, modules, preload)
        if sandbox is None:
            for other in sandboxes:
                other.__exit__(None, None, None)
            return []
        sandboxes.append(sandbox)
    return sandboxes


def _strongest_level() -> Optional[IsolationLevel]:
    """Return the strongest level this machine may have (untried), or None."""
    return next((level for level in TRIED_LEVELS if level_missing(level) is None), None)


def _launched_at(level: Optional[IsolationLevel], submission_dir: Path,
                 support_files: Mapping[str, Path], limits: "Limits",
                 modules: Sequence[str], preload: Sequence[str]) -> Optional["Sandbox"]:
    """Return a sandbox launched at ``level``, or None where there is no level or it cannot
    be launched (the start that follows says why)."""
    if level is None:
        return None
    sandbox = Sandbox(submission_dir, support_files, limits, level, modules=modules,
                      preload=preload)
    try:
        sandbox.launch()
    except SandboxError:
        return None
    return sandbox


def level_missing(level: IsolationLevel) -> Optional[str]:
    """Return why ``level`` cannot be had on this machine, or None if it may work."""
    return level_for(level).missing()


def _level_works(level: IsolationLevel) -> bool:
    """Start a sandbox at ``level`` on an empty submission and check that it really works."""
    with tempfile.TemporaryDirectory() as empty:
        try:
            with Sandbox(Path(empty), level=level) as sandbox:
                return _passes_trial(sandbox)
        except SandboxError:
            return False


def _passes_trial(sandbox: "Sandbox") -> bool:
    """Return whether a started ``sandbox`` answers a call and starts a new interpreter."""
    try:
        called = sandbox.call("report(1)", timeout=TRIAL_TIMEOUT_S)
        ran = sandbox.run(["python", "-I", "-S", "-c", "pass"], timeout=TRIAL_TIMEOUT_S)
    except SandboxError:
        return False
    return called.observation == 1 and ran.returncode == 0 and ran.fault is None

