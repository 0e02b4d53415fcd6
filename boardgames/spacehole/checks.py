"""Invariants of a Spacehole position, checked by the conformance tests at every step."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from . import data

if TYPE_CHECKING:
    from .game import Spacehole

__all__ = ["invariants"]


def invariants(game: Spacehole) -> list[str]:
    """Every broken invariant of ``game``'s position, as text (empty when all hold)."""
    s = game.state
    bad: list[str] = []
    where = Counter(s.deck.all_cards()) + Counter(s.hand) + Counter(s.discard)
    where += Counter(n for n, _ in s.structures) + Counter(n for n, _ in s.defenders)
    if s.current is not None:
        where[s.current] += 1
    if "scenario" not in game.options:
        full = Counter(data.deck_counts(game.variant,
                                       add_refineries=game.rules.b5_add_refineries))
        if where != full:
            bad.append(f"cards not conserved: extra {dict(where - full)}, "
                       f"missing {dict(full - where)}")
    if s.megacredits < 0:
        bad.append(f"negative Megacredits {s.megacredits}")
    if s.pending not in ("overflow",) and len(s.defenders) > game.capacity(s):
        bad.append(f"{len(s.defenders)} defenders over capacity {game.capacity(s)}")
    # The karma phase ends with the hand within its limit; during the event phase only
    # events (Reinforcements, Repairs, losing a Command Center) may change that.
    if s.phase == "event" and s.pending is None and (
            s.current is None or game.cards[s.current].kind == "invader") \
            and len(s.hand) > game.hand_limit(s):
        bad.append(f"hand of {len(s.hand)} over its limit {game.hand_limit(s)} after karma")
    for n, d in [*s.defenders, *s.structures]:
        c = game.cards[n]
        if d < 0 or (d and d >= c.max_hits):
            bad.append(f"{n} has impossible damage {d}")
    if not 0 <= s.base_damage < game.rules.base_hits and not s.lost:
        bad.append(f"base damage {s.base_damage} out of range")
    if list(s.structures) != sorted(s.structures) or list(s.defenders) != sorted(s.defenders) \
            or list(s.hand) != sorted(s.hand):
        bad.append("cards in play or in hand are not kept sorted")
    return bad
