"""Invariants of a Space Base position, checked by the conformance tests at every step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import data
from .board import Board

if TYPE_CHECKING:
    from .game import SpaceBase

__all__ = ["invariants"]

_INSTALL = frozenset(c.name for c in data.CARD_LIST if c.kind == "installation")


def invariants(game: SpaceBase, full_fixpoint: bool = True) -> list[str]:
    """Every broken invariant of ``game``'s position, as text (empty when all hold).

    Cards are conserved (deck, hands, discard pile, map and the Outposts in the box hold
    the cards the game started with); credits are never negative (repairs are paid from
    what a player has); one site per cell, on the map; a control marker on every site and
    only on sites, each a player's; damage only on installations; hands sorted, and the
    player building holds at most 8 cards; the cached frontiers (empty cells next to a
    player's sites) are right; and (``full_fixpoint``) the
    incrementally kept functional set and ores equal the least fixed point computed from
    scratch.
    """
    from .game import HAND_LIMIT, _cards

    s = game.state
    b = s.board
    bad: list[str] = []
    now, start = _cards(s), game.cards_total()
    if now != start:
        bad.append(f"cards not conserved: extra {dict(now - start)}, "
                   f"missing {dict(start - now)}")
    if "scenario" not in game.options:
        full = {**data.deck_counts(), "Outpost": data.CARDS["Outpost"].count}
        if dict(start) != full:
            bad.append(f"the game did not start with the {data.LIST_TOTAL} cards of the list")
    bad += [f"Player {p} has negative credits {c}" for p, c in enumerate(s.credits) if c < 0]
    n = b.size
    for c, name in b._name.items():
        if not (0 <= c[0] < n and 0 <= c[1] < n):
            bad.append(f"a site off the map at {c}")
        if name not in data.CARDS or data.CARDS[name].kind == "action":
            bad.append(f"{name!r} at {c} is not a site card")
    if set(b._owner) != set(b._name):
        bad.append(f"control markers on {sorted(set(b._owner) - set(b._name))} without "
                   f"sites; sites without markers {sorted(set(b._name) - set(b._owner))}")
    bad += [f"control marker of unknown player {o} at {c}" for c, o in b._owner.items()
            if not 0 <= o < game.players]
    for c, d in b._dmg.items():
        if c not in b._name or b._name[c] not in _INSTALL or d <= 0:
            bad.append(f"impossible damage {d} at {c}")
    if len(b._name) + s.box + sum(len(h) for h in s.hands) > data.LIST_TOTAL:
        bad.append("more sites than cards")
    for p, h in enumerate(s.hands):
        if list(h) != sorted(h):
            bad.append(f"Player {p}'s hand is not kept sorted")
        if len(h) > HAND_LIMIT and s.phase == "build" and p == s.player:
            bad.append(f"Player {p} holds {len(h)} cards after the Draw phase")
    if not b._func <= set(b._name) or set(b._ores) - b._func:
        bad.append("functional cells or ores without a functional site")
    if full_fixpoint and game.__dict__.get("_verified") is not b:
        ref = Board(volcano_adjacency=b.volcano_adjacency)
        ref._name, ref._owner, ref._dmg = dict(b._name), dict(b._owner), dict(b._dmg)
        ref._recompute()
        if ref._func != b._func or ref._ores != b._ores:
            bad.append(f"incremental fixed point differs from a full one: "
                       f"{sorted(b._func ^ ref._func)}")
    for p, f in b._front.items():  # the frontiers kept incrementally
        want = frozenset(m for c, o in b._owner.items() if o == p
                         for m in b._nb[c] if m not in b._name)
        if f != want:
            bad.append(f"Player {p}'s frontier is {sorted(f)}, not {sorted(want)}")
    if s.peek is not None and (s.pending is None or s.pending[0] != "steal"):
        bad.append("a hand is shown outside a Control card's look")
    return bad
