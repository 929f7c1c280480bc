"""Play the acorn maze in the terminal: ``python3 run.py <filename> [play]``.

Loads the board with game_parser.read_lines, then repeats: show the grid, read a command,
pass it to the Game and show the message that comes back, until the acorn wins, burns or the
player quits. With the optional ``play`` argument the screen is cleared before each grid.
This file and solver.py are the only ones that print.
"""

import os
import sys

from game import Game
from game_parser import read_lines

USAGE = "Usage: python3 run.py <filename> [play]"
PLAY_OPTION = "play"
CLEAR_SCREEN_COMMAND = "clear"
PROMPT = "\nInput a move: "
GOODBYE = "\nBye!"
WIN_MESSAGE = ("You conquer the treacherous maze set up by the Fire Nation and reclaim the "
               "Honourable Furious Forest Throne, restoring your hometown back to its former "
               "glory of rainbow and sunshine! Peace reigns over the lands.")
LOSE_MESSAGE = ("The Fire Nation triumphs! The Honourable Furious Forest is reduced to a pile "
                "of ash and is scattered to the winds by the next storm... You have been roasted.")
WIN_BANNER = "=====================\n====== YOU WIN! =====\n====================="
LOSE_BANNER = "=====================\n===== GAME OVER =====\n====================="
ONE_MOVE_LINES = "You made 1 move.\nYour move: {}"
MOVES_LINES = "You made {} moves.\nYour moves: {}"
MOVE_SEPARATOR = ", "
# The closing text comes after two blank lines, its parts separated by one.
ENDING_GAP = "\n\n"
ERROR_EXIT_STATUS = 1
# Arguments after the spec's are ignored (CLARIFICATIONS, acorn usage), said on stderr so that
# what the game prints stays the spec's.
IGNORED_ARGUMENTS = "Ignoring extra arguments: {}"
HELP_OPTIONS = ("-h", "--help")
# The shell's status for a program stopped with Ctrl-C (128 + SIGINT).
INTERRUPTED_EXIT_STATUS = 130
# Terminals `clear` cannot work with: it would print a complaint into the game instead.
DUMB_TERMINALS = ("", "dumb")


def main() -> None:
    """Check the command line, load the board and play it.

    ``-h`` or ``--help`` prints the usage line. Exits with status 1 when the board is missing
    or bad. Arguments after the board and ``play`` are ignored, with a line on stderr.
    """
    if len(sys.argv) > 1 and sys.argv[1] in HELP_OPTIONS:
        print(USAGE)
        sys.exit()
    if len(sys.argv) < 2:
        print(USAGE)
        sys.exit(ERROR_EXIT_STATUS)
    clear_screen = sys.argv[2:3] == [PLAY_OPTION]
    extra = sys.argv[3:] if clear_screen else sys.argv[2:]
    if extra:
        print(IGNORED_ARGUMENTS.format(" ".join(extra)), file=sys.stderr)
    try:
        grid = read_lines(sys.argv[1])
    except ValueError as err:
        print(err)
        sys.exit(ERROR_EXIT_STATUS)
    play(Game(grid), clear_screen)


def play(game: Game, clear_screen: bool) -> None:
    """Run ``game`` on standard input until it ends; the end of input ends it quietly,
    Ctrl-C with exit status 130.

    ``clear_screen`` clears the terminal before each grid is shown.
    """
    show_grid(game, clear_screen)
    while True:
        try:
            command = input(PROMPT)
        except EOFError:
            print()  # the end of input ends the game quietly, on a line of its own
            return
        except KeyboardInterrupt:
            print()
            sys.exit(INTERRUPTED_EXIT_STATUS)
        message = game.game_move(command)
        if game.has_quit():
            print(GOODBYE)
            return
        show_grid(game, clear_screen)
        if game.is_won():
            print_ending([WIN_MESSAGE, moves_summary(game.moves()), WIN_BANNER])
            return
        if game.is_lost():
            print_ending([message, LOSE_MESSAGE, moves_summary(game.moves()), LOSE_BANNER])
            return
        if message:
            print()
            print(message)


def show_grid(game: Game, clear_screen: bool) -> None:
    """Print the grid of ``game``, after clearing the terminal when ``clear_screen`` is set
    (and the terminal is one ``clear`` knows)."""
    if clear_screen and os.environ.get("TERM", "") not in DUMB_TERMINALS:
        os.system(CLEAR_SCREEN_COMMAND)
    print(game.to_string())


def print_ending(parts: list) -> None:
    """Print the closing ``parts`` of a finished game, after the grid."""
    print(ENDING_GAP + ENDING_GAP.join(parts))


def moves_summary(moves: list) -> str:
    """Return the two lines counting and listing ``moves``, singular for exactly one move.

    >>> print(moves_summary(["d", "s"]))
    You made 2 moves.
    Your moves: d, s
    >>> print(moves_summary(["e"]))
    You made 1 move.
    Your move: e
    """
    listed = MOVE_SEPARATOR.join(moves)
    if len(moves) == 1:
        return ONE_MOVE_LINES.format(listed)
    return MOVES_LINES.format(len(moves), listed)


if __name__ == "__main__":
    main()
