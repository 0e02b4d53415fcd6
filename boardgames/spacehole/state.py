"""A Spacehole position: :class:`SpaceholeState`.

The core makes every step on a copy of the current state (copy-on-write): ``copy()``
shares every part with the original, and a step replaces what it changes. The hand and
the cards in play are sorted tuples and ``powered`` and ``last_round`` are replaced,
never changed; the deck and the discard pile are replaced by a changed copy by the
functions that change them (:func:`deck_to_change`, :func:`discard`,
:func:`take_from_discard`), so a state that has been current is never changed again.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.deck import Deck
from ..core.game import State

__all__ = ["PHASES", "Cards", "SpaceholeState", "deck_to_change", "discard",
           "take_from_discard", "with_card", "with_item", "without_card"]

PHASES: Final = ("karma", "event", "build", "power", "income", "end", "over")
"""The five phases of a turn in the order written, the end-of-turn step (where the
Rangers are discarded to peek), and the end of the game."""

Cards = tuple[tuple[str, int], ...]
"""Cards in play: sorted ``(name, damage)`` pairs (equal pairs are interchangeable)."""

Round = tuple[int | None, ...]
"""The battle round under way, five items: (round, invader dice, invader hits, defender
dice, defender hits), None for what has not been rolled yet."""


class SpaceholeState(State):
    """Everything about a Spacehole position.

    turn, phase, stage
        The turn number (one per card drawn), the phase (:data:`PHASES`) and the stage
        of the turn the engine is at (``turn.STAGES``: the phase's steps, ``battle``,
        ``battle_step``, ``flare``, ``event_done``, ``finish``, ``over``).
    pending, after
        The decision the player is asked for (``"build"``, ``"discard"``, ``"power"``,
        ``"end"``, ``"take_defender"``, ``"take_structure"``, ``"virus"``,
        ``"overflow"``) or None; the stage to go on with once a discard decision is made.
    chance
        The chance node pending, or None: ``(kind,)`` or ``("inv_dice", n)`` /
        ``("def_dice", n)`` (the number of hits among ``n`` dice).
    deck, hand, discard
        The deck (a multiset, ``core.deck.Deck``: cards seen by the Rangers on top, in
        order), the hand (sorted names), the discard pile (``{name: count}``).
    structures, defenders, base_damage
        The cards in play (:data:`Cards`; the Base is not among them) and the hits on
        the Base.
    megacredits, terraform, seismic, powered, last_income
        The Megacredits; Terraform events resolved; Seismic Events this turn; the power
        tokens of the Power phase (``{role: how many powered}``); the last income.
    current, inv_damage, battle_round, bq, inv_hits, def_hits, last_round
        The Invader or Event card being resolved; the invader's damage, the round, the
        steps of the round still to make (``battle.ROUND_STEPS``), the hits rolled
        and not yet placed or applied, the round's dice (:data:`Round`).
    flare_left, reveal_left
        Solar Flare points still to place; cards the Rangers still have to see.
    last_drawn, lost
        Whether the last card has been drawn (the game ends with this turn); whether
        the Base was destroyed.
    """

    __slots__ = ("after", "base_damage", "battle_round", "bq", "chance", "current", "deck",
                 "def_hits", "defenders", "discard", "flare_left", "hand", "inv_damage",
                 "inv_hits", "last_drawn", "last_income", "last_round", "lost",
                 "megacredits", "pending", "phase", "powered", "reveal_left", "seismic",
                 "stage", "structures", "terraform", "turn")

    def __init__(self, deck: Deck) -> None:
        """The position before the first card is drawn: the Base alone in play, no
        Megacredits, no cards in hand, ``deck`` to draw from."""
        self.turn = 1
        self.phase = "karma"
        self.stage = "karma_draw"
        self.pending: str | None = None
        self.after: str | None = None
        self.chance: tuple[Any, ...] | None = None
        self.deck = deck
        self.hand: tuple[str, ...] = ()
        self.discard: dict[str, int] = {}
        self.structures: Cards = ()
        self.defenders: Cards = ()
        self.base_damage = 0
        self.megacredits = 0
        self.terraform = 0
        self.seismic = False
        self.powered: dict[str, int] = {}
        self.last_income: int | None = None
        self.current: str | None = None
        self.inv_damage = 0
        self.battle_round = 0
        self.bq: tuple[str, ...] = ()
        self.inv_hits = 0
        self.def_hits = 0
        self.last_round: Round = (0, None, None, None, None)
        self.flare_left = 0
        self.reveal_left = 0
        self.last_drawn = False
        self.lost = False

    def copy(self) -> SpaceholeState:
        """A copy sharing every part (each step replaces what it changes)."""
        c = SpaceholeState(self.deck)
        c.turn, c.phase, c.stage = self.turn, self.phase, self.stage
        c.pending, c.after, c.chance = self.pending, self.after, self.chance
        c.hand, c.discard = self.hand, self.discard
        c.structures, c.defenders, c.base_damage = \
            self.structures, self.defenders, self.base_damage
        c.megacredits, c.terraform, c.seismic = self.megacredits, self.terraform, self.seismic
        c.powered, c.last_income = self.powered, self.last_income
        c.current, c.inv_damage, c.battle_round = \
            self.current, self.inv_damage, self.battle_round
        c.bq, c.inv_hits, c.def_hits = self.bq, self.inv_hits, self.def_hits
        c.last_round = self.last_round
        c.flare_left, c.reveal_left = self.flare_left, self.reveal_left
        c.last_drawn, c.lost = self.last_drawn, self.lost
        return c


def deck_to_change(s: SpaceholeState) -> Deck:
    """The deck of ``s``, to change: a copy (the position before keeps its own)."""
    s.deck = s.deck.copy()
    return s.deck


def discard(s: SpaceholeState, name: str) -> None:
    """Put card ``name`` on the discard pile (a new pile: the position before keeps its
    own)."""
    s.discard = {**s.discard, name: s.discard.get(name, 0) + 1}


def take_from_discard(s: SpaceholeState, name: str) -> None:
    """Take one ``name`` from the discard pile (a new pile)."""
    pile = dict(s.discard)
    pile[name] -= 1
    if not pile[name]:
        del pile[name]
    s.discard = pile


def with_card(items: tuple[Any, ...], x: Any) -> tuple[Any, ...]:
    """``items`` (a sorted tuple) with ``x`` added, still sorted."""
    return tuple(sorted((*items, x)))


def without_card(items: tuple[Any, ...], x: Any) -> tuple[Any, ...]:
    """``items`` without one ``x`` (ValueError if there is none)."""
    i = items.index(x)
    return items[:i] + items[i + 1:]


def with_item(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """The tuple ``t`` with item ``i`` replaced by ``value``."""
    return (*t[:i], value, *t[i + 1:])
