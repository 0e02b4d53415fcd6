"""Dice expressions as exact :class:`~boardgames.core.dist.Dist` objects.

>>> from boardgames.odds import d6, dice, ones
>>> dice(2, 6)[7]                       # 2d6 shows 7 in 6 of the 36 rolls
Fraction(1, 6)
>>> ones(3).at_least(1)                 # at least one 1 among 3d6
Fraction(91, 216)
>>> (d6 + d6 == dice(2, 6)) and (2 @ d6 == dice(2, 6))
True

Everything is exact (``Fraction``); a sum of many dice is built by repeated doubling,
so ``dice(50, 6)`` takes milliseconds.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import reduce
from typing import Any

from ..core.dist import Dist
from ..core.limits import quote

__all__ = [
    "d4",
    "d6",
    "d8",
    "d10",
    "d12",
    "d20",
    "d100",
    "dice",
    "die",
    "highest",
    "joint",
    "lowest",
    "ones",
    "pool",
    "successes",
    "total",
]

_MAX_SIDES = 1_000_000
_MAX_POOL = 1_000_000


def _count(x: Any, what: str, low: int = 0) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or x < low:
        raise ValueError(f"{what} must be an int >= {low}, not {quote(x)}")
    return x


def die(sides: int = 6) -> Dist:
    """A fair die with faces ``1..sides`` (``die(100)`` is the d100 of Intergalactic)."""
    _count(sides, "a die's number of sides", 1)
    if sides > _MAX_SIDES:
        raise ValueError(f"a die has at most {_MAX_SIDES} sides, not {sides}")
    return Dist.die(sides)


def dice(k: int, sides: int = 6) -> Dist:
    """The sum of ``k`` fair dice with ``sides`` sides: ``dice(2, 6)`` is 2D6. ``k = 0``
    gives the constant 0."""
    _count(k, "the number of dice")
    return die(sides).repeat_sum(k)


d4 = die(4)
d6 = die(6)
d8 = die(8)
d10 = die(10)
d12 = die(12)
d20 = die(20)
d100 = die(100)


def ones(n: int, sides: int = 6) -> Dist:
    """How many of ``n`` dice show a 1: Binomial(n, 1/sides). In a Spacehole battle
    every 1 is a hit, so ``ones(4)`` is the hits of a Force 4 defender."""
    _count(n, "the number of dice")
    _count(sides, "a die's number of sides", 1)
    return Dist.binomial(n, Fraction(1, sides))


def successes(n: int, dist: Dist, pred: Callable[[Any], bool]) -> Dist:
    """How many of ``n`` independent draws of ``dist`` satisfy ``pred``: Binomial(n, p)
    with ``p = dist.probability(pred)``. ``successes(5, d6, lambda x: x >= 5)`` counts
    the 5s and 6s among 5d6."""
    _count(n, "the number of draws")
    if not isinstance(dist, Dist):
        raise ValueError(f"expected a Dist, not {quote(dist)}")
    return Dist.binomial(n, dist.probability(pred))


def _dists(dists: tuple[Any, ...], what: str) -> tuple[Dist, ...]:
    if not dists:
        raise ValueError(f"{what} needs at least one Dist")
    for d in dists:
        if not isinstance(d, Dist):
            raise ValueError(f"{what} takes Dist objects, not {quote(d)}")
    return dists


def total(*dists: Dist) -> Dist:
    """The sum of independent values: ``total(d6, d8, d10)``."""
    return reduce(lambda a, b: a + b, _dists(dists, "total()"))


def highest(*dists: Dist) -> Dist:
    """The largest of independent values: ``highest(d6, d6)`` is the better of two dice."""
    return reduce(lambda a, b: a.combine(b, max), _dists(dists, "highest()"))


def lowest(*dists: Dist) -> Dist:
    """The smallest of independent values."""
    return reduce(lambda a, b: a.combine(b, min), _dists(dists, "lowest()"))


def joint(*dists: Dist) -> Dist:
    """The joint distribution of independent values, as tuples: ``joint(d6, d6)`` has the
    36 ordered rolls ``(first, second)``, each 1/36. Condition it with ``given`` and reduce
    it with ``map``: ``joint(d6, d6).given(lambda r: r[0] == 6).map(sum)``."""
    out = Dist.constant(())
    for d in _dists(dists, "joint()"):
        out = out.combine(d, lambda t, x: (*t, x))
    return out


def pool(k: int, sides: int = 6) -> Dist:
    """``k`` dice rolled together and read without order: a ``Dist`` over sorted tuples
    of faces. ``pool(2)`` is Blast's roll: ``(3, 3)`` is 1/36, ``(2, 5)`` is 2/36."""
    _count(k, "the number of dice")
    _count(sides, "a die's number of sides", 1)
    n_rolls = 1
    for _ in range(k):
        n_rolls *= sides
        if n_rolls > _MAX_POOL:
            raise ValueError(f"pool({k}, {sides}) has more than {_MAX_POOL} rolls to list")
    weights: dict[tuple[int, ...], int] = {}
    for combo in itertools.combinations_with_replacement(range(1, sides + 1), k):
        weights[combo] = _multinomial(combo)
    return Dist.from_weights(weights)


def _multinomial(combo: tuple[int, ...]) -> int:
    """How many ordered rolls show this sorted tuple: k! / (product of multiplicities!)."""
    out = math.factorial(len(combo))
    for _, group in itertools.groupby(combo):
        out //= math.factorial(len(list(group)))
    return out
