"""A student's submission as the grader sees it: files to read, never code to run.

Static checks read source through :class:`Submission`. Reading is bounded (a 50 MB file
is reported, not parsed) and parsing is guarded, so even a hostile file cannot crash the
trusted process; code is run only by :mod:`autograder.sandbox`.
"""

import ast
from pathlib import Path
from typing import List

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

    def exists(self, name: str) -> bool:
        """Return True when the submission has the file ``name``."""
        return (self.path / name).is_file()

    def files(self) -> List[str]:
        """Return the names of every file in the submission, relative and sorted."""
        return sorted(str(p.relative_to(self.path)) for p in self.path.rglob("*") if p.is_file())

    def read_text(self, name: str) -> str:
        """Return the text of the file ``name``.

        Raises:
            NotApplicable: the file is missing.
            WrongOutput: the file is too large or is not UTF-8 text.
        """
        path = self.path / name
        if not path.is_file():
            raise NotApplicable(f"{name} is missing from the submission")
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
