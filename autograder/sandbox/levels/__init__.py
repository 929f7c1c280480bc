"""The isolation levels, one class each, strongest first (see the package doc).

Each class answers every question asked of its level: what is missing on this machine,
the interpreter its children run, the process plan, where the box lives, the command that
starts the server, the server's configuration and set-up (inherited from ``server.levels``,
which runs in the box) and what the report says the level does not protect.
"""

from typing import Dict, Tuple

from ..server.protocol import IsolationLevel
from .base import Level
from .bwrap import Bwrap
from .rlimits import Rlimits
from .unprivileged import Unprivileged

# Strongest first: the order in which they are tried, the last what is left.
LEVELS: Tuple[Level, ...] = (Bwrap(), Unprivileged(), Rlimits())
_BY_VALUE: Dict[IsolationLevel, Level] = {level.value: level for level in LEVELS}
# What each level below bwrap does not protect, by name, said once in every report.
LEVEL_CAVEATS: Dict[str, str] = {level.value.value: level.caveat for level in LEVELS
                                 if level.caveat}


def level_for(value: IsolationLevel) -> Level:
    """Return the class that answers for the isolation level ``value``."""
    return _BY_VALUE[value]
