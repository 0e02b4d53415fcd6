"""Spacehole actions: one small frozen ``Move`` with a notation that round-trips.

=====================  ==========================================================
notation               meaning
=====================  ==========================================================
``discard <card>``     Space Karma: discard a card from a hand over its limit
``build <card>``       Build: play a Structure or Defender from hand
``repair <card>``      Build: play nothing and remove all damage from that card
``pass``               Build: play nothing and repair nothing
``take <card>``        Reinforcements / Repairs: take that card from the discard pile
``virus <card>``       Space Virus: discard that Defender or Colony
``remove <card>``      Defender capacity dropped: discard that Defender
``power <structure>``  Power (manual): place power tokens on one more such structure
``power optimal``      Power: use the income-maximising allocation
``power done``         Power (manual): finish with the tokens placed
``peek <card>``        End of turn: discard a Rangers/Scouts card to see 1D6 cards
``end turn``           End of turn: finish the turn
=====================  ==========================================================

Cards in play are named by what they are: ``Space Marines`` or, when damaged,
``Space Marines [2 dmg]``; identical cards with equal damage are interchangeable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.action import Action
from ..core.compiled import by_constructor
from ..core.errors import InvalidActionError

__all__ = ["VERBS", "Move", "label", "parse_label"]

VERBS: Final = (
    "build", "discard", "end", "peek", "pass", "power", "remove", "repair", "take", "virus"
)
_NO_ARG: Final = {"pass": "", "end": "turn"}
_LABEL: Final = re.compile(r"^(?P<name>.*?)(?: \[(?P<dmg>[1-9]\d{0,2}) dmg\])?$")


def label(name: str, damage: int) -> str:
    """The notation of a card in play with ``damage`` damage counters."""
    return name if damage == 0 else f"{name} [{damage} dmg]"


_PARSED: Final[dict[str, tuple[str, int]]] = {}
_MOVES: Final[dict[tuple[str, str], Move]] = {}


def parse_label(text: str) -> tuple[str, int]:
    """(name, damage) of a card label."""
    out = _PARSED.get(text)
    if out is None:
        m = _LABEL.match(text)
        if m is None or not m.group("name").strip():  # pragma: no cover - always matches
            raise InvalidActionError(text,
                                     "expected a card name, optionally followed by [N dmg]")
        out = (m.group("name"), int(m.group("dmg") or 0))
        if len(_PARSED) >= 4096:  # labels come from games, but also from any user's text
            _PARSED.clear()
        _PARSED[text] = out
    return out


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A Spacehole action: a verb and its argument (a card label, or a word).

    The notation and the hash are computed once, when the action is made; the game lists
    shared instances (:meth:`of`), so listing legal actions makes no new objects."""

    verb: str
    arg: str = ""
    _text: str = field(default="", init=False, repr=False, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        text = f"{self.verb} {self.arg}" if self.arg else self.verb
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_hash", hash((self.verb, self.arg)))
        if self.verb not in VERBS:
            raise InvalidActionError(text, f"unknown verb {self.verb!r}; verbs: {VERBS}")

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not Move:
            return NotImplemented
        return self.verb == other.verb and self.arg == other.arg

    @classmethod
    def of(cls, verb: str, arg: str = "") -> Move:
        """The shared instance of this action."""
        m = _MOVES.get((verb, arg))
        if m is None:
            m = cls(verb, arg)
            if len(_MOVES) >= 8192:  # pragma: no cover - games name a few hundred
                _MOVES.clear()
            _MOVES[(verb, arg)] = m
        return m

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidActionError(text, "an action notation is a string")
        if len(text) > 200:
            raise InvalidActionError(text[:60] + "...", "notation too long")
        t = " ".join(text.split())
        verb, _, arg = t.partition(" ")
        if verb not in VERBS:
            raise InvalidActionError(text, f"unknown verb {verb!r}; verbs: {', '.join(VERBS)}")
        if verb in _NO_ARG:
            if arg != _NO_ARG[verb]:
                want = f"{verb} {_NO_ARG[verb]}".strip()
                raise InvalidActionError(text, f"expected exactly {want!r}")
            return cls(verb, arg)
        if not arg:
            raise InvalidActionError(text, f"{verb!r} needs a card name")
        if verb == "power" and arg in ("optimal", "done"):
            return cls(verb, arg)
        parse_label(arg)
        return cls(verb, arg)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too
