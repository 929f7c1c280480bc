"""Build broken variants of a reference solution from small, exact text edits.

A broken variant is the reference folder with a few snippets replaced, each a realistic student
mistake. Keeping variants as edits (not whole copies) keeps the fixtures short, shows the mistake
at a glance and fails loudly when the reference changes under them.
"""

import importlib.util
import shutil
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Mapping, Sequence, Tuple

__all__ = ["Variant", "build_variant", "copy_with_edits", "import_file"]


@dataclass(frozen=True)
class Variant:
    """One student mistake: text edits to one file of the reference, and where it must lose.

    Attributes:
        file: path of the edited file, relative to the reference folder.
        edits: (old, new) pairs; each ``old`` must occur exactly once in the file.
        loses: the rubric item (or check name) that the mistake must cost points in.
        why: one sentence describing the mistake as a student would make it.
    """

    file: str
    edits: Sequence[Tuple[str, str]]
    loses: str
    why: str


def build_variant(variant: Variant, reference_dir: Path, dest_dir: Path) -> Path:
    """Copy ``reference_dir`` to ``dest_dir`` and apply ``variant``'s edits there.

    Args:
        variant: the mistake to introduce.
        reference_dir: the pristine reference folder.
        dest_dir: where the broken copy is written (must not exist yet).

    Returns:
        ``dest_dir``.

    Raises:
        ValueError: if an edit's ``old`` text is missing or ambiguous in the file.
    """
    shutil.copytree(reference_dir, dest_dir)
    target = dest_dir / variant.file
    target.write_text(_edited(target.read_text(encoding="utf-8"), variant.edits, variant.file),
                      encoding="utf-8")
    return dest_dir


def copy_with_edits(reference_dir: Path, dest_dir: Path, names: Sequence[str],
                    edits: Mapping[str, Sequence[Tuple[str, str]]]) -> Path:
    """Copy only the files ``names`` of ``reference_dir`` to a new ``dest_dir``, with ``edits``.

    This is a submission as a student hands it in (the graded files alone), written the
    reference's way or, through ``edits`` (file name -> (old, new) pairs), another way.

    Returns:
        ``dest_dir``.

    Raises:
        ValueError: if an edit's ``old`` text is missing or ambiguous in its file.
    """
    dest_dir.mkdir()
    for name in names:
        text = (reference_dir / name).read_text(encoding="utf-8")
        (dest_dir / name).write_text(_edited(text, edits.get(name, ()), name), encoding="utf-8")
    return dest_dir


def _edited(text: str, edits: Sequence[Tuple[str, str]], filename: str) -> str:
    """Return ``text`` with each (old, new) of ``edits`` applied; each old must occur once."""
    for old, new in edits:
        count = text.count(old)
        if count != 1:
            raise ValueError(f"{filename}: edit expects exactly one {old!r}, found {count}")
        text = text.replace(old, new)
    return text


def import_file(name: str, path: Path) -> ModuleType:
    """Import the Python file ``path`` as a module called ``name`` and return it.

    Test folders are not packages, so a test reaches a neighbouring file (``variants.py``, a
    support module, a benchmark script) by path; each caller picks a ``name`` no other test
    folder uses, so that two folders' ``variants.py`` never share a module.
    """
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
