"""Environment variables that steer the shim, read once when a program first draws.

A grader sets them for the child process that runs a submission; a student never needs them.
A malformed value raises SettingsError naming the variable and the value; the canvas turns it
into a one-line error and exit status 1 (a setting is the user's mistake, not the program's).
"""

import os
import sys
from dataclasses import dataclass
from typing import Mapping, Optional

__all__ = ["Settings", "SettingsError", "ENV_HEADLESS", "ENV_KEYS", "ENV_LOG", "ENV_PNG",
           "ENV_FRAME_DIR", "ENV_IDLE_SHOWS", "DEFAULT_IDLE_SHOWS"]

ENV_HEADLESS = "STDDRAW_HEADLESS"      # 1: never open a window; 0: always open one; unset: auto
ENV_KEYS = "STDDRAW_KEYS"              # characters typed one per show(), in order
ENV_LOG = "STDDRAW_LOG"                # JSON-lines draw log file
ENV_PNG = "STDDRAW_PNG"                # PNG of the last shown frame, written when drawing ends
ENV_FRAME_DIR = "STDDRAW_FRAME_DIR"    # folder receiving frame-00001.png ... for every show()
ENV_IDLE_SHOWS = "STDDRAW_IDLE_SHOWS"  # show() calls after the key script before closing
DEFAULT_IDLE_SHOWS = 10

TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")
# SDL drivers that work without a display: choosing them means "a real pygame window, unseen".
DISPLAYLESS_SDL_DRIVERS = ("dummy", "offscreen")
# Platforms where a desktop is assumed whenever a program runs.
DESKTOP_PLATFORMS = ("win32", "cygwin", "darwin")


class SettingsError(ValueError):
    """A STDDRAW_* variable holds a value the shim cannot use; the message names both."""


@dataclass(frozen=True)
class Settings:
    """What the environment asks of the shim.

    Attributes:
        headless: True for the headless backend, False for a pygame window.
        keys: the key script ("" for none).
        log_path: the JSON-lines log file, or None.
        png_path: where the last frame goes when drawing ends, or None.
        frame_dir: the folder for one PNG per shown frame, or None.
        idle_shows: how many show() calls after the key script runs out close the canvas.
    """

    headless: bool
    keys: str
    log_path: Optional[str]
    png_path: Optional[str]
    frame_dir: Optional[str]
    idle_shows: int

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] = os.environ) -> "Settings":
        """Read the settings from ``environ``.

        Raises:
            SettingsError: a variable is malformed, or names a file that cannot be written
                (its folder is missing, or it is a folder) or a frame folder that is missing.
        """
        return cls(headless=_headless(environ), keys=environ.get(ENV_KEYS, ""),
                   log_path=_file_path(environ, ENV_LOG), png_path=_file_path(environ, ENV_PNG),
                   frame_dir=_folder_path(environ, ENV_FRAME_DIR),
                   idle_shows=_positive_int(environ, ENV_IDLE_SHOWS, DEFAULT_IDLE_SHOWS))


def _headless(environ: Mapping[str, str]) -> bool:
    """Decide the backend: the explicit variable, else whether a display is there to use."""
    word = environ.get(ENV_HEADLESS, "").strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    if word:
        raise SettingsError(f"{ENV_HEADLESS} must be 1 or 0, got {word!r}")
    if environ.get("SDL_VIDEODRIVER", "").lower() in DISPLAYLESS_SDL_DRIVERS:
        return False
    if sys.platform in DESKTOP_PLATFORMS:
        return False
    return not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


def _positive_int(environ: Mapping[str, str], name: str, default: int) -> int:
    """Return the positive int in variable ``name``, or ``default`` when it is unset."""
    text = environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < 1:
        raise SettingsError(f"{name} must be a positive whole number, got {text!r}")
    return int(text)


def _file_path(environ: Mapping[str, str], name: str) -> Optional[str]:
    """Return the file named by variable ``name`` (None when unset), checked to be writable
    as far as can be told before writing: not a folder, and in a folder that exists."""
    path = environ.get(name) or None
    if path is None:
        return None
    if os.path.isdir(path):
        raise SettingsError(f"{name} must name a file, not a folder, got {path!r}")
    if not os.path.isdir(os.path.dirname(path) or os.curdir):
        raise SettingsError(f"{name} must name a file in an existing folder, got {path!r}")
    return path


def _folder_path(environ: Mapping[str, str], name: str) -> Optional[str]:
    """Return the existing folder named by variable ``name`` (None when unset)."""
    path = environ.get(name) or None
    if path is not None and not os.path.isdir(path):
        raise SettingsError(f"{name} must name an existing folder, got {path!r}")
    return path
