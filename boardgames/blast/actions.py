"""Blast actions: one small frozen ``Order`` with a notation that round-trips.

Units are named by where they are and what they are: ``12:3`` is a unit of force 3 on
sector 12 (units of one side with equal force on one sector are interchangeable). Dice
are named by the value they show.

===========================================  ===========================================
notation                                     meaning
===========================================  ===========================================
``move 12:3 by 4``                           move a unit of force 3 from sector 12 with
                                             the die showing 4 (in the side's direction)
``play Space Combat Tactics``                put the card in play: one die may move
                                             backwards this Move Phase
``move 12:3 back 4``                         with Space Combat Tactics in play: the unit
                                             moves 4 backwards
``play Strategic Move``                      put the card in play: one die may move a
                                             whole stack this Move Phase
``move 12 by 4``                             with Strategic Move in play: every movable
                                             own unit of sector 12 moves 4
``play Defend the Homeworld on 12:3``        that unit jumps to its homeworld (no die)
``play Jam Transmission on 12:3``            (the opponent) that unit cannot move
``play Ion Thrusters on die 3``              +1 to a die showing 3 (Warp Overdrive +2,
                                             Maximum Burn +3)
``play Battle Computers on die 3``           reroll a die showing 3
``play Hold Position on die 3``              do not use a die showing 3
``play Hyper Jump``                          roll a third die
``play Nova Bomb``                           an attack or defence card in a fight; also
                                             Espionage and Major Offensive
``rebuild 3``                                doubles: a destroyed unit of force 3 returns
                                             to the homeworld
``rebuild 3 with Reinforcements``            the same, with the Reinforcements card
``discard Ambush``                           discard a card (hand limit, Major Offensive)
``fight 12``                                 resolve the fight on sector 12 next
``keep 3``                                   the winner of a fight keeps a unit of force 3
``done``                                     finish one's own optional step
``pass``                                     decline to respond on the opponent's turn
===========================================  ===========================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final

from ..core.action import Action, check_field
from ..core.compiled import by_constructor
from ..core.errors import InvalidActionError
from ..core.limits import quote
from .data import BY_NAME, SECTORS

__all__ = ["BACKWARDS", "MOVE_CARDS", "STACK", "TARGETS", "VERBS", "Order", "order"]

VERBS: Final = ("discard", "done", "fight", "keep", "move", "pass", "play", "rebuild")
MAX_DIE: Final = 30
"""The largest die value a notation may name (6 + every modifier card is 18)."""

TARGETS: Final[dict[str, str]] = {
    "Ion Thrusters": "die", "Warp Overdrive": "die", "Maximum Burn": "die",
    "Battle Computers": "die", "Hold Position": "die",
    "Defend the Homeworld": "unit", "Jam Transmission": "unit",
    "Reinforcements": "rebuild",
}
"""What a played card names: a die or a unit; other cards name nothing. Reinforcements
is played through ``rebuild N with Reinforcements``."""

BACKWARDS: Final = "Space Combat Tactics"
"""The move card in play that lets one die move a unit backwards (``move 12:3 back 4``)."""
STACK: Final = "Strategic Move"
"""The move card in play that lets one die move a whole stack (``move 12 by 4``)."""
MOVE_CARDS: Final = (BACKWARDS, STACK)
"""The move cards put in play before the move they allow (ruling 7: "once a move card
is in play [...] the moves it allows count")."""

_UNIT: Final = r"(?P<s>\d{1,2}):(?P<f>\d)"
_DIE: Final = r"(?P<d>\d{1,2})"
_PATTERNS: Final = {
    "move": re.compile(rf"^move {_UNIT} by {_DIE}$"),
    "back": re.compile(rf"^move {_UNIT} back {_DIE}$"),
    "stack": re.compile(rf"^move (?P<s>\d{{1,2}}) by {_DIE}$"),
    "rebuild": re.compile(r"^rebuild (?P<f>\d)(?: with (?P<card>Reinforcements))?$"),
    "discard": re.compile(r"^discard (?P<card>.+)$"),
    "fight": re.compile(r"^fight (?P<s>\d{1,2})$"),
    "keep": re.compile(r"^keep (?P<f>\d)$"),
}
_PLAY: Final = {
    "die": re.compile(rf"^ on die {_DIE}$"),
    "unit": re.compile(rf"^ on {_UNIT}$"),
    "": re.compile(r"^$"),
}


@dataclass(frozen=True, slots=True, eq=False, init=False)
class Order(Action):
    """A Blast action: a verb, a card, and the sector / force / die it names (0 = none).

    Two orders are equal when their notations are (the notation names every field), which
    is also what they hash on; both are computed once, when the order is made."""

    verb: str
    card: str = ""
    sector: int = 0
    force: int = 0
    die: int = 0
    text: str = field(init=False, repr=False, default="")
    _hash: int = field(init=False, repr=False, default=0)

    def __init__(self, verb: Any, card: Any = "", sector: Any = 0, force: Any = 0,
                 die: Any = 0) -> None:
        # Written here, not generated by ``dataclass``: compiled by mypyc, a generated
        # ``__init__`` would run as interpreted Python, 7 times slower (docs/speed.md).
        for name, value, kind in (("verb", verb, str), ("card", card, str),
                                  ("sector", sector, int), ("force", force, int),
                                  ("die", die, int)):
            check_field("Blast", name, value, kind)
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "sector", sector)
        object.__setattr__(self, "force", force)
        object.__setattr__(self, "die", die)
        text = self._notation()
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "_hash", hash(("blast", text)))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Order:
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def _notation(self) -> str:
        v, c, s, f, d = self.verb, self.card, self.sector, self.force, self.die
        if v not in VERBS:
            raise InvalidActionError(f"{v} ...",
                                     f"unknown verb {quote(v)}; verbs: {', '.join(VERBS)}")
        if v in ("done", "pass"):
            return v
        if v == "move":
            if c == BACKWARDS:
                return f"move {s}:{f} back {d}"
            if c == STACK:
                return f"move {s} by {d}"
            if c:
                raise InvalidActionError(f"move ... ({c})", f"{quote(c)} moves no unit")
            return f"move {s}:{f} by {d}"
        if v == "rebuild":
            return f"rebuild {f}" + (f" with {c}" if c else "")
        if v == "discard":
            return f"discard {c}"
        if v == "fight":
            return f"fight {s}"
        if v == "keep":
            return f"keep {f}"
        target = TARGETS.get(c, "")
        if target == "die":
            return f"play {c} on die {d}"
        if target == "unit":
            return f"play {c} on {s}:{f}"
        return f"play {c}"

    def __str__(self) -> str:
        return self.text

    @property
    def unit(self) -> tuple[int, int]:
        """(sector, force) named by the action (0s when it names none)."""
        return (self.sector, self.force)

    @classmethod
    def parse(cls, text: str) -> Order:
        if not isinstance(text, str):
            raise InvalidActionError(text, "an action notation is a string")
        if len(text) > 200:
            raise InvalidActionError(text[:60] + "...", "notation too long")
        t = " ".join(text.split())
        verb = t.partition(" ")[0]
        if verb not in VERBS:
            raise InvalidActionError(text, f"unknown verb {quote(verb)}; verbs: {', '.join(VERBS)}")
        if verb in ("done", "pass"):
            if t != verb:
                raise InvalidActionError(text, f"{quote(verb)} takes nothing after it")
            return cls(verb)
        if verb == "play":
            return _parse_play(text, t)
        m = _PATTERNS[verb].match(t)
        card = ""
        if m is None and verb == "move":
            m, card = _PATTERNS["back"].match(t), BACKWARDS
            if m is None:
                m, card = _PATTERNS["stack"].match(t), STACK
        if m is None:
            want = {"move": "'move <sector>:<force> by <die>', 'move <sector>:<force> back "
                            "<die>' or 'move <sector> by <die>'",
                    "rebuild": "'rebuild <force> [with Reinforcements]'",
                    "discard": "'discard <card name>'", "fight": "'fight <sector>'",
                    "keep": "'keep <force>'"}[verb]
            raise InvalidActionError(text, f"expected {want}")
        g = m.groupdict()
        card = g.get("card") or card
        if verb == "discard" and card not in BY_NAME:
            raise InvalidActionError(text, f"no Blast card is called {quote(card)}")
        order = cls(verb, card, int(g.get("s") or 0), int(g.get("f") or 0),
                    int(g.get("d") or 0))
        _check_ranges(text, order)
        return order

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return by_constructor(self)  # compiled by mypyc, it pickles this way too


def _parse_play(text: str, t: str) -> Order:
    rest = t[len("play "):] if t.startswith("play ") else ""
    name = next((n for n in sorted(BY_NAME, key=len, reverse=True)
                 if rest == n or rest.startswith(n + " ")), None)
    if name is None:
        raise InvalidActionError(text, f"no Blast card is called {quote(rest)}")
    target = TARGETS.get(name, "")
    if target == "rebuild":
        raise InvalidActionError(text, "Reinforcements is played as 'rebuild <force> with "
                                       "Reinforcements'")
    m = _PLAY[target].match(t[len("play ") + len(name):])
    if m is None:
        want = {"die": " on die <value>", "unit": " on <sector>:<force>",
                "": ""}[target]
        raise InvalidActionError(text, f"expected 'play {name}{want}'")
    g = m.groupdict()
    order = Order("play", name, int(g.get("s") or 0), int(g.get("f") or 0),
                  int(g.get("d") or 0))
    _check_ranges(text, order)
    return order


def _check_ranges(text: str, o: Order) -> None:
    uses = {
        "move": "sd" if o.card == STACK else "sfd", "rebuild": "f", "fight": "s",
        "keep": "f", "discard": "",
    }.get(o.verb)
    if uses is None:
        uses = {"die": "d", "unit": "sf"}.get(
            TARGETS.get(o.card, ""), "")
    if "s" in uses and not 1 <= o.sector <= SECTORS:
        raise InvalidActionError(text, f"sector {o.sector} is not 1..{SECTORS}")
    if "f" in uses and not 1 <= o.force <= 5:
        raise InvalidActionError(text, f"force {o.force} is not 1..5")
    if "d" in uses and not 1 <= o.die <= MAX_DIE:
        raise InvalidActionError(text, f"die value {o.die} is not 1..{MAX_DIE}")


_CACHE: Final[dict[str, dict[str, dict[int, Order]]]] = {}
"""The orders made so far: verb -> card -> ``fields_key(sector, force, die)`` -> order
(three look-ups of an int or a str: cheaper than one of a five-item tuple)."""


def fields_key(sector: int, force: int, die: int) -> int:
    """One int for an order's sector, force and die, each 0-63 (``order`` keeps only
    such orders: every one the engine makes)."""
    return (sector * 64 + force) * 64 + die


def order(verb: str, card: str = "", sector: int = 0, force: int = 0, die: int = 0) -> Order:
    """The (shared, immutable) ``Order`` with these fields: the engine makes the same few
    hundred actions over and over, so it reuses them."""
    if not (0 <= sector < 64 and 0 <= force < 64 and 0 <= die < 64):
        return Order(verb, card, sector, force, die)
    by_card = _CACHE.get(verb)
    if by_card is None:
        by_card = _CACHE[verb] = {}
    orders = by_card.get(card)
    if orders is None:
        orders = by_card[card] = {}
    key = fields_key(sector, force, die)
    o = orders.get(key)
    if o is None:
        o = orders[key] = Order(verb, card, sector, force, die)
    return o
