"""Shows, on its terminal, what a program started with ``python startup.py`` sees.

The terminal tests compare it with what a fresh interpreter gives: the script's name in
sys.argv, the script's folder first on sys.path, the terminal as its streams, and no
descriptor beyond 0-2 (the grader's report channel must not reach it).
"""

import os
import sys


def open_descriptors():
    """Return the descriptors above 2 that are open in this process."""
    found = []
    for fd in range(3, 64):
        try:
            os.fstat(fd)
        except OSError:
            continue
        found.append(fd)
    return found


def main():
    """Print what the program sees, then end as its first argument says."""
    print("argv:", sys.argv)
    print("path0:", sys.path[0] == os.path.dirname(os.path.abspath(__file__)))
    print("name:", __name__)
    print("tty:", sys.stdin.isatty(), sys.stdout.isatty(), sys.stderr.isatty())
    print("fds:", open_descriptors())
    print("seed:", os.environ.get("COUNTER_SEED"))
    sys.stdout.flush()
    ending = sys.argv[1] if len(sys.argv) > 1 else ""
    if ending == "raise":
        raise ValueError("on purpose")
    if ending == "text":
        sys.exit("bye")
    sys.exit(int(ending or 0))


if __name__ == "__main__":
    main()
