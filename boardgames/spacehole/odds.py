"""Exact odds of Spacehole's dice (placeholder being replaced by the exact battle solver)."""
from __future__ import annotations

from ..core.dist import Dist


def round_hits(dice: int) -> Dist:
    """Hits among ``dice`` six-sided dice (each 1 is a hit)."""
    return Dist.binomial(dice)


def battle_odds(*a, **k):  # type: ignore[no-untyped-def]
    raise NotImplementedError


def battle_odds_of_game(game):  # type: ignore[no-untyped-def]
    raise NotImplementedError
