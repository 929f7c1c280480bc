"""A terminal program for the engine's terminal tests whose every screen is large.

It turns its terminal's line editing and echo off once (the terminal still turns each
newline it writes into a carriage return and a newline), as MiniRogue does, then draws a
screen of SCREENFUL_BYTES dots ending in the number of keys pressed, in one write, and waits
for the next key straight after it. ``q`` or the end of input quits.
"""

import os
import sys
import tty


def main():
    """Draw a large screen per key until q."""
    fill = b"." * int(os.environ.get("SCREENFUL_BYTES", "50000"))
    tty.setcbreak(0)
    presses = 0
    while True:
        os.write(1, fill + b"presses: %d\n" % presses)
        key = os.read(0, 1)
        if key in (b"", b"q"):
            return 0
        presses += 1


if __name__ == "__main__":
    sys.exit(main())
