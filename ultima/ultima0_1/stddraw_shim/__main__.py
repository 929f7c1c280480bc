"""Command line of the shim.

``python -m stddraw_shim install FOLDER`` copies the shim into FOLDER (see ``install_into``);
``python -m stddraw_shim forwarders FOLDER`` writes only the forwarding modules, which is how the
project's installable copies in ``booksite/`` are made.
"""

import sys
from pathlib import Path
from typing import List, Optional

from ._install import forwarder_files, install_into

USAGE = "usage: python -m stddraw_shim install|forwarders FOLDER"
EXIT_FAILED = 1
EXIT_USAGE = 2


def write_forwarders(folder: str) -> List[Path]:
    """Write every forwarding module into ``folder``; return the paths written."""
    written = []
    for path, text in forwarder_files().items():
        target = Path(folder) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written


def main(argv: Optional[List[str]] = None) -> int:
    """Run the command line; return the exit status (0 done, 1 failed, 2 usage error)."""
    args = sys.argv[1:] if argv is None else argv
    commands = {"install": install_into, "forwarders": write_forwarders}
    if len(args) != 2 or args[0] not in commands:
        print(USAGE, file=sys.stderr)
        return EXIT_USAGE
    try:
        written = commands[args[0]](args[1])
    except OSError as err:
        print(f"stddraw_shim: {err}", file=sys.stderr)
        return EXIT_FAILED
    print(f"wrote {len(written)} files into {args[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
