"""
run.py - play the Acorn maze in the terminal.

Usage: python3 run.py <filename> [play]
"""
import os
import sys

from game import Game
from grid import grid_to_string

VALID_MOVES = ('w', 'a', 's', 'd', 'e')
INVALID_MESSAGE = "Please enter a valid move (w, a, s, d, e, q)."
WIN_MESSAGE = ("You conquer the treacherous maze set up by the Fire Nation "
               "and reclaim the Honourable Furious Forest Throne, restoring "
               "your hometown back to its former glory of rainbow and "
               "sunshine! Peace reigns over the lands.")
LOSE_MESSAGE = ("The Fire Nation triumphs! The Honourable Furious Forest is "
                "reduced to a pile of ash and is scattered to the winds by "
                "the next storm... You have been roasted.")


def moves_summary(moves):
    """The two lines that tell the user how many moves they made."""
    if len(moves) == 1:
        return "You made 1 move.\nYour move: {}".format(moves[0])
    return "You made {} moves.\nYour moves: {}".format(len(moves),
                                                       ', '.join(moves))


def show(game, play_mode):
    """Print the grid (clearing the screen first in play mode)."""
    if play_mode:
        os.system("clear")
    print(grid_to_string(game.grid, game.player))


def main():
    if len(sys.argv) < 2:
        print("Usage: python3 run.py <filename> [play]")
        sys.exit()
    play_mode = len(sys.argv) > 2 and sys.argv[2] == 'play'

    try:
        game = Game(sys.argv[1])
    except ValueError as error:
        print(error)
        sys.exit(1)

    show(game, play_mode)
    while True:
        try:
            command = input("\nInput a move: ").lower()
        except EOFError:
            # the input ran out: stop quietly
            return

        if command == 'q':
            print("\nBye!")
            sys.exit()

        if command not in VALID_MOVES:
            show(game, play_mode)
            print("\n" + INVALID_MESSAGE)
            continue

        message = game.game_move(command)
        show(game, play_mode)

        if game.won:
            print("\n\n" + WIN_MESSAGE)
            print("\n" + moves_summary(game.moves))
            print("\n=====================")
            print("====== YOU WIN! =====")
            print("=====================")
            return
        if game.lost:
            print("\n\n" + message)
            print("\n" + LOSE_MESSAGE)
            print("\n" + moves_summary(game.moves))
            print("\n=====================")
            print("===== GAME OVER =====")
            print("=====================")
            return
        if message is not None:
            print("\n" + message)


if __name__ == "__main__":
    main()
