"""What the mypyc-compiled build (``tools/build_fast.py``) needs to know about a class,
and nothing more: ``mypyc_attr`` from ``mypy_extensions`` when it is installed (it comes
with mypy), else a decorator that does nothing (the interpreted package needs no
dependency for it, in Pyodide neither); ``by_constructor``, how a frozen dataclass is
pickled when compiled; and ``attributes``, an object's attributes, compiled or not."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

__all__ = ["attributes", "by_constructor", "mypyc_attr"]

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - interpreted without mypy_extensions
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """Without mypyc: leave the class as it is."""
        return lambda cls: cls


def by_constructor(obj: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` of a frozen dataclass: pickle (and ``copy``) make it again by calling
    its class with its fields. Pickle's default sets the fields one by one on a blank
    object, which a frozen dataclass compiled by mypyc refuses (``FrozenInstanceError``);
    a process pool pickles games, with their rules and actions."""
    fields = dataclasses.fields(obj)
    return type(obj), tuple(getattr(obj, f.name) for f in fields if f.init)


def attributes(obj: Any) -> dict[str, Any]:
    """``obj``'s attributes by name: its ``__dict__`` and, for a class compiled by mypyc,
    whose attributes are fixed and not in a ``__dict__``, those it lists in
    ``__mypyc_attrs__`` (the ones set)."""
    names = getattr(type(obj), "__mypyc_attrs__", ())
    out = {n: getattr(obj, n) for n in names if not n.startswith("__") and hasattr(obj, n)}
    out.update(getattr(obj, "__dict__", {}))
    return out
