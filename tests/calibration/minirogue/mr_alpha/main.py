"""main.py: starts a game of MiniRogue (the Python port of the skeleton's main.cpp).

The argument to the Game constructor is the goblins' smell distance; as in the
skeleton it is 15.
"""

from Game import Game


def main():
    """Create a game whose goblins smell 15 steps away and play it."""
    g = Game(15)
    g.play()


if __name__ == "__main__":
    main()
