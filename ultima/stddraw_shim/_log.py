"""The draw log: one JSON object per draw call, kept in memory and/or written as JSON lines.

A grader reads it to check what a program drew without looking at pixels: the canvas size, where
each picture went and in which order. Floats are rounded to 3 decimals so that the log reads the
same on every platform.
"""

import json
import os
from typing import IO, Any, Dict, List, Optional

__all__ = ["DrawLog", "read_log", "shown_frame"]

DECIMALS = 3
Record = Dict[str, Any]


class DrawLog:
    """Collect draw records in memory (when asked) and append them to a JSON-lines file."""

    def __init__(self, path: Optional[str], keep_in_memory: bool) -> None:
        """Log to the file ``path`` (None for no file), keeping records in memory if asked."""
        self._path = path
        self._file: Optional[IO[str]] = None
        self._memory: Optional[List[Record]] = [] if keep_in_memory else None

    def write(self, record: Record) -> None:
        """Add one record (a dict of JSON-ready values)."""
        record = _rounded(record)
        if self._memory is not None:
            self._memory.append(record)
        if self._path is not None:
            if self._file is None:
                self._file = open(self._path, "w", encoding="utf-8")
            self._file.write(json.dumps(record, separators=(",", ":")) + "\n")

    def records(self, start: int = 0) -> List[Record]:
        """Return the records kept in memory from number ``start`` on (0 for every one; empty
        when the log keeps none)."""
        return [dict(record) for record in (self._memory or [])[start:]]

    def flush(self) -> None:
        """Push written lines to the file, so a reader sees every frame shown so far."""
        if self._file is not None:
            self._file.flush()

    def close(self) -> None:
        """Close the file; later records are no longer written to it."""
        if self._file is not None:
            self._file.close()
        self._path = None
        self._file = None


def read_log(path: str) -> List[Record]:
    """Return the records of a JSON-lines draw log file, in order."""
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def shown_frame(records: List[Record]) -> List[Record]:
    """Return the records that make up the frame last shown, or [] if none was shown.

    They are the canvas it was drawn on, then every clear and picture that went into it
    since the last clear before that show, in order: enough to draw the frame again from
    the picture files (shapes and text are not included). A picture drawn again later at
    the same place is kept only where it was drawn last (a program that redraws its whole
    world every frame would otherwise repeat it frame after frame), and a picture file given
    by an absolute path is named relative to the working directory.
    """
    shown = max((record["frame"] for record in records if record["op"] == "show"),
                default=None)
    if shown is None:
        return []
    canvases = [record for record in records
                if record["op"] == "canvas" and record["frame"] <= shown]
    parts = [record for record in records
             if record["op"] in ("clear", "picture") and record["frame"] <= shown]
    clears = [index for index, record in enumerate(parts) if record["op"] == "clear"]
    parts = parts[clears[-1] if clears else 0:]
    last_drawn = {_place(record): index for index, record in enumerate(parts)}
    parts = [dict(record, file=os.path.relpath(record["file"]))
             if record["op"] == "picture" and os.path.isabs(record.get("file") or "") else record
             for index, record in enumerate(parts) if last_drawn[_place(record)] == index]
    return canvases[-1:] + parts


def _place(record: Record) -> tuple:
    """Return what makes two frame records draw the same pixels: a picture's file, centre
    and size (a frame holds at most one clear, its first record)."""
    if record["op"] != "picture":
        return ("clear",)
    return record.get("file"), record["x"], record["y"], record.get("w"), record.get("h")


def _rounded(value: Any) -> Any:
    """Return ``value`` with every float inside it rounded to DECIMALS places."""
    if isinstance(value, float):
        return round(value, DECIMALS)
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_rounded(item) for item in value]
    return value
