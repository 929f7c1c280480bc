"""utilities.py: keyboard, screen and random-number helpers for MiniRogue.

The Python port of the C++ skeleton's utilities.h/utilities.cpp, with the same four functions:

- ``getCharacter()`` reads one key without echo and without waiting for Enter. The arrow keys
  and the classic Rogue letters both come back as the letters ``h``/``l``/``k``/``j``
  (``ARROW_LEFT``, ``ARROW_RIGHT``, ``ARROW_UP``, ``ARROW_DOWN``). It works on Unix terminals
  (termios), on Windows consoles (msvcrt) and on plain pipes. At the end of input (a closed
  pipe or terminal) it returns ``QUIT_KEY``, so the game ends as if ``q`` were typed; the C++
  original returned ``'?'`` there and its game looped forever.
- ``clearScreen()`` writes the ANSI "clear screen, cursor home" sequence, or only a newline when
  the environment variable ``TERM`` is unset or ``dumb`` (as in a pipe or an editor's console).
  A Windows console, where ``TERM`` is normally unset, is cleared with its own ``cls`` command.
- ``randInt(lowest, highest)`` returns a random integer from lowest to highest inclusive.
- ``trueWithProbability(p)`` returns True with probability p.

Seeding: the C++ original could not be seeded. Here importing this module seeds the random
source from the environment variable ``MINIROGUE_SEED`` (``seed_from_environment()``, as the
C++ utilities seed their engine once when the program starts): any text is a seed, and the
same text with the same code replays the same game, e.g. ``MINIROGUE_SEED=42 python main.py``.
When the variable is unset or empty every game differs. Because the seeding lives here, a
grader that supplies this file can replay any student's game without touching their code.
All randomness goes through Python's shared ``random`` module, as the C++ functions share one
hidden engine.

>>> all(1 <= randInt(1, 6) <= 6 for _ in range(100))
True
>>> randInt(4, 4), trueWithProbability(0), trueWithProbability(1)
(4, False, True)
"""

import os
import random
import select
import sys

# What getCharacter returns for the movement keys (the C++ skeleton's constant names).
ARROW_LEFT = "h"
ARROW_RIGHT = "l"
ARROW_UP = "k"
ARROW_DOWN = "j"
# What getCharacter returns once the input has ended.
QUIT_KEY = "q"

SEED_VARIABLE = "MINIROGUE_SEED"

# Screen clearing: the ANSI sequence "cursor home, erase display", and when not to use it.
ANSI_CLEAR = "\x1b[H\x1b[2J"
PLAIN_CLEAR = "\n"
DUMB_TERMINAL = "dumb"
WINDOWS_CLEAR_COMMAND = "cls"

# Unix terminals send an arrow key as ESC [ A (or ESC O A in "application mode").
ESCAPE = b"\x1b"
ESCAPE_INTRODUCERS = (b"[", b"O")
UNIX_ARROWS = {b"A": ARROW_UP, b"B": ARROW_DOWN, b"C": ARROW_RIGHT, b"D": ARROW_LEFT}
# How long to wait for the rest of an escape sequence; a lone Esc key sends nothing more.
ESCAPE_WAIT_S = 0.05

# Windows consoles send an arrow key as a prefix character followed by a scan code.
WINDOWS_PREFIXES = ("\x00", "\xe0")
WINDOWS_ARROWS = {"H": ARROW_UP, "P": ARROW_DOWN, "M": ARROW_RIGHT, "K": ARROW_LEFT}
WINDOWS_CTRL_C = "\x03"


def getCharacter() -> str:
    """Read one key from the keyboard without echoing it and without waiting for Enter.

    Returns:
        the key as a one-character string; arrow keys come back as ARROW_LEFT, ARROW_RIGHT,
        ARROW_UP or ARROW_DOWN, and the end of input as QUIT_KEY.
    """
    if os.name == "nt":
        return _windows_character()
    return _unix_character()


def clearScreen() -> None:
    """Clear the terminal and put the cursor top left (just start a new line on a dumb one)."""
    terminal = os.environ.get("TERM", "")
    if terminal and terminal != DUMB_TERMINAL:
        sys.stdout.write(ANSI_CLEAR)
    elif os.name == "nt" and sys.stdout.isatty():
        sys.stdout.flush()
        os.system(WINDOWS_CLEAR_COMMAND)
    else:
        sys.stdout.write(PLAIN_CLEAR)
    sys.stdout.flush()


def randInt(lowest: int, highest: int) -> int:
    """Return a random integer from ``lowest`` to ``highest``, both included.

    As in the C++ original, the bounds may come in either order.
    """
    if highest < lowest:
        lowest, highest = highest, lowest
    return random.randint(lowest, highest)


def trueWithProbability(p: float) -> bool:
    """Return True with probability ``p`` (a number from 0 to 1) and False otherwise."""
    return random.random() < p


def seed_from_environment() -> None:
    """Seed the random source from MINIROGUE_SEED when it is set and not empty."""
    seed = os.environ.get(SEED_VARIABLE, "")
    if seed:
        random.seed(seed)


def _unix_character() -> str:
    """Read one key on Unix, switching a terminal to no-echo, no-line mode for the read."""
    import termios  # Unix only, so imported where it is used

    descriptor = sys.stdin.fileno()
    try:
        saved = termios.tcgetattr(descriptor)
    except termios.error:
        # Not a terminal (a pipe or a file): bytes arrive one at a time anyway.
        return _read_unix_key(descriptor)
    quiet = list(saved)
    quiet[3] = saved[3] & ~(termios.ICANON | termios.ECHO)
    quiet[6] = list(saved[6])
    quiet[6][termios.VMIN] = 1
    quiet[6][termios.VTIME] = 0
    # TCSANOW, not TCSAFLUSH: keys typed ahead must not be thrown away.
    termios.tcsetattr(descriptor, termios.TCSANOW, quiet)
    try:
        return _read_unix_key(descriptor)
    finally:
        try:
            termios.tcsetattr(descriptor, termios.TCSANOW, saved)
        except termios.error:
            pass  # the terminal has gone away, so there is no mode left to restore


def _read_unix_key(descriptor: int) -> str:
    """Read one key from the file descriptor, decoding an arrow key's escape sequence."""
    first = _read_byte(descriptor)
    if not first:
        return QUIT_KEY
    if first != ESCAPE or not _byte_waiting(descriptor):
        return first.decode("latin-1")
    introducer = _read_byte(descriptor)
    if introducer in ESCAPE_INTRODUCERS and _byte_waiting(descriptor):
        arrow = UNIX_ARROWS.get(_read_byte(descriptor))
        if arrow is not None:
            return arrow
    return ESCAPE.decode("latin-1")


def _read_byte(descriptor: int) -> bytes:
    """Return the next byte of input, or b"" when the input has ended or cannot be read."""
    try:
        return os.read(descriptor, 1)
    except OSError:
        # A terminal that was closed under us reports EIO: that is the end of input too.
        return b""


def _byte_waiting(descriptor: int) -> bool:
    """Return True if another byte arrives within ESCAPE_WAIT_S."""
    ready, _, _ = select.select([descriptor], [], [], ESCAPE_WAIT_S)
    return bool(ready)


def _windows_character() -> str:
    """Read one key on Windows from the console, or from standard input when it is redirected."""
    import msvcrt  # Windows only, so imported where it is used

    if not sys.stdin.isatty():
        key = sys.stdin.read(1)
        return key if key else QUIT_KEY
    key = msvcrt.getwch()
    if key == WINDOWS_CTRL_C:
        raise KeyboardInterrupt
    if key in WINDOWS_PREFIXES:
        return WINDOWS_ARROWS.get(msvcrt.getwch(), key)
    return key


# Seed once, when the program first imports the utilities (see the module docstring).
seed_from_environment()
