"""Shared helpers of the odds tests: brute-force enumeration and icepool conversion."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction as F
from typing import Any

import icepool


def brute(dice: Sequence[Sequence[Any]], fn: Callable[..., Any]) -> dict[Any, F]:
    """Exact distribution of ``fn(*faces)`` by listing every equally likely combination
    of faces (each die a list of equally likely faces)."""
    rolls = list(itertools.product(*dice))
    counts = Counter(fn(*r) for r in rolls)
    return {k: F(v, len(rolls)) for k, v in counts.items()}


def faces(n: int) -> list[int]:
    return list(range(1, n + 1))


def from_icepool(die: icepool.Die) -> dict[Any, F]:
    den = die.denominator()
    out: dict[Any, F] = {}
    for k, q in die.items():
        if q:
            key = tuple(k) if isinstance(k, tuple) or type(k).__name__ == "Vector" else k
            out[key] = out.get(key, F(0)) + F(q, den)
    return out
