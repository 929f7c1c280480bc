"""
End of DayZ: a text-based zombie survival game.

The player walks around a square grid trying to reach the hospital while
zombies wander (or hunt) around. In the advanced game the player can also
pick up garlic, which protects them from infection, and a crossbow, which
lets them shoot the first zombie in a direction.

Assignment 2, CSSE1001/CSSE7030, Semester 1 2021.
"""

from a2_support import *

__author__ = "Delta Student"
__email__ = "delta.student@uq.net.au"

# Character shown for a square of the grid that holds no entity.
EMPTY_CELL = " "

# Order in which a tracking zombie prefers directions that are equally good:
# left first, then up, then down, and right last.
TRACKING_PREFERENCE = [(-1, 0), (0, -1), (0, 1), (1, 0)]


class Entity(object):
    """Abstract class for anything that can be placed on the game grid."""

    def step(self, position, game):
        """React to a step event. A plain entity does nothing.

        Parameters:
            position (Position): The position of this entity when the step
                event is triggered.
            game (Game): The current game being played.
        """
        pass

    def display(self):
        """Return the character that represents this entity on the grid.

        Raises:
            NotImplementedError: always, subclasses must define their
                own character.
        """
        raise NotImplementedError

    def __repr__(self):
        """Return a string that looks like the constructor call, e.g. 'Entity()'.

        Returns:
            (str): The class name followed by empty parentheses.
        """
        return self.__class__.__name__ + "()"


class Player(Entity):
    """The entity that the user controls."""

    def display(self):
        """Return the character of the player, 'P'.

        Returns:
            (str): The player character.
        """
        return PLAYER


class Hospital(Entity):
    """The entity that the player must reach to win the game."""

    def display(self):
        """Return the character of the hospital, 'H'.

        Returns:
            (str): The hospital character.
        """
        return HOSPITAL


class Grid(object):
    """A square grid of entities; each position holds at most one entity.

    The entities are stored in a dictionary from Position to Entity. The
    dictionary keeps the order in which positions were filled, which is the
    order in which the entities take their steps.
    """

    def __init__(self, size):
        """Create an empty grid.

        Parameters:
            size (int): The length and width of the grid.
        """
        self._size = size
        self._entities = {}

    def get_size(self):
        """Return the length (and width) of the grid.

        Returns:
            (int): The grid size.
        """
        return self._size

    def in_bounds(self, position):
        """Check if a position is inside the grid.

        Parameters:
            position (Position): The position to check.

        Returns:
            (bool): True if both coordinates are between 0 (inclusive) and
                the size of the grid (exclusive).
        """
        x = position.get_x()
        y = position.get_y()
        if x < 0 or x >= self._size:
            return False
        elif y < 0 or y >= self._size:
            return False
        else:
            return True

    def add_entity(self, position, entity):
        """Place an entity at a position, replacing whatever was there.

        Nothing is added if the position is outside the grid.

        Parameters:
            position (Position): Where to put the entity.
            entity (Entity): The entity to put on the grid.
        """
        if self.in_bounds(position):
            self._entities[position] = entity

    def remove_entity(self, position):
        """Remove the entity at a position, if there is one.

        Parameters:
            position (Position): The position to clear.
        """
        if position in self._entities:
            del self._entities[position]

    def get_entity(self, position):
        """Return the entity at a position.

        Parameters:
            position (Position): The position to look at.

        Returns:
            (Entity): The entity there, or None if the square is empty or
                outside the grid.
        """
        if position in self._entities:
            return self._entities[position]
        return None

    def get_mapping(self):
        """Return a copy of the position to entity dictionary.

        Returns:
            (dict<Position, Entity>): Every filled position and its entity.
                Changing it does not change the grid.
        """
        return dict(self._entities)

    def get_entities(self):
        """Return a list of all entities on the grid.

        Returns:
            (list<Entity>): The entities, in the order they were placed.
                Changing it does not change the grid.
        """
        return list(self._entities.values())

    def move_entity(self, start, end):
        """Move the entity at start to end, replacing any entity at end.

        Nothing happens if either position is outside the grid or if there
        is no entity at start.

        Parameters:
            start (Position): The current position of the entity.
            end (Position): The position to move the entity to.
        """
        if not self.in_bounds(start) or not self.in_bounds(end):
            return
        if start not in self._entities:
            return
        entity = self._entities[start]
        del self._entities[start]
        self._entities[end] = entity

    def find_player(self):
        """Return the position of the player.

        Returns:
            (Position): Where the player is, or None if there is no player.
        """
        for position in self._entities:
            if self._entities[position].display() == PLAYER:
                return position
        return None

    def serialize(self):
        """Turn the grid into a dictionary of (x, y) tuples to characters.

        Returns:
            (dict<tuple<int, int>, str>): The display character of every
                entity, keyed by the coordinates of its position.
        """
        serialized = {}
        for position in self._entities:
            key = (position.get_x(), position.get_y())
            serialized[key] = self._entities[position].display()
        return serialized


class MapLoader(object):
    """Abstract class that reads a map file into a Grid."""

    def load(self, filename):
        """Create a Grid with all the entities found in a map file.

        Parameters:
            filename (str): Path to the map file.

        Returns:
            (Grid): A new grid holding the map's entities.
        """
        tokens, size = load_map(filename)
        grid = Grid(size)
        for x, y in tokens:
            entity = self.create_entity(tokens[(x, y)])
            grid.add_entity(Position(x, y), entity)
        return grid

    def create_entity(self, token):
        """Create the entity that a map character stands for.

        Parameters:
            token (str): The map character.

        Raises:
            NotImplementedError: always, the abstract loader knows no
                entities.
        """
        raise NotImplementedError


class BasicMapLoader(MapLoader):
    """Map loader that knows about the player and the hospital."""

    def create_entity(self, token):
        """Create the entity that a map character stands for.

        Parameters:
            token (str): 'P' for a Player or 'H' for a Hospital.

        Returns:
            (Entity): A new entity of the right type.

        Raises:
            ValueError: if the token is not a player or hospital.
        """
        if token == PLAYER:
            return Player()
        elif token == HOSPITAL:
            return Hospital()
        else:
            raise ValueError("Unknown entity token: " + repr(token))


class Game(object):
    """Controls the player within the grid and the step events."""

    def __init__(self, grid):
        """Start a game on a grid.

        Precondition: the grid contains a player.

        Parameters:
            grid (Grid): The grid the game is played on.
        """
        self._grid = grid
        self._steps = 0

    def get_grid(self):
        """Return the grid this game is played on.

        Returns:
            (Grid): The game's grid.
        """
        return self._grid

    def get_player(self):
        """Return the player on the grid.

        Returns:
            (Player): The player, or None if the grid has no player.
        """
        position = self._grid.find_player()
        if position is None:
            return None
        return self._grid.get_entity(position)

    def step(self):
        """Trigger a step event: every entity on the grid takes its step.

        The entities step in grid order over a snapshot taken at the start,
        so an entity that moves during this step does not step twice.
        """
        snapshot = self._grid.get_mapping()
        for position in snapshot:
            snapshot[position].step(position, self)
        self._steps = self._steps + 1

    def get_steps(self):
        """Return how many step events have happened so far.

        Returns:
            (int): The number of calls to step.
        """
        return self._steps

    def move_player(self, offset):
        """Move the player by an offset, if the new position is in the grid.

        Anything at the new position is replaced by the player.

        Parameters:
            offset (Position): The change to add to the player's position.
        """
        new_position = self._player_target(offset)
        if new_position is None:
            return
        self._grid.move_entity(self._grid.find_player(), new_position)

    def _player_target(self, offset):
        """Work out where the player would end up after moving by offset.

        Parameters:
            offset (Position): The change to add to the player's position.

        Returns:
            (Position): The new position, or None if there is no player or
                the new position is outside the grid.
        """
        player_position = self._grid.find_player()
        if player_position is None:
            return None
        new_position = player_position.add(offset)
        if not self._grid.in_bounds(new_position):
            return None
        return new_position

    def direction_to_offset(self, direction):
        """Convert a direction key into an offset.

        Parameters:
            direction (str): One of 'W', 'A', 'S' or 'D'.

        Returns:
            (Position): The offset for that direction, or None if the
                direction is not valid.
        """
        if direction == UP:
            return Position(0, -1)
        elif direction == DOWN:
            return Position(0, 1)
        elif direction == LEFT:
            return Position(-1, 0)
        elif direction == RIGHT:
            return Position(1, 0)
        else:
            return None

    def has_won(self):
        """Return True if the player has reached the hospital.

        The player stepping onto the hospital removes it from the grid, so
        the game is won when no hospital is left.

        Returns:
            (bool): True if there is no hospital on the grid.
        """
        for entity in self._grid.get_entities():
            if entity.display() == HOSPITAL:
                return False
        return True

    def has_lost(self):
        """Return True if the player has lost. A basic game cannot be lost.

        Returns:
            (bool): Always False.
        """
        return False


class TextInterface(GameInterface):
    """Text based interface that prints the game and reads the user's actions."""

    def __init__(self, size):
        """Create an interface for a game of the given size.

        Parameters:
            size (int): The size of the grid that will be displayed.
        """
        self._size = size

    def draw(self, game):
        """Print the grid of a game surrounded by a border of '#'.

        Parameters:
            game (Game): The game to display.
        """
        grid = game.get_grid()
        border_line = BORDER * (self._size + 2)
        lines = [border_line]
        for y in range(self._size):
            cells = []
            for x in range(self._size):
                entity = grid.get_entity(Position(x, y))
                if entity is None:
                    cells.append(EMPTY_CELL)
                else:
                    cells.append(entity.display())
            lines.append(BORDER + "".join(cells) + BORDER)
        lines.append(border_line)
        print("\n".join(lines))

    def play(self, game):
        """Run the game loop until the player wins or loses.

        Parameters:
            game (Game): The game to play.
        """
        self.draw(game)
        while True:
            action = input(ACTION_PROMPT)
            self.handle_action(game, action)
            if game.has_won():
                print(WIN_MESSAGE)
                return
            elif game.has_lost():
                print(LOSE_MESSAGE)
                return
            else:
                self.draw(game)

    def handle_action(self, game, action):
        """Carry out one action of the user, then trigger a step event.

        A direction moves the player (if the move stays in the grid); any
        other action does not move anything. The step happens either way.

        Parameters:
            game (Game): The game being played.
            action (str): The action the user entered.
        """
        self._move(game, action)
        game.step()

    def _move(self, game, action):
        """Move the player if the action is a direction.

        Parameters:
            game (Game): The game being played.
            action (str): The action the user entered.
        """
        offset = game.direction_to_offset(action)
        if offset is not None:
            game.move_player(offset)


class VulnerablePlayer(Player):
    """A player that can be infected by zombies."""

    def __init__(self):
        """Create a player that is not infected."""
        super().__init__()
        self._infected = False

    def infect(self):
        """Infect the player."""
        self._infected = True

    def is_infected(self):
        """Return True if the player has been infected.

        Returns:
            (bool): The infected state of the player.
        """
        return self._infected


class Zombie(Entity):
    """A zombie that wanders the grid at random."""

    def step(self, position, game):
        """Move one square in a random direction, or infect the player.

        Parameters:
            position (Position): The position of this zombie.
            game (Game): The current game being played.
        """
        self._try_offsets(position, game, random_directions())

    def _try_offsets(self, position, game, offsets):
        """Try each offset in order and act on the first usable one.

        An empty square in the grid is moved into. A square holding the
        player makes the zombie infect the player and stay where it is.
        Any other square (outside the grid or taken) is skipped.

        Parameters:
            position (Position): The position of this zombie.
            game (Game): The current game being played.
            offsets (list<tuple<int, int>>): The (x, y) offsets to try.
        """
        grid = game.get_grid()
        for x_change, y_change in offsets:
            target = position.add(Position(x_change, y_change))
            if not grid.in_bounds(target):
                continue
            entity = grid.get_entity(target)
            if entity is None:
                grid.move_entity(position, target)
                return
            elif entity.display() == PLAYER:
                if isinstance(entity, VulnerablePlayer):
                    entity.infect()
                return

    def display(self):
        """Return the character of a zombie, 'Z'.

        Returns:
            (str): The zombie character.
        """
        return ZOMBIE


class IntermediateGame(Game):
    """A game the player loses if they get infected."""

    def has_lost(self):
        """Return True if the player has been infected.

        Returns:
            (bool): The infected state of the player.
        """
        player = self.get_player()
        if player is None:
            return False
        return player.is_infected()


class IntermediateMapLoader(BasicMapLoader):
    """Map loader that also knows about zombies and vulnerable players."""

    def create_entity(self, token):
        """Create the entity that a map character stands for.

        Parameters:
            token (str): 'P', 'H' or 'Z'.

        Returns:
            (Entity): A new entity; 'P' gives a VulnerablePlayer.

        Raises:
            ValueError: if the token is not known.
        """
        if token == PLAYER:
            return VulnerablePlayer()
        elif token == ZOMBIE:
            return Zombie()
        else:
            return super().create_entity(token)


class TrackingZombie(Zombie):
    """A zombie that moves towards the player instead of at random."""

    def step(self, position, game):
        """Move one square closer to the player, or infect the player.

        The offsets are sorted by the distance between the square they lead
        to and the player; ties keep the order of TRACKING_PREFERENCE.

        Parameters:
            position (Position): The position of this zombie.
            game (Game): The current game being played.
        """
        player_position = game.get_grid().find_player()
        if player_position is None:
            return
        offsets = self._order_offsets(position, player_position)
        self._try_offsets(position, game, offsets)

    def _order_offsets(self, position, player_position):
        """Sort the possible offsets, best (closest to the player) first.

        Parameters:
            position (Position): The position of this zombie.
            player_position (Position): The position of the player.

        Returns:
            (list<tuple<int, int>>): The four offsets in the order to try.
        """
        distances = {}
        for offset in TRACKING_PREFERENCE:
            target = position.add(Position(offset[0], offset[1]))
            distances[offset] = target.distance(player_position)
        # sorted is stable, so equal distances keep the preference order
        return sorted(TRACKING_PREFERENCE, key=lambda offset: distances[offset])

    def display(self):
        """Return the character of a tracking zombie, 'T'.

        Returns:
            (str): The tracking zombie character.
        """
        return TRACKING_ZOMBIE


class Pickup(Entity):
    """Abstract item that the player can pick up and hold for a while."""

    def __init__(self):
        """Create an item with its full lifetime."""
        self._lifetime = self.get_durability()

    def get_durability(self):
        """Return how many steps the item lasts once held.

        Raises:
            NotImplementedError: always, subclasses define their durability.
        """
        raise NotImplementedError

    def get_lifetime(self):
        """Return how many steps the item has left.

        Returns:
            (int): The remaining lifetime.
        """
        return self._lifetime

    def hold(self):
        """Use up one step of the item's lifetime."""
        self._lifetime = self._lifetime - 1

    def __repr__(self):
        """Return the item type with its remaining lifetime, e.g. 'Garlic(10)'.

        Returns:
            (str): The representation of the item.
        """
        return self.__class__.__name__ + "(" + str(self._lifetime) + ")"


class Garlic(Pickup):
    """An item that stops the player from being infected."""

    def get_durability(self):
        """Return the durability of garlic.

        Returns:
            (int): The number of steps garlic can be held for.
        """
        return LIFETIMES[GARLIC]

    def display(self):
        """Return the character of garlic, 'G'.

        Returns:
            (str): The garlic character.
        """
        return GARLIC


class Crossbow(Pickup):
    """An item that lets the player fire at zombies."""

    def get_durability(self):
        """Return the durability of a crossbow.

        Returns:
            (int): The number of steps a crossbow can be held for.
        """
        return LIFETIMES[CROSSBOW]

    def display(self):
        """Return the character of a crossbow, 'C'.

        Returns:
            (str): The crossbow character.
        """
        return CROSSBOW


class Inventory(object):
    """The items that a player is holding."""

    def __init__(self):
        """Create an empty inventory."""
        self._items = []

    def step(self):
        """Hold every item for one step, then throw away the used up ones."""
        remaining = []
        for item in self._items:
            item.hold()
            if item.get_lifetime() > 0:
                remaining.append(item)
        self._items = remaining

    def add_item(self, item):
        """Add an item to the inventory.

        Parameters:
            item (Pickup): The item to add.
        """
        self._items.append(item)

    def get_items(self):
        """Return the items in the inventory.

        Returns:
            (list<Pickup>): A copy of the list of held items.
        """
        return list(self._items)

    def contains(self, pickup_id):
        """Check if any held item has the given display character.

        Parameters:
            pickup_id (str): The character of the item, e.g. 'G'.

        Returns:
            (bool): True if such an item is held.
        """
        for item in self._items:
            if item.display() == pickup_id:
                return True
        return False


def main():
    """Ask for a map file and play the intermediate game on it."""
    filename = input("Map: ")
    grid = IntermediateMapLoader().load(filename)
    game = IntermediateGame(grid)
    interface = TextInterface(grid.get_size())
    interface.play(game)


if __name__ == "__main__":
    main()
