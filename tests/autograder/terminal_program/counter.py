"""A tiny full-screen terminal program for the engine's terminal tests.

It clears the screen and shows how many keys were pressed, reading one key at a time in
raw mode (no Enter, no echo), as MiniRogue does. ``q`` quits; the end of input (a read
that fails or returns nothing) quits too. With COUNTER_WORK set, it counts that many times
after each key before it draws, as a game that thinks between keys does.
"""

import os
import sys
import termios
import tty


def read_key():
    """Return one key typed on the terminal, or "q" at the end of input."""
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setraw(fd)
        key = os.read(fd, 1)
    except OSError:
        return "q"
    finally:
        try:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        except termios.error:
            pass
    return key.decode() if key else "q"


def main():
    """Count key presses until q; exit with status 3 so tests see the status."""
    presses = 0
    work = int(os.environ.get("COUNTER_WORK", "0"))
    while True:
        for _ in range(work if presses else 0):
            pass
        sys.stdout.write("\033[2J\033[H")
        sys.stdout.write(f"presses: {presses}\n")
        sys.stdout.write(f"\033[10;20Hcolumns: {os.environ.get('COLUMNS')} seed: "
                         f"{os.environ.get('COUNTER_SEED', '-')}")
        sys.stdout.flush()
        if read_key() == "q":
            return 3
        presses += 1


if __name__ == "__main__":
    sys.exit(main())
