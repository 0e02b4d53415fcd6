"""A Blast position: :class:`BlastState`, and the small helpers that replace its parts.

The core makes every step on a copy of the current state (copy-on-write): ``copy()``
shares every part with the original, and a step replaces what it changes. Every part is
an immutable tuple except the deck, which is replaced by a changed copy (``taken``), so a
state that has been current is never changed again.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from typing import Any, Final

from ..core.deck import Deck
from ..core.game import State
from . import data

__all__ = ["PHASES", "SIDE_TITLE", "BlastState", "Board", "Die", "Fight", "Keep", "Stack",
           "add_sorted", "jammed", "set_pair", "taken", "units_text"]

PHASES: Final = ("setup", "draw", "roll", "build", "move", "fight", "over")
"""The set-up, the five phases of a turn (blast.txt) and the end of the game."""

SIDE_TITLE: Final = ("Terran", "Empire")
"""How the log names each player's side."""

Stack = tuple[int, ...]
"""The sorted forces of one side's units on one sector."""
Board = tuple[Stack, ...]
"""One side's 28 stacks (index ``sector - 1``)."""
Die = tuple[int, int, int]
"""A die: (value, bonus added by cards, 1 for the Hyper Jump die)."""
Fight = tuple[int, int, int, tuple[str, ...], tuple[str, ...], tuple[int, ...],
              tuple[int, ...]]
"""The fight in progress: (sector, attack bonus, defence bonus, attack cards, defence
cards, attack 1D6 rolls, defence 1D6 rolls)."""
Keep = tuple[int, int, int, tuple[int, ...]]
"""The winner's choice of units to keep: (sector, winner, difference, kept so far)."""


class BlastState(State):
    """Everything about a Blast position.

    phase, stage, player, pending, actor, chance
        The phase (:data:`PHASES`), the stage of the turn the engine is at
        (``turn.STAGES``), the player whose turn it is (the attacker), the decision asked
        for (or None) and who makes it (the player, or the opponent in a response
        window), the chance node pending (``("draw",)``, ``("roll",)``, ``("reroll",
        value)``, ``("hyper",)``, ``("d6", "attack" | "defence")``) or None.
    units, scrap
        Per side: 28 sorted tuples of forces (index sector - 1); the destroyed units.
    hands, deck, vortex, play, draws
        The hands (sorted names: the only hidden information, with ``spy``), the deck (a
        core ``Deck`` multiset), the vortex (sorted), the cards in play, and who draws
        the cards still to draw (player indices).
    faces, dice, rebuilt
        The two rolled dice; the dice left to move with (sorted :data:`Die`); whether
        this turn's doubles rebuilt a unit.
    pins, bound, spy
        (sector, force) of the units that may not move again this turn: jammed (Jam
        Transmission) or ``bound`` (ruling 7: landed on enemy units, then sent home by
        Defend the Homeworld); who sees the other hand this turn (Espionage).
    fight, keep, last_fight
        The fight in progress (:data:`Fight`), the winner's choice (:data:`Keep`), the
        last fight's (sector, attacker total, defender total, winner).
    extra, mo_left, winner, turn
        Extra turns (Major Offensive) to take, its discards still to make, the winner,
        the turn number.
    """

    __slots__ = ("actor", "bound", "chance", "deck", "dice", "draws", "extra", "faces",
                 "fight", "hands", "keep", "last_fight", "mo_left", "pending", "phase",
                 "pins", "play", "player", "rebuilt", "scrap", "spy", "stage", "turn",
                 "units", "vortex", "winner")

    def __init__(self, units: tuple[Board, Board], deck: Deck) -> None:
        """The position before the cards are dealt, with ``units`` on the board and
        ``deck`` to draw from (``setup.new_state``): the Evil Empire (player 1) to go
        first."""
        self.phase = "setup"
        self.stage = "deal"
        self.player = 1
        self.pending: str | None = None
        self.actor = 1
        self.chance: tuple[Any, ...] | None = None
        self.units = units
        self.scrap: tuple[Stack, Stack] = ((), ())
        self.hands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.deck = deck
        self.vortex: tuple[str, ...] = ()
        self.play: tuple[str, ...] = ()
        self.draws: tuple[int, ...] = (1, 0) * data.HAND_START
        self.faces: tuple[int, ...] = ()
        self.dice: tuple[Die, ...] = ()
        self.rebuilt = False
        self.pins: tuple[tuple[int, int], ...] = ()
        self.bound: tuple[tuple[int, int], ...] = ()
        self.spy: int | None = None
        self.fight: Fight | None = None
        self.keep: Keep | None = None
        self.last_fight: tuple[int, int, int, int | None] | None = None
        self.extra = 0
        self.mo_left = 0
        self.winner: int | None = None
        self.turn = 1

    def copy(self) -> BlastState:
        """A copy sharing every part (each step replaces what it changes)."""
        c = BlastState(self.units, self.deck)
        c.phase, c.stage, c.player = self.phase, self.stage, self.player
        c.pending, c.actor, c.chance = self.pending, self.actor, self.chance
        c.scrap, c.hands = self.scrap, self.hands
        c.vortex, c.play, c.draws = self.vortex, self.play, self.draws
        c.faces, c.dice, c.rebuilt = self.faces, self.dice, self.rebuilt
        c.pins, c.bound, c.spy = self.pins, self.bound, self.spy
        c.fight, c.keep, c.last_fight = self.fight, self.keep, self.last_fight
        c.extra, c.mo_left, c.winner, c.turn = self.extra, self.mo_left, self.winner, self.turn
        return c


def set_pair(pair: tuple[Any, Any], p: int, value: Any) -> tuple[Any, Any]:
    """``pair`` (one item per player) with player ``p``'s item replaced by ``value``."""
    return (value, pair[1]) if p == 0 else (pair[0], value)


def add_sorted(items: tuple[Any, ...], x: Any) -> tuple[Any, ...]:
    """``tuple(sorted((*items, x)))`` for sorted ``items`` (x inserted after its equals)."""
    i = bisect_right(items, x)
    return (*items[:i], x, *items[i:])


def taken(deck: Deck, name: str) -> Deck:
    """A new deck: ``deck`` without one unknown ``name`` (the state's deck is shared with
    the positions before it, so it is never changed)."""
    new = deck.copy()
    new.take_unknown(name)
    return new


def units_text(forces: Iterable[int]) -> str:
    """``5+3+1`` for the log (``none`` for no unit)."""
    return "+".join(map(str, sorted(forces, reverse=True))) or "none"


def jammed(s: BlastState) -> tuple[tuple[int, int], ...]:
    """The pins of Jam Transmission: ``pins`` without the ``bound`` units."""
    if not s.bound:
        return s.pins
    pins = list(s.pins)
    for unit in s.bound:
        pins.remove(unit)
    return tuple(pins)
