"""Every dice expression and ``Dist`` operation of ``boardgames.odds``, checked against
brute-force enumeration of the faces and against icepool on the same expressions; every
result sums to exactly 1."""

from __future__ import annotations

from fractions import Fraction as F

import icepool
import pytest
from odds.odds_support import brute, faces, from_icepool

from boardgames.core.dist import Dist
from boardgames.odds import (
    cdf,
    d4,
    d6,
    d8,
    d10,
    d12,
    d20,
    d100,
    dice,
    die,
    given,
    highest,
    joint,
    lowest,
    mean,
    ones,
    pool,
    std,
    successes,
    total,
    variance,
)

I6, I8, I10 = icepool.d6, icepool.d8, icepool.d10

# (name, ours, brute force, icepool)
CASES = [
    ("d6", lambda: d6, lambda: brute([faces(6)], lambda a: a), lambda: I6),
    ("d100", lambda: d100, lambda: brute([faces(100)], lambda a: a), lambda: icepool.d(100)),
    ("die(7)", lambda: die(7), lambda: brute([faces(7)], lambda a: a), lambda: icepool.d(7)),
    ("2d6", lambda: dice(2, 6), lambda: brute([faces(6)] * 2, lambda a, b: a + b),
     lambda: 2 @ I6),
    ("d6+d6", lambda: d6 + d6, lambda: brute([faces(6)] * 2, lambda a, b: a + b),
     lambda: I6 + I6),
    ("3@d6", lambda: 3 @ d6, lambda: brute([faces(6)] * 3, lambda *r: sum(r)), lambda: 3 @ I6),
    ("2d10", lambda: dice(2, 10), lambda: brute([faces(10)] * 2, lambda a, b: a + b),
     lambda: 2 @ I10),
    ("4d6", lambda: dice(4, 6), lambda: brute([faces(6)] * 4, lambda *r: sum(r)),
     lambda: 4 @ I6),
    ("0d6", lambda: dice(0, 6), lambda: {0: F(1)}, lambda: 0 @ I6),
    ("d100+15", lambda: d100 + 15, lambda: brute([faces(100)], lambda a: a + 15),
     lambda: icepool.d(100) + 15),
    ("d6-d6", lambda: d6 - d6, lambda: brute([faces(6)] * 2, lambda a, b: a - b),
     lambda: I6 - I6),
    ("10-d6", lambda: 10 - d6, lambda: brute([faces(6)], lambda a: 10 - a), lambda: 10 - I6),
    ("-d8", lambda: -d8, lambda: brute([faces(8)], lambda a: -a), lambda: -I8),
    ("d6*d6", lambda: d6 * d6, lambda: brute([faces(6)] * 2, lambda a, b: a * b),
     lambda: I6 * I6),
    ("2*d6", lambda: 2 * d6, lambda: brute([faces(6)], lambda a: 2 * a), lambda: I6 * 2),
    ("d6*3", lambda: d6 * 3, lambda: brute([faces(6)], lambda a: 3 * a), lambda: I6 * 3),
    ("ones(5)", lambda: ones(5),
     lambda: brute([faces(6)] * 5, lambda *r: sum(x == 1 for x in r)), lambda: 5 @ (I6 == 1)),
    ("ones(3,10)", lambda: ones(3, 10),
     lambda: brute([faces(10)] * 3, lambda *r: sum(x == 1 for x in r)),
     lambda: 3 @ (I10 == 1)),
    ("5s-and-6s", lambda: successes(4, d6, lambda x: x >= 5),
     lambda: brute([faces(6)] * 4, lambda *r: sum(x >= 5 for x in r)), lambda: 4 @ (I6 >= 5)),
    ("total", lambda: total(d6, d8, d10),
     lambda: brute([faces(6), faces(8), faces(10)], lambda *r: sum(r)),
     lambda: I6 + I8 + I10),
    ("highest", lambda: highest(d6, d8, d10),
     lambda: brute([faces(6), faces(8), faces(10)], max),
     lambda: icepool.highest(I6, I8, I10)),
    ("lowest", lambda: lowest(d6, d8),
     lambda: brute([faces(6), faces(8)], min), lambda: icepool.lowest(I6, I8)),
    ("best-of-2d20", lambda: highest(d20, d20), lambda: brute([faces(20)] * 2, max),
     lambda: icepool.highest(icepool.d20, icepool.d20)),
    ("map", lambda: d12.map(lambda k: k % 4),
     lambda: brute([faces(12)], lambda a: a % 4), lambda: icepool.d12.map(lambda k: k % 4)),
    ("combine", lambda: d4.combine(d6, lambda a, b: abs(a - b)),
     lambda: brute([faces(4), faces(6)], lambda a, b: abs(a - b)),
     lambda: icepool.map(lambda a, b: abs(a - b), icepool.d4, I6)),
    ("given-pred", lambda: dice(2, 6).given(lambda k: k >= 9),
     lambda: _cond(brute([faces(6)] * 2, lambda a, b: a + b), lambda k: k >= 9),
     lambda: (2 @ I6).reroll(lambda k: k < 9, depth="inf")),
    ("given-set", lambda: given(dice(2, 6), {7, 11}),
     lambda: _cond(brute([faces(6)] * 2, lambda a, b: a + b), lambda k: k in {7, 11}),
     lambda: (2 @ I6).reroll(lambda k: k not in {7, 11}, depth="inf")),
    ("joint", lambda: joint(d6, d4), lambda: brute([faces(6), faces(4)], lambda a, b: (a, b)),
     lambda: icepool.tupleize(I6, icepool.d4)),
    ("pool(2)", lambda: pool(2), lambda: brute([faces(6)] * 2, lambda *r: tuple(sorted(r))),
     lambda: I6.pool(2).expand()),
    ("pool(3,4)", lambda: pool(3, 4),
     lambda: brute([faces(4)] * 3, lambda *r: tuple(sorted(r))),
     lambda: icepool.d4.pool(3).expand()),
]


def _cond(d: dict[object, F], pred) -> dict[object, F]:  # type: ignore[no-untyped-def]
    kept = {k: p for k, p in d.items() if pred(k)}
    s = sum(kept.values())
    return {k: p / s for k, p in kept.items()}


@pytest.mark.parametrize(("ours", "by_hand", "theirs"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_against_brute_force_and_icepool(ours, by_hand, theirs) -> None:  # type: ignore[no-untyped-def]
    d = ours()
    assert isinstance(d, Dist)
    assert dict(d) == by_hand()
    assert dict(d) == from_icepool(theirs())
    assert sum(d.values(), F(0)) == 1 and all(type(p) is F and p > 0 for p in d.values())


@pytest.mark.parametrize(("ours", "theirs"), [
    (lambda: dice(3, 6), lambda: 3 @ I6),
    (lambda: d100 + 20, lambda: icepool.d(100) + 20),
    (lambda: ones(7), lambda: 7 @ (I6 == 1)),
    (lambda: highest(d10, d10), lambda: icepool.highest(I10, I10)),
    (lambda: d6 - d8, lambda: I6 - I8),
], ids=["3d6", "d100+20", "ones(7)", "max-2d10", "d6-d8"])
def test_summaries_against_icepool(ours, theirs) -> None:  # type: ignore[no-untyped-def]
    d, ref = ours(), theirs()
    assert mean(d) == d.mean() == F(ref.mean())
    assert variance(d) == d.variance() == F(ref.variance())
    assert std(d) == d.std() == pytest.approx(ref.standard_deviation())
    for x in sorted(set(d.outcomes))[::3]:
        assert cdf(d, x) == F(ref.probability("<=", x))
        assert d.at_least(x) == F(ref.probability(">=", x))


def test_cdf_table_is_running_sum() -> None:
    table = cdf(dice(2, 6))
    assert isinstance(table, dict) and list(table) == list(range(2, 13))
    assert table[7] == F(21, 36) and table[12] == 1
    assert all(table[k] == dice(2, 6).at_most(k) for k in table)


def test_textbook_facts_of_the_games_dice() -> None:
    two = dice(2, 6)
    assert max(two, key=two.__getitem__) == 7 and two[7] == F(1, 6)
    assert pool(2).probability(lambda r: r[0] == r[1]) == F(1, 6)  # doubles
    assert ones(4).at_least(1) == 1 - F(5, 6) ** 4
    assert dice(2, 10).mean() == 11 and (d100 + 15).at_least(90) == F(26, 100)
    # conditioning a joint roll: the sum given the first die shows 6
    assert joint(d6, d6).given(lambda r: r[0] == 6).map(sum) == d6 + 6


def test_big_sums_stay_exact_and_fast() -> None:
    d = dice(60, 6)
    assert sum(d.values(), F(0)) == 1 and len(d) == 301
    assert d.mean() == 210 and d.variance() == 60 * F(35, 12)
    assert ones(200).mean() == F(200, 6)


def test_repeat_sum_equals_repeated_addition() -> None:
    for k in range(7):
        acc = Dist.constant(0)
        for _ in range(k):
            acc = acc + d4
        assert d4.repeat_sum(k) == acc == k @ d4


@pytest.mark.parametrize(("call", "message"), [
    (lambda: die(0), "sides must be an int >= 1"),
    (lambda: die(2.5), "not 2.5"),  # type: ignore[arg-type]
    (lambda: die(True), "not True"),  # type: ignore[arg-type]
    (lambda: die(10**7), "at most"),
    (lambda: dice(-1, 6), "number of dice must be an int >= 0"),
    (lambda: dice(2, 0), "sides must be an int >= 1"),
    (lambda: ones(-2), "number of dice"),
    (lambda: ones(3, 0), "sides"),
    (lambda: successes(3, [1, 2], bool), "expected a Dist"),  # type: ignore[arg-type]
    (lambda: total(), "at least one Dist"),
    (lambda: highest(d6, 6), "takes Dist objects"),  # type: ignore[arg-type]
    (lambda: pool(20, 6), "more than"),
    (lambda: (-1) @ d6, "non-negative int"),
    (lambda: d6.repeat_sum(1.5), "non-negative int"),  # type: ignore[arg-type]
    (lambda: given(d6, lambda k: k > 6), "probability 0"),
    (lambda: d6.given(7), "predicate or a collection"),  # type: ignore[arg-type]
    (lambda: d6.given("16"), "predicate or a collection"),
    (lambda: mean(joint(d6, d6)), "numeric outcomes"),
    (lambda: mean([1, 2]), "expected a Dist"),  # type: ignore[arg-type]
    (lambda: cdf({1: 1}), "expected a Dist"),  # type: ignore[arg-type]
], ids=lambda x: x if isinstance(x, str) else "")
def test_bad_input_is_a_clear_value_error(call, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        call()


def test_module_dice_are_the_constructors() -> None:
    for d, n in ((d4, 4), (d6, 6), (d8, 8), (d10, 10), (d12, 12), (d20, 20), (d100, 100)):
        assert d == die(n) == Dist.die(n) and d.outcomes == tuple(range(1, n + 1))


# ----------------------------------------------------------------------- random expressions
_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "max": max, "min": min}


def _expressions():  # type: ignore[no-untyped-def]
    from hypothesis import strategies as st

    leaf = st.integers(1, 6).map(lambda n: ("die", n))
    return st.recursive(
        leaf,
        lambda sub: st.tuples(st.sampled_from(sorted(_OPS)), sub, sub),
        max_leaves=4,
    )


def _ours(e):  # type: ignore[no-untyped-def]
    if e[0] == "die":
        return die(e[1])
    op, a, b = e
    x, y = _ours(a), _ours(b)
    return {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
            "max": lambda: highest(x, y), "min": lambda: lowest(x, y)}[op]()


def _leaves(e):  # type: ignore[no-untyped-def]
    return [e[1]] if e[0] == "die" else _leaves(e[1]) + _leaves(e[2])


def _value(e, faces):  # type: ignore[no-untyped-def]
    """Evaluate the expression on one roll (faces consumed left to right)."""
    if e[0] == "die":
        return next(faces)
    op, a, b = e
    x = _value(a, faces)
    return _OPS[op](x, _value(b, faces))


def test_random_expressions_against_brute_force() -> None:
    from hypothesis import given as hgiven
    from hypothesis import settings

    @settings(max_examples=40, deadline=None, derandomize=True)
    @hgiven(_expressions())
    def check(e) -> None:  # type: ignore[no-untyped-def]
        d = _ours(e)
        ref = brute([faces(n) for n in _leaves(e)], lambda *r: _value(e, iter(r)))
        assert dict(d) == ref
        assert sum(d.values(), F(0)) == 1

    check()
