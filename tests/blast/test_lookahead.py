"""Blast's look-ahead player (``boardgames.blast.lookahead``): Greedy with its leading
move choices weighed through the opponent's reply."""

from __future__ import annotations

import random

import pytest

import boardgames as bg
from boardgames.blast.agents import GreedyAgent, evaluate
from boardgames.blast.lookahead import LookaheadAgent, reply_is_over, reply_value
from boardgames.core.game import CHANCE

from ..agents.test_agents import _blast_pair


def _move_decision(seed: int, turn: int = 4) -> bg.Blast:
    """A move decision with several legal actions, reached with the greedy player."""
    g = bg.Blast(seed=seed)
    greedy = GreedyAgent(seed=seed)
    while not g.is_over:
        if g.turn >= turn and g.state.pending == "move" and len(g.legal_actions()) > 2:
            return g
        g.apply(greedy.choose(g))
    raise AssertionError(f"seed {seed}: no move decision after turn {turn}")


def test_action_values_are_what_greedy_picks_the_best_of() -> None:
    """``GreedyAgent.action_values``: one value per legal action, in their order; the
    greedy player's choice has the best of them; off a roll, build or move decision a
    ValueError."""
    g = _move_decision(3)
    values = GreedyAgent(seed=1).action_values(g)
    assert len(values) == len(g.legal_actions())
    choice = GreedyAgent(seed=1).choose(g)
    assert values[g.legal_actions().index(choice)] == max(values)
    over = bg.Blast(seed=3)
    over.apply(over.legal_actions()[0])
    while over.state.pending in ("dice", "build", "move"):
        over.apply(GreedyAgent(seed=2).choose(over))
    with pytest.raises(ValueError, match="not a roll, build or move decision"):
        GreedyAgent(seed=1).action_values(over)


def test_lookahead_weighs_greedys_distinct_best_moves_through_the_reply() -> None:
    """At a move decision it plays out Greedy's best actions (one of each value: moves
    in another order are not weighed twice) and picks the best mean; ``last_search``
    tells the candidates' values and Greedy's choice."""
    g = _move_decision(3)
    before = g.to_json()
    agent = LookaheadAgent(seed=5, candidates=3, samples=4, margin=100.0)
    choice = agent.choose(g)
    assert g.to_json() == before  # the game is not changed
    s = agent.last_search
    assert choice in g.legal_actions() and str(choice) == s["chosen"]
    values = s["values"]
    assert 2 <= len(values) <= 3 and s["greedy"] in values
    assert s["chosen"] == max(values, key=lambda a: values[a])
    greedy_values = GreedyAgent(seed=1).action_values(g)
    by_text = {str(a): v for a, v in zip(g.legal_actions(), greedy_values, strict=True)}
    picked = sorted(by_text[a] for a in values)
    assert len(set(picked)) == len(picked)  # one of each value
    assert by_text[s["greedy"]] == max(greedy_values)


def test_lookahead_plays_greedys_choice_without_a_contender() -> None:
    """With one candidate (or a margin of 0 and no tie), nothing is played out: Greedy's
    best action is played. Off move decisions it is Greedy's own choice."""
    g = _move_decision(3)
    values = GreedyAgent(seed=1).action_values(g)
    best = g.legal_actions()[values.index(max(values))]
    agent = LookaheadAgent(seed=5, candidates=1)
    assert agent.choose(g) == best and agent.last_search == {}
    start = bg.Blast(seed=9)
    assert start.state.pending != "move"
    assert LookaheadAgent(seed=2).choose(start) == GreedyAgent(seed=2).choose(start)


def test_lookahead_keeps_greedys_choice_unless_clearly_beaten() -> None:
    """With a gate of ``z`` standard errors, another candidate than Greedy's is played
    only when its paired gain on the same samples is above ``z`` standard errors: with a
    huge ``z`` never, and the values found are the same as without the gate."""
    overruled = 0
    for seed in (3, 11, 13):
        g = _move_decision(seed)
        free, gated = LookaheadAgent(seed=5, samples=4), LookaheadAgent(seed=5, samples=4,
                                                                       z=1e9)
        free.choose(g)
        choice = gated.choose(g)
        if not gated.last_search:
            continue  # one candidate: nothing played out
        assert gated.last_search["values"] == free.last_search["values"]
        assert str(choice) == gated.last_search["greedy"]
        assert free.last_search["chosen"] == max(free.last_search["values"],
                                                 key=lambda a: free.last_search["values"][a])
        overruled += free.last_search["chosen"] != free.last_search["greedy"]
    assert overruled  # without the gate, Greedy's choice was overruled somewhere


def test_lookahead_is_deterministic_for_a_seed() -> None:
    g = _move_decision(7)
    a, b = LookaheadAgent(seed=3, samples=3), LookaheadAgent(seed=3, samples=3)
    assert a.choose(g) == b.choose(g) and a.last_search == b.last_search


def test_lookahead_cannot_see_the_opponents_hand() -> None:
    """Two positions the Terran player cannot tell apart (the planted marker card in
    the Empire's hand or in the deck): the same candidates, values and choice."""
    a, b = _blast_pair("Surprise Attack", "Battle Computers")
    for g in (a, b):
        g.apply("done")  # keep the dice: the move phase
    assert a.view(0) == b.view(0) and a.state.hands[1] != b.state.hands[1]
    assert a.state.pending == "move"
    for seed in (1, 2):
        ma, mb = LookaheadAgent(seed=seed, samples=4), LookaheadAgent(seed=seed, samples=4)
        assert ma.choose(a) == mb.choose(b)
        assert ma.last_search == mb.last_search and ma.last_search["values"]


def test_reply_ends_after_the_opponents_move_phase() -> None:
    """A sample stops when the opponent's move phase of the next turn is over (at its
    fights, or, with none to fight, at the draw of the turn after), and is valued there
    by the opponent's ``evaluate``, negated."""
    for seed in (3, 7, 11):
        g = _move_decision(seed)
        g.auto_roll = False
        me, turn = g.state.actor, g.state.turn
        greedy, rng = GreedyAgent(seed=4), random.Random(seed)
        assert not reply_is_over(g.state, me, turn)
        seen = set()
        while not reply_is_over(g.state, me, turn):
            seen.add((g.state.turn, g.state.player, g.state.phase))
            if g.current_player == CHANCE:
                g.sample_chance(rng)
            else:
                g.apply(greedy.choose(g))
        s = g.state
        if s.phase == "over":
            continue
        assert (turn + 1, 1 - me, "move") in seen  # the opponent's move phase was played
        assert ((s.turn, s.player) == (turn + 1, 1 - me) and s.phase in ("fight", "end")) \
            or (s.turn, s.player, s.phase) == (turn + 2, me, "draw")
        assert reply_value(g, me) == -evaluate(g, 1 - me)


@pytest.mark.parametrize(("kwargs", "why"), [
    ({"candidates": 0}, "candidates must be"),
    ({"samples": "8"}, "samples must be"),
    ({"samples": True}, "samples must be"),
    ({"margin": -1}, "margin must be"),
    ({"z": -0.5}, "z must be"),
    ({"z": "1"}, "z must be"),
])
def test_lookahead_refuses_bad_settings(kwargs: dict, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        LookaheadAgent(seed=1, **kwargs)
    with pytest.raises(TypeError, match="seed must be an int"):
        LookaheadAgent(seed="1")


def test_lookahead_spawns_with_its_settings() -> None:
    a = LookaheadAgent(seed=1, candidates=2, samples=5, margin=3, z=1)
    b = a.spawn(9)
    assert repr(b) == "LookaheadAgent(seed=9, candidates=2, samples=5, margin=3.0, z=1.0)"
    assert b.settings() == a.settings() == {"candidates": 2, "samples": 5, "margin": 3.0,
                                            "z": 1.0}


def test_lookahead_pickles_for_worker_processes() -> None:
    """``bg.simulate`` sends agents to worker processes: a pickled look-ahead player is
    the same player (same settings, same generator state, same choices)."""
    import pickle

    g = _move_decision(11)
    a = LookaheadAgent(seed=4, samples=3, z=0.5)
    b = pickle.loads(pickle.dumps(a))
    assert repr(b) == repr(a)
    assert a.choose(g) == b.choose(g) and a.last_search == b.last_search
