"""The contents of a sandbox's box: the pristine tree, bin/ and etc/ (the server's bundle)."""

import os
import sys
from pathlib import Path
from typing import Mapping, Sequence

from .boxes import is_tooling_folder, remove_import_name, remove_shadows
from .bytecode import SERVER_BUNDLE_NAME, precompile, server_bundle, source_bundle
from .layout import PythonLayout
from .levels.bwrap import SANDBOX_UID, write_user_files
from .server.files import copy_file, copy_tree, remove_path


def fill_box(box: Path, submission_dir: Path, support: Mapping[str, Path],
             modules: Sequence[str], preload: Sequence[str], layout: PythonLayout) -> None:
    """Make the box ``box``: pristine/ (the submission, then the support files over it),
    bin/ (``python``) and etc/ (passwd, group and the server's bundle).

    Args:
        box: the folder to make (its parent exists).
        submission_dir: the student's folder, copied without compiled files, links and
            folders no run needs.
        support: name in the box -> the file or folder copied there.
        modules: the graded files: nothing else of their import names is left beside them.
        preload: the support modules the server imports: nothing of the submission's is
            left under their import names.
        layout: the interpreter the children run.

    Raises:
        OSError: a file cannot be copied or written.
    """
    pristine = box / "pristine"
    pristine.mkdir(parents=True)
    copy_tree(str(submission_dir), str(pristine), skip_compiled=True, skip_links=True,
              skip_folder=is_tooling_folder)
    remove_shadows(pristine, list(support) + list(modules))
    for name in {module.partition(".")[0] for module in preload}:
        # The server imports these: nothing of the submission's may be left in or
        # beside them under their import name (a module added to the package, say).
        remove_import_name(pristine, name)
    for name, source in support.items():
        target = pristine / name
        target.parent.mkdir(parents=True, exist_ok=True)
        # Whatever the submission had under this name goes first: nothing is followed.
        remove_path(str(target))
        if source.is_dir():
            target.mkdir(exist_ok=True)
            copy_tree(str(source), str(target))
        else:
            copy_file(str(source), str(target))
    (box / "bin").mkdir()
    for name in ("python", "python3"):
        (box / "bin" / name).symlink_to(layout.executable)
    write_user_files(str(box / "etc"), SANDBOX_UID)
    ours = os.path.realpath(sys.executable) == layout.executable
    if ours:
        precompile(pristine)
    # Bytecode for this interpreter only: another one is given the sources.
    (box / "etc" / SERVER_BUNDLE_NAME).write_bytes(server_bundle() if ours else source_bundle())
