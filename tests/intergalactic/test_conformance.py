"""Intergalactic through the shared conformance suite (``tests/conformance/suite.py``),
and a cheaper invariant soak of more random games.

1. ``test_suite_playout``: ``SUITE_GAMES`` (100) seeded random playouts for each player
   count 2..6 through ``check_playout``, a quarter of them with manual chance nodes
   (``auto_roll=False``, outcomes forced with their exact odds), options varied by seed,
   most games short (``Rules(turns_per_stage=1)``: all five stages and every Conflict rule
   still happen). What each game checks:

   * at every position of every game: who is to move (a player, CHANCE or None, as
     ``is_over`` says); ``legal_actions()`` a sorted tuple of unique ``Move`` s whose
     notations are unique, round-trip through ``parse`` and pass ``is_legal``; at a
     chance node, ``chance_outcomes()`` exact, positive, summing to 1 and surviving JSON;
     ``Intergalactic.invariants()`` (tokens within the cap, entries held at most once,
     eliminated players never act, incremental attributes equal to a computation from
     scratch); every step recorded in the history as applied;
   * at every position of the first ``FULL_GAMES`` (20) seeds, and at every
     ``FULL_EVERY``-th (25th) position of the others: also every view (strict JSON,
     no seed, its viewer and step), ``fork()`` equal to the game and independent of it,
     and an apply/undo/redo on the fork back to the same positions (deep fingerprints);
   * a JSON round trip (``from_json(to_json())`` the same game, text and views) every 32
     positions of the first 20 seeds (every position of 2 players' seed 0), every 64 of
     the others, and at the end of every game;
   * at the end of every game: no legal action, scores and winner, every ``apply`` and
     ``roll`` refused without a change, a replay of the same seed and actions giving the
     same history, log and views (with and without auto_roll); the undo walk back to the
     start and redo to the end (every position compared with the one recorded) for the
     even seeds of the first 20 and every tenth seed of the others.

   The full checks cost ~1-2 ms per position here (N + 1 views, a fork, an
   apply/undo/redo, pickled fingerprints) against ~25 µs for the engine's own step, so
   80 of the 100 games per player count get them every 25th position only; see
   docs/rules/intergalactic.md for the measured cost. ``--conformance-scale=X``
   multiplies both counts.
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
from conformance.suite import PlayoutStats, check_playout

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.intergalactic import Intergalactic, Rules

SUITE_GAMES = 100  # per player count; seeds % 4 == 3 with manual chance nodes
FULL_GAMES = 20  # of them, the full checks at every position
FULL_EVERY = 25  # the others: the full checks at every 25th position
SOAK_GAMES = 100  # per player count
SHORT = Rules(turns_per_stage=1)
OPTIONS = [SHORT, Rules(turns_per_stage=1, extra_rolls_per_turn=3, roll_twice_depth=1),
           Rules(turns_per_stage=1, distinct_homeworlds=True, no_fleet_elimination=True),
           Rules(turns_per_stage=2, extra_rolls_per_turn=0)]


def _suite_cases(scale: float) -> list[tuple[int, int, bool]]:
    n = max(1, round(SUITE_GAMES * scale))
    return [(p, seed, seed % 4 != 3) for p in range(2, 7) for seed in range(n)]


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


def test_suite_playout(suite_case: tuple[int, int, bool], request: pytest.FixtureRequest
                       ) -> None:
    players, seed, auto = suite_case
    full = max(1, round(FULL_GAMES * request.config.getoption("--conformance-scale")))
    stats = PlayoutStats()
    if seed < full:
        g = check_playout(make(players), seed, auto_roll=auto,
                          json_every=1 if (players, seed) == (2, 0) else 32,
                          undo_walk=seed % 2 == 0, stats=stats)
    else:
        g = check_playout(make(players), seed, auto_roll=auto, json_every=64,
                          undo_walk=seed % 10 == 0, full_every=FULL_EVERY, stats=stats)
    assert g.is_over and g.state.stage == "over" and g.players == players
    assert stats.actions > 0 and stats.chance > 0 and stats.json_checks >= 2


def test_suite_playout_of_a_whole_game_with_default_rules() -> None:
    """One game with every stage at its full ten turns per player."""
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
