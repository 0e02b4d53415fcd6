"""Space Base actions: one small frozen ``Move`` with a notation that round-trips.

A decision that has several parts is a sequence of small actions (play the card, then
choose where), so no decision offers more than about a hundred actions.

=========================  =============================================================
notation                   meaning
=========================  =============================================================
``outpost (x,y)``          Setup: place your Outpost on that cell (near your corner)
``transfer (x,y)``         Transfer phase: play a Transfer card on your site at (x,y) ...
``move to (x,y)``          ... and move it to that empty cell, or
``swap with (x,y)``        ... switch it with your site at (x,y)
``repair (x,y) n``         Repair phase: pay n credits to remove n points of damage
``control (x,y)``          Control phase: play a Control card to take over that site
``control look p``         Control phase: play a Control card to look at player p's hand
``steal <card>``           ... and take that card from it
``discard <card>``         Draw phase: discard a card (9 or more cards in hand)
``build <card>``           Build phase: choose a site card from your hand ...
``place (x,y)``            ... and place it on that cell
``done``                   End the Transfer, Repair, Control or Build phase
=========================  =============================================================

Cells are ``(x,y)`` with 0 <= x, y <= 9 (spaces inside the brackets are accepted).
Card names are the card list's names; the singular titles ("Refinery", "Bio-Med Lab")
and any capitalisation are read too and written back as the printed name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.action import Action
from ..core.compiled import by_constructor
from ..core.errors import InvalidActionError
from . import data
from .cells import SIZE, Cell, cell_text

__all__ = ["CARD_VERBS", "CELL_VERBS", "VERBS", "Move"]

CELL_VERBS: Final = ("outpost", "transfer", "move", "swap", "repair", "control", "place")
CARD_VERBS: Final = ("steal", "discard", "build")
VERBS: Final = (*CELL_VERBS, *CARD_VERBS, "look", "done")
_PREFIX: Final = {"outpost": "outpost", "transfer": "transfer", "move": "move to",
                  "swap": "swap with", "control": "control", "place": "place"}
_CELL: Final = r"\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)"
_PATTERNS: Final = [
    (re.compile(rf"^(outpost|transfer|control|place) {_CELL}$"), "cell"),
    (re.compile(rf"^(move) to {_CELL}$"), "cell"),
    (re.compile(rf"^(swap) with {_CELL}$"), "cell"),
    (re.compile(rf"^(repair) {_CELL} (\d{{1,7}})$"), "repair"),
    (re.compile(r"^control (look) (\d{1,3})$"), "look"),
    (re.compile(r"^(steal|discard|build) (.+)$"), "card"),
    (re.compile(r"^(done)$"), "done"),
]
_CACHE: Final[dict[tuple, Move]] = {}


def _notation(v: str, cell: Cell | None, card: str, n: int) -> str:
    if v == "done":
        return "done"
    if v == "look":
        return f"control look {n}"
    if v in CARD_VERBS:
        return f"{v} {card}"
    c = cell_text(cell) if cell is not None else "(?)"
    if v == "repair":
        return f"repair {c} {n}"
    return f"{_PREFIX.get(v, v)} {c}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A Space Base action: a verb with a cell, a card name, and/or a number (the
    credits of a repair, the player whose hand a Control card looks at).

    The notation and the hash are computed once, when the action is made; the game
    hands out shared instances (:meth:`of`), so listing legal actions makes no new
    objects."""

    verb: str
    cell: Cell | None = None
    card: str = ""
    n: int = 0
    _text: str = field(default="", init=False, repr=False, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", _notation(self.verb, self.cell, self.card, self.n))
        object.__setattr__(self, "_hash", hash((self.verb, self.cell, self.card, self.n)))

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

    @classmethod
    def of(cls, verb: str, cell: Cell | None = None, card: str = "", n: int = 0) -> Move:
        """The shared instance of this action."""
        key = (verb, cell, card, n)
        m = _CACHE.get(key)
        if m is None:
            m = _CACHE[key] = cls(verb, cell, card, n)
        return m

    @classmethod
    def parse(cls, text: str) -> Move:
        if not isinstance(text, str):
            raise InvalidActionError(text, "an action notation is a string")
        if len(text) > 200:
            raise InvalidActionError(text[:60] + "...", "notation too long")
        t = " ".join(text.split())
        for pattern, shape in _PATTERNS:
            m = pattern.match(t)
            if m is None:
                continue
            verb = m.group(1)
            if shape == "done":
                return cls.of("done")
            if shape == "look":
                return cls.of("look", n=int(m.group(2)))
            if shape == "card":
                try:
                    name = data.card(m.group(2)).name
                except ValueError as e:
                    raise InvalidActionError(text, str(e)) from None
                return cls.of(verb, card=name)
            x, y = int(m.group(2)), int(m.group(3))
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                raise InvalidActionError(
                    text, f"({x},{y}) is not a cell of the {SIZE} x {SIZE} map "
                    f"(cells are (x,y) with 0 <= x, y <= {SIZE - 1})")
            if shape == "repair":
                return cls.of(verb, (x, y), n=int(m.group(4)))
            return cls.of(verb, (x, y))
        first = t.split(" ", 1)[0] if t else ""
        if first not in VERBS:
            raise InvalidActionError(
                text, f"unknown verb {first!r}; actions: outpost (x,y), transfer (x,y), "
                "move to (x,y), swap with (x,y), repair (x,y) n, control (x,y), "
                "control look p, steal <card>, discard <card>, build <card>, place (x,y), done")
        raise InvalidActionError(text, f"malformed {first!r} action (see the notation table "
                                       "in boardgames.spacebase.actions)")

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too
