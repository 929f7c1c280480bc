"""Game rule checks: whole games of ``python run.py board.txt`` with typed input, byte for byte.

Each check writes a small board into the sandbox, types the moves and compares everything
run.py prints with the expected transcript. The expectations are built here from the grids
written out below, one per screen, and CLARIFICATIONS.md's layout in ``screen``, ``won`` and
``lost``: the grid string, then a blank line and the message if there is one, then the prompt
``\\nInput a move: ``; at the end, two blank lines and the closing text. The course's own
sample (``course_test/``, byte copies of the course files) anchors that layout.
"""

from pathlib import Path
from typing import Optional, Sequence

from autograder import WrongOutput, check

COURSE_TEST = Path(__file__).resolve().parent / "course_test"
BOARD_FILE = "board.txt"
TIMEOUT_S = 5

PROMPT = "\nInput a move: "
WALL = "You walked into a wall. Oof!"
WATER = "Thank the Honourable Furious Forest, you've found a bucket of water!"
FIRE = ("With your strong acorn arms, you throw a water bucket at the fire. "
        "You acorn roll your way through the extinguished flames!")
BURNT = "You step into the fires and watch your dreams disappear :(."
WHOOSH = ("Whoosh! The magical gates break Physics as we know it and opens a wormhole "
          "through space and time.")
INVALID = "Please enter a valid move (w, a, s, d, e, q)."
WIN_TEXT = ("You conquer the treacherous maze set up by the Fire Nation and reclaim the "
            "Honourable Furious Forest Throne, restoring your hometown back to its former "
            "glory of rainbow and sunshine! Peace reigns over the lands.")
LOSE_TEXT = ("The Fire Nation triumphs! The Honourable Furious Forest is reduced to a pile of "
             "ash and is scattered to the winds by the next storm... You have been roasted.")
WIN_BANNER = "=====================\n====== YOU WIN! =====\n====================="
LOSE_BANNER = "=====================\n===== GAME OVER =====\n====================="
BYE = "\nBye!\n"

CORRIDOR = "***\nX Y\n***"
# Stepping down from X onto the left pad lands on the right pad at row 1, column 4.
PADS = "**X****\n* 1*1 *\n*****Y*"
WATER_AND_FIRE = "**X**\n*W F*\n***Y*"


def bucket_line(buckets: int) -> str:
    """Return the bucket line for ``buckets``, singular for exactly one."""
    if buckets == 1:
        return "You have 1 water bucket."
    return f"You have {buckets} water buckets."


def screen(rows: str, buckets: int = 0, message: Optional[str] = None) -> str:
    """Return what run.py prints for the grid ``rows`` (acorn drawn in) and ``message``."""
    text = rows + "\n\n" + bucket_line(buckets) + "\n"
    return text + ("\n" + message + "\n" if message else "")


def summary(moves: Sequence[str], plural: bool = False) -> str:
    """Return the two move lines; singular for exactly one move unless ``plural``."""
    if len(moves) == 1 and not plural:
        return f"You made 1 move.\nYour move: {moves[0]}"
    return f"You made {len(moves)} moves.\nYour moves: {', '.join(moves)}"


def won(rows: str, buckets: int, moves: Sequence[str]) -> str:
    """Return the last grid (the acorn on Y) and the winning text."""
    parts = [WIN_TEXT, summary(moves), WIN_BANNER]
    return screen(rows, buckets) + "\n\n" + "\n\n".join(parts) + "\n"


def lost(rows: str, buckets: int, moves: Sequence[str], plural: bool = False) -> str:
    """Return the last grid (the acorn on the fire) and the losing text."""
    parts = [BURNT, LOSE_TEXT, summary(moves, plural), LOSE_BANNER]
    return screen(rows, buckets) + "\n\n" + "\n\n".join(parts) + "\n"


def played(*screens: str) -> str:
    """Return the whole output: the screens with the prompt between them."""
    return PROMPT.join(screens)


def require_transcript(sandbox, board: str, typed: str, expected: str) -> None:
    """Play ``board`` with the lines ``typed`` and require run.py's output to be ``expected``."""
    sandbox.program(["python", "run.py", BOARD_FILE], expected, stdin=typed,
                    files={BOARD_FILE: board.encode("utf-8")})


@check(item="game_rules", timeout=TIMEOUT_S)
def test_course_sample(sandbox):
    """run.py: the course's sample test 1 (a simple win), byte for byte"""
    sandbox.program(["python", "run.py", "1.config"],
                    (COURSE_TEST / "1.out").read_bytes().decode("utf-8"),
                    stdin=(COURSE_TEST / "1.in").read_bytes().decode("utf-8"),
                    files={"1.config": (COURSE_TEST / "1.config").read_bytes()})


@check(item="game_rules", timeout=TIMEOUT_S)
def test_wall_moves_are_not_counted(sandbox):
    """run.py: walking into a wall pushes back, says Oof, and is not counted"""
    require_transcript(sandbox, CORRIDOR, "w\nd\nd\n", played(
        screen("***\nA Y\n***"),
        screen("***\nA Y\n***", 0, WALL),
        screen("***\nXAY\n***"),
        won("***\nX A\n***", 0, ["d", "d"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_leaving_the_grid_is_a_wall(sandbox):
    """run.py: stepping off the grid acts as a wall and is not counted"""
    require_transcript(sandbox, CORRIDOR, "a\nd\nd\n", played(
        screen("***\nA Y\n***"),
        screen("***\nA Y\n***", 0, WALL),
        screen("***\nXAY\n***"),
        won("***\nX A\n***", 0, ["d", "d"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_teleport(sandbox):
    """run.py: stepping onto a pad teleports to its partner, with the Whoosh message"""
    require_transcript(sandbox, PADS, "s\nd\ns\n", played(
        screen("**A****\n* 1*1 *\n*****Y*"),
        screen("**X****\n* 1*A *\n*****Y*", 0, WHOOSH),
        screen("**X****\n* 1*1A*\n*****Y*"),
        won("**X****\n* 1*1 *\n*****A*", 0, ["s", "d", "s"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_waiting_on_a_pad_teleports_again(sandbox):
    """run.py: waiting (e) on a pad teleports back and forth, and counts"""
    require_transcript(sandbox, PADS, "s\ne\ne\nd\ns\n", played(
        screen("**A****\n* 1*1 *\n*****Y*"),
        screen("**X****\n* 1*A *\n*****Y*", 0, WHOOSH),
        screen("**X****\n* A*1 *\n*****Y*", 0, WHOOSH),
        screen("**X****\n* 1*A *\n*****Y*", 0, WHOOSH),
        screen("**X****\n* 1*1A*\n*****Y*"),
        won("**X****\n* 1*1 *\n*****A*", 0, ["s", "e", "e", "d", "s"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_pushed_back_onto_a_pad_does_not_teleport(sandbox):
    """run.py: a wall pushes the acorn back onto a pad without teleporting it again"""
    require_transcript(sandbox, PADS, "s\nw\nd\ns\n", played(
        screen("**A****\n* 1*1 *\n*****Y*"),
        screen("**X****\n* 1*A *\n*****Y*", 0, WHOOSH),
        screen("**X****\n* 1*A *\n*****Y*", 0, WALL),
        screen("**X****\n* 1*1A*\n*****Y*"),
        won("**X****\n* 1*1 *\n*****A*", 0, ["s", "d", "s"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_water_then_fire(sandbox):
    """run.py: a bucket of water puts out a fire, both messages and bucket counts shown"""
    require_transcript(sandbox, WATER_AND_FIRE, "s\na\nd\nd\ns\n", played(
        screen("**A**\n*W F*\n***Y*"),
        screen("**X**\n*WAF*\n***Y*"),
        screen("**X**\n*A F*\n***Y*", 1, WATER),
        screen("**X**\n* AF*\n***Y*", 1),
        screen("**X**\n*  A*\n***Y*", 0, FIRE),
        won("**X**\n*   *\n***A*", 0, ["s", "a", "d", "d", "s"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_water_is_used_up(sandbox):
    """run.py: a water cell becomes air once its bucket is taken"""
    require_transcript(sandbox, WATER_AND_FIRE, "s\na\nd\na\nq\n", played(
        screen("**A**\n*W F*\n***Y*"),
        screen("**X**\n*WAF*\n***Y*"),
        screen("**X**\n*A F*\n***Y*", 1, WATER),
        screen("**X**\n* AF*\n***Y*", 1),
        screen("**X**\n*A F*\n***Y*", 1),
        BYE))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_fire_put_out_becomes_air(sandbox):
    """run.py: a fire once put out is air: walking back over it says nothing"""
    require_transcript(sandbox, WATER_AND_FIRE, "s\na\nd\nd\na\nd\ns\n", played(
        screen("**A**\n*W F*\n***Y*"),
        screen("**X**\n*WAF*\n***Y*"),
        screen("**X**\n*A F*\n***Y*", 1, WATER),
        screen("**X**\n* AF*\n***Y*", 1),
        screen("**X**\n*  A*\n***Y*", 0, FIRE),
        screen("**X**\n* A *\n***Y*"),
        screen("**X**\n*  A*\n***Y*"),
        won("**X**\n*   *\n***A*", 0, ["s", "a", "d", "d", "a", "d", "s"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_two_buckets(sandbox):
    """run.py: buckets add up ('You have 2 water buckets.') and one is spent per fire"""
    require_transcript(sandbox, "***X**\n*WW F*\n****Y*", "s\na\na\nd\nd\nd\ns\n", played(
        screen("***A**\n*WW F*\n****Y*"),
        screen("***X**\n*WWAF*\n****Y*"),
        screen("***X**\n*WA F*\n****Y*", 1, WATER),
        screen("***X**\n*A  F*\n****Y*", 2, WATER),
        screen("***X**\n* A F*\n****Y*", 2),
        screen("***X**\n*  AF*\n****Y*", 2),
        screen("***X**\n*   A*\n****Y*", 1, FIRE),
        won("***X**\n*    *\n****A*", 1, ["s", "a", "a", "d", "d", "d", "s"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_losing_in_a_fire(sandbox):
    """run.py: a fire without water ends the game; the losing move counts"""
    require_transcript(sandbox, "*X***\n* F *\n***Y*", "s\nd\n", played(
        screen("*A***\n* F *\n***Y*"),
        screen("*X***\n*AF *\n***Y*"),
        lost("*X***\n* A *\n***Y*", 0, ["s", "d"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_one_bucket_for_two_fires(sandbox):
    """run.py: one bucket puts out one fire; the second fire ends the game"""
    require_transcript(sandbox, "**X***\n*W FF*\n****Y*", "s\na\nd\nd\nd\n", played(
        screen("**A***\n*W FF*\n****Y*"),
        screen("**X***\n*WAFF*\n****Y*"),
        screen("**X***\n*A FF*\n****Y*", 1, WATER),
        screen("**X***\n* AFF*\n****Y*", 1),
        screen("**X***\n*  AF*\n****Y*", 0, FIRE),
        lost("**X***\n*   A*\n****Y*", 0, ["s", "a", "d", "d", "d"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_winning_in_one_move(sandbox):
    """run.py: a win in one move says 'You made 1 move.' and 'Your move: s'"""
    require_transcript(sandbox, "*X*\n*Y*", "s\n", played(
        screen("*A*\n*Y*"),
        won("*X*\n*A*", 0, ["s"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_losing_in_one_move(sandbox):
    """run.py: a loss in one move (the singular wording, or the plural, is accepted)"""
    board, typed, start = "*X*\n*F*\n*Y*", "s\n", screen("*A*\n*F*\n*Y*")
    try:
        require_transcript(sandbox, board, typed, played(start, lost("*X*\n*A*\n*Y*", 0, ["s"])))
    except WrongOutput as singular_failure:
        try:
            require_transcript(sandbox, board, typed,
                               played(start, lost("*X*\n*A*\n*Y*", 0, ["s"], plural=True)))
        except WrongOutput:
            raise singular_failure from None


@check(item="game_rules", timeout=TIMEOUT_S)
def test_commands_are_case_insensitive(sandbox):
    """run.py: D and E work as d and e, and are listed in lower case"""
    require_transcript(sandbox, CORRIDOR, "D\nE\nD\n", played(
        screen("***\nA Y\n***"),
        screen("***\nXAY\n***"),
        screen("***\nXAY\n***"),
        won("***\nX A\n***", 0, ["d", "e", "d"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_waiting_counts_as_a_move(sandbox):
    """run.py: waiting (e) off a pad changes nothing but counts"""
    require_transcript(sandbox, CORRIDOR, "e\nd\nd\n", played(
        screen("***\nA Y\n***"),
        screen("***\nA Y\n***"),
        screen("***\nXAY\n***"),
        won("***\nX A\n***", 0, ["e", "d", "d"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_invalid_inputs(sandbox):
    """run.py: unknown letters, empty lines and several characters are invalid, not counted"""
    invalid = screen("***\nA Y\n***", 0, INVALID)
    require_transcript(sandbox, CORRIDOR, "x\n\ndd\n d\nwa\nd\nd\n", played(
        screen("***\nA Y\n***"),
        invalid, invalid, invalid, invalid, invalid,
        screen("***\nXAY\n***"),
        won("***\nX A\n***", 0, ["d", "d"])))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_quit(sandbox):
    """run.py: q prints Bye! and ends the game, with no grid and no summary"""
    require_transcript(sandbox, CORRIDOR, "d\nq\nd\n", played(
        screen("***\nA Y\n***"),
        screen("***\nXAY\n***"),
        BYE))


@check(item="game_rules", timeout=TIMEOUT_S)
def test_quit_upper_case(sandbox):
    """run.py: Q quits as q does"""
    require_transcript(sandbox, CORRIDOR, "Q\nd\nd\n", played(screen("***\nA Y\n***"), BYE))
