"""Start End of DayZ from inside this folder: ``python run.py [MAP_FILE]``.

With no argument the game asks for a map at the ``Map: `` prompt, exactly as ``a2.main()``
does (try ``maps/basic.txt``); with one argument it plays that map without asking. ``-h`` or
``--help`` prints the usage line. The exit status is the game's (see ``a2.main``).
"""

import os
import sys
from typing import List

from a2 import USAGE, run_command_line

HELP_OPTIONS = ("-h", "--help")


def main(argv: List[str]) -> int:
    """Print the usage line for ``-h`` or ``--help``, else play as ``a2.run_command_line``.

    Parameters:
        argv: the command line, the program's name first.

    Returns:
        0 after the usage line, else the exit status of ``run_command_line``.
    """
    if len(argv) == 2 and argv[1] in HELP_OPTIONS:
        print(USAGE.format(program=os.path.basename(argv[0])))
        return 0
    return run_command_line(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
