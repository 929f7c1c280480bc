"""Usage and error checks: bad command lines, missing and malformed boards, the end of input.

What the spec and CLARIFICATIONS.md fix: the two usage lines; ``<filename> does not exist!``
for a missing file, then a clean exit; the end of input at the prompt ends the game quietly;
only run.py and solver.py print. For a malformed board the project asks for parse's message
on one line (stdout or stderr) and a non-zero exit status, never a traceback. Each check adds
its points to the item.
"""

from autograder import WrongOutput, check

TIMEOUT_S = 5
BOARD_FILE = "board.txt"
MISSING_FILE = "no_such_board.txt"
TRACEBACK = "Traceback (most recent call last)"
RUN_USAGE = "Usage: python3 run.py <filename> [play]"
SOLVER_USAGE = "Usage: python3 solver.py <filename> <mode>"
CORRIDOR = "***\nX Y\n***"
# A malformed board of each kind, and parse's message for it.
MALFORMED_BOARDS = [
    ("*X*\n*Z*\n*Y*", "Bad letter in configuration file: Z."),
    ("***\n  Y\n***", "Expected 1 starting position, got 0."),
    ("*X*\n*Y*\n*Y*", "Expected 1 ending position, got 2."),
    ("*X*\n*4*\n*Y*", "Teleport pad 4 does not have an exclusively matching pad."),
]
NON_ENTRY_MODULES = ("cells", "game", "game_parser", "grid", "player")


def require_message(sandbox, argv, message: str, files=None, nonzero_exit: bool = False) -> None:
    """Run ``argv`` and require ``message`` as the whole output, with no traceback.

    The message may be on stdout or stderr. With ``nonzero_exit`` the exit status must not be 0.
    """
    command = " ".join(argv)
    result = sandbox.run(argv, files=files)
    stdout = result.stdout.decode("utf-8", "replace")
    stderr = result.stderr.decode("utf-8", "replace")
    shown = f"stdout:\n{stdout[:1000]}\nstderr:\n{stderr[-1500:]}"
    if TRACEBACK in stderr:
        raise WrongOutput(f"`{command}` ended with a traceback; expected the message "
                          f"'{message}'", shown)
    if (stdout + stderr).strip() != message:
        raise WrongOutput(f"`{command}` should print just '{message}'", shown)
    if nonzero_exit and result.returncode == 0:
        raise WrongOutput(f"`{command}` exited with status 0; a bad board needs a non-zero one",
                          shown)


@check(item="usage_errors", points=0.5, timeout=TIMEOUT_S)
def test_usage_lines(sandbox):
    """run.py and solver.py without arguments print their usage line"""
    require_message(sandbox, ["python", "run.py"], RUN_USAGE)
    require_message(sandbox, ["python", "solver.py"], SOLVER_USAGE)


@check(item="usage_errors", points=0.5, timeout=TIMEOUT_S)
def test_missing_file(sandbox):
    """run.py and solver.py given a missing file print '<filename> does not exist!'"""
    message = f"{MISSING_FILE} does not exist!"
    require_message(sandbox, ["python", "run.py", MISSING_FILE], message)
    require_message(sandbox, ["python", "solver.py", MISSING_FILE, "BFS"], message)


@check(item="usage_errors", points=0.5, timeout=TIMEOUT_S)
def test_malformed_boards(sandbox):
    """run.py and solver.py given a malformed board print parse's message and exit non-zero"""
    for board, message in MALFORMED_BOARDS:
        require_message(sandbox, ["python", "run.py", BOARD_FILE], message,
                        files={BOARD_FILE: board.encode("utf-8")}, nonzero_exit=True)
    board, message = MALFORMED_BOARDS[0]
    require_message(sandbox, ["python", "solver.py", BOARD_FILE, "BFS"], message,
                    files={BOARD_FILE: board.encode("utf-8")}, nonzero_exit=True)


@check(item="usage_errors", points=0.25, timeout=TIMEOUT_S)
def test_end_of_input_ends_quietly(sandbox):
    """run.py: the end of input at the prompt ends the game quietly"""
    grid = "***\n{}\n***\n\nYou have 0 water buckets.\n"
    expected = grid.format("A Y") + "\nInput a move: " + grid.format("XAY") + "\nInput a move: "
    result = sandbox.program(["python", "run.py", BOARD_FILE], expected, stdin="d\n",
                             files={BOARD_FILE: CORRIDOR.encode("utf-8")},
                             normalise="rstrip_lines")
    if result.stderr:
        raise WrongOutput("run.py wrote to stderr when the input ended",
                          result.stderr.decode("utf-8", "replace")[-1500:])


@check(item="usage_errors", points=0.25, timeout=TIMEOUT_S)
def test_non_entry_modules_print_nothing_on_import(sandbox):
    """cells, game, game_parser, grid and player print nothing when imported"""
    sandbox.program(["python", "-c", "import " + ", ".join(NON_ENTRY_MODULES)], "",
                    expected_status=0)
