"""RolloutAgent (issue 18, stronger players): Tesauro and Galperin's policy improvement of
the greedy player by rollouts, with common random numbers, sequential halving and a gate
that keeps Greedy's own choice unless another action's paired gain is clear."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from agents.test_agents import _blast_pair, _spacehole_decision

import boardgames as bg
from boardgames.agents import GreedyAgent
from boardgames.rollouts import RolloutAgent, _best, _better_half, _Tally, paired_gain, play_out
from boardgames.spacehole import agents as spacehole_agents

CHEAP = {"playouts": 4, "first": 2, "horizon": 6}


def test_an_infinite_gate_always_keeps_the_greedy_choice() -> None:
    for seed in (2, 11, 14):
        g = _spacehole_decision(seed)
        before = g.to_json()
        agent = RolloutAgent(seed=seed, z=math.inf, **CHEAP)
        assert agent.choose(g) == GreedyAgent(seed=seed).choose(g)
        assert agent.last_search["playouts"] > 0
        assert g.to_json() == before  # the game is not changed


def test_the_gate_takes_another_action_only_on_a_clear_paired_gain() -> None:
    base, other = "pass", "build"
    tallies = {base: _Tally(), other: _Tally()}
    tallies[base].values = [0.1, 0.5, 0.2, 0.9]
    tallies[other].values = [0.2, 0.6, 0.3, 1.0]  # +0.1 on every seed: no spread at all
    assert RolloutAgent(z=2.0)._gated(tallies, _best(tallies), base) == other
    tallies[other].values = [0.9, 0.1, 0.2, 1.0]  # a higher mean, but no clear gain
    gain, se = paired_gain(tallies[other].values, tallies[base].values)
    assert gain > 0 and gain < 2.0 * se
    assert RolloutAgent(z=2.0)._gated(tallies, _best(tallies), base) == base
    assert RolloutAgent(z=0.0)._gated(tallies, _best(tallies), base) == other


def test_paired_gain_is_the_mean_difference_and_its_standard_error() -> None:
    gain, se = paired_gain([1.0, 2.0, 4.0], [0.0, 0.0, 1.0])
    assert gain == pytest.approx(2.0)
    assert se == pytest.approx(math.sqrt(1.0 / 3))  # differences 1, 2, 3: variance 1
    assert paired_gain([1.0], [0.0]) == (0.0, math.inf)


def test_halving_always_keeps_the_greedy_choice() -> None:
    tallies = {a: _Tally() for a in "abcdef"}
    for i, a in enumerate("abcdef"):
        tallies[a].values = [float(i)]
    assert _better_half(list("abcdef"), tallies, "a") == ["f", "e", "d", "a"]
    assert _better_half(list("abcdef"), tallies, "e") == ["f", "e", "d"]


def test_a_playouts_chance_draws_do_not_depend_on_the_policys_draws() -> None:
    """Common random numbers that stay common: the same decisions, whatever the policy
    drew from its generator, meet the same chance outcomes."""
    def first(draws: int) -> Any:
        def policy(g: Any, rng: random.Random) -> Any:
            for _ in range(draws):
                rng.random()
            return g.legal_actions()[0]
        return policy

    histories = []
    for draws in (0, 3):
        g = _spacehole_decision(2).determinize(0, seed=5)
        start = len(g.history)
        play_out(g, random.Random(8), 0, first(draws), spacehole_agents)
        histories.append(g.history[start:])
    assert len(histories[0]) > 20 and histories[0] == histories[1]


def test_a_playout_stopped_at_the_horizon_is_valued_by_the_expected_score() -> None:
    g = _spacehole_decision(11).determinize(0, seed=3)
    start = len(g.history)
    value = play_out(g, random.Random(3), 0, spacehole_agents.rollout_policy,
                     spacehole_agents, horizon=2)
    assert not g.is_over and len(g.history) > start
    assert value == spacehole_agents.expected_outcome(g, 0)
    assert value == pytest.approx(spacehole_agents.evaluate(g, 0))


def test_the_expected_outcome_is_not_clipped_at_1500() -> None:
    g = bg.Spacehole(seed=7)  # a rich colony: 1581 under Greedy
    greedy = GreedyAgent(seed=7)
    while spacehole_agents.evaluate(g, 0) < 1.0:
        assert not g.is_over
        g.apply(greedy.choose(g))
    assert not g.is_over and spacehole_agents.expected_outcome(g, 0) > 1.0


def test_same_seed_same_choices_and_search() -> None:
    g = _spacehole_decision(2)
    a, b = RolloutAgent(seed=5, **CHEAP), RolloutAgent(seed=5, **CHEAP)
    assert a.choose(g) == b.choose(g) and a.last_search == b.last_search


def test_the_rollout_agent_cannot_read_the_deck_order() -> None:
    """The playouts run on determinisations: two games in the same position whose real
    futures differ get the same search and choice."""
    a = _spacehole_decision(11)
    b = a.fork()
    b.seed = a.seed ^ 0x5DEECE66D
    assert a.view(0) == b.view(0)
    ra, rb = RolloutAgent(seed=1, **CHEAP), RolloutAgent(seed=1, **CHEAP)
    assert ra.choose(a) == rb.choose(b) and ra.last_search == rb.last_search


def test_the_rollout_agent_cannot_see_the_opponents_hand_blast() -> None:
    a, b = _blast_pair("Surprise Attack", "Battle Computers")
    while len(a.legal_actions()) < 2:  # to the first decision with a choice
        a.apply(a.legal_actions()[0])
        b.apply(b.legal_actions()[0])
    assert a.view(0) == b.view(0) and a.state.hands[1] != b.state.hands[1]
    ra = RolloutAgent(seed=2, playouts=2, first=2, horizon=2)
    rb = RolloutAgent(seed=2, playouts=2, first=2, horizon=2)
    assert ra.choose(a) == rb.choose(b) and ra.last_search == rb.last_search


def test_one_legal_action_is_played_at_once() -> None:
    g = bg.Blast(seed=2)
    while len(g.legal_actions()) != 1:
        g.apply(g.legal_actions()[-1])
    agent = RolloutAgent(seed=0)
    assert agent.choose(g) == g.legal_actions()[0]
    assert agent.last_search["playouts"] == 0


@pytest.mark.parametrize("kw", [{"playouts": 1}, {"playouts": True}, {"first": 1},
                                {"first": 100}, {"seconds": 0}, {"z": -1},
                                {"horizon": -1}, {"horizon": 1.5}, {"seed": "x"}])
def test_bad_settings_are_refused(kw: dict) -> None:
    with pytest.raises((ValueError, TypeError)):
        RolloutAgent(**kw)


def test_spawn_keeps_the_settings_with_a_new_seed() -> None:
    agent = RolloutAgent(seed=1, playouts=8, first=4, z=1.5, horizon=3)
    twin = agent.spawn(9)
    assert twin.settings() == agent.settings() and twin.seed == 9
    assert "horizon=3" in repr(twin)
