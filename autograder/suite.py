"""Assignment suites: what a suite declares, and how the grader finds one.

A suite is a folder holding ``suite.py`` and its checks in ``check_*.py`` files
(ordinary pytest test functions, see :mod:`autograder.plugin`). ``suite.py`` defines one
module-level ``SUITE = Suite(...)``: the rubric, the files every submission gets beside
its own (support modules, maps, the StdDraw shim), the files a submission must have, the
resource limits, and where the bundled reference solution lives.

Bundled suites live in ``autograder/suites/<name>/``; any other folder with a
``suite.py`` can be graded by giving its path instead of a name.
"""

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence

from autograder.records import Item, Kind, Limits

__all__ = ["PROJECT_ROOT", "GradingError", "Suite", "SuiteError", "bundled_suites",
           "find_suite", "load_suite"]

# The repository checkout that holds the reference solutions next to this package.
PROJECT_ROOT = Path(__file__).resolve().parents[1]
BUNDLED_SUITES_DIR = Path(__file__).resolve().parent / "suites"
SUITE_FILE = "suite.py"
# Seconds all of one submission's runs may take together, unless the suite says otherwise.
DEFAULT_TIME_BUDGET_S = 300.0


class SuiteError(Exception):
    """A suite cannot be found or is malformed (a grader-side problem, never a student's)."""


class GradingError(Exception):
    """The grader could not grade (missing folder, broken suite): never a student's fault."""


@dataclass
class Suite:
    """Everything the grader needs to know about one assignment.

    Attributes:
        name: short name used on the command line (``"end_of_dayz"``).
        title: the assignment's human title.
        rubric: the rubric items, in the rubric's order.
        reference: folder of the bundled reference solution, or None.
        support_files: name inside the sandbox -> file or folder on disk; copied after
            the submission, so they replace a submission's own copies.
        required_files: files a submission must contain.
        limits: resource limits for the submission's child processes.
        time_budget_s: seconds all of a submission's runs may use together, counted as
            the time rule counts a run (its CPU time, or its whole limit where it timed
            out; never the wall clock); once used up, the remaining checks that run code
            are reported as timed out unrun.
        preload: support modules the sandbox loads once, before its first run, instead
            of in every run (see :class:`autograder.sandbox.Sandbox`): only modules whose
            import does nothing but define names.
        directory: the suite's folder (set by :func:`load_suite`).
    """

    name: str
    title: str
    rubric: Sequence[Item]
    reference: Optional[Path] = None
    support_files: Mapping[str, Path] = field(default_factory=dict)
    required_files: Sequence[str] = ()
    limits: Limits = field(default_factory=Limits)
    time_budget_s: float = DEFAULT_TIME_BUDGET_S
    preload: Sequence[str] = ()
    directory: Path = Path(".")

    @property
    def auto_points(self) -> float:
        """Return the points a machine can award (the auto items' total)."""
        return sum(item.points for item in self.rubric if item.kind is Kind.AUTO)

    @property
    def total_points(self) -> float:
        """Return the rubric's total, manual items included."""
        return sum(item.points for item in self.rubric)

    def item(self, item_id: str) -> Item:
        """Return the rubric item called ``item_id``.

        Raises:
            SuiteError: if the rubric has no such item.
        """
        for item in self.rubric:
            if item.id == item_id:
                return item
        raise SuiteError(f"suite {self.name!r} has no rubric item {item_id!r}")

    def support_file_map(self) -> Dict[str, Path]:
        """Return the support files with folders expanded into the files they contain.

        Raises:
            SuiteError: if a declared support file does not exist.
        """
        expanded: Dict[str, Path] = {}
        for name, source in self.support_files.items():
            if source.is_dir():
                for path in sorted(source.rglob("*")):
                    if path.is_file() and "__pycache__" not in path.parts:
                        expanded[str(Path(name) / path.relative_to(source))] = path
            elif source.is_file():
                expanded[name] = source
            else:
                raise SuiteError(f"suite {self.name!r}: support file {source} does not exist")
        return expanded


def load_suite(directory: Path) -> Suite:
    """Load the suite defined by ``directory/suite.py``.

    Args:
        directory: a folder containing ``suite.py``.

    Returns:
        The suite, with ``directory`` filled in.

    Raises:
        SuiteError: if there is no ``suite.py`` or it does not define a ``SUITE``.
    """
    directory = Path(directory).resolve()
    suite_file = directory / SUITE_FILE
    if not suite_file.is_file():
        raise SuiteError(f"{directory}: no {SUITE_FILE} here")
    module_name = f"_autograder_suite_{directory.name}_{abs(hash(str(directory)))}"
    spec = importlib.util.spec_from_file_location(module_name, suite_file)
    assert spec is not None and spec.loader is not None, suite_file
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = getattr(module, "SUITE", None)
    if not isinstance(suite, Suite):
        raise SuiteError(f"{suite_file}: does not define SUITE = Suite(...)")
    suite.directory = directory
    return suite


def bundled_suites() -> List[Suite]:
    """Return every suite bundled with the autograder, sorted by name."""
    if not BUNDLED_SUITES_DIR.is_dir():
        return []
    return [load_suite(path.parent) for path in sorted(BUNDLED_SUITES_DIR.glob("*/" + SUITE_FILE))]


def find_suite(name_or_path: str) -> Suite:
    """Return the bundled suite called ``name_or_path``, or the suite in that folder.

    Raises:
        SuiteError: if neither exists.
    """
    bundled = BUNDLED_SUITES_DIR / name_or_path
    if (bundled / SUITE_FILE).is_file():
        return load_suite(bundled)
    path = Path(name_or_path)
    if (path / SUITE_FILE).is_file():
        return load_suite(path)
    names = ", ".join(suite.name for suite in bundled_suites()) or "none"
    raise SuiteError(f"unknown assignment {name_or_path!r} (bundled suites: {names})")
