"""Errors raised by every game: all are ``ValueError`` subclasses that quote the input,
at most a short prefix of it (:func:`boardgames.core.limits.quote`); a message is never
longer than :data:`~boardgames.core.limits.MESSAGE_CHARS` characters."""

from __future__ import annotations

from .limits import quote, shorten

__all__ = ["GameError", "IllegalActionError", "InvalidActionError", "InvalidSaveError"]


class GameError(ValueError):
    """Base class of the errors a game raises for bad input. The game is left unchanged.
    A message longer than ``MESSAGE_CHARS`` keeps its start and its end (``shorten``)."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str):
            args = (shorten(args[0]),)
        super().__init__(*args)


def _shown(action: object) -> str:
    """An action quoted as its text: a notation string as it is, anything else (an
    Action, a chance outcome) as ``str`` of it, bounded for values of any size."""
    if isinstance(action, str):
        return quote(action)
    if isinstance(action, list | tuple | dict | set | frozenset | int | float):
        return quote(quote(action))  # str() of a container is its repr: bounded here
    return quote(str(action))


class InvalidActionError(GameError):
    """A notation that is not an action of this game at all (malformed text, wrong type)."""

    def __init__(self, text: object, reason: str = "not a valid action notation") -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"invalid action {quote(text)}: {reason}")


class IllegalActionError(GameError):
    """A well-formed action the rules refuse in the current position.

    ``rule`` names the rule (or ruling) that refused it; ``reason`` says why.
    """

    def __init__(self, action: object, reason: str, rule: str = "legal actions") -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        super().__init__(f"illegal action {_shown(action)}: {reason} (rule: {rule})")


class InvalidSaveError(GameError):
    """A saved game (JSON document) that cannot be loaded: malformed, wrong version, corrupt."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"cannot load saved game: {reason}")
