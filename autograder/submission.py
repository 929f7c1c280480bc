"""A student's submission as the grader sees it: files to read, never code to run.

Static checks read source through :class:`Submission`. Reading is bounded (a 50 MB file
is reported, not parsed) and parsing is guarded, so even a hostile file cannot crash the
trusted process; code is run only by :mod:`autograder.sandbox`. The trusted side never
follows a link or opens a special file of a submission: ``report.txt ->
/proc/self/environ`` is no file of the student's, and neither is a fifo.

A Python file is read as the interpreter reads it (:func:`decode_source`): its byte order
mark and its coding declaration (PEP 263) decide how its bytes become text, and line ends
become ``\\n``. Read any other way, a file saved "UTF-8 with BOM" would look broken although
it runs, and a file declaring ``raw_unicode_escape`` could show the grader one program
while Python runs another (issues 33 and 34).
"""

import ast
import codecs
import io
import os
import stat
import tokenize
from pathlib import Path
from typing import List, Optional

from autograder.tree import walk
from autograder.outcome import NotApplicable, WrongOutput

__all__ = ["MAX_SOURCE_BYTES", "Submission", "decode_source", "decode_text"]

# Source files larger than this are not read by static checks, in bytes.
MAX_SOURCE_BYTES = 2 << 20
# Files with this suffix are Python sources, read as the interpreter reads them.
PYTHON_SUFFIX = ".py"
# What tokenize.detect_encoding calls UTF-8 after a byte order mark, which the decoding drops.
UTF8_WITH_BOM = "utf-8-sig"
# The encodings in which the interpreter decodes strings and names but skips comments undecoded
# (by default, after a BOM, or declared as "utf-8"; a declared "utf8" decodes everything).
LENIENT_UTF8 = ("utf-8", UTF8_WITH_BOM)


def _universal_newlines(text: str) -> str:
    """Return ``text`` with each ``\\r\\n`` and lone ``\\r`` made ``\\n``, as Python reads it."""
    return io.IncrementalNewlineDecoder(None, translate=True).decode(text, final=True)


def decode_source(data: bytes, name: str) -> str:
    """Return the text of the Python source ``data`` exactly as the interpreter reads it.

    As :func:`importlib.util.decode_source`: a UTF-8 byte order mark is honoured and dropped,
    a PEP 263 coding declaration on the first two lines is honoured (``latin-1``,
    ``raw_unicode_escape``...), and line ends become ``\\n``. Two details follow the
    interpreter's own tokenizer where ``tokenize`` is stricter: a declaration is found in
    the bytes even when its line holds bytes that are not UTF-8, and a UTF-8 file whose only
    bad bytes are in comments (which the interpreter never decodes, so it imports such a
    file) is read with each of them shown as U+FFFD.

    Args:
        data: the file's bytes.
        name: the file's name, for the message.

    Returns:
        The source text (the coding declaration, a comment, is left in it: ``ast.parse``
        and ``compile`` ignore one in text).

    Raises:
        WrongOutput: Python could not decode the file either, as in
            ``"a2.py: cannot be decoded as utf-8 (byte 57)"``.
    """
    try:
        # Found as the interpreter finds it, in bytes: a byte that is not UTF-8 on the first
        # two lines hides no declaration (tokenize would stop there, the interpreter does not).
        encoding = tokenize.detect_encoding(
            io.BytesIO(data.decode("utf-8", "replace").encode("utf-8")).readline)[0]
    except SyntaxError as err:
        raise WrongOutput(f"{name}: cannot be decoded ({err.msg})") from err
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        if encoding not in LENIENT_UTF8 or not _compiles(data):
            bom = len(codecs.BOM_UTF8) if encoding == UTF8_WITH_BOM else 0
            shown = "utf-8" if encoding == UTF8_WITH_BOM else encoding
            raise WrongOutput(f"{name}: cannot be decoded as {shown} (byte {err.start + bom})"
                              ) from err
        text = data.decode(encoding, "replace")
    except (UnicodeError, LookupError) as err:
        # A codec that is no text encoding ("hex"), or one that fails without a position.
        raise WrongOutput(f"{name}: cannot be decoded as {encoding} ({err})") from err
    return _universal_newlines(text)


def _compiles(data: bytes) -> bool:
    """Return whether Python compiles the source ``data`` (never running it)."""
    try:
        compile(data, "<source>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def decode_text(data: bytes, name: str) -> str:
    """Return the text of a file that is not Python (a report, a README): UTF-8, a byte
    order mark dropped, line ends made ``\\n``.

    Args:
        data: the file's bytes.
        name: the file's name, for the message.

    Raises:
        WrongOutput: the file is not UTF-8 text.
    """
    try:
        text = data.decode(UTF8_WITH_BOM)
    except UnicodeDecodeError as err:
        bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        raise WrongOutput(f"{name} is not UTF-8 text (byte {err.start + bom})") from err
    return _universal_newlines(text)


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
        for root, _dirs, names in walk(str(self.path)):
            for name in names:
                relative = os.path.relpath(os.path.join(root, name), self.path)
                try:
                    relative.encode("utf-8")
                except UnicodeEncodeError:
                    continue
                if self._regular(relative) is not None:
                    found.append(relative)
        return sorted(found)

    def read_bytes(self, name: str) -> bytes:
        """Return the bytes of the file ``name``.

        Raises:
            NotApplicable: the file is missing.
            WrongOutput: the file is too large.
        """
        path = self._regular(name)
        if path is None:
            raise NotApplicable(f"{name} is missing from the submission (a link or a "
                                f"special file does not count)")
        size = path.stat().st_size
        if size > MAX_SOURCE_BYTES:
            raise WrongOutput(f"{name} is {size} bytes, too large to read "
                              f"(limit {MAX_SOURCE_BYTES})")
        return path.read_bytes()

    def read_source(self, name: str) -> str:
        """Return the text of the Python file ``name`` as the interpreter reads it
        (see :func:`decode_source`).

        Raises:
            NotApplicable: the file is missing.
            WrongOutput: the file is too large or Python cannot decode it.
        """
        return decode_source(self.read_bytes(name), name)

    def read_text(self, name: str) -> str:
        """Return the text of the file ``name``: a Python file (``.py``) as the interpreter
        reads it (:meth:`read_source`), any other file as UTF-8 (:func:`decode_text`).

        Raises:
            NotApplicable: the file is missing.
            WrongOutput: the file is too large or cannot be decoded.
        """
        if name.endswith(PYTHON_SUFFIX):
            return self.read_source(name)
        return decode_text(self.read_bytes(name), name)

    def parse(self, name: str) -> ast.Module:
        """Return the syntax tree of the Python file ``name``, read as the interpreter reads it.

        Raises:
            NotApplicable: the file is missing.
            WrongOutput: the file cannot be read or has a syntax error.
        """
        source = self.read_source(name)
        try:
            return ast.parse(source, filename=name)
        except SyntaxError as err:
            raise WrongOutput(f"{name}:{err.lineno}: syntax error: {err.msg}") from err
        except (RecursionError, MemoryError, ValueError) as err:
            raise WrongOutput(f"{name}: cannot be parsed ({type(err).__name__})") from err
