"""run.py: start MiniRogue with ``python run.py`` from this folder.

Every assignment folder of this repository starts with ``python run.py``; here it simply runs
main.py's main, passing any arguments through (main.py takes none but ``--help``) and this
file's name, so that the usage line names the script the user started.
"""

import os
import sys
from typing import List, Optional

import main as minirogue_main


def main(argv: Optional[List[str]] = None) -> int:
    """Run MiniRogue's main with ``argv`` (default: the command line); return its exit status."""
    return minirogue_main.main(sys.argv[1:] if argv is None else argv,
                               os.path.basename(__file__))


if __name__ == "__main__":
    sys.exit(main())
