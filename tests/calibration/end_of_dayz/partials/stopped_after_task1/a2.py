"""End of DayZ (CSSE1001/CSSE7030 Assignment 2, 2021).

The player tries to reach the hospital on a square grid. So far only task 1
is done: the grid, the player, the hospital, the map loaders, the game and
the text interface.

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


def main() -> None:
    """Ask for a map file, then play a basic game of End of DayZ on it."""
    grid = BasicMapLoader().load(input(MAP_PROMPT))
    TextInterface(grid.get_size()).play(Game(grid))


if __name__ == "__main__":
    main()
