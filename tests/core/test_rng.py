"""The counter-based RNG: the k-th draw depends only on (seed, k)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from boardgames.core.rng import MAX_SEED, draw_index, fresh_seed, mix64


def test_same_seed_and_counter_give_the_same_draw() -> None:
    w = [1, 1, 1, 1, 1, 1]
    for seed in (0, 1, 7, 2**63, MAX_SEED):
        for k in range(50):
            assert draw_index(seed, k, w) == draw_index(seed, k, list(w))


def test_draws_depend_on_seed_and_counter() -> None:
    w = [1] * 1000
    by_counter = {draw_index(5, k, w) for k in range(200)}
    by_seed = {draw_index(s, 3, w) for s in range(200)}
    assert len(by_counter) > 150 and len(by_seed) > 150


def _chi2(observed: Counter, expected: list[float]) -> float:
    return sum((observed[i] - e) ** 2 / e for i, e in enumerate(expected))


def test_uniform_weights_give_roughly_uniform_draws() -> None:
    n = 60_000
    c = Counter(draw_index(12345, k, [1] * 6) for k in range(n))
    assert set(c) == set(range(6))
    # chi-square with 5 degrees of freedom: 20.5 is the 99.9% quantile.
    assert _chi2(c, [n / 6] * 6) < 20.5


def test_draws_are_proportional_to_integer_weights() -> None:
    n = 60_000
    w = [1, 3, 0, 6]
    c = Counter(draw_index(99, k, w) for k in range(n))
    assert c[2] == 0
    obs = Counter({j: c[i] for j, i in enumerate((0, 1, 3))})
    assert _chi2(obs, [n * 1 / 10, n * 3 / 10, n * 6 / 10]) < 16.3  # 2 dof, 99.97%


def test_uniform_across_seeds_too() -> None:
    n = 30_000
    c = Counter(draw_index(s, 0, [1, 1, 1]) for s in range(n))
    assert _chi2(c, [n / 3] * 3) < 13.8  # 2 dof, 99.9%


def test_large_weights_are_exact() -> None:
    # Weights far above 2**53 must not lose precision (binomial weights of many dice).
    big = 5**60
    c = Counter(draw_index(3, k, [big, big]) for k in range(4000))
    assert abs(c[0] - 2000) < 4 * math.sqrt(1000)


def test_single_outcome_is_always_drawn() -> None:
    assert {draw_index(s, k, [7]) for s in range(20) for k in range(20)} == {0}


def test_mix64_stays_in_64_bits_and_mixes() -> None:
    outs = [mix64(i) for i in range(1000)]
    assert all(0 <= x <= MAX_SEED for x in outs) and len(set(outs)) == 1000
    assert mix64(MAX_SEED) <= MAX_SEED
    # Flipping one input bit flips about half of the output bits.
    flips = [bin(mix64(i) ^ mix64(i ^ 1)).count("1") for i in range(200)]
    assert 28 < sum(flips) / len(flips) < 36


@pytest.mark.parametrize("_", range(5))
def test_fresh_seed_is_a_valid_seed(_: int) -> None:
    s = fresh_seed()
    assert isinstance(s, int) and 0 <= s <= MAX_SEED


def test_splitmix64_gives_the_published_sequence() -> None:
    """The reference outputs of SplitMix64 started at state 0 (Vigna's splitmix64.c)."""
    from boardgames.core.rng import splitmix64

    assert [splitmix64(0, k) for k in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_long_weights_are_bisected_to_the_same_outcome_as_a_scan() -> None:
    from boardgames.core.rng import splitmix64

    weights = [0, 3, 1, 0, 7, 2, 2, 9, 0, 4, 1, 5] * 9  # over SHORT: bisected
    total = sum(weights)
    for k in range(500):
        r = (splitmix64(77, k) * total) >> 64
        i = 0
        while r >= weights[i]:
            r -= weights[i]
            i += 1
        assert draw_index(77, k, weights) == draw_index(77, k, tuple(weights)) == i
        assert weights[i] > 0
