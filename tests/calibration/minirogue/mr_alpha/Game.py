"""Game.py: the Game class, which runs the command loop of MiniRogue."""

import sys

from Dungeon import Dungeon
from Player import Player
from utilities import (getCharacter, clearScreen, ARROW_LEFT, ARROW_RIGHT,
                       ARROW_UP, ARROW_DOWN)

# Movement keys (getCharacter also turns the arrow keys into these) -> (row, col) change.
MOVES = {
    ARROW_LEFT: (0, -1),
    ARROW_RIGHT: (0, 1),
    ARROW_UP: (-1, 0),
    ARROW_DOWN: (1, 0),
}
QUIT = "q"
END_PROMPT = "Press q to exit game."


class Game:
    """The whole game: the player, the current dungeon level and the turn loop.

    The Game owns the Player and the current Dungeon, reads commands from the
    keyboard, hands them to the player, lets the monsters move and redraws the
    screen. A new Dungeon is created for every level.
    """

    def __init__(self, goblinSmellDistance):
        """Start a new game on level 0; goblins smell goblinSmellDistance steps away."""
        self.m_smellDistance = goblinSmellDistance
        self.m_player = Player(None, 0, 0)
        self.m_dungeon = Dungeon(0, self.m_player, goblinSmellDistance)
        self.m_messages = []
        self.m_won = False

    def play(self):
        """Play until the player quits, dies or takes the golden idol."""
        self._display()
        while True:
            player = self.m_player
            player.maybeRegainHitPoint()
            key = getCharacter()
            self.m_messages = []
            if player.isAsleep():
                player.decreaseSleep()      # a sleeping player loses the key
            elif key == QUIT:
                return
            elif key == ">" and self._onStairs():
                self._descend()
                self._display()
                continue                    # no monster turn on a new level
            else:
                self.m_won = self._doCommand(key)
                if self.m_won:
                    self._display()
                    self._waitForQuit()
                    return
            self.m_dungeon.removeDeadMonsters()
            self.m_messages.extend(self.m_dungeon.moveMonsters())
            self._display()
            if player.isDead():
                self._waitForQuit()
                return

    # ----- commands -----

    def _doCommand(self, key):
        """Carry out one player command; return True if it won the game."""
        player = self.m_player
        if key in MOVES:
            dr, dc = MOVES[key]
            self.m_messages.extend(player.move(dr, dc))
        elif key == "g":
            messages, won = player.pickUp()
            self.m_messages.extend(messages)
            return won
        elif key == "w":
            self._showInventory()
            self.m_messages.extend(player.wield(getCharacter()))
        elif key == "r":
            self._showInventory()
            self.m_messages.extend(player.read(getCharacter()))
        elif key == "i":
            self._showInventory()
            getCharacter()                  # any key goes back to the map
        elif key == "c":
            player.cheat()
        # anything else (including > off the stairs) does nothing this turn
        return False

    def _onStairs(self):
        player = self.m_player
        return self.m_dungeon.isStairs(player.row(), player.col())

    def _descend(self):
        """Replace the current level with a newly generated level one deeper."""
        self.m_dungeon = Dungeon(self.m_dungeon.level() + 1, self.m_player,
                                 self.m_smellDistance)

    def _waitForQuit(self):
        """At the end of the game, wait until the user types q."""
        while getCharacter() != QUIT:
            pass

    # ----- drawing -----

    def _statusLine(self):
        player = self.m_player
        return ("Dungeon Level: %d, Hit points: %d, Armor: %d, Strength: %d, Dexterity: %d"
                % (self.m_dungeon.level(), player.hitPoints(), player.armor(),
                   player.strength(), player.dexterity()))

    def _display(self):
        """Clear the screen and print the map, the statistics, a blank line and the messages."""
        lines = self.m_dungeon.screenLines()
        lines.append(self._statusLine())
        lines.append("")
        lines.extend(self.m_messages)
        if self.m_player.isDead() or self.m_won:
            lines.append(END_PROMPT)
        clearScreen()
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()

    def _showInventory(self):
        """Clear the screen and list the player's inventory."""
        clearScreen()
        sys.stdout.write("\n".join(self.m_player.inventoryLines()) + "\n")
        sys.stdout.flush()
