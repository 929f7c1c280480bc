"""
run.py - the Acorn maze game.

    python3 run.py <filename> [play]

With 'play' the screen is cleared after every move.
"""
import os
import sys

from game import Game
from game_parser import read_lines
from grid import grid_to_string


def print_grid(game, clear):
    """Show the grid.  grid_to_string() already ends with a newline."""
    if clear:
        os.system("clear")
    print(grid_to_string(game.grid, game.player), end='')


def print_moves(game):
    """Print how many moves were made and which ones."""
    count = len(game.moves)
    if count == 1 and game.status == 'won':
        print('You made 1 move.')
        print('Your move: ' + game.moves[0])
    else:
        print('You made ' + str(count) + ' moves.')
        print('Your moves: ' + ', '.join(game.moves))


def finish(game, message):
    """Print the end of game screen (the grid was just printed)."""
    print()
    print()
    if game.status == 'won':
        print('You conquer the treacherous maze set up by the Fire Nation and '
              'reclaim the Honourable Furious Forest Throne, restoring your '
              'hometown back to its former glory of rainbow and sunshine! '
              'Peace reigns over the lands.')
        print()
        print_moves(game)
        print()
        print('=====================')
        print('====== YOU WIN! =====')
        print('=====================')
    else:
        print(message)
        print()
        print('The Fire Nation triumphs! The Honourable Furious Forest is '
              'reduced to a pile of ash and is scattered to the winds by the '
              'next storm... You have been roasted.')
        print()
        print_moves(game)
        print()
        print('=====================')
        print('===== GAME OVER =====')
        print('=====================')


def main(args):
    if len(args) < 2:
        print('Usage: python3 run.py <filename> [play]')
        sys.exit()
    filename = args[1]
    clear = len(args) >= 3 and args[2] == 'play'

    try:
        grid = read_lines(filename)
    except FileNotFoundError:
        print(filename + ' does not exist!')
        sys.exit()
    except ValueError as e:
        print(e)
        sys.exit(1)

    game = Game(grid)
    print_grid(game, clear)

    while game.status == 'playing':
        try:
            command = input('\nInput a move: ')
        except EOFError:
            sys.exit()
        command = command.lower()

        if command == 'q':
            print('\nBye!')
            sys.exit()
        elif command in ['w', 'a', 's', 'd', 'e']:
            message = game.move(command)
        else:
            message = 'Please enter a valid move (w, a, s, d, e, q).'

        print_grid(game, clear)
        if game.status != 'playing':
            finish(game, message)
        elif message != '':
            print()
            print(message)


if __name__ == '__main__':
    main(sys.argv)
