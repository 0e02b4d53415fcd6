"""Every agent finishes every game: Random, Greedy and ``MCTSAgent("easy")`` play whole
games of every game and player count, and each game ends within a stated number of
decisions (``BOUND``). An agent that can walk a cycle of decisions for ever (MCTS did in
Intergalactic, on the token shifts) fails here instead of hanging a board.

* Random and Greedy play every seat of a default game of each game and player count.
* ``MCTSAgent("easy")`` plays seat 0 against Greedy players (its search is what looped;
  a seat of it costs far more than the other agents): Spacehole (its only seat), Blast,
  Intergalactic with one turn per stage for 2-6 players and the issue's case, 4 players
  with the default ten turns per stage, and Space Base for 2-4 players from the set-up
  with a third of the deck (a whole game, shorter).

One seeded game each: about 100 s of CPU in all (two thirds of it the MCTS games).

``BOUND`` is far above what was measured (decisions per game, all seats, seed 1): Spacehole
about 30, Blast 330 (Greedy) to 1,220 (Random; 400 turns is its draw limit), Intergalactic
4 players 350 (Random) to 680 (one MCTS easy seat), Space Base about 370.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import GreedyAgent, MCTSAgent, RandomAgent
from boardgames.core.game import CHANCE, Game
from boardgames.spacebase import data as spacebase_data

BOUND = {"spacehole": 500, "blast": 5000, "intergalactic": 3000, "spacebase": 2000}
"""Decisions a game may take before the test fails (whole games, every seat)."""


def _third_of_the_deck() -> dict[str, int]:
    return {n: max(1, c // 3) for n, c in spacebase_data.deck_counts().items()}


def _spacebase_short(players: int) -> Callable[[int], Game]:
    return lambda seed: bg.SpaceBase.scenario(players=players, phase="setup",
                                              deck=_third_of_the_deck(), seed=seed)


def _short(players: int) -> Callable[[int], Game]:
    rules = bg.intergalactic.Rules(turns_per_stage=1)
    return lambda seed: bg.Intergalactic(players=players, seed=seed, rules=rules)


def _default(name: str, players: int) -> Callable[[int], Game]:
    if name in ("spacehole", "blast"):
        return lambda seed: bg.load(name, seed=seed)
    return lambda seed: bg.load(name, seed=seed, players=players)


DEFAULT_GAMES = [("spacehole", 1), ("blast", 2), *(("intergalactic", n) for n in range(2, 7)),
                 *(("spacebase", n) for n in range(2, 5))]
MCTS_GAMES: list[tuple[str, str, Callable[[int], Game]]] = [
    ("spacehole", "1p", _default("spacehole", 1)),
    ("blast", "2p", _default("blast", 2)),
    *(("intergalactic", f"{n}p-short", _short(n)) for n in range(2, 7)),
    ("intergalactic", "4p-default", _default("intergalactic", 4)),
    *(("spacebase", f"{n}p-third-deck", _spacebase_short(n)) for n in range(2, 5)),
]


def play(g: Game, agents: list[Any], bound: int) -> int:
    """Play ``g`` to its end with ``agents`` (one a seat); the decisions it took. Fails
    once ``bound`` decisions are made and the game is not over."""
    decisions = 0
    while not g.is_over:
        assert g.current_player != CHANCE  # auto_roll: the game rolls its own dice
        assert decisions < bound, (f"{g!r}: not over after {bound} decisions "
                                   f"(last: {[str(s.value) for s in g.history[-12:]]})")
        g.apply(agents[g.current_player].choose(g))
        decisions += 1
    return decisions


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize(("name", "players"), DEFAULT_GAMES,
                         ids=[f"{n}-{p}p" for n, p in DEFAULT_GAMES])
def test_random_and_greedy_finish_every_game(name: str, players: int, kind: str) -> None:
    agent = RandomAgent if kind == "random" else GreedyAgent
    g = _default(name, players)(1)
    n = play(g, [agent(10 + p) for p in range(g.players)], BOUND[name])
    assert g.is_over and n > 0 and len(g.scores) == players


@pytest.mark.parametrize(("name", "case", "make"), MCTS_GAMES,
                         ids=[f"{n}-{c}" for n, c, _ in MCTS_GAMES])
def test_mcts_easy_finishes_every_game(name: str, case: str,
                                       make: Callable[[int], Game]) -> None:
    g = make(1)
    agents = [MCTSAgent("easy", seed=1), *(GreedyAgent(10 + p) for p in range(1, g.players))]
    n = play(g, agents, BOUND[name])
    assert g.is_over and n > 0
