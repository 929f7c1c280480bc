"""Usage and error checks: bad command lines, a missing board, silent imports.

What the spec and CLARIFICATIONS.md fix: the two usage lines ("If no command line arguments
are provided, print Usage: ..."); ``<filename> does not exist!`` for a missing file, then a
clean exit ("If the file doesn't exist, print <filename> does not exist! and exit
gracefully"); only run.py and solver.py print ("No file other than run.py and solver.py should
print to the screen!"). Malformed boards beyond parse's four ValueErrors (graded under the
parser item) and the end of input at the prompt are "(reference only)" in CLARIFICATIONS.md,
so they are not graded here. Each check adds its points to the item.
"""

from autograder import WrongOutput, check

TIMEOUT_S = 5
MISSING_FILE = "no_such_board.txt"
TRACEBACK = "Traceback (most recent call last)"
RUN_USAGE = "Usage: python3 run.py <filename> [play]"
SOLVER_USAGE = "Usage: python3 solver.py <filename> <mode>"
NON_ENTRY_MODULES = ("cells", "game", "game_parser", "grid", "player")


def require_message(sandbox, argv, message: str) -> None:
    """Run ``argv`` and require ``message`` as the whole output, with no traceback.

    The message may be on stdout or stderr; the exit status is not graded ("exit gracefully").
    """
    command = " ".join(argv)
    result = sandbox.run(argv)
    stdout = result.stdout.decode("utf-8", "replace")
    stderr = result.stderr.decode("utf-8", "replace")
    shown = f"stdout:\n{stdout[:1000]}\nstderr:\n{stderr[-1500:]}"
    if TRACEBACK in stderr:
        raise WrongOutput(f"`{command}` ended with a traceback; expected the message "
                          f"'{message}'", shown)
    if (stdout + stderr).strip() != message:
        raise WrongOutput(f"`{command}` should print just '{message}'", shown)


@check(item="usage_errors", points=0.75, timeout=TIMEOUT_S)
def test_usage_lines(sandbox):
    """run.py and solver.py without arguments print their usage line"""
    require_message(sandbox, ["python", "run.py"], RUN_USAGE)
    require_message(sandbox, ["python", "solver.py"], SOLVER_USAGE)


@check(item="usage_errors", points=0.75, timeout=TIMEOUT_S)
def test_missing_file(sandbox):
    """run.py and solver.py given a missing file print '<filename> does not exist!'"""
    message = f"{MISSING_FILE} does not exist!"
    require_message(sandbox, ["python", "run.py", MISSING_FILE], message)
    require_message(sandbox, ["python", "solver.py", MISSING_FILE, "BFS"], message)


@check(item="usage_errors", points=0.5, timeout=TIMEOUT_S)
def test_non_entry_modules_print_nothing_on_import(sandbox):
    """cells, game, game_parser, grid and player print nothing when imported"""
    sandbox.program(["python", "-c", "import " + ", ".join(NON_ENTRY_MODULES)], "",
                    expected_status=0)
