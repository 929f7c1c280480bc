"""main.py: start a game of MiniRogue (the Python port of the skeleton's main.cpp).

The argument of Game is how many steps away a goblin can smell the player; the spec
says 15 (it may only be lowered, to make the goblins' search faster while testing).
"""

from game import Game


def main() -> None:
    """Set up the game and play it."""
    g = Game(15)
    g.play()


if __name__ == "__main__":
    main()
