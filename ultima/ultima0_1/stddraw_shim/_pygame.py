"""Import pygame-ce on demand, quietly, for the window backend and for unusual image formats.

pygame is never imported when the shim itself is imported, nor in headless mode unless a picture
needs a format the standard-library codecs cannot handle. That keeps the headless shim usable in
a sandbox that has no site-packages at all.
"""

import os

PYGAME_INSTALL_HINT = "pip install pygame-ce"


def import_pygame():
    """Return the pygame module, imported without its greeting line on stdout.

    Raises:
        ImportError: pygame-ce is not installed; the message says how to install it.
    """
    # pygame prints a banner on import unless told not to; it would corrupt a program's output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError as err:
        raise ImportError(f"StdDraw needs pygame-ce for this ({PYGAME_INSTALL_HINT})") from err
    return pygame
