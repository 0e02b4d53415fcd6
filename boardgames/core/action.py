"""The base of every game's action type: small, frozen, hashable, with a notation
that round-trips through :meth:`Action.parse`."""

from __future__ import annotations

from typing import ClassVar

__all__ = ["Action"]


class Action:
    """Base class for a game's actions (subclasses are frozen dataclasses with slots).

    ``str(action)`` is its notation; ``type(action).parse(str(action)) == action``.
    Actions sort by notation, so ``legal_actions()`` has one stable order.
    """

    __slots__ = ()
    game: ClassVar[str] = ""

    @classmethod
    def parse(cls, text: str) -> Action:  # pragma: no cover - every game overrides it
        raise NotImplementedError

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return str(self) < str(other)
