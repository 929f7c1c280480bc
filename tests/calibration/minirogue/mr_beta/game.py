"""game.py: the Game class, which runs a game of MiniRogue.

The Game owns the Player, the current Level and the messages of the current turn.  It
reads the keyboard, carries out the player's commands, lets the monsters act and draws
the screen.  Commands are dispatched through a dict from key to method.
"""

import sys

from creatures import STEPS, Player, strike
from dungeon import Level
from things import Idol, Scroll, Stairs, Weapon
from utilities import (ARROW_DOWN, ARROW_LEFT, ARROW_RIGHT, ARROW_UP, clearScreen,
                       getCharacter, randInt, trueWithProbability)

QUIT = "q"
END_PROMPT = "Press q to exit game."

# Movement key -> (row change, col change); STEPS is ordered up, down, left, right.
MOVES = {ARROW_UP: STEPS[0], ARROW_DOWN: STEPS[1], ARROW_LEFT: STEPS[2], ARROW_RIGHT: STEPS[3]}


class Game:
    """One game of MiniRogue: five dungeon levels, one player, many monsters."""

    def __init__(self, goblin_smell_distance: int):
        """Start a new game; goblins smell the player up to ``goblin_smell_distance`` steps."""
        self.goblin_smell_distance = goblin_smell_distance
        self.player = Player()
        self.messages = []
        self.won = False
        self.level = Level(0, self.player)
        self.commands = {
            "g": self.pick_up,
            "w": self.wield,
            "r": self.read,
            "i": self.show_inventory,
            "c": self.player.cheat,
        }

    # ----- the main loop ----------------------------------------------------------------

    def play(self) -> None:
        """Play until the player quits, dies or wins (then wait for q)."""
        self.draw()
        while True:
            body = self.player.body
            if trueWithProbability(0.1):
                body.regain_one()
            key = getCharacter()
            self.messages = []
            if body.sleep > 0:
                body.sleep -= 1  # a sleeping player loses the key
            elif key == QUIT:
                return
            elif key == ">" and isinstance(self.level.floor.get(self.player.pos), Stairs):
                # A new level is made and shown; the monsters do not move this turn.
                self.level = Level(self.level.depth + 1, self.player)
                self.draw()
                continue
            else:
                self.obey(key)
                if self.won:
                    self.finish()
                    return
            self.level.bury_dead()
            self.monsters_act()
            if body.is_dead():
                self.finish()
                return
            self.draw()

    def obey(self, key: str) -> None:
        """Carry out one command key (unknown keys do nothing)."""
        if key in MOVES:
            self.move_player(MOVES[key])
        elif key in self.commands:
            self.commands[key]()

    def monsters_act(self) -> None:
        """Every monster takes its turn, in order, until the player is dead."""
        for monster in self.level.monsters:
            if self.player.body.is_dead():
                break
            message = monster.take_turn(self.level, self.player, self.goblin_smell_distance)
            if message:
                self.messages.append(message)

    def finish(self) -> None:
        """Show the final screen and wait until the user types q."""
        self.messages.append(END_PROMPT)
        self.draw()
        while getCharacter() != QUIT:
            pass

    # ----- the player's commands --------------------------------------------------------

    def move_player(self, step) -> None:
        """Step in a direction, or attack the monster standing there; walls block."""
        target = (self.player.pos[0] + step[0], self.player.pos[1] + step[1])
        victim = self.level.monster_at(target)
        if victim is not None:
            self.messages.append(strike(self.player, victim))
        elif not self.level.is_wall(target):
            self.player.pos = target

    def pick_up(self) -> None:
        """Pick up the object under the player (the idol wins the game)."""
        thing = self.level.floor.get(self.player.pos)
        if thing is None or isinstance(thing, Stairs):
            return
        if isinstance(thing, Idol):
            del self.level.floor[self.player.pos]
            self.messages.append("You pick up the golden idol")
            self.messages.append("Congratulations, you won!")
            self.won = True
        elif self.player.knapsack_full():
            self.messages.append("Your knapsack is full; you can't pick that up.")
        else:
            del self.level.floor[self.player.pos]
            self.player.knapsack.append(thing)
            self.messages.append(thing.pickup_text())

    def choose_item(self):
        """Show the inventory and return the item whose letter is typed next (or None)."""
        self.list_knapsack()
        key = getCharacter()
        letters = "abcdefghijklmnopqrstuvwxyz"[:len(self.player.knapsack)]
        if len(key) == 1 and key in letters:
            return self.player.knapsack[letters.index(key)]
        return None

    def wield(self) -> None:
        """The w command: make a weapon from the knapsack the current weapon."""
        item = self.choose_item()
        if isinstance(item, Weapon):
            self.player.body.weapon = item
            self.messages.append("You are wielding " + item.name)
        elif item is not None:
            self.messages.append("You can't wield " + item.name)

    def read(self) -> None:
        """The r command: read a scroll from the knapsack, which then crumbles away."""
        item = self.choose_item()
        if isinstance(item, Scroll):
            self.player.knapsack.remove(item)
            self.messages.append("You read the scroll called " + item.name)
            self.apply_scroll(item)
            self.messages.append(item.effect_text())
        elif item is not None:
            self.messages.append("You can't read a " + item.name)

    def apply_scroll(self, scroll: Scroll) -> None:
        """Work the magic of a scroll on the player."""
        player = self.player
        if scroll.effect == "teleport":
            old = player.pos
            player.pos = self.level.random_spot(
                lambda p: p != old and self.level.monster_at(p) is None)
        elif scroll.effect == "armor":
            player.raise_stat("armor", randInt(1, 3))
        elif scroll.effect == "strength":
            player.raise_stat("strength", randInt(1, 3))
        elif scroll.effect == "health":
            player.raise_stat("max_hit_points", randInt(3, 8))
        elif scroll.effect == "dexterity":
            player.raise_stat("dexterity", 1)

    def show_inventory(self) -> None:
        """The i command: list the knapsack until any key is typed."""
        self.list_knapsack()
        getCharacter()

    # ----- the screen ---------------------------------------------------------------------

    def list_knapsack(self) -> None:
        """Clear the screen and list the knapsack, items labelled a, b, c, ..."""
        clearScreen()
        lines = ["Inventory:"]
        for letter_code, item in enumerate(self.player.knapsack, ord("a")):
            lines.append(" %s. %s" % (chr(letter_code), item.inventory_label()))
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()

    def status_line(self) -> str:
        """Return the player's statistics line."""
        body = self.player.body
        return "Dungeon Level: %d, Hit points: %d, Armor: %d, Strength: %d, Dexterity: %d" % (
            self.level.depth, body.hit_points, body.armor, body.strength, body.dexterity)

    def draw(self) -> None:
        """Clear the screen and draw the level, the statistics, a blank line and messages."""
        clearScreen()
        lines = self.level.picture() + [self.status_line(), ""] + self.messages
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
