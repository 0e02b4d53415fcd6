"""Invariants of a Space Base position, checked by the conformance tests at every step.

A position's board, hands, deck and discard pile never change after the step that made
them (copy-on-write), so what depends only on them is checked once per object
(remembered on the game): the map checks and the fixed point once per board, the
frontiers once per frontier cache, the cards once per (board, hands, deck, discard pile,
box).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Final

from . import data
from .board import Board
from .cells import cells
from .functional import income_from_scratch
from .state import SpaceBaseState
from .turn import HAND_LIMIT

if TYPE_CHECKING:
    from .game import SpaceBase

__all__ = ["count_cards", "invariants"]

_INSTALL: Final = frozenset(c.name for c in data.CARD_LIST if c.kind == "installation")
_SITES: Final = frozenset(c.name for c in data.CARD_LIST if c.kind != "action")
_FULL: Final = {**data.deck_counts(), "Outpost": data.CARDS["Outpost"].count}


def count_cards(s: SpaceBaseState) -> Counter[str]:
    """Every card of a position: map, hands, deck, discard pile and the Outposts in the
    box."""
    out = Counter(s.board.names().values())
    for h in s.hands:
        out.update(h)
    out.update(s.deck.all_cards())
    out.update(s.discard)
    out["Outpost"] += s.box
    return +out


def invariants(game: SpaceBase, full_fixpoint: bool = True) -> list[str]:
    """Every broken invariant of ``game``'s position, as text (empty when all hold).

    Cards are conserved (deck, hands, discard pile, map and the Outposts in the box hold
    the cards the game started with); credits are never negative (repairs are paid from
    what a player has); one site per cell, on the map; a control marker on every site and
    only on sites, each a player's; damage only on installations; hands sorted, and the
    player building holds at most 8 cards; the cached frontiers (empty cells next to a
    player's sites) are right; and (``full_fixpoint``) the incrementally kept functional
    set, ores and income equal the least fixed point computed from scratch. The game's
    memo (``SpaceBase.invariants_memo``) remembers the boards already found sound.
    """
    memo = game.invariants_memo
    s = game.state
    bad = _cards(game, s, memo)
    bad += [f"Player {p} has negative credits {c}" for p, c in enumerate(s.credits) if c < 0]
    if memo.get("board") is not s.board:
        found = _map(s.board, game.players)
        if not found:
            memo["board"] = s.board
        bad += found
    bad += _hands(s)
    if full_fixpoint and memo.get("fixed point") is not s.board:
        found = _fixed_point(s.board)
        if not found:
            memo["fixed point"] = s.board
        bad += found
    done = memo.get("frontiers")
    front = s.board._front
    if front and (done is None or done[0] is not front or done[1] != len(front)):
        found = _frontiers(s.board)
        if not found:
            memo["frontiers"] = (front, len(front))
        bad += found
    if s.peek is not None and (s.pending is None or s.pending[0] != "steal"):
        bad.append("a hand is shown outside a Control card's look")
    return bad


def _cards(game: SpaceBase, s: SpaceBaseState, memo: dict[str, Any]) -> list[str]:
    """Cards conserved (checked once per set of card holders)."""
    holders = (s.board, s.hands, s.deck, s.discard, s.box)
    seen = memo.get("cards")
    if seen is not None and all(x is y for x, y in zip(seen, holders, strict=True)):
        return []
    bad = []
    now, start = count_cards(s), game._total
    if now != start:
        bad.append(f"cards not conserved: extra {dict(now - start)}, "
                   f"missing {dict(start - now)}")
    if "scenario" not in game.options and dict(start) != _FULL:
        bad.append(f"the game did not start with the {data.LIST_TOTAL} cards of the list")
    if not bad:
        memo["cards"] = holders
    return bad


def _map(b: Board, players: int) -> list[str]:
    """One site per cell, on the map; markers on sites only, each a player's; damage on
    installations only; the fixed point on sites only."""
    names, owner, bad = b.names(), b.owners(), []
    on_map = set(cells(b.size))
    bad += [f"a site off the map at {c}" for c in names if c not in on_map]
    bad += [f"{name!r} at {c} is not a site card" for c, name in names.items()
            if name not in _SITES]
    if owner.keys() != names.keys():
        bad.append(f"control markers on {sorted(set(owner) - set(names))} without "
                   f"sites; sites without markers {sorted(set(names) - set(owner))}")
    bad += [f"control marker of unknown player {o} at {c}" for c, o in owner.items()
            if not 0 <= o < players]
    bad += [f"impossible damage {d} at {c}" for c, d in b.damaged().items()
            if c not in names or names[c] not in _INSTALL or d <= 0]
    if not b._func <= names.keys() or not b._ores.keys() <= b._func:
        bad.append("functional cells or ores without a functional site")
    return bad


def _hands(s: SpaceBaseState) -> list[str]:
    bad = []
    if len(s.board) + s.box + sum(map(len, s.hands)) > data.LIST_TOTAL:
        bad.append("more sites than cards")
    for p, h in enumerate(s.hands):
        if list(h) != sorted(h):
            bad.append(f"Player {p}'s hand is not kept sorted")
        if len(h) > HAND_LIMIT and s.phase == "build" and p == s.player:
            bad.append(f"Player {p} holds {len(h)} cards after the Draw phase")
    return bad


def _fixed_point(b: Board) -> list[str]:
    """The fixed point kept incrementally against one computed from scratch."""
    ref = Board(volcano_adjacency=b.volcano_adjacency)
    ref._name, ref._owner, ref._dmg = dict(b.names()), dict(b.owners()), dict(b.damaged())
    ref._recompute()
    if ref._func != b._func or ref._ores != b._ores:
        return [f"incremental fixed point differs from a full one: "
                f"{sorted(b._func ^ ref._func)}"]
    kept = {o: e for o, e in b._inc.items() if e}
    if kept != income_from_scratch(ref):
        return [f"income kept {b._inc}, not {income_from_scratch(ref)}"]
    return []


def _frontiers(b: Board) -> list[str]:
    """The frontiers kept per board against ones made from scratch."""
    bad = []
    for p, f in b._front.items():
        want = {n for c, o in b.owners().items() if o == p for n in b._nb[c]} - set(b.names())
        if f != want:
            bad.append(f"Player {p}'s frontier is {sorted(f)}, not {sorted(want)}")
    return bad
