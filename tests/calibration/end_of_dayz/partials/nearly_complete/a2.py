"""End of DayZ (CSSE1001/CSSE7030 Assignment 2, 2021).

The player tries to reach the hospital on a square grid while zombies roam
around. Task 1 gives the grid, player and hospital; task 2 adds randomly
wandering zombies that infect the player; task 3 adds tracking zombies,
garlic, a crossbow and an interface that shows the player's inventory.

Squares of the grid are (x, y) positions: x is the column and y the row,
with (0, 0) in the top-left corner.
"""

from typing import Optional

from a2_support import *

__author__ = "Sam Example, 47654321"
__email__ = "s.example@uqconnect.edu.au"

MAP_PROMPT = "Map: "
EMPTY = " "

# (dx, dy) moves for each direction key; rows grow downwards.
DIRECTION_DELTAS = {
    UP: (0, -1),
    LEFT: (-1, 0),
    DOWN: (0, 1),
    RIGHT: (1, 0),
}


class Entity:
    """Abstract base class of everything that can occupy a grid square."""

    def __init__(self) -> None:
        """Construct an entity. Entities take no parameters."""
        super().__init__()

    def step(self, position: Position, game: "Game") -> None:
        """React to a step event. A basic entity does nothing.

        Parameters:
            position: This entity's position when the step event happens.
            game: The game currently being played.
        """
        return None

    def display(self) -> str:
        """Return the character that draws this entity.

        Raises:
            NotImplementedError: every concrete entity must define this.
        """
        raise NotImplementedError

    def _name(self) -> str:
        """Return the name of this entity's class."""
        return type(self).__name__

    def __repr__(self) -> str:
        """Return the expression that constructs this entity, e.g. 'Zombie()'."""
        return f"{self._name()}()"


class Player(Entity):
    """The entity moved around by the user."""

    def display(self) -> str:
        """Return the player's character, 'P'."""
        return PLAYER


class Hospital(Entity):
    """The goal of the game: the player wins by stepping onto it."""

    def display(self) -> str:
        """Return the hospital's character, 'H'."""
        return HOSPITAL


class Grid:
    """An n by n square grid holding at most one entity per square.

    Internally squares are keyed by plain (x, y) tuples. The dictionary keeps
    the order in which entities were added, which is the order they step in.
    """

    def __init__(self, size: int) -> None:
        """Construct an empty grid.

        Parameters:
            size: The width and height of the grid.
        """
        self._size = size
        self._squares = {}

    @staticmethod
    def _key(position: Position) -> Tuple[int, int]:
        """Return the (x, y) tuple used to store a position."""
        return position.get_x(), position.get_y()

    def get_size(self) -> int:
        """Return the width (= height) of the grid."""
        return self._size

    def in_bounds(self, position: Position) -> bool:
        """Return True iff both coordinates of position are within 0..size-1.

        Parameters:
            position: The position to test.
        """
        return all(0 <= value < self._size for value in self._key(position))

    def add_entity(self, position: Position, entity: Entity) -> None:
        """Place entity at position, replacing any entity already there.

        Positions outside the grid are ignored.

        Parameters:
            position: Where to put the entity.
            entity: The entity to put there.
        """
        if not self.in_bounds(position):
            return
        self._squares[self._key(position)] = entity

    def remove_entity(self, position: Position) -> None:
        """Remove the entity at position, if there is one.

        Parameters:
            position: The square to empty.
        """
        self._squares.pop(self._key(position), None)

    def get_entity(self, position: Position) -> Optional[Entity]:
        """Return the entity at position, or None for an empty or
        out-of-bounds square.

        Parameters:
            position: The square to look at.
        """
        return self._squares.get(self._key(position))

    def get_mapping(self) -> Dict[Position, Entity]:
        """Return a new dictionary from each occupied Position to its entity."""
        return {Position(x, y): entity
                for (x, y), entity in self._squares.items()}

    def get_entities(self) -> List[Entity]:
        """Return a new list of the entities in the grid, in step order."""
        return list(self._squares.values())

    def move_entity(self, start: Position, end: Position) -> None:
        """Move the entity at start onto end, replacing whatever is at end.

        Does nothing when either position is out of bounds or start is empty.

        Parameters:
            start: The square the entity is on.
            end: The square to move it to.
        """
        if not (self.in_bounds(start) and self.in_bounds(end)):
            return
        if self.get_entity(start) is None:
            return
        self._squares[self._key(end)] = self._squares.pop(self._key(start))

    def find_player(self) -> Optional[Position]:
        """Return the position of a player in the grid, or None if there is
        no player."""
        for position, entity in self.get_mapping().items():
            if isinstance(entity, Player):
                return position
        return None

    def serialize(self) -> Dict[Tuple[int, int], str]:
        """Return a dictionary from (x, y) tuples to the display character of
        the entity on that square (only occupied squares are included)."""
        return {key: entity.display() for key, entity in self._squares.items()}


class MapLoader:
    """Abstract loader that turns a map file into a Grid."""

    def load(self, filename: str) -> Grid:
        """Return a new grid holding the entities of the map file.

        Parameters:
            filename: Relative path of the map file.
        """
        tokens, size = load_map(filename)
        grid = Grid(size)
        for (x, y), token in tokens.items():
            grid.add_entity(Position(x, y), self.create_entity(token))
        return grid

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for a map character.

        Parameters:
            token: The character found in the map file.

        Raises:
            NotImplementedError: the abstract loader supports no entities.
        """
        raise NotImplementedError


class BasicMapLoader(MapLoader):
    """Loader for maps that contain only a player and a hospital.

    Subclasses add entity kinds by extending _entity_types.
    """

    def _entity_types(self) -> Dict[str, type]:
        """Return a dictionary from map characters to the classes they
        create."""
        return {PLAYER: Player, HOSPITAL: Hospital}

    def create_entity(self, token: str) -> Entity:
        """Return a new instance of the entity that token stands for.

        Parameters:
            token: The character found in the map file.

        Raises:
            ValueError: when this loader does not know the character.
        """
        entity_type = self._entity_types().get(token)
        if entity_type is None:
            raise ValueError(f"Unsupported map character: {token!r}")
        return entity_type()


class Game:
    """The state of a game: the grid, and how many steps have happened."""

    def __init__(self, grid: Grid) -> None:
        """Construct a game played on grid.

        Parameters:
            grid: The grid to play on (precondition: it holds a player).
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
        """Trigger the step event for every entity in the grid.

        Entities step in the order they were added to the grid, using the
        positions they had when the step started.
        """
        for position, entity in self._grid.get_mapping().items():
            entity.step(position, self)
        self._steps += 1

    def get_steps(self) -> int:
        """Return how many times step has been called."""
        return self._steps

    def _player_destination(self, offset: Position) -> Optional[Position]:
        """Return where the player would end up after moving by offset, or
        None if there is no player or that square is out of bounds.

        Parameters:
            offset: The move to make.
        """
        start = self._grid.find_player()
        if start is None:
            return None
        end = start.add(offset)
        if not self._grid.in_bounds(end):
            return None
        return end

    def move_player(self, offset: Position) -> None:
        """Move the player by offset, unless that leaves the grid.

        Parameters:
            offset: The (dx, dy) move to make, as a Position.
        """
        end = self._player_destination(offset)
        if end is None:
            return
        self._grid.move_entity(self._grid.find_player(), end)

    def direction_to_offset(self, direction: str) -> Optional[Position]:
        """Return the offset for a direction key 'W', 'A', 'S' or 'D', or
        None for any other string.

        Parameters:
            direction: The direction key entered by the user.
        """
        if direction not in DIRECTION_DELTAS:
            return None
        return Position(*DIRECTION_DELTAS[direction])

    def has_won(self) -> bool:
        """Return True if the player has won: the player has stepped onto
        the hospital, so no hospital is left in the grid."""
        return HOSPITAL not in self._grid.serialize().values()

    def has_lost(self) -> bool:
        """Return True if the player has lost (never, in a basic game)."""
        return False


class TextInterface(GameInterface):
    """Plays a game in the console: prints the grid, reads actions."""

    def __init__(self, size: int) -> None:
        """Construct an interface for games of the given grid size.

        Parameters:
            size: The size of the grid to draw.
        """
        super().__init__()
        self._size = size

    def _border(self) -> str:
        """Return the top/bottom border line."""
        return BORDER * (self._size + 2)

    def _row(self, squares: Dict[Tuple[int, int], str], y: int) -> str:
        """Return row y of the grid, framed by border characters.

        Parameters:
            squares: The serialized grid.
            y: The row to draw.
        """
        cells = "".join(squares.get((x, y), EMPTY) for x in range(self._size))
        return BORDER + cells + BORDER

    def draw(self, game: Game) -> None:
        """Print the game's grid surrounded by a border of '#'.

        Parameters:
            game: The game to draw.
        """
        squares = game.get_grid().serialize()
        print(self._border())
        for y in range(self._size):
            print(self._row(squares, y))
        print(self._border())

    def _announce_end(self, game: Game) -> bool:
        """Print the result and return True if the game is over, otherwise
        return False. Winning is checked before losing.

        Parameters:
            game: The game being played.
        """
        if game.has_won():
            print(WIN_MESSAGE)
            return True
        if game.has_lost():
            print(LOSE_MESSAGE)
            return True
        return False

    def play(self, game: Game) -> None:
        """Run the game loop until the game is won or lost.

        Parameters:
            game: The game to play.
        """
        self.draw(game)
        while True:
            self.handle_action(game, input(ACTION_PROMPT))
            if self._announce_end(game):
                return
            self.draw(game)

    def handle_action(self, game: Game, action: str) -> None:
        """Move the player if action is a direction, then step the game.

        Any other action moves nothing, but the step still happens.

        Parameters:
            game: The game being played.
            action: The action typed by the user.
        """
        offset = game.direction_to_offset(action)
        if offset is not None:
            game.move_player(offset)
        game.step()


class VulnerablePlayer(Player):
    """A player who can be infected by zombies."""

    def __init__(self) -> None:
        """Construct a player who is not infected."""
        super().__init__()
        self._infected = False

    def infect(self) -> None:
        """Infect this player."""
        self._infected = True

    def is_infected(self) -> bool:
        """Return True if this player is infected."""
        return self._infected


class Zombie(Entity):
    """A zombie that shuffles one square in a random direction each step."""

    def display(self) -> str:
        """Return the zombie's character, 'Z'."""
        return ZOMBIE

    def _directions(self, position: Position,
                    game: Game) -> List[Tuple[int, int]]:
        """Return the (dx, dy) directions to try, best first: for a plain
        zombie, a random order.

        Parameters:
            position: This zombie's position.
            game: The game being played.
        """
        return random_directions()

    @staticmethod
    def _is_available(grid: Grid, position: Position) -> bool:
        """Return True if position is in the grid and empty.

        Parameters:
            grid: The grid to check.
            position: The square to check.
        """
        return grid.in_bounds(position) and grid.get_entity(position) is None

    def step(self, position: Position, game: Game) -> None:
        """Move to the first available square among this zombie's directions.

        Reaching the player's square infects the player instead, and the
        zombie stays put. If no square is available the zombie stays.

        Parameters:
            position: This zombie's position when the step event happens.
            game: The game being played.
        """
        grid = game.get_grid()
        player_position = grid.find_player()
        for delta in self._directions(position, game):
            target = position.add(Position(*delta))
            if target == player_position:
                game.get_player().infect()
                return
            if self._is_available(grid, target):
                grid.move_entity(position, target)
                return


class IntermediateGame(Game):
    """A game the player loses by being infected."""

    def has_lost(self) -> bool:
        """Return True if the player has been infected."""
        player = self.get_player()
        if player is None:
            return False
        return player.is_infected()


class IntermediateMapLoader(BasicMapLoader):
    """Loader that also knows zombies; players are vulnerable."""

    def _entity_types(self) -> Dict[str, type]:
        """Return the basic types, with 'P' making a VulnerablePlayer and
        'Z' a Zombie."""
        types = super()._entity_types()
        types.update({PLAYER: VulnerablePlayer, ZOMBIE: Zombie})
        return types


class TrackingZombie(Zombie):
    """A zombie that heads straight for the player."""

    def display(self) -> str:
        """Return the tracking zombie's character, 'T'."""
        return TRACKING_ZOMBIE

    def _directions(self, position: Position,
                    game: Game) -> List[Tuple[int, int]]:
        """Return the four directions ordered by how close each move gets
        to the player.

        Parameters:
            position: This zombie's position.
            game: The game being played.
        """
        player_position = game.get_grid().find_player()
        if player_position is None:
            return super()._directions(position, game)

        def distance_after(delta: Tuple[int, int]) -> int:
            """Return the distance to the player after moving by delta."""
            return position.add(Position(*delta)).distance(player_position)

        return sorted(OFFSETS, key=distance_after)


class Pickup(Entity):
    """Abstract item the player can pick up; it lasts a limited number of
    steps once held."""

    def __init__(self) -> None:
        """Construct a pickup with its whole durability left."""
        super().__init__()
        self._lifetime = self.get_durability()

    def get_durability(self) -> int:
        """Return how many steps this kind of item lasts.

        Raises:
            NotImplementedError: every concrete pickup must define this.
        """
        raise NotImplementedError

    def get_lifetime(self) -> int:
        """Return how many more steps this item will last."""
        return self._lifetime

    def hold(self) -> None:
        """Use up one step of this item's lifetime."""
        self._lifetime -= 1

    def __repr__(self) -> str:
        """Return the item's type and remaining lifetime, e.g. 'Garlic(10)'."""
        return f"{self._name()}({self._lifetime})"


class Garlic(Pickup):
    """Garlic: while held, the player cannot be infected."""

    def get_durability(self) -> int:
        """Return the number of steps garlic lasts (10)."""
        return LIFETIMES[GARLIC]

    def display(self) -> str:
        """Return garlic's character, 'G'."""
        return GARLIC


class Crossbow(Pickup):
    """Crossbow: while held, the player can shoot a zombie."""

    def get_durability(self) -> int:
        """Return the number of steps a crossbow lasts (5)."""
        return LIFETIMES[CROSSBOW]

    def display(self) -> str:
        """Return the crossbow's character, 'C'."""
        return CROSSBOW


class Inventory:
    """The pickups a player is holding."""

    def __init__(self) -> None:
        """Construct an empty inventory."""
        self._items = []

    def step(self) -> None:
        """Hold every item once, then discard the ones that are used up."""
        for item in self._items:
            item.hold()
        self._items = [item for item in self._items if item.get_lifetime() > 0]

    def add_item(self, item: Pickup) -> None:
        """Add item to the inventory.

        Parameters:
            item: The pickup to add.
        """
        self._items.append(item)

    def get_items(self) -> List[Pickup]:
        """Return a copy of the list of held items, oldest first."""
        return self._items[:]

    def contains(self, pickup_id: str) -> bool:
        """Return True if some held item displays as pickup_id.

        Parameters:
            pickup_id: The display character to look for, e.g. 'C'.
        """
        return any(item.display() == pickup_id for item in self._items)


class HoldingPlayer(VulnerablePlayer):
    """A vulnerable player who carries an inventory."""

    def __init__(self) -> None:
        """Construct an uninfected player with an empty inventory."""
        super().__init__()
        self._inventory = Inventory()

    def get_inventory(self) -> Inventory:
        """Return this player's inventory."""
        return self._inventory

    def infect(self) -> None:
        """Infect this player, unless they hold garlic."""
        if self._inventory.contains(GARLIC):
            return
        super().infect()

    def step(self, position: Position, game: Game) -> None:
        """Tell the inventory that a step event happened.

        Parameters:
            position: This player's position when the step event happens.
            game: The game being played.
        """
        super().step(position, game)
        self._inventory.step()


class AdvancedGame(IntermediateGame):
    """A game in which the player picks up items by walking onto them."""

    def move_player(self, offset: Position) -> None:
        """Move the player by offset; a pickup on the destination square goes
        into the player's inventory first.

        Parameters:
            offset: The (dx, dy) move to make, as a Position.
        """
        end = self._player_destination(offset)
        if end is None:
            return
        item = self.get_grid().get_entity(end)
        if isinstance(item, Pickup):
            self.get_player().get_inventory().add_item(item)
            self.get_grid().remove_entity(end)
        super().move_player(offset)


class AdvancedMapLoader(IntermediateMapLoader):
    """Loader for every entity; players get an inventory."""

    def _entity_types(self) -> Dict[str, type]:
        """Return the intermediate types, with 'P' making a HoldingPlayer and
        'T', 'G', 'C' making a TrackingZombie, Garlic and Crossbow."""
        types = super()._entity_types()
        types.update({
            PLAYER: HoldingPlayer,
            TRACKING_ZOMBIE: TrackingZombie,
            GARLIC: Garlic,
            CROSSBOW: Crossbow,
        })
        return types


class AdvancedTextInterface(TextInterface):
    """Text interface that also lists the inventory and can fire a crossbow."""

    def draw(self, game: Game) -> None:
        """Print the grid, then what the player holds (if anything).

        Parameters:
            game: The game to draw.
        """
        super().draw(game)
        items = self._held_items(game)
        if not items:
            return
        print(HOLDING_MESSAGE)
        for item in items:
            print(item)

    @staticmethod
    def _held_items(game: Game) -> List[Pickup]:
        """Return the items the game's player holds ([] if no player).

        Parameters:
            game: The game being played.
        """
        player = game.get_player()
        if player is None:
            return []
        return player.get_inventory().get_items()

    def handle_action(self, game: Game, action: str) -> None:
        """Handle the fire action 'F'; any other action is handled as in
        TextInterface. Either way the game steps once.

        Parameters:
            game: The game being played.
            action: The action typed by the user.
        """
        if action != FIRE:
            super().handle_action(game, action)
            return
        self._fire(game)
        game.step()

    def _fire(self, game: Game) -> None:
        """Ask for a direction and shoot the crossbow that way, printing a
        message for each way the shot can fail.

        Parameters:
            game: The game being played.
        """
        if not any(item.display() == CROSSBOW for item in self._held_items(game)):
            print(NO_WEAPON_MESSAGE)
            return
        offset = game.direction_to_offset(input(FIRE_PROMPT))
        if offset is None:
            print(INVALID_FIRING_MESSAGE)
            return
        target = self._first_occupied(game.get_grid(), game.get_grid().find_player(), offset)
        if target is None or game.get_grid().get_entity(target).display() not in ZOMBIES:
            print(NO_ZOMBIE_MESSAGE)
            return
        game.get_grid().remove_entity(target)

    @staticmethod
    def _first_occupied(grid: Grid, start: Position,
                        offset: Position) -> Optional[Position]:
        """Return the first occupied square after start in the direction of
        offset, or None if the shot leaves the grid first.

        Parameters:
            grid: The grid to search.
            start: The square the shot starts from (not itself checked).
            offset: The direction of the shot.
        """
        position = start.add(offset)
        while grid.in_bounds(position):
            if grid.get_entity(position) is not None:
                return position
            position = position.add(offset)
        return None


def main() -> None:
    """Ask for a map file, then play an advanced game of End of DayZ on it."""
    grid = AdvancedMapLoader().load(input(MAP_PROMPT))
    AdvancedTextInterface(grid.get_size()).play(AdvancedGame(grid))


if __name__ == "__main__":
    main()
