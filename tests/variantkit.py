"""Build broken variants of a reference solution from small, exact text edits.

A broken variant is the reference folder with a few snippets replaced, each a realistic student
mistake. Keeping variants as edits (not whole copies) keeps the fixtures short, shows the mistake
at a glance and fails loudly when the reference changes under them.
"""

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Mapping, Sequence, Tuple

# The variant kind and its edits are the engine's own (``autograder selftest`` uses them).
from autograder.selftest import Variant, apply_variant, edited

__all__ = ["Variant", "build_variant", "copy_with_edits", "import_file"]


# A test's name for the engine's apply_variant.
build_variant = apply_variant


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
        (dest_dir / name).write_text(edited(text, edits.get(name, ()), name), encoding="utf-8")
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
