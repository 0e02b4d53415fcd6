"""Errors raised by every game: all are ``ValueError`` subclasses that quote the input."""

from __future__ import annotations

__all__ = ["GameError", "IllegalActionError", "InvalidActionError", "InvalidSaveError"]


class GameError(ValueError):
    """Base class of the errors a game raises for bad input. The game is left unchanged."""


class InvalidActionError(GameError):
    """A notation that is not an action of this game at all (malformed text, wrong type)."""

    def __init__(self, text: object, reason: str = "not a valid action notation") -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"invalid action {text!r}: {reason}")


class IllegalActionError(GameError):
    """A well-formed action the rules refuse in the current position.

    ``rule`` names the rule (or ruling) that refused it; ``reason`` says why.
    """

    def __init__(self, action: object, reason: str, rule: str = "legal actions") -> None:
        self.action = action
        self.reason = reason
        self.rule = rule
        super().__init__(f"illegal action {str(action)!r}: {reason} (rule: {rule})")


class InvalidSaveError(GameError):
    """A saved game (JSON document) that cannot be loaded: malformed, wrong version, corrupt."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"cannot load saved game: {reason}")
