"""run.py: start Ultima 0.1 with ``python run.py [MAP]``; the map defaults to the bundled 30x20.txt.

Arguments are passed through to Ultima.py, so ``python run.py 30x20_lava.txt`` plays on lava.
"""

import sys
from typing import List, Optional

import Ultima

DEFAULT_MAP = "30x20.txt"


def main(argv: Optional[List[str]] = None) -> int:
    """Run Ultima with the given arguments, or with the default map when there are none."""
    args = sys.argv[1:] if argv is None else argv
    return Ultima.main(args or [DEFAULT_MAP])


if __name__ == "__main__":
    sys.exit(main())
