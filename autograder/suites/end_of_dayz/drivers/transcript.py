"""Replay a course transcript: a program run with ``python -c`` in the sandbox child.

The course recorded each transcript by calling ``play`` on a hand-built grid with every
line of input echoed after its prompt. This program rebuilds those grids exactly as
CLARIFICATIONS.md describes (entities added in the recorded order, the random source
seeded after the game is made) and echoes input the same way; its output is the game's.
Run by ``check_play.py``: a program, not a probe, so it reports nothing (``SHAPE`` None).

argv: the transcript's name, then optionally a format string with ``returned`` and
``unread`` printed after the game (what ``play`` returned and the input left unread).
"""

import builtins
import random
import sys

# The seed the course gave the random source after making a game with zombies.
COURSE_SEED = 1001.2021
# The transcripts played on the basic and the intermediate game.
BASIC_GAMES = ("basic", "invalid")
ZOMBIE_GAMES = ("with_zombies", "lose")

SHAPE = None


def main() -> None:
    """Build the transcript's game as the course did, play it, and say how play ended."""
    from a2_support import Position
    from a2 import (AdvancedGame, AdvancedTextInterface, Crossbow, Game, Garlic, Grid,
                    HoldingPlayer, Hospital, IntermediateGame, Player, TextInterface,
                    TrackingZombie, VulnerablePlayer, Zombie)

    read_line = builtins.input

    def echoing_input(prompt: str = "") -> str:
        """Read a line as input() does, then echo it, as the course's recording did."""
        line = read_line(prompt)
        print(line)
        return line

    builtins.input = echoing_input
    name = sys.argv[1]
    grid = Grid(5)
    grid.add_entity(Position(4, 4), Hospital())
    grid.add_entity(Position(1, 1), Player())
    if name in BASIC_GAMES:
        game, interface = Game(grid), TextInterface(5)
    elif name in ZOMBIE_GAMES:
        grid.add_entity(Position(1, 1), VulnerablePlayer())
        grid.add_entity(Position(3, 2), Zombie())
        grid.add_entity(Position(3, 0), Zombie())
        game, interface = IntermediateGame(grid), TextInterface(5)
        random.seed(COURSE_SEED)
        if name == "lose":
            grid.add_entity(Position(1, 3), Zombie())
    else:
        grid.add_entity(Position(1, 1), HoldingPlayer())
        grid.add_entity(Position(3, 2), Zombie())
        grid.add_entity(Position(4, 0), TrackingZombie())
        grid.add_entity(Position(0, 2), Garlic())
        grid.add_entity(Position(0, 4), Crossbow())
        game, interface = AdvancedGame(grid), AdvancedTextInterface(5)
        random.seed(COURSE_SEED)
    returned = interface.play(game)
    if len(sys.argv) > 2:
        print(sys.argv[2].format(returned=returned, unread=sys.stdin.read()), end="")
