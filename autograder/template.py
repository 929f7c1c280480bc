"""Start a new suite from a template: ``autograder init NAME``.

The template is a complete, working suite for a one-file assignment (``greet.py``): its
rubric, a reference solution, one check of each kind (a probe, a doctest transcript, a
program run and a static check) and a declared mistake in ``variants.py``. It passes
``autograder selftest`` as written, so an author changes it one piece at a time and
re-runs the self-test after each.
"""

from pathlib import Path
from typing import Dict

__all__ = ["TEMPLATE", "write_template"]

TEMPLATE: Dict[str, str] = {
    "suite.py": '''"""The {name} suite: grades a student's greet.py.

Rubric: functions 3 (greet and shout), program 1 (greet.py run from the command line),
style 1 (marked by a person).
"""

from pathlib import Path

from autograder import Item, Kind, Scoring, Suite
from autograder.sandbox import Limits

HERE = Path(__file__).resolve().parent

SUITE = Suite(
    name="{name}",
    title="{title}",
    rubric=[
        Item("functions", "greet and shout", 3),
        Item("program", "Running greet.py", 1, scoring=Scoring.FRACTION, step=0.5),
        Item("style", "Style", 1, kind=Kind.MANUAL),
    ],
    reference=HERE / "reference",
    required_files=["greet.py"],
    # Every check's runs get wall_s seconds unless the check sets its own timeout.
    limits=Limits(wall_s=5.0),
)
''',
    "check_greet.py": '''"""Checks of greet.py: each names the line of the spec it enforces."""

from autograder import WrongOutput, check

SETUP = "from greet import greet, shout"


@check(item="functions", points=2)
def test_greet_examples(sandbox):
    """greet(name) returns the greeting (spec: "greet returns Hello, NAME!")"""
    # One example per line; partial credit counts the examples that come out right.
    sandbox.doctest("""
        >>> greet("Ada")
        'Hello, Ada!'
        >>> greet("")
        'Hello, !'
    """, setup=SETUP)


@check(item="functions")
def test_shout_probe(sandbox):
    """shout(name) is greet in capitals (spec: "shout returns the greeting in capitals")"""
    got = sandbox.probe("""
        from greet import shout
        report([shout(name) for name in payload])
    """, args=["Ada", "bo"])
    expected = ["HELLO, ADA!", "HELLO, BO!"]
    if got != expected:
        raise WrongOutput(f"shout gave {{got!r}}, expected {{expected!r}}")


@check(item="program")
def test_program_greets_the_typed_name(sandbox):
    """python greet.py asks for a name and prints the greeting (spec: "the program")"""
    # What the user types follows "<<"; the rest is what the program prints.
    sandbox.transcript(["python", "greet.py"], """
        Name: <<Ada
        Hello, Ada!
    """, describe="ran greet.py and typed Ada at the Name: prompt")


@check(item="style", points=0)
def test_docstrings(submission, findings):
    """style: functions without a docstring (advisory, for the marker)"""
    from autograder import static
    tree = submission.parse("greet.py")
    for remark in static.undocumented(tree, submission.read_text("greet.py"), "greet.py"):
        findings.add(remark)
''',
    "variants.py": '''"""Realistic mistakes: each must lose points in its item (selftest)."""

from autograder.selftest import Variant

VARIANTS = {{
    "no_exclamation_mark": Variant(
        "greet.py", [('return "Hello, " + name + "!"', 'return "Hello, " + name')],
        loses="functions", why="greet forgets the exclamation mark"),
    "no_prompt": Variant(
        "greet.py", [('input("Name: ")', "input()")],
        loses="program", why="the program asks for the name without a prompt"),
}}
''',
    "reference/greet.py": '''"""greet.py: the reference solution of the {title} assignment."""


def greet(name: str) -> str:
    """Return the greeting for ``name``."""
    return "Hello, " + name + "!"


def shout(name: str) -> str:
    """Return the greeting for ``name`` in capitals."""
    return greet(name).upper()


def main() -> None:
    """Ask for a name and print its greeting."""
    print(greet(input("Name: ")))


if __name__ == "__main__":
    main()
''',
}


def write_template(folder: Path, name: str) -> None:
    """Write the template suite into the new ``folder`` as the suite ``name``.

    Raises:
        FileExistsError: ``folder`` exists already (nothing is overwritten).
    """
    folder.mkdir(parents=True)
    title = name.replace("_", " ").title()
    for relative, text in TEMPLATE.items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.format(name=name, title=title), encoding="utf-8")
