"""Player.py: the adventurer controlled from the keyboard."""

from Actor import Actor
from Weapon import Weapon, SHORT_SWORD
from utilities import trueWithProbability

START_HIT_POINTS = 20
START_ARMOR = 2
START_STRENGTH = 2
START_DEXTERITY = 2
MAX_INVENTORY = 26          # items are labelled a to z
CHEAT_STRENGTH = 9
CHEAT_HIT_POINTS = 50
LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Player(Actor):
    """The player ('@'): an Actor with a maximum hit point value and an inventory.

    The inventory is a list of GameObjects; it always holds the wielded weapon.
    """

    def __init__(self, dungeon, row, col):
        """Create a fresh player with a short sword at (row, col)."""
        sword = Weapon(SHORT_SWORD)
        Actor.__init__(self, dungeon, row, col, START_HIT_POINTS, sword,
                       START_ARMOR, START_STRENGTH, START_DEXTERITY)
        self.m_maxHitPoints = START_HIT_POINTS
        self.m_inventory = [sword]

    def name(self):
        return "Player"

    def symbol(self):
        return "@"

    def maxHitPoints(self):
        return self.m_maxHitPoints

    def setMaxHitPoints(self, maxHitPoints):
        self.m_maxHitPoints = maxHitPoints

    def inventory(self):
        return self.m_inventory

    def maybeRegainHitPoint(self):
        """With a 1 in 10 chance, regain one hit point, but not above the maximum."""
        if trueWithProbability(0.1) and self.m_hitPoints < self.m_maxHitPoints:
            self.m_hitPoints += 1

    def cheat(self):
        """The c command: strength 9 and 50 (maximum) hit points."""
        self.m_strength = CHEAT_STRENGTH
        self.m_maxHitPoints = CHEAT_HIT_POINTS
        self.m_hitPoints = CHEAT_HIT_POINTS

    def move(self, dr, dc):
        """Move one step by (dr, dc), or attack the monster standing there.

        Returns a list of messages (an attack message, or nothing for a plain move
        or a move into a wall).
        """
        newRow, newCol = self.m_row + dr, self.m_col + dc
        monster = self.m_dungeon.monsterAt(newRow, newCol)
        if monster is not None:
            return [self.attack(monster)]
        if not self.m_dungeon.isWall(newRow, newCol):
            self.setPosition(newRow, newCol)
        return []

    def pickUp(self):
        """The g command: pick up the object underfoot.

        Returns (messages, won) where won is True if the object was the golden idol.
        """
        item = self.m_dungeon.objectAt(self.m_row, self.m_col)
        if item is None:
            return [], False
        if item.isIdol():
            self.m_dungeon.removeObject(item)
            return ["You pick up the golden idol", "Congratulations, you won!"], True
        if len(self.m_inventory) >= MAX_INVENTORY:
            return ["Your knapsack is full; you can't pick that up."], False
        self.m_dungeon.removeObject(item)
        self.m_inventory.append(item)
        if item.isScroll():
            return ["You pick up a scroll called " + item.name()], False
        return ["You pick up " + item.name()], False

    def inventoryLines(self):
        """Return the lines of the inventory screen."""
        lines = ["Inventory:"]
        for i, item in enumerate(self.m_inventory):
            lines.append(" " + LETTERS[i] + ". " + item.inventoryDescription())
        return lines

    def itemForLetter(self, letter):
        """Return the inventory item labelled with letter, or None."""
        index = LETTERS.find(letter) if len(letter) == 1 else -1
        if 0 <= index < len(self.m_inventory):
            return self.m_inventory[index]
        return None

    def wield(self, letter):
        """The w command, after choosing letter: wield that weapon if it is one."""
        item = self.itemForLetter(letter)
        if item is None:
            return []
        if not item.isWeapon():
            return ["You can't wield " + item.name()]
        self.m_weapon = item
        return ["You are wielding " + item.name()]

    def read(self, letter):
        """The r command, after choosing letter: read that scroll, which then vanishes."""
        item = self.itemForLetter(letter)
        if item is None:
            return []
        if not item.isScroll():
            return ["You can't read a " + item.name()]
        self.m_inventory.remove(item)
        effect = item.readBy(self, self.m_dungeon)
        return ["You read the scroll called " + item.name(), effect]
