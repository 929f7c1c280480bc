"""Draw Avatars on a headless canvas set up as the submission's World sets it up, in the
sandbox child.

Read by ``check_avatar.py``. payload: ``map``, ``canvas`` ([width, height] in pixels) and
``avatars``, each ``[x, y]``.
"""

from typing import Any, Callable, Dict, List

from ._shapes import Picture

# Per avatar, the pictures its draw() drew.
SHAPE = List[List[Picture]]


def main(payload: Dict[str, Any], report: Callable[[Any], None]) -> None:
    """Draw an Avatar at each place and report the pictures each drew."""
    import headless
    headless.start()
    from Avatar import Avatar
    headless.prepare_canvas(payload["map"], *payload["canvas"])
    report([headless.pictures(Avatar(x, y).draw) for x, y in payload["avatars"]])
