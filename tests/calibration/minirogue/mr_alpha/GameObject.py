"""GameObject.py: the base class of everything that lies on the floor of a level."""


class GameObject:
    """Something that can be picked up: a weapon, a scroll or the golden idol.

    A game object knows its name, the character it is drawn with and, while it
    lies on a level, its position. Once the player picks it up, its position
    no longer matters.
    """

    def __init__(self, name, symbol, row=0, col=0):
        """Create an object called name, drawn as symbol, at (row, col)."""
        self.m_name = name
        self.m_symbol = symbol
        self.m_row = row
        self.m_col = col

    def name(self):
        """Return the object's name, e.g. 'long sword'."""
        return self.m_name

    def symbol(self):
        """Return the character used to draw the object on the map."""
        return self.m_symbol

    def row(self):
        """Return the row the object lies on."""
        return self.m_row

    def col(self):
        """Return the column the object lies on."""
        return self.m_col

    def setPosition(self, row, col):
        """Put the object at (row, col)."""
        self.m_row = row
        self.m_col = col

    def inventoryDescription(self):
        """Return how the object is listed in the player's inventory."""
        return self.m_name

    def isWeapon(self):
        """Return True if the object can be wielded (overridden by Weapon)."""
        return False

    def isScroll(self):
        """Return True if the object can be read (overridden by Scroll)."""
        return False

    def isIdol(self):
        """Return True if this object is the golden idol."""
        return self.m_name == "golden idol"
