"""What every record shares: student text made safe to show, and fields read back checked.

``safe_text`` is how every record keeps student text fit for a report; the ``get_*``
functions read one field of a dict a record is rebuilt from, and raise a ``ValueError``
naming the record and the field when it is missing or of the wrong type.
"""

import enum
from typing import Any, List, Mapping, Tuple, Type, TypeVar, Union

__all__ = ["MAX_DETAIL_CHARS", "MAX_LINE_CHARS", "MAX_MESSAGE_CHARS", "REQUIRED", "escaped",
           "expect_dict", "get_dicts", "get_field", "get_member", "get_texts", "safe_text"]

# Student text in reports is capped: a line at this many characters, a detail at this many.
MAX_LINE_CHARS = 400
MAX_DETAIL_CHARS = 20_000
MAX_MESSAGE_CHARS = 500
# Control characters other than newline and tab: escape sequences could redraw an
# instructor's terminal (a fake score table, a window title, a clipboard write).
_CONTROL = [code for code in range(32) if code not in (9, 10)] + list(range(127, 160))
_ESCAPES = {code: "\\x%02x" % code for code in _CONTROL}

_Enum = TypeVar("_Enum", bound=enum.Enum)


def safe_text(text: str, max_chars: int = MAX_DETAIL_CHARS,
              max_line: int = MAX_LINE_CHARS) -> str:
    """Return ``text`` fit for a report: control characters shown as ``\\xNN`` escapes,
    each line cut at ``max_line`` characters and the whole at ``max_chars``.

    >>> safe_text("ok\\x1b[2J" + "x" * 5, max_line=6)
    'ok\\\\x1b... (8 more characters)'
    """
    text = escaped(text)
    lines = []
    for line in text.split("\n"):
        if len(line) > max_line:
            line = line[:max_line] + f"... ({len(line) - max_line} more characters)"
        lines.append(line)
    text = "\n".join(lines)
    if len(text) > max_chars:
        text = text[:max_chars] + f"\n... ({len(text) - max_chars} more characters cut)"
    return text


def escaped(text: str) -> str:
    """Return ``text`` with its control characters shown as ``\\xNN`` escapes, uncut."""
    return str(text).translate(_ESCAPES)


# Reading records: each function returns one checked field or raises a ValueError naming it.

# Marks a field that has no default: it must be there.
REQUIRED = object()
# How an error names the JSON types a field may have.
_KIND_NAMES = {int: "a whole number", float: "a number", str: "a string", list: "a list",
               dict: "a dict", bool: "true or false"}


def expect_dict(data: Any, record: str) -> Mapping[str, Any]:
    """Return ``data`` when it is a dict, else raise a ValueError naming ``record``."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{record}: expected a dict, got {type(data).__name__}")
    return data


def get_field(data: Mapping[str, Any], name: str, kinds: Union[type, Tuple[type, ...]],
         record: str, default: Any = REQUIRED) -> Any:
    """Return field ``name`` of ``data`` (``default`` when absent and one is given), checked
    to be of ``kinds`` (None is accepted only as a default).

    Raises:
        ValueError: the field is missing or of another type (a bool is no number).
    """
    if name not in data:
        if default is REQUIRED:
            raise ValueError(f"{record}: field {name!r} is missing")
        return default
    value = data[name]
    if value is None and default is None:
        return None
    numbers = kinds in ((int, float), int, float)
    if not isinstance(value, kinds) or (numbers and isinstance(value, bool)):
        raise ValueError(f"{record}: field {name!r} must be {_kind_name(kinds)}, "
                         f"got {type(value).__name__}")
    return float(value) if kinds == (int, float) else value


def _kind_name(kinds: Union[type, Tuple[type, ...]]) -> str:
    """Return how an error names the type(s) ``kinds``."""
    if kinds == (int, float):
        return "a number"
    return " or ".join(_KIND_NAMES.get(kind, kind.__name__)
                       for kind in (kinds if isinstance(kinds, tuple) else (kinds,)))


def get_member(data: Mapping[str, Any], name: str, kind: Type[_Enum], record: str,
            default: Any = REQUIRED) -> Any:
    """Return the ``kind`` member whose value field ``name`` holds.

    Raises:
        ValueError: the field is missing or names no member of ``kind``.
    """
    value = get_field(data, name, str, record, default)
    if value is None or isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        raise ValueError(f"{record}: field {name!r} must be one of "
                         f"{', '.join(repr(m.value) for m in kind)}, got {value!r}") from None


def get_texts(data: Mapping[str, Any], name: str, record: str) -> List[str]:
    """Return field ``name``, a list of strings (empty when absent)."""
    values = get_field(data, name, list, record, [])
    if not all(isinstance(value, str) for value in values):
        raise ValueError(f"{record}: field {name!r} must be a list of strings")
    return list(values)


def get_dicts(data: Mapping[str, Any], name: str, record: str) -> List[Mapping[str, Any]]:
    """Return field ``name``, a list of dicts (empty when absent)."""
    values = get_field(data, name, list, record, [])
    return [expect_dict(value, f"{record}: {name}[{index}]") for index, value in enumerate(values)]
