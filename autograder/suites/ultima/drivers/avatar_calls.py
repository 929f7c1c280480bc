"""Make calls on the submission's Avatar and read its getters after each, in the sandbox child.

Read by ``check_avatar.py``. payload: ``start`` ([x, y]) and ``calls``, each
``[method, arguments...]``.
"""

from typing import Any, Callable, Dict, List, Tuple

from ._shapes import Plain

# getX(), getY() and getTorchRadius() at the start and after each call.
SHAPE = List[Tuple[Plain, Plain, Plain]]


def get(method: Callable[[], Any]) -> Any:
    """Return what ``method()`` returns as data, or a description of what it raised."""
    try:
        value = method()
    except Exception as err:  # the getter's failure is part of the observation
        return "error: %s: %s" % (type(err).__name__, err)
    return value if isinstance(value, (bool, int, float, str)) else repr(value)


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Make the Avatar, make the calls and report the getters after each."""
    from Avatar import Avatar
    hero = Avatar(*payload["start"])

    def state() -> List[Any]:
        """Return the three getters' answers now."""
        return [get(hero.getX), get(hero.getY), get(hero.getTorchRadius)]

    seen = [state()]
    for name, *args in payload["calls"]:
        getattr(hero, name)(*args)
        seen.append(state())
    report(seen)
