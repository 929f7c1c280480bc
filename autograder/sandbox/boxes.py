"""A sandbox's folder: where it lives, what is copied in, what is left out."""

import os
import stat
import tempfile
from pathlib import Path, PurePosixPath
from typing import List, Mapping, Optional, Sequence, Tuple

from .processes import PidsCgroup
from .results import MIB
from .server.files import remove_path

# Folders of a submission that no run needs, left out of its copy: version control,
# archivers', editors' and tools' folders. Virtual environments are left out too (a folder
# with a VENV_MARKER file). Handed in by mistake, they hold thousands of files, which every
# run would copy again.
TOOLING_FOLDERS = frozenset({".git", ".hg", ".svn", "__MACOSX", ".idea", ".vscode",
                             ".mypy_cache", ".pytest_cache", ".ruff_cache",
                             ".ipynb_checkpoints", ".tox", ".nox"})
VENV_MARKER = "pyvenv.cfg"
# Files Python may import a module from (besides a package folder).
IMPORTABLE_SUFFIXES = (".py", ".pyw", ".pyc", ".so", ".pyd")
# A folder holding this file is a package, whose modules runs import.
PACKAGE_MARKER = "__init__.py"
# Where a bwrap sandbox's box is made when it may be (see ram_box_parent): memory, if the
# folder has this much room left, for a tree of at most this many bytes.
RAM_TEMP_DIR = "/dev/shm"
# A sandbox's folder is named after the process that made it: BOX_PREFIX, its pid, "-", and
# a random part (see remove_leftovers).
BOX_PREFIX = "autograder-sandbox-"
RAM_TEMP_MIN_FREE_BYTES = 256 * MIB
RAM_BOX_MAX_BYTES = 32 * MIB


def remove_shadows(folder: Path, names: Sequence[str]) -> None:
    """Remove from ``folder`` what Python would import instead of the files ``names``.

    For ``a2_support.py`` that is a package ``a2_support/`` or an extension module
    ``a2_support.*.so`` beside it (the import system tries packages and extensions
    before source files); only top-level Python files are concerned.
    """
    stems = {PurePosixPath(name).stem: name for name in names
             if PurePosixPath(name).suffix == ".py" and len(PurePosixPath(name).parts) == 1}
    for stem, entry in _importable_entries(folder):
        if stem in stems and entry.name != stems[stem]:
            remove_path(str(entry))


def _importable_entries(folder: Path) -> List[Tuple[str, Path]]:
    """Return (top-level import name, entry) for each entry of ``folder`` that Python could
    import: a folder (a package) or a file with an importable suffix."""
    return [(entry.name.split(".", 1)[0], entry) for entry in folder.iterdir()
            if entry.is_dir() or entry.name.endswith(IMPORTABLE_SUFFIXES)]


def remove_leftovers(pid: int) -> None:
    """Wait for child process ``pid`` to end (it was killed: a grading past its time), then
    delete what the sandboxes it launched left behind: their folders (in memory and in the
    temporary directory) and their cgroups. Its servers die with it, but nothing removes its
    files. It is not reaped here (the caller reaps it afterwards), so that no other process
    can be given its pid, by which the leftovers are named, meanwhile.
    """
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    for parent in (RAM_TEMP_DIR, tempfile.gettempdir()):
        for folder in Path(parent).glob(box_prefix(pid) + "*"):
            try:
                remove_path(str(folder))
            except OSError:
                continue  # not this process's to remove, or gone already
    PidsCgroup.remove_leftovers(pid)


def box_prefix(pid: int) -> str:
    """Return how the folders of the sandboxes launched by process ``pid`` begin."""
    return "{}{}-".format(BOX_PREFIX, pid)


def ram_box_parent(sources: Sequence[Path]) -> Optional[str]:
    """Return the folder in memory to make a sandbox's box in, or None for the temporary
    directory (the bwrap level asks: see ``levels.bwrap``).

    A bwrap sandbox's box is only ever read once it is made (bwrap shows it read-only, and
    the runs write in bwrap's own memory), so where the user has not named a temporary
    directory (TMPDIR) and the tree is small, it is made in memory (RAM_TEMP_DIR, when that
    has room): a tree of a few hundred files is made there in a tenth of the time a disk
    takes. The other levels' runs write beside the box, which stays where TMPDIR says.
    """
    if os.environ.get("TMPDIR"):
        return None
    try:
        room = os.statvfs(RAM_TEMP_DIR)
    except OSError:
        return None
    if (not os.access(RAM_TEMP_DIR, os.W_OK | os.X_OK)
            or room.f_bavail * room.f_frsize < RAM_TEMP_MIN_FREE_BYTES
            or _bytes_over(sources, RAM_BOX_MAX_BYTES)):
        return None
    return RAM_TEMP_DIR


def _bytes_over(sources: Sequence[Path], limit: int) -> bool:
    """Return whether the files and folders ``sources`` hold more than ``limit`` bytes
    (symbolic links are not followed; the count stops once it is over)."""
    total = 0
    pending = [str(source) for source in sources]
    while pending:
        path = pending.pop()
        try:
            info = os.lstat(path)
            if stat.S_ISDIR(info.st_mode):
                pending.extend(os.path.join(path, name) for name in os.listdir(path))
            elif stat.S_ISREG(info.st_mode):
                total += info.st_size
        except OSError:
            continue  # the copy meets it, and says what is wrong
        if total > limit:
            return True
    return False


def is_tooling_folder(entry: "os.DirEntry[str]") -> bool:
    """Return whether the submission's folder ``entry`` is one no run needs (see
    TOOLING_FOLDERS)."""
    return entry.name in TOOLING_FOLDERS or os.path.isfile(os.path.join(entry.path, VENV_MARKER))


def is_support_module(name: str, support: Mapping[str, Path]) -> bool:
    """Return whether the top-level module ``name`` is one of the ``support`` files: a file
    ``name.py``, or a package ``name/`` with its ``__init__.py``."""
    if name + ".py" in support or name + "/" + PACKAGE_MARKER in support:
        return True
    folder = support.get(name)
    return folder is not None and (folder / PACKAGE_MARKER).is_file()


def remove_import_name(folder: Path, name: str) -> None:
    """Remove everything in ``folder`` that Python could import as the top-level ``name``
    (``name.py``, a package ``name/``, an extension ``name.*.so``)."""
    for stem, entry in _importable_entries(folder):
        if stem == name:
            remove_path(str(entry))


def relative_name(name: str) -> str:
    """Return ``name`` if it is a relative path that stays inside the sandbox.

    Raises:
        ValueError: ``name`` is empty, absolute or climbs out with "..".
    """
    path = PurePosixPath(name)
    if not name or path.is_absolute() or ".." in path.parts:
        raise ValueError("file name must be relative and stay inside the sandbox: {!r}".format(
            name))
    return str(path)


def variable(text: str, name: Optional[str] = None) -> str:
    """Return ``text`` if it can be an environment variable's name (or, with ``name``, value).

    Raises:
        ValueError: it holds a NUL, or it is a name that is empty or holds "=".
    """
    if "\0" in text or (name is None and (not text or "=" in text)):
        raise ValueError("invalid environment variable {!r}".format(name or text))
    return text

