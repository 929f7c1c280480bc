"""main.py: starts a game of MiniRogue (port of main.cpp).

The argument of Game is how many steps away a goblin can smell the player.
"""

from game import Game


def main():
    """Set up the game and play it."""
    g = Game(15)
    g.play()


if __name__ == "__main__":
    main()
