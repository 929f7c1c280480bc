"""Play main.py under a profiler in the sandbox child: which functions recursed how deep.

The game is played with the keys on standard input while a profile hook keeps, per
function of the submission, the deepest nesting of its own calls. Read by
``check_design.py``.

payload: ``seed``, the game's seed (MINIROGUE_SEED).
"""

import collections
import contextlib
import io
import os
import runpy
import sys
from typing import Any, Callable, Dict

# 'file:function:line' -> the deepest nesting of its own calls, for those nested at all.
SHAPE = Dict[str, int]

# Not watched: the course's helper module, whose functions are no goblin's.
UTILITIES = "utilities.py"


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Play the seeded game under the profile hook and report the nesting seen."""
    os.environ["MINIROGUE_SEED"] = payload["seed"]
    here = os.getcwd()
    depth: Dict[str, int] = collections.Counter()
    deepest: Dict[str, int] = collections.Counter()

    def watch(frame: Any, event: str, arg: Any) -> None:
        """Count a call of, or a return from, one of the submission's functions."""
        code = frame.f_code
        if not code.co_filename.startswith(here) or code.co_filename.endswith(UTILITIES):
            return
        # Keyed by definition (file, name, line): Bogeyman.__init__ calling Actor.__init__
        # through super() is three functions, not one recursing.
        key = "%s:%s:%d" % (os.path.basename(code.co_filename), code.co_name,
                            code.co_firstlineno)
        if event == "call":
            depth[key] += 1
            deepest[key] = max(deepest[key], depth[key])
        elif event == "return":
            depth[key] -= 1

    sys.argv = ["main.py"]
    sys.setprofile(watch)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            runpy.run_path("main.py", run_name="__main__")
    except SystemExit:
        pass
    finally:
        sys.setprofile(None)
    report({key: count for key, count in deepest.items() if count > 1})
