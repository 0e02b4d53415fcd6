"""The base of every game's action type: small, frozen, hashable, with a notation
that round-trips through :meth:`Action.parse`."""

from __future__ import annotations

from typing import ClassVar

from .errors import InvalidActionError

__all__ = ["Action", "check_field"]

_NOUNS: dict[type, str] = {str: "string", int: "whole number"}


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


def check_field(game: str, name: str, value: object, kind: type) -> None:
    """An action made by hand (``Move("build", 5)``) with a field of the wrong type is
    refused as a malformed notation is (``InvalidActionError``, a ``ValueError``), the
    same interpreted and compiled (where mypyc would raise a ``TypeError`` of its own)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        article = "an" if game[0] in "AEIOU" else "a"
        noun = _NOUNS.get(kind, kind.__name__)
        raise InvalidActionError(value, f"{article} {game} action's {name} is a {noun}, "
                                        f"not {type(value).__name__}")
