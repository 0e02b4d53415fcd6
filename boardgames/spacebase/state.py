"""A Space Base position: ``SpaceBaseState``.

The core makes every step on a copy of the current state (copy-on-write): ``copy()``
shares every part with the original, and the step replaces what it changes. Tuples
(hands, credits) and the pending records are immutable; the board, the deck and the
discard pile are replaced by a changed copy by the functions that change them
(:func:`board_to_change`, :func:`deck_to_change`, :func:`discard`), so a state that has
been current is never changed again.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.deck import Deck
from ..core.game import State
from .board import Board
from .cells import Cell

__all__ = ["PHASES", "SpaceBaseState", "board_to_change", "deck_to_change", "discard",
           "with_item"]

PHASES: Final = ("setup", "transfer", "repair", "meteor", "production", "control", "draw", "build",
                 "over")
"""The phases: the set-up, the seven phases of a turn in the order written, the end."""

Chance = tuple[Any, ...]
"""A pending chance node: ``("meteor",)``, ``("damage", cell)`` or ``("draw",)``."""


class SpaceBaseState(State):
    """Everything about a Space Base position.

    turn, phase, player
        The player's turn number (1, 2, ...; 0 during set-up), the phase, whose turn
        it is (during set-up: who places an Outpost next).
    board, hands, credits
        The map (:class:`~boardgames.spacebase.board.Board`); each player's hand, a
        sorted tuple of card names (hidden from the other players); the credits.
    deck, discard, box
        The deck (a multiset, ``core.deck.Deck``), the public discard pile
        (``{name: count}``), the Outposts left in the box.
    pending
        A decision in two parts under way: ``("transfer", cell)`` (a Transfer card
        played on that site), ``("build", card)`` (a site card chosen to place),
        ``("steal", player)`` (a Control card's look at that player's hand).
    chance
        The chance node pending (``Chance``), or None.
    peek
        ``(looker, target)`` while a Control card's look at a hand is under way: the one
        place where a hand is shown to another player.
    played, dealt, drawn
        Action cards played this phase; cards dealt so far in set-up; whether this
        turn's card is drawn.
    meteor, last_income
        The last meteor ``(cell, damage, what happened)`` and the last Production
        ``(player, credits earned)``, for the views.
    """

    __slots__ = ("board", "box", "chance", "credits", "dealt", "deck", "discard", "drawn",
                 "hands", "last_income", "meteor", "peek", "pending", "phase", "played",
                 "player", "turn")

    def __init__(self, board: Board, hands: tuple[tuple[str, ...], ...],
                 credits: tuple[int, ...], deck: Deck) -> None:
        self.turn = 0
        self.phase = "setup"
        self.player = 0
        self.board = board
        self.hands = hands
        self.credits = credits
        self.deck = deck
        self.discard: dict[str, int] = {}
        self.box = 0
        self.pending: tuple[Any, ...] | None = None
        self.chance: Chance | None = None
        self.peek: tuple[int, int] | None = None
        self.played = 0
        self.dealt = 0
        self.drawn = False
        self.meteor: tuple[Cell, int, str] | None = None
        self.last_income: tuple[int, int] | None = None

    def copy(self) -> SpaceBaseState:
        """A copy sharing every part (each step replaces what it changes)."""
        c = SpaceBaseState(self.board, self.hands, self.credits, self.deck)
        c.turn, c.phase, c.player = self.turn, self.phase, self.player
        c.discard, c.box = self.discard, self.box
        c.pending, c.chance, c.peek = self.pending, self.chance, self.peek
        c.played, c.dealt, c.drawn = self.played, self.dealt, self.drawn
        c.meteor, c.last_income = self.meteor, self.last_income
        return c

    @property
    def players(self) -> int:
        return len(self.hands)


def board_to_change(s: SpaceBaseState) -> Board:
    """The board of ``s``, to change: a writable copy of the position's board (the
    position before keeps its own; the game makes it read-only again after the step)."""
    s.board = s.board.copy()
    return s.board


def deck_to_change(s: SpaceBaseState) -> Deck:
    """The deck of ``s``, to change: a copy (the position before keeps its own)."""
    s.deck = s.deck.copy()
    return s.deck


def discard(s: SpaceBaseState, card: str) -> None:
    """Put ``card`` on the discard pile (a new pile: the position before keeps its own)."""
    s.discard = {**s.discard, card: s.discard.get(card, 0) + 1}


def with_item(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """The tuple ``t`` with item ``i`` replaced by ``value``."""
    return (*t[:i], value, *t[i + 1:])
