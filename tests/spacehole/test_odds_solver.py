"""The battle solver (``odds._solve``) against a plain Fraction recursion over the same states.

``test_odds.py`` checks ``battle_odds`` against a brute force over single cards; these
tests reach what its small cases do not: many random states ``(Force, defenders as (hits
left, dice), structure hits left)`` of every battle order, bigger battles, several states
solved together (``_win_probs``, as ``Spacehole.battle_odds()`` mid-round does) and the
caches. The reference here takes the rules from the module docstring of ``odds.py``
(one invader hit at a time on a uniformly random card, spill onto the structures, the
turrets that still fire) and solves ``W(s) = (sum_{o != s} P(s, o) W(o)) / (1 - P(s, s))``
state by state in Fractions, with no common denominator and no convolution tables.
"""

from __future__ import annotations

import functools
import random
from fractions import Fraction
from typing import Any

import pytest

from boardgames.spacehole import odds

ORDERS = ("simultaneous", "invader_first", "defenders_first")
WIN, LOSS = "win", "loss"

State = tuple[int, tuple[tuple[int, int], ...], int]


@functools.cache
def binomial(n: int) -> tuple[Fraction, ...]:
    """P(k hits among n dice), k = 0..n, by adding one die at a time."""
    dist = [Fraction(1)]
    for _ in range(n):
        new = [Fraction(0)] * (len(dist) + 1)
        for k, p in enumerate(dist):
            new[k] += p * Fraction(5, 6)
            new[k + 1] += p * Fraction(1, 6)
        dist = new
    return tuple(dist)


class Reference:
    """P(win) of a battle state by memoised recursion over explicit round outcomes."""

    def __init__(self, order: str, turrets: int, base_left: int) -> None:
        self.order = order
        self.turrets = turrets
        self.base_left = base_left
        self.memo: dict[State, Fraction] = {}

    def dice(self, defs: tuple[tuple[int, int], ...], h: int) -> int:
        return 1 + min(self.turrets, max(0, h - self.base_left)) + sum(d for _, d in defs)

    @functools.cache  # noqa: B019 - a few small instances per test
    def alloc(self, defs: tuple[tuple[int, int], ...], k: int) -> dict[Any, Fraction]:
        """k hits, each on one of the cards in play picked uniformly (every card apart)."""
        if k == 0:
            return {(defs, 0): Fraction(1)}
        if not defs:
            return {((), k): Fraction(1)}
        out: dict[Any, Fraction] = {}
        for i, (left, dice) in enumerate(defs):
            rest = list(defs[:i] + defs[i + 1:])
            if left > 1:
                rest.append((left - 1, max(0, dice - 1)))
            for key, p in self.alloc(tuple(sorted(rest)), k - 1).items():
                out[key] = out.get(key, Fraction(0)) + p / len(defs)
        return out

    def round(self, s: State) -> dict[Any, Fraction]:
        f, defs, h = s
        out: dict[Any, Fraction] = {}

        def add(key: Any, p: Fraction) -> None:
            out[key] = out.get(key, Fraction(0)) + p

        def after_attack(pk: Fraction, k: int, f2: int) -> list[tuple[Any, Fraction]]:
            res = []
            for (nd, sp), pa in self.alloc(defs, k).items():
                res.append((LOSS if h - sp <= 0 else (f2, nd, h - sp), pk * pa))
            return res

        if self.order == "simultaneous":
            for j, pj in enumerate(binomial(self.dice(defs, h))):
                for k, pk in enumerate(binomial(f)):
                    for o, p in after_attack(pk, k, f - j):
                        add(o if o == LOSS or o[0] > 0 else WIN, pj * p)
        elif self.order == "invader_first":
            for k, pk in enumerate(binomial(f)):
                for o, p in after_attack(pk, k, f):
                    if o == LOSS:
                        add(LOSS, p)
                        continue
                    for j, pj in enumerate(binomial(self.dice(o[1], o[2]))):
                        add((f - j, o[1], o[2]) if f - j > 0 else WIN, p * pj)
        else:
            for j, pj in enumerate(binomial(self.dice(defs, h))):
                if f - j <= 0:
                    add(WIN, pj)
                    continue
                for k, pk in enumerate(binomial(f - j)):
                    for o, p in after_attack(pk, k, f - j):
                        add(o, pj * p)
        return out

    def win(self, s: State) -> Fraction:
        if s in self.memo:
            return self.memo[s]
        moves = self.round(s)
        stay = moves.pop(s, Fraction(0))
        total = moves.pop(WIN, Fraction(0))
        moves.pop(LOSS, None)
        total += sum((p * self.win(o) for o, p in moves.items()), Fraction(0))
        self.memo[s] = total / (1 - stay)
        return self.memo[s]


def random_state(rng: random.Random, force: int, cards: int, h: int) -> State:
    defs = []
    for _ in range(cards):
        left = rng.randint(1, 3)
        kind = rng.random()
        if kind < 0.15:
            dice = 0  # Alien Artifact without a Research Lab
        elif kind < 0.3:
            left, dice = 1, rng.randint(1, 4)  # Space Hero: one hit, several dice
        else:
            dice = left + rng.randint(0, 1)
        defs.append((left, dice))
    return force, tuple(sorted(defs)), h


def random_ctx(rng: random.Random, order: str, h: int) -> tuple[str, int, int]:
    base_left = rng.randint(1, h)
    turrets = rng.randint(0, h - base_left)
    return order, turrets, base_left


@pytest.mark.parametrize("order", ORDERS)
def test_solver_equals_fraction_recursion_on_random_states(order: str) -> None:
    rng = random.Random(f"odds-solver-{order}")
    for _ in range(25):
        h = rng.randint(1, 7)
        s = random_state(rng, rng.randint(1, 5), rng.randint(0, 3), h)
        ctx = random_ctx(rng, order, h)
        odds.clear_caches()
        got = odds._win_probs(ctx, [s])[s]
        assert got == Reference(*ctx).win(s), (ctx, s)


@pytest.mark.parametrize("order", ORDERS)
def test_solver_equals_fraction_recursion_on_a_big_battle(order: str) -> None:
    """Force 6 against three defenders (one of them a many-dice Space Hero)."""
    s: State = (6, ((1, 4), (2, 2), (3, 3)), 8)
    ctx = (order, 2, 5)
    odds.clear_caches()
    assert odds._win_probs(ctx, [s])[s] == Reference(*ctx).win(s)


@pytest.mark.parametrize("order", ORDERS)
def test_states_solved_together_equal_states_solved_alone(order: str) -> None:
    """Several tops in one solve (different Forces, defenders, and the same defenders at
    different structure hits, as after a spill) give each top's own odds."""
    rng = random.Random(f"odds-tops-{order}")
    for _ in range(6):
        h = rng.randint(3, 8)
        ctx = random_ctx(rng, order, h)
        tops = [random_state(rng, rng.randint(1, 6), rng.randint(0, 3), h) for _ in range(3)]
        f, defs, _ = tops[0]
        tops.append((max(1, f - 2), defs, h - 1))
        tops.append((f, (), h - 2))
        odds.clear_caches()
        together = odds._win_probs(ctx, tops)
        ref = Reference(*ctx)
        for s in tops:
            odds.clear_caches()
            alone = odds._win_probs(ctx, [s])[s]
            assert together[s] == alone == ref.win(s), (ctx, s)


def test_cold_and_warm_calls_agree() -> None:
    """clear_caches forgets everything: the cold result equals the warm one."""
    args = (7, ["Space Navy", "Space Marines", "Star Fighters"])
    odds.clear_caches()
    cold = odds.battle_odds(*args, turrets=4, domes=2)
    assert odds._hit1.cache_info().currsize > 0
    warm = odds.battle_odds(*args, turrets=4, domes=2)
    odds.clear_caches()
    assert odds._hit1.cache_info().currsize == 0
    assert odds.battle_odds(*args, turrets=4, domes=2) == cold == warm
