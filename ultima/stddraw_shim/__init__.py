"""stddraw_shim: the Princeton booksite drawing API for student programs, in a window or headless.

Student programs import the booksite names (``import StdDraw``, ``from picture import Picture``,
``import color``); small forwarding modules map those names onto this package::

    student code --import StdDraw--> stddraw_shim.stddraw   (the API: flat camelCase functions)
                                          |
                                    _canvas.Canvas          (one per process, made on first use)
                                     |        |        \\
                        _log.DrawLog   backend     key script (STDDRAW_KEYS, type_keys)
                       (JSON lines)    |
                 _headless.HeadlessBackend (stdlib raster, PNG)  or  _window.WindowBackend (pygame)

A grader drives the headless backend through environment variables (see ``_settings``) or,
in-process, through the functions below. ``install_into`` copies the whole shim into a folder.
Nothing is done at import: no window, no pygame, no files.
"""

from typing import List

from ._canvas import the_canvas as _canvas
from ._install import SHIM_MODULE_NAMES, forwarder_files, install_into
from ._log import Record, read_log, shown_frame
from ._settings import (
    DEFAULT_IDLE_SHOWS,
    ENV_FRAME_DIR,
    ENV_HEADLESS,
    ENV_IDLE_SHOWS,
    ENV_KEYS,
    ENV_LOG,
    ENV_PNG,
)

__all__ = [
    "install_into", "forwarder_files", "SHIM_MODULE_NAMES", "type_keys", "draw_log",
    "save_frame", "set_window_title", "read_log", "shown_frame",
    "ENV_HEADLESS", "ENV_KEYS", "ENV_LOG", "ENV_PNG", "ENV_FRAME_DIR", "ENV_IDLE_SHOWS",
    "DEFAULT_IDLE_SHOWS", "PRELOADABLE",
]

# The modules a grader may import before a program starts (in the process it forks the
# program from, say), since importing them does nothing but define names: the program then
# finds them loaded, in the state a fresh import leaves them in. The headless backend is
# among them; the window backend, which imports pygame, is not.
PRELOADABLE = ("stddraw_shim", "stddraw_shim.stddraw", "stddraw_shim.color",
               "stddraw_shim.picture", "stddraw_shim._headless")


def type_keys(keys: str) -> None:
    """Queue ``keys`` to be typed into the program, one key per ``show()`` call."""
    _canvas().type_keys(keys)


def draw_log(start: int = 0) -> List[Record]:
    """Return the draw records so far (kept in memory by the headless backend only), from
    number ``start`` on: 0 for every one, or how many were read before, to read only the new."""
    return _canvas().draw_log(start)


def save_frame(filename: str) -> None:
    """Save the frame last shown (by ``show()``) as a PNG file."""
    _canvas().save_frame(filename)


def set_window_title(title: str) -> None:
    """Show ``title`` in the title bar of StdDraw's window, opening the canvas if need be.

    Not part of the booksite API, which has no title bar function; headless, there is no
    title bar and the title is dropped.
    """
    _canvas().set_window_title(title)
