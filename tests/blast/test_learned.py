"""Blast's learned value (``boardgames/blast/learned.py``) and its training script."""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest

import boardgames as bg
from boardgames.blast.agents import GreedyAgent, evaluate, rollout_value
from boardgames.blast.learned import FEATURES, GREEDY_WEIGHTS, WEIGHTS, LearnedValue, features

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import train_blast_td

GREEDY = GREEDY_WEIGHTS


def _positions(seed: int, n: int) -> list[bg.Blast]:
    """Forks of a seeded random game at ``n`` of its steps."""
    g = bg.Blast(seed=seed)
    choice = random.Random(seed).choice
    out = []
    while not g.is_over and len(out) < n:
        g.apply(choice(g.legal_actions()))
        out.append(g.fork())
    return out


def test_the_weights_are_one_per_feature_and_finite() -> None:
    assert len(WEIGHTS) == len(FEATURES) == len(features(bg.Blast(seed=1), 0))
    assert all(math.isfinite(w) for w in WEIGHTS)


def test_greedys_weights_give_greedys_win_chance() -> None:
    value = LearnedValue(GREEDY)
    for g in _positions(4, 60):
        for p in (0, 1):
            assert value(g, p) == pytest.approx(rollout_value(g, p), abs=1e-12)


def test_greedy_valuing_its_leaves_by_evaluate_plays_greedys_game() -> None:
    """(With ``LearnedValue(GREEDY)`` the games differ where a die is rerolled or
    added: Greedy averages the faces' values, and the mean of the logistic of
    ``evaluate`` does not order the choices as the mean of ``evaluate`` does.)"""
    def played(make: object) -> tuple:
        g = bg.Blast(seed=12)
        agents = [make(1), make(2)]  # type: ignore[operator]
        while not g.is_over and g.step_count < 400:
            g.apply(agents[g.current_player].choose(g))
        return g.log

    assert played(lambda s: GreedyAgent(seed=s, value=evaluate)) == \
        played(lambda s: GreedyAgent(seed=s))
    assert played(lambda s: GreedyAgent(seed=s, value=lambda g, p: -evaluate(g, p))) != \
        played(lambda s: GreedyAgent(seed=s))


def test_the_features_do_not_read_the_other_hand_or_the_deck() -> None:
    for g in _positions(6, 40):
        for p in (0, 1):
            other = g.determinize(p, seed=99)  # the other hand and the deck redrawn
            assert features(other, p) == features(g, p)


def test_a_finished_game_is_worth_its_result() -> None:
    g = bg.Blast(seed=5)
    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    while not g.is_over:
        g.apply(agents[g.current_player].choose(g))
    value = LearnedValue()
    w = g.state.winner
    assert w is not None
    assert value(g, w) == 1.0 and value(g, 1 - w) == 0.0


@pytest.mark.parametrize("weights", [(), (1.0,), (*GREEDY[:-1], math.nan),
                                     (*GREEDY, 0.0), ("1", *GREEDY[1:])])
def test_bad_weights_are_refused(weights: tuple) -> None:
    with pytest.raises(ValueError, match="weights are"):
        LearnedValue(weights)


def test_greedy_refuses_a_value_that_is_not_a_function() -> None:
    with pytest.raises(TypeError, match="value must be a function"):
        GreedyAgent(seed=1, value=3.0)  # type: ignore[arg-type]


def test_td_step_moves_the_last_value_towards_the_target_along_the_trace() -> None:
    w = [0.0, 0.0]
    t = train_blast_td.Trace()
    t.e = [0.0, 0.0]
    train_blast_td.td_step(w, t, (1.0, 0.0), None, 0.5, 0.5)  # first position: no error
    assert w == [0.0, 0.0] and t.e == [0.25, 0.0]  # gradient of the logistic at 0: 1/4
    delta = train_blast_td.td_step(w, t, (0.0, 1.0), None, 0.5, 0.5)
    assert delta == 0.0 and t.e == [0.125, 0.25]  # both positions are worth 1/2
    delta = train_blast_td.td_step(w, t, None, 1.0, 0.5, 0.5)  # won
    assert delta == 0.5
    assert w == [0.5 * 0.5 * 0.125, 0.5 * 0.5 * 0.25]


def test_training_is_the_same_for_the_same_deal() -> None:
    runs = []
    for _ in range(2):
        w = list(GREEDY_WEIGHTS)
        result = train_blast_td.play(100_003, w, 0.05, 0.7)
        runs.append((result, w))
    assert runs[0] == runs[1]
    assert runs[0][1] != list(GREEDY_WEIGHTS)  # it learned something


def test_the_docstring_examples_run() -> None:
    import doctest

    import boardgames.blast.learned

    failed, tried = doctest.testmod(boardgames.blast.learned)
    assert tried and not failed


def test_a_greedy_player_with_a_learned_value_pickles_for_worker_processes() -> None:
    import pickle

    a = GreedyAgent(seed=3, value=LearnedValue())
    b = pickle.loads(pickle.dumps(a))
    assert repr(b) == repr(a)
    g = bg.Blast(seed=2)
    assert b.choose(g) == a.choose(g)
