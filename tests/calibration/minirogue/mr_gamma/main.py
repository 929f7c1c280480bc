"""main.py: starts a game of MiniRogue (the Python version of the skeleton's main.cpp).

The argument of Game is how far away (in steps) a goblin can smell the player.
"""

from game import Game


def main():
    """Create a game whose goblins smell 15 steps away, and play it."""
    g = Game(15)
    g.play()


if __name__ == "__main__":
    main()
