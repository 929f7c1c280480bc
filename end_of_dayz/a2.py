"""End of DayZ: a text game in which the player dodges zombies on a square grid to reach a hospital.

This is the reference solution of CSSE1001 assignment 2 (2021). It builds on the course's
support module ``a2_support.py`` (constants, ``Position``, ``random_directions``, ``load_map``,
``GameInterface``) and is started by ``main()`` (``python a2.py`` or ``python run.py``).

Contents, in reading order:

1. Entities: what can stand on a square (players, the hospital, zombies, pickups) and the
   player's inventory.
2. Grid: the square board mapping positions to entities.
3. Map loaders: map files turned into grids, one loader per level of the game.
4. Games: the rules (moving the player, the step event, winning and losing).
5. Text interfaces: drawing the grid, reading actions, the game loop.
6. main: the program, with its handling of bad maps and ended input (beyond the spec,
   which says invalid maps need not be handled).

Data flow of one turn::

    input() -> TextInterface.handle_action -> Game.move_player -> Grid.move_entity
                                           -> Game.step -> Entity.step (each entity, in order)
             -> Game.has_won / has_lost -> print the ending, or TextInterface.draw
"""

import os
import sys
from typing import Dict, List, Optional, Sequence, Tuple, Type

from a2_support import (
    ACTION_PROMPT,
    BORDER,
    CROSSBOW,
    DOWN,
    FIRE,
    FIRE_PROMPT,
    GARLIC,
    HOLDING_MESSAGE,
    HOSPITAL,
    INVALID_FIRING_MESSAGE,
    LEFT,
    LIFETIMES,
    LOSE_MESSAGE,
    NO_WEAPON_MESSAGE,
    NO_ZOMBIE_MESSAGE,
    PICKUP_ITEMS,
    PLAYER,
    RIGHT,
    TRACKING_ZOMBIE,
    UP,
    WIN_MESSAGE,
    ZOMBIE,
    ZOMBIES,
    GameInterface,
    Position,
    load_map,
    random_directions,
)

# The (dx, dy) offset of each movement key; y grows downwards.
DIRECTION_OFFSETS = {UP: (0, -1), LEFT: (-1, 0), DOWN: (0, 1), RIGHT: (1, 0)}

# The order in which a tracking zombie tries offsets that bring it equally close to the player:
# left, down, up, right.
TRACKING_TIE_ORDER = ((-1, 0), (0, 1), (0, -1), (1, 0))

# How an empty square is drawn.
EMPTY_CELL = " "

# What main() prompts with, prints on failure and returns as the exit status.
MAP_PROMPT = "Map: "
MAP_ERROR = "Cannot load map {filename!r}: {problem}"
INPUT_ENDED_ERROR = "Input ended before the game was over."
NO_MAP_ERROR = "Input ended before a map was given."
USAGE = "Usage: python {program} [MAP_FILE]"
HELP_OPTIONS = ("-h", "--help")
EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


# ---------------------------------------------------------------------------------------------
# 1. Entities
# ---------------------------------------------------------------------------------------------

class Entity:
    """Anything that stands on a square of the grid; abstract, subclasses give its character.

    >>> repr(Entity())
    'Entity()'
    >>> Entity().__repr__()
    'Entity()'
    >>> entity = Entity()
    >>> repr(entity)
    'Entity()'
    """

    def step(self, position: Position, game: "Game") -> None:
        """React to a step event; a plain entity does nothing.

        Parameters:
            position: where this entity stood when the step event began.
            game: the game being played.
        """

    def display(self) -> str:
        """Return the character that shows this entity on the grid.

        Raises:
            NotImplementedError: always, here; each kind of entity has its own character.
        """
        raise NotImplementedError

    def __repr__(self) -> str:
        """Return the expression that builds this entity, e.g. ``Player()``."""
        return f"{type(self).__name__}()"


class Player(Entity):
    """The entity the user moves around the grid.

    >>> player = Player()
    >>> repr(player)
    'Player()'
    >>> player.display()
    'P'
    """

    def display(self) -> str:
        """Return ``'P'``, the player's character."""
        return PLAYER


class VulnerablePlayer(Player):
    """A player that a zombie can infect; once infected it stays infected.

    >>> player = VulnerablePlayer()
    >>> player.is_infected()
    False
    >>> player.infect()
    >>> player.is_infected()
    True
    >>> player.infect()
    >>> player.is_infected()
    True
    """

    def __init__(self) -> None:
        """Make a player that is not infected."""
        super().__init__()
        self._infected = False

    def infect(self) -> None:
        """Infect this player."""
        self._infected = True

    def is_infected(self) -> bool:
        """Return True once this player has been infected."""
        return self._infected


class HoldingPlayer(VulnerablePlayer):
    """A vulnerable player with an inventory of pickups; garlic in it keeps infection away.

    >>> player = HoldingPlayer()
    >>> player.get_inventory().add_item(Garlic())
    >>> player.infect()
    >>> player.is_infected()
    False
    """

    def __init__(self) -> None:
        """Make an uninfected player holding nothing."""
        super().__init__()
        self._inventory = Inventory()

    def get_inventory(self) -> "Inventory":
        """Return this player's inventory (the object itself, not a copy)."""
        return self._inventory

    def infect(self) -> None:
        """Infect this player, unless it holds garlic."""
        if not self._inventory.contains(GARLIC):
            super().infect()

    def step(self, position: Position, game: "Game") -> None:
        """Age every item held by one step (items whose lifetime runs out are dropped).

        Parameters:
            position: where this player stood when the step event began.
            game: the game being played.
        """
        self._inventory.step()


class Hospital(Entity):
    """The square the player must reach to win.

    >>> hospital = Hospital()
    >>> repr(hospital)
    'Hospital()'
    >>> hospital.display()
    'H'
    """

    def display(self) -> str:
        """Return ``'H'``, the hospital's character."""
        return HOSPITAL


class Zombie(Entity):
    """A zombie that wanders at random, one square per step, infecting the player it runs into.

    The direction comes from ``random_directions()``, called exactly once per step, so seeded
    games replay exactly.
    """

    def step(self, position: Position, game: "Game") -> None:
        """Move one square in a random free direction, or infect the player met first.

        Parameters:
            position: where this zombie stood when the step event began.
            game: the game being played.
        """
        offsets = [Position(dx, dy) for dx, dy in random_directions()]
        self._advance(position, game, offsets)

    def display(self) -> str:
        """Return ``'Z'``, the zombie's character."""
        return ZOMBIE

    def _advance(self, position: Position, game: "Game", offsets: Sequence[Position]) -> None:
        """Try ``offsets`` in turn and act on the first one that leads anywhere.

        An offset onto an empty square in bounds moves this zombie there; one onto the player
        infects the player and the zombie stays; any other (off the grid, or onto another
        entity) is skipped. With no usable offset the zombie stays.

        Parameters:
            position: where this zombie stands.
            game: the game being played.
            offsets: the moves to try, most wanted first.
        """
        grid = game.get_grid()
        for offset in offsets:
            target = position.add(offset)
            if not grid.in_bounds(target):
                continue
            occupant = grid.get_entity(target)
            if occupant is None:
                grid.move_entity(position, target)
                return
            if occupant.display() == PLAYER:
                # Only a vulnerable player can catch it; a plain one just blocks the way.
                if isinstance(occupant, VulnerablePlayer):
                    occupant.infect()
                return


class TrackingZombie(Zombie):
    """A zombie that heads for the player instead of wandering; it never draws random numbers.

    Each step it orders the four offsets by the Manhattan distance from the square they lead
    to to the player, nearest first; equally near offsets keep the order left, down, up,
    right. It then acts on that order like any zombie.

    >>> grid = Grid(5)
    >>> grid.add_entity(Position(1, 1), TrackingZombie())
    >>> grid.add_entity(Position(2, 4), VulnerablePlayer())
    >>> game = Game(grid)
    >>> game.step()
    >>> grid.serialize()
    {(2, 4): 'P', (1, 2): 'T'}
    """

    def step(self, position: Position, game: "Game") -> None:
        """Move one square towards the player, or infect the player when next to it.

        With no player on the grid there is nothing to track, and the zombie stays.

        Parameters:
            position: where this zombie stood when the step event began.
            game: the game being played.
        """
        player_position = game.get_grid().find_player()
        if player_position is None:
            return
        offsets = [Position(dx, dy) for dx, dy in TRACKING_TIE_ORDER]
        # sort() is stable, so offsets at equal distance stay in the tie order.
        offsets.sort(key=lambda offset: position.add(offset).distance(player_position))
        self._advance(position, game, offsets)

    def display(self) -> str:
        """Return ``'T'``, the tracking zombie's character."""
        return TRACKING_ZOMBIE


class Pickup(Entity):
    """An item the player picks up by walking onto it; abstract, subclasses give durability.

    Its lifetime, the steps left before it disappears, starts at its durability.
    """

    def __init__(self) -> None:
        """Make an item with its whole lifetime ahead of it."""
        super().__init__()
        self._lifetime = self.get_durability()

    def get_durability(self) -> int:
        """Return how many steps the player can hold this kind of item.

        Raises:
            NotImplementedError: always, here; each kind of item has its own durability.
        """
        raise NotImplementedError

    def get_lifetime(self) -> int:
        """Return how many more steps this item lasts."""
        return self._lifetime

    def hold(self) -> None:
        """Use up one step of this item's lifetime."""
        self._lifetime -= 1

    def __repr__(self) -> str:
        """Return the item's kind and remaining lifetime, e.g. ``Garlic(10)``."""
        return f"{type(self).__name__}({self._lifetime})"


class Garlic(Pickup):
    """Garlic: while the player holds it, no zombie can infect them.

    >>> Garlic()
    Garlic(10)
    """

    def get_durability(self) -> int:
        """Return 10, the steps garlic lasts."""
        return LIFETIMES[GARLIC]

    def display(self) -> str:
        """Return ``'G'``, garlic's character."""
        return GARLIC


class Crossbow(Pickup):
    """A crossbow: while the player holds it, they can shoot the first zombie in a line.

    >>> Crossbow()
    Crossbow(5)
    """

    def get_durability(self) -> int:
        """Return 5, the steps a crossbow lasts."""
        return LIFETIMES[CROSSBOW]

    def display(self) -> str:
        """Return ``'C'``, the crossbow's character."""
        return CROSSBOW


class Inventory:
    """The pickups a player holds, in the order they were picked up.

    >>> crossbow = Crossbow()
    >>> garlic = Garlic()
    >>> inventory = Inventory()
    >>> inventory.get_items()
    []
    >>> inventory.add_item(crossbow)
    >>> inventory.add_item(garlic)
    >>> inventory.get_items()
    [Crossbow(5), Garlic(10)]
    >>> inventory.step()
    >>> inventory.step()
    >>> inventory.step()
    >>> inventory.get_items()
    [Crossbow(2), Garlic(7)]
    >>> inventory.step()
    >>> inventory.get_items()
    [Crossbow(1), Garlic(6)]
    >>> inventory.step()
    >>> inventory.get_items()
    [Garlic(5)]
    >>> for _ in range(30): inventory.step()
    >>> inventory.get_items()
    []
    """

    def __init__(self) -> None:
        """Make an empty inventory."""
        self._items: List[Pickup] = []

    def step(self) -> None:
        """Hold every item for one step, then drop the items whose lifetime has run out."""
        for item in self._items:
            item.hold()
        self._items = [item for item in self._items if item.get_lifetime() > 0]

    def add_item(self, item: Pickup) -> None:
        """Put ``item`` at the end of the inventory."""
        self._items.append(item)

    def get_items(self) -> List[Pickup]:
        """Return a new list of the items held; changing it leaves the inventory alone."""
        return list(self._items)

    def contains(self, pickup_id: str) -> bool:
        """Return True if an item held is shown by the character ``pickup_id``.

        >>> inventory = Inventory()
        >>> inventory.add_item(Garlic())
        >>> inventory.contains("C")
        False
        >>> inventory.contains("G")
        True
        """
        return any(item.display() == pickup_id for item in self._items)


# ---------------------------------------------------------------------------------------------
# 2. Grid
# ---------------------------------------------------------------------------------------------

class Grid:
    """A square board of ``size`` by ``size`` squares, each holding at most one entity.

    The grid remembers the order in which entities were added, and the step event follows
    that order. Replacing the entity on an occupied square keeps the square's place in the
    order; moving an entity takes it to the end.

    >>> grid = Grid(5)
    >>> grid.get_size()
    5
    >>> grid.in_bounds(Position(2, 2))
    True
    >>> grid.in_bounds(Position(0, 6))
    False
    >>> grid.get_entities()
    []
    >>> grid.add_entity(Position(2, 2), Hospital())
    >>> grid.get_entity(Position(2, 2))
    Hospital()
    >>> grid.get_entities()
    [Hospital()]
    >>> grid.serialize()
    {(2, 2): 'H'}
    """

    def __init__(self, size: int) -> None:
        """Make an empty grid ``size`` squares wide and high."""
        self._size = size
        self._entities: Dict[Position, Entity] = {}

    def get_size(self) -> int:
        """Return the width (and height) of the grid."""
        return self._size

    def in_bounds(self, position: Position) -> bool:
        """Return True if ``position`` is a square of this grid.

        >>> grid5 = Grid(5)
        >>> grid5.in_bounds(Position(0, 10))
        False
        >>> grid5.in_bounds(Position(0, 5))
        False
        >>> grid5.in_bounds(Position(0, 4))
        True
        >>> grid5.in_bounds(Position(-1, 4))
        False
        >>> grid10 = Grid(10)
        >>> grid10.in_bounds(Position(9, 8))
        True
        >>> grid10.in_bounds(Position(9, 10))
        False
        """
        return 0 <= position.get_x() < self._size and 0 <= position.get_y() < self._size

    def add_entity(self, position: Position, entity: Entity) -> None:
        """Put ``entity`` at ``position``, replacing what was there; ignore squares off the grid.

        >>> grid = Grid(4)
        >>> grid.add_entity(Position(0, 0), Player())
        >>> grid.get_entity(Position(0, 0))
        Player()
        >>> grid.add_entity(Position(0, 0), Hospital())
        >>> grid.get_entity(Position(0, 0))
        Hospital()
        >>> grid.add_entity(Position(-1, 0), Player())
        >>> grid.get_entity(Position(-1, 0))
        """
        if self.in_bounds(position):
            self._entities[position] = entity

    def remove_entity(self, position: Position) -> None:
        """Remove the entity at ``position``, if there is one.

        >>> grid = Grid(4)
        >>> grid.add_entity(Position(0, 0), Player())
        >>> grid.get_entity(Position(0, 0))
        Player()
        >>> grid.remove_entity(Position(0, 0))
        >>> grid.get_entity(Position(0, 0))
        """
        self._entities.pop(position, None)

    def get_entity(self, position: Position) -> Optional[Entity]:
        """Return the entity at ``position``, or None for an empty square or one off the grid."""
        return self._entities.get(position)

    def get_mapping(self) -> Dict[Position, Entity]:
        """Return a new dictionary from each occupied position to its entity, in step order.

        >>> grid = Grid(4)
        >>> grid.add_entity(Position(0, 0), Player())
        >>> grid.add_entity(Position(3, 3), Hospital())
        >>> grid.get_mapping()
        {Position(0, 0): Player(), Position(3, 3): Hospital()}
        """
        return dict(self._entities)

    def get_entities(self) -> List[Entity]:
        """Return a new list of the entities on the grid, in step order.

        >>> grid = Grid(5)
        >>> grid.add_entity(Position(0, 0), Hospital())
        >>> grid.add_entity(Position(0, 1), Player())
        >>> grid.add_entity(Position(2, 2), Hospital())
        >>> grid.add_entity(Position(4, 4), Hospital())
        >>> grid.get_entities()
        [Hospital(), Player(), Hospital(), Hospital()]
        """
        return list(self._entities.values())

    def move_entity(self, start: Position, end: Position) -> None:
        """Move the entity at ``start`` to ``end``, replacing whatever stood at ``end``.

        Nothing happens when either square is off the grid or ``start`` is empty. Moving an
        entity onto its own square keeps it there.

        Parameters:
            start: the square the entity leaves.
            end: the square it moves to.

        >>> grid = Grid(10)
        >>> grid.add_entity(Position(1, 2), Player())
        >>> grid.move_entity(Position(1, 2), Position(3, 5))
        >>> grid.get_entity(Position(1, 2))
        >>> grid.get_entity(Position(3, 5))
        Player()
        >>> grid.move_entity(Position(3, 5), Position(3, 5))
        >>> grid.get_entity(Position(3, 5))
        Player()
        """
        entity = self.get_entity(start)
        if entity is None or not self.in_bounds(end):
            return
        # Removing first, then adding, is what makes a move onto the same square harmless.
        self.remove_entity(start)
        self.add_entity(end, entity)

    def find_player(self) -> Optional[Position]:
        """Return the position of the player (the first one, if there are several), or None.

        >>> grid = Grid(10)
        >>> grid.add_entity(Position(4, 6), Player())
        >>> grid.find_player()
        Position(4, 6)
        """
        for position, entity in self._entities.items():
            if entity.display() == PLAYER:
                return position
        return None

    def first_along(self, start: Position, offset: Position) -> Optional[Position]:
        """Return the nearest occupied square beyond ``start`` in steps of ``offset``.

        Parameters:
            start: the square the line starts from; its own entity does not count.
            offset: the step between squares of the line (not ``Position(0, 0)``).

        Returns:
            The first occupied square on the line, or None if the line leaves the grid first.

        >>> grid = Grid(5)
        >>> grid.add_entity(Position(0, 3), Zombie())
        >>> grid.first_along(Position(0, 0), Position(0, 1))
        Position(0, 3)
        >>> grid.first_along(Position(0, 0), Position(1, 0))
        """
        square = start.add(offset)
        while self.in_bounds(square):
            if self.get_entity(square) is not None:
                return square
            square = square.add(offset)
        return None

    def serialize(self) -> Dict[Tuple[int, int], str]:
        """Return a new dictionary from each occupied ``(x, y)`` to its entity's character.

        >>> grid = Grid(50)
        >>> grid.add_entity(Position(3, 8), Player())
        >>> grid.add_entity(Position(3, 20), Hospital())
        >>> grid.serialize()
        {(3, 8): 'P', (3, 20): 'H'}
        """
        return {(position.get_x(), position.get_y()): entity.display()
                for position, entity in self._entities.items()}


# ---------------------------------------------------------------------------------------------
# 3. Map loaders
# ---------------------------------------------------------------------------------------------

class MapLoader:
    """Turns a map file into a grid; abstract, subclasses say which characters they know."""

    def load(self, filename: str) -> Grid:
        """Read the map file ``filename`` and return a new grid holding its entities.

        Entities are added line by line, left to right, which is also their step order.

        Raises:
            OSError: if the file cannot be read.
            ValueError: for a character this loader does not know, or one lying outside
                the square (a line longer than the map has lines); the message says where.

        >>> AdvancedMapLoader().load("maps/basic.txt").serialize()
        {(0, 1): 'P', (4, 4): 'H'}
        """
        tokens, size = load_map(filename)
        grid = Grid(size)
        for (x, y), token in tokens.items():
            position = Position(x, y)
            where = f"line {y + 1}, column {x + 1}"
            if not grid.in_bounds(position):
                raise ValueError(f"{token!r} at {where} lies outside the {size} by {size} map")
            try:
                entity = self.create_entity(token)
            except ValueError as err:
                raise ValueError(f"unknown entity {token!r} at {where}") from err
            grid.add_entity(position, entity)
        return grid

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for the map character ``token``.

        Raises:
            NotImplementedError: always, here; subclasses know the characters.
        """
        raise NotImplementedError


class BasicMapLoader(MapLoader):
    """Loads maps of the basic game: a player and a hospital.

    >>> BasicMapLoader().create_entity("P")
    Player()
    """

    def create_entity(self, token: str) -> Entity:
        """Return a new entity for the map character ``token``.

        Raises:
            ValueError: if this loader does not know ``token``.
        """
        entity_class = self._entity_classes().get(token)
        if entity_class is None:
            raise ValueError(f"unknown entity {token!r}")
        return entity_class()

    def _entity_classes(self) -> Dict[str, Type[Entity]]:
        """Return a new table from each map character this loader knows to its entity class."""
        return {PLAYER: Player, HOSPITAL: Hospital}


class IntermediateMapLoader(BasicMapLoader):
    """Loads maps with zombies; the player becomes a ``VulnerablePlayer``.

    >>> IntermediateMapLoader().create_entity("P")
    VulnerablePlayer()
    """

    def _entity_classes(self) -> Dict[str, Type[Entity]]:
        """Return the basic table, with a vulnerable player and the zombie added."""
        classes = super()._entity_classes()
        classes.update({PLAYER: VulnerablePlayer, ZOMBIE: Zombie})
        return classes


class AdvancedMapLoader(IntermediateMapLoader):
    """Loads maps with tracking zombies, garlic and crossbows; the player is a ``HoldingPlayer``.

    >>> [AdvancedMapLoader().create_entity(token) for token in "PTGC"]
    [HoldingPlayer(), TrackingZombie(), Garlic(10), Crossbow(5)]
    """

    def _entity_classes(self) -> Dict[str, Type[Entity]]:
        """Return the intermediate table, with a holding player and the task 3 entities added."""
        classes = super()._entity_classes()
        classes.update({PLAYER: HoldingPlayer, TRACKING_ZOMBIE: TrackingZombie,
                        GARLIC: Garlic, CROSSBOW: Crossbow})
        return classes


# ---------------------------------------------------------------------------------------------
# 4. Games
# ---------------------------------------------------------------------------------------------

class Game:
    """The basic game's rules: the player walks the grid and wins by reaching the hospital.

    The grid must hold a player.
    """

    def __init__(self, grid: Grid) -> None:
        """Start a game on ``grid``, with no steps taken."""
        self._grid = grid
        self._steps = 0

    def get_grid(self) -> Grid:
        """Return the grid this game is played on."""
        return self._grid

    def get_player(self) -> Optional[Player]:
        """Return the player on the grid, or None if there is none."""
        position = self._grid.find_player()
        return None if position is None else self._grid.get_entity(position)

    def step(self) -> None:
        """Run the step event: every entity steps once, then the step is counted.

        Entities step in the grid's order, each with the position it held when the event
        began: the order and positions are read once, before anyone moves, so an entity that
        moves during the event is not stepped twice.
        """
        for position, entity in self._grid.get_mapping().items():
            entity.step(position, self)
        self._steps += 1

    def get_steps(self) -> int:
        """Return how many step events have run."""
        return self._steps

    def move_player(self, offset: Position) -> None:
        """Move the player by ``offset``, taking over whatever stands there.

        Nothing happens when the move would leave the grid or there is no player.
        """
        start = self._grid.find_player()
        if start is not None:
            self._grid.move_entity(start, start.add(offset))

    def direction_to_offset(self, direction: str) -> Optional[Position]:
        """Return the offset of the movement key ``direction``, or None for any other string.

        >>> game = Game(Grid(5))
        >>> game.direction_to_offset("W")
        Position(0, -1)
        >>> game.direction_to_offset("S")
        Position(0, 1)
        >>> game.direction_to_offset("A")
        Position(-1, 0)
        >>> game.direction_to_offset("D")
        Position(1, 0)
        >>> game.direction_to_offset("N")
        >>> game.direction_to_offset("that way!")
        """
        offset = DIRECTION_OFFSETS.get(direction)
        return None if offset is None else Position(*offset)

    def has_won(self) -> bool:
        """Return True once no hospital is left on the grid (the player has walked onto it)."""
        return HOSPITAL not in self._grid.serialize().values()

    def has_lost(self) -> bool:
        """Return False: nothing can beat the player in the basic game."""
        return False


class IntermediateGame(Game):
    """The game with zombies: the player loses once infected."""

    def has_lost(self) -> bool:
        """Return True if the player has been infected."""
        player = self.get_player()
        return player is not None and player.is_infected()


class AdvancedGame(IntermediateGame):
    """The game with pickups: walking onto one puts it into the player's inventory."""

    def move_player(self, offset: Position) -> None:
        """Move the player by ``offset``; a pickup on the target square goes to the inventory.

        Nothing happens when the move would leave the grid or there is no player.
        """
        start = self.get_grid().find_player()
        if start is not None:
            target = self.get_grid().get_entity(start.add(offset))
            if target is not None and target.display() in PICKUP_ITEMS:
                self.get_player().get_inventory().add_item(target)
        super().move_player(offset)

    def fire(self, offset: Position) -> bool:
        """Shoot a crossbow bolt from the player along ``offset``; return whether it hit.

        The bolt stops at the first entity of any kind, so a zombie behind it is safe; a
        zombie it hits is removed from the grid.

        Parameters:
            offset: the direction of the shot, one square's step.
        """
        grid = self.get_grid()
        target = grid.first_along(grid.find_player(), offset)
        if target is None or grid.get_entity(target).display() not in ZOMBIES:
            return False
        grid.remove_entity(target)
        return True


# ---------------------------------------------------------------------------------------------
# 5. Text interfaces
# ---------------------------------------------------------------------------------------------

class TextInterface(GameInterface):
    """Plays a game on the terminal: prints the grid and reads the user's actions."""

    def __init__(self, size: int) -> None:
        """Make an interface for games on a grid ``size`` squares wide."""
        self._size = size

    def draw(self, game: Game) -> None:
        """Print the game's grid inside a border of ``#``.

        >>> grid = Grid(4)
        >>> grid.add_entity(Position(2, 2), Player())
        >>> game = Game(grid)
        >>> interface = TextInterface(4)
        >>> interface.draw(game)
        ######
        #    #
        #    #
        #  P #
        #    #
        ######
        """
        cells = game.get_grid().serialize()
        border = BORDER * (self._size + 2)
        print(border)
        for y in range(self._size):
            row = "".join(cells.get((x, y), EMPTY_CELL) for x in range(self._size))
            print(BORDER + row + BORDER)
        print(border)

    def play(self, game: Game) -> None:
        """Run the game loop until the game is over, then print how it ended.

        Each turn reads one action, carries it out (every action, even an invalid one,
        triggers one step event) and checks for a win, then a loss; if neither, the grid is
        drawn again. Nothing is read or printed after the final message.
        """
        self.draw(game)
        while True:
            self.handle_action(game, input(ACTION_PROMPT))
            ending = self._ending(game)
            if ending is not None:
                print(ending)
                return
            self.draw(game)

    def handle_action(self, game: Game, action: str) -> None:
        """Carry out ``action``: move the player for a movement key, then run one step event.

        Any other action moves nothing, but the step event still runs.

        Parameters:
            game: the game being played.
            action: what the user typed.
        """
        offset = game.direction_to_offset(action)
        if offset is not None:
            game.move_player(offset)
        game.step()

    def _ending(self, game: Game) -> Optional[str]:
        """Return the final message once ``game`` is over (a win counts first), else None."""
        if game.has_won():
            return WIN_MESSAGE
        if game.has_lost():
            return LOSE_MESSAGE
        return None


class AdvancedTextInterface(TextInterface):
    """The text interface of the advanced game: it lists the inventory and lets the player fire.

    >>> grid = Grid(4)
    >>> grid.add_entity(Position(2, 2), HoldingPlayer())
    >>> game = Game(grid)
    >>> interface = AdvancedTextInterface(4)
    >>> interface.draw(game)
    ######
    #    #
    #    #
    #  P #
    #    #
    ######
    >>> game.get_player().get_inventory().add_item(Garlic())
    >>> game.get_player().get_inventory().add_item(Crossbow())
    >>> interface.draw(game)
    ######
    #    #
    #    #
    #  P #
    #    #
    ######
    The player is currently holding:
    Garlic(10)
    Crossbow(5)
    """

    def draw(self, game: Game) -> None:
        """Print the grid inside its border, then the items the player holds, if any."""
        super().draw(game)
        player = game.get_player()
        items = player.get_inventory().get_items() if isinstance(player, HoldingPlayer) else []
        if items:
            print(HOLDING_MESSAGE)
            for item in items:
                print(repr(item))

    def handle_action(self, game: Game, action: str) -> None:
        """Carry out ``action`` as the basic interface does, with ``F`` (fire) added.

        Firing needs a crossbow and asks for a direction; the shot removes the first entity
        along that line if it is a zombie. Every outcome prints its message, if it has one,
        and then one step event runs.

        Parameters:
            game: the game being played.
            action: what the user typed.
        """
        if action != FIRE:
            super().handle_action(game, action)
            return
        self._fire(game)
        game.step()

    def _fire(self, game: "AdvancedGame") -> None:
        """Ask for a direction and fire the crossbow there, printing what went wrong.

        Parameters:
            game: the game being played; its player is a ``HoldingPlayer``.
        """
        if not self._inventory(game).contains(CROSSBOW):
            print(NO_WEAPON_MESSAGE)
            return
        offset = game.direction_to_offset(input(FIRE_PROMPT))
        if offset is None:
            print(INVALID_FIRING_MESSAGE)
        elif not game.fire(offset):
            print(NO_ZOMBIE_MESSAGE)

    def _inventory(self, game: Game) -> Inventory:
        """Return the inventory of the game's player (a ``HoldingPlayer``)."""
        return game.get_player().get_inventory()


# ---------------------------------------------------------------------------------------------
# 6. main (its handling of bad maps and ended input goes beyond the spec)
# ---------------------------------------------------------------------------------------------

class MapError(Exception):
    """A map file that cannot be played; the message names the file and the problem."""


def load_playable_grid(filename: str) -> Grid:
    """Load the map ``filename`` for the advanced game and check that it can be played.

    Returns:
        The grid, holding exactly one player and one hospital.

    Raises:
        MapError: if the file cannot be read, holds an unknown character or one outside
            the square, or does not have exactly one player and one hospital.
    """
    try:
        grid = AdvancedMapLoader().load(filename)
    except OSError as err:
        raise MapError(MAP_ERROR.format(filename=filename, problem=err.strerror or err)) from err
    except ValueError as err:
        raise MapError(MAP_ERROR.format(filename=filename, problem=err)) from err
    tokens = list(grid.serialize().values())
    for token, name in ((PLAYER, "player"), (HOSPITAL, "hospital")):
        if tokens.count(token) != 1:
            problem = f"expected one {name} ({token!r}), found {tokens.count(token)}"
            raise MapError(MAP_ERROR.format(filename=filename, problem=problem))
    return grid


def main(map_file: Optional[str] = None) -> int:
    """Play End of DayZ on a map file, the advanced game with its text interface.

    The spec's ``main`` asks for a map and plays it; what it does with a bad map or ended
    input goes beyond the spec (which says invalid maps need not be handled), so that a
    person who mistypes a file name gets one line instead of a traceback.

    Parameters:
        map_file: the map to play; None asks for it with the prompt ``Map: ``.

    Returns:
        The exit status: 0 after a game, 1 for a map that cannot be played or input that
        ended early (a one-line message on standard error says which), 130 when
        interrupted with Ctrl-C.
    """
    try:
        if map_file is None:
            try:
                map_file = input(MAP_PROMPT)
            except EOFError:
                print(NO_MAP_ERROR, file=sys.stderr)
                return EXIT_FAILURE
        grid = load_playable_grid(map_file)
        AdvancedTextInterface(grid.get_size()).play(AdvancedGame(grid))
    except MapError as err:
        print(err, file=sys.stderr)
        return EXIT_FAILURE
    except EOFError:
        print(INPUT_ENDED_ERROR, file=sys.stderr)
        return EXIT_FAILURE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    return EXIT_OK


def run_command_line(argv: List[str]) -> int:
    """Run ``main`` for the command line ``argv``: an optional map file, else the prompt.

    ``-h`` or ``--help`` prints the usage line instead of playing (rather than taking the
    option for the name of a map).

    Returns:
        The exit status of ``main``; 0 after the usage line asked for by ``-h``/``--help``;
        2 with the usage line on standard error when more than one argument is given.
    """
    usage = USAGE.format(program=os.path.basename(argv[0]))
    if len(argv) > 2:
        print(usage, file=sys.stderr)
        return EXIT_USAGE
    if len(argv) == 2 and argv[1] in HELP_OPTIONS:
        print(usage)
        return EXIT_OK
    return main(argv[1] if len(argv) == 2 else None)


if __name__ == "__main__":
    sys.exit(run_command_line(sys.argv))
