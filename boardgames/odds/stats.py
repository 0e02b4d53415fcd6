"""Summaries of a distribution as functions: ``mean``, ``variance``, ``std``, ``cdf``,
``given``. They are the :class:`~boardgames.core.dist.Dist` methods of the same names,
written the way a textbook writes them (``E[X]``, ``Var(X)``, ``F(x) = P(X <= x)``).

>>> from boardgames.odds import d6, mean, variance, cdf
>>> mean(d6), variance(d6), cdf(d6, 2)
(Fraction(7, 2), Fraction(35, 12), Fraction(1, 3))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

from ..core.dist import Dist
from ..core.limits import quote

__all__ = ["cdf", "given", "mean", "std", "variance"]


def _dist(d: Any) -> Dist:
    if not isinstance(d, Dist):
        raise ValueError(f"expected a Dist, not {quote(d)}")
    return d


def _numeric(d: Dist, what: str) -> Dist:
    for k in d:
        if not isinstance(k, (int, Fraction, float)):
            raise ValueError(f"{what} needs numeric outcomes (numbers or bools), not {quote(k)}")
    return d


def mean(d: Dist) -> Fraction:
    """``E[X] = sum of x P(X = x)``, exactly."""
    return _numeric(_dist(d), "mean()").mean()


def variance(d: Dist) -> Fraction:
    """``Var(X) = E[(X - E[X])^2]``, exactly."""
    return _numeric(_dist(d), "variance()").variance()


def std(d: Dist) -> float:
    """The standard deviation, ``sqrt(Var(X))`` (a float: a square root is rarely a
    fraction)."""
    return _numeric(_dist(d), "std()").stdev()


def cdf(d: Dist, x: Any = None) -> Fraction | dict[Any, Fraction]:
    """``F(x) = P(X <= x)``; without ``x``, the whole table ``{outcome: F(outcome)}``."""
    d = _dist(d)
    if x is None:
        return d.cdf()
    return d.at_most(x)


def given(d: Dist, event: Callable[[Any], bool] | Iterable[Any]) -> Dist:
    """``X`` conditioned on an event: a predicate or a collection of outcomes. Refuses an
    event of probability 0 (``ValueError``)."""
    return _dist(d).given(event)
