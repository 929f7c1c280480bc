"""The parent-side doctest comparison follows doctest's own rules: option flags given by
the check, ``# doctest:`` directives on an example, and IGNORE_EXCEPTION_DETAIL."""

import doctest

from autograder.harness import _compare_examples


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
