"""game.py: the Game class, which runs MiniRogue's turns and draws the screen.

The Game owns the player and the current Level. Each turn it reads one key with
getCharacter, carries out the player's command, removes dead monsters, lets every monster act
and redraws the whole screen: the frame is composed as one string and written in one go after
clearScreen.
"""

import sys

from utilities import (getCharacter, clearScreen, trueWithProbability,
                       ARROW_LEFT, ARROW_RIGHT, ARROW_UP, ARROW_DOWN)
from items import IDOL_SYMBOL, STAIRS_SYMBOL
from actors import Player, fight
from level import Level, LAST_LEVEL

# The movement keys and the (row, column) change each one makes.
MOVES = {ARROW_LEFT: (0, -1), ARROW_RIGHT: (0, 1), ARROW_UP: (-1, 0), ARROW_DOWN: (1, 0)}
LETTERS = "abcdefghijklmnopqrstuvwxyz"

# What a command can lead to, besides an ordinary turn.
NEW_LEVEL = "new level"
WON = "won"


class Game:
    """A game of MiniRogue.

    Args:
        goblin_smell_distance: how many steps away a goblin can smell the player (15 in main).
    """

    def __init__(self, goblin_smell_distance):
        self.smell_distance = goblin_smell_distance
        self.player = Player()
        self.level = Level(0, self.player)
        self.messages = []

    # ------------------------------------------------------------ the main loop

    def play(self):
        """Play until the user quits with q, the player dies or the idol is picked up."""
        self.show_level()
        while True:
            self.messages = []
            self.player.body.regain()
            key = getCharacter()
            if self.player.body.sleep > 0:
                # A sleeping player loses the key typed.
                self.player.body.sleep -= 1
            else:
                if key == "q":
                    return
                outcome = self.do_command(key)
                if outcome == WON:
                    self.finish()
                    return
                if outcome == NEW_LEVEL:
                    self.show_level()
                    continue
            self.level.remove_dead()
            self.monsters_act()
            self.show_level()
            if self.player.body.is_dead():
                self.finish()
                return

    def monsters_act(self):
        """Give every monster its turn, stopping as soon as the player is dead."""
        for monster in self.level.monsters:
            message = monster.take_turn(self)
            if message is not None:
                self.messages.append(message)
            if self.player.body.is_dead():
                break

    def finish(self):
        """End the game: show the final screen and wait for the user to type q."""
        self.show_level(closing="Press q to exit game.")
        while getCharacter() != "q":
            pass

    # ------------------------------------------------------------ commands

    def do_command(self, key):
        """Carry out the player's command ``key``; return NEW_LEVEL, WON or None."""
        if key in MOVES:
            self.move_player(MOVES[key])
        elif key == "g":
            return self.pick_up()
        elif key == "w":
            self.wield()
        elif key == "r":
            self.read()
        elif key == "i":
            self.show_inventory()
            getCharacter()
        elif key == ">":
            return self.descend()
        elif key == "c":
            self.player.cheat()
        return None

    def move_player(self, change):
        """Step the player one spot, or attack the monster standing there."""
        row, col = self.player.position
        target = (row + change[0], col + change[1])
        monster = self.level.monster_at(target)
        if monster is not None:
            self.messages.append(fight(Player.NAME, self.player.body,
                                       monster.name, monster.body))
        elif not self.level.is_wall(target):
            self.player.position = target

    def pick_up(self):
        """Pick up the object under the player; return WON for the golden idol."""
        item = self.level.items.get(self.player.position)
        if item is None or not item.can_be_picked_up():
            return None
        if self.player.knapsack_full():
            self.messages.append("Your knapsack is full; you can't pick that up.")
            return None
        del self.level.items[self.player.position]
        if item.symbol == IDOL_SYMBOL:
            self.messages.append("You pick up the golden idol")
            self.messages.append("Congratulations, you won!")
            return WON
        self.player.inventory.append(item)
        if item.is_scroll():
            self.messages.append("You pick up a scroll called " + item.name)
        else:
            self.messages.append("You pick up " + item.name)
        return None

    def choose_item(self):
        """Show the inventory, read a letter and return the item it labels (or None)."""
        self.show_inventory()
        key = getCharacter()
        index = LETTERS.find(key) if len(key) == 1 else -1
        if 0 <= index < len(self.player.inventory):
            return self.player.inventory[index]
        return None

    def wield(self):
        """The w command: wield the chosen weapon."""
        item = self.choose_item()
        if item is None:
            return
        if item.is_weapon():
            self.player.body.weapon = item
            self.messages.append("You are wielding " + item.name)
        else:
            self.messages.append("You can't wield " + item.name)

    def read(self):
        """The r command: read the chosen scroll, which then self-destructs."""
        item = self.choose_item()
        if item is None:
            return
        if not item.is_scroll():
            self.messages.append("You can't read a " + item.name)
            return
        self.player.inventory.remove(item)
        self.messages.append("You read the scroll called " + item.name)
        self.messages.append(item.effect(self.player, self))

    def descend(self):
        """Take the stairway down if the player stands on it; return NEW_LEVEL if so."""
        item = self.level.items.get(self.player.position)
        if item is None or item.symbol != STAIRS_SYMBOL or self.level.number >= LAST_LEVEL:
            return None
        self.level = Level(self.level.number + 1, self.player)
        return NEW_LEVEL

    # ------------------------------------------------------------ drawing

    def show_inventory(self):
        """Clear the screen and list the knapsack, one lettered line per item."""
        lines = ["Inventory:"]
        for letter, item in zip(LETTERS, self.player.inventory):
            lines.append(" " + letter + ". " + item.inventory_label())
        clearScreen()
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()

    def compose_frame(self, closing=None):
        """Return the whole screen as one string: map, statistics, blank line, messages."""
        grid = [list(line) for line in self.level.rows]
        for (row, col), item in self.level.items.items():
            grid[row][col] = item.symbol
        for monster in self.level.monsters:
            row, col = monster.position
            grid[row][col] = monster.symbol
        row, col = self.player.position
        grid[row][col] = Player.SYMBOL
        body = self.player.body
        status = ("Dungeon Level: %d, Hit points: %d, Armor: %d, Strength: %d, Dexterity: %d"
                  % (self.level.number, body.hp, body.armor, body.strength, body.dexterity))
        lines = ["".join(cells) for cells in grid]
        lines += [status, ""] + self.messages
        if closing is not None:
            lines.append(closing)
        return "\n".join(lines) + "\n"

    def show_level(self, closing=None):
        """Clear the screen and draw the current frame."""
        clearScreen()
        sys.stdout.write(self.compose_frame(closing))
        sys.stdout.flush()
