"""The browser's messages: every shape is checked before a board looks at it."""

from __future__ import annotations

import pytest

from boardgames.ui.protocol import (
    MAX_ACTION_CHARS,
    MAX_LOAD_CHARS,
    MESSAGE_KEYS,
    MessageError,
    parse_message,
    quote,
)

GOOD = [
    {"type": "intent", "action": "pass", "version": 3},
    {"type": "why", "action": "build Space Navy", "version": 3},
    {"type": "undo", "version": 0},
    {"type": "redo", "version": 7},
    {"type": "roll", "version": 7},
    {"type": "auto_roll", "value": False, "version": 2},
    {"type": "agents", "run": True},
    {"type": "pace", "speed": "fast"},
    {"type": "pause_battles", "value": True},
    {"type": "resume", "version": 4},
    {"type": "opponent", "player": 1, "kind": "greedy"},
    {"type": "new", "seed": None},
    {"type": "new", "seed": 2**64 - 1},
    {"type": "new_house", "seed": None, "rule": "grace_turns", "value": 3},
    {"type": "fork", "step": None},
    {"type": "fork", "step": 12},
    {"type": "scrub", "step": 0},
    {"type": "save"},
    {"type": "load", "name": "g.json", "text": "{}"},
    {"type": "frontend_error", "message": "TypeError: x is undefined"},
    {"type": "reveal", "version": 7},
    {"type": "hint", "version": 7},
    {"type": "hint_stop"},
    {"type": "hint_play", "action": "take 2", "version": 7},
    {"type": "review"},
]


@pytest.mark.parametrize("msg", GOOD, ids=lambda m: m["type"])
def test_every_message_type_parses(msg: dict) -> None:
    m = parse_message(msg)
    assert m.type == msg["type"]
    assert m.raw == msg
    for k in MESSAGE_KEYS[m.type]:
        assert m[k] == msg[k]


def test_every_message_type_has_a_good_example() -> None:
    assert {m["type"] for m in GOOD} == set(MESSAGE_KEYS)


BAD = [
    ("not an object", ["intent", "pass", 1], "expected a JSON object"),
    ("string", "pass", "expected a JSON object"),
    ("no type", {"action": "pass", "version": 1}, "unknown message type"),
    ("unknown type", {"type": "set_state", "megacredits": 999}, "unknown message type"),
    ("type not a string", {"type": 3, "version": 1}, "unknown message type"),
    ("missing version", {"type": "intent", "action": "pass"}, "missing ['version']"),
    ("extra field", {"type": "intent", "action": "pass", "version": 1, "player": 0},
     "unexpected ['player']"),
    ("state smuggled in", {"type": "undo", "version": 1, "state": {"megacredits": 9}},
     "unexpected ['state']"),
    ("action not a string", {"type": "intent", "action": ["pass"], "version": 1},
     "'action' must be a string"),
    ("action huge", {"type": "intent", "action": "x" * (MAX_ACTION_CHARS + 1), "version": 1},
     "characters long"),
    ("version a string", {"type": "intent", "action": "pass", "version": "1"},
     "'version' must be an integer"),
    ("version a bool", {"type": "intent", "action": "pass", "version": True},
     "'version' must be an integer"),
    ("version a float", {"type": "intent", "action": "pass", "version": 1.0},
     "'version' must be an integer"),
    ("version negative", {"type": "intent", "action": "pass", "version": -1}, "must be in"),
    ("version beyond JS integers", {"type": "intent", "action": "pass", "version": 2**60},
     "must be in"),
    ("seed too large", {"type": "new", "seed": 2**64}, "must be in"),
    ("seed a string", {"type": "new", "seed": "7"}, "'seed' must be an integer"),
    ("auto_roll not a bool", {"type": "auto_roll", "value": 1, "version": 1},
     "must be true or false"),
    ("load text huge", {"type": "load", "name": "a", "text": "x" * (MAX_LOAD_CHARS + 1)},
     "characters long"),
    ("step null where needed", {"type": "undo", "version": None}, "must be an integer"),
]


@pytest.mark.parametrize(("msg", "why"), [(m, w) for _, m, w in BAD], ids=[b[0] for b in BAD])
def test_malformed_messages_are_refused_with_the_reason(msg: object, why: str) -> None:
    with pytest.raises(MessageError) as e:
        parse_message(msg)
    assert why in str(e.value)
    assert isinstance(e.value, ValueError)
    assert str(e.value).startswith("refused message ")


def test_binary_buffers_are_refused() -> None:
    with pytest.raises(MessageError, match="binary buffers"):
        parse_message({"type": "save"}, [b"\x00"])


def test_errors_quote_the_input_shortened() -> None:
    with pytest.raises(MessageError) as e:
        parse_message({"type": "intent", "action": "y" * 10_000, "version": 1})
    assert "yyyy" in str(e.value)
    assert len(str(e.value)) < 400
    assert quote("a" * 500, 20) == "'" + "a" * 16 + "..."
