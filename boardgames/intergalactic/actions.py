"""Intergalactic actions: one small frozen ``Move`` with a notation that round-trips.

=================================  ==========================================================
notation                           meaning
=================================  ==========================================================
``race <name>``                    set-up: take that Race (``race roll``: roll 1D10 for it)
``homeworld <name>``               set-up: take that Homeworld (``homeworld roll``: roll for it)
``keep <total>``                   after a list roll: take the entry the total lands on,
                                   spending nothing
``land on <t> <entry> (<n> IT)``   after a list roll: spend n IT to move the total to t
                                   (1 IT a point, up or down, within 0..101) and take
                                   ``<entry>`` (``nothing`` below the lowest threshold); one
                                   action per entry within reach, at its cheapest total
``pick <name>``                    "Pick one of the Above": take that entry
``extra roll``                     spend 5 IT for one more roll on the stage's list
``end turn``                       finish the turn
``attack <player>``                Challenge: attack that living opponent (0-based index)
``attack again``                   after a battle: spend 5 IT to attack again (Challenge phase)
``prevent battle``                 Diplomacy / Truce: cancel this battle
``allow battle``                   Diplomacy / Truce: let the battle go on
``steal <technology>``             Steal Technology: copy that technology of an opponent
``sabotage <fleet>``               Sabotage: destroy that fleet of the opponent
``add <k>``                        Advantage: add k IT to the BAT (``add 0``: none)
``discard <fleet>``                lose that fleet (battle lost or tied)
``take <world>``                   Resolution: take that world of the loser
``remove <development>``           Resolution: eliminate that development of the loser
=================================  ==========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.action import Action
from ..core.compiled import by_constructor
from ..core.errors import InvalidActionError

__all__ = ["VERBS", "Move"]

_FIXED: Final = {
    "extra": ("roll",), "end": ("turn",), "prevent": ("battle",), "allow": ("battle",),
}
_NAMED: Final = ("race", "homeworld", "pick", "steal", "sabotage", "discard", "take", "remove",
                 "attack")
_NUMBERED: Final = {
    "keep": re.compile(r"-?\d{1,4}"),
    "land": re.compile(r"on (\d{1,3}) (\S.*) \((\d{1,4}) IT\)"),
    "add": re.compile(r"\d{1,4}"),
}
"""The token spending verbs and the shape of their argument (checked by ``parse``)."""
_EXPECTED: Final = {"keep": "'keep <total>'", "land": "'land on <total> <entry> (<n> IT)'",
                    "add": "'add <tokens>'"}
VERBS: Final = tuple(sorted((*_FIXED, *_NAMED, *_NUMBERED)))
_CACHE: Final[dict[tuple[str, str], Move]] = {}


@dataclass(frozen=True, slots=True)
class Move(Action):
    """An Intergalactic action: a verb and its argument. The notation and the hash are
    computed once, when the move is made (the game shares its instances: :meth:`of`)."""

    verb: str
    arg: str = ""
    _text: str = field(default="", init=False, repr=False, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.verb not in VERBS:
            raise InvalidActionError(f"{self.verb} {self.arg}".strip(),
                                     f"unknown verb {self.verb!r}; verbs: {VERBS}")
        if not isinstance(self.arg, str):
            raise InvalidActionError(self.arg, "a move's argument is a string")
        object.__setattr__(self, "_text", f"{self.verb} {self.arg}" if self.arg else self.verb)
        object.__setattr__(self, "_hash", hash(self._text))

    def __str__(self) -> str:
        return self._text

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not Move:
            return NotImplemented
        return self._text == other._text  # the notation is one-to-one

    @property
    def total(self) -> int | None:
        """The total a ``keep`` or ``land on`` action lands on (None for other verbs)."""
        if self.verb == "keep":
            return int(self.arg)
        if self.verb == "land":
            return int(self.arg.split(" ", 2)[1])
        return None

    @property
    def entry(self) -> str | None:
        """The entry a ``land on`` action names (``nothing`` below the lowest threshold);
        None for other verbs."""
        if self.verb != "land":
            return None
        return self.arg.split(" ", 2)[2].rsplit(" (", 1)[0]

    @classmethod
    def of(cls, verb: str, arg: str = "") -> Move:
        """The shared instance of ``Move(verb, arg)``."""
        m = _CACHE.get((verb, arg))
        if m is None:
            m = _CACHE[verb, arg] = cls(verb, arg)
        return m

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidActionError(text, "an action notation is a string")
        if len(text) > 200:
            raise InvalidActionError(text[:60] + "...", "notation too long")
        verb, _, arg = " ".join(text.split()).partition(" ")
        if verb not in VERBS:
            raise InvalidActionError(text, f"unknown verb {verb!r}; verbs: {', '.join(VERBS)}")
        if verb in _FIXED:
            if arg not in _FIXED[verb]:
                want = " or ".join(repr(f"{verb} {a}".strip()) for a in _FIXED[verb])
                raise InvalidActionError(text, f"expected {want}")
            return _CACHE.get((verb, arg)) or cls(verb, arg)
        if verb in _NUMBERED:
            if not _NUMBERED[verb].fullmatch(arg):
                raise InvalidActionError(text, f"expected {_EXPECTED[verb]}")
            return _CACHE.get((verb, arg)) or cls(verb, arg)
        if not arg:
            raise InvalidActionError(text, f"{verb!r} needs a name")
        if verb == "attack" and arg != "again" and not arg.isdigit():
            raise InvalidActionError(text, "expected 'attack <player number>' or 'attack again'")
        return _CACHE.get((verb, arg)) or cls(verb, arg)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too
