"""World.py: the Ultima 0 world, a grid of Tiles with the Avatar, lit by the Avatar's torch.

Author: the Game assignments project (reference solution, for students to read).
Credits: the CSCI 136 "Ultima 0" assignment (its map format, tile codes and test mains);
StdDraw is the Princeton booksite's drawing module. Class: World.

Reference solution for CSCI 136 "Ultima 0". World reads a map file, handles the keys that
Ultima.py passes on (w a s d move, + and - change the torch), and draws everything. Its heart is
the torch: ``light`` darkens every tile and then ``lightDFS``, a recursive depth-first search,
spreads light from the avatar to every tile the torch can reach.

Map file: line 1 ``width height``; line 2 ``x y``, the avatar's start; then ``height`` lines of
``width`` tile codes. The first tile line is the TOP row, so tile line i holds y = height-1-i
and (0, 0) is the lower-left tile, as on the canvas.

Running ``python World.py MAP`` prints how many tiles the torch lights at the start, then shows
the world.

>>> world = World("10x5.txt")
>>> world.light(3, 1, 4.0)
23
>>> world.light(1, 1, 2.0)   # (1, 1) is forest: lit, but the light goes no further
1
"""

import math
import sys
from typing import List, Optional, Sequence, Tuple

import StdDraw
from Avatar import Avatar
from Tile import Tile

# Keys and what they do.
MOVES = {"w": (0, 1), "s": (0, -1), "a": (-1, 0), "d": (1, 0)}
INCREASE_TORCH_KEY = "+"
DECREASE_TORCH_KEY = "-"
# The light spreads to these neighbours: north, south, east, west, never diagonally.
NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0))

# Map file layout: line numbers of the two header lines, and the first tile line.
SIZE_LINE = 1
START_LINE = 2
FIRST_ROW_LINE = 3

# Command line.
USAGE = "usage: python World.py MAP"
LIGHT_REPORT = "light(%d, %d, %.1f) = %d"
ERROR_LINE = "error: %s"
EXIT_BAD_INPUT = 1
EXIT_USAGE = 2
# The shell's status for a program stopped with Ctrl-C (128 + SIGINT).
EXIT_INTERRUPTED = 130


class MapError(ValueError):
    """A map file that cannot be read or does not describe a world; the message says where."""


class World:
    """The map of Tiles, the Avatar on it, and the torch light around the Avatar."""

    def __init__(self, filename: str) -> None:
        """Load the tiles and the avatar from the map file ``filename``, then light the torch.

        Raises:
            MapError: the file cannot be read, or its contents are malformed.
        """
        lines = _read_lines(filename)
        self._width, self._height = _parse_pair(lines, SIZE_LINE, "the map size 'width height'",
                                                filename)
        if self._width < 1 or self._height < 1:
            raise MapError(f"{filename}, line {SIZE_LINE}: the map size must be positive, got "
                           f"{self._width}x{self._height}")
        start_x, start_y = _parse_pair(lines, START_LINE, "the start position 'x y'", filename)
        if not self._onMap(start_x, start_y):
            raise MapError(f"{filename}, line {START_LINE}: start ({start_x}, {start_y}) is "
                           f"outside the {self._width}x{self._height} map")
        self._tiles = self._parseTiles(lines, filename)
        self._avatar = Avatar(start_x, start_y)
        self._canvas_ready = False
        self._relight()

    def handleKey(self, ch: str) -> None:
        """Act on key ``ch``: w/s/a/d move north/south/west/east, + and - change the torch.

        A move onto water, mountains, a wall or off the map does nothing; other keys are
        ignored. After every key the torch light is worked out afresh.
        """
        if ch in MOVES:
            self._move(*MOVES[ch])
        elif ch == INCREASE_TORCH_KEY:
            self._avatar.increaseTorch()
        elif ch == DECREASE_TORCH_KEY:
            self._avatar.decreaseTorch()
        else:
            return
        self._relight()

    def draw(self) -> None:
        """Draw every tile and then the avatar over its tile.

        The first call sizes the canvas to the map: Tile.SIZE pixels per tile, with the x and y
        scales in pixels, so that tile (x, y) is centred at Tile.pixelCentre(x, y).
        """
        if not self._canvas_ready:
            StdDraw.setCanvasSize(self._width * Tile.SIZE, self._height * Tile.SIZE)
            StdDraw.setXscale(0, self._width * Tile.SIZE)
            StdDraw.setYscale(0, self._height * Tile.SIZE)
            self._canvas_ready = True
        for x in range(self._width):
            for y in range(self._height):
                self._tiles[x][y].draw(x, y)
        self._avatar.draw()

    def light(self, x: int, y: int, r: float) -> int:
        """Light the tiles a torch of radius ``r`` at (x, y) reaches; return how many it lit.

        Every tile is made dark first; then lightDFS spreads the light from (x, y). The
        recursion goes about as deep as the number of tiles lit: Python's default limit (1000
        levels) holds for the course's maps, and Ultima.py makes room for bigger ones.
        """
        for column in self._tiles:
            for tile in column:
                tile.setLit(False)
        return self.lightDFS(x, y, x, y, r)

    def lightDFS(self, x: int, y: int, currX: int, currY: int, r: float) -> int:
        """Light (currX, currY) if the torch at (x, y) reaches it, then spread to its neighbours.

        A depth-first search in which a tile's lit flag marks it visited. Base cases, each
        lighting nothing: (1) the position is off the map; (2) its tile is already lit; (3) it
        is outside the torch, at distance >= r from (x, y). Otherwise the tile is lit, and then
        (4) an opaque tile stops the search: it is seen, but light does not pass it. Case 3 is
        tested before case 4 so that an opaque tile beyond the torch stays dark.

        Returns:
            The number of tiles this call and the calls it makes lit.
        """
        if not self._onMap(currX, currY):
            return 0
        tile = self._tiles[currX][currY]
        if tile.getLit():
            return 0
        if math.hypot(currX - x, currY - y) >= r:
            return 0
        tile.setLit(True)
        if tile.isOpaque():
            return 1
        lit = 1
        for dx, dy in NEIGHBOURS:
            # The recursive step: each neighbour is lit by the same torch at (x, y).
            lit += self.lightDFS(x, y, currX + dx, currY + dy, r)
        return lit

    def getAvatar(self) -> Avatar:
        """Return the avatar."""
        return self._avatar

    def _onMap(self, x: int, y: int) -> bool:
        """Return True if (x, y) is the index of a tile of this map."""
        return 0 <= x < self._width and 0 <= y < self._height

    def _move(self, dx: int, dy: int) -> None:
        """Move the avatar by (dx, dy) if that tile exists and is passable."""
        x, y = self._avatar.getX() + dx, self._avatar.getY() + dy
        if self._onMap(x, y) and self._tiles[x][y].isPassable():
            self._avatar.setLocation(x, y)

    def _relight(self) -> int:
        """Light the map from the avatar's position with its torch; return the tiles lit."""
        avatar = self._avatar
        return self.light(avatar.getX(), avatar.getY(), avatar.getTorchRadius())

    def _parseTiles(self, lines: Sequence[str], filename: str) -> List[List[Tile]]:
        """Build the tile grid from the map's tile lines, indexed [x][y], y = 0 at the bottom.

        Raises:
            MapError: rows are missing, short, long or followed by extra text, or a code is
                unknown.
        """
        rows = lines[FIRST_ROW_LINE - 1:]
        while rows and not rows[-1].strip():
            rows = rows[:-1]
        if len(rows) < self._height:
            raise MapError(f"{filename}, line {FIRST_ROW_LINE + len(rows)}: expected "
                           f"{self._height} rows of tiles, the file ends after {len(rows)}")
        if len(rows) > self._height:
            raise MapError(f"{filename}, line {FIRST_ROW_LINE + self._height}: unexpected text "
                           f"after the {self._height} rows of tiles")
        tiles: List[List[Optional[Tile]]] = [[None] * self._height for _ in range(self._width)]
        for i, row in enumerate(rows):
            line_number = FIRST_ROW_LINE + i
            codes = row.split()
            if len(codes) != self._width:
                raise MapError(f"{filename}, line {line_number}: expected {self._width} tile "
                               f"codes, found {len(codes)}")
            for x, code in enumerate(codes):
                try:
                    tiles[x][self._height - 1 - i] = Tile(code)
                except ValueError as err:
                    raise MapError(f"{filename}, line {line_number}: {err} in column "
                                   f"{x + 1}") from err
        return tiles


def _read_lines(filename: str) -> List[str]:
    """Return the lines of a text file (any line endings); raise MapError if unreadable."""
    try:
        with open(filename, encoding="utf-8") as handle:
            return handle.read().splitlines()
    except OSError as err:
        raise MapError(f"{filename}: cannot read the map file ({err.strerror})") from err
    except UnicodeDecodeError as err:
        raise MapError(f"{filename}: not a text map file ({err.reason})") from err


def _parse_pair(lines: Sequence[str], number: int, what: str, filename: str) -> Tuple[int, int]:
    """Return the two integers on line ``number`` (1-based); raise MapError naming ``what``."""
    text = lines[number - 1] if number <= len(lines) else ""
    parts = text.split()
    try:
        # int() itself decides what a whole number is ("+10" is one, "--3" and "10²" not).
        numbers = [int(part) for part in parts]
    except ValueError:
        numbers = []
    if len(numbers) != 2:
        raise MapError(f"{filename}, line {number}: expected {what}, found {text.strip()!r}")
    return numbers[0], numbers[1]


def report_error(err: Exception) -> int:
    """Print ``err`` as a one-line error message on stderr; return the bad-input exit status."""
    print(ERROR_LINE % err, file=sys.stderr)
    return EXIT_BAD_INPUT


def main(argv: Optional[List[str]] = None) -> int:
    """Load the map named on the command line, print the start's light count and show it."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return EXIT_USAGE
    try:
        world = World(args[0])
    except MapError as err:
        return report_error(err)
    avatar = world.getAvatar()
    x, y, r = avatar.getX(), avatar.getY(), avatar.getTorchRadius()
    print(LIGHT_REPORT % (x, y, r, world.light(x, y, r)))
    try:
        world.draw()
        StdDraw.show()
    except (OSError, ImportError) as err:
        return report_error(err)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return 0


if __name__ == "__main__":
    sys.exit(main())
