"""The Ultima 0.1 rules as the grader knows them, and readers for what the sandbox reports.

Every expected value of the Ultima 0.1 suite is computed here, in the trusted process, from
CLARIFICATIONS.md ("Ultima 0.1"): map files with hit points and monsters, what a monster's or the
avatar's step does, and the per-frame invariants of a game with threads. Submission code is never
imported; the checks run it in the sandbox and compare what comes back with this model.

    map text --Map01.parse--> Map01 --Game.monster_move / avatar_move / key--> expected states
    child report (states, frames) --read_state / read_frame--> observed, judged here

Ultima 0's tile rules (codes, images, pixel positions) come from the Ultima 0 suite's
``ultima_rules``.
"""

import math
from collections import Counter
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple

from autograder import PROJECT_ROOT, WrongOutput
from autograder.outcome import bounded_int
from autograder.suites.ultima.ultima_rules import (
    AVATAR_IMAGE,
    BLANK_IMAGE,
    OPAQUE_CODES,
    PASSABLE_CODES,
    TILE_CODES,
    TILE_IMAGES,
    TILE_SIZE,
    WorldMap,
    centre,
    require_clean_run,
    tile_at,
)

__all__ = [
    "AVATAR_IMAGE", "BLANK_IMAGE", "COURSE_MAPS", "COURSE_MAPS_DIR", "HURT_DRAWS",
    "LOSE_MESSAGE", "MONSTER_IMAGES", "MOVES", "NOT_MONSTERS", "OPAQUE_CODES", "PASSABLE_CODES",
    "RED", "STEPS", "TILE_CODES", "TILE_DAMAGE", "TILE_IMAGES", "TILE_SIZE", "WIN_MESSAGE",
    "Frame", "Game", "Hero", "Map01", "MonsterLine", "State", "centre", "course_map",
    "describe_ops", "frame_problems", "is_number", "live_tiles", "play_ops", "read_frame",
    "read_state", "require_clean_run", "same_number", "shared_tiles", "tile_at",
]

# The course's 0.1 maps the suite copies next to every submission.
COURSE_MAPS_DIR = PROJECT_ROOT / "ultima" / "ultima0_1"
COURSE_MAPS = ("10x10_full.txt", "30x20.txt", "30x20_lava.txt")
MONSTER_IMAGES = {"SK": "skeleton.gif", "OR": "orc.gif", "BA": "bat.gif", "SL": "slime.gif"}
# Pictures a frame report leaves out: the tiles (every frame draws them all).
NOT_MONSTERS = tuple(sorted(set(TILE_IMAGES.values()) | {BLANK_IMAGE}))
TILE_DAMAGE = {"L": 1}  # hit points lost by whoever steps onto the tile; 0 elsewhere
HURT_DRAWS = 3          # draws that show a hurt monster's hit points
RED = (255, 0, 0)
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0))
MOVES = {"w": (0, 1), "s": (0, -1), "a": (-1, 0), "d": (1, 0)}
WIN_MESSAGE = "You win!!!"
LOSE_MESSAGE = "You lose..."

Tile = Tuple[int, int]


@dataclass(frozen=True)
class Hero:
    """Map line 2: the avatar's start, hit points, attack damage and torch radius."""

    x: int
    y: int
    hp: int
    damage: int
    torch: float


@dataclass(frozen=True)
class MonsterLine:
    """One monster line of a map: ``CODE x y hp damage sleepMs``."""

    code: str
    x: int
    y: int
    hp: int
    damage: int
    sleep_ms: int

    @property
    def start(self) -> Tile:
        """Return the tile the monster starts on."""
        return self.x, self.y


@dataclass(frozen=True)
class Map01:
    """An Ultima 0.1 map: the tiles (an Ultima 0 WorldMap), the avatar and the monsters."""

    tiles: WorldMap
    hero: Hero
    monsters: Tuple[MonsterLine, ...]

    @classmethod
    def from_rows(cls, rows: Sequence[str], hero: Hero,
                  monsters: Sequence[MonsterLine] = ()) -> "Map01":
        """Return the map whose tile rows, TOP row first, are ``rows`` (a code per character)."""
        return cls(WorldMap.from_rows(rows, (hero.x, hero.y)), hero, tuple(monsters))

    @classmethod
    def parse(cls, text: str) -> "Map01":
        """Return the map in map-file ``text`` (any line endings and spacing; blank lines skipped).

        Raises:
            ValueError: the text is not a well-formed map (a broken suite file).
        """
        lines = text.splitlines()
        width, height = (int(word) for word in lines[0].split())
        x, y, hp, damage, torch = lines[1].split()
        hero = Hero(int(x), int(y), int(hp), int(damage), float(torch))
        rows = ["".join(line.split()) for line in lines[2:2 + height]]
        if len(rows) != height or any(len(row) != width for row in rows):
            raise ValueError(f"malformed map: expected {height} rows of {width} codes")
        monsters = []
        for line in lines[2 + height:]:
            if line.strip():
                code, *numbers = line.split()
                monsters.append(MonsterLine(code, *(int(number) for number in numbers)))
        return cls.from_rows(rows, hero, monsters)

    def text(self) -> str:
        """Return the map as a map file."""
        world = self.tiles
        rows = [" ".join(world.columns[x][y] for x in range(world.width))
                for y in reversed(range(world.height))]
        hero = self.hero
        head = [f"{world.width} {world.height}",
                f"{hero.x} {hero.y} {hero.hp} {hero.damage} {hero.torch:.1f}"]
        body = [f"{m.code} {m.x} {m.y} {m.hp} {m.damage} {m.sleep_ms}" for m in self.monsters]
        return "\n".join(head + rows + body) + "\n"

    def code(self, x: int, y: int) -> str:
        """Return the tile code at (x, y), which must be on the map."""
        return self.tiles.columns[x][y]

    def passable(self, x: int, y: int) -> bool:
        """Return True if (x, y) is on the map and may be walked on."""
        return self.tiles.on_map(x, y) and self.code(x, y) in PASSABLE_CODES

    def damage(self, x: int, y: int) -> int:
        """Return the hit points lost by stepping onto (x, y)."""
        return TILE_DAMAGE.get(self.code(x, y), 0)

    def starts(self) -> List[List[int]]:
        """Return every monster's start, in map order, as [x, y] lists."""
        return [[m.x, m.y] for m in self.monsters]


def course_map(name: str) -> Map01:
    """Return the course's 0.1 map file ``name``."""
    return Map01.parse((COURSE_MAPS_DIR / name).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class State:
    """The game as the checks compare it: avatar and monsters as (x, y, hit points).

    ``monsters`` is in map order and keeps dead monsters (their hit points at 0 or below);
    ``count`` is the number still in the world, what getNumMonsters() returns.
    """

    avatar: Tuple[Any, Any, Any]
    monsters: Tuple[Tuple[Any, Any, Any], ...]
    count: Any
    alive: Any


class Game:
    """A model of the rules: what each step of a monster or the avatar does to the world."""

    def __init__(self, world_map: Map01) -> None:
        """Start the game of ``world_map``: everyone where the map puts them."""
        self.map = world_map
        hero = world_map.hero
        self.avatar = [hero.x, hero.y, hero.hp]
        self.monsters = [[m.x, m.y, m.hp] for m in world_map.monsters]

    def _live_at(self, x: int, y: int) -> Optional[int]:
        """Return the index of the live monster on (x, y), or None."""
        for index, (mx, my, hp) in enumerate(self.monsters):
            if (mx, my) == (x, y) and hp > 0:
                return index
        return None

    def monster_move(self, index: int, x: int, y: int) -> None:
        """Monster ``index`` steps to (x, y): blocked, attacks the avatar there, or moves."""
        monster = self.monsters[index]
        if monster[2] <= 0 or not self.map.passable(x, y) or self._live_at(x, y) is not None:
            return
        if (x, y) == (self.avatar[0], self.avatar[1]):
            self.avatar[2] -= self.map.monsters[index].damage
            return
        monster[0], monster[1] = x, y
        monster[2] -= self.map.damage(x, y)

    def avatar_move(self, x: int, y: int) -> None:
        """The avatar steps to (x, y): blocked, attacks the monster there, or moves."""
        if not self.map.passable(x, y):
            return
        target = self._live_at(x, y)
        if target is not None:
            self.monsters[target][2] -= self.map.hero.damage
            return
        self.avatar[0], self.avatar[1] = x, y
        self.avatar[2] -= self.map.damage(x, y)

    def key(self, ch: str) -> None:
        """The player types ``ch``: w/a/s/d step; nothing else moves anyone."""
        if ch in MOVES:
            dx, dy = MOVES[ch]
            self.avatar_move(self.avatar[0] + dx, self.avatar[1] + dy)

    def hurt(self, index: int, damage: int) -> None:
        """Monster ``index`` loses ``damage`` hit points (Monster.incurDamage)."""
        self.monsters[index][2] -= damage

    def place(self, index: int, x: int, y: int) -> None:
        """Monster ``index`` is put on (x, y) (Monster.setLocation)."""
        self.monsters[index][0], self.monsters[index][1] = x, y

    def state(self) -> State:
        """Return the game now."""
        live = sum(1 for monster in self.monsters if monster[2] > 0)
        return State(tuple(self.avatar), tuple(tuple(m) for m in self.monsters), live,
                     self.avatar[2] > 0)


def read_state(value: Any, monsters: int) -> State:
    """Return the State in a child's report ``{"avatar", "monsters", "count", "alive"}``.

    Raises:
        WrongOutput: the report does not have that shape.
    """
    if not isinstance(value, dict):
        raise WrongOutput(f"the game could not be observed (got {type(value).__name__})")
    avatar, seen = value.get("avatar"), value.get("monsters")
    if (not isinstance(avatar, list) or len(avatar) != 3 or not isinstance(seen, list)
            or len(seen) != monsters
            or not all(isinstance(m, list) and len(m) == 3 for m in seen)):
        raise WrongOutput("the game could not be observed (a malformed report)")
    return State(tuple(avatar), tuple(tuple(m) for m in seen), value.get("count"),
                 value.get("alive"))


def same_number(got: Any, want: float) -> bool:
    """Return True if ``got`` is a number (not a bool) equal to ``want``."""
    return (isinstance(got, (int, float)) and not isinstance(got, bool)
            and math.isclose(got, want, abs_tol=1e-9))


@dataclass(frozen=True)
class Frame:
    """One frame of a watched game: what was drawn and the state seen under world.lock.

    Attributes:
        monsters: (image, tile, order) of each monster picture drawn; ``order`` is its place
            among all the pictures reported (tiles left out).
        avatar: the tile avatar.gif was drawn on last, or None.
        texts: (tile, text, colour, after) of each text drawn; ``after`` counts the pictures
            of ``monsters`` and the avatar drawn before it.
        states: (x, y, hit points) of every Monster object made, read while the frame was
            drawn (world.lock held).
        count: what getNumMonsters() returned then.
    """

    monsters: Tuple[Tuple[str, Tile, int], ...]
    avatar: Optional[Tile]
    texts: Tuple[Tuple[Tile, str, Tuple[int, ...], int], ...]
    states: Tuple[Tuple[Any, Any, Any], ...]
    count: Any


def read_frame(value: Any) -> Frame:
    """Return the Frame in a child's report ``{"pictures", "texts", "states", "count"}``.

    Raises:
        WrongOutput: the report does not have that shape.
    """
    if not isinstance(value, dict):
        raise WrongOutput("a frame could not be observed")
    pictures, texts, states = value.get("pictures"), value.get("texts"), value.get("states")
    if not all(isinstance(part, list) for part in (pictures, texts, states)):
        raise WrongOutput("a frame could not be observed (a malformed report)")
    monsters, avatar = [], None
    for order, entry in enumerate(pictures):
        if (not isinstance(entry, list) or len(entry) != 3 or not isinstance(entry[0], str)
                or not all(is_number(n) for n in entry[1:])):
            raise WrongOutput(f"a frame could not be observed (a picture {entry!r})")
        if entry[0] == AVATAR_IMAGE:
            avatar = tile_at(entry[1], entry[2])
        else:
            monsters.append((entry[0], tile_at(entry[1], entry[2]), order))
    shown = []
    for entry in texts:
        if (not isinstance(entry, list) or len(entry) != 5
                or not all(is_number(entry[i]) for i in (0, 1, 4))):
            raise WrongOutput(f"a frame could not be observed (a text {entry!r})")
        colour = tuple(entry[3]) if isinstance(entry[3], list) else ()
        shown.append((tile_at(entry[0], entry[1]), str(entry[2]), colour, int(entry[4])))
    if not all(isinstance(s, list) and len(s) == 3 for s in states):
        raise WrongOutput("a frame could not be observed (a malformed monster state)")
    return Frame(tuple(monsters), avatar, tuple(shown), tuple(tuple(s) for s in states),
                 value.get("count"))


def is_number(value: Any) -> bool:
    """Return True for an int or float that is not a bool."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def live_tiles(states: Sequence[Sequence[Any]]) -> List[Tuple[Any, Any]]:
    """Return the tile of every live monster (hit points above 0) in ``[x, y, hp]`` states."""
    return [(s[0], s[1]) for s in states
            if len(s) == 3 and all(is_number(v) for v in s) and s[2] > 0]


def shared_tiles(tiles: Sequence[Tuple[Any, Any]]) -> List[Tuple[Tuple[Any, Any], int]]:
    """Return (tile, how many) for every tile that ``tiles`` lists more than once."""
    return [(tile, number) for tile, number in Counter(tiles).items() if number > 1]


def frame_problems(frame: Frame) -> List[str]:
    """Return what breaks the rules in one frame of a game (empty if nothing).

    Judged from the monsters alive then (hit points above 0) and from the drawing: no two
    live monsters on one tile, none on the avatar's (what a race between two moves breaks;
    a monster on water breaks World's rule, graded once, under World); every monster
    drawn stands where a live monster stands (dead ones have left the world), and as many are
    drawn as are alive (on lit tiles, which is every tile of the maps used); getNumMonsters()
    agrees; hit points are written only as positive numbers over a drawn monster.
    """
    live = live_tiles(frame.states)
    problems = [f"{number} live monsters on tile {tile}" for tile, number in shared_tiles(live)]
    if frame.avatar is not None and frame.avatar in live:
        problems.append(f"a monster on the avatar's tile {frame.avatar}")
    dead = {(s[0], s[1]) for s in frame.states
            if all(is_number(v) for v in s) and s[2] <= 0} - set(live)
    drawn = [tile for _image, tile, _order in frame.monsters]
    for tile in drawn:
        if tile in dead:
            problems.append(f"a dead monster (hit points 0 or less) drawn on {tile}")
        elif tile not in live:
            problems.append(f"a monster drawn on {tile}, where no live monster stands")
    if len(drawn) != len(live):
        problems.append(f"{len(drawn)} monsters drawn while {len(live)} are alive")
    if frame.count != len(live):
        problems.append(f"getNumMonsters() returned {frame.count!r} while {len(live)} "
                        f"monsters are alive")
    for tile, text, colour, _after in frame.texts:
        hit_points = bounded_int(text)
        if colour == RED and (hit_points is None or hit_points <= 0):
            problems.append(f"hit points {text!r} written in red on {tile}")
        elif colour == RED and tile not in drawn:
            problems.append(f"hit points {text!r} written on {tile}, where no monster is drawn")
    return problems


def describe_ops(ops: Sequence[Sequence[Any]], world_map: Map01) -> str:
    """Return the probe's calls as code, for a failure message."""
    made = []
    for op in ops:
        kind = op[0]
        if kind == "monster":
            made.append(f"world.monsterMove({op[3]}, {op[4]}, <monster from ({op[1]}, {op[2]})>)")
        elif kind == "avatar":
            made.append(f"world.avatarMove({op[1]}, {op[2]})")
        elif kind == "key":
            made.append(f"world.handleKey({op[1]!r})")
        elif kind == "hurt":
            made.append(f"<monster from ({op[1]}, {op[2]})>.incurDamage({op[3]})")
        elif kind == "place":
            made.append(f"<monster from ({op[1]}, {op[2]})>.setLocation({op[3]}, {op[4]})")
        elif kind == "draw":
            made.append("world.draw()")
        elif kind == "mdraw":
            made.append(f"<monster from ({op[1]}, {op[2]})>.draw()")
    return "map file:\n" + world_map.text() + "calls:\n" + "\n".join(made)


def play_ops(world_map: Map01, ops: Sequence[Sequence[Any]]) -> List[State]:
    """Return the model's state after each op (see ``describe_ops`` for the ops)."""
    game = Game(world_map)
    index = {tuple(start): i for i, start in enumerate(world_map.starts())}
    states = []
    for op in ops:
        kind = op[0]
        if kind == "monster":
            game.monster_move(index[(op[1], op[2])], op[3], op[4])
        elif kind == "avatar":
            game.avatar_move(op[1], op[2])
        elif kind == "key":
            game.key(op[1])
        elif kind == "hurt":
            game.hurt(index[(op[1], op[2])], op[3])
        elif kind == "place":
            game.place(index[(op[1], op[2])], op[3], op[4])
        states.append(game.state())
    return states
