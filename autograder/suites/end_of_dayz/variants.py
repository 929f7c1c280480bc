"""Broken variants of the End of DayZ reference: realistic student mistakes in ``a2.py``.

``BY_AREA`` maps a name to an ``autograder.selftest.Variant``: exact edits of the reference
``a2.py`` and the behaviour area whose checks the mistake must fail (one of ``AREAS``);
``VARIANTS`` holds the same mistakes with the rubric item they cost (functionality), for
``autograder selftest end_of_dayz``, and ``ACCEPTED`` the choices the course allows, which
must keep full marks. ``PROBES`` maps the same names to an input on which the variant's
behaviour differs from the reference's: either a course transcript replayed by the project's
tests' transcript driver, or a Python command run inside the folder.
"""

from dataclasses import dataclass, replace
from typing import Dict, Optional, Tuple

from autograder.selftest import Variant

AREAS = ("entities", "grid", "step_order", "zombie", "tracking_zombie", "garlic", "pickup",
         "inventory", "fire", "handle_action", "game", "win_lose_order", "draw", "transcript",
         "imports_silently", "map_loader", "main")


@dataclass(frozen=True)
class Probe:
    """An input on which a variant behaves differently from the reference.

    Attributes:
        transcript: the course transcript to replay (its name, e.g. ``"basic"``), or None.
        argv: when ``transcript`` is None, the interpreter's arguments (``-c`` and source).
        stdin: what is typed with ``argv``.
    """

    transcript: Optional[str] = None
    argv: Tuple[str, ...] = ()
    stdin: str = ""


# A snippet that prints the name of the exception ``{}`` raises (or what it returned).
RAISES = "try:\n    print({})\nexcept Exception as error:\n    print(type(error).__name__)"


def snippet(source: str, stdin: str = "") -> Probe:
    """Return a probe running ``source`` after importing everything from ``a2``."""
    return Probe(argv=("-c", "from a2 import *\n" + source), stdin=stdin)


# A game whose player, at (0, 0) of a 5 by 5 grid, holds a crossbow, with a hospital at (0, 2)
# and a zombie at (0, 4) behind it, both straight down (S) from the player.
CROSSBOW_SETUP = """
grid = Grid(5)
player = HoldingPlayer()
grid.add_entity(Position(0, 0), player)
grid.add_entity(Position(0, 2), Hospital())
grid.add_entity(Position(0, 4), Zombie())
grid.add_entity(Position(4, 4), Hospital())
player.get_inventory().add_item({item})
game = AdvancedGame(grid)
interface = AdvancedTextInterface(5)
"""

# A tracking zombie at (1, 1) and the player at (2, 4): moving down or right brings it equally
# close (distance 3), and down comes first in the tie order.
TRACKER_STEP = """
grid = Grid(5)
grid.add_entity(Position(1, 1), TrackingZombie())
grid.add_entity(Position(2, 4), VulnerablePlayer())
game = IntermediateGame(grid)
game.step()
print(grid.serialize())
"""

# Each mistake with the behaviour area whose checks it must fail (as its ``loses``).
BY_AREA: Dict[str, Variant] = {
    "in_bounds_off_by_one": Variant(
        "a2.py",
        [("return 0 <= position.get_x() < self._size and 0 <= position.get_y() < self._size",
          "return 0 <= position.get_x() <= self._size and 0 <= position.get_y() <= self._size")],
        "grid", "in_bounds lets x or y equal the size, one square past the edge"),
    "base_map_loader_makes_players": Variant(
        "a2.py",
        [("            NotImplementedError: always, here; subclasses know the characters.\n"
          "        \"\"\"\n        raise NotImplementedError",
          "            NotImplementedError: never.\n        \"\"\"\n        return Player()")],
        "map_loader", "the abstract MapLoader makes a Player instead of refusing"),
    "pickup_lasts_forever": Variant(
        "a2.py",
        [("            NotImplementedError: always, here; each kind of item has its own "
          "durability.\n        \"\"\"\n        raise NotImplementedError",
          "            NotImplementedError: never.\n        \"\"\"\n        return 1000")],
        "pickup", "the abstract Pickup gives a durability of its own instead of raising"),
    "unknown_token_is_a_key_error": Variant(
        "a2.py",
        [("        entity_class = self._entity_classes().get(token)\n"
          "        if entity_class is None:\n"
          "            raise ValueError(f\"unknown entity {token!r}\")\n"
          "        return entity_class()",
          "        return self._entity_classes()[token]()")],
        "map_loader", "create_entity looks the token up directly, so an unknown one raises "
                      "KeyError, not ValueError"),
    "entity_step_moves_itself": Variant(
        "a2.py",
        [("            position: where this entity stood when the step event began.\n"
          "            game: the game being played.\n        \"\"\"\n\n    def display(self)",
          "            position: where this entity stood when the step event began.\n"
          "            game: the game being played.\n        \"\"\"\n"
          "        game.get_grid().remove_entity(position)\n\n    def display(self)")],
        "entities", "the base Entity.step removes the entity, so hospitals vanish"),
    "add_entity_ignores_bounds": Variant(
        "a2.py",
        [("        if self.in_bounds(position):\n            self._entities[position] = entity",
          "        self._entities[position] = entity")],
        "grid", "add_entity stores entities off the grid instead of ignoring them"),
    "mapping_not_copied": Variant(
        "a2.py",
        [("        return dict(self._entities)", "        return self._entities")],
        "grid", "get_mapping hands out the grid's own dictionary"),
    "row_major_step_order": Variant(
        "a2.py",
        [("for position, entity in self._grid.get_mapping().items():",
          "for position, entity in sorted(self._grid.get_mapping().items(),\n"
          "                                       key=lambda item: (item[0].get_y(),"
          " item[0].get_x())):")],
        "step_order", "entities step top to bottom, left to right, not in the order added"),
    "live_scan_steps_twice": Variant(
        "a2.py",
        [("        for position, entity in self._grid.get_mapping().items():\n"
          "            entity.step(position, self)",
          "        size = self._grid.get_size()\n"
          "        for y in range(size):\n"
          "            for x in range(size):\n"
          "                entity = self._grid.get_entity(Position(x, y))\n"
          "                if entity is not None:\n"
          "                    entity.step(Position(x, y), self)")],
        "step_order", "the step scans the live grid, so a zombie moving down steps again"),
    "tracker_draws_random_numbers": Variant(
        "a2.py",
        [("offsets = [Position(dx, dy) for dx, dy in TRACKING_TIE_ORDER]",
          "offsets = [Position(dx, dy) for dx, dy in random_directions()]")],
        "tracking_zombie", "the tracker sorts random_directions(), using up random numbers"),
    "tracker_ties_right_first": Variant(
        "a2.py",
        [("TRACKING_TIE_ORDER = ((-1, 0), (0, 1), (0, -1), (1, 0))",
          "TRACKING_TIE_ORDER = ((1, 0), (0, 1), (0, -1), (-1, 0))")],
        "tracking_zombie", "ties are broken east first instead of west first"),
    "tracker_ties_down_first": Variant(
        "a2.py",
        [("TRACKING_TIE_ORDER = ((-1, 0), (0, 1), (0, -1), (1, 0))",
          "TRACKING_TIE_ORDER = ((0, 1), (-1, 0), (0, -1), (1, 0))")],
        "tracking_zombie", "a tie between west and south goes south instead of west"),
    "tracker_leaps_two_west": Variant(
        "a2.py",
        [("TRACKING_TIE_ORDER = ((-1, 0), (0, 1), (0, -1), (1, 0))",
          "TRACKING_TIE_ORDER = ((-2, 0), (0, 1), (0, -1), (1, 0))")],
        "tracking_zombie", "a tracker moving west jumps two squares"),
    "tracker_leaps_two_north": Variant(
        "a2.py",
        [("TRACKING_TIE_ORDER = ((-1, 0), (0, 1), (0, -1), (1, 0))",
          "TRACKING_TIE_ORDER = ((-1, 0), (0, 1), (0, -2), (1, 0))")],
        "tracking_zombie", "a tracker moving north jumps two squares"),
    "tracker_flees": Variant(
        "a2.py",
        [("offsets.sort(key=lambda offset: position.add(offset).distance(player_position))",
          "offsets.sort(key=lambda offset: position.add(offset).distance(player_position),\n"
          "                     reverse=True)")],
        "tracking_zombie", "the tracker sorts the wrong way and walks away from the player"),
    "zombie_moves_onto_player": Variant(
        "a2.py",
        [("                occupant.infect()\n                return",
          "                occupant.infect()\n"
          "                grid.move_entity(position, target)\n"
          "                return")],
        "zombie", "the zombie infects the player and then takes the player's square"),
    "zombie_tramples_entities": Variant(
        "a2.py",
        [("            if occupant is None:\n                grid.move_entity(position, target)",
          "            if occupant is None or occupant.display() != PLAYER:\n"
          "                grid.move_entity(position, target)")],
        "zombie", "the zombie walks over other entities, destroying them"),
    "garlic_ignored": Variant(
        "a2.py",
        [("        if not self._inventory.contains(GARLIC):\n            super().infect()",
          "        super().infect()")],
        "garlic", "HoldingPlayer.infect forgets to check for garlic"),
    "repr_shows_durability": Variant(
        "a2.py",
        [('return f"{type(self).__name__}({self._lifetime})"',
          'return f"{type(self).__name__}({self.get_durability()})"')],
        "pickup", "the pickup's repr shows its durability, so Garlic(10) shows after pickup"),
    "pickup_stops_player": Variant(
        "a2.py",
        [("                self.get_player().get_inventory().add_item(target)",
          "                self.get_player().get_inventory().add_item(target)\n"
          "                self.get_grid().remove_entity(start.add(offset))\n"
          "                return")],
        "pickup", "picking an item up removes it but leaves the player where it was"),
    "inventory_keeps_spent_items": Variant(
        "a2.py",
        [("if item.get_lifetime() > 0]", "if item.get_lifetime() >= 0]")],
        "inventory", "items are dropped one step late, showing a lifetime of 0"),
    "inventory_items_aliased": Variant(
        "a2.py",
        [("        return list(self._items)", "        return self._items")],
        "inventory", "get_items hands out the inventory's own list"),
    "fire_skips_blockers": Variant(
        "a2.py",
        [("            if self.get_entity(square) is not None:\n                return square",
          "            if self.get_entity(square) is not None and \\\n"
          "                    self.get_entity(square).display() in ZOMBIES:\n"
          "                return square")],
        "fire", "the bolt flies through the hospital and hits the zombie behind it"),
    "fire_without_step": Variant(
        "a2.py",
        [("        self._fire(game)\n        game.step()", "        self._fire(game)")],
        "fire", "firing does not trigger a step event"),
    "fire_with_any_item": Variant(
        "a2.py",
        [("if not self._inventory(game).contains(CROSSBOW):",
          "if not self._inventory(game).get_items():")],
        "fire", "holding garlic alone is enough to fire"),
    "no_step_after_invalid_action": Variant(
        "a2.py",
        [("            game.move_player(offset)\n        game.step()",
          "            game.move_player(offset)\n            game.step()")],
        "handle_action", "an invalid action is ignored without a step event"),
    "steps_not_counted": Variant(
        "a2.py",
        [("            entity.step(position, self)\n        self._steps += 1",
          "            entity.step(position, self)")],
        "game", "Game.step never counts the step"),
    "lowercase_directions_accepted": Variant(
        "a2.py",
        [("offset = DIRECTION_OFFSETS.get(direction)",
          "offset = DIRECTION_OFFSETS.get(direction.upper())")],
        "game", "direction_to_offset accepts lower-case keys"),
    "lose_checked_before_win": Variant(
        "a2.py",
        [("        if game.has_won():\n            return WIN_MESSAGE\n"
          "        if game.has_lost():\n            return LOSE_MESSAGE",
          "        if game.has_lost():\n            return LOSE_MESSAGE\n"
          "        if game.has_won():\n            return WIN_MESSAGE")],
        "win_lose_order", "a player infected on the hospital's square loses instead of winning"),
    "draw_transposed": Variant(
        "a2.py",
        [("cells.get((x, y), EMPTY_CELL)", "cells.get((y, x), EMPTY_CELL)")],
        "draw", "the grid is printed with rows and columns swapped"),
    "holding_header_always": Variant(
        "a2.py",
        [("        if items:\n            print(HOLDING_MESSAGE)\n            for item in items:\n"
          "                print(repr(item))",
          "        print(HOLDING_MESSAGE)\n        for item in items:\n"
          "            print(repr(item))")],
        "draw", "the holding line is printed even with an empty inventory"),
    "blank_line_between_turns": Variant(
        "a2.py",
        [("            self.draw(game)\n\n    def handle_action",
          "            print()\n            self.draw(game)\n\n    def handle_action")],
        "transcript", "an extra print() puts a blank line before every grid"),
    "play_keeps_asking": Variant(
        "a2.py",
        [("                print(ending)\n                return",
          "                print(ending)")],
        "transcript", "play goes on reading actions after the game has ended"),
    "main_runs_at_import": Variant(
        "a2.py",
        [('if __name__ == "__main__":\n    sys.exit(run_command_line(sys.argv))',
          "sys.exit(run_command_line(sys.argv))")],
        "imports_silently", "the call to main is not behind the __name__ guard"),
    "loader_swaps_axes": Variant(
        "a2.py",
        [("            position = Position(x, y)\n", "            position = Position(y, x)\n")],
        "map_loader", "the loader reads lines as columns"),
    "intermediate_loader_plain_player": Variant(
        "a2.py",
        [("classes.update({PLAYER: VulnerablePlayer, ZOMBIE: Zombie})",
          "classes.update({ZOMBIE: Zombie})")],
        "map_loader", "IntermediateMapLoader still makes a plain Player"),
    "main_uses_basic_interface": Variant(
        "a2.py",
        [("        AdvancedTextInterface(grid.get_size()).play(AdvancedGame(grid))",
          "        TextInterface(grid.get_size()).play(AdvancedGame(grid))")],
        "main", "main plays with TextInterface, so the inventory is never shown"),
}

# Every End of DayZ check counts toward the one auto item, functionality: that is the item a
# mistake must lose points in (``autograder selftest``); its area names the checks it fails.
AREA_OF = {name: variant.loses for name, variant in BY_AREA.items()}
VARIANTS = {name: replace(variant, loses="functionality") for name, variant in BY_AREA.items()}

PROBES: Dict[str, Probe] = {
    "in_bounds_off_by_one": snippet(
        "print(Grid(5).in_bounds(Position(0, 5)), Grid(5).in_bounds(Position(5, 0)))"),
    "base_map_loader_makes_players": snippet(RAISES.format("MapLoader().create_entity('P')")),
    "pickup_lasts_forever": snippet(RAISES.format("Pickup().get_durability()")),
    "unknown_token_is_a_key_error": snippet(RAISES.format("BasicMapLoader().create_entity('X')")),
    "entity_step_moves_itself": snippet(
        "grid = Grid(3)\ngrid.add_entity(Position(2, 2), Hospital())\n"
        "Game(grid).step()\nprint(grid.serialize())"),
    "add_entity_ignores_bounds": snippet(
        "grid = Grid(4)\ngrid.add_entity(Position(-1, 0), Player())\n"
        "print(grid.get_entity(Position(-1, 0)), grid.get_entities())"),
    "mapping_not_copied": snippet(
        "grid = Grid(4)\ngrid.add_entity(Position(0, 0), Player())\n"
        "grid.get_mapping().clear()\nprint(grid.get_entities())"),
    "row_major_step_order": Probe(transcript="with_zombies"),
    "live_scan_steps_twice": snippet(
        "grid = Grid(5)\ngrid.add_entity(Position(0, 0), TrackingZombie())\n"
        "grid.add_entity(Position(0, 4), VulnerablePlayer())\n"
        "IntermediateGame(grid).step()\nprint(grid.serialize())"),
    "tracker_draws_random_numbers": Probe(transcript="with_garlic_advanced"),
    "tracker_ties_right_first": snippet(TRACKER_STEP),
    "tracker_flees": snippet(TRACKER_STEP),
    # The player is two squares west and two south of the tracker: west wins the tie.
    "tracker_ties_down_first": snippet(
        "grid = Grid(5)\ngrid.add_entity(Position(2, 0), TrackingZombie())\n"
        "grid.add_entity(Position(0, 2), VulnerablePlayer())\n"
        "IntermediateGame(grid).step()\nprint(grid.serialize())"),
    "tracker_leaps_two_north": snippet(
        "grid = Grid(5)\ngrid.add_entity(Position(1, 3), TrackingZombie())\n"
        "grid.add_entity(Position(1, 0), VulnerablePlayer())\n"
        "IntermediateGame(grid).step()\nprint(grid.serialize())"),
    "tracker_leaps_two_west": snippet(
        "grid = Grid(5)\ngrid.add_entity(Position(3, 1), TrackingZombie())\n"
        "grid.add_entity(Position(0, 1), VulnerablePlayer())\n"
        "IntermediateGame(grid).step()\nprint(grid.serialize())"),
    "zombie_moves_onto_player": snippet(
        "grid = Grid(2)\nplayer = VulnerablePlayer()\n"
        "grid.add_entity(Position(0, 0), Zombie())\ngrid.add_entity(Position(1, 0), player)\n"
        "grid.add_entity(Position(0, 1), Hospital())\nIntermediateGame(grid).step()\n"
        "print(grid.serialize(), player.is_infected())"),
    "zombie_tramples_entities": snippet(
        "grid = Grid(2)\ngrid.add_entity(Position(0, 0), Zombie())\n"
        "grid.add_entity(Position(1, 0), Hospital())\n"
        "grid.add_entity(Position(0, 1), Hospital())\n"
        "grid.add_entity(Position(1, 1), VulnerablePlayer())\n"
        "IntermediateGame(grid).step()\nprint(sorted(grid.serialize().items()))"),
    "garlic_ignored": Probe(transcript="with_garlic_advanced"),
    "repr_shows_durability": Probe(transcript="with_garlic_advanced"),
    "pickup_stops_player": Probe(transcript="with_crossbow_advanced"),
    "inventory_keeps_spent_items": snippet(
        "inventory = Inventory()\ninventory.add_item(Crossbow())\n"
        "for _ in range(5): inventory.step()\nprint(inventory.get_items())"),
    "inventory_items_aliased": snippet(
        "inventory = Inventory()\ninventory.get_items().append(Garlic())\n"
        "print(inventory.get_items())"),
    "fire_skips_blockers": snippet(
        CROSSBOW_SETUP.format(item="Crossbow()")
        + "interface.handle_action(game, 'F')\nprint(grid.serialize())", stdin="S\n"),
    "fire_without_step": Probe(transcript="crossbow_shoot"),
    "fire_with_any_item": snippet(
        CROSSBOW_SETUP.format(item="Garlic()")
        + "interface.handle_action(game, 'F')\nprint(game.get_steps())", stdin="S\n"),
    "no_step_after_invalid_action": snippet(
        "grid = Grid(3)\ngrid.add_entity(Position(0, 0), Player())\ngame = Game(grid)\n"
        "TextInterface(3).handle_action(game, 'X')\nprint(game.get_steps())"),
    "steps_not_counted": snippet(
        "grid = Grid(3)\ngrid.add_entity(Position(0, 0), Player())\ngame = Game(grid)\n"
        "TextInterface(3).handle_action(game, 'D')\nprint(game.get_steps())"),
    "lowercase_directions_accepted": snippet("print(Game(Grid(5)).direction_to_offset('w'))"),
    # Moving right onto the hospital, the player ends next to a zombie whose only free move
    # is onto the player: the same turn wins and infects.
    "lose_checked_before_win": snippet(
        "grid = Grid(2)\ngrid.add_entity(Position(0, 0), VulnerablePlayer())\n"
        "grid.add_entity(Position(1, 0), Hospital())\n"
        "grid.add_entity(Position(1, 1), Zombie())\ngrid.add_entity(Position(0, 1), Zombie())\n"
        "print(TextInterface(2).play(IntermediateGame(grid)))", stdin="D\n"),
    "draw_transposed": Probe(transcript="basic"),
    "holding_header_always": Probe(transcript="with_garlic_advanced"),
    "blank_line_between_turns": Probe(transcript="basic"),
    "play_keeps_asking": Probe(transcript="basic"),
    "main_runs_at_import": Probe(argv=("-c", "import a2")),
    "loader_swaps_axes": snippet("print(AdvancedMapLoader().load('maps/basic.txt').serialize())"),
    "intermediate_loader_plain_player": snippet(
        "print(IntermediateMapLoader().load('maps/basic2.txt').get_entities())"),
    # Seeded so that the zombies replay; the crossbow is picked up on the second move.
    "main_uses_basic_interface": Probe(
        argv=("-c", "import random, a2\nrandom.seed(7)\na2.main()"),
        stdin="maps/basic4.txt\nA\nA\nA\n"),
}


# Choices the course allows, unlike a broken variant: each must keep full marks
# (CLARIFICATIONS.md, End of DayZ: values compared as the course's suite compares them;
# what the spec does not ask for is not graded).
ACCEPTED: Dict[str, Variant] = {
    "move_to_same_square_loses_entity": Variant(
        "a2.py",
        [("        self.remove_entity(start)\n        self.add_entity(end, entity)",
          "        self.add_entity(end, entity)\n        self.remove_entity(start)")],
        "", "move_entity adds before removing, so move_entity(p, p) deletes the entity: "
            "the spec never moves an entity onto its own square"),
    "has_lost_returns_none": Variant(
        "a2.py",
        [("        \"\"\"Return False: nothing can beat the player in the basic game.\"\"\"\n"
          "        return False",
          "        \"\"\"Return nothing (falsy): nothing can beat the player.\"\"\"\n"
          "        return None")],
        "", "Game.has_lost returns None, which the course's assertFalse accepts"),
    "serialize_in_reverse_order": Variant(
        "a2.py",
        [("    def serialize(self) -> Dict[Tuple[int, int], str]:",
          "    def serialize(self) -> Dict[Tuple[int, int], str]:\n"
          "        \"\"\"Return the grid's tokens by (x, y), last added first.\"\"\"\n"
          "        return dict(reversed([((position.get_x(), position.get_y()), entity.display())\n"
          "                              for position, entity in self._entities.items()]))\n\n"
          "    def _unused_serialize(self) -> Dict[Tuple[int, int], str]:")],
        "", "serialize builds its dict in another order: dicts are equal whatever their order"),
}
