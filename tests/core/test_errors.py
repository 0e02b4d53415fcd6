"""Errors: ValueError subclasses whose message quotes the input."""

from __future__ import annotations

import pytest

from boardgames.core.errors import (
    GameError,
    IllegalActionError,
    InvalidActionError,
    InvalidSaveError,
)


@pytest.mark.parametrize(
    "cls", [GameError, IllegalActionError, InvalidActionError, InvalidSaveError]
)
def test_every_error_is_a_value_error(cls: type) -> None:
    assert issubclass(cls, GameError) and issubclass(cls, ValueError)


def test_invalid_action_quotes_the_input_with_repr() -> None:
    e = InvalidActionError("bild Mine", "unknown verb 'bild'")
    assert str(e) == "invalid action 'bild Mine': unknown verb 'bild'"
    assert e.text == "bild Mine" and e.reason == "unknown verb 'bild'"
    assert "None" in str(InvalidActionError(None)) and "42" in str(InvalidActionError(42))
    assert "not a valid action notation" in str(InvalidActionError("x"))


def test_illegal_action_quotes_the_action_the_reason_and_the_rule() -> None:
    e = IllegalActionError("build Mine", "there is no Mine in hand", "Build Phase")
    assert str(e) == ("illegal action 'build Mine': there is no Mine in hand (rule: Build Phase)")
    assert (e.action, e.reason, e.rule) == ("build Mine", "there is no Mine in hand", "Build Phase")
    assert "(rule: legal actions)" in str(IllegalActionError("x", "why"))


def test_invalid_save_carries_the_reason() -> None:
    e = InvalidSaveError("version 2 is not 1")
    assert str(e) == "cannot load saved game: version 2 is not 1" and e.reason.startswith("v")
