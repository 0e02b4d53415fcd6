"""Intergalactic through the shared conformance checker (tests/conformance/suite.py):
seeded random playouts for 2..6 players in both auto_roll modes, checking the Game
protocol, views, invariants (tokens within the cap, entries held at most once,
eliminated players never act), undo/redo, fork and JSON round trips at every step.

Full-length games (4 stages x 10 turns + Conflict) take ~2,000 steps each, and the
checker is heavy per step, so most seeds play short games (``Rules(turns_per_stage=1)``:
every stage and every conflict rule still happens). ``IG_CONFORMANCE_SCALE=N`` (env var)
multiplies the number of seeds (5 per player count and mode by default), e.g. 10 for
a 100-games-per-player-count soak."""

from __future__ import annotations

import os

import pytest
from conformance.suite import check_playout

import boardgames as bg
from boardgames.intergalactic import Intergalactic, Rules

SCALE = float(os.environ.get("IG_CONFORMANCE_SCALE", "1"))
SHORT = Rules(turns_per_stage=1)
CASES = [
    (n, seed, auto, short)
    for n in range(2, 7)
    for seed in range(max(1, round(5 * SCALE)))
    for auto in (True, False)
    for short in (True,)
] + [(2, 102, True, False)]


@pytest.mark.parametrize(("players", "seed", "auto", "short"), CASES)
def test_random_playouts(players: int, seed: int, auto: bool, short: bool) -> None:
    rules = SHORT if short else Rules()
    if short and seed % 3 == 1:
        rules = Rules(turns_per_stage=1, extra_rolls_per_turn=3, roll_twice_depth=1,
                      distinct_homeworlds=True, no_fleet_elimination=True)

    def make(s: int, a: bool) -> bg.Game:
        return Intergalactic(players=players, seed=s, rules=rules, auto_roll=a)

    g = check_playout(make, seed, auto_roll=auto, json_every=1 if seed == 0 else 16,
                      undo_walk=short)
    assert g.is_over
    assert g.state.stage == "over"


@pytest.mark.parametrize("seed", range(4))
def test_playouts_from_a_conflict_scenario(seed: int) -> None:
    def make(s: int, a: bool) -> bg.Game:
        return Intergalactic.scenario(
            players=[
                {"race": "Humans", "homeworld": "Blue World", "entries": ["Core Fleet"],
                 "tokens": 10},
                {"race": "Karnor", "homeworld": "Red World",
                 "entries": ["Attack Fleet", "Derelict Ships", "Nova Bombs"], "tokens": 3},
                {"race": "Yiff", "homeworld": "Red World", "entries": ["Black Market",
                                                                      "Privateers"]},
            ],
            stage="conflict", turn=1, current_player=seed % 3, seed=s, auto_roll=a)

    g = check_playout(make, seed, auto_roll=bool(seed % 2))
    assert g.is_over
