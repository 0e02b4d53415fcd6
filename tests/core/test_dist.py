"""``Dist``: exact distributions, checked against brute-force enumeration, ``math.comb``
and an independent dice library (icepool) on the same expressions."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction as F

import icepool
import pytest

from boardgames.core.dist import Dist


def brute(*sides: int, fn=sum) -> dict[object, F]:  # type: ignore[no-untyped-def]
    """Exact distribution of ``fn(faces)`` by enumerating every roll of the dice."""
    rolls = list(itertools.product(*(range(1, s + 1) for s in sides)))
    c = Counter(fn(r) for r in rolls)
    return {k: F(v, len(rolls)) for k, v in c.items()}


def from_icepool(die: icepool.Die) -> dict[object, F]:
    den = die.denominator()
    return {k: F(q, den) for k, q in die.items() if q}


# ----------------------------------------------------------------------- constructors
def test_constructor_from_a_mapping_and_from_pairs() -> None:
    d = Dist({"win": F(1, 3), "loss": F(2, 3)})
    assert d["win"] == F(1, 3) and d["loss"] == F(2, 3)
    assert Dist([("a", F(1, 4)), ("b", F(1, 2)), ("a", F(1, 4))]) == {"a": F(1, 2), "b": F(1, 2)}


def test_constructor_accepts_exact_non_fraction_numbers() -> None:
    d = Dist({1: 0.5, 2: "1/4", 3: F(1, 4)})
    assert d == {1: F(1, 2), 2: F(1, 4), 3: F(1, 4)}
    assert all(type(p) is F for p in d.values())


def test_zero_probability_outcomes_are_dropped() -> None:
    d = Dist({"x": 1, "never": 0})
    assert list(d) == ["x"] and d.prob("never") == 0 and "never" not in d


def test_outcomes_are_sorted_numbers_first() -> None:
    d = Dist.from_weights({"b": 1, 3: 1, "a": 1, 1: 1, 2: 1})
    assert d.outcomes == (1, 2, 3, "a", "b")


def test_negative_probability_is_refused_quoting_the_outcome() -> None:
    with pytest.raises(ValueError, match=r"negative probability -1/2 for outcome 'x'"):
        Dist({"x": F(-1, 2), "y": F(3, 2)})


@pytest.mark.parametrize("probs", [{"a": F(1, 2)}, {"a": F(1, 2), "b": F(2, 3)}, {}])
def test_probabilities_not_summing_to_one_are_refused(probs: dict[str, F]) -> None:
    total = sum(probs.values(), F(0))
    with pytest.raises(ValueError, match=f"sum to {total}, not exactly 1"):
        Dist(probs)


def test_unhashable_outcome_is_refused() -> None:
    with pytest.raises(TypeError, match=r"\[1\] is not hashable"):
        Dist([([1], 1)])


def test_from_weights_normalises_exactly() -> None:
    d = Dist.from_weights({"a": 1, "b": 2, "c": 3})
    assert d == {"a": F(1, 6), "b": F(1, 3), "c": F(1, 2)}
    assert Dist.from_weights([("a", F(1, 3)), ("a", F(1, 3)), ("b", F(2, 3))]) == {
        "a": F(1, 2),
        "b": F(1, 2),
    }


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        ({"a": -1, "b": 2}, r"negative weight -1 for outcome 'a'"),
        ({"a": 0}, "positive total"),
        ({}, "positive total"),
    ],
)
def test_from_weights_refuses_bad_weights(weights: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Dist.from_weights(weights)


def test_constant_uniform_and_die() -> None:
    assert Dist.constant("x") == {"x": 1}
    assert Dist.uniform("aab") == {"a": F(2, 3), "b": F(1, 3)}
    assert Dist.die(6) == {i: F(1, 6) for i in range(1, 7)}
    assert Dist.die(1) == {1: 1}


@pytest.mark.parametrize("sides", [0, -6, "6", 2.0])
def test_die_refuses_a_bad_number_of_sides(sides: object) -> None:
    with pytest.raises(ValueError, match=repr(sides).replace(".", r"\.")):
        Dist.die(sides)  # type: ignore[arg-type]


@pytest.mark.parametrize("p", [F(1, 6), F(1, 2), F(0), F(1), F(5, 7)])
@pytest.mark.parametrize("n", [0, 1, 2, 5, 13, 30])
def test_binomial_matches_math_comb(n: int, p: F) -> None:
    d = Dist.binomial(n, p)
    for k in range(n + 1):
        assert d.prob(k) == math.comb(n, k) * p**k * (1 - p) ** (n - k)
    assert sum(d.values()) == 1


def test_binomial_default_is_hits_among_d6_and_matches_brute_force() -> None:
    for n in range(5):
        assert Dist.binomial(n) == brute(*[6] * n, fn=lambda r: sum(x == 1 for x in r))


@pytest.mark.parametrize(("n", "p"), [(-1, F(1, 2)), (3, F(3, 2)), (3, F(-1, 2)), (1.5, F(1, 2))])
def test_binomial_refuses_bad_arguments(n: object, p: F) -> None:
    with pytest.raises(ValueError, match="must be"):
        Dist.binomial(n, p)  # type: ignore[arg-type]


# ----------------------------------------------------------------------- summaries
def test_mean_variance_stdev_against_brute_force() -> None:
    d = Dist.die(6) + Dist.die(6) + Dist.die(6)
    b = brute(6, 6, 6)
    assert d == b
    mean = sum(k * p for k, p in b.items())
    var = sum((k - mean) ** 2 * p for k, p in b.items())
    assert d.mean() == mean == F(21, 2)
    assert d.variance() == var == F(35, 4)
    assert d.stdev() == pytest.approx(math.sqrt(35 / 4))


@pytest.mark.parametrize("x", [2, 3, 7, 10, 12, 13])
def test_at_least_at_most_against_brute_force(x: int) -> None:
    d = Dist.die(6) + Dist.die(6)
    b = brute(6, 6)
    assert d.at_least(x) == sum((p for k, p in b.items() if k >= x), F(0))
    assert d.at_most(x) == sum((p for k, p in b.items() if k <= x), F(0))
    assert d.at_least(x) + d.at_most(x - 1) == 1


def test_probability_cdf_and_prob() -> None:
    d = Dist.die(4)
    assert d.probability(lambda k: k % 2 == 0) == F(1, 2)
    assert d.cdf() == {1: F(1, 4), 2: F(1, 2), 3: F(3, 4), 4: F(1)}
    assert d.prob(9) == 0


def test_given_against_brute_force() -> None:
    d = (Dist.die(6) + Dist.die(6)).given(lambda k: k >= 9)
    b = {k: p for k, p in brute(6, 6).items() if k >= 9}
    total = sum(b.values())
    assert d == {k: p / total for k, p in b.items()}


def test_given_an_impossible_event_is_refused() -> None:
    with pytest.raises(ValueError, match="probability 0"):
        Dist.die(6).given(lambda k: k > 6)


def test_map_and_combine_against_brute_force() -> None:
    assert Dist.die(6).map(lambda k: k % 3) == brute(6, fn=lambda r: r[0] % 3)
    assert Dist.die(6).combine(Dist.die(8), max) == brute(6, 8, fn=max)
    assert Dist.die(4) + 10 == brute(4, fn=lambda r: r[0] + 10)
    assert 10 + Dist.die(4) == Dist.die(4) + 10
    assert sum([Dist.die(6), Dist.die(6)]) == brute(6, 6)  # type: ignore[arg-type]


# ----------------------------------------------------------------------- icepool
@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (lambda: Dist.die(6) + Dist.die(6) + Dist.die(6), lambda: 3 @ icepool.d6),
        (lambda: Dist.die(6) + Dist.die(8), lambda: icepool.d6 + icepool.d8),
        (lambda: Dist.binomial(7), lambda: 7 @ (icepool.d6 == 1)),
        (
            lambda: Dist.die(6).combine(Dist.die(6), max),
            lambda: icepool.highest(icepool.d6, icepool.d6),
        ),
        (
            lambda: Dist.die(10).map(lambda k: k * k - 3),
            lambda: icepool.d10.map(lambda k: k * k - 3),
        ),
        (
            lambda: (Dist.die(6) + Dist.die(6)).given(lambda k: k > 7),
            lambda: (icepool.d6 + icepool.d6).reroll(lambda k: k <= 7, depth="inf"),
        ),
    ],
    ids=["3d6", "d6+d8", "hits-of-7d6", "max-2d6", "map", "given"],
)
def test_agrees_with_icepool(ours, theirs) -> None:  # type: ignore[no-untyped-def]
    d, ref = ours(), from_icepool(theirs())
    assert dict(d) == ref
    assert sum(d.values()) == 1


def test_summaries_agree_with_icepool() -> None:
    d = Dist.die(6) + Dist.die(6) + Dist.die(6) + Dist.die(6)
    ref = 4 @ icepool.d6
    assert d.mean() == F(ref.mean())
    assert d.variance() == F(ref.variance())
    assert d.at_least(17) == F(ref.probability(">=", 17))


# ----------------------------------------------------------------------- exactness
def test_every_constructor_sums_to_exactly_one() -> None:
    dists = [
        Dist.die(7),
        Dist.uniform(range(11)),
        Dist.binomial(40),
        Dist.binomial(9, F(2, 7)),
        Dist.from_weights({i: i * i for i in range(1, 30)}),
        Dist.constant(0),
        Dist.die(6) + Dist.die(12) + Dist.die(20),
        Dist.die(6).given(lambda k: k != 3),
    ]
    for d in dists:
        assert sum(d.values(), F(0)) == 1 and all(type(p) is F and p > 0 for p in d.values())


def test_hash_and_equality() -> None:
    assert Dist.die(6) == Dist.uniform(range(1, 7)) and hash(Dist.die(6)) == hash(
        Dist.uniform(range(1, 7))
    )
    assert Dist.die(6) != Dist.die(5)


def test_sample_is_inverse_cdf() -> None:
    d = Dist.from_weights({"a": 1, "b": 2, "c": 1})
    assert [d.sample(u) for u in (0.0, 0.24, 0.25, 0.74, 0.75, 0.9999)] == list("aabbcc")


# ----------------------------------------------------------------------- display
def test_table_and_str() -> None:
    d = Dist.from_weights({"win": 1, "loss": 2})
    lines = d.table().splitlines()
    assert lines[0].split() == ["outcome", "probability", "%"]
    assert lines[1].split() == ["loss", "2/3", "66.67%"]
    assert lines[2].split() == ["win", "1/3", "33.33%"]
    assert str(d) == d.table()
    assert repr(d) == "Dist({'loss': 2/3, 'win': 1/3})"


def test_repr_html_escapes_and_shows_every_outcome() -> None:
    d = Dist.from_weights({"<b>bold</b>": 1, "plain": 3})
    h = d._repr_html_()
    assert "<b>bold</b>" not in h and "&lt;b&gt;bold&lt;/b&gt;" in h
    assert "1/4" in h and "3/4" in h and "25.00%" in h and "75.00%" in h
    assert h.startswith("<table") and h.count("<tr>") == 3
