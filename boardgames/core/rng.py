"""A counter-based random number generator: the k-th draw of a game depends only on
(seed, k), so the generator has no state to copy, fork, undo or save.

The numbers are the SplitMix64 sequence (Steele, Lea and Flood, "Fast splittable
pseudorandom number generators", 2014) started at the game's seed: draw ``k`` is output
``k`` of that sequence. This module is the one place the generator is written.

``make fast`` builds an accelerator beside it, ``_rng.c``: the same three functions
(:func:`mix64`, :func:`splitmix64`, :func:`draw_index`) in C, from this module's
constants, handing back to these functions every input off its fast path. Where it is
built, this module uses it, the way ``heapq`` uses ``_heapq``; elsewhere (an ordinary
install, Pyodide) the functions below are the ones that run.
``tests/fast/test_rng_accel.py`` compares the two."""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Final

__all__ = ["GOLDEN_GAMMA", "MAX_SEED", "draw_index", "fresh_seed", "mix64", "splitmix64"]

MASK64: Final = (1 << 64) - 1
MAX_SEED: Final = MASK64
GOLDEN_GAMMA: Final = 0x9E3779B97F4A7C15
"""SplitMix64's increment: the odd integer nearest 2**64 / golden ratio."""
MIX_1: Final = 0xBF58476D1CE4E5B9
MIX_2: Final = 0x94D049BB133111EB
"""SplitMix64's two multipliers (the finaliser "Mix13" of Stafford's variants)."""


def mix64(x: int) -> int:
    """SplitMix64's output for the generator state ``x``: the state advanced by
    ``GOLDEN_GAMMA``, then mixed (a well-mixed 64-bit integer from any 64-bit one)."""
    z = (x + GOLDEN_GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * MIX_1) & MASK64
    z = ((z ^ (z >> 27)) * MIX_2) & MASK64
    return z ^ (z >> 31)


def splitmix64(seed: int, counter: int) -> int:
    """Output ``counter`` (0, 1, 2, ...) of the SplitMix64 sequence started at ``seed``."""
    return mix64((seed + counter * GOLDEN_GAMMA) & MASK64)


def fresh_seed() -> int:
    """A new seed from the operating system (used when a game is made with ``seed=None``)."""
    return int.from_bytes(os.urandom(8), "little") >> 1


SHORT: Final = 32
"""Weights lists up to this long (dice, a deck's cards) are scanned; longer ones (a
meteor's 100 cells, a percentile roll) are bisected in their running sums."""


def draw_index(seed: int, counter: int, weights: Sequence[int]) -> int:
    """Index of the outcome drawn for step ``counter`` of a game seeded with ``seed``,
    with probability proportional to the non-negative integer ``weights``: the 64-bit
    output ``splitmix64(seed, counter)`` scaled to the weights' total ``T`` (the
    integer ``r = x * T >> 64``, uniform on ``0..T-1`` up to 2**-64), then the outcome
    whose share of ``0..T-1`` holds ``r``."""
    if len(weights) > SHORT:
        sums = running_sums(tuple(weights))
        r = (splitmix64(seed, counter) * sums[-1]) >> 64
        return bisect_right(sums, r)
    r = (splitmix64(seed, counter) * sum(weights)) >> 64
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise ValueError("weights must sum to a positive total")


@lru_cache(maxsize=256)
def running_sums(weights: tuple[int, ...]) -> tuple[int, ...]:
    """The running sums of ``weights`` (a meteor's 100 cells are drawn by bisection)."""
    if not weights or min(weights) < 0 or sum(weights) <= 0:
        raise ValueError("weights must be non-negative with a positive total")
    return tuple(accumulate(weights))


if not TYPE_CHECKING:  # the accelerator, where ``make fast`` built it (module text)
    try:
        from . import _rng
    except ImportError:
        pass
    else:
        mix64, splitmix64, draw_index = _rng.accelerate(
            GOLDEN_GAMMA, MIX_1, MIX_2, mix64, splitmix64, draw_index)
