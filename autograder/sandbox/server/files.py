"""Copying, reading and removing trees, for the box and for every run's working copy."""

import os
import stat
from typing import Any, List, Optional, Tuple

from .frames import write_all


# Compiled files are left out of a submission's copy: a crafted .pyc would run
# code other than the source that static checks read.
COMPILED_DIR = "__pycache__"
COMPILED_SUFFIXES = (".pyc", ".pyo")
DIR_MODE = 0o755
FILE_MODE = 0o644
EXEC_MODE = 0o755
COPY_CHUNK_BYTES = 1 << 20


def copy_tree(source: str, target: str, skip_compiled: bool = False,
              skip_links: bool = False, skip_folder: Optional[Any] = None) -> None:
    """Copy the directories, regular files and symlinks of ``source`` into ``target``.

    ``target`` must exist.  Modes are normalised (directories 755, files 644 or
    755) so that every uid of the sandbox can read the copy; symlinks are copied
    as links, never followed (or, with ``skip_links``, left out: how the grader
    copies a submission, whose links it never trusts); fifos, sockets and devices
    are skipped because opening a fifo would hang the copy; a folder whose
    ``os.DirEntry`` makes ``skip_folder`` return True is left out whole.  Existing
    entries of ``target`` are replaced, which is how support files win over a
    submission's own.  Plain os calls keep the per-run copy cheap in a freshly
    forked child.

    Raises:
        OSError: a file cannot be read or written.
    """
    pending = [(source, target)]
    while pending:
        src_dir, dst_dir = pending.pop()
        with os.scandir(src_dir) as entries:
            for entry in entries:
                if skip_compiled and (entry.name == COMPILED_DIR
                                      or entry.name.endswith(COMPILED_SUFFIXES)):
                    continue
                dest = os.path.join(dst_dir, entry.name)
                if entry.is_symlink():
                    if not skip_links:
                        _replacing(dest, os.symlink, os.readlink(entry.path), dest)
                elif entry.is_dir():
                    if skip_folder is not None and skip_folder(entry):
                        continue
                    if not (os.path.isdir(dest) and not os.path.islink(dest)):
                        _replacing(dest, os.mkdir, dest, DIR_MODE)
                    pending.append((entry.path, dest))
                elif entry.is_file():
                    copy_file(entry.path, dest)


# A tree no bigger than this (its files' bytes, its entries) is read into memory once, so
# that each run's working copy is written from there; a bigger one is copied for each run.
TREE_IN_MEMORY_BYTES = 16 << 20
TREE_IN_MEMORY_ENTRIES = 4096
FILE_ENTRY, FOLDER_ENTRY, LINK_ENTRY = "file", "folder", "link"


def read_tree(root: str, max_bytes: int = TREE_IN_MEMORY_BYTES,
              max_entries: int = TREE_IN_MEMORY_ENTRIES) -> Optional[List[Tuple[str, str, Any]]]:
    """Return the tree under ``root`` as (kind, relative path, content) entries, parents
    before their contents: a file's content is (mode, bytes), a folder's None, a link's
    its target.  Modes are normalised as ``copy_tree`` does; fifos, sockets and devices
    are left out.  Return None when the tree is larger than ``max_bytes`` or
    ``max_entries``.

    Raises:
        OSError: a file cannot be read.
    """
    entries: List[Tuple[str, str, Any]] = []
    size = 0
    pending = [""]
    while pending:
        folder = pending.pop()
        with os.scandir(os.path.join(root, folder)) as found:
            for entry in found:
                name = os.path.join(folder, entry.name)
                if entry.is_symlink():
                    entries.append((LINK_ENTRY, name, os.readlink(entry.path)))
                elif entry.is_dir():
                    entries.append((FOLDER_ENTRY, name, None))
                    pending.append(name)
                elif entry.is_file():
                    with open(entry.path, "rb") as handle:
                        data = handle.read(max_bytes - size + 1)
                    entries.append((FILE_ENTRY, name, (copied_mode(entry.stat().st_mode), data)))
                    size += len(data)
                if size > max_bytes or len(entries) > max_entries:
                    return None
    return entries


def write_tree(entries: List[Tuple[str, str, Any]], target: str) -> None:
    """Write the ``entries`` of ``read_tree`` into the empty folder ``target``.

    Raises:
        OSError: an entry cannot be written (or ``target`` was not empty).
    """
    for kind, name, content in entries:
        path = os.path.join(target, name)
        if kind == FILE_ENTRY:
            mode, data = content
            # The server's umask (022) leaves the mode as given.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
            try:
                write_all(fd, data)
            finally:
                os.close(fd)
        elif kind == FOLDER_ENTRY:
            os.mkdir(path, DIR_MODE)
        else:
            os.symlink(content, path)


def copied_mode(mode: int) -> int:
    """Return the normalised mode a copy of a file with ``mode`` gets: EXEC_MODE if its
    owner may run it, else FILE_MODE."""
    return EXEC_MODE if mode & stat.S_IXUSR else FILE_MODE


def copy_file(source: str, dest: str) -> None:
    """Copy the regular file ``source`` to ``dest`` (replacing it) with a normalised mode."""
    reader = os.open(source, os.O_RDONLY | os.O_CLOEXEC)
    try:
        mode = copied_mode(os.fstat(reader).st_mode)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC
        writer = _replacing(dest, os.open, dest, flags, mode)
        try:
            while True:
                chunk = os.read(reader, COPY_CHUNK_BYTES)
                if not chunk:
                    break
                write_all(writer, chunk)
            os.fchmod(writer, mode)
        finally:
            os.close(writer)
    finally:
        os.close(reader)


def _replacing(dest: str, create: Any, *args: Any) -> Any:
    """Call ``create(*args)`` to make ``dest``; if something is there already, remove it first."""
    try:
        return create(*args)
    except FileExistsError:
        remove_path(dest)
        return create(*args)


def remove_path(path: str) -> None:
    """Remove a file, link or directory tree at ``path``, whatever its permissions or depth."""
    if os.path.islink(path) or (os.path.lexists(path) and not os.path.isdir(path)):
        os.unlink(path)
    elif os.path.isdir(path):
        _remove_tree(path)


def _remove_tree(path: str) -> None:
    """Remove the directory tree ``path`` one directory at a time, without recursion.

    A submission may build a tree thousands of levels deep (deeper than Python's
    recursion limit and than a path may be long) and chmod its folders to 000: the walk
    holds one descriptor at a time, goes down by name and back up through "..", and
    unlocks what it cannot open (the server owns it, or is root).
    """
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    os.chmod(path, stat.S_IRWXU)
    current = os.open(path, flags)
    names: List[str] = []
    try:
        while True:
            child = None
            with os.scandir(current) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        child = entry.name
                        break
                    os.unlink(entry.name, dir_fd=current)
            if child is not None:
                os.chmod(child, stat.S_IRWXU, dir_fd=current, follow_symlinks=False)
                below = os.open(child, flags, dir_fd=current)
                os.close(current)
                current = below
                names.append(child)
                continue
            if not names:
                break
            above = os.open("..", flags, dir_fd=current)
            os.close(current)
            current = above
            os.rmdir(names.pop(), dir_fd=current)
    finally:
        os.close(current)
    os.rmdir(path)


def empty_directory(path: str, keep: Tuple[str, ...] = ()) -> None:
    """Remove every entry of directory ``path`` except the names in ``keep``."""
    try:
        names = os.listdir(path)
    except PermissionError:
        os.chmod(path, stat.S_IRWXU)
        names = os.listdir(path)
    except FileNotFoundError:
        return
    for name in names:
        if name not in keep:
            remove_path(os.path.join(path, name))


