"""run.py: start Ultima 0.1 with ``python run.py [MAP]``; the map defaults to the bundled 30x20.txt.

Arguments are passed through to Ultima.py, so ``python run.py 30x20_lava.txt`` plays on lava;
``-h`` or ``--help`` prints the usage instead. The game draws with the installed StdDraw (and
the shim's window title): when they cannot be imported, one line says so and what to do.
"""

import sys
from typing import List, Optional

DEFAULT_MAP = "30x20.txt"
HELP_OPTIONS = ("-h", "--help")
USAGE = """usage: python run.py [MAP]

Play Ultima 0.1 on MAP, a map file (default: 30x20.txt), in a StdDraw window.
w a s d move the avatar (into a monster: attack it); + and - make the torch bigger or smaller.
The game ends when the avatar or every monster is dead, or when the window is closed.
Without a display it runs headless, steered by STDDRAW_* variables (see README.md)."""
# The drawing library: StdDraw with picture and color (the shim provides all three).
DRAWING_MODULES = ("StdDraw", "picture", "color", "stddraw_shim")
MISSING_DRAWING = ("error: cannot import {}, part of the drawing library: install this project "
                   "(pip install), or copy the shim into this folder (see README.md)")
EXIT_MISSING_DRAWING = 1


def main(argv: Optional[List[str]] = None) -> int:
    """Run Ultima with the given arguments, or with the default map when there are none.

    Returns:
        Ultima's exit status; 0 after printing the usage for ``-h``/``--help``; 1 when the
        drawing library cannot be imported.
    """
    args = sys.argv[1:] if argv is None else argv
    if any(arg in HELP_OPTIONS for arg in args):
        print(USAGE)
        return 0
    # Imported here, not at the top, so that a missing StdDraw is one line, not a traceback.
    try:
        import Ultima
    except ModuleNotFoundError as err:
        if err.name not in DRAWING_MODULES:
            raise
        print(MISSING_DRAWING.format(err.name), file=sys.stderr)
        return EXIT_MISSING_DRAWING
    return Ultima.main(args or [DEFAULT_MAP])


if __name__ == "__main__":
    sys.exit(main())
