"""The messages a board's browser half may send to Python, and their validation.

The browser is untrusted: it sends *intents* (an action's notation and the view version
it was chosen on) and requests for the common controls, never state. Every message is
checked here for its type, its exact set of keys, the type and size of every value,
before the board looks at it. Anything else raises :class:`MessageError` (a
``ValueError`` quoting the input), which the board shows in its ``error`` trait.

Pure Python: no Jupyter import, so it is tested without a kernel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.limits import quote, shorten  # quote: re-exported

__all__ = [
    "MAX_ACTION_CHARS",
    "MAX_LOAD_CHARS",
    "MESSAGE_KEYS",
    "Message",
    "MessageError",
    "parse_message",
    "quote",
]

MAX_ACTION_CHARS = 200
"""Longest action notation accepted (the same bound as the games' parsers)."""

MAX_LOAD_CHARS = 8 * 1024 * 1024
"""Largest saved game accepted from the browser's "load" button."""

MAX_TEXT_CHARS = 2000
"""Longest free text (a front-end error message, a file name)."""

MAX_VERSION = 2**53 - 1
MAX_SEED = 2**64 - 1

_INT = "int"
_INT_OR_NONE = "int or null"
_STR = "str"
_BOOL = "bool"

# type -> {key: kind}. Every key is required ("step" and "seed" may be null).
MESSAGE_KEYS: dict[str, dict[str, str]] = {
    "intent": {"action": _STR, "version": _INT},
    "why": {"action": _STR, "version": _INT},  # a click on something not playable now
    "undo": {"version": _INT},
    "redo": {"version": _INT},
    "roll": {"version": _INT},
    "auto_roll": {"value": _BOOL, "version": _INT},
    "agents": {"run": _BOOL},
    "pace": {"speed": _STR},  # the computer players' pace: a name of board.PACES
    "pause_battles": {"value": _BOOL},  # hold a computer's action that resolves a battle
    "resume": {"version": _INT},  # play the held action
    "opponent": {"player": _INT, "kind": _STR},
    "new": {"seed": _INT_OR_NONE},
    "new_house": {"seed": _INT_OR_NONE, "rule": _STR, "value": _INT},  # with a house rule
    "fork": {"step": _INT_OR_NONE},
    "scrub": {"step": _INT_OR_NONE},
    "save": {},
    "load": {"name": _STR, "text": _STR},
    "frontend_error": {"message": _STR},
    "reveal": {"version": _INT},  # a covered hot-seat board: the next player shows their view
    "hint": {"version": _INT},  # rank the legal actions of this board's player (a thread)
    "hint_stop": {},  # stop the running hint or review
    "hint_play": {"action": _STR, "version": _INT},  # play one of the hinted actions
    "review": {},  # review this board's player's decisions so far (a thread)
}

_LIMITS = {"action": MAX_ACTION_CHARS, "text": MAX_LOAD_CHARS, "name": MAX_TEXT_CHARS,
           "message": MAX_TEXT_CHARS, "kind": 20, "speed": 20, "rule": 40}


class MessageError(ValueError):
    """A message from the browser that is malformed, forged, stale or refused."""

    def __init__(self, message: object, reason: str) -> None:
        self.reason = reason
        super().__init__(shorten(f"refused message {quote(message)}: {reason}"))


@dataclass(frozen=True)
class Message:
    """A checked message: its type and its fields (see :data:`MESSAGE_KEYS`)."""

    type: str
    fields: dict[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.fields[key]

    @property
    def raw(self) -> dict[str, Any]:
        """The message as sent (for quoting in errors)."""
        return {"type": self.type, **self.fields}


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def parse_message(content: object, buffers: object = None) -> Message:
    """Check one message from the browser; raise :class:`MessageError` if it is not
    exactly one of the shapes in :data:`MESSAGE_KEYS`."""
    if buffers:
        raise MessageError(content if isinstance(content, dict) else "<binary>",
                           "binary buffers are not accepted")
    if not isinstance(content, dict):
        raise MessageError(content, f"expected a JSON object, not {type(content).__name__}")
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in MESSAGE_KEYS:
        raise MessageError(
            content, f"unknown message type {quote(kind, 40)}; types: {', '.join(MESSAGE_KEYS)}"
        )
    spec = MESSAGE_KEYS[kind]
    keys = set(content) - {"type"}
    extra = sorted(quote(k, 40) for k in keys - set(spec))
    missing = sorted(set(spec) - keys)
    if extra or missing:
        raise MessageError(
            content,
            f"a {quote(kind)} message has exactly the keys {sorted(['type', *spec])}"
            + (f"; unexpected [{', '.join(extra[:8])}]" if extra else "")
            + (f"; missing {missing}" if missing else ""),
        )
    fields: dict[str, Any] = {}
    for key, want in spec.items():
        v = content[key]
        if want == _STR:
            if not isinstance(v, str):
                raise MessageError(content, f"{key!r} must be a string, not {type(v).__name__}")
            limit = _LIMITS[key]
            if len(v) > limit:
                raise MessageError(content, f"{key!r} is {len(v)} characters long "
                                            f"(at most {limit})")
        elif want == _BOOL:
            if not isinstance(v, bool):
                raise MessageError(content, f"{key!r} must be true or false, not {quote(v, 30)}")
        else:
            if v is None and want == _INT_OR_NONE:
                fields[key] = None
                continue
            if not _is_int(v):
                raise MessageError(content, f"{key!r} must be an integer, not {quote(v, 30)}")
            top = MAX_SEED if key == "seed" else MAX_VERSION
            if not 0 <= v <= top:
                raise MessageError(content, f"{key!r} must be in [0, {top}], not {quote(v, 30)}")
        fields[key] = v
    return Message(kind, fields)
