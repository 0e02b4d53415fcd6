"""95% intervals for what a simulation measures: a mean (:func:`bootstrap_mean`) and a
proportion (:func:`wilson`). Both stay inside the values the quantity can take: a mean
score of games whose scores cannot be negative never gets a negative bound, a win rate
stays in [0, 1].

>>> from boardgames.odds.intervals import bootstrap_mean, wilson
>>> scores = [0] * 18 + [40, 40]             # most colonies fell (0), two scored 40
>>> bootstrap_mean(scores)                   # the normal formula would say [-1.4, 9.4]
(4.0, 0.0, 10.0)
>>> [round(x, 3) for x in wilson(2, 20)]     # the share of colonies that survived
[0.1, 0.028, 0.301]

Why not the textbook ``mean +/- 1.96 s / sqrt(n)``: game scores are often far from
normal (most Spacehole colonies fall and score 0, a few score hundreds), and with a few
hundred games that formula can give a negative lower bound for a score that is never
negative. The percentile bootstrap uses the sample's own shape instead: it recomputes
the mean on many resamples of the games (drawn with replacement) and keeps the middle
95% of those means. Every resampled mean lies between the smallest and the largest
value, so the interval does too. It is seeded, so the same values give the same
interval. With many games the two methods agree (the central limit theorem).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..core.limits import quote

__all__ = ["RESAMPLES", "Z95", "bootstrap_mean", "wilson"]

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""

RESAMPLES = 1000
"""How many resamples :func:`bootstrap_mean` draws by default (each costs ``n`` draws:
about 0.13 s of CPU per 1000 values here)."""


def _check_level(level: float) -> float:
    if not isinstance(level, float | int) or isinstance(level, bool) or not 0 < level < 1:
        raise ValueError(f"level must be a number in (0, 1), not {quote(level)}")
    return float(level)


def bootstrap_mean(values: Sequence[float], level: float = 0.95, *,
                   resamples: int = RESAMPLES, seed: int = 0) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` and its percentile-bootstrap interval.

    ``resamples`` means of ``len(values)`` values drawn with replacement (from
    ``random.Random(seed)``), sorted; the interval runs from the one with
    ``(1 - level) / 2`` of them below it to the one with as many above it. It lies
    within ``[min(values), max(values)]``. No values: NaNs; one value, or all equal: that
    value three times."""
    level = _check_level(level)
    if not isinstance(resamples, int) or isinstance(resamples, bool) or resamples < 10:
        raise ValueError(f"resamples must be an int >= 10, not {quote(resamples)}")
    data = [float(v) for v in values]
    n = len(data)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = math.fsum(data) / n
    if min(data) == max(data):
        return (m, m, m)
    draw = random.Random(seed).choices
    means = sorted(math.fsum(draw(data, k=n)) / n for _ in range(resamples))
    k = round(resamples * (1 - level) / 2)
    return (m, means[k], means[resamples - 1 - k])


def wilson(successes: float, n: int, level: float = 0.95) -> tuple[float, float, float]:
    """(rate, low, high): a proportion and its Wilson score interval (inside [0, 1], and
    honest near 0 and 1 where ``p +/- 1.96 sqrt(p(1-p)/n)`` is not)."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    z = Z95 if level == 0.95 else _z(_check_level(level))
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def _z(level: float) -> float:
    from statistics import NormalDist

    return NormalDist().inv_cdf(0.5 + level / 2)
