import sys
import os

from game_parser import read_lines
from game import Game
from cells import WIN, LOSE

WIN_TEXT = "You conquer the treacherous maze set up by the Fire Nation and reclaim the Honourable Furious Forest Throne, restoring your hometown back to its former glory of rainbow and sunshine! Peace reigns over the lands."
LOSE_TEXT = "The Fire Nation triumphs! The Honourable Furious Forest is reduced to a pile of ash and is scattered to the winds by the next storm... You have been roasted."
EDGE = "====================="
WIN_BANNER = EDGE + "\n====== YOU WIN! =====\n" + EDGE
LOSE_BANNER = EDGE + "\n===== GAME OVER =====\n" + EDGE


def move_summary(moves):
    if len(moves) == 1:
        return "You made 1 move.\nYour move: " + moves[0]
    return "You made {} moves.\nYour moves: {}".format(len(moves), ", ".join(moves))


def main(args):
    if len(args) < 2:
        print("Usage: python3 run.py <filename> [play]")
        sys.exit()
    filename = args[1]
    clearing = len(args) > 2 and args[2] == "play"

    try:
        grid = read_lines(filename)
    except ValueError as problem:
        print(problem)
        sys.exit()
    if grid is None:
        print("{} does not exist!".format(filename))
        sys.exit()

    game = Game(grid)
    if clearing:
        os.system("clear")
    print(game.picture())

    while True:
        try:
            typed = input("\nInput a move: ")
        except EOFError:
            sys.exit()
        if clearing:
            os.system("clear")
        command = typed.lower()
        if command == "q":
            print("\nBye!")
            sys.exit()

        outcome, message = game.apply(command)
        if outcome == WIN:
            print(game.picture() + "\n\n\n" + WIN_TEXT + "\n\n"
                  + move_summary(game.moves) + "\n\n" + WIN_BANNER)
            return
        if outcome == LOSE:
            print(game.picture() + "\n\n\n" + message + "\n\n" + LOSE_TEXT + "\n\n"
                  + move_summary(game.moves) + "\n\n" + LOSE_BANNER)
            return

        print(game.picture())
        if message:
            print("\n" + message)


if __name__ == "__main__":
    main(sys.argv)
