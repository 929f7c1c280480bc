"""Import a2 and report that the import returned, in the sandbox child.

A module that ends the program while it is imported (``sys.exit(0)``) prints nothing, but
never reaches the report. Read by ``check_play.py``.
"""

from typing import Any, Callable

# True once the import has returned.
SHAPE = bool


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Import a2, then report True."""
    import a2  # noqa: F401 - the import itself is what is checked
    report(True)
