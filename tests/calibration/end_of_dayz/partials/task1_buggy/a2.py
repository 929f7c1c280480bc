"""
End of DayZ - CSSE1001 Assignment 2, Semester 1 2021.

A text based zombie survival game. The player walks around a square grid
and tries to reach the hospital. Only task 1 is done so far.
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
        return 0 <= x <= self._size and 0 <= y <= self._size

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
        # Accept lower case keys too, so "w" works as well as "W".
        direction = direction.upper()
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


def main() -> None:
    """Ask for a map file and play a basic game on it."""
    filename = input(MAP_PROMPT)
    grid = BasicMapLoader().load(filename)
    game = Game(grid)
    interface = TextInterface(grid.get_size())
    interface.play(game)


if __name__ == "__main__":
    main()
