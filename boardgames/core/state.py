"""The base of every game's state: a ``__slots__`` class with a hand-written ``copy()``.

Compiled by mypyc (``tools/build_fast.py``) it is declared serializable, so that a state
pickles (a simulation's process pool, a Dask cluster) without calling ``__init__``, as
in Python; every game's state class inherits that.
"""

from __future__ import annotations

from .compiled import mypyc_attr

__all__ = ["State"]


@mypyc_attr(serializable=True)
class State:
    """Base for a game's mutable state: ``__slots__`` classes with a hand-written
    ``copy()``. Provides equality and a repr over the slots."""

    __slots__ = ()

    def _slot_names(self) -> list[str]:
        """The names of the state's fields: its classes' ``__slots__`` (compiled by mypyc,
        a class keeps them as ``__mypyc_attrs__`` instead)."""
        names: list[str] = []
        for klass in type(self).__mro__:
            names.extend(getattr(klass, "__slots__", ()))
        return names or list(getattr(type(self), "__mypyc_attrs__", ()))

    def copy(self) -> State:  # pragma: no cover - every game overrides it
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self._slot_names())

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._slot_names())
        return f"{type(self).__name__}({inner})"
