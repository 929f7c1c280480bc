"""Frames of the control channel and of a child's report pipe: length-prefixed JSON."""

import base64
import json
import os
import struct
from typing import Any, Dict, Optional


FRAME_HEADER = struct.Struct(">I")
# A request carries the check's extra files, so it may be large, but not unbounded.
MAX_FRAME_BYTES = 512 << 20
REPORT_KIND = b"R"
FAULT_KIND = b"F"
# Sent once the driver itself has returned: nothing reported after it counts (student
# code may still run then, in threads and exit handlers, and could report too).
SEAL_KIND = b"S"
# Sent by a held call's driver in ``more()``: it waits for the grader's next payload.
PAUSE_KIND = b"P"
REPORT_HEADER = struct.Struct(">cI")
# The largest report frame a child may send; a bigger one stops its run.
MAX_REPORT_BYTES = 16 << 20


def encode_frame(message: Dict[str, Any]) -> bytes:
    """Return ``message`` as a frame: a 4-byte big-endian length, then UTF-8 JSON."""
    body = json.dumps(message, separators=(",", ":")).encode("utf-8")
    return FRAME_HEADER.pack(len(body)) + body


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to the blocking file descriptor ``fd``."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def read_exactly(fd: int, size: int) -> Optional[bytes]:
    """Read ``size`` bytes from blocking ``fd``; return None on end of file."""
    chunks = []
    while size:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_frame(fd: int) -> Optional[Dict[str, Any]]:
    """Read one frame from blocking ``fd`` and decode it; None on end of file.

    Raises:
        ValueError: the frame is larger than MAX_FRAME_BYTES or not a JSON object.
    """
    header = read_exactly(fd, FRAME_HEADER.size)
    if header is None:
        return None
    (size,) = FRAME_HEADER.unpack(header)
    if size > MAX_FRAME_BYTES:
        raise ValueError("frame of {} bytes exceeds {}".format(size, MAX_FRAME_BYTES))
    body = read_exactly(fd, size)
    if body is None:
        return None
    message = json.loads(body.decode("utf-8"))
    if not isinstance(message, dict):
        raise ValueError("frame is not a JSON object")
    return message


def pack_bytes(data: bytes) -> str:
    """Return ``data`` as base64 text, the way bytes cross the JSON protocol."""
    return base64.b64encode(data).decode("ascii")


def unpack_bytes(text: str) -> bytes:
    """Return the bytes that ``pack_bytes`` turned into ``text``."""
    return base64.b64decode(text.encode("ascii"))


