"""What each decision does, phase by phase (the actions of ``actions.py``, already found
legal by ``legal.py``). The turn then runs on by itself (``turn.advance``, called by the
game after each step).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .actions import Move
from .cells import Cell, cell_text
from .state import SpaceBaseState, board_to_change, discard, with_item
from .turn import end_turn, enter, who

__all__ = ["decide"]

AFTER_DONE: Final = {"transfer": "repair", "repair": "meteor", "control": "draw"}
"""The phase ``done`` moves on to (``done`` in the Build phase ends the turn)."""


def decide(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """Apply the legal action ``a`` of the player to move to ``s``."""
    DECISIONS[a.verb](s, a, log)


def _cell(a: Move) -> Cell:
    """The cell an action names."""
    assert a.cell is not None
    return a.cell


def _name_at(s: SpaceBaseState, a: Move) -> str:
    """The card on the cell an action names."""
    return s.board.names()[_cell(a)]


def play_card(s: SpaceBaseState, card: str) -> None:
    """Play (discard) an action card from the hand of the player whose turn it is."""
    p = s.player
    s.hands = with_item(s.hands, p, without(s.hands[p], card))
    discard(s, card)
    s.played += 1


def without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``hand`` with one ``card`` taken out."""
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


# ---------------------------------------------------------------------- set-up
def place_outpost(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """Players place their Outpost cards within 2 spaces of their corner."""
    board_to_change(s).place("Outpost", a.cell, s.player)
    s.box -= 1
    log.append(f"{who(s.player)} places the Outpost at {cell_text(_cell(a))}")
    s.player += 1


# ---------------------------------------------------------------------- transfer
def play_transfer(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """By playing (discarding) a Transfer card a player may move or switch a site he
    controls: the card is played on the site (``move to`` or ``swap with`` follows)."""
    play_card(s, "Transfer")
    s.pending = ("transfer", a.cell)
    log.append(f"{who(s.player)} plays Transfer on the {_name_at(s, a)} at "
               f"{cell_text(_cell(a))}")


def move_site(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """1. Move a site he controls to any other space adjacent to a site he also controls
    (its marker and damage with it)."""
    assert s.pending is not None
    src = s.pending[1]
    name = s.board.names()[src]
    board_to_change(s).move(src, a.cell)
    s.pending = None
    log.append(f"{who(s.player)} moves the {name} from {cell_text(src)} to "
               f"{cell_text(_cell(a))}")


def swap_sites(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """2. Switch the location of any two site cards he controls."""
    assert s.pending is not None
    src = s.pending[1]
    names = s.board.names()
    first, second = names[src], _name_at(s, a)
    board_to_change(s).swap(src, a.cell)
    s.pending = None
    log.append(f"{who(s.player)} switches the {first} at {cell_text(src)} with the "
               f"{second} at {cell_text(_cell(a))}")


# ---------------------------------------------------------------------- repair
def repair(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """Repair sites damaged by meteors. Pay 1 credit to remove 1 point of damage."""
    p, n = s.player, a.n
    board = board_to_change(s)
    board.repair(a.cell, n)
    s.credits = with_item(s.credits, p, s.credits[p] - n)
    left = board.damaged().get(_cell(a), 0)
    log.append(f"{who(p)} pays {n} credits to repair the {_name_at(s, a)} at "
               f"{cell_text(_cell(a))} ({left} damage left)")


# ---------------------------------------------------------------------- control
def take_over(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """1. Replace the control marker on an opponent's site with one of your own (the
    target site must already be adjacent to one of your sites)."""
    q = s.board.owners()[_cell(a)]
    play_card(s, "Control")
    board_to_change(s).set_owner(a.cell, s.player)
    log.append(f"{who(s.player)} plays Control: takes over {who(q)}'s {_name_at(s, a)} "
               f"at {cell_text(_cell(a))}")


def look_at_hand(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """2. Look at an opponent's hand (``steal <card>`` follows): the hand is shown to
    the looker only (``peek``)."""
    play_card(s, "Control")
    s.pending = ("steal", a.n)
    s.peek = (s.player, a.n)
    log.append(f"{who(s.player)} plays Control: looks at {who(a.n)}'s hand")


def steal(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """... and steal one card (the log does not name it)."""
    assert s.pending is not None
    p, q = s.player, s.pending[1]
    s.hands = with_item(s.hands, q, without(s.hands[q], a.card))
    s.hands = with_item(s.hands, p, tuple(sorted((*s.hands[p], a.card))))
    s.pending = None
    s.peek = None
    log.append(f"{who(p)} takes a card from {who(q)}'s hand")


# ---------------------------------------------------------------------- draw
def discard_card(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """If a player has 9 or more cards in his hand he must discard down to 8 cards (to
    the public discard pile)."""
    p = s.player
    s.hands = with_item(s.hands, p, without(s.hands[p], a.card))
    discard(s, a.card)
    log.append(f"{who(p)} discards {a.card}")


# ---------------------------------------------------------------------- build
def choose_site_card(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """A player may place one or more site cards onto the map: the card first
    (``place (x,y)`` follows)."""
    s.pending = ("build", a.card)


def place_site(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """One site card per space, next to a site you control (a Volcano: any empty space);
    place one of your control markers onto any site you place."""
    assert s.pending is not None
    p, name = s.player, s.pending[1]
    s.hands = with_item(s.hands, p, without(s.hands[p], name))
    board_to_change(s).place(name, a.cell, p)
    s.pending = None
    log.append(f"{who(p)} places {name} at {cell_text(_cell(a))}")


# ---------------------------------------------------------------------- done
def done(s: SpaceBaseState, a: Move, log: list[str]) -> None:
    """End the Transfer, Repair or Control phase, or the Build phase and the turn."""
    s.pending = None
    after = AFTER_DONE.get(s.phase)
    if after is None:
        end_turn(s, log)
    else:
        enter(s, after)


DECISIONS: Final[dict[str, Callable[[SpaceBaseState, Move, list[str]], None]]] = {
    "outpost": place_outpost, "transfer": play_transfer, "move": move_site,
    "swap": swap_sites, "repair": repair, "control": take_over, "look": look_at_hand,
    "steal": steal, "discard": discard_card, "build": choose_site_card,
    "place": place_site, "done": done,
}
"""What each verb does."""
