"""Bytecode made once per process: the server's bundle and the pristine tree's modules."""

import functools
import importlib
import importlib.machinery
import importlib.util
import io
import marshal
import os
import sys
import threading
import zipfile
from pathlib import Path
from typing import Optional

from .boxes import PACKAGE_MARKER
from .levels.bwrap import bwrap_options, find_bwrap
from .layout import ask_python_layout, python_layout
from .results import MIB
from .server.files import COMPILED_DIR

# The fork server's package (standard library only, relative imports), shipped into every
# box as a zip (see server_bundle) under a name of its own, with a bootstrap that starts it.
SERVER_PACKAGE_DIR = Path(__file__).with_name("server")
SERVER_PACKAGE = __package__ + ".server"
BUNDLE_PACKAGE = "sandbox_server"
SERVER_BUNDLE_NAME = BUNDLE_PACKAGE + ".zip"
BUNDLE_MAIN_NAME = "__main__.py"
BUNDLE_MAIN = "import sys\nfrom {}.loop import main\nsys.exit(main())\n".format(BUNDLE_PACKAGE)
# Bytecode is made for at most this many files of at most this size (see precompile).
PRECOMPILE_MAX_FILES = 400
PRECOMPILE_MAX_BYTES = 1 * MIB
# A .pyc header after its magic number: flags, then the source's date and size (PEP 552).
PYC_HEADER_REST = 12
# The flags of a hash-based .pyc checked against its source (PEP 552), which the source's
# hash then follows.
PYC_CHECKED_HASH_FLAGS = (0b11).to_bytes(4, "little")
# A .pyc's permission bits: its source's, as py_compile gives them, but never executable.
PYC_MODE_BITS = 0o666
# How many compiled files a process keeps for the next box of the same tree.
PRECOMPILED_KEPT = 256


def precompile(pristine: Path) -> None:
    """Compile the tree's importable Python files to hash-checked bytecode in __pycache__
    folders: those at the top and in its packages (folders with an ``__init__.py``).

    Every run starts from a fresh copy of the tree, so without this each run compiles every
    module it imports again (the shim package alone is thousands of lines). Compiling runs
    none of the code; the bytecode is the grader's own (the submission's __pycache__ is never
    copied), and hash-checked, so a source a run rewrites is compiled afresh, never run stale.
    A file that does not compile, is too big or lies in another folder (old versions, say,
    or a second assignment) is left to the interpreter of the run that imports it, if any.
    """
    sources = []
    pending = [str(pristine)]
    while pending and len(sources) < PRECOMPILE_MAX_FILES:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if os.path.isfile(os.path.join(entry.path, PACKAGE_MARKER)):
                        pending.append(entry.path)
                elif (entry.name.endswith(".py") and entry.is_file(follow_symlinks=False)
                      and entry.stat(follow_symlinks=False).st_size <= PRECOMPILE_MAX_BYTES):
                    sources.append(entry.path)
    for source in sources[:PRECOMPILE_MAX_FILES]:
        try:
            with open(source, "rb") as handle:
                bytecode = _hash_checked_pyc(handle.read(), os.path.relpath(source, pristine))
            if bytecode is None:
                continue
            target = _compiled_path(source)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(bytecode)
            os.chmod(target, os.stat(source).st_mode & PYC_MODE_BITS)
        except OSError:
            continue


@functools.lru_cache(maxsize=PRECOMPILED_KEPT)
def _hash_checked_pyc(source: bytes, name: str) -> Optional[bytes]:
    """Return ``source`` (the file ``name`` of a tree) compiled to a hash-checked .pyc
    (PEP 552), or None if it does not compile.

    Kept for the next box of the same files: a grading's sandboxes, one per worker, are
    launched one after another from the same tree. (The name in the code is set to the
    file's real path when a run imports it.)
    """
    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return (importlib.util.MAGIC_NUMBER + PYC_CHECKED_HASH_FLAGS
            + importlib.util.source_hash(source) + marshal.dumps(code))


@functools.lru_cache(maxsize=None)
def server_bundle() -> bytes:
    """Return the fork server's package as a zip file that this interpreter runs by name.

    The zip holds the ``server`` subpackage under the name BUNDLE_PACKAGE and a
    ``__main__`` that starts it; ``python -s -B BUNDLE`` puts the zip itself, never the
    working folder, first on sys.path, so no file in the box can stand in for the server or
    its bootstrap. A script run by name is compiled at every start, and the server is
    thousands of lines: each module is compiled once here (or read from the import system's
    cache of it), and the zip holds only its bytecode, which zipimport loads as it is (a
    .pyc without its source beside it is checked against none).
    """
    return _bundle(compiled=True)


@functools.lru_cache(maxsize=None)
def source_bundle() -> bytes:
    """Return the fork server's bundle (see :func:`server_bundle`) holding its sources, for
    an interpreter other than this one (its bytecode would not do)."""
    return _bundle(compiled=False)


def _bundle(compiled: bool) -> bytes:
    """Return the zip of :func:`server_bundle`, of bytecode (``compiled``) or of sources."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as bundle:
        for source in sorted(SERVER_PACKAGE_DIR.glob("*.py")):
            inside = BUNDLE_PACKAGE + "/" + source.stem
            if not compiled:
                bundle.writestr(inside + ".py", source.read_bytes())
                continue
            module = SERVER_PACKAGE if source.name == PACKAGE_MARKER else (
                SERVER_PACKAGE + "." + source.stem)
            code = importlib.machinery.SourceFileLoader(module, str(source)).get_code(module)
            bundle.writestr(inside + ".pyc", importlib.util.MAGIC_NUMBER
                            + bytes(PYC_HEADER_REST) + marshal.dumps(code))
        bundle.writestr(BUNDLE_MAIN_NAME, BUNDLE_MAIN)
    return buffer.getvalue()


def ask_layout_ahead() -> None:
    """Start asking this interpreter, every sandbox's by default, for its layout (the first
    thing a sandbox start needs), without waiting for the answer: a process that has other
    work before its first sandbox does it meanwhile. A process that knows a layout already
    (a grading forked by ``batch``, which learned it before forking) asks nothing."""
    if python_layout.cache_info().currsize == 0:
        ask_python_layout(os.path.realpath(sys.executable))


def learn_before_forking() -> None:
    """Learn, once in a process that is about to fork gradings or workers, what each of their
    sandboxes would otherwise find out for itself: the server's bundle (a compile), the
    interpreter's layout (a new interpreter asked) and bubblewrap's options (its --help).
    Each fork inherits the answers."""
    # The compile holds the interpreter while the two questions wait on a child process:
    # side by side, the three take the time of the slowest. (The thread has ended before
    # any fork.)
    compiling = threading.Thread(target=_compile_server_quietly)
    compiling.start()
    try:
        python_layout(os.path.realpath(sys.executable))
    except OSError:
        pass  # each sandbox then asks again, and says what is wrong
    bwrap = find_bwrap()
    if bwrap is not None:
        bwrap_options(bwrap)
    compiling.join()


def _compile_server_quietly() -> None:
    """Compile the server's bytecode (see server_bundle) if it can be; if not, the
    sandbox start that needs it compiles it again and reports what is wrong."""
    try:
        server_bundle()
    except (OSError, SyntaxError, ValueError):
        pass


def _compiled_path(source: str) -> str:
    """Return where the sandbox's interpreter looks for ``source``'s bytecode: the
    __pycache__ folder beside it (the grader's own ``sys.pycache_prefix``, if any, is not
    the sandbox's: its environment is cleared)."""
    folder, name = os.path.split(source)
    stem = os.path.splitext(name)[0]
    return os.path.join(folder, COMPILED_DIR, f"{stem}.{sys.implementation.cache_tag}.pyc")

