"""Actor.py: the base class shared by the player and the monsters."""

from utilities import randInt, trueWithProbability

# Chance that a hit with magic fangs of sleep puts the defender to sleep, and for how long.
SLEEP_CHANCE = 0.2
MIN_SLEEP = 2
MAX_SLEEP = 6


class Actor:
    """Something that stands on the level and fights: the player or a monster.

    An actor has a position, hit points, a wielded weapon, armor, strength,
    dexterity and a sleep time. It lives in a Dungeon (the current level), which
    it asks about walls and other actors when it moves.
    """

    def __init__(self, dungeon, row, col, hitPoints, weapon, armor, strength, dexterity):
        """Create an awake actor on the dungeon at (row, col) with these statistics."""
        self.m_dungeon = dungeon
        self.m_row = row
        self.m_col = col
        self.m_hitPoints = hitPoints
        self.m_weapon = weapon
        self.m_armor = armor
        self.m_strength = strength
        self.m_dexterity = dexterity
        self.m_sleepTime = 0

    # ----- accessors -----

    def name(self):
        """Return the name used in messages (overridden: 'Player', 'the Goblin', ...)."""
        raise NotImplementedError

    def symbol(self):
        """Return the character the actor is drawn with."""
        raise NotImplementedError

    def row(self):
        return self.m_row

    def col(self):
        return self.m_col

    def hitPoints(self):
        return self.m_hitPoints

    def weapon(self):
        return self.m_weapon

    def armor(self):
        return self.m_armor

    def strength(self):
        return self.m_strength

    def dexterity(self):
        return self.m_dexterity

    def sleepTime(self):
        return self.m_sleepTime

    def isDead(self):
        """An actor is dead once its hit points drop to 0 or less."""
        return self.m_hitPoints <= 0

    def isAsleep(self):
        return self.m_sleepTime > 0

    # ----- mutators -----

    def setPosition(self, row, col):
        self.m_row = row
        self.m_col = col

    def setDungeon(self, dungeon):
        self.m_dungeon = dungeon

    def setHitPoints(self, hitPoints):
        self.m_hitPoints = hitPoints

    def setWeapon(self, weapon):
        self.m_weapon = weapon

    def setArmor(self, armor):
        self.m_armor = armor

    def setStrength(self, strength):
        self.m_strength = strength

    def setDexterity(self, dexterity):
        self.m_dexterity = dexterity

    def decreaseSleep(self):
        """Use up one turn of sleep."""
        if self.m_sleepTime > 0:
            self.m_sleepTime -= 1

    def putToSleep(self, turns):
        """Sleep for turns moves, unless already sleeping longer (max, not sum)."""
        self.m_sleepTime = max(self.m_sleepTime, turns)

    def isNextTo(self, other):
        """Return True if other is one step up, down, left or right of this actor."""
        return abs(self.m_row - other.row()) + abs(self.m_col - other.col()) == 1

    # ----- fighting -----

    def attack(self, defender):
        """Attack defender with the wielded weapon and return the message describing it.

        Hit if randInt(1, attacker dex + weapon bonus) >= randInt(1, defender dex + armor);
        a hit does randInt(0, strength + weapon damage - 1) damage. A hit with magic
        fangs that does not kill may put the defender to sleep for 2 to 6 moves.
        """
        weapon = self.m_weapon
        start = self.name() + " " + weapon.attackPhrase() + " at " + defender.name()
        attackerPoints = self.m_dexterity + weapon.dexterityBonus()
        defenderPoints = defender.dexterity() + defender.armor()
        if randInt(1, attackerPoints) < randInt(1, defenderPoints):
            return start + " and misses."
        damage = randInt(0, self.m_strength + weapon.damageAmount() - 1)
        defender.setHitPoints(max(0, defender.hitPoints() - damage))   # never below 0
        if defender.isDead():
            return start + " dealing a final blow."
        if weapon.putsToSleep() and trueWithProbability(SLEEP_CHANCE):
            defender.putToSleep(randInt(MIN_SLEEP, MAX_SLEEP))
            return start + " and hits, putting " + defender.name() + " to sleep."
        return start + " and hits."
