"""Doctests: the examples in a2.py and a2_support.py, and every example of the spec, pass.

Each runs in a child process (``python -m doctest -v``) inside end_of_dayz/, so ``a2`` finds
``a2_support`` and ``maps/`` as it does for a student.
"""

import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SPEC_EXAMPLES = HERE / "eod_spec_examples.txt"
# The spec has 108 ">>>" lines; the examples file adds two imports.
SPEC_EXAMPLE_COUNT = 110
SUMMARY = re.compile(r"^(\d+) passed and (\d+) failed\.$", re.M)


def run_doctest(eod, target, python=None):
    """Run ``python -m doctest -v target`` in the reference; return (passed, failed, output)."""
    result = eod.run_python(eod.folder, ["-m", "doctest", "-v", target], python=python)
    output = result.stdout.decode() + result.stderr.decode()
    match = SUMMARY.search(output)
    assert match, output
    assert result.returncode == (0 if match.group(2) == "0" else 1)
    return int(match.group(1)), int(match.group(2)), output


@pytest.mark.parametrize("module, at_least", [("a2.py", 100), ("a2_support.py", 6)])
def test_module_doctests_pass(module, at_least, eod):
    passed, failed, output = run_doctest(eod, module)
    assert failed == 0, output
    assert passed >= at_least


def test_every_spec_example_passes(eod):
    passed, failed, output = run_doctest(eod, str(SPEC_EXAMPLES))
    assert failed == 0, output
    assert passed == SPEC_EXAMPLE_COUNT


def test_spec_examples_pass_under_the_oldest_python(eod, python39):
    passed, failed, output = run_doctest(eod, str(SPEC_EXAMPLES), python=python39)
    assert (passed, failed) == (SPEC_EXAMPLE_COUNT, 0), output
    passed, failed, output = run_doctest(eod, "a2.py", python=python39)
    assert failed == 0, output


def test_a2_docstrings_carry_every_spec_example(eod):
    spec_lines = [line.strip() for line in SPEC_EXAMPLES.read_text(encoding="utf-8").splitlines()
                  if line.startswith(">>> ") and "import" not in line]
    assert len(spec_lines) == SPEC_EXAMPLE_COUNT - 2
    source_lines = {line.strip() for line in
                    (eod.folder / "a2.py").read_text(encoding="utf-8").splitlines()}
    assert [line for line in spec_lines if line not in source_lines] == []
