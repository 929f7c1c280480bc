"""Walking a submission's folder tree at any depth, on the grader's side.

A submission may hold a tree deeper than Python's recursion limit (a file 1,100 folders
down): ``os.walk``, ``Path.rglob`` and ``shutil.rmtree`` recurse once per level on the
Python versions students use (3.9 to 3.11), so they would end the grading with a
RecursionError. :func:`walk` keeps its own list of folders still to visit instead, and never
follows a link. (Inside the sandbox, ``autograder.sandbox.server.files.remove_path`` and
``copy_tree`` walk the same way.)
"""

import os
from typing import Iterator, List, Tuple

__all__ = ["walk"]


def walk(root: str) -> Iterator[Tuple[str, List[str], List[str]]]:
    """Yield ``(folder, sub-folder names, other entry names)`` for ``root`` and each folder
    below it, top-down, as ``os.walk(root, followlinks=False)`` does, without recursion.

    A link to a folder is listed with the other entries and never entered; a folder that
    cannot be read is skipped. As with ``os.walk``, the caller may remove names from the
    sub-folder list it is given to keep the walk out of them.

    Args:
        root: the folder to walk.

    Yields:
        One tuple per folder visited: its path, and its entries' names, sorted.
    """
    pending = [os.fspath(root)]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as found:
                entries = sorted(found, key=lambda entry: entry.name)
        except OSError:
            continue
        folders = [entry.name for entry in entries if entry.is_dir(follow_symlinks=False)]
        others = [entry.name for entry in entries if not entry.is_dir(follow_symlinks=False)]
        yield folder, folders, others
        pending.extend(os.path.join(folder, name) for name in reversed(folders))
