"""Read the shape of the submission's classes in the sandbox child.

For every class the spec names: whether a2 has it, whether it is a subclass of the spec's
base (by class, not by the name written in the class statement), and whether each method,
defined or inherited, takes the spec's arguments. Read by ``check_structure.py``.

payload: class name -> [base class name or None, {method: [argument names]}].
"""

import inspect
from typing import Any, Callable, Dict, Optional, TypedDict


class Found(TypedDict):
    """A class that exists: whether its base is right, and per method whether it can be
    called with the spec's arguments."""

    base: bool
    methods: Dict[str, bool]


# Per class name, None when a2 has no such class.
SHAPE = Dict[str, Optional[Found]]


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Look at every class of ``payload`` and report what was found."""
    import a2
    import a2_support
    found = {}
    for name, (base, methods) in payload.items():
        cls = getattr(a2, name, None)
        if not inspect.isclass(cls):
            found[name] = None
            continue
        parent = None
        if base is not None:
            parent = getattr(a2, base, None) or getattr(a2_support, base, None)
        callable_with = {}
        for method, params in methods.items():
            try:
                inspect.signature(getattr(cls, method)).bind(*params)
                callable_with[method] = True
            except (AttributeError, TypeError, ValueError):
                callable_with[method] = False
        found[name] = {"base": base is None or (inspect.isclass(parent)
                                                and issubclass(cls, parent)),
                       "methods": callable_with}
    report(found)
