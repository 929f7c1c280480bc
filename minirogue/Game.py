"""Game.py: the MiniRogue game -- the turn loop, the player's commands and the screen.

The C++ project's Game class. ``Game(goblinSmellDistance)`` creates the player and level 0
(the random source was seeded when utilities.py was imported, see there); ``play()`` then
repeats one turn at a time:

    with probability 1/10 the player regains a hit point (not above the maximum)
    read a key
    if the player sleeps: the key is lost and the sleep time drops by 1
    else if the key is q: the game ends
    else obey the key; after > on a stairway show the new level and start the next turn
    dead monsters leave the level (maybe dropping an item)
    every monster takes its turn (stopping once the player is dead)
    show the level, the stats line, a blank line and this turn's messages

The game also ends when the player dies or picks up the golden idol: the last screen then says
``Press q to exit game.`` and the game waits for ``q``. Keys: h l k j (or the arrow keys) move
or attack, g picks up, w wields, r reads, i shows the inventory, > descends, c cheats, q quits;
any other key only lets the monsters move.

Game is the only class that reads keys or prints; the others return text for it to show.
"""

import string
import sys
from enum import Enum
from typing import List, Optional

from Actor import Player
from Dungeon import Dungeon
from GameObject import GameObject, Scroll, Stairway, Weapon
from Position import Position
from utilities import (ARROW_DOWN, ARROW_LEFT, ARROW_RIGHT, ARROW_UP, QUIT_KEY, clearScreen,
                       getCharacter)

FIRST_LEVEL = 0

# Command keys (the moves come from utilities).
MOVES = {ARROW_LEFT: (0, -1), ARROW_RIGHT: (0, 1), ARROW_UP: (-1, 0), ARROW_DOWN: (1, 0)}
PICK_UP_KEY = "g"
WIELD_KEY = "w"
READ_KEY = "r"
INVENTORY_KEY = "i"
DESCEND_KEY = ">"
CHEAT_KEY = "c"

# What the screen shows.
STATS_LINE = "Dungeon Level: {}, Hit points: {}, Armor: {}, Strength: {}, Dexterity: {}"
INVENTORY_TITLE = "Inventory:"
INVENTORY_LINE = " {}. {}"
INVENTORY_LETTERS = string.ascii_lowercase
KNAPSACK_FULL_MESSAGE = "Your knapsack is full; you can't pick that up."
WIELD_MESSAGE = "You are wielding {}"
CANNOT_WIELD_MESSAGE = "You can't wield {}"
READ_MESSAGE = "You read the scroll called {}"
CANNOT_READ_MESSAGE = "You can't read a {}"
WIN_MESSAGE = "Congratulations, you won!"
EXIT_PROMPT = "Press q to exit game."


class Turn(Enum):
    """What a command did to the course of the game."""

    PLAYED = "played"        # an ordinary turn: the monsters move next
    DESCENDED = "descended"  # a new level: it is shown at once, without a monster turn
    WON = "won"              # the idol is taken: the game is over


class Game:
    """A game of MiniRogue: the player, the current level and this turn's messages."""

    def __init__(self, goblinSmellDistance: int) -> None:
        """Start a new game on level 0.

        ``goblinSmellDistance`` is how many steps of a real path away goblins smell the player.
        """
        self._goblin_smell_distance = goblinSmellDistance
        # The player's first square is chosen by the level, which needs the player to exist.
        self._player = Player(Position(0, 0))
        self._dungeon = Dungeon(FIRST_LEVEL, self._player, goblinSmellDistance)
        self._messages: List[str] = []
        self._commands = {PICK_UP_KEY: self._pick_up, WIELD_KEY: self._wield,
                          READ_KEY: self._read, INVENTORY_KEY: self._show_inventory,
                          DESCEND_KEY: self._descend, CHEAT_KEY: self._cheat}

    def player(self) -> Player:
        """Return the player."""
        return self._player

    def dungeon(self) -> Dungeon:
        """Return the current level."""
        return self._dungeon

    def play(self) -> None:
        """Play turns until the player quits, dies or wins (then wait for q)."""
        self._show_level()
        while True:
            self._player.maybe_regain_hit_point()
            key = getCharacter()
            self._messages = []
            if self._player.is_asleep():
                self._player.sleep_one_turn()
            elif key == QUIT_KEY:
                return
            else:
                turn = self._obey(key)
                if turn is Turn.WON:
                    self._end()
                    return
                if turn is Turn.DESCENDED:
                    self._show_level()
                    continue
            self._dungeon.remove_dead_monsters()
            self._monsters_act()
            if self._player.is_dead():
                self._end()
                return
            self._show_level()

    # ---- commands ----

    def _obey(self, key: str) -> Turn:
        """Carry out the command ``key`` (any key that is no command does nothing)."""
        if key in MOVES:
            self._move_or_attack(*MOVES[key])
            return Turn.PLAYED
        command = self._commands.get(key)
        return command() if command is not None else Turn.PLAYED

    def _move_or_attack(self, row_change: int, col_change: int) -> None:
        """Attack the monster one step away in the given direction, else step there if open."""
        target = self._player.position().moved(row_change, col_change)
        monster = self._dungeon.monster_at(target)
        if monster is not None:
            self._messages.append(self._player.attack(monster))
        elif self._dungeon.is_open(target):
            self._dungeon.move_player(target)

    def _pick_up(self) -> Turn:
        """Pick up the object the player stands on, if it can be and the knapsack has room."""
        square = self._player.position()
        item = self._dungeon.object_at(square)
        if item is None or not item.can_be_picked_up():
            return Turn.PLAYED
        if item.wins_game():
            self._dungeon.remove_object(square)
            self._messages += [item.pickup_message(), WIN_MESSAGE]
            return Turn.WON
        if not self._player.has_room():
            self._messages.append(KNAPSACK_FULL_MESSAGE)
            return Turn.PLAYED
        self._player.pick_up(self._dungeon.remove_object(square))
        self._messages.append(item.pickup_message())
        return Turn.PLAYED

    def _wield(self) -> Turn:
        """Show the inventory and wield the weapon whose letter is typed next."""
        item = self._choose_item()
        if isinstance(item, Weapon):
            self._player.wield(item)
            self._messages.append(WIELD_MESSAGE.format(item.name()))
        elif item is not None:
            self._messages.append(CANNOT_WIELD_MESSAGE.format(item.name()))
        return Turn.PLAYED

    def _read(self) -> Turn:
        """Show the inventory and read the scroll whose letter is typed next."""
        item = self._choose_item()
        if isinstance(item, Scroll):
            self._messages.append(READ_MESSAGE.format(item.name()))
            self._messages.append(self._player.read(item, self._dungeon))
        elif item is not None:
            self._messages.append(CANNOT_READ_MESSAGE.format(item.name()))
        return Turn.PLAYED

    def _show_inventory(self) -> Turn:
        """Show the inventory until a key is typed."""
        self._choose_item()
        return Turn.PLAYED

    def _descend(self) -> Turn:
        """Take the stairway down to a new level when the player stands on it."""
        if not isinstance(self._dungeon.object_at(self._player.position()), Stairway):
            return Turn.PLAYED
        self._dungeon = Dungeon(self._dungeon.level() + 1, self._player,
                                self._goblin_smell_distance)
        return Turn.DESCENDED

    def _cheat(self) -> Turn:
        """Make the player strong: strength 9 and 50 hit points of 50."""
        self._player.cheat()
        return Turn.PLAYED

    # ---- the monsters' turn and the end ----

    def _monsters_act(self) -> None:
        """Let every monster take its turn, collecting the messages, until the player dies."""
        for monster in self._dungeon.monsters():
            if self._player.is_dead():
                break
            message = monster.take_turn(self._dungeon, self._player)
            if message is not None:
                self._messages.append(message)

    def _end(self) -> None:
        """Show the final screen and wait for q."""
        self._messages.append(EXIT_PROMPT)
        self._show_level()
        while getCharacter() != QUIT_KEY:
            pass

    # ---- the screen ----

    def _show_level(self) -> None:
        """Clear the screen and show the level, the stats line, a blank line and the messages."""
        player = self._player
        stats = STATS_LINE.format(self._dungeon.level(), player.hit_points(), player.armor(),
                                  player.strength(), player.dexterity())
        self._show([*self._dungeon.render(), stats, "", *self._messages])

    def _choose_item(self) -> Optional[GameObject]:
        """Clear the screen, list the inventory and return the item whose letter is typed next.

        Returns:
            the chosen item, or None when the key labels no item.
        """
        inventory = self._player.inventory()
        self._show([INVENTORY_TITLE] + [INVENTORY_LINE.format(letter, item.inventory_label())
                                        for letter, item in zip(INVENTORY_LETTERS, inventory)])
        index = INVENTORY_LETTERS.find(getCharacter())
        return inventory[index] if 0 <= index < len(inventory) else None

    def _show(self, lines: List[str]) -> None:
        """Clear the screen and write ``lines`` in one piece."""
        clearScreen()
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
