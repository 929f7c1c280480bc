"""Copy the shim into a folder, so that programs there find ``StdDraw`` with no installation.

The autograder's sandbox runs submissions with no site-packages, so it gives each submission a
private copy; the Ultima folder carries one so that a student can copy the folder and run it.
A copy is the ``stddraw_shim`` package (its modules) plus one small forwarding module per
booksite name. Headless drawing in the copy needs only the standard library.

The forwarders are generated from FORWARDER_TEMPLATE, which is also the source of the forwarding
files that the project installs as top-level modules (see ``forwarder_files``).
"""

import ast
import shutil
import textwrap
from pathlib import Path
from typing import Dict, Iterable, List, NamedTuple, Union

__all__ = ["SHIM_MODULE_NAMES", "install_into", "forwarder_files"]

PACKAGE_DIR = Path(__file__).resolve().parent
PACKAGE_NAME = PACKAGE_DIR.name


class Forwarder(NamedTuple):
    """A booksite name: the file that provides it, the shim module it stands for, a summary."""

    path: str
    target: str
    summary: str


FORWARDERS: Dict[str, Forwarder] = {
    "StdDraw": Forwarder("StdDraw.py", "stddraw",
                         "the course's name for the booksite drawing module"),
    "stddraw": Forwarder("stddraw/__init__.py", "stddraw",
                         "the booksite's own name for its drawing module"),
    "picture": Forwarder("picture.py", "picture",
                         "the booksite picture module (class ``Picture``)"),
    "color": Forwarder("color.py", "color",
                       "the booksite colour module (``Color``, 20 constants)"),
}
SHIM_MODULE_NAMES = tuple(FORWARDERS)

FORWARDER_TEMPLATE = '''"""``{name}``: {summary}, provided by stddraw_shim.
{api}
This file only forwards: importing it yields the module ``stddraw_shim.{target}`` itself, so
every booksite name for one module shares its state (StdDraw and stddraw share one canvas).{note}
"""

import sys

from stddraw_shim import {target} as _module

# Replacing this module's own entry makes every later import return the real module object.
sys.modules[__name__] = _module
'''
# The drawing module's functions are listed in the StdDraw forwarder, so that a student who opens
# StdDraw.py finds the API there; the list is read from the module's own source.
API_FORWARDER = "StdDraw"  # the course's name, the file students open
API_HEADING = "\nIts functions (their code is in stddraw_shim/{target}.py):\n\n"
API_NAME_INDENT = " " * 4
API_TEXT_INDENT = " " * 8
API_WIDTH = 96
PACKAGE_NOTE = """
It is a package, not ``stddraw.py``, so that it can sit beside ``StdDraw.py`` on file systems
that ignore case (Windows, macOS), where the two file names would name one file."""


def forwarder_files(modules: Iterable[str] = SHIM_MODULE_NAMES) -> Dict[str, str]:
    """Return the forwarding files for ``modules``: relative path -> file text.

    Raises:
        ValueError: an unknown name in ``modules``.
    """
    names = list(modules)
    unknown = sorted(set(names) - set(FORWARDERS))
    if unknown:
        raise ValueError(f"unknown shim module(s) {unknown}; choose from {list(FORWARDERS)}")
    files = {}
    for name in names:
        forwarder = FORWARDERS[name]
        note = PACKAGE_NOTE if forwarder.path.endswith("__init__.py") else ""
        api = api_listing(forwarder.target) if name == API_FORWARDER else ""
        files[forwarder.path] = FORWARDER_TEMPLATE.format(
            name=name, summary=forwarder.summary, target=forwarder.target, note=note, api=api)
    return files


def api_listing(target: str) -> str:
    """Return the public functions of shim module ``target``, for a forwarder's docstring.

    Each function is shown as its name and parameters, then the first line of its docstring,
    both read from the module's source (so the listing cannot fall out of date).
    """
    tree = ast.parse((PACKAGE_DIR / f"{target}.py").read_text(encoding="utf-8"))
    entries = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
            continue
        parameters = ", ".join(argument.arg for argument in node.args.args)
        summary = (ast.get_docstring(node) or "").split("\n", 1)[0]
        entries.append(f"{API_NAME_INDENT}{node.name}({parameters})\n" + textwrap.fill(
            summary, API_WIDTH, initial_indent=API_TEXT_INDENT,
            subsequent_indent=API_TEXT_INDENT) + "\n")
    return API_HEADING.format(target=target) + "".join(entries)


def install_into(folder: Union[str, Path], modules: Iterable[str] = SHIM_MODULE_NAMES,
                 overwrite: bool = True) -> List[Path]:
    """Copy the shim into ``folder`` so that ``import StdDraw`` and friends work there.

    Args:
        folder: the directory (a submission, or a folder a program runs from); it is created
            if missing.
        modules: which booksite names to provide, from SHIM_MODULE_NAMES.
        overwrite: replace files already there (a submission's own StdDraw.py, say);
            if False, an existing file raises FileExistsError.

    Returns:
        The paths written, package files first.

    Raises:
        ValueError: an unknown name in ``modules``.
        FileExistsError: a target exists and ``overwrite`` is False.
    """
    folder = Path(folder)
    forwarders = forwarder_files(modules)
    package_copy = folder / PACKAGE_NAME
    sources = sorted(PACKAGE_DIR.glob("*.py"))
    targets = [package_copy / source.name for source in sources]
    targets += [folder / path for path in forwarders]
    if not overwrite:
        clashes = [str(target) for target in targets if target.exists()]
        if clashes:
            raise FileExistsError(f"already there: {', '.join(clashes)}")
    if package_copy.is_dir():
        # Start the package afresh so that no module of an older copy lingers.
        shutil.rmtree(package_copy)
    package_copy.mkdir(parents=True)
    for source in sources:
        shutil.copyfile(source, package_copy / source.name)
    for path, text in forwarders.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    return targets
