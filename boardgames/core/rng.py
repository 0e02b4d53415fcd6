"""A counter-based random number generator: the k-th draw of a game depends only on
(seed, k), so the generator has no state to copy, fork, undo or save."""

from __future__ import annotations

import os
from collections.abc import Sequence

__all__ = ["MAX_SEED", "draw_index", "fresh_seed", "mix64"]

_M = (1 << 64) - 1
MAX_SEED = _M


def mix64(x: int) -> int:
    """SplitMix64 finaliser: a well-mixed 64-bit integer from any 64-bit integer."""
    x = (x + 0x9E3779B97F4A7C15) & _M
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M
    return x ^ (x >> 31)


def fresh_seed() -> int:
    """A new seed from the operating system (used when a game is made with ``seed=None``)."""
    return int.from_bytes(os.urandom(8), "little") >> 1


_GAMMA = 0x9E3779B97F4A7C15


def draw_index(seed: int, counter: int, weights: Sequence[int], total: int = 0) -> int:
    """Index of the outcome drawn for step ``counter`` of a game seeded with ``seed``,
    with probability proportional to the non-negative integer ``weights`` (``total`` is
    their sum, computed when not given). The draw is output ``counter`` of the SplitMix64
    sequence started at ``seed``."""
    x = (seed + (counter + 1) * _GAMMA) & _M
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M
    r = ((x ^ (x >> 31)) * (total or sum(weights))) >> 64
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("weights must sum to a positive total")  # pragma: no cover
