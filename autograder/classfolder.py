"""A class folder: one submission per sub-folder or zip file, who handed it in, and what was
graded (a fingerprint of its files).

``discover`` lists a class folder the way every command that takes one reads it (``batch``,
``similarity``, ``grade`` of a zip): sub-folders and zip files, each a student, named from a
Gradescope export's ``submission_metadata.yml`` where there is one. ``unzip_submission``
extracts a zip with limits (no zip bomb, no member outside its folder) and ``unwrap`` finds
the submission inside the one folder students often put it in.
"""

import hashlib
import os
import re
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional

from autograder.suite import Suite
from autograder.tree import walk

__all__ = ["BatchEntry", "discover", "fingerprint", "unwrap", "unzip_submission"]

# Zip files are refused past these sizes (bytes in all, members) to stop zip bombs.
MAX_UNZIPPED_BYTES = 256 << 20
MAX_ZIP_MEMBERS = 5000
# How much of a file the batch's fingerprint reads at a time.
HASH_BLOCK_BYTES = 1 << 20
GRADESCOPE_METADATA = "submission_metadata.yml"
# How many single nested folders a submission may be wrapped in.
MAX_UNWRAP_LEVELS = 4
# Students' file names are cut to this many characters (file systems refuse 255 bytes).
MAX_NAME_CHARS = 80


@dataclass(frozen=True)
class BatchEntry:
    """One student's submission in the class folder.

    Attributes:
        student: the name used in file names and grades.csv (unique in the batch).
        source: the sub-folder or zip file holding the submission.
        identity: what the export itself says of the student, where it says it
            (a Gradescope export: ``submission_id``, ``sid``, ``email``, ``name``).
    """

    student: str
    source: Path
    identity: Mapping[str, str] = field(default_factory=dict)


def _safe_name(text: str) -> str:
    """Return ``text`` made safe to use as a file name (short, plain characters only)."""
    name = re.sub(r"[^A-Za-z0-9._@-]+", "_", text).strip("._") or "unnamed"
    if len(name) > MAX_NAME_CHARS:
        # Cut, but keep names that differ only past the cut apart.
        digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        name = name[:MAX_NAME_CHARS] + "_" + digest
    return name


def _gradescope_identities(folder: Path) -> Dict[str, Dict[str, str]]:
    """Return submission folder -> its first submitter's name, sid and email, and the
    submission id, from a Gradescope export's metadata.

    The file is YAML; only its simple top-level keys and the ``:name:``, ``:sid:`` and
    ``:email:`` lines of the first submitter are read, so no YAML library is needed.
    """
    metadata = folder / GRADESCOPE_METADATA
    if not metadata.is_file() or metadata.is_symlink():
        return {}
    identities: Dict[str, Dict[str, str]] = {}
    current: Optional[Dict[str, str]] = None
    for line in metadata.read_text(encoding="utf-8", errors="replace").splitlines():
        key = re.match(r"^([^\s:#][^:]*):\s*$", line)
        if key:
            name = key.group(1).strip()
            current = identities.setdefault(name, {})
            number = re.search(r"(\d+)$", name)
            if number:
                current["submission_id"] = number.group(1)
            continue
        field_line = re.match(r"^\s*-?\s*:(name|sid|email):\s*(.+?)\s*$", line)
        if field_line and current is not None and field_line.group(1) not in current:
            current[field_line.group(1)] = field_line.group(2).strip("'\"")
    return identities


def discover(submissions: Path) -> List[BatchEntry]:
    """Return one entry per sub-folder or zip file of ``submissions``, sorted by student.

    Raises:
        FileNotFoundError: ``submissions`` is not a folder.
    """
    if not submissions.is_dir():
        raise FileNotFoundError(f"{submissions}: no such submissions folder")
    identities = _gradescope_identities(submissions)
    entries, used = [], set()
    for path in sorted(submissions.iterdir()):
        if path.is_symlink() or not (path.is_dir() or (path.is_file()
                                                      and path.suffix.lower() == ".zip")):
            continue
        identity = identities.get(path.name) or identities.get(path.stem) or {}
        student = _safe_name(identity.get("name") or path.stem)
        if student in used and identity.get("submission_id"):
            # Two students of one name: the export's own id tells them apart.
            student = f"{student}_{identity['submission_id']}"
        while student in used:
            student += "_"
        used.add(student)
        entries.append(BatchEntry(student, path, dict(identity)))
    return entries


def unzip_submission(archive: Path, destination: Path) -> Path:
    """Extract ``archive`` safely into ``destination`` and return the submission folder.

    Raises:
        ValueError: the archive is not a zip, or is too large, or escapes its folder.
    """
    try:
        with zipfile.ZipFile(archive) as bundle:
            members = bundle.infolist()
            if len(members) > MAX_ZIP_MEMBERS:
                raise ValueError(f"{archive.name}: more than {MAX_ZIP_MEMBERS} files")
            if sum(m.file_size for m in members) > MAX_UNZIPPED_BYTES:
                raise ValueError(f"{archive.name}: unpacks to more than "
                                 f"{MAX_UNZIPPED_BYTES >> 20} MiB")
            for member in members:
                parts = Path(member.filename).parts
                if member.filename.startswith("/") or ".." in parts:
                    raise ValueError(f"{archive.name}: member {member.filename!r} escapes "
                                     f"the submission folder")
            bundle.extractall(destination)
    except zipfile.BadZipFile as err:
        raise ValueError(f"{archive.name}: not a readable zip file ({err})") from err
    return unwrap(destination)


def unwrap(folder: Path) -> Path:
    """Return the submission inside ``folder``: its only sub-folder, when it holds nothing else.

    Students often hand in their work inside one more folder (``alice/a2-final/a2.py``),
    whether zipped or not; archivers' ``__MACOSX`` folders do not count, links are not
    followed, and a few levels are unwrapped at most.
    """
    for _ in range(MAX_UNWRAP_LEVELS):
        children = [p for p in folder.iterdir() if p.name != "__MACOSX"]
        if not (len(children) == 1 and children[0].is_dir() and not children[0].is_symlink()):
            break
        folder = children[0]
    return folder


def fingerprint(folder: Path, suite: Suite) -> str:
    """Return a hash of every regular file of the submission and of the suite's folder.

    Links are never followed and special files never opened (a link to /proc/self/mem
    would hang or crash the batch); names are hashed as bytes, whatever their encoding.
    """
    digest = hashlib.sha256()
    for root in (folder, suite.directory):
        found = []
        for top, dirs, names in walk(str(root)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for name in names:
                path = os.path.join(top, name)
                if stat.S_ISREG(os.lstat(path).st_mode):
                    found.append(path)
        for path in sorted(found, key=os.fsencode):
            digest.update(os.fsencode(os.path.relpath(path, root)) + b"\0")
            content = hashlib.sha256()
            with open(path, "rb") as handle:
                # In blocks: a submission's folder may hold a file larger than memory.
                for block in iter(lambda: handle.read(HASH_BLOCK_BYTES), b""):
                    content.update(block)
            digest.update(content.digest())
    return digest.hexdigest()
