"""The 95% intervals of bg.simulate and bg.compare (boardgames.odds.intervals): a mean's
percentile-bootstrap interval stays inside the values' range, is the same for the same
values, agrees with the normal interval on many values and covers the true mean about
95% of the time; Wilson's interval of a proportion stays inside [0, 1]."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from boardgames.odds.intervals import Z95, bootstrap_mean, wilson


def _normal(values: list[float]) -> tuple[float, float, float]:
    m = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return (m, m - half, m + half)


def test_a_skewed_score_gets_no_bound_outside_its_range() -> None:
    rng = random.Random(5)
    for _ in range(20):
        n = rng.randrange(5, 200)
        scores = [0.0 if rng.random() < 0.9 else float(rng.randrange(1, 500)) for _ in range(n)]
        m, lo, hi = bootstrap_mean(scores)
        assert min(scores) <= lo <= m <= hi <= max(scores)
    # the case of what-if.ipynb: the normal interval went below 0, this one does not
    scores = [0.0] * 18 + [40.0] * 2
    assert _normal(scores)[1] < 0 == bootstrap_mean(scores)[1] < 4.0


def test_the_same_values_give_the_same_interval() -> None:
    values = [float(v) for v in range(37)]
    assert bootstrap_mean(values) == bootstrap_mean(list(values))
    assert bootstrap_mean(values, seed=1) != bootstrap_mean(values)   # the seed is the draws


def test_many_values_agree_with_the_normal_interval() -> None:
    rng = random.Random(2)
    values = [rng.gauss(10, 3) for _ in range(2000)]
    m, lo, hi = bootstrap_mean(values)
    nm, nlo, nhi = _normal(values)
    half = nhi - nm
    assert m == pytest.approx(nm) and abs(lo - nlo) < 0.1 * half and abs(hi - nhi) < 0.1 * half


def test_it_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    """200 samples of 40 values of a skewed distribution (exponential, mean 1): the
    interval holds 1 about 95% of the time (the percentile bootstrap is known to run a
    little short on small skewed samples)."""
    rng = random.Random(11)
    covered = 0
    for k in range(200):
        values = [rng.expovariate(1.0) for _ in range(40)]
        _m, lo, hi = bootstrap_mean(values, resamples=500, seed=k)
        covered += lo <= 1.0 <= hi
    assert 0.86 <= covered / 200 <= 0.99


def test_edge_cases_and_bad_input() -> None:
    assert all(math.isnan(x) for x in bootstrap_mean([]))
    assert bootstrap_mean([7]) == (7.0, 7.0, 7.0) == bootstrap_mean([7, 7, 7])
    m, lo, hi = bootstrap_mean([1, 2, 3, 4], level=0.5)
    m95 = bootstrap_mean([1, 2, 3, 4])
    assert m == 2.5 and m95[1] <= lo <= hi <= m95[2]
    for bad in (0, 1, 1.5, -0.1, True, "0.95"):
        with pytest.raises(ValueError, match="level"):
            bootstrap_mean([1, 2], level=bad)  # type: ignore[arg-type]
    for bad in (0, 9, 10.5, True):
        with pytest.raises(ValueError, match="resamples"):
            bootstrap_mean([1, 2], resamples=bad)  # type: ignore[arg-type]


def test_wilson_stays_inside_0_and_1() -> None:
    assert wilson(0, 10)[1] == 0.0 and 0 < wilson(0, 10)[2] < 0.35
    assert wilson(10, 10)[2] == pytest.approx(1.0) and 0.65 < wilson(10, 10)[1] < 1
    rate, lo, hi = wilson(2, 20)
    assert rate == 0.1 and (round(lo, 3), round(hi, 3)) == (0.028, 0.301)
    assert wilson(2, 20, level=0.99)[1] < lo and wilson(2, 20, level=0.99)[2] > hi
    assert all(math.isnan(x) for x in wilson(0, 0))
