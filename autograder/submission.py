"""A student's submission as the grader sees it: files to read, never code to run.

Static checks read source through :class:`Submission`. Reading is bounded (a 50 MB file
is reported, not parsed) and parsing is guarded, so even a hostile file cannot crash the
trusted process; code is run only by :mod:`autograder.sandbox`. The trusted side never
follows a link or opens a special file of a submission: ``report.txt ->
/proc/self/environ`` is no file of the student's, and neither is a fifo.
"""

import ast
import os
import stat
from pathlib import Path
from typing import List, Optional

from autograder.outcome import NotApplicable, WrongOutput

__all__ = ["MAX_SOURCE_BYTES", "Submission"]

# Source files larger than this are not read by static checks, in bytes.
MAX_SOURCE_BYTES = 2 << 20


class Submission:
    """The folder of files one student handed in.

    Args:
        path: the submission folder.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path).resolve()

    @property
    def name(self) -> str:
        """Return the submission's name (its folder's name)."""
        return self.path.name

    def _regular(self, name: str) -> Optional[Path]:
        """Return the path of ``name`` if it is a regular file reached through no link."""
        path = self.path
        for part in Path(name).parts:
            if part in ("..", "/"):
                return None
            path = path / part
            try:
                mode = os.lstat(path).st_mode
            except (OSError, ValueError):
                return None
            if stat.S_ISLNK(mode):
                return None
        return path if stat.S_ISREG(mode) else None

    def exists(self, name: str) -> bool:
        """Return True when the submission has the regular file ``name`` (links do not count)."""
        return self._regular(name) is not None

    def files(self) -> List[str]:
        """Return the names of every regular file in the submission, relative and sorted.

        Links are neither followed nor listed; names that are not valid text are skipped.
        """
        found = []
        for root, dirs, names in os.walk(self.path, followlinks=False):
            dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(root, d))]
            for name in names:
                relative = os.path.relpath(os.path.join(root, name), self.path)
                try:
                    relative.encode("utf-8")
                except UnicodeEncodeError:
                    continue
                if self._regular(relative) is not None:
                    found.append(relative)
        return sorted(found)

    def read_text(self, name: str) -> str:
        """Return the text of the file ``name``.

        Raises:
            NotApplicable: the file is missing.
            WrongOutput: the file is too large or is not UTF-8 text.
        """
        path = self._regular(name)
        if path is None:
            raise NotApplicable(f"{name} is missing from the submission (a link or a "
                                f"special file does not count)")
        size = path.stat().st_size
        if size > MAX_SOURCE_BYTES:
            raise WrongOutput(f"{name} is {size} bytes, too large to read "
                              f"(limit {MAX_SOURCE_BYTES})")
        try:
            return path.read_bytes().decode("utf-8")
        except UnicodeDecodeError as err:
            raise WrongOutput(f"{name} is not UTF-8 text (byte {err.start})") from err

    def parse(self, name: str) -> ast.Module:
        """Return the syntax tree of the Python file ``name``.

        Raises:
            NotApplicable: the file is missing.
            WrongOutput: the file cannot be read or has a syntax error.
        """
        source = self.read_text(name)
        try:
            return ast.parse(source, filename=name)
        except SyntaxError as err:
            raise WrongOutput(f"{name}:{err.lineno}: syntax error: {err.msg}") from err
        except (RecursionError, MemoryError, ValueError) as err:
            raise WrongOutput(f"{name}: cannot be parsed ({type(err).__name__})") from err
