"""Invariants of a Space Base position, checked by the conformance tests at every step."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING, Any

from . import data
from .board import Board, cells_of

if TYPE_CHECKING:
    from .game import SpaceBase

__all__ = ["invariants"]

_INSTALL = frozenset(c.name for c in data.CARD_LIST if c.kind == "installation")
_SITES = frozenset(c.name for c in data.CARD_LIST if c.kind != "action")
_FULL = {**data.deck_counts(), "Outpost": data.CARDS["Outpost"].count}


@cache
def _on_map(size: int) -> frozenset[tuple[int, int]]:
    return frozenset((x, y) for x in range(size) for y in range(size))


@cache
def _players(n: int) -> frozenset[int]:
    return frozenset(range(n))


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

    A position's board, hands, deck and discard pile are never changed after the step
    that made them (copy-on-write), so what depends only on them is checked once per
    object (remembered on ``game``): the map checks and the fixed point once per board,
    the frontiers once per frontier cache, the cards once per (board, hands, deck,
    discard pile, box).
    """
    from .game import HAND_LIMIT

    s = game.state
    b = s.board
    bad: list[str] = []
    # Checked once per set of objects: a position's board, hands, deck and discard pile
    # never change after the step that made them (copy-on-write), so a check of the
    # same objects has the same result.
    holders = (b, s.hands, s.deck, s.discard, s.box)
    seen = game.__dict__.get("_cards_checked")
    if seen is None or any(x is not y for x, y in zip(seen, holders, strict=True)):
        now, start = _count(s), game._total
        if now != start:
            bad.append(f"cards not conserved: extra {dict(now - start)}, "
                       f"missing {dict(start - now)}")
        if "scenario" not in game.options and dict(start) != _FULL:
            bad.append(f"the game did not start with the {data.LIST_TOTAL} cards of the "
                       "list")
        if not bad:
            game._cards_checked = holders
    bad += [f"Player {p} has negative credits {c}" for p, c in enumerate(s.credits) if c < 0]
    names, owner, dmg = b._name, b._owner, b._dmg
    if game.__dict__.get("_board_checked") is not b:
        wrong = len(bad)
        # set operations first (in C); the per-site messages only when one fails
        if not _on_map(b.size).issuperset(names):
            n = b.size
            bad += [f"a site off the map at {c}" for c in names
                    if not (0 <= c[0] < n and 0 <= c[1] < n)]
        if not _SITES.issuperset(names.values()):
            bad += [f"{name!r} at {c} is not a site card" for c, name in names.items()
                    if name not in _SITES]
        if owner.keys() != names.keys():
            bad.append(f"control markers on {sorted(set(owner) - set(names))} without "
                       f"sites; sites without markers {sorted(set(names) - set(owner))}")
        if not _players(game.players).issuperset(owner.values()):
            bad += [f"control marker of unknown player {o} at {c}" for c, o in owner.items()
                    if not 0 <= o < game.players]
        for c, d in dmg.items():
            if c not in names or names[c] not in _INSTALL or d <= 0:
                bad.append(f"impossible damage {d} at {c}")
        if not b._func <= names.keys() or not b._ores.keys() <= b._func:
            bad.append("functional cells or ores without a functional site")
        if len(bad) == wrong:
            game._board_checked = b
    if len(names) + s.box + sum(map(len, s.hands)) > data.LIST_TOTAL:
        bad.append("more sites than cards")
    for p, h in enumerate(s.hands):
        if list(h) != sorted(h):
            bad.append(f"Player {p}'s hand is not kept sorted")
        if len(h) > HAND_LIMIT and s.phase == "build" and p == s.player:
            bad.append(f"Player {p} holds {len(h)} cards after the Draw phase")
    if full_fixpoint and game.__dict__.get("_verified") is not b:
        ref = Board(volcano_adjacency=b.volcano_adjacency)
        ref._name, ref._owner, ref._dmg = dict(b._name), dict(b._owner), dict(b._dmg)
        ref._recompute()
        if ref._func != b._func or ref._ores != b._ores:
            bad.append(f"incremental fixed point differs from a full one: "
                       f"{sorted(b._func ^ ref._func)}")
        elif {o: e for o, e in b._inc.items() if e} != ref._income():
            bad.append(f"income kept {b._inc}, not {ref._income()}")
        else:
            game._verified = b  # once per board: a board never changes after its step
    done = game.__dict__.get("_fronts_checked")
    if b._front and (done is None or done[0] is not b._front or done[1] != len(b._front)):
        # the frontiers kept incrementally, against ones made from scratch (once per
        # frontier dict and players known: a board never changes after its step)
        nb = b._nb
        want: dict[int, set] = {p: set() for p in b._front}
        for c, o in owner.items():
            w = want.get(o)
            if w is not None:
                w.update(nb[c])
        wrong = len(bad)
        for p, m in b._front.items():
            w = want[p].difference(names)
            f = set(cells_of(m, b._kit[2], b._kit[3]))
            if f != w:
                bad.append(f"Player {p}'s frontier is {sorted(f)}, not {sorted(w)}")
        if len(bad) == wrong:
            game._fronts_checked = (b._front, len(b._front))
    if s.peek is not None and (s.pending is None or s.pending[0] != "steal"):
        bad.append("a hand is shown outside a Control card's look")
    return bad


def _count(s: Any) -> Counter:
    """Every card of a position (``game._cards``, with fewer Python loops)."""
    out = Counter(s.board._name.values())
    for h in s.hands:
        out.update(h)
    d = s.deck
    out.update(d.known)
    for k, v in d.counts.items():
        out[k] += v
    for k, v in s.discard.items():
        out[k] += v
    if s.box:
        out["Outpost"] += s.box
    return out
