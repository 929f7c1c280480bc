"""What the grader asks of an isolation level: the base of the three level classes."""

import os
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

from ..layout import PythonLayout
from ..processes import UidSlot
from ..server.protocol import Config, IsolationLevel


class Level:
    """The grader's side of an isolation level; each level's class also extends the
    server's side of it (``server.levels``), so that one class answers every question
    about its level.

    Attributes:
        value: the level's name in the closed set.
        caveat: what the level does not protect, said once in every report ("" for none).
        tried: whether the level must pass a trial before it is trusted here (the weakest,
            which works anywhere, is what is left when the others fail theirs).
    """

    value: IsolationLevel
    caveat = ""
    tried = True

    def missing(self) -> Optional[str]:
        """Return why the level cannot be had on this machine, or None if it may work."""
        return None

    def interpreter(self, layout: PythonLayout) -> PythonLayout:
        """Return the interpreter the children run, given the one asked for (``layout``)."""
        return layout

    def reserve_uid(self, root: bool, capped: bool) -> Tuple[Optional[UidSlot], Optional[int]]:
        """Reserve the children's own uid where the level needs one.

        Args:
            root: the grader runs as root.
            capped: a pids cgroup caps the sandbox's processes.

        Returns:
            The reserved uid's slot (or None) and the uid bwrap itself runs as (or None).

        Raises:
            OSError: every uid slot is taken.
        """
        return None, None

    def process_cap(self, processes: int, root: bool) -> Tuple[int, bool]:
        """Return RLIMIT_NPROC for a sandbox without a pids cgroup, and whether the server
        adds the user's running processes to it.

        Args:
            processes: the limit on the run's processes.
            root: the grader runs as root.
        """
        return processes, False

    def box_parent(self, sources: Sequence[Path]) -> Optional[str]:
        """Return the folder to make a box of ``sources`` in, or None for the temporary
        directory (the runs of most levels write beside it, where TMPDIR says)."""
        return None

    def command(self, layout: PythonLayout, box: str, server: str,
                bwrap_uid: Optional[int]) -> List[str]:
        """Return the command that starts the server's bundle ``server`` for the box
        ``box``; ``bwrap_uid`` is the uid bwrap runs as, if it is not root's."""
        return [layout.executable, "-s", "-B", server]

    def configure(self, config: Config, layout: PythonLayout, box: str,
                  hide: Tuple[str, ...]) -> None:
        """Add to the server's configuration ``config`` what the level sets up in the box.

        Args:
            config: the configuration frame, complete but for the level's part.
            layout: the interpreter the children run.
            box: the box folder on the host.
            hide: more folders to cover from the children, where the level can.
        """


def is_root() -> bool:
    """Return whether the grader runs as root."""
    return os.geteuid() == 0
