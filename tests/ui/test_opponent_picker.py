"""The opponent picker: each other seat played by a person or a computer player of a
chosen strength, set from the board (message ``opponent``) and shown in ``agent_kinds``.
Refused choices leave the board's players and the game unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import GreedyAgent, MCTSAgent, RandomAgent
from boardgames.ui.board import OPPONENT_KINDS


def send(board: Any, content: dict) -> None:
    board._on_msg(board, content, None)


def test_the_picker_lists_the_other_seats() -> None:
    g = bg.Intergalactic(players=4, seed=1)
    b = g.widget(player=2, opponents={0: GreedyAgent(), 1: MCTSAgent("hard")})
    assert b.agent_kinds == {"0": "greedy", "1": "hard", "3": "human"}
    solo = bg.Spacehole(seed=1).widget()
    assert solo.agent_kinds == {}  # nobody else to play


@pytest.mark.parametrize("kind", [k for k in OPPONENT_KINDS if k != "human"])
def test_choosing_a_computer_player_for_a_seat(kind: str) -> None:
    g = bg.Blast(seed=2)
    b = g.widget(player=0)
    b.agents_running = False  # keep the computer from moving during the test
    send(b, {"type": "opponent", "player": 1, "kind": kind})
    assert b.error == "" and b.agent_kinds == {"1": kind}
    agent = b._agents[1]
    assert callable(agent.choose) and agent.seed == 1
    if kind in ("easy", "medium", "hard"):
        assert isinstance(agent, MCTSAgent) and agent.difficulty == kind
    send(b, {"type": "opponent", "player": 1, "kind": "human"})
    assert b.error == "" and b.agent_kinds == {"1": "human"} and 1 not in b._agents


def test_hard_in_spacehole_is_its_rollout_player() -> None:
    """Where MCTS is not the strongest player (``agents.HARD_BY_GAME``), the game's hard
    preset (``make_agent("hard", game=...)``) playing a seat is shown as "hard"; a rollout
    player with other settings as "custom"."""
    from boardgames.agents import make_agent
    from boardgames.rollouts import RolloutAgent

    hard = make_agent("hard", seed=0, game="spacehole")
    assert isinstance(hard, RolloutAgent)
    b = bg.Spacehole(seed=3).widget(player=None, opponents={0: hard})
    assert b.agent_kinds == {"0": "hard"}
    other = bg.Spacehole(seed=3).widget(player=None, opponents={0: RolloutAgent(z=1.0)})
    assert other.agent_kinds == {"0": "custom"}


def test_blasts_lookahead_player_is_shown_as_custom() -> None:
    """A player that is no preset (Blast's look-ahead player) is shown as "custom"."""
    from boardgames.blast.lookahead import LookaheadAgent

    b = bg.Blast(seed=3).widget(player=None, opponents={0: LookaheadAgent(2),
                                                          1: MCTSAgent("hard")})
    assert b.agent_kinds == {"0": "custom", "1": "hard"}


@pytest.mark.parametrize(("content", "why"), [
    ({"type": "opponent", "player": 0, "kind": "greedy"}, "own player"),
    ({"type": "opponent", "player": 5, "kind": "greedy"}, "player must be"),
    ({"type": "opponent", "player": 1, "kind": "grandmaster"}, "unknown opponent"),
    ({"type": "opponent", "player": 1, "kind": "x" * 50}, "at most"),
    ({"type": "opponent", "player": "1", "kind": "greedy"}, "must be"),
    ({"type": "opponent", "player": 1}, "missing"),
])
def test_refused_choices_change_nothing(content: dict, why: str) -> None:
    g = bg.Blast(seed=2)
    b = g.widget(player=0, opponents={1: RandomAgent(4)})
    b.agents_running = False
    before, agents, kinds = g.to_json(), dict(b._agents), dict(b.agent_kinds)
    send(b, content)
    assert why in b.error
    assert g.to_json() == before and b._agents == agents and b.agent_kinds == kinds


def test_a_spectator_board_cannot_pick() -> None:
    g = bg.SpaceBase(players=2, seed=3)
    b = g.widget(player=None)
    send(b, {"type": "opponent", "player": 1, "kind": "greedy"})
    assert "spectator" in b.error and b._agents == {}


def test_a_picked_computer_plays_its_turn() -> None:
    g = bg.Blast(seed=5)
    b = g.widget(player=0, pace=0)
    b.agents_running = False
    while g.current_player == 0:
        g.apply(g.legal_actions()[0])
    b.refresh()
    assert g.current_player == 1 and b.legal == []  # not this board's turn
    send(b, {"type": "opponent", "player": 1, "kind": "random"})
    steps = len(g.history)
    b.agent_step()
    assert len(g.history) > steps and g.history[steps].player == 1


def test_hard_in_intergalactic_is_its_greedy_player_with_other_weights() -> None:
    """Intergalactic's hard preset is its greedy player with the weights of
    ``agents.HARD_BY_GAME``: shown as "hard"; the greedy player with other weights as
    "custom", with its own as "greedy"."""
    from boardgames.agents import make_agent
    from boardgames.intergalactic.agents import GreedyAgent, Weights

    hard = make_agent("hard", seed=2, game="intergalactic")
    assert isinstance(hard, GreedyAgent) and hard.weights != Weights()
    b = bg.Intergalactic(seed=3, players=4).widget(
        player=0, opponents={1: hard, 2: GreedyAgent(5, weights=Weights(token=0.5)),
                             3: GreedyAgent(6)})
    assert b.agent_kinds == {"1": "hard", "2": "custom", "3": "greedy"}
