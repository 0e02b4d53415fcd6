"""Intergalactic through the shared conformance suite (``tests/conformance/suite.py``),
and a cheaper invariant soak of many more random games.

1. ``test_suite_playout``: seeded random playouts for 2..6 players in both auto_roll modes
   through ``check_playout``: the Game protocol, views, fork, undo/redo and JSON round
   trips at every position, undo back to the start and replay at the end, and
   ``Intergalactic.invariants()`` (tokens within the cap, entries held at most once,
   eliminated players never act, incremental attributes equal to a computation from
   scratch) at every step. The suite checks every position (N + 1 views, a fork, an
   apply/undo/redo, a pickle fingerprint ...), which costs 2-10 ms per position here
   against ~25 µs for the engine's own step, so most games are short
   (``Rules(turns_per_stage=1)``: all five stages and every Conflict rule still happen)
   and the default run plays ``SUITE_GAMES`` per player count; ``--conformance-scale=X``
   multiplies them (``--conformance-scale=25`` plays 100 per player count: see
   docs/rules/intergalactic.md for the measured cost).
2. ``test_invariant_soak``: ``SOAK_GAMES`` (100) random games per player count, every step
   checked for the three invariants of the issue (tokens within the cap, entries held at
   most once, eliminated players never act, nor are attacked, nor gain anything), the
   engine's invariants, and sorted, unique legal actions; each game replayed from its
   saved JSON at the end. Also scaled by ``--conformance-scale``.
"""

from __future__ import annotations

import json
import random

import pytest
from conformance.suite import check_playout

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.intergalactic import Intergalactic, Rules

SUITE_GAMES = 4  # per player count: 3 auto_roll, 1 with manual chance nodes
SOAK_GAMES = 100  # per player count
SHORT = Rules(turns_per_stage=1)
OPTIONS = [SHORT, Rules(turns_per_stage=1, extra_rolls_per_turn=3, roll_twice_depth=1),
           Rules(turns_per_stage=1, distinct_homeworlds=True, no_fleet_elimination=True),
           Rules(turns_per_stage=2, extra_rolls_per_turn=0)]


def _suite_cases(scale: float) -> list[tuple[int, int, bool]]:
    n = max(1, round(SUITE_GAMES * scale))
    manual = max(1, n // 4)
    return [(p, seed, seed >= manual) for p in range(2, 7) for seed in range(n)]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    scale = metafunc.config.getoption("--conformance-scale")
    if "suite_case" in metafunc.fixturenames:
        cases = _suite_cases(scale)
        metafunc.parametrize("suite_case", cases, ids=[
            f"{p}p-{'auto' if a else 'manual'}-{s}" for p, s, a in cases])
    if "soak_players" in metafunc.fixturenames:
        metafunc.parametrize("soak_players", range(2, 7), ids=[f"{p}p" for p in range(2, 7)])


def make(players: int, rules: Rules | None = None):
    def factory(seed: int, auto_roll: bool) -> bg.Game:
        r = rules if rules is not None else OPTIONS[seed % len(OPTIONS)]
        return Intergalactic(players=players, seed=seed, rules=r, auto_roll=auto_roll)
    return factory


def test_suite_playout(suite_case: tuple[int, int, bool]) -> None:
    players, seed, auto = suite_case
    g = check_playout(make(players), seed, auto_roll=auto,
                      json_every=1 if (players, seed) == (2, 0) else 32,
                      undo_walk=seed % 2 == 0)
    assert g.is_over and g.state.stage == "over" and g.players == players


def test_suite_playout_of_a_whole_game_with_default_rules() -> None:
    """One game with every stage at its full ten turns per player (about 1,200 steps)."""
    g = check_playout(make(2, Rules()), 102, auto_roll=True, json_every=400, undo_walk=False)
    assert g.is_over and sum(1 for line in g.log if "research turn" in line) == 20


@pytest.mark.parametrize("seed", [2**40 + 7, 2**64 - 1])
def test_suite_playout_with_a_large_seed(seed: int) -> None:
    """Large seeds let the suite spot the seed's value in a view."""
    g = check_playout(make(3, SHORT), seed, auto_roll=True, json_every=64)
    assert g.seed == seed


@pytest.mark.parametrize("seed", range(4))
def test_suite_playout_from_a_conflict_scenario(seed: int) -> None:
    """Conflict-stage scenarios with criminals, advanced entries, fleets of every kind and
    an eliminated player."""
    def factory(s: int, a: bool) -> bg.Game:
        return Intergalactic.scenario(
            players=[
                {"race": "Humans", "homeworld": "Blue World",
                 "entries": ["Core Fleet", "Derelict Ships", "Ice World"], "tokens": 10},
                {"race": "Karnor", "homeworld": "Red World",
                 "entries": ["Attack Fleet", "Survey Ships", "Nova Bombs", "Space Lanes"],
                 "tokens": 3},
                {"race": "Yiff", "homeworld": "Red World",
                 "entries": ["Black Market", "Privateers", "Prototypes"]},
                {"race": "Flil", "homeworld": "White World", "alive": False},
            ],
            stage="conflict", turn=1 + seed, current_player=seed % 3, seed=s, auto_roll=a)

    g = check_playout(factory, seed, auto_roll=bool(seed % 2), json_every=8)
    assert g.is_over and not g.state.alive[3]


# ------------------------------------------------------------------ the invariant soak
def _soak_game(players: int, seed: int, auto: bool) -> Intergalactic:
    rules = OPTIONS[seed % len(OPTIONS)]
    g = Intergalactic(players=players, seed=seed, rules=rules, auto_roll=auto)
    rng = random.Random(seed)
    dead: dict[int, tuple] = {}
    while not g.is_over:
        s = g.state
        bad = g.invariants()
        assert bad == [], (seed, len(g.history), bad)
        for p in range(players):
            assert 0 <= s.tokens[p] <= g.cap(p), (seed, p, s.tokens[p])
            assert len(set(s.entries[p])) == len(s.entries[p]), (seed, p)
            if not s.alive[p]:
                record = (s.entries[p], s.tokens[p])
                before = dead.setdefault(p, record)
                # never gains anything (a winner may still take its worlds)
                assert set(record[0]) <= set(before[0]) and record[1] <= before[1], (seed, p)
        who = g.current_player
        if who == CHANCE:
            g.roll()
            continue
        assert s.alive[who], (seed, len(g.history), who)
        legal = g.legal_actions()
        texts = [str(a) for a in legal]
        assert texts == sorted(texts) and len(set(texts)) == len(texts)
        for a in legal:
            if a.verb == "attack" and a.arg != "again":
                assert s.alive[int(a.arg)] and int(a.arg) != who
        g.apply(rng.choice(legal))
    assert g.invariants() == [] and g.legal_actions() == ()
    w = g.winner
    assert w is None or g.state.alive[w]
    return g


def test_invariant_soak(soak_players: int, request: pytest.FixtureRequest) -> None:
    scale = request.config.getoption("--conformance-scale")
    n = max(1, round(SOAK_GAMES * scale))
    stages: set[str] = set()
    eliminated = ended_by_roll = 0
    for seed in range(n):
        g = _soak_game(soak_players, 5000 + seed, auto=seed % 5 != 0)
        if seed % 10 == 0:
            h = bg.from_json(g.to_json())
            assert h == g and h.view() == g.view()
            assert json.loads(g.to_json())["steps"]
        stages.update(line.split()[1] for line in g.log if line.startswith("== "))
        eliminated += sum(not a for a in g.state.alive) > 0
        ended_by_roll += "Game over: the end-of-game roll was 5 or less" in g.log
    assert stages == {"Research", "Exploration", "Development", "Buildup", "Conflict"}
    # random play reaches both endings (over 100 games)
    if n >= 50:
        assert eliminated > 0 and ended_by_roll > 0
