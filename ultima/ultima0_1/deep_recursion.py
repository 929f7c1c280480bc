"""deep_recursion.py: run a recursive function deeper than Python's recursion limit allows.

Author: the Game assignments project (reference solution, for students to read).
Credits: none beyond the Python standard library. Class: none (two functions).

Not part of the assignment: World.light calls lightDFS through call_with_deep_recursion so
that a torch made huge with '+' never stops the game with a RecursionError. The recursion
itself, the lesson of the assignment, is all in World.lightDFS. Python stops recursion at
sys.getrecursionlimit() levels (1000 by default), and lightDFS recurses about as deep as the
number of tiles it lights, so a big torch on an open map needs more.
"""

import sys
import threading
from typing import Callable, TypeVar

CALLER_FRAMES = 200                # stack frames left for whatever made the call
STACK_BYTES_PER_LEVEL = 1024       # C stack one level may use (about 500 on Python 3.9)
STACK_BYTES_BASE = 1024 * 1024     # room for the thread itself

Result = TypeVar("Result")


def call_with_deep_recursion(depth: int, function: Callable[..., Result], *args) -> Result:
    """Return ``function(*args)`` for a function that may recurse ``depth`` levels deep.

    Python stops recursion at sys.getrecursionlimit() levels (1000 by default), far fewer than
    the tiles a big torch lights. When more are needed the limit is raised for the call, and
    the call runs in a thread whose stack is sized for ``depth`` levels: before Python 3.11
    each level also uses C stack, and the main thread's fixed stack would overflow (a crash,
    not an exception) long before a 300x300 map is lit. The limit is restored afterwards.
    """
    limit = sys.getrecursionlimit()
    if depth + CALLER_FRAMES <= limit:
        return function(*args)
    sys.setrecursionlimit(depth + CALLER_FRAMES)
    try:
        return _call_in_thread(STACK_BYTES_BASE + depth * STACK_BYTES_PER_LEVEL, function, args)
    finally:
        sys.setrecursionlimit(limit)


def _call_in_thread(stack_bytes: int, function: Callable[..., Result], args) -> Result:
    """Run ``function(*args)`` in a new thread with a stack of ``stack_bytes`` bytes.

    Returns what the function returns, or raises what it raised. If no such thread can be had
    (under a memory limit, say) the function runs in this thread instead.
    """
    outcome: list = []

    def run() -> None:
        """Call the function and keep its result or its exception."""
        try:
            outcome.append((True, function(*args)))
        except BaseException as err:  # handed to the caller, below
            outcome.append((False, err))

    previous = threading.stack_size()
    try:
        threading.stack_size(stack_bytes)
        worker = threading.Thread(target=run, name="lightDFS")
        worker.start()
    except (RuntimeError, ValueError, MemoryError):
        return function(*args)
    finally:
        threading.stack_size(previous)
    worker.join()
    finished, value = outcome[0]
    if not finished:
        raise value
    return value
