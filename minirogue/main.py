"""main.py: start a game of MiniRogue -- ``python main.py`` from this folder.

The C++ skeleton's main.cpp: build ``Game(15)`` and call ``play()``. The number is the goblin
smell distance, the only thing the assignment lets a student change here. Set the environment
variable MINIROGUE_SEED to replay the same game (see utilities.py).

The program takes no arguments: ``-h`` or ``--help`` prints the usage line, and any other
argument is an error (the usage line, on standard error). On a terminal too small for the
map and the statistics line it says what size it needs and stops, rather than draw a screen
that wraps. Ctrl-C, or output that nobody reads any more (a closed pipe), ends the game
quietly.
"""

import os
import shutil
import sys
from typing import List, Optional

from Dungeon import COLS, ROWS
from Game import Game

GOBLIN_SMELL_DISTANCE = 15
# The usage line names the script started: main.py, or run.py, which passes its own name.
USAGE = "usage: python {} (no arguments; set MINIROGUE_SEED to replay a game)"
PROGRAM = "main.py"
HELP_OPTIONS = ("-h", "--help")
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C
EXIT_OUTPUT_CLOSED = 1
EXIT_SMALL_TERMINAL = 1
# The map, the statistics line and the blank line under it must fit on the screen.
SCREEN_ROWS_NEEDED = ROWS + 2
SMALL_TERMINAL = ("MiniRogue needs a terminal of at least {} columns and {} rows; this one has "
                  "{} columns and {} rows")


def main(argv: Optional[List[str]] = None, program: str = PROGRAM) -> int:
    """Play one game, or print the usage line; return the exit status.

    Parameters:
        argv: the command-line arguments after the program name (default: sys.argv[1:]);
            there must be none, or just ``-h`` or ``--help``.
        program: the name of the script started, for the usage line.
    """
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 1 and args[0] in HELP_OPTIONS:
        print(USAGE.format(program))
        return 0
    if args:
        print(USAGE.format(program), file=sys.stderr)
        return EXIT_USAGE
    if sys.stdout.isatty():
        # Only a real screen can be too small: piped output is never wrapped.
        size = shutil.get_terminal_size()
        if size.columns < COLS or size.lines < SCREEN_ROWS_NEEDED:
            print(SMALL_TERMINAL.format(COLS, SCREEN_ROWS_NEEDED, size.columns, size.lines),
                  file=sys.stderr)
            return EXIT_SMALL_TERMINAL
    game = Game(GOBLIN_SMELL_DISTANCE)
    try:
        game.play()
    except KeyboardInterrupt:
        print()
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Send what is still buffered nowhere, so that exiting does not fail a second time.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OUTPUT_CLOSED
    return 0


if __name__ == "__main__":
    sys.exit(main())
