"""Absorbing Markov chains: exact answers against closed forms and hand computations,
the Spacehole battle chain (built with the toolkit's dice) against the game's own
``battle_odds``, sampled paths, and bad chains refused with a clear ``ValueError``."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from boardgames.core.dist import Dist
from boardgames.odds import (
    MarkovChain,
    absorption,
    absorption_time,
    ones,
    spacehole_battle_chain,
    spacehole_battle_odds,
    spacehole_round,
)
from boardgames.spacehole.rules import Rules


def ruin(p: F, target: int):  # type: ignore[no-untyped-def]
    """Gambler's ruin: +1 with probability p, -1 otherwise, from 1..target-1."""
    def step(k: int) -> dict[int, F] | None:
        if k in (0, target):
            return None
        return {k + 1: p, k - 1: 1 - p}
    return step


@pytest.mark.parametrize("p", [F(1, 2), F(1, 3), F(3, 5)])
@pytest.mark.parametrize("start", [1, 3, 5])
def test_gamblers_ruin_against_the_closed_form(p: F, start: int) -> None:
    n = 6
    d = absorption(ruin(p, n), start)
    if p == F(1, 2):
        win = F(start, n)
        steps = F(start * (n - start))
    else:
        r = (1 - p) / p
        win = (1 - r**start) / (1 - r**n)
        steps = (start - n * win) / (1 - 2 * p)
    assert d == {n: win, 0: 1 - win} and sum(d.values()) == 1
    assert absorption_time(ruin(p, n), start) == steps


def test_a_cycle_of_states_is_solved_as_one_linear_system() -> None:
    # A <-> B with exits: solved by hand, x_A = 1/2 x_B + 1/4 (win), x_B = 1/3 x_A + 1/3
    table = {
        "A": {"B": F(1, 2), "win": F(1, 4), "loss": F(1, 4)},
        "B": {"A": F(1, 3), "win": F(1, 3), "loss": F(1, 3)},
    }
    chain = MarkovChain(table, "A")
    x_a = (F(1, 4) + F(1, 2) * F(1, 3)) / (1 - F(1, 2) * F(1, 3))
    assert chain.absorption() == {"win": x_a, "loss": 1 - x_a}
    assert chain.absorption("B")["win"] == F(1, 3) * x_a + F(1, 3)
    t_a = (1 + F(1, 2)) / (1 - F(1, 6))  # t_A = 1 + 1/2 t_B, t_B = 1 + 1/3 t_A
    assert chain.expected_steps() == t_a and chain.expected_steps("win") == 0
    assert chain.states == 4 and set(chain.absorbing) == {"win", "loss"}
    assert chain.absorption("win") == Dist.constant("win")


def test_a_self_loop_is_a_geometric_series() -> None:
    # a duel: A hits with 1/2, else B hits with 1/3 of the rest, else again
    step = {"duel": {"A": F(1, 2), "B": F(1, 6), "duel": F(1, 3)}}
    assert absorption(step, "duel") == {"A": F(3, 4), "B": F(1, 4)}
    assert absorption_time(step, "duel") == F(3, 2)


def test_a_dist_as_the_transition_and_a_state_staying_put_is_absorbing() -> None:
    def step(s: int) -> Dist:
        return Dist.constant(s) if s >= 3 else s + ones(2).map(lambda k: k + 1)

    chain = MarkovChain(step, 0)
    assert sum(chain.absorption().values()) == 1 and set(chain.absorbing) == {3, 4, 5}
    # by hand: from 2 one more step; from 1: to 2 (25/36), 3 (10/36), 4 (1/36)
    h = {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}  # ones(2)
    from2 = {3: h[0], 4: h[1], 5: h[2]}
    assert chain.absorption(2) == from2


# ------------------------------------------------------------------ the Spacehole battle
BATTLES = [
    ((1, []), {}, 1),
    ((3, [2]), {}, 10),
    ((4, [3]), {"turrets": 1}, 5),
    ((3, ["Space Hero"]), {}, 3),
    ((5, [2, 2]), {"domes": 1}, 4),
    (("Alien Predators", ["Space Marines"]), {"turrets": 2}, 10),
    ((2, ["Alien Artifact"]), {"lab": False}, 3),
    ((6, [4]), {"turrets": 1, "domes": 1}, 3),
]


@pytest.mark.parametrize(("args", "kw", "base_hits"), BATTLES,
                         ids=[str(b[0]) + str(b[1]) for b in BATTLES])
def test_battle_chain_equals_battle_odds(args, kw, base_hits) -> None:  # type: ignore[no-untyped-def]
    chain = spacehole_battle_chain(*args, base_hits=base_hits, **kw)
    ref = spacehole_battle_odds(*args, rules=Rules(base_hits=base_hits), **kw)
    assert chain.absorption() == ref
    assert sum(chain.absorption().values()) == 1


def test_battle_chain_with_base_damage_equals_battle_odds() -> None:
    chain = spacehole_battle_chain(4, [2], turrets=1, base_hits=5, base_damage=3)
    assert chain.absorption() == spacehole_battle_odds(4, [2], turrets=1, base_damage=3,
                                                       rules=Rules(base_hits=5))


def test_one_round_by_hand() -> None:
    # invader Force 1 against the Base alone (1 hit left): it hits with 1/6 (loss, even if
    # the Base's turret hits too), else the turret hits with 1/6 (win), else again
    d = spacehole_round((1, (), 0, 0, 1))
    assert d == {"loss": F(1, 6), "win": F(5, 36), (1, (), 0, 0, 1): F(25, 36)}
    assert spacehole_round("win") is None and spacehole_round("loss") is None
    chain = spacehole_battle_chain(1, base_hits=1)
    assert chain.absorption()["win"] == F(5, 11)
    assert chain.expected_steps() == 1 / (1 - F(25, 36))


def test_battle_chain_monte_carlo_is_seeded_and_close() -> None:
    chain = spacehole_battle_chain(3, [2], base_hits=3)
    exact = chain.absorption()["win"]
    a = chain.simulate(2000, seed=4)
    assert a.draws == chain.simulate(2000, seed=4).draws
    assert a.draws != chain.simulate(2000, seed=5).draws
    assert set(a.counts) <= {"win", "loss"} and a.n == 2000
    # 4 standard errors: a failure means a bug, not bad luck (p < 1e-4)
    se = (float(exact) * (1 - float(exact)) / 2000) ** 0.5
    assert abs(float(a.frequency("win")) - float(exact)) < 4 * se
    path = chain.path(random.Random(1))
    assert path[0] == chain.start and path[-1] in ("win", "loss")
    assert all(s in chain.next for s in path[:-1])


@pytest.mark.parametrize(("transition", "start", "message"), [
    ({"a": {"b": 1}, "b": {"a": 1}}, "a", "no absorbing state is reachable"),
    ({"a": {"b": F(1, 2), "end": F(1, 2)}, "b": {"c": 1}, "c": {"b": 1}}, "a",
     "can stay for ever among the states"),
    (lambda s: {s + 1: 1}, 0, "more than 50 states"),
    (lambda s: {"x": F(1, 2)}, 0, "sum to 1/2, not exactly 1"),
    (lambda s: {"x": F(-1, 2), "y": F(3, 2)}, 0, "negative probability"),
    (lambda s: 7, 0, "must return a Dist, a mapping or None"),
    (lambda s: [([1], 1)], 0, "not hashable"),
    (lambda s: {"a": 1}[s], 0, "transition\\(0\\) failed"),
    ("not a chain", 0, "must be a function or a mapping"),
    ({}, [1], "not hashable"),
])
def test_bad_chains_are_refused_clearly(transition, start, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        MarkovChain(transition, start, max_states=50).absorption()


def test_asking_about_a_state_outside_the_chain() -> None:
    chain = MarkovChain({"a": {"end": 1}}, "a")
    with pytest.raises(ValueError, match="'zzz' is not a state"):
        chain.absorption("zzz")
    with pytest.raises(ValueError, match="'zzz' is not a state"):
        chain.expected_steps("zzz")


@pytest.mark.parametrize(("kw", "message"), [
    ({"invader": 0}, "at least 1"),
    ({"invader": "Space Navy"}, "not a classic Spacehole invader"),
    ({"invader": 3, "defenders": ["The Warstar"]}, "not a classic Spacehole defender"),
    ({"invader": 3, "defenders": "Space Navy"}, "must be a list"),
    ({"invader": 3, "defenders": [0]}, "at least 1"),
    ({"invader": 3, "turrets": -1}, "turrets must be an int"),
    ({"invader": 3, "base_hits": 4, "base_damage": 4}, "would have destroyed the Base"),
    ({"invader": 2.5}, "Force \\(int\\) or a card name"),
])
def test_bad_battles_are_refused_clearly(kw, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=message):
        spacehole_battle_chain(**kw)
