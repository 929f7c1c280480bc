"""Run a2.main() with the typed input and report what it printed, in the sandbox child.

End of input mid-game ends the run quietly (an EOFError there is reference only:
CLARIFICATIONS, End of DayZ). Read by ``check_play.py``. payload: the seed of the random
source.
"""

import contextlib
import io
import random
from typing import Any, Callable

# Everything main printed.
SHAPE = str


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Seed, run a2.main() and report its output."""
    import a2
    random.seed(payload)
    output = io.StringIO()
    try:
        with contextlib.redirect_stdout(output):
            a2.main()
    except EOFError:
        pass  # end of input mid-game is reference-only (CLARIFICATIONS, End of DayZ)
    report(output.getvalue())
