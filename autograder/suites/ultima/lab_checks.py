"""Check helpers shared by the Ultima suites (Ultima 0 and Ultima 0.1).

Both labs grade the same way that the handed-in files compile, that every class and method is
commented (a point per file) and that each file opens with a header, and both attach the world
as the game last drew it, checking the frame's size; the check modules of each suite call these
helpers with their own file lists. Every problem is listed for the student and, where it is a
matter of style, added to the tutor's findings.
"""

import ast
import base64
import binascii
import re
from typing import List, Optional, Sequence, Tuple

from autograder import CheckFailed, WrongOutput, static

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# A header field: a short label ending in a colon, then its value (maybe empty).
HEADER_LABEL = re.compile(r"([A-Za-z][A-Za-z ]{0,30}):(.*)")
# IHDR, the first chunk of every PNG, holds the width and height as 4-byte big-endian ints.
IHDR_TYPE = slice(12, 16)
IHDR_WIDTH = slice(16, 20)
IHDR_HEIGHT = slice(20, 24)
# The name under which the played world's last frame is attached to the report.
PLAY_PNG_NAME = "world_after_key_script.png"


def require_documented(submission, findings, name: str, class_required: bool = False) -> None:
    """Fail, listing each one, if a class or method of file ``name`` lacks a docstring or comment.

    Args:
        submission: the submission fixture (parses and reads the file).
        findings: the findings fixture; every missing comment is added to it.
        name: the file, such as ``"World.py"``.
        class_required: whether the file must define the class it is named after (a file
            without it has nothing to comment).

    Raises:
        WrongOutput: naming how many definitions lack a comment, with the list as details.
    """
    tree = submission.parse(name)
    if class_required:
        static.require_class(tree, name[:-len(".py")], name)
    remarks = static.undocumented(tree, submission.read_text(name), name)
    for remark in remarks:
        findings.add(remark)
    if remarks:
        raise WrongOutput(f"{len(remarks)} classes or methods of {name} have no docstring or "
                          f"comment", "\n".join(remarks))


def require_headers(submission, findings, names: Sequence[str]) -> None:
    """Fail if any of the files ``names`` does not open with a header comment or docstring.

    Args:
        submission: the submission fixture.
        findings: the findings fixture; each file without a header is added to it.
        names: the handed-in files to look at.

    Raises:
        WrongOutput: naming the files without a header.
    """
    missing = []
    for name in names:
        source = submission.read_text(name)
        if not static.has_header(source):
            missing.append(name)
            findings.add(f"{name}:1: no header comment or docstring")
        elif empty_header_fields(source):
            missing.append(name)
            findings.add(f"{name}: header fields left empty: "
                         f"{', '.join(empty_header_fields(source))}")
    if missing:
        raise WrongOutput(f"no complete header at the top of {', '.join(missing)} (the spec: "
                          f"the file name, your name, credits, a description, the class)")


def empty_header_fields(source: str) -> List[str]:
    """Return the labels of the header's fields left empty (``Author:`` and nothing after).

    The header is the file's opening comment lines or docstring; a label is a short line
    ending in a colon, empty when no text follows it on its line or on the next line
    before the next label or the header's end.
    """
    lines = _header_lines(source)
    empty = []
    for index, line in enumerate(lines):
        match = HEADER_LABEL.fullmatch(line)
        if not match:
            continue
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if not match.group(2).strip() and (not following or HEADER_LABEL.fullmatch(following)):
            empty.append(match.group(1))
    return empty


def _header_lines(source: str) -> List[str]:
    """Return the header's lines, stripped of comment marks: the leading comment block,
    or else the module docstring."""
    lines = []
    for raw in source.splitlines():
        text = raw.strip()
        if text.startswith("#"):
            lines.append(text.lstrip("#").strip())
        elif text or lines:
            break
    if lines:
        return [line for line in lines if line]
    try:
        docstring = ast.get_docstring(ast.parse(source)) or ""
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        docstring = ""
    return [line.strip() for line in docstring.splitlines() if line.strip()]


def require_compiles(submission, names: Sequence[str], optional: Sequence[str] = ()) -> None:
    """Fail if any of the files ``names`` is missing or does not compile.

    Args:
        submission: the submission fixture.
        names: the files to compile (never run).
        optional: files compiled too when the submission has them (such as Ultima.py).

    Raises:
        WrongOutput: naming the first problem, with all of them as details.
    """
    names = list(names) + [name for name in optional if submission.exists(name)]
    problems = []
    for name in names:
        try:
            source = submission.read_text(name)
        except CheckFailed as failure:
            problems.append(failure.message)
            continue
        try:
            compile(source, name, "exec", dont_inherit=True)
        except SyntaxError as err:
            problems.append(f"{name}:{err.lineno}: {err.msg}")
        except (ValueError, RecursionError, MemoryError) as err:
            problems.append(f"{name}: cannot be compiled ({type(err).__name__})")
    if problems:
        raise WrongOutput(f"{len(problems)} of {len(names)} files do not compile: {problems[0]}",
                          "\n".join(problems))


def decode_png(encoded: str) -> Optional[bytes]:
    """Return the bytes of a PNG the child sent as base64 text, or None if ``encoded`` is not
    base64 or what it holds is not a PNG image."""
    try:
        data = base64.b64decode(encoded.encode("ascii"), validate=True)
    except (binascii.Error, ValueError):
        return None
    return data if data.startswith(PNG_SIGNATURE) and data[IHDR_TYPE] == b"IHDR" else None


def attach_world_frame(attachments, png: bytes, command: str,
                       expected: Tuple[int, int]) -> None:
    """Attach ``png``, the world as ``command`` last drew it, for the instructor; then fail
    unless the frame is ``expected`` (width, height) pixels.

    Raises:
        WrongOutput: naming both sizes.
    """
    # The instructor sees the world the submission drew after the key script.
    attachments.add(PLAY_PNG_NAME, png)
    size = (int.from_bytes(png[IHDR_WIDTH], "big"), int.from_bytes(png[IHDR_HEIGHT], "big"))
    if size != expected:
        raise WrongOutput(f"`{command}`: the last frame is {size[0]}x{size[1]} pixels, "
                          f"expected {expected[0]}x{expected[1]}")
