"""The Ultima 0 rules as the grader knows them, and readers for what the sandbox reports.

Every expected value of the Ultima suite is computed here, in the trusted process, from the spec
and CLARIFICATIONS.md: map files, torch light, keys, where tiles are drawn. Submission code is
never imported; the checks run it in the sandbox and compare what comes back with this model.

    map text --WorldMap.parse--> WorldMap --lit_tiles / play--> expected tiles, states
    child report (draw-log pictures) --read_pictures / tile_at--> observed tiles
"""

import math
from dataclasses import dataclass
from typing import AbstractSet, Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from autograder import PROJECT_ROOT, StudentCrashed, StudentTimedOut, WrongOutput
from autograder.sandbox import Fault, RunResult

__all__ = [
    "AVATAR_IMAGE", "BLANK_IMAGE", "COURSE_MAPS", "MIN_TORCH", "OPAQUE_CODES", "PASSABLE_CODES",
    "START_TORCH", "TILE_CODES", "TILE_IMAGES", "TILE_SIZE", "Picture", "State", "WorldMap",
    "centre", "course_map", "describe_tiles", "lit_tiles", "play", "read_pictures",
    "require_clean_run", "tile_at",
]

# The course maps, as the grader also copies them next to every submission.
COURSE_MAPS_DIR = PROJECT_ROOT / "ultima"
COURSE_MAPS = ("10x5.txt", "30x20.txt", "Hawaii.txt")
TILE_SIZE = 16  # pixels per side of a tile
TILE_CODES = "BLWFGMS"  # the spec's table order
OPAQUE_CODES = frozenset("FMS")
PASSABLE_CODES = frozenset("BLFG")
TILE_IMAGES = {"B": "brickfloor.gif", "L": "lava.gif", "W": "water.gif", "F": "forest.gif",
               "G": "grasslands.gif", "M": "mountains.gif", "S": "stonewall.gif"}
BLANK_IMAGE = "blank.gif"
AVATAR_IMAGE = "avatar.gif"
START_TORCH = 4.0
TORCH_STEP = 0.5
MIN_TORCH = 2.0
MOVES = {"w": (0, 1), "s": (0, -1), "a": (-1, 0), "d": (1, 0)}
INCREASE_KEY = "+"
DECREASE_KEY = "-"
NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0))
# Pixel positions come back rounded to 3 decimals; a tile's edge computed through the
# submission's own scales may land a hair below it.
PIXEL_SLACK = 1e-3
# Failure messages list at most this many tiles, and quote this much of a run's stderr.
TILES_SHOWN = 8
STDERR_TAIL_CHARS = 1500

Tile = Tuple[int, int]


@dataclass(frozen=True)
class WorldMap:
    """A map file's contents: size, the avatar's start and the tile codes, indexed [x][y].

    Attributes:
        width, height: the size in tiles.
        start: the avatar's start (x, y).
        columns: ``columns[x][y]`` is the code of tile (x, y); y = 0 is the bottom row.
    """

    width: int
    height: int
    start: Tile
    columns: Tuple[Tuple[str, ...], ...]

    @classmethod
    def from_rows(cls, rows: Sequence[str], start: Tile) -> "WorldMap":
        """Return the map whose rows, TOP row first, are ``rows`` (one code per character)."""
        height, width = len(rows), len(rows[0])
        columns = tuple(tuple(rows[height - 1 - y][x] for y in range(height))
                        for x in range(width))
        return cls(width, height, start, columns)

    @classmethod
    def parse(cls, text: str) -> "WorldMap":
        """Return the map in map-file ``text`` (any line endings and spacing).

        Raises:
            ValueError: the text is not a well-formed map (a broken suite file, never a
                submission's fault).
        """
        lines = text.splitlines()
        width, height = (int(word) for word in lines[0].split())
        start = tuple(int(word) for word in lines[1].split())
        rows = ["".join(line.split()) for line in lines[2:2 + height]]
        if len(rows) != height or any(len(row) != width for row in rows):
            raise ValueError(f"malformed map: expected {height} rows of {width} codes")
        return cls.from_rows(rows, (start[0], start[1]))

    def text(self) -> str:
        """Return the map as a map file: size, start, then the rows top first."""
        rows = [" ".join(self.columns[x][y] for x in range(self.width))
                for y in reversed(range(self.height))]
        return "\n".join([f"{self.width} {self.height}", f"{self.start[0]} {self.start[1]}",
                          *rows]) + "\n"

    def on_map(self, x: int, y: int) -> bool:
        """Return True if (x, y) is a tile of this map."""
        return 0 <= x < self.width and 0 <= y < self.height

    def tiles(self) -> FrozenSet[Tile]:
        """Return every tile position of the map."""
        return frozenset((x, y) for x in range(self.width) for y in range(self.height))


def course_map(name: str) -> WorldMap:
    """Return the course map file ``name`` (``10x5.txt``, ``30x20.txt``, ``Hawaii.txt``)."""
    return WorldMap.parse((COURSE_MAPS_DIR / name).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class State:
    """The game after a key: where the avatar stands, its torch, and the tiles lit."""

    avatar: Tile
    torch: float
    lit: FrozenSet[Tile]


def lit_tiles(world_map: WorldMap, x: int, y: int, radius: float,
              opaque: AbstractSet[str] = OPAQUE_CODES) -> FrozenSet[Tile]:
    """Return the tiles a torch of ``radius`` at (x, y) lights: the spec's depth-first search.

    A tile is lit when it is on the map, closer than ``radius`` to (x, y), and reached through
    north/south/east/west steps over transparent tiles; an opaque tile (its code in
    ``opaque``) is lit but stops the light. Written with an explicit stack so that the grader
    never recurses deeply itself.
    """
    lit = set()
    stack = [(x, y)]
    while stack:
        cx, cy = stack.pop()
        if (not world_map.on_map(cx, cy) or (cx, cy) in lit
                or math.hypot(cx - x, cy - y) >= radius):
            continue
        lit.add((cx, cy))
        if world_map.columns[cx][cy] not in opaque:
            stack.extend((cx + dx, cy + dy) for dx, dy in NEIGHBOURS)
    return frozenset(lit)


def play(world_map: WorldMap, keys: str,
         passable: AbstractSet[str] = PASSABLE_CODES) -> List[State]:
    """Return the game's state at the start and after each key of ``keys``.

    w/s/a/d move north/south/west/east unless the tile there is off the map or impassable
    (its code not in ``passable``); + and - change the torch by 0.5, never below 2.0; other
    keys change nothing. The light is worked out afresh after every key.
    """
    (x, y), torch = world_map.start, START_TORCH
    states = [State((x, y), torch, lit_tiles(world_map, x, y, torch))]
    for key in keys:
        if key in MOVES:
            nx, ny = x + MOVES[key][0], y + MOVES[key][1]
            if world_map.on_map(nx, ny) and world_map.columns[nx][ny] in passable:
                x, y = nx, ny
        elif key == INCREASE_KEY:
            torch += TORCH_STEP
        elif key == DECREASE_KEY:
            torch = max(MIN_TORCH, torch - TORCH_STEP)
        states.append(State((x, y), torch, lit_tiles(world_map, x, y, torch)))
    return states


def centre(x: int, y: int) -> Tuple[float, float]:
    """Return the canvas pixel position of the centre of tile (x, y), y up."""
    return (x + 0.5) * TILE_SIZE, (y + 0.5) * TILE_SIZE


def tile_at(px: float, py: float) -> Tile:
    """Return the tile containing canvas pixel (px, py); a tile's lower-left corner counts."""
    return (math.floor(px / TILE_SIZE + PIXEL_SLACK), math.floor(py / TILE_SIZE + PIXEL_SLACK))


@dataclass(frozen=True)
class Picture:
    """One ``StdDraw.picture`` call from the draw log: the image's file name and centre."""

    file: str
    x: float
    y: float

    @property
    def tile(self) -> Tile:
        """Return the tile this picture was drawn on."""
        return tile_at(self.x, self.y)


def read_pictures(value: Any) -> List[Picture]:
    """Return the pictures in a child's report, a list of ``[file, x, y]``.

    Raises:
        WrongOutput: the report does not have that shape (the submission interfered with
            the drawing module).
    """
    if not isinstance(value, list):
        raise WrongOutput(f"the drawing could not be observed (got {type(value).__name__})")
    pictures = []
    for entry in value:
        if (not isinstance(entry, list) or len(entry) != 3 or not isinstance(entry[0], str)
                or not all(isinstance(n, (int, float)) for n in entry[1:])):
            raise WrongOutput(f"the drawing could not be observed (a record {entry!r})")
        pictures.append(Picture(entry[0], float(entry[1]), float(entry[2])))
    return pictures


def observe_drawing(pictures: List[Picture]) -> Tuple[Optional[Tile], FrozenSet[Tile]]:
    """Return the avatar's tile and the lit tiles one World.draw() showed.

    The avatar stands where avatar.gif was drawn last; a tile is lit if the last picture
    drawn on it was its own image rather than blank.gif.
    """
    avatar = None
    shown: Dict[Tuple[int, int], str] = {}
    for picture in pictures:
        if picture.file == AVATAR_IMAGE:
            avatar = picture.tile
        else:
            shown[picture.tile] = picture.file
    return avatar, frozenset(tile for tile, file in shown.items() if file != BLANK_IMAGE)


def describe_tiles(tiles: FrozenSet[Tile]) -> str:
    """Return a short sorted listing of ``tiles`` for a failure message."""
    ordered = sorted(tiles)
    shown = ", ".join(f"({x}, {y})" for x, y in ordered[:TILES_SHOWN])
    return shown + (f" and {len(ordered) - TILES_SHOWN} more" if len(ordered) > TILES_SHOWN
                    else "")


def require_clean_run(result: RunResult, command: str) -> None:
    """Raise the failure for a run that hit a limit or died; return if it ended by itself.

    Raises:
        StudentTimedOut: the run did not end in time (a window left waiting, say).
        StudentCrashed: the run hit another limit or was killed.
    """
    if result.fault is Fault.TIMEOUT:
        raise StudentTimedOut(f"`{command}` did not end: {result.fault_message}")
    if result.fault is not None:
        raise StudentCrashed(f"`{command}`: {result.fault_message}",
                             result.stderr.decode("utf-8", "replace")[-STDERR_TAIL_CHARS:])
