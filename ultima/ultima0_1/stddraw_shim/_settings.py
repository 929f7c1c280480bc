"""Environment variables that steer the shim, read once when a program first draws.

A grader sets them for the child process that runs a submission; a student never needs them.
"""

import os
import sys
from dataclasses import dataclass
from typing import Mapping, Optional

__all__ = ["Settings", "ENV_HEADLESS", "ENV_KEYS", "ENV_LOG", "ENV_PNG", "ENV_FRAME_DIR",
           "ENV_IDLE_SHOWS", "DEFAULT_IDLE_SHOWS"]

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
        """Read the settings from ``environ``; raise ValueError naming a malformed variable."""
        return cls(headless=_headless(environ), keys=environ.get(ENV_KEYS, ""),
                   log_path=environ.get(ENV_LOG) or None, png_path=environ.get(ENV_PNG) or None,
                   frame_dir=environ.get(ENV_FRAME_DIR) or None,
                   idle_shows=_positive_int(environ, ENV_IDLE_SHOWS, DEFAULT_IDLE_SHOWS))


def _headless(environ: Mapping[str, str]) -> bool:
    """Decide the backend: the explicit variable, else whether a display is there to use."""
    word = environ.get(ENV_HEADLESS, "").strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    if word:
        raise ValueError(f"{ENV_HEADLESS} must be 1 or 0, got {word!r}")
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
        raise ValueError(f"{name} must be a positive whole number, got {text!r}")
    return int(text)
