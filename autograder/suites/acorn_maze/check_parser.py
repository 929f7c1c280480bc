"""Parser checks: ``game_parser.parse(lines)`` on boards given as lists of strings.

One probe per check parses several boards in the sandbox and reports, for each, either the
grid's display characters or the exception raised; the expectations stay here. The four
ValueErrors and their order come from the spec and CLARIFICATIONS.md: an unknown letter first,
then the count of X, then of Y, then the teleport pairs. Every board is a rectangle bordered by
walls (or X and Y), as the spec lets students assume.
"""

from typing import List, Sequence

from autograder import WrongOutput, check
from autograder.drivers import Driver

TIMEOUT_S = 5

# The driver: each board's rows of display characters, or the exception parse raised.
PARSE = Driver("acorn_maze.parse")

BAD_LETTER = "Bad letter in configuration file: {}."
START_COUNT = "Expected 1 starting position, got {}."
END_COUNT = "Expected 1 ending position, got {}."
UNMATCHED_PAD = "Teleport pad {} does not have an exclusively matching pad."


class ValueErrorOf:
    """The expectation that ``parse`` raises ValueError with one of ``messages``.

    Several messages are accepted where the spec lets a student report any one of several
    problems (two bad letters, two unmatched pads).
    """

    def __init__(self, *messages: str) -> None:
        """Accept any one of ``messages``."""
        self.messages = messages

    def __repr__(self) -> str:
        """Return the expectation as it reads in a failure message."""
        return " or ".join(f"ValueError({message!r})" for message in self.messages)


def lines_of(board: str) -> List[str]:
    """Return ``board`` as a board file's lines: every line but the last ends with a newline."""
    return board.splitlines(keepends=True)


def require_parses(sandbox, cases: Sequence) -> None:
    """Parse each (lines, expected) case in one child and require every expectation.

    ``expected`` is the list of rows of display characters, or a :class:`ValueErrorOf`.
    """
    results = sandbox.probe(PARSE, args=[lines for lines, _ in cases])
    if len(results) != len(cases):
        raise WrongOutput("the parse results could not be read back", repr(results)[:500])
    for (lines, expected), got in zip(cases, results):
        if isinstance(expected, ValueErrorOf):
            if got.get("raised") != "ValueError" or got.message not in expected.messages:
                what = ("returned a grid" if "rows" in got
                        else f"raised {got.raised}({got.message!r})")
                raise WrongOutput(f"parse({lines!r}) {what}; expected {expected!r}")
        elif "rows" not in got:
            raise WrongOutput(f"parse({lines!r}) raised {got.raised}({got.message!r}); "
                              f"expected a grid drawn as {expected!r}")
        elif got.rows != expected or not got.lists:
            raise WrongOutput(f"parse({lines!r}) gave a grid whose cells display as "
                              f"{got.rows!r}{'' if got.lists else ', not as a list of lists'}; "
                              f"expected {expected!r}")


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_every_kind_of_cell(sandbox):
    """parse: every kind of cell, lines ending in newlines"""
    require_parses(sandbox, [
        (["*X*W\n", "F 1*\n", "*1Y*\n"], ["*X*W", "F 1*", "*1Y*"]),
        (["**X**\n", "*W F*\n", "***Y*\n"], ["**X**", "*W F*", "***Y*"]),
    ])


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_last_line_without_newline(sandbox):
    """parse: a last line without a newline, as in the course's board files

    The spec: parse "must be able to handle \\n characters at the end of each string"; every
    board file the course handed out ends without one. Lines with no newline at all are not
    demanded.
    """
    require_parses(sandbox, [
        (lines_of("***\nX Y\n***"), ["***", "X Y", "***"]),
        (lines_of("**X**\n*   *\n**Y**"), ["**X**", "*   *", "**Y**"]),
    ])


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_all_nine_teleport_pairs(sandbox):
    """parse: teleport pads 1 to 9, each in a pair"""
    board = ["*X*******************\n", "*123456789987654321*\n", "*******************Y*\n"]
    require_parses(sandbox, [(board, [line.rstrip("\n") for line in board])])


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_bad_letter(sandbox):
    """parse: an unknown letter, a lower-case letter and pad 0 are bad letters"""
    require_parses(sandbox, [
        (lines_of("*X*\n*Z*\n*Y*\n"), ValueErrorOf(BAD_LETTER.format("Z"))),
        (lines_of("*X*\n*w*\n*Y*\n"), ValueErrorOf(BAD_LETTER.format("w"))),
        (lines_of("*X*\n*0*\n*0*\n*Y*\n"), ValueErrorOf(BAD_LETTER.format("0"))),
        (lines_of("*X*\n*Q*\n*-*\n*Y*\n"), ValueErrorOf(BAD_LETTER.format("Q"),
                                                         BAD_LETTER.format("-"))),
    ])


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_bad_letter_is_checked_first(sandbox):
    """parse: a bad letter is reported before the X, Y and pad counts"""
    require_parses(sandbox, [
        (lines_of("XX*\n*x*\n*Y*\n"), ValueErrorOf(BAD_LETTER.format("x"))),
        (lines_of("*****\n*1K *\n*****\n"), ValueErrorOf(BAD_LETTER.format("K"))),
    ])


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_start_count(sandbox):
    """parse: no X, or several, is reported with the count"""
    require_parses(sandbox, [
        (lines_of("***\n* Y\n***\n"), ValueErrorOf(START_COUNT.format(0))),
        (lines_of("*X*\nX X\n*Y*\n"), ValueErrorOf(START_COUNT.format(3))),
        (lines_of("*X*\n*X*\n***\n"), ValueErrorOf(START_COUNT.format(2))),
    ])


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_end_count(sandbox):
    """parse: no Y, or several, is reported with the count, after the X count"""
    require_parses(sandbox, [
        (lines_of("*X*\n* *\n***\n"), ValueErrorOf(END_COUNT.format(0))),
        (lines_of("*X*\n*Y1\n*Y*\n"), ValueErrorOf(END_COUNT.format(2))),
        (lines_of("***\n* *\n***\n"), ValueErrorOf(START_COUNT.format(0))),
    ])


@check(item="parser", timeout=TIMEOUT_S)
def test_parse_unmatched_teleport_pads(sandbox):
    """parse: a pad without exactly one partner is reported, after the X and Y counts"""
    require_parses(sandbox, [
        (lines_of("*X*\n*2*\n*Y*\n"), ValueErrorOf(UNMATCHED_PAD.format(2))),
        (lines_of("*X***\n*777*\n***Y*\n"), ValueErrorOf(UNMATCHED_PAD.format(7))),
        (lines_of("*X*****\n*11 11*\n*****Y*\n"), ValueErrorOf(UNMATCHED_PAD.format(1))),
        (lines_of("*X***\n*3 4*\n***Y*\n"), ValueErrorOf(UNMATCHED_PAD.format(3),
                                                  UNMATCHED_PAD.format(4))),
        (lines_of("*X*\n*5*\n***\n"), ValueErrorOf(END_COUNT.format(0))),
    ])
