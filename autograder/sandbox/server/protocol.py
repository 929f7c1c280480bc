"""The records that cross the control channel, and the closed sets they name."""

import enum

# The key of a request's id, which the response carries back (see Sandbox: the grader
# discards any answer that does not carry the id of its request).
REQUEST_ID = "id"

class IsolationLevel(enum.Enum):
    """How strongly submission code is separated from the machine (see the module doc)."""

    BWRAP = "bwrap"
    UNPRIVILEGED = "unprivileged"
    RLIMITS = "rlimits"


class Fault(enum.Enum):
    """Why a run did not end normally; ``RunResult.fault`` is None when it ended on its own."""

    TIMEOUT = "timeout"
    MEMORY = "memory"
    OUTPUT = "output"
    PROCESSES = "processes"
    CPU = "cpu"
    SIGNAL = "signal"
    SANDBOX = "sandbox"


