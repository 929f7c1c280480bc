"""Make calls on the submission's Avatar and read its getters after each, in the sandbox child.

Read by ``check_avatar.py``. payload: ``cases``, each ``[start arguments, [[method,
arguments...], ...]]``, and ``getters``, the getters read.
"""

from typing import Any, Callable, List

from ._shapes import Plain


# Per case, the getters' values at the start and after each call.
SHAPE = List[List[List[Plain]]]


def main(payload: Any, report: Callable[[Any], None]) -> None:
    """Run the submission as the module docstring says and report what was seen."""
    import headless
    headless.start()
    from Avatar import Avatar
    seen = []
    for start, calls in payload["cases"]:
        hero = Avatar(*start)
        def state(hero=hero):
            return [headless.read(getattr(hero, name)) for name in payload["getters"]]
        states = [state()]
        for name, *args in calls:
            getattr(hero, name)(*args)
            states.append(state())
        seen.append(states)
    report(seen)
