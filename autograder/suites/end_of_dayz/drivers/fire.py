"""Press F in a small advanced game in the sandbox child and report what happened.

A 5 by 5 advanced game: the player at (0, 0) holds an item; straight down (S) there is a
hospital at (0, 2) with a zombie behind it at (0, 4); more entities may be added. The
driver presses F with the probe's stdin as the firing direction. Read by ``check_task3.py``.

payload: ``item``, the class of what the player holds ("Crossbow" or "Garlic"), and
``extra``, more entities as ``[class name, row, column]``.
"""

import contextlib
import io
from typing import Any, Callable, Dict, List, TypedDict


class Fired(TypedDict):
    """What F printed, the game's steps, whether the hospital still stands in the line of
    fire, the zombies left (their tokens, sorted) and the reprs of the items held."""

    printed: str
    steps: Any
    hospital_shielding: bool
    zombies: List[str]
    items: List[str]


SHAPE = Fired


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Build the game, press F and report the outcome."""
    # Every class the game may use is imported up front, as the course's tests do: one that
    # is missing fails the check whatever the case.
    from a2 import (AdvancedGame, AdvancedTextInterface, Crossbow, Garlic, Grid,
                    HoldingPlayer, Hospital, TrackingZombie, Zombie)
    from a2_support import Position
    classes = {"Crossbow": Crossbow, "Garlic": Garlic, "TrackingZombie": TrackingZombie,
               "Zombie": Zombie}
    grid = Grid(5)
    player = HoldingPlayer()
    grid.add_entity(Position(0, 0), player)
    grid.add_entity(Position(0, 2), Hospital())
    grid.add_entity(Position(0, 4), Zombie())
    grid.add_entity(Position(4, 4), Hospital())
    for name, row, column in payload["extra"]:
        grid.add_entity(Position(row, column), classes[name]())
    player.get_inventory().add_item(classes[payload["item"]]())
    game = AdvancedGame(grid)
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        AdvancedTextInterface(5).handle_action(game, "F")
    tokens = grid.serialize()
    report({"printed": output.getvalue(), "steps": game.get_steps(),
            "hospital_shielding": tokens.get((0, 2)) == "H",
            "zombies": sorted(token for token in tokens.values() if token in "ZT"),
            "items": [repr(item) for item in player.get_inventory().get_items()]})
