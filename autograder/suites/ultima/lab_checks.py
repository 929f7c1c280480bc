"""Check helpers shared by the Ultima suites (Ultima 0 and Ultima 0.1).

Both labs grade the same way that the handed-in files compile, that every class and method is
commented (a point per file) and that each file opens with a header, and both attach the world
as the game last drew it, checking the frame's size; the check modules of each suite call these
helpers with their own file lists. Every problem is listed for the student and, where it is a
matter of style, added to the tutor's findings.

The attached frame is drawn by the grader (issue "Trust", class 1): the child that ran the
game reports which pictures its last frame was made of (``stddraw_shim.shown_frame``), and a
fresh child that runs none of the submission's code draws them again from the picture files.
So the image an instructor opens is the grader's drawing, never bytes the submission chose.
"""

import base64
import binascii
import math
import re
from pathlib import PurePosixPath
from typing import Any, List, Optional, Sequence, Tuple

from autograder import CheckFailed, WrongOutput, static
from autograder.records import Finding

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# A header field: a label, the text before the line's first colon, then its value (maybe
# empty). See empty_header_fields for when a label is a field and when it is a sentence.
HEADER_LABEL = re.compile(r"([^:]{1,40}):(.*)")
LABEL_WORD = re.compile(r"[A-Za-z][\w'().&/-]*")
MAX_LABEL_WORDS = 2
# The names headers give their fields (the spec's "the file name, your name, credits, a
# description of the file, the class and other useful information", and the usual others),
# in lower case letters and spaces: "Author(s)" is "authors", "E-mail" is "email".
HEADER_FIELD_NAMES = frozenset({
    "file", "filename", "file name", "files", "module", "program", "program name", "script",
    "name", "names", "author", "authors", "by", "written by", "student", "student name",
    "students", "programmer", "programmers", "your name", "partner", "partners",
    "collaborator", "collaborators", "credits", "credit", "sources", "source", "references",
    "acknowledgements", "acknowledgments", "help", "help from", "resources", "citations",
    "description", "file description", "purpose", "summary", "overview", "about",
    "class", "classes", "class name", "date", "due date", "due", "created", "modified",
    "last modified", "updated", "course", "class section", "section", "assignment", "lab",
    "project", "instructor", "professor", "teacher", "version", "email", "id", "student id",
    "title", "notes", "note", "other", "other information", "other useful information",
    "other info", "known bugs", "bugs", "usage", "license", "copyright",
})
# IHDR, the first chunk of every PNG, holds the width and height as 4-byte big-endian ints.
IHDR_TYPE = slice(12, 16)
IHDR_WIDTH = slice(16, 20)
IHDR_HEIGHT = slice(20, 24)
# The name under which the played world's last frame is attached to the report.
PLAY_PNG_NAME = "world_after_key_script.png"
# Bounds on a reported frame: records (a 50 x 50 map's tiles, monsters and avatar fit many
# times over), canvas side in pixels, colour component.
MAX_FRAME_RECORDS = 20_000
MAX_CANVAS_PX = 8192
MAX_COLOR = 255

# Runs in a child of its own, with none of the submission's code: draws a frame's clears and
# pictures on a headless canvas of the frame's size (pixels, y up) and reports it as a PNG.
# A picture whose file cannot be read is left out.
REDRAW_DRIVER = """
    import base64, os, tempfile
    import stddraw_shim
    os.environ[stddraw_shim.ENV_HEADLESS] = "1"
    from stddraw_shim import stddraw
    from stddraw_shim.color import Color
    from stddraw_shim.picture import Picture
    width, height = payload["canvas"]
    stddraw.setCanvasSize(width, height)
    stddraw.setXscale(0, width)
    stddraw.setYscale(0, height)
    pictures = {}
    for op in payload["ops"]:
        if op[0] == "clear":
            stddraw.clear(Color(*op[1:]))
            continue
        if op[1] not in pictures:
            try:
                pictures[op[1]] = Picture(op[1])
            except Exception:
                pictures[op[1]] = None
        if pictures[op[1]] is not None:
            stddraw.picture(pictures[op[1]], op[2], op[3])
    stddraw.show(0)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "frame.png")
        stddraw_shim.save_frame(path)
        with open(path, "rb") as handle:
            report(base64.b64encode(handle.read()).decode("ascii"))
"""


def require_documented(submission, findings, name: str) -> None:
    """Fail, listing each one, if a class or method of file ``name`` lacks a docstring or
    comment, or if the file does not define the class it is named after (a file with
    nothing in it has nothing commented: the spec asks for comments on its classes).

    Args:
        submission: the submission fixture (parses and reads the file).
        findings: the findings fixture; every missing comment is added to it.
        name: the file, such as ``"World.py"``.

    Raises:
        WrongOutput: the class is missing, or naming how many definitions lack a comment,
            with the list as details.
    """
    tree = submission.parse(name)
    static.require_class(tree, name[:-len(".py")], name)
    remarks = static.undocumented(tree, submission.read_source(name), name)
    for remark in remarks:
        findings.add(remark)
    if remarks:
        raise WrongOutput(f"{len(remarks)} classes or methods of {name} have no docstring or "
                          f"comment", "\n".join(str(remark) for remark in remarks))


def require_headers(submission, findings, names: Sequence[str]) -> None:
    """Fail if any of the files ``names`` has no header or leaves a field of it empty.

    What a header is, is ``static.has_header``'s rule (words in the comments or docstring
    above the first code); what an empty field is, is :func:`empty_header_fields`'s.

    Args:
        submission: the submission fixture.
        findings: the findings fixture; each file without a header is added to it.
        names: the handed-in files to look at.

    Raises:
        WrongOutput: naming the files without a header.
    """
    missing = []
    for name in names:
        source = submission.read_source(name)
        if not static.has_header(source):
            missing.append(name)
            findings.add(Finding(name, 1, "no header comment or docstring"))
        elif empty_header_fields(source):
            missing.append(name)
            findings.add(Finding(name, None, f"header fields left empty: "
                                             f"{', '.join(empty_header_fields(source))}"))
    if missing:
        raise WrongOutput(f"no complete header at the top of {', '.join(missing)} (the spec: "
                          f"the file name, your name, credits, a description, the class)")


def empty_header_fields(source: str) -> List[str]:
    """Return the labels of the header's fields left empty (``Author:`` and nothing after).

    The rule, as a marker reads a header (``static.header_blocks`` says what the header is:
    the comments and docstring above the first code, decoration set aside):

    - a field is a line ``Label: value`` whose label, the text before its first colon, is a
      known header field name (HEADER_FIELD_NAMES: Author, Name, Credits, File, Description,
      Class, Date, ...) or any label of one or two words. A longer run of words before a
      colon is a sentence ("Defines the World class: ..."), never a field;
    - a field is empty when nothing follows its colon and, in its block of the header, the
      next line is a known field at the same or a shallower indent, or there is no next
      line. Anything else after it is its value: text on the next line, an indented block, a
      paragraph, a bullet list, lines such as ``w: move north``.

    A header without fields has none empty; whether it names the author is not judged here.

    >>> empty_header_fields('# Author:\\n# File: World.py\\n')
    ['Author']
    >>> empty_header_fields("'''World.py\\n\\nThe keys it handles:\\nw: north\\n'''")
    []
    """
    empty = []
    for block in static.header_blocks(source):
        for index, (indent, text) in enumerate(block):
            field = _header_field(text)
            if field is None or field[1]:
                continue
            following = block[index + 1] if index + 1 < len(block) else None
            if following is None or (following[0] <= indent
                                     and _known_field(following[1])):
                empty.append(field[0])
    return empty


def _header_field(text: str) -> Optional[Tuple[str, str]]:
    """Return (label, value) if the header line ``text`` is a field (see the rule above).

    A reStructuredText field (``:Author: Jane``) is read as ``Author: Jane``.
    """
    match = HEADER_LABEL.fullmatch(text[1:] if text.startswith(":") else text)
    if not match:
        return None
    label, value = match.group(1).strip(), match.group(2).strip()
    words = label.split()
    if _field_name(label) in HEADER_FIELD_NAMES or (
            len(words) <= MAX_LABEL_WORDS and all(LABEL_WORD.fullmatch(w) for w in words)):
        return label, value
    return None


def _known_field(text: str) -> bool:
    """Return True if the header line ``text`` is a field with a known header field name."""
    field = _header_field(text)
    return field is not None and _field_name(field[0]) in HEADER_FIELD_NAMES


def _field_name(label: str) -> str:
    """Return ``label`` as HEADER_FIELD_NAMES spells names: lower case letters and spaces."""
    return " ".join(re.sub(r"[^a-z ]", "", label.lower()).split())


def require_classes(submission, names: Sequence[str]) -> None:
    """Fail unless each of the files ``names`` defines the class it is named after (the
    spec's Tile in Tile.py, and so on): without it there is no program to compile or run.

    Raises:
        WrongOutput: the file does not parse, or its class is missing.
    """
    for name in names:
        static.require_class(submission.parse(name), name[:-len(".py")], name)


def require_compiles(submission, names: Sequence[str], optional: Sequence[str] = ()) -> None:
    """Fail if any of the files ``names`` is missing, does not compile or does not define
    the class it is named after (:func:`require_classes`).

    Args:
        submission: the submission fixture.
        names: the files to compile (never run).
        optional: files compiled too when the submission has them (such as Ultima.py).

    Raises:
        WrongOutput: naming the first problem, with all of them as details.
    """
    required = names
    names = list(names) + [name for name in optional if submission.exists(name)]
    problems = []
    for name in names:
        try:
            source = submission.read_source(name)
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
    require_classes(submission, required)


def frame_to_draw(records: Any) -> Tuple[Tuple[int, int], List[list]]:
    """Return the canvas size and the drawing operations of a frame a child reported.

    ``records`` is what ``stddraw_shim.shown_frame`` returns: the canvas record, then clears
    and pictures. A picture whose file is not a plain relative path in the submission's
    folder is left out (the redrawing child could not open it there).

    Raises:
        WrongOutput: nothing was shown, or the records are not a frame (the submission
            interfered with the drawing module): the submission's failure.
    """
    if not isinstance(records, list) or not records:
        raise WrongOutput("the game showed no frame")
    if len(records) > MAX_FRAME_RECORDS or not all(isinstance(r, dict) for r in records):
        raise WrongOutput("the last frame could not be observed (the drawing log is malformed)")
    canvas, ops = records[0], []
    size = (canvas.get("w"), canvas.get("h"))
    if canvas.get("op") != "canvas" or not all(_whole(side, 1, MAX_CANVAS_PX) for side in size):
        raise WrongOutput("the last frame could not be observed (no canvas size)")
    for record in records[1:]:
        op = record.get("op")
        if op == "clear" and _color(record.get("color")):
            ops.append(["clear", *record["color"]])
        elif op == "picture" and _number(record.get("x")) and _number(record.get("y")):
            if _plain_file(record.get("file")):
                ops.append(["picture", record["file"], record["x"], record["y"]])
        else:
            raise WrongOutput(f"the last frame could not be observed (a record {op!r})")
    return size, ops


def redraw_frame(sandbox, records: Any) -> bytes:
    """Return the PNG of a reported frame as the grader draws it again (see the module).

    Raises:
        WrongOutput: the frame is malformed or could not be drawn.
    """
    size, ops = frame_to_draw(records)
    png = decode_png(str(sandbox.probe(REDRAW_DRIVER, args={"canvas": list(size),
                                                            "ops": ops})))
    if png is None:
        raise WrongOutput("the last frame could not be drawn again as a PNG image")
    return png


def _whole(value: Any, lowest: int, highest: int) -> bool:
    """Return True for an int (not a bool) from ``lowest`` to ``highest``."""
    return isinstance(value, int) and not isinstance(value, bool) and lowest <= value <= highest


def _number(value: Any) -> bool:
    """Return True for a finite int or float (not a bool)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def _color(value: Any) -> bool:
    """Return True for a list of three colour components, 0 to 255."""
    return (isinstance(value, list) and len(value) == 3
            and all(_whole(part, 0, MAX_COLOR) for part in value))


def _plain_file(value: Any) -> bool:
    """Return True for a relative file path that stays inside the folder it is read in."""
    if not isinstance(value, str) or not value or "\\" in value or "\0" in value:
        return False
    path = PurePosixPath(value)
    return not path.is_absolute() and ".." not in path.parts


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
