"""game.py: the Game class (port of Game.h / Game.cpp).

The Game owns the player and the current level (a Dungeon), reads the user's
commands, runs each turn in the order the spec gives and redraws the screen.
"""

import sys

from dungeon import Dungeon, BOTTOM_LEVEL
from player import Player
from utilities import (getCharacter, clearScreen, ARROW_LEFT, ARROW_RIGHT, ARROW_UP,
                       ARROW_DOWN)

# Movement keys (getCharacter also maps the arrow keys onto these) -> (row, column) change.
MOVES = {
    ARROW_LEFT: (0, -1),
    ARROW_RIGHT: (0, 1),
    ARROW_UP: (-1, 0),
    ARROW_DOWN: (1, 0),
}
PICK_UP_KEY = "g"
WIELD_KEY = "w"
READ_KEY = "r"
INVENTORY_KEY = "i"
DESCEND_KEY = ">"
QUIT_KEY = "q"
CHEAT_KEY = "c"

# What a command did, when that changes how the turn goes on.
TURN_DONE = "done"          # normal turn: the monsters move next
DESCENDED = "descended"     # took the stairs: new level, no monster turn
WON = "won"                 # picked up the golden idol
QUIT = "quit"               # q typed

WIN_MESSAGE = "Congratulations, you won!"
EXIT_PROMPT = "Press q to exit game."


class Game:
    """A game of MiniRogue: ``Game(15).play()``."""

    def __init__(self, goblin_smell_distance):
        """Start a new game on level 0; goblins smell the player this many steps away."""
        self.goblin_smell_distance = goblin_smell_distance
        self.player = Player()
        self.dungeon = Dungeon(0, self.player, goblin_smell_distance)
        self.messages = []

    def play(self):
        """Run the game until the user quits, the player dies or the idol is taken.

        Each turn: the player may regain a hit point, a key is read, a sleeping
        player loses that key, otherwise the command is done; then (unless the
        player took the stairs) every monster acts and the screen is redrawn.
        """
        self.display()
        while True:
            self.player.regain_hit_point()
            key = getCharacter()
            self.messages = []
            if self.player.is_asleep():
                self.player.sleep_time -= 1
                outcome = TURN_DONE
            else:
                outcome = self.do_command(key)
            if outcome == QUIT:
                return
            if outcome == WON:
                self.messages.append(WIN_MESSAGE)
                self.end_game()
                return
            if outcome == TURN_DONE:
                self.messages.extend(self.dungeon.move_monsters())
            if self.player.is_dead():
                self.end_game()
                return
            self.display()

    def do_command(self, key):
        """Carry out the player's command ``key`` and return what it did."""
        if key == QUIT_KEY:
            return QUIT
        if key in MOVES:
            self.move_or_attack(*MOVES[key])
        elif key == PICK_UP_KEY:
            return self.pick_up()
        elif key == WIELD_KEY:
            self.show_inventory()
            message = self.player.wield(getCharacter())
            if message:
                self.messages.append(message)
        elif key == READ_KEY:
            self.show_inventory()
            self.messages.extend(self.player.read(getCharacter(), self.dungeon))
        elif key == INVENTORY_KEY:
            self.show_inventory()
            getCharacter()
        elif key == DESCEND_KEY:
            return self.descend()
        elif key == CHEAT_KEY:
            self.player.cheat()
        # Any other key does nothing, but the monsters still get their turn.
        return TURN_DONE

    def move_or_attack(self, row_change, col_change):
        """Step in the given direction, attacking the monster there if there is one."""
        row, col = self.player.row + row_change, self.player.col + col_change
        monster = self.dungeon.monster_at(row, col)
        if monster is not None:
            self.messages.append(self.player.attack(monster))
            if monster.is_dead():
                self.dungeon.remove_dead_monster(monster)
        elif not self.dungeon.is_wall(row, col):
            self.player.row, self.player.col = row, col

    def pick_up(self):
        """The g command: pick up what lies under the player, if anything."""
        row, col = self.player.row, self.player.col
        item = self.dungeon.objects.get((row, col))
        if item is None:
            return TURN_DONE
        if item.is_idol():
            self.messages.append(self.player.pick_up(self.dungeon.take_object(row, col)))
            return WON
        if self.player.knapsack_is_full():
            self.messages.append("Your knapsack is full; you can't pick that up.")
        else:
            self.messages.append(self.player.pick_up(self.dungeon.take_object(row, col)))
        return TURN_DONE

    def descend(self):
        """The > command: on the stairway, generate the next level down."""
        if (self.dungeon.level >= BOTTOM_LEVEL or
                not self.dungeon.is_stairs(self.player.row, self.player.col)):
            return TURN_DONE
        self.dungeon = Dungeon(self.dungeon.level + 1, self.player, self.goblin_smell_distance)
        return DESCENDED

    def show_inventory(self):
        """Clear the screen and list the knapsack (used by the i, w and r commands)."""
        clearScreen()
        sys.stdout.write("\n".join(self.player.inventory_lines()) + "\n")
        sys.stdout.flush()

    def status_line(self):
        """Return the statistics line shown under the map."""
        return "Dungeon Level: {}, Hit points: {}, Armor: {}, Strength: {}, Dexterity: {}".format(
            self.dungeon.level, max(0, self.player.hit_points), self.player.armor,
            self.player.strength, self.player.dexterity)

    def display(self):
        """Clear the screen and draw the map, the statistics, a blank line and the messages."""
        clearScreen()
        lines = self.dungeon.render_rows()
        lines.append(self.status_line())
        lines.append("")
        lines.extend(self.messages)
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()

    def end_game(self):
        """Show the final screen and wait for the user to type q."""
        self.display()
        sys.stdout.write(EXIT_PROMPT + "\n")
        sys.stdout.flush()
        while getCharacter() != QUIT_KEY:
            pass
