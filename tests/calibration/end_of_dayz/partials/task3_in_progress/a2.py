"""End of DayZ: a text-based zombie survival game (CSSE1001/CSSE7030 Assignment 2).

The player has to reach the hospital before a zombie infects them. Along the way
they may pick up garlic (which keeps zombies from infecting them) and a crossbow
(which lets them shoot the first zombie in a direction).

Positions are (x, y) pairs where x is the column and y is the row of the grid,
with (0, 0) in the top-left corner.
"""

from typing import Dict, List, Optional, Tuple

from a2_support import *

__author__ = "Student (eod_gamma)"

# The text the user is prompted with to choose a map file.
MAP_PROMPT = "Map: "

# Where each movement key takes the player, as an (x, y) offset.
DIRECTION_OFFSETS = {
    UP: (0, -1),
    DOWN: (0, 1),
    LEFT: (-1, 0),
    RIGHT: (1, 0),
}


def to_position(offset: Tuple[int, int]) -> Position:
    """Turn an (x, y) tuple into a Position.

    Parameters:
        offset: The (x, y) pair to convert.

    Returns:
        A Position with the same x and y.
    """
    x, y = offset
    return Position(x, y)


# ---------------------------------------------------------------------------
# Task 1: entities, the grid, map loaders, the game and the text interface
# ---------------------------------------------------------------------------

class Entity:
    """Abstract base class for anything that can be placed on the grid."""

    def step(self, position: Position, game: "Game") -> None:
        """React to a step event; a plain entity does nothing.

        Parameters:
            position: The position of this entity when the step is triggered.
            game: The game currently being played.
        """
        return None

    def display(self) -> str:
        """Return the character that shows this entity in a text grid.

        Raises:
            NotImplementedError: Always; subclasses supply their character.
        """
        raise NotImplementedError

    def _name(self) -> str:
        """Return the name of this entity's class (e.g. 'Player')."""
        return type(self).__name__

    def __repr__(self) -> str:
        """Return the expression that constructs this entity, e.g. 'Player()'."""
        return f"{self._name()}()"


class Player(Entity):
    """The entity the user controls."""

    def display(self) -> str:
        """Return 'P', the character representing a player."""
        return PLAYER


class Hospital(Entity):
    """The entity the player must reach to win the game."""

    def display(self) -> str:
        """Return 'H', the character representing a hospital."""
        return HOSPITAL


class Grid:
    """A square grid of entities, at most one entity per position.

    The entities are kept in a dictionary from Position to Entity; the
    dictionary remembers the order in which entities were placed, which is the
    order they take their steps in.
    """

    def __init__(self, size: int) -> None:
        """Create an empty grid.

        Parameters:
            size: The length and width of the grid.
        """
        self._size = size
        self._entities: Dict[Position, Entity] = {}

    def get_size(self) -> int:
        """Return the length (and width) of the grid."""
        return self._size

    def _in_range(self, coordinate: int) -> bool:
        """Return True if a single coordinate lies between 0 and size - 1."""
        return 0 <= coordinate < self._size

    def in_bounds(self, position: Position) -> bool:
        """Return True if the position lies inside the grid.

        Parameters:
            position: The (x, y) position to check.
        """
        return self._in_range(position.get_x()) and self._in_range(position.get_y())

    def add_entity(self, position: Position, entity: Entity) -> None:
        """Place an entity at a position, replacing whatever was there.

        Entities outside the bounds of the grid are not added.

        Parameters:
            position: Where to place the entity.
            entity: The entity to place.
        """
        if not self.in_bounds(position):
            return
        self._entities[position] = entity

    def remove_entity(self, position: Position) -> None:
        """Remove the entity at a position, if there is one.

        Parameters:
            position: The position to clear.
        """
        self._entities.pop(position, None)

    def get_entity(self, position: Position) -> Optional[Entity]:
        """Return the entity at a position, or None if it is empty or off the grid.

        Parameters:
            position: The position to look at.
        """
        return self._entities.get(position)

    def is_empty(self, position: Position) -> bool:
        """Return True if the position is on the grid and holds no entity.

        Parameters:
            position: The position to check.
        """
        return self.in_bounds(position) and self.get_entity(position) is None

    def get_mapping(self) -> Dict[Position, Entity]:
        """Return a copy of the dictionary from positions to entities."""
        return dict(self._entities)

    def get_entities(self) -> List[Entity]:
        """Return a new list of every entity in the grid."""
        return list(self._entities.values())

    def move_entity(self, start: Position, end: Position) -> None:
        """Move the entity at start to end, replacing anything at end.

        Nothing happens if either position is off the grid or start is empty.

        Parameters:
            start: The current position of the entity.
            end: The position to move it to.
        """
        if not (self.in_bounds(start) and self.in_bounds(end)):
            return
        entity = self.get_entity(start)
        if entity is None:
            return
        self.remove_entity(start)
        self.add_entity(end, entity)

    def find_player(self) -> Optional[Position]:
        """Return the position of the player, or None if there is no player."""
        for position, entity in self._entities.items():
            if isinstance(entity, Player):
                return position
        return None

    def serialize(self) -> Dict[Tuple[int, int], str]:
        """Return a dictionary from (x, y) tuples to the display character there."""
        return {(position.get_x(), position.get_y()): entity.display()
                for position, entity in self._entities.items()}


class MapLoader:
    """Abstract class that reads a map file into a Grid."""

    def load(self, filename: str) -> Grid:
        """Load a new grid from the map file at filename.

        Parameters:
            filename: Path of the map file.

        Returns:
            A grid holding an entity for every character of the map.
        """
        tokens, size = load_map(filename)
        grid = Grid(size)
        for (x, y), token in tokens.items():
            grid.add_entity(Position(x, y), self.create_entity(token))
        return grid

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for a map character.

        Parameters:
            token: The map character of the entity.

        Raises:
            NotImplementedError: Always; subclasses know which entities exist.
        """
        raise NotImplementedError


class BasicMapLoader(MapLoader):
    """Map loader that understands players and hospitals."""

    def _create_player(self) -> Player:
        """Return the kind of player this loader puts on the grid."""
        return Player()

    def create_entity(self, token: str) -> Entity:
        """Return a new Player for 'P' or Hospital for 'H'.

        Parameters:
            token: The map character of the entity.

        Raises:
            ValueError: If the token is not one this loader supports.
        """
        if token == PLAYER:
            return self._create_player()
        if token == HOSPITAL:
            return Hospital()
        raise ValueError(f"Unknown entity token: {token!r}")


class Game:
    """The rules of the basic game: moving the player towards the hospital."""

    def __init__(self, grid: Grid) -> None:
        """Start a game on a grid that contains a player.

        Parameters:
            grid: The grid the game is played on.
        """
        self._grid = grid
        self._steps = 0

    def get_grid(self) -> Grid:
        """Return the grid the game is played on."""
        return self._grid

    def get_player(self) -> Optional[Player]:
        """Return the player in the grid, or None if there is none."""
        position = self._grid.find_player()
        if position is None:
            return None
        return self._grid.get_entity(position)

    def step(self) -> None:
        """Trigger a step event: every entity in the grid takes its step.

        Entities step in grid order, each given its position at the start of
        this step.
        """
        for position, entity in self._grid.get_mapping().items():
            entity.step(position, self)
        self._steps += 1

    def get_steps(self) -> int:
        """Return how many step events have happened in this game."""
        return self._steps

    def _player_target(self, offset: Position) -> Optional[Position]:
        """Return where the player would end up after moving by offset.

        Returns None if there is no player or the target is off the grid.
        """
        start = self._grid.find_player()
        if start is None:
            return None
        target = start.add(offset)
        if not self._grid.in_bounds(target):
            return None
        return target

    def move_player(self, offset: Position) -> None:
        """Move the player by offset, if the new position is on the grid.

        Whatever was at the new position (a zombie, the hospital...) is replaced.

        Parameters:
            offset: The change in position to apply to the player.
        """
        target = self._player_target(offset)
        if target is None:
            return
        self._grid.move_entity(self._grid.find_player(), target)

    def direction_to_offset(self, direction: str) -> Optional[Position]:
        """Return the offset for a direction key ('W', 'A', 'S' or 'D').

        Parameters:
            direction: The direction key entered by the user.

        Returns:
            The offset as a Position, or None for anything that is not a direction.
        """
        offset = DIRECTION_OFFSETS.get(direction)
        if offset is None:
            return None
        return to_position(offset)

    def has_won(self) -> bool:
        """Return True once the player has reached (and replaced) the hospital."""
        return not any(isinstance(entity, Hospital)
                       for entity in self._grid.get_entities())

    def has_lost(self) -> bool:
        """Return True if the player has lost; impossible in the basic game."""
        return False


class TextInterface(GameInterface):
    """A text interface that prints the game and reads the user's actions."""

    def __init__(self, size: int) -> None:
        """Create an interface for a game of the given size.

        Parameters:
            size: The length and width of the grid to display.
        """
        self._size = size

    def _border(self) -> str:
        """Return the row of '#' drawn above and below the grid."""
        return BORDER * (self._size + 2)

    def _row(self, grid: Grid, y: int) -> str:
        """Return the text of row y of the grid, framed by '#' on both sides."""
        cells = ""
        for x in range(self._size):
            entity = grid.get_entity(Position(x, y))
            cells += " " if entity is None else entity.display()
        return f"{BORDER}{cells}{BORDER}"

    def draw(self, game: Game) -> None:
        """Print the game's grid surrounded by a '#' border.

        Parameters:
            game: The game to display.
        """
        grid = game.get_grid()
        print(self._border())
        for y in range(self._size):
            print(self._row(grid, y))
        print(self._border())

    def _final_message(self, game: Game) -> Optional[str]:
        """Return the message that ends the game, or None if it is not over."""
        if game.has_won():
            return WIN_MESSAGE
        if game.has_lost():
            return LOSE_MESSAGE
        return None

    def play(self, game: Game) -> None:
        """Run the game loop until the player wins or loses.

        Parameters:
            game: The game to play.
        """
        self.draw(game)
        while True:
            action = input(ACTION_PROMPT)
            self.handle_action(game, action)
            message = self._final_message(game)
            if message is not None:
                print(message)
                return
            self.draw(game)

    def handle_action(self, game: Game, action: str) -> None:
        """Carry out one action of the user, then trigger the step event.

        A direction moves the player; anything else is ignored. The step
        happens whatever was entered.

        Parameters:
            game: The game being played.
            action: The action the user entered.
        """
        offset = game.direction_to_offset(action)
        if offset is not None:
            game.move_player(offset)
        game.step()


# ---------------------------------------------------------------------------
# Task 2: infection and wandering zombies
# ---------------------------------------------------------------------------

class VulnerablePlayer(Player):
    """A player that can be infected by zombies."""

    def __init__(self) -> None:
        """Create a healthy (uninfected) player."""
        super().__init__()
        self._infected = False

    def infect(self) -> None:
        """Infect the player."""
        self._infected = True

    def is_infected(self) -> bool:
        """Return True if the player has been infected."""
        return self._infected


class Zombie(Entity):
    """A zombie that wanders the grid at random, infecting the player it bumps into."""

    def display(self) -> str:
        """Return 'Z', the character representing a zombie."""
        return ZOMBIE

    def _candidate_offsets(self, position: Position, game: Game) -> List[Position]:
        """Return the offsets to try this step, best first: a random order here.

        Parameters:
            position: The position of this zombie.
            game: The game being played.
        """
        return [to_position(offset) for offset in random_directions()]

    def _try_square(self, position: Position, target: Position, game: Game) -> bool:
        """Try to move from position to target; return True if the zombie is done.

        An empty square is moved to; a square holding the player infects the
        player without moving. Anything else (off the grid, another entity)
        means this direction is unavailable and False is returned.
        """
        grid = game.get_grid()
        if grid.is_empty(target):
            grid.move_entity(position, target)
            return True
        occupant = grid.get_entity(target)
        if isinstance(occupant, VulnerablePlayer):
            occupant.infect()
            return True
        return False

    def step(self, position: Position, game: Game) -> None:
        """Move to the first available square among the candidate directions.

        Parameters:
            position: The position of this zombie when the step is triggered.
            game: The game being played.
        """
        for offset in self._candidate_offsets(position, game):
            if self._try_square(position, position.add(offset), game):
                return


class IntermediateGame(Game):
    """A game the player can lose by being infected."""

    def has_lost(self) -> bool:
        """Return True if the player has been infected."""
        player = self.get_player()
        if player is None:
            return False
        return player.is_infected()


class IntermediateMapLoader(BasicMapLoader):
    """Map loader that adds zombies and vulnerable players."""

    def _create_player(self) -> Player:
        """Return a VulnerablePlayer for the player token."""
        return VulnerablePlayer()

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for the token, including Zombie for 'Z'.

        Parameters:
            token: The map character of the entity.

        Raises:
            ValueError: If the token is not one this loader supports.
        """
        if token == ZOMBIE:
            return Zombie()
        return super().create_entity(token)


# ---------------------------------------------------------------------------
# Task 3: tracking zombies, pickups, the inventory and firing
# ---------------------------------------------------------------------------

class TrackingZombie(Zombie):
    """A zombie that heads straight for the player."""

    def display(self) -> str:
        """Return 'T', the character representing a tracking zombie."""
        return TRACKING_ZOMBIE


class Pickup(Entity):
    """Abstract item that the player can pick up and hold for a limited time."""

    def __init__(self) -> None:
        """Create a pickup with its whole lifetime (its durability) remaining."""
        super().__init__()
        self._steps_held = 0

    def get_durability(self) -> int:
        """Return how many steps the item lasts once held.

        Raises:
            NotImplementedError: Always; each kind of pickup has its own durability.
        """
        raise NotImplementedError

    def get_lifetime(self) -> int:
        """Return how many more steps the item can be held."""
        return self.get_durability() - self._steps_held

    def hold(self) -> None:
        """Use up one step of the item's lifetime."""
        self._steps_held += 1

    def __repr__(self) -> str:
        """Return the item's class and remaining lifetime, e.g. 'Garlic(10)'."""
        return f"{self._name()}({self.get_lifetime()})"


class Garlic(Pickup):
    """Garlic: protects the player from infection while held."""

    def get_durability(self) -> int:
        """Return 10, the number of steps garlic lasts."""
        return LIFETIMES[GARLIC]

    def display(self) -> str:
        """Return 'G', the character representing garlic."""
        return GARLIC


class Crossbow(Pickup):
    """Crossbow: lets the player shoot a zombie while held."""

    def get_durability(self) -> int:
        """Return 5, the number of steps a crossbow lasts."""
        return LIFETIMES[CROSSBOW]

    def display(self) -> str:
        """Return 'C', the character representing a crossbow."""
        return CROSSBOW


class Inventory:
    """The items the player is holding."""

    def __init__(self) -> None:
        """Create an empty inventory."""
        self._items: List[Pickup] = []

    def step(self) -> None:
        """Hold every item for one step, dropping those whose lifetime ran out."""
        for item in self._items:
            item.hold()
        self._items = [item for item in self._items if item.get_lifetime() > 0]

    def add_item(self, item: Pickup) -> None:
        """Add a pickup to the inventory.

        Parameters:
            item: The pickup to add.
        """
        self._items.append(item)

    def get_items(self) -> List[Pickup]:
        """Return a new list of the items held."""
        return list(self._items)

    def contains(self, pickup_id: str) -> bool:
        """Return True if any held item is displayed with pickup_id.

        Parameters:
            pickup_id: The display character of the item, e.g. 'G'.
        """
        return any(item.display() == pickup_id for item in self._items)


class HoldingPlayer(VulnerablePlayer):
    """A player with an inventory of pickups."""

    def __init__(self) -> None:
        """Create an uninfected player holding nothing."""
        super().__init__()
        self._inventory = Inventory()

    def get_inventory(self) -> Inventory:
        """Return the player's inventory."""
        return self._inventory

    def step(self, position: Position, game: Game) -> None:
        """Let the inventory know a step happened.

        Parameters:
            position: The position of the player when the step is triggered.
            game: The game being played.
        """
        self._inventory.step()


class AdvancedGame(IntermediateGame):
    """A game in which the player picks up items by walking onto them."""

    def move_player(self, offset: Position) -> None:
        """Move the player by offset, picking up any item on the new square.

        Parameters:
            offset: The change in position to apply to the player.
        """
        super().move_player(offset)


class AdvancedMapLoader(IntermediateMapLoader):
    """Map loader that adds tracking zombies, garlic, crossbows and holding players."""

    def _create_player(self) -> Player:
        """Return a HoldingPlayer for the player token."""
        return HoldingPlayer()

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for the token, including 'T', 'G' and 'C'.

        Parameters:
            token: The map character of the entity.

        Raises:
            ValueError: If the token is not one this loader supports.
        """
        if token == TRACKING_ZOMBIE:
            return TrackingZombie()
        if token == GARLIC:
            return Garlic()
        if token == CROSSBOW:
            return Crossbow()
        return super().create_entity(token)


class AdvancedTextInterface(TextInterface):
    """A text interface that also shows the inventory and lets the player fire."""

    def draw(self, game: Game) -> None:
        """Print the grid, then the player's items if they hold any.

        Parameters:
            game: The game to display.
        """
        super().draw(game)
        items = self._held_items(game)
        if not items:
            return
        print(HOLDING_MESSAGE)
        for item in items:
            print(item)

    def _held_items(self, game: Game) -> List[Pickup]:
        """Return the items the player is holding (none if there is no player)."""
        player = game.get_player()
        if not isinstance(player, HoldingPlayer):
            return []
        return player.get_inventory().get_items()

    def _first_in_line(self, grid: Grid, start: Position,
                       offset: Position) -> Optional[Position]:
        """Return the position of the first entity past start along offset.

        Returns None if the edge of the grid is reached without meeting one.
        """
        position = start.add(offset)
        while grid.in_bounds(position):
            if grid.get_entity(position) is not None:
                return position
            position = position.add(offset)
        return None

    def _fire(self, game: Game) -> None:
        """Fire the crossbow, printing a message if nothing is hit.

        Parameters:
            game: The game being played.
        """
        pass

    def handle_action(self, game: Game, action: str) -> None:
        """Carry out an action, including 'F' to fire, then trigger the step event.

        Parameters:
            game: The game being played.
            action: The action the user entered.
        """
        if action != FIRE:
            super().handle_action(game, action)
            return
        self._fire(game)
        game.step()


def main() -> None:
    """Ask for a map file and play an advanced game on it."""
    grid = AdvancedMapLoader().load(input(MAP_PROMPT))
    interface = AdvancedTextInterface(grid.get_size())
    interface.play(AdvancedGame(grid))


if __name__ == "__main__":
    main()
