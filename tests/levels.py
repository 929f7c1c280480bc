"""The sandbox's isolation levels as test parameters: each skipped where this machine lacks it.

Tests that must hold at every level (attacks, the sandbox's own promises) take ``LEVELS``:
``bwrap`` needs bubblewrap installed, ``unprivileged`` needs root, ``rlimits`` runs anywhere.
"""

import os
import shutil

import pytest

from autograder.sandbox import IsolationLevel

__all__ = ["HAS_BWRAP", "IS_ROOT", "LEVELS"]

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
HAS_BWRAP = shutil.which("bwrap") is not None
LEVELS = [
    pytest.param(IsolationLevel.BWRAP, id="bwrap",
                 marks=pytest.mark.skipif(not HAS_BWRAP, reason="bwrap is not installed")),
    pytest.param(IsolationLevel.UNPRIVILEGED, id="unprivileged",
                 marks=pytest.mark.skipif(not IS_ROOT, reason="needs root")),
    pytest.param(IsolationLevel.RLIMITS, id="rlimits"),
]
