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
from typing import Sequence, Tuple

__all__ = ["Variant", "build_variant", "import_file"]


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
    text = target.read_text(encoding="utf-8")
    for old, new in variant.edits:
        count = text.count(old)
        if count != 1:
            raise ValueError(
                f"{variant.file}: edit expects exactly one {old!r}, found {count}")
        text = text.replace(old, new)
    target.write_text(text, encoding="utf-8")
    return dest_dir


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
