"""Parent-side parts of the check harness: doctest comparison follows doctest's own rules
(option flags, ``# doctest:`` directives, IGNORE_EXCEPTION_DETAIL), and a driver that does
not compile is caught before it runs; transcripts give partial credit, and junk in the
report channel is the submission's failure (issues 15, 16 and 17)."""

import doctest

import pytest

from autograder.compare import compare_examples
from autograder.harness import Runner
from autograder.outcome import StudentCrashed, WrongOutput
from autograder.sandbox import Sandbox


def examples(text):
    """Return the doctest examples of ``text``."""
    return doctest.DocTestParser().get_examples(text)


def test_directive_on_one_example_applies_to_it_only():
    parsed = examples(">>> f()  # doctest: +NORMALIZE_WHITESPACE\n[1,\n 2]\n>>> g()\n[1,\n 2]\n")
    failures = compare_examples(parsed, [{"out": "[1, 2]\n"}, {"out": "[1, 2]\n"}], 0)
    assert len(failures) == 1 and failures[0].startswith(">>> g()")


def test_directive_can_turn_a_flag_off():
    parsed = examples(">>> f()  # doctest: -ELLIPSIS\n[...]\n")
    assert len(compare_examples(parsed, [{"out": "[1, 2]\n"}], doctest.ELLIPSIS)) == 1
    assert compare_examples(parsed, [{"out": "[...]\n"}], doctest.ELLIPSIS) == []


def test_ignore_exception_detail_compares_the_class_name_only():
    parsed = examples(">>> f()\nTraceback (most recent call last):\nValueError: bad\n")
    raised = [{"out": "", "exc": "mymodule.ValueError: another message\n"}]
    assert compare_examples(parsed, raised, doctest.IGNORE_EXCEPTION_DETAIL) == []
    assert len(compare_examples(parsed, raised, 0)) == 1
    other = [{"out": "", "exc": "KeyError: bad\n"}]
    assert len(compare_examples(parsed, other, doctest.IGNORE_EXCEPTION_DETAIL)) == 1


def test_a_driver_that_does_not_compile_is_the_checks_fault():
    # Raised in the parent before any child starts, so it never counts against a student.
    runner = Runner(sandbox=None, default_timeout=1.0)
    with pytest.raises(SyntaxError):
        runner.probe("from a2 import *\nreport(1)")


@pytest.fixture(scope="module")
def runner(tmp_path_factory):
    """A runner on a sandbox whose submission has a half-right ``double`` and a saboteur."""
    folder = tmp_path_factory.mktemp("submission")
    (folder / "half.py").write_text("def double(x):\n    return x * 2 if x < 3 else 0\n")
    # The driver holds ``report`` as an argument, out of reach of a rewritten global; the
    # saboteur forges what every report encodes instead.
    (folder / "saboteur.py").write_text(
        "import json\n"
        "original = json.dumps\n"
        "json.dumps = lambda value, **kw: original({'setup_error': None, 'results': [7, None]})\n")
    with Sandbox(folder) as sandbox:
        yield Runner(sandbox, default_timeout=10.0)


def test_a_transcript_earns_the_share_of_its_examples_that_are_right(runner):
    # Four examples state a result and two of them are right; the set-up line is no test.
    with pytest.raises(WrongOutput) as failure:
        runner.doctest("""
            >>> values = [1, 2, 3, 4]
            >>> double(1)
            2
            >>> double(2)
            4
            >>> double(3)
            6
            >>> double(4)
            8
        """, setup="from half import double")
    assert failure.value.credit == pytest.approx(0.5)
    assert failure.value.message == "2 of 5 examples failed"


def test_junk_sent_through_the_report_channel_is_the_submissions_failure(runner):
    # Student code rewrites what the driver reports: never a grader error.
    with pytest.raises(StudentCrashed) as failure:
        runner.doctest(">>> 1 + 1\n2\n", setup="import saboteur")
    assert "malformed" in failure.value.message
    assert failure.value.credit == 0.0


def test_a_driver_that_never_reports_is_the_checks_fault():
    # Issue 15: a probe that forgets to report must not be blamed on the student.
    runner = Runner(sandbox=None, default_timeout=1.0)
    with pytest.raises(ValueError, match="never calls report"):
        runner.probe("import a2\na2.main()")


def test_a_transcript_marks_what_is_typed_and_takes_any_normaliser(runner):
    # Issue 15: one readable session instead of two strings; prompts keep their space.
    runner.transcript(["python", "-c", "name = input('Name: ')\nprint('Hi,', name)"], """
        Name: <<Ada
        Hi, Ada
    """)
    with pytest.raises(WrongOutput):
        runner.transcript(["python", "-c", "print(input('Name: ').upper())"], """
            Name: <<ada
            ada
        """)
    runner.transcript(["python", "-c", "print(input('Name: ').upper())"], """
        Name: <<ada
        ada
    """, normalise=str.lower)
