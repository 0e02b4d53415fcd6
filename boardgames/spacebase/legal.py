"""The legal actions of the player to move, phase by phase (the core sorts them by
notation). The turn stops in a phase only when its player has something to decide
(``turn.py``), so each list here is the phase's choices as they stand.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from . import data
from .actions import Move
from .cells import CELLS, Cell
from .rules import Rules
from .setup import outpost_cells
from .state import SpaceBaseState
from .turn import SITE_CARDS, control_targets, repair_targets

__all__ = ["legal_actions"]

DONE: Final = Move.of("done")


def _on_cells(verb: str) -> dict[Cell, Move]:
    """The action ``verb (x,y)`` of every cell."""
    return {c: Move.of(verb, c) for c in CELLS}


def _of_cards(verb: str) -> dict[str, Move]:
    """The action ``verb <card>`` of every card."""
    return {c.name: Move.of(verb, card=c.name) for c in data.CARD_LIST}


OUTPOST, TRANSFER, MOVE, SWAP, CONTROL, PLACE = (
    _on_cells(v) for v in ("outpost", "transfer", "move", "swap", "control", "place"))
DISCARD, STEAL, BUILD = (_of_cards(v) for v in ("discard", "steal", "build"))


def legal_actions(s: SpaceBaseState, rules: Rules) -> list[Move]:
    """The legal actions of ``s`` (a decision is pending: the player to move is
    ``s.player``)."""
    if s.phase == "setup":
        return outposts(s)
    if s.pending is not None:
        return SECOND_PARTS[s.pending[0]](s)
    if s.phase == "transfer":
        return [DONE, *transfers(s)]
    if s.phase == "repair":
        return [DONE, *repairs(s, rules)]
    if s.phase == "control":
        return [DONE, *controls(s)]
    if s.phase == "draw":
        return [DISCARD[c] for c in set(s.hands[s.player])]
    return [DONE, *builds(s)]


def outposts(s: SpaceBaseState) -> list[Move]:
    """Set-up: the empty cells within 2 spaces of the player's corner."""
    return [OUTPOST[c] for c in outpost_cells(s.player) if c not in s.board]


def transfers(s: SpaceBaseState) -> list[Move]:
    """Play a Transfer card on a site the player controls."""
    return [TRANSFER[c] for c in s.board.controlled_by(s.player)]


def transfer_destinations(s: SpaceBaseState) -> list[Move]:
    """Where the site a Transfer card was played on goes: to an empty space adjacent to
    another site the player controls, or switched with another site they control."""
    assert s.pending is not None
    src = s.pending[1]
    others = [c for c in s.board.controlled_by(s.player) if c != src]
    return [MOVE[c] for c in s.board.empty_around(others)] + [SWAP[c] for c in others]


def repairs(s: SpaceBaseState, rules: Rules) -> list[Move]:
    """Pay n credits to remove n points of damage: up to the damage and the credits."""
    damaged, cash = s.board.damaged(), s.credits[s.player]
    return [Move.of("repair", c, n=k) for c in repair_targets(s, rules)
            for k in range(1, min(damaged[c], cash) + 1)]


def controls(s: SpaceBaseState) -> list[Move]:
    """Play a Control card on an adjacent opponent's site, or to look at a non-empty
    hand."""
    looks = [Move.of("look", n=q) for q, hand in enumerate(s.hands)
             if q != s.player and hand]
    return [*(CONTROL[c] for c in control_targets(s)), *looks]


def steals(s: SpaceBaseState) -> list[Move]:
    """Take one card of the hand looked at."""
    assert s.pending is not None
    return [STEAL[c] for c in set(s.hands[s.pending[1]])]


def builds(s: SpaceBaseState) -> list[Move]:
    """Choose a site card with a cell to go to: a Volcano while a space is empty, any
    other while the player has an empty space next to a site they control."""
    room = not s.board.is_full()
    frontier = bool(s.board.frontier(s.player))
    return [BUILD[c] for c in set(s.hands[s.player]) if c in SITE_CARDS
            and (room if c == "Volcano" else frontier)]


def build_cells(s: SpaceBaseState, card: str) -> Collection[Cell]:
    """Where ``card`` may be placed: a Volcano on any empty space, any other site on an
    empty space orthogonally adjacent to a site the player controls (its frontier)."""
    if card == "Volcano":
        return [c for c in CELLS if c not in s.board]
    return s.board.frontier(s.player)


def places(s: SpaceBaseState) -> list[Move]:
    """Place the chosen site card."""
    assert s.pending is not None
    return [PLACE[c] for c in build_cells(s, s.pending[1])]


SECOND_PARTS: Final = {"transfer": transfer_destinations, "steal": steals, "build": places}
"""The second part of a two-part decision, by the first part's kind."""
