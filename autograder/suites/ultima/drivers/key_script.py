"""Run the course's main program Ultima.py headless with a key script, in the sandbox child.

The program runs as ``python Ultima.py MAP`` would, with StdDraw headless and the keys
queued; what it drew is read from the shim's draw log. Read by ``check_program.py``.

payload: ``keys`` and ``map``.
"""

import runpy
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple, TypedDict, Union

# The program run.
MAIN_PROGRAM = "Ultima.py"


class Played(TypedDict):
    """The program's exit status (its SystemExit code, as text when not a number), how many
    keys it took, the frame last shown (for the grader's redrawing) and every picture
    drawn, as [file, x, y]."""

    status: Optional[Union[int, str]]
    typed: int
    frame: Any
    pictures: List[Tuple[str, float, float]]


SHAPE = Played


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Run the program with the key script and report what it took and drew."""
    import headless
    import stddraw_shim
    headless.start(keys=payload["keys"])
    sys.argv = [MAIN_PROGRAM, payload["map"]]
    status = 0
    try:
        runpy.run_path(MAIN_PROGRAM, run_name="__main__")
    except SystemExit as ended:
        status = ended.code
    log = stddraw_shim.draw_log()
    report({"status": status if isinstance(status, (int, type(None))) else str(status),
            "typed": sum(1 for r in log if r["op"] == "key"),
            "frame": stddraw_shim.shown_frame(log),
            "pictures": [[r.get("file") or "", r["x"], r["y"]]
                         for r in log if r["op"] == "picture"]})
