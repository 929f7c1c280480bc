"""Start End of DayZ from inside this folder: ``python run.py [MAP_FILE]``.

With no argument the game asks for a map at the ``Map: `` prompt, exactly as ``a2.main()``
does (try ``maps/basic.txt``); with one argument it plays that map without asking. ``-h`` or
``--help`` prints the usage line. The exit status is the game's (see ``a2.run_command_line``,
which this file calls, as ``python a2.py`` does).
"""

import sys

from a2 import run_command_line

if __name__ == "__main__":
    sys.exit(run_command_line(sys.argv))
