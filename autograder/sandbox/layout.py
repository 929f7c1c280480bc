"""Where an interpreter lives, asked of it once per process."""

import functools
import glob
import json
import os
import subprocess
from dataclasses import dataclass
from typing import Dict, Tuple

# System trees bound read-only (or recreated as symlinks) inside bwrap.
SYSTEM_TREES = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# The few /etc files programs expect; the rest of /etc stays hidden (bwrap and unprivileged).
ETC_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime",
             "/etc/alternatives", "/etc/nsswitch.conf", "/etc/mime.types")
# The system Pythons' package folders: the grader may be installed there too.
SYSTEM_SITE_PATTERNS = ("/usr/lib/python3*/site-packages", "/usr/lib/python3*/dist-packages",
                        "/usr/local/lib/python3*/site-packages",
                        "/usr/local/lib/python3*/dist-packages")
QUERY_TIMEOUT_S = 30
LAYOUT_QUERY = """
import json, os, site, sys, sysconfig
paths = sysconfig.get_paths()
sites = [paths["purelib"], paths["platlib"], site.getusersitepackages()]
sites += site.getsitepackages()
print(json.dumps({
    "executable": os.path.realpath(sys.executable),
    "roots": [sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix],
    "sites": sites, "version": list(sys.version_info[:2])}))
"""


@dataclass(frozen=True)
class PythonLayout:
    """Where an interpreter lives.

    Attributes:
        executable: real path of the interpreter binary.
        roots: installation trees the interpreter needs (prefixes), outermost first.
        site_dirs: existing site-packages directories, the interpreter's and the
            system Pythons', hidden from submissions.
        version: (major, minor).
    """

    executable: str
    roots: Tuple[str, ...]
    site_dirs: Tuple[str, ...]
    version: Tuple[int, int]


class LayoutQuestion:
    """The question :func:`python_layout` asks an interpreter: started when made, answered
    when asked for."""

    def __init__(self, python: str) -> None:
        """Start the interpreter at ``python`` on the question.

        Raises:
            OSError: the interpreter cannot be run.
        """
        self.python = python
        self._process = subprocess.Popen(
            [python, "-I", "-S", "-c", LAYOUT_QUERY], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env={"LANG": "C.UTF-8"})

    def answer(self) -> PythonLayout:
        """Wait for the interpreter's answer and return the layout it describes.

        Raises:
            OSError: the interpreter failed, or gave no answer within QUERY_TIMEOUT_S.
        """
        try:
            stdout, stderr = self._process.communicate(timeout=QUERY_TIMEOUT_S)
            if self._process.returncode:
                raise subprocess.CalledProcessError(self._process.returncode, self.python,
                                                    stdout, stderr)
            facts = json.loads(stdout.decode("utf-8"))
        except (subprocess.SubprocessError, ValueError) as exc:
            self._process.kill()
            self._process.wait()
            raise OSError("cannot query the interpreter {}: {}".format(self.python, exc)) from exc
        roots = sorted({os.path.realpath(root) for root in facts["roots"]}, key=len)
        candidates = list(facts["sites"])
        for pattern in SYSTEM_SITE_PATTERNS:
            candidates += glob.glob(pattern)
        sites = sorted({os.path.realpath(path) for path in candidates if os.path.isdir(path)})
        return PythonLayout(facts["executable"], tuple(roots), tuple(sites),
                            (facts["version"][0], facts["version"][1]))


# Questions asked ahead (ask_python_layout) that python_layout has not collected yet.
_QUESTIONS_AHEAD: Dict[str, LayoutQuestion] = {}


def ask_python_layout(python: str) -> None:
    """Start asking the interpreter at ``python`` for its layout, without waiting: a new
    interpreter takes tens of milliseconds to answer, time the caller can spend on something
    else, and :func:`python_layout` collects the answer. (If it cannot even be started,
    python_layout asks again and says what is wrong.)"""
    if python not in _QUESTIONS_AHEAD:
        try:
            _QUESTIONS_AHEAD[python] = LayoutQuestion(python)
        except OSError:
            pass


@functools.lru_cache(maxsize=None)
def python_layout(python: str) -> PythonLayout:
    """Ask the interpreter at ``python`` where its installation lives (cached per path),
    or collect the answer to the question :func:`ask_python_layout` asked it.

    Raises:
        OSError: the interpreter cannot be run or gives no answer.
    """
    question = _QUESTIONS_AHEAD.pop(python, None) or LayoutQuestion(python)
    return question.answer()


def is_inside(path: str, root: str) -> bool:
    """Return whether ``path`` is ``root`` or lies inside it."""
    return path == root or path.startswith(root.rstrip("/") + "/")

def server_environment() -> Dict[str, str]:
    """Return the fork server's whole environment (PYTHONHASHSEED=0 is inherited by calls)."""
    return {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "PYTHONHASHSEED": "0", "PYTHONIOENCODING": "utf-8"}
