"""
End of DayZ - CSSE1001 Assignment 2, Semester 1 2021.

A text based zombie survival game. The player walks around a square grid
and tries to reach the hospital before a zombie catches them. Later tasks
add tracking zombies, garlic (protects the player) and a crossbow (lets the
player shoot zombies).
"""

from typing import Dict, List, Optional, Tuple

from a2_support import *

__author__ = "Alex Student, 41234567"
__email__ = "alex.student@uq.net.au"

# Prompt used to ask the user for the map file to play.
MAP_PROMPT = "Map: "

# Direction keys mapped to the (x, y) offset they move by.
# y grows downwards, so "up" is a negative y offset.
DIRECTION_OFFSETS = {
    UP: (0, -1),
    DOWN: (0, 1),
    LEFT: (-1, 0),
    RIGHT: (1, 0),
}

# The order a tracking zombie prefers when two directions are equally good:
# left, down, up and then right.
TRACKING_PREFERENCE = [(-1, 0), (0, 1), (0, -1), (1, 0)]


class Entity:
    """Abstract class for anything that can be placed on the game grid."""

    def step(self, position: Position, game: "Game") -> None:
        """Perform this entity's action for a step event.

        A plain entity does nothing when the game steps.

        Parameters:
            position: The position of this entity when the step happens.
            game: The game currently being played.
        """
        pass

    def display(self) -> str:
        """Return the character used to draw this entity on the grid.

        Raises:
            NotImplementedError: Entity is abstract, subclasses must
                provide their own character.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        """Return a string that looks like the code used to build this
        entity, e.g. 'Player()'."""
        return self.__class__.__name__ + "()"


class Player(Entity):
    """The entity that the user controls."""

    def display(self) -> str:
        """Return 'P', the character for a player."""
        return PLAYER


class Hospital(Entity):
    """The entity the player has to reach to win the game."""

    def display(self) -> str:
        """Return 'H', the character for a hospital."""
        return HOSPITAL


class Grid:
    """A square grid that holds at most one entity in each position.

    The entities are kept in a dictionary from Position to Entity. Python
    dictionaries remember insertion order, which gives the order in which
    the entities take their steps.
    """

    def __init__(self, size: int) -> None:
        """Create an empty grid.

        Parameters:
            size: The length and width of the grid.
        """
        self._size = size
        self._entities = {}

    def get_size(self) -> int:
        """Return the length (and width) of the grid."""
        return self._size

    def in_bounds(self, position: Position) -> bool:
        """Return True if the position is inside the grid.

        Parameters:
            position: The (x, y) position to check.
        """
        x = position.get_x()
        y = position.get_y()
        return 0 <= x < self._size and 0 <= y < self._size

    def add_entity(self, position: Position, entity: Entity) -> None:
        """Put an entity at a position, replacing whatever was there.

        Nothing happens if the position is outside the grid.

        Parameters:
            position: Where to place the entity.
            entity: The entity to place.
        """
        if self.in_bounds(position):
            self._entities[position] = entity

    def remove_entity(self, position: Position) -> None:
        """Remove the entity at a position, if there is one.

        Parameters:
            position: The position to clear.
        """
        if position in self._entities:
            del self._entities[position]

    def get_entity(self, position: Position) -> Optional[Entity]:
        """Return the entity at a position, or None if there isn't one
        (or the position is outside the grid).

        Parameters:
            position: The position to look at.
        """
        return self._entities.get(position)

    def get_mapping(self) -> Dict[Position, Entity]:
        """Return a copy of the position to entity dictionary."""
        return dict(self._entities)

    def get_entities(self) -> List[Entity]:
        """Return a new list of every entity in the grid."""
        return list(self._entities.values())

    def move_entity(self, start: Position, end: Position) -> None:
        """Move the entity at start to end.

        Whatever is at the end position is replaced. Nothing happens if
        either position is out of bounds or there is nothing at start.

        Parameters:
            start: Position of the entity to move.
            end: Position to move the entity to.
        """
        if not self.in_bounds(start) or not self.in_bounds(end):
            return
        entity = self.get_entity(start)
        if entity is None:
            return
        self.remove_entity(start)
        self.add_entity(end, entity)

    def find_player(self) -> Optional[Position]:
        """Return the position of the player, or None if there is no
        player in the grid."""
        for position, entity in self._entities.items():
            if isinstance(entity, Player):
                return position
        return None

    def serialize(self) -> Dict[Tuple[int, int], str]:
        """Return a dictionary mapping (x, y) tuples to the display
        character of the entity at that position."""
        result = {}
        for position, entity in self._entities.items():
            result[(position.get_x(), position.get_y())] = entity.display()
        return result


class MapLoader:
    """Abstract class that reads a map file and builds a Grid from it."""

    def load(self, filename: str) -> Grid:
        """Read a map file and return a new grid holding its entities.

        Parameters:
            filename: Path to the map file.
        """
        tokens, size = load_map(filename)
        grid = Grid(size)
        for (x, y), token in tokens.items():
            grid.add_entity(Position(x, y), self.create_entity(token))
        return grid

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for a map character.

        Raises:
            NotImplementedError: the abstract loader knows no entities.
        """
        raise NotImplementedError


class BasicMapLoader(MapLoader):
    """Map loader that understands players and hospitals."""

    def create_entity(self, token: str) -> Entity:
        """Return a new Player or Hospital for the given character.

        Parameters:
            token: The character read from the map file.

        Raises:
            ValueError: if the character is not 'P' or 'H'.
        """
        if token == PLAYER:
            return Player()
        elif token == HOSPITAL:
            return Hospital()
        raise ValueError("Unknown entity character: " + token)


class Game:
    """Controls the player's actions within the grid."""

    def __init__(self, grid: Grid) -> None:
        """Start a game on the given grid.

        Parameters:
            grid: The grid to play on. It should contain a player.
        """
        self._grid = grid
        self._steps = 0

    def get_grid(self) -> Grid:
        """Return the grid the game is being played on."""
        return self._grid

    def get_player(self) -> Optional[Player]:
        """Return the player in the grid, or None if there is none."""
        position = self._grid.find_player()
        if position is None:
            return None
        return self._grid.get_entity(position)

    def step(self) -> None:
        """Trigger a step event: every entity in the grid takes its step.

        The entities step in the order they were added to the grid. A copy
        of the grid is used so that entities moving during the step do not
        change which entities still have to step.
        """
        for position, entity in self._grid.get_mapping().items():
            entity.step(position, self)
        self._steps += 1

    def get_steps(self) -> int:
        """Return how many times the game has stepped."""
        return self._steps

    def move_player(self, offset: Position) -> None:
        """Move the player by an offset if the new position is in bounds.

        Parameters:
            offset: The amount to move the player by.
        """
        start = self._grid.find_player()
        if start is None:
            return
        end = start.add(offset)
        if self._grid.in_bounds(end):
            self._grid.move_entity(start, end)

    def direction_to_offset(self, direction: str) -> Optional[Position]:
        """Return the offset for a direction key ('W', 'A', 'S' or 'D').

        Returns None if the direction is not valid.

        Parameters:
            direction: The direction the user entered.
        """
        if direction not in DIRECTION_OFFSETS:
            return None
        dx, dy = DIRECTION_OFFSETS[direction]
        return Position(dx, dy)

    def has_won(self) -> bool:
        """Return True if the player has won, i.e. the hospital is gone
        because the player stepped on it."""
        for entity in self._grid.get_entities():
            if isinstance(entity, Hospital):
                return False
        return True

    def has_lost(self) -> bool:
        """Return True if the player has lost. A basic game can't be lost."""
        return False


class TextInterface(GameInterface):
    """Text based interface that prints the game and reads the user's
    actions from the console."""

    def __init__(self, size: int) -> None:
        """Create an interface for a game of the given size.

        Parameters:
            size: The size of the grid that will be drawn.
        """
        self._size = size

    def draw(self, game: Game) -> None:
        """Print the grid of the game surrounded by a '#' border.

        Parameters:
            game: The game to print.
        """
        grid = game.get_grid()
        print(BORDER * (self._size + 2))
        for y in range(self._size):
            row = BORDER
            for x in range(self._size):
                entity = grid.get_entity(Position(x, y))
                if entity is None:
                    row += " "
                else:
                    row += entity.display()
            print(row + BORDER)
        print(BORDER * (self._size + 2))

    def play(self, game: Game) -> None:
        """Run the game loop until the player wins or loses.

        Parameters:
            game: The game to play.
        """
        self.draw(game)
        while True:
            action = input(ACTION_PROMPT)
            self.handle_action(game, action)

            # The win check comes before the lose check.
            if game.has_won():
                print(WIN_MESSAGE)
                return
            if game.has_lost():
                print(LOSE_MESSAGE)
                return
            self.draw(game)

    def handle_action(self, game: Game, action: str) -> None:
        """Process one action from the user and then step the game.

        A direction moves the player, anything else is ignored, but the
        game steps either way.

        Parameters:
            game: The game being played.
            action: What the user typed.
        """
        offset = game.direction_to_offset(action)
        if offset is not None:
            game.move_player(offset)
        game.step()


class VulnerablePlayer(Player):
    """A player that can be infected by zombies."""

    def __init__(self) -> None:
        """Create a player that is not yet infected."""
        self._infected = False

    def infect(self) -> None:
        """Infect the player."""
        self._infected = True

    def is_infected(self) -> bool:
        """Return True if the player has been infected."""
        return self._infected


class Zombie(Entity):
    """A zombie that wanders randomly around the grid."""

    def display(self) -> str:
        """Return 'Z', the character for a zombie."""
        return ZOMBIE

    def _get_directions(self, position: Position, game: Game) -> List[Tuple[int, int]]:
        """Return the (dx, dy) offsets to try, in order. A normal zombie
        tries them in a random order.

        Parameters:
            position: Where this zombie is.
            game: The game being played.
        """
        return random_directions()

    def step(self, position: Position, game: Game) -> None:
        """Move the zombie to the first free square out of its directions.

        If the square contains the player, the player is infected and the
        zombie stays where it is. Squares holding anything else, or outside
        the grid, are skipped.

        Parameters:
            position: Where this zombie is when the step happens.
            game: The game being played.
        """
        grid = game.get_grid()
        for dx, dy in self._get_directions(position, game):
            target = position.add(Position(dx, dy))
            if not grid.in_bounds(target):
                continue
            entity = grid.get_entity(target)
            if entity is None:
                grid.move_entity(position, target)
                return
            if isinstance(entity, Player):
                entity.infect()
                return


class IntermediateGame(Game):
    """A game the player can lose by being infected."""

    def has_lost(self) -> bool:
        """Return True if the player has been infected by a zombie."""
        player = self.get_player()
        if player is None:
            return False
        return player.is_infected()


class IntermediateMapLoader(BasicMapLoader):
    """Map loader that also understands zombies and makes the player
    vulnerable."""

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for the given map character.

        Parameters:
            token: The character read from the map file.

        Raises:
            ValueError: if the character is not a known entity.
        """
        if token == PLAYER:
            return VulnerablePlayer()
        elif token == ZOMBIE:
            return Zombie()
        return super().create_entity(token)


class TrackingZombie(Zombie):
    """A zombie that moves towards the player instead of randomly."""

    def display(self) -> str:
        """Return 'T', the character for a tracking zombie."""
        return TRACKING_ZOMBIE

    def _get_directions(self, position: Position, game: Game) -> List[Tuple[int, int]]:
        """Return the offsets sorted so the ones ending closest to the
        player come first. Ties keep the TRACKING_PREFERENCE order.

        Parameters:
            position: Where this zombie is.
            game: The game being played.
        """
        player_position = game.get_grid().find_player()
        if player_position is None:
            return []

        # Work out how far from the player each move would end up.
        distances = {}
        for dx, dy in TRACKING_PREFERENCE:
            target = position.add(Position(dx, dy))
            distances[(dx, dy)] = target.distance(player_position)

        # sorted is stable, so equal distances stay in preference order.
        return sorted(TRACKING_PREFERENCE, key=lambda offset: distances[offset])


class Pickup(Entity):
    """Abstract class for items the player can pick up and hold."""

    def __init__(self) -> None:
        """Create a pickup with its full lifetime."""
        self._lifetime = self.get_durability()

    def get_durability(self) -> int:
        """Return how many steps the item lasts once held.

        Raises:
            NotImplementedError: Pickup is abstract.
        """
        raise NotImplementedError

    def get_lifetime(self) -> int:
        """Return how many steps the item has left."""
        return self._lifetime

    def hold(self) -> None:
        """Use up one step of the item's lifetime."""
        self._lifetime -= 1

    def __repr__(self) -> str:
        """Return the item's name and remaining lifetime, e.g. 'Garlic(10)'."""
        return self.__class__.__name__ + "(" + str(self._lifetime) + ")"


class Garlic(Pickup):
    """Garlic stops the player being infected while they hold it."""

    def get_durability(self) -> int:
        """Return 10, the number of steps garlic lasts."""
        return LIFETIMES[GARLIC]

    def display(self) -> str:
        """Return 'G', the character for garlic."""
        return GARLIC


class Crossbow(Pickup):
    """A crossbow lets the player shoot a zombie while they hold it."""

    def get_durability(self) -> int:
        """Return 5, the number of steps a crossbow lasts."""
        return LIFETIMES[CROSSBOW]

    def display(self) -> str:
        """Return 'C', the character for a crossbow."""
        return CROSSBOW


class Inventory:
    """The collection of pickups the player is holding."""

    def __init__(self) -> None:
        """Create an empty inventory."""
        self._items = []

    def step(self) -> None:
        """Hold every item for one step, then throw away expired items."""
        for item in self._items:
            item.hold()

        remaining = []
        for item in self._items:
            if item.get_lifetime() > 0:
                remaining.append(item)
        self._items = remaining

    def add_item(self, item: Pickup) -> None:
        """Add a pickup to the inventory.

        Parameters:
            item: The pickup to add.
        """
        self._items.append(item)

    def get_items(self) -> List[Pickup]:
        """Return a copy of the list of items held."""
        return list(self._items)

    def contains(self, pickup_id: str) -> bool:
        """Return True if any held item displays as pickup_id.

        Parameters:
            pickup_id: Display character of the item, e.g. 'G'.
        """
        for item in self._items:
            if item.display() == pickup_id:
                return True
        return False


class HoldingPlayer(VulnerablePlayer):
    """A vulnerable player that carries an inventory of pickups."""

    def __init__(self) -> None:
        """Create an uninfected player with an empty inventory."""
        super().__init__()
        self._inventory = Inventory()

    def get_inventory(self) -> Inventory:
        """Return the player's inventory."""
        return self._inventory

    def infect(self) -> None:
        """Infect the player, unless they are holding garlic."""
        if not self._inventory.contains(GARLIC):
            super().infect()

    def step(self, position: Position, game: Game) -> None:
        """Let the inventory know a step has happened.

        Parameters:
            position: The player's position when the step happens.
            game: The game being played.
        """
        self._inventory.step()


class AdvancedGame(IntermediateGame):
    """A game where the player picks up items by walking onto them."""

    def move_player(self, offset: Position) -> None:
        """Move the player by an offset, picking up any item that is on the
        square the player moves to.

        Parameters:
            offset: The amount to move the player by.
        """
        grid = self.get_grid()
        start = grid.find_player()
        if start is None:
            return
        end = start.add(offset)
        entity = grid.get_entity(end)
        if isinstance(entity, Pickup):
            self.get_player().get_inventory().add_item(entity)
            grid.remove_entity(end)
        super().move_player(offset)


class AdvancedMapLoader(IntermediateMapLoader):
    """Map loader that also understands tracking zombies, garlic and
    crossbows, and gives the player an inventory."""

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for the given map character.

        Parameters:
            token: The character read from the map file.

        Raises:
            ValueError: if the character is not a known entity.
        """
        if token == PLAYER:
            return HoldingPlayer()
        elif token == TRACKING_ZOMBIE:
            return TrackingZombie()
        elif token == GARLIC:
            return Garlic()
        elif token == CROSSBOW:
            return Crossbow()
        return super().create_entity(token)


class AdvancedTextInterface(TextInterface):
    """Text interface that also shows the inventory and lets the player
    fire a crossbow."""

    def draw(self, game: Game) -> None:
        """Print the grid, followed by the player's items if they have any.

        Parameters:
            game: The game to print.
        """
        super().draw(game)
        player = game.get_player()
        if player is None:
            return
        items = player.get_inventory().get_items()
        if len(items) > 0:
            print(HOLDING_MESSAGE)
            for item in items:
                print(item)

    def handle_action(self, game: Game, action: str) -> None:
        """Process one action. 'F' fires the crossbow, anything else is
        handled like in TextInterface. The game steps in every case.

        Parameters:
            game: The game being played.
            action: What the user typed.
        """
        if action != FIRE:
            super().handle_action(game, action)
            return

        player = game.get_player()
        if player is None or not player.get_inventory().contains(CROSSBOW):
            print(NO_WEAPON_MESSAGE)
        else:
            direction = input(FIRE_PROMPT)
            offset = game.direction_to_offset(direction)
            if offset is None:
                print(INVALID_FIRING_MESSAGE)
            else:
                self._fire(game, offset)
        game.step()

    def _fire(self, game: Game, offset: Position) -> None:
        """Shoot from the player in the direction of offset. The first
        entity hit is removed if it is a zombie.

        Parameters:
            game: The game being played.
            offset: The direction to shoot in.
        """
        grid = game.get_grid()
        position = grid.find_player().add(offset)

        # Walk along the line until something is hit or the edge is reached.
        while grid.in_bounds(position):
            entity = grid.get_entity(position)
            if entity is not None:
                if entity in ZOMBIES:
                    grid.remove_entity(position)
                    return
                break
            position = position.add(offset)
        print(NO_ZOMBIE_MESSAGE)


def main() -> None:
    """Ask for a map file and play an advanced game on it."""
    filename = input(MAP_PROMPT)
    grid = AdvancedMapLoader().load(filename)
    game = AdvancedGame(grid)
    interface = AdvancedTextInterface(grid.get_size())
    interface.play(game)


if __name__ == "__main__":
    main()
