"""Sampling side by side with the exact value: the law of large numbers.

>>> from boardgames.odds import d6, simulate_dist
>>> s = simulate_dist(d6, 6000, seed=1)
>>> s.n, s.exact.mean()
(6000, Fraction(7, 2))
>>> abs(float(s.mean()) - 3.5) < 0.1
True

Draws are exact: a ``Dist``'s probabilities are put over one common denominator ``D``
and each draw is a uniform integer in ``[0, D)`` from ``random.Random(seed)`` (never the
global ``random``), located in the cumulative integer weights. So a seed gives the same
draws on every machine, and the first ``n`` draws of a longer run are the ``n`` draws of
a shorter one.
"""

from __future__ import annotations

import html
import math
import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from ..core.dist import Dist
from ..core.limits import quote

__all__ = ["MAX_DRAWS", "Sample", "Sampler", "simulate_dist"]

MAX_DRAWS = 10_000_000
"""The largest ``n`` :func:`simulate_dist` accepts (memory: the draws are kept)."""


def _check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an int, not {quote(seed)}")
    return seed


def _check_n(n: Any) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_DRAWS:
        raise ValueError(f"n must be an int in [1, {MAX_DRAWS}], not {quote(n)}")
    return n


class Sampler:
    """Exact inverse-CDF sampling of one ``Dist`` with integer arithmetic."""

    __slots__ = ("cum", "outcomes", "total")

    def __init__(self, dist: Dist) -> None:
        if not isinstance(dist, Dist):
            raise ValueError(f"expected a Dist, not {quote(dist)}")
        den = math.lcm(*(p.denominator for p in dist.values()))
        acc = 0
        cum = []
        for p in dist.values():
            acc += p.numerator * (den // p.denominator)
            cum.append(acc)
        self.outcomes: tuple[Any, ...] = tuple(dist)
        self.cum: list[int] = cum
        self.total: int = acc  # == den, as the probabilities sum to 1

    def draw(self, rng: random.Random) -> Any:
        return self.outcomes[bisect_right(self.cum, rng.randrange(self.total))]


class Sample:
    """``n`` seeded draws of a distribution, with the exact distribution beside them.

    ``counts`` (outcome -> how many draws), ``frequency(x)``, ``mean()`` (of the draws),
    ``max_error()`` (the largest gap between a frequency and its exact probability),
    ``running_mean()`` / ``running_frequency(event)`` (after 1, 2, ..., n draws: the
    curves of the law of large numbers), ``table()`` and an HTML table in notebooks."""

    def __init__(self, exact: Dist, draws: Sequence[Any], seed: int | None = None) -> None:
        if not isinstance(exact, Dist):
            raise ValueError(f"expected a Dist, not {quote(exact)}")
        if not draws:
            raise ValueError("a sample needs at least one draw")
        self.exact = exact
        self.draws: tuple[Any, ...] = tuple(draws)
        self.seed = seed
        self.counts: dict[Any, int] = dict(Counter(self.draws))

    @property
    def n(self) -> int:
        return len(self.draws)

    def frequency(self, outcome: Any) -> Fraction:
        """The share of the draws equal to ``outcome`` (exact: count / n)."""
        return Fraction(self.counts.get(outcome, 0), self.n)

    def probability(self, event: Callable[[Any], bool]) -> Fraction:
        """The share of the draws for which ``event(draw)`` holds."""
        return Fraction(sum(c for k, c in self.counts.items() if event(k)), self.n)

    def frequencies(self) -> Dist:
        """The draws' empirical distribution, as a ``Dist``."""
        return Dist.from_weights(self.counts)

    def mean(self) -> Fraction:
        """The average of the draws (numeric outcomes), exactly."""
        return Fraction(sum(Fraction(k) * c for k, c in self.counts.items()), self.n)

    def max_error(self) -> float:
        """``max |frequency(x) - P(x)|`` over every outcome drawn or possible."""
        keys = set(self.exact) | set(self.counts)
        return max(float(abs(self.frequency(k) - self.exact.prob(k))) for k in keys)

    def running_mean(self) -> list[float]:
        """The mean of the first ``i`` draws, for ``i = 1..n``."""
        out = []
        acc = 0.0
        for i, x in enumerate(self.draws, 1):
            acc += float(x)
            out.append(acc / i)
        return out

    def running_frequency(self, event: Callable[[Any], bool] | Any) -> list[float]:
        """The share of the first ``i`` draws in ``event`` (a predicate, or one outcome),
        for ``i = 1..n``."""
        test = event if callable(event) else (lambda x: x == event)
        out = []
        hits = 0
        for i, x in enumerate(self.draws, 1):
            hits += bool(test(x))
            out.append(hits / i)
        return out

    def rows(self) -> list[tuple[Any, Fraction, int, Fraction]]:
        """(outcome, exact probability, count, frequency) for every outcome possible or
        drawn, in the exact distribution's order."""
        keys = list(self.exact) + [k for k in self.counts if k not in self.exact]
        return [(k, self.exact.prob(k), self.counts.get(k, 0), self.frequency(k)) for k in keys]

    def table(self) -> str:
        lines = [f"{self.n} draws (seed {self.seed}) beside the exact distribution",
                 f"{'outcome':<14} {'exact':>9} {'sampled':>9} {'difference':>11}"]
        for k, p, _c, f in self.rows():
            lines.append(f"{k!s:<14} {float(p):9.2%} {float(f):9.2%} "
                         f"{float(f - p) * 100:+10.2f}%")
        if _numeric_keys(self.exact) and _numeric_keys(self.counts):
            lines.append(f"{'mean':<14} {float(self.exact.mean()):9.4f} "
                         f"{float(self.mean()):9.4f} "
                         f"{float(self.mean() - self.exact.mean()):+11.4f}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Sample n={self.n} seed={self.seed} max_error={self.max_error():.4f}>"

    def _repr_html_(self) -> str:
        body = []
        for k, p, c, f in self.rows():
            body.append(f"<tr><td style='text-align:left'>{html.escape(str(k))}</td>"
                        f"<td style='text-align:right'>{float(p):.2%}</td>"
                        f"<td style='text-align:right'>{c}</td>"
                        f"<td style='text-align:right'>{float(f):.2%}</td>"
                        f"<td style='text-align:right'>{float(f - p) * 100:+.2f}%</td></tr>")
        return ("<table class='bg-sample'><caption>"
                f"{self.n} draws (seed {html.escape(str(self.seed))})</caption><thead><tr>"
                "<th>outcome</th><th>exact</th><th>count</th><th>sampled</th>"
                "<th>difference</th></tr></thead><tbody>" + "".join(body) + "</tbody></table>")


def _numeric_keys(keys: Any) -> bool:
    return all(isinstance(k, (int, Fraction, float)) for k in keys)


def simulate_dist(dist: Dist, n: int, seed: int = 0) -> Sample:
    """``n`` independent draws of ``dist`` from ``random.Random(seed)``, beside the exact
    distribution (a :class:`Sample`). The same seed gives the same draws."""
    sampler = Sampler(dist)
    n = _check_n(n)
    rng = random.Random(_check_seed(seed))
    draw = sampler.draw
    return Sample(dist, [draw(rng) for _ in range(n)], seed)
