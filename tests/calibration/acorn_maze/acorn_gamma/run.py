"""Entry point for playing the acorn maze.

Usage: python3 run.py <filename> [play]
"""

import os
import sys

from game import Game

VALID_MOVES = ('w', 'a', 's', 'd', 'e', 'q')
INVALID_MESSAGE = "Please enter a valid move (w, a, s, d, e, q)."
WIN_MESSAGE = ("You conquer the treacherous maze set up by the Fire Nation "
               "and reclaim the Honourable Furious Forest Throne, restoring "
               "your hometown back to its former glory of rainbow and "
               "sunshine! Peace reigns over the lands.")
LOSE_MESSAGE = ("The Fire Nation triumphs! The Honourable Furious Forest is "
                "reduced to a pile of ash and is scattered to the winds by "
                "the next storm... You have been roasted.")
BURNT_MESSAGE = "You step into the fires and watch your dreams disappear :(."


def show(game, play_mode):
    """Clear the screen (only in play mode) and print the grid."""
    if play_mode:
        os.system("clear")
    # grid_to_string already ends with a newline
    print(game.draw(), end='')


def print_moves(game, always_plural):
    """Print how many moves were made and what they were."""
    count = len(game.moves)
    joined = ", ".join(game.moves)
    if count == 1 and not always_plural:
        print("You made 1 move.")
        print("Your move: " + joined)
    else:
        print("You made {} moves.".format(count))
        print("Your moves: " + joined)


def print_win(game):
    """The end screen after reaching the goal."""
    print()
    print()
    print(WIN_MESSAGE)
    print()
    print_moves(game, False)
    print()
    print("=====================")
    print("====== YOU WIN! =====")
    print("=====================")


def print_loss(game):
    """The end screen after walking into a fire with no water."""
    print()
    print()
    print(BURNT_MESSAGE)
    print()
    print(LOSE_MESSAGE)
    print()
    # on a loss the move count is always given in the plural form
    print_moves(game, True)
    print()
    print("=====================")
    print("===== GAME OVER =====")
    print("=====================")


def main():
    if len(sys.argv) < 2:
        print("Usage: python3 run.py <filename> [play]")
        sys.exit()
    play_mode = len(sys.argv) > 2 and sys.argv[2] == 'play'

    try:
        game = Game(sys.argv[1])
    except ValueError as error:
        print(error)
        sys.exit()

    show(game, play_mode)
    while True:
        try:
            command = input("\nInput a move: ").lower()
        except EOFError:
            # no more input: end quietly
            print()
            sys.exit()

        if command not in VALID_MOVES:
            show(game, play_mode)
            print()
            print(INVALID_MESSAGE)
            continue
        if command == 'q':
            print("\nBye!")
            sys.exit()

        message = game.game_move(command)
        show(game, play_mode)
        if game.status == 'won':
            print_win(game)
            sys.exit()
        if game.status == 'lost':
            print_loss(game)
            sys.exit()
        if message is not None:
            print()
            print(message)


if __name__ == "__main__":
    main()
