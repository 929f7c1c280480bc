"""Parent-side parts of the check harness: doctest comparison follows doctest's own rules
(option flags, ``# doctest:`` directives, IGNORE_EXCEPTION_DETAIL), and a driver that does
not compile is caught before it runs."""

import doctest

import pytest

from autograder.harness import Runner, _compare_examples


def examples(text):
    """Return the doctest examples of ``text``."""
    return doctest.DocTestParser().get_examples(text)


def test_directive_on_one_example_applies_to_it_only():
    parsed = examples(">>> f()  # doctest: +NORMALIZE_WHITESPACE\n[1,\n 2]\n>>> g()\n[1,\n 2]\n")
    failures = _compare_examples(parsed, [{"out": "[1, 2]\n"}, {"out": "[1, 2]\n"}], 0)
    assert len(failures) == 1 and failures[0].startswith(">>> g()")


def test_directive_can_turn_a_flag_off():
    parsed = examples(">>> f()  # doctest: -ELLIPSIS\n[...]\n")
    assert len(_compare_examples(parsed, [{"out": "[1, 2]\n"}], doctest.ELLIPSIS)) == 1
    assert _compare_examples(parsed, [{"out": "[...]\n"}], doctest.ELLIPSIS) == []


def test_ignore_exception_detail_compares_the_class_name_only():
    parsed = examples(">>> f()\nTraceback (most recent call last):\nValueError: bad\n")
    raised = [{"out": "", "exc": "mymodule.ValueError: another message\n"}]
    assert _compare_examples(parsed, raised, doctest.IGNORE_EXCEPTION_DETAIL) == []
    assert len(_compare_examples(parsed, raised, 0)) == 1
    other = [{"out": "", "exc": "KeyError: bad\n"}]
    assert len(_compare_examples(parsed, other, doctest.IGNORE_EXCEPTION_DETAIL)) == 1


def test_a_driver_that_does_not_compile_is_the_checks_fault():
    # Raised in the parent before any child starts, so it never counts against a student.
    runner = Runner(sandbox=None, default_timeout=1.0)
    with pytest.raises(SyntaxError):
        runner.probe("from a2 import *\nreport(1)")
