"""Validation of a game's ``Rules`` dataclass from its type hints: every field gets a
clear error for a wrong type or an out-of-range value, when made or loaded."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any, Final, Literal, get_args, get_origin

from .limits import quote

__all__ = ["check_options", "options_from_dict"]


def check_options(obj: Any) -> None:
    """Raise ``ValueError`` naming the field when a field of dataclass ``obj`` has the wrong
    type or value. ``Literal[...]`` fields accept only their choices; ``int`` fields reject
    ``bool``; ``field(metadata={"min": a, "max": b})`` bounds numbers."""
    for f, hint in _fields(type(obj)):
        value = getattr(obj, f.name)
        _check(type(obj).__name__, f.name, hint, value)
        lo, hi = f.metadata.get("min"), f.metadata.get("max")
        if lo is not None and value < lo:
            raise ValueError(f"{type(obj).__name__}.{f.name} must be >= {lo}, not {quote(value)}")
        if hi is not None and value > hi:
            raise ValueError(f"{type(obj).__name__}.{f.name} must be <= {hi}, not {quote(value)}")


_FIELDS: Final[dict[type, tuple[tuple[dataclasses.Field, Any], ...]]] = {}


def _fields(cls: type) -> tuple[tuple[dataclasses.Field, Any], ...]:
    """The fields of dataclass ``cls`` with their resolved type hints (once per class)."""
    found = _FIELDS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELDS[cls] = tuple((f, hints[f.name]) for f in dataclasses.fields(cls))
    return found


def _check(owner: str, name: str, hint: Any, value: Any) -> None:
    if get_origin(hint) is Literal:
        choices = get_args(hint)
        if value not in choices or type(value) is not type(choices[0]):
            raise ValueError(f"{owner}.{name} must be one of {list(choices)}, not {quote(value)}")
        return
    if hint is bool:
        ok = isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is str:
        ok = isinstance(value, str)
    else:
        ok = True
    if not ok:
        raise ValueError(f"{owner}.{name} must be {getattr(hint, '__name__', hint)}, "
                         f"not {type(value).__name__} {quote(value)}")


def options_from_dict(cls: type, data: Any) -> Any:
    """Build a Rules dataclass from a JSON dict, refusing unknown keys and bad values."""
    if not isinstance(data, dict):
        raise ValueError(f"rules must be an object, not {type(data).__name__}")
    names = {f.name for f in dataclasses.fields(cls)}
    extra = sorted(set(data) - names)
    if extra:
        raise ValueError(f"unknown rules option(s) {quote(extra)}")
    return cls(**data)
