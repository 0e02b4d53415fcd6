"""``simulate_dist``: seeded and deterministic, exact counts, and converging to the exact
distribution (the law of large numbers) at the rate the standard error predicts."""

from __future__ import annotations

import math
import random
from fractions import Fraction as F

import pytest

from boardgames.core.dist import Dist
from boardgames.odds import Sample, d6, dice, ones, simulate_dist, spacehole_battle_odds
from boardgames.odds.sampling import Sampler


def test_same_seed_same_draws_and_longer_runs_extend_shorter_ones() -> None:
    a = simulate_dist(dice(2, 6), 500, seed=7)
    assert a.draws == simulate_dist(dice(2, 6), 500, seed=7).draws
    assert a.draws != simulate_dist(dice(2, 6), 500, seed=8).draws
    assert simulate_dist(dice(2, 6), 2000, seed=7).draws[:500] == a.draws
    assert a.seed == 7 and a.n == 500 and a.exact == dice(2, 6)


def test_draws_are_pinned_for_a_seed() -> None:
    # A change here changes every seeded lesson: it must be deliberate.
    r = random.Random(1)
    assert simulate_dist(d6, 12, seed=1).draws == tuple(r.randrange(6) + 1 for _ in range(12))
    sampler = Sampler(dice(2, 6))  # over 36: the 36 rolls, in order
    assert sampler.total == 36 and sampler.cum == [1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36]


def test_counts_frequencies_and_mean_are_exact() -> None:
    s = simulate_dist(dice(2, 6), 1000, seed=3)
    assert sum(s.counts.values()) == 1000
    assert all(s.frequency(k) == F(c, 1000) for k, c in s.counts.items())
    assert s.mean() == F(sum(s.draws), 1000)
    assert s.frequencies() == Dist.from_weights(s.counts)
    assert s.probability(lambda k: k == 7) == s.frequency(7)
    assert s.running_mean()[-1] == pytest.approx(float(s.mean()))
    assert s.running_frequency(7)[-1] == pytest.approx(float(s.frequency(7)))
    rows = s.rows()
    assert [r[0] for r in rows] == list(range(2, 13))
    assert all(r[1] == dice(2, 6)[r[0]] and r[2] == s.counts.get(r[0], 0) for r in rows)


@pytest.mark.parametrize("dist", [d6, dice(2, 6), ones(5), spacehole_battle_odds(3, [2])],
                         ids=["d6", "2d6", "ones(5)", "battle"])
def test_law_of_large_numbers(dist: Dist) -> None:
    """The gap to the exact distribution shrinks like 1/sqrt(n): after 40 000 draws every
    frequency is within 4.5 standard errors (a failure would be a bug, not bad luck: with
    a few outcomes the chance is below 1e-4)."""
    small = simulate_dist(dist, 400, seed=11)
    big = simulate_dist(dist, 40_000, seed=11)
    for k, p in dist.items():
        se = math.sqrt(float(p) * (1 - float(p)) / big.n)
        assert abs(float(big.frequency(k)) - float(p)) <= 4.5 * se + 1e-12
    assert big.max_error() < small.max_error() or big.max_error() < 0.005
    if all(isinstance(k, int) for k in dist):
        assert abs(float(big.mean() - dist.mean())) < 4.5 * dist.stdev() / math.sqrt(big.n)


def test_non_numeric_outcomes_and_tiny_probabilities() -> None:
    d = Dist({"rare": F(1, 10**30), "common": 1 - F(1, 10**30)})
    s = simulate_dist(d, 1000, seed=0)
    assert s.counts == {"common": 1000}
    assert "rare" in s.table() and "mean" not in s.table()
    assert s.max_error() == pytest.approx(1e-30, abs=1e-29)


def test_table_and_html_show_both_columns() -> None:
    s = simulate_dist(Dist.from_weights({"<win>": 1, "loss": 3}), 100, seed=2)
    lines = s.table().splitlines()
    assert lines[0].startswith("100 draws (seed 2)")
    assert lines[1].split() == ["outcome", "exact", "sampled", "difference"]
    h = s._repr_html_()
    assert "&lt;win&gt;" in h and "<win>" not in h and "25.00%" in h and "75.00%" in h
    assert repr(s).startswith("<Sample n=100 seed=2 max_error=")


@pytest.mark.parametrize(("call", "message"), [
    (lambda: simulate_dist(d6, 0), r"n must be an int in \[1, 10000000\], not 0"),
    (lambda: simulate_dist(d6, 10.0), "not 10.0"),  # type: ignore[arg-type]
    (lambda: simulate_dist(d6, 10**8), "not 100000000"),
    (lambda: simulate_dist(d6, 10, seed="x"), "seed must be an int, not 'x'"),  # type: ignore[arg-type]
    (lambda: simulate_dist(d6, 10, seed=1.5), "seed must be an int"),  # type: ignore[arg-type]
    (lambda: simulate_dist({1: 1}, 10), "expected a Dist"),  # type: ignore[arg-type]
    (lambda: Sample(d6, []), "at least one draw"),
])
def test_bad_input_is_a_clear_value_error(call, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call()
