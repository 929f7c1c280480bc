"""Test a suite before a class meets it: ``autograder selftest SUITE``.

A suite is trustworthy when its reference solution passes every check and each realistic
mistake costs points in the rubric item it belongs to. A suite declares those mistakes
beside its checks, in ``variants.py``::

    from autograder.selftest import Variant

    VARIANTS = {
        "off_by_one": Variant("calc.py", [("a + b", "a + b + 1")], loses="functions",
                              why="add() is off by one"),
    }

Each variant is the reference folder with exact text edits in one file (each ``old``
text must occur exactly once, so a variant fails loudly when the reference changes). A suite
may also declare ``ACCEPTED``, variants in the same form that meet the spec another way (the
choices the course allows): each must keep full auto marks.
:func:`selftest` grades the reference and every variant and returns one line per
finding; an empty list means the suite passed its own test.
"""

import importlib.util
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from autograder.grading import grade
from autograder.records import GradeResult, Status
from autograder.suite import Suite, SuiteError

__all__ = ["VARIANTS_FILE", "Variant", "apply_variant", "edited", "load_accepted", "load_variants",
           "selftest"]

VARIANTS_FILE = "variants.py"


@dataclass(frozen=True)
class Variant:
    """One realistic mistake: text edits to one file of the reference, and where it loses.

    Attributes:
        file: the edited file, relative to the reference folder.
        edits: (old, new) pairs; each ``old`` must occur exactly once in the file.
        loses: the rubric item the mistake must cost points in.
        why: one sentence describing the mistake as a student would make it.
    """

    file: str
    edits: Sequence[Tuple[str, str]]
    loses: str
    why: str


def apply_variant(variant: Variant, reference: Path, destination: Path) -> Path:
    """Copy ``reference`` to ``destination`` (which must not exist) with ``variant``'s edits.

    Raises:
        ValueError: an edit's ``old`` text is missing or occurs more than once.
    """
    shutil.copytree(reference, destination)
    target = destination / variant.file
    target.write_text(edited(target.read_text(encoding="utf-8"), variant.edits, variant.file),
                      encoding="utf-8")
    return destination


def edited(text: str, edits: Sequence[Tuple[str, str]], filename: str) -> str:
    """Return ``text`` with each (old, new) of ``edits`` applied; each old must occur once.

    Raises:
        ValueError: an ``old`` text is missing or occurs more than once (in ``filename``).
    """
    for old, new in edits:
        count = text.count(old)
        if count != 1:
            raise ValueError(f"{filename}: edit expects exactly one {old!r}, found {count}")
        text = text.replace(old, new)
    return text


def _variants_module(suite: Suite) -> Any:
    """Return the suite's imported ``variants.py``, or None when it has none.

    Raises:
        SuiteError: it cannot be imported.
    """
    path = suite.directory / VARIANTS_FILE
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(f"_variants_of_{suite.name}", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as err:
        raise SuiteError(f"{path}: cannot be imported ({type(err).__name__}: {err})") from err
    return module


def load_accepted(suite: Suite) -> Dict[str, Variant]:
    """Return the suite's declared accepted variants, ``ACCEPTED`` in ``variants.py``: other
    ways of meeting the spec, each of which must keep full auto marks (none when undeclared).

    Raises:
        SuiteError: ``variants.py`` cannot be imported.
    """
    module = _variants_module(suite)
    accepted = dict(getattr(module, "ACCEPTED", {})) if module is not None else {}
    return {name: variant for name, variant in accepted.items()
            if isinstance(variant, Variant)}


def load_variants(suite: Suite) -> Dict[str, Variant]:
    """Return the suite's declared variants (none when it has no ``variants.py``).

    Raises:
        SuiteError: ``variants.py`` cannot be imported or names an unknown rubric item.
    """
    path = suite.directory / VARIANTS_FILE
    module = _variants_module(suite)
    if module is None:
        return {}
    variants = dict(getattr(module, "VARIANTS", {}))
    items = [item.id for item in suite.rubric]
    for name, variant in variants.items():
        if variant.loses not in items:
            raise SuiteError(f"{path}: variant {name!r} loses unknown rubric item "
                             f"{variant.loses!r} (items: {', '.join(items)})")
    return variants


def selftest(suite: Suite, progress: Optional[Callable[[str], None]] = None) -> List[str]:
    """Grade the suite's reference and each declared variant; return what is wrong.

    Args:
        suite: the suite under test (it must name its reference folder).
        progress: called with one line per graded folder.

    Returns:
        One line per problem: a check the reference fails, a variant that loses nothing
        in its item (or costs points only elsewhere). Empty when all is well.

    Raises:
        SuiteError: the suite has no reference folder, or its variants are malformed.
    """
    if suite.reference is None or not Path(suite.reference).is_dir():
        raise SuiteError(f"suite {suite.name!r} names no reference folder to test with")
    report = progress or (lambda line: None)
    problems = []
    reference = grade(suite, Path(suite.reference))
    failed = [o for o in reference.outcomes if o.status is not Status.PASSED]
    problems += [f"reference: {o.name} [{o.item}] is {o.status.value}: {o.message}"
                 for o in failed]
    report(f"reference: {len(reference.outcomes) - len(failed)}/{len(reference.outcomes)} "
           f"checks passed")
    full = {score.item.id: score.awarded for score in reference.scores}
    for name, variant in load_variants(suite).items():
        result = _grade_variant(suite, "variant", name, variant, problems)
        if result is None:
            continue
        earned = {score.item.id: sum(o.earned for o in score.outcomes)
                  for score in result.scores}
        ideal = {score.item.id: sum(o.weight for o in score.outcomes
                                    if o.status is not Status.HELD)
                 for score in result.scores}
        lost = [item for item in earned if earned[item] < ideal[item] - 1e-9]
        awarded = {score.item.id: score.awarded for score in result.scores}
        if variant.loses not in lost:
            problems.append(f"variant {name}: loses nothing in {variant.loses!r} "
                            f"({variant.why})")
        report(f"variant {name}: scores {awarded[variant.loses]:g} of {full[variant.loses]:g} "
               f"in {variant.loses} (its checks' unrounded loss in: "
               f"{', '.join(lost) or 'no item'})")
    for name, variant in load_accepted(suite).items():
        result = _grade_variant(suite, "accepted", name, variant, problems)
        if result is None:
            continue
        if result.auto_score < suite.auto_points:
            failed = [o.name for o in result.outcomes
                      if o.status is not Status.PASSED and o.weight]
            problems.append(f"accepted {name}: scores {result.auto_score:g} of "
                            f"{suite.auto_points:g} ({variant.why}); failed: "
                            f"{'; '.join(failed[:3])}")
        report(f"accepted {name}: {result.auto_score:g} of {suite.auto_points:g}")
    return problems


def _grade_variant(suite: Suite, kind: str, name: str, variant: Variant,
                   problems: List[str]) -> Optional[GradeResult]:
    """Grade the suite's reference with ``variant`` applied, in a temporary folder.

    Args:
        suite: the suite whose reference is edited and graded.
        kind: "variant" (a declared mistake) or "accepted" (a variant the spec allows).
        name: the variant's name, which its folder takes.
        variant: the edit to apply.
        problems: where a variant that no longer applies to the reference is reported.

    Returns:
        The grading's result, or None when the variant does not apply.
    """
    with tempfile.TemporaryDirectory() as work:
        try:
            folder = apply_variant(variant, Path(suite.reference), Path(work) / name)
        except ValueError as err:
            problems.append(f"{kind} {name}: {err}")
            return None
        return grade(suite, folder)
