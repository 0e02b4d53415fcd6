"""Blast benchmarks, measured side by side in one run and written to
``test-artifacts/benchmarks-blast.json`` (and printed with ``-s``). They never fail on
time: they assert only that what they measured is correct (playouts finished, odds sum
to 1, a fork equals its original).

* Random playouts (``auto_roll=True``, a ``random.Random`` agent picking uniformly among
  ``legal_actions()``): µs per step (steps = ``len(history)``: actions and chance
  outcomes), against OpenSpiel's backgammon random playouts, µs per event (chance
  outcomes included), in alternating rounds; the ratio is Blast / backgammon (goal <= 1).
  The same rounds are also timed in CPU time of this process (``*_cpu``): on a machine
  shared with other processes the wall clock counts the time they run too.
* ``fight_odds`` with two 1D6 cards (Surprise Attack and Ambush), caches cleared
  (goal < 5 ms) and warm; ``reach_odds`` of every unit of a mid-game position, with and
  without the cards in hand; ``fork()`` / ``undo()`` / ``redo()`` at turn 30.

The backgammon reference is the one of ``tests/benchmarks/test_benchmarks.py`` (imported
when available, so both files measure it the same way).
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from benchmarks.reference import median_ns, playouts_vs_backgammon

import boardgames as bg

pytestmark = pytest.mark.bench

ROUNDS = 5
ROUND_SECONDS = 0.4
ARTIFACT = Path(__file__).resolve().parents[2] / "test-artifacts" / "benchmarks-blast.json"
RESULTS: dict[str, dict[str, Any]] = {}


@pytest.fixture(scope="module", autouse=True)
def _write_results() -> Any:
    yield
    if not RESULTS:
        return
    doc = {
        "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "results": RESULTS,
    }
    ARTIFACT.parent.mkdir(parents=True, exist_ok=True)
    ARTIFACT.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print("\nBlast benchmarks:")
    for k, r in RESULTS.items():
        print(f"  {k:<38} {r['value']:>12.3f} {r['unit']:<3} {r.get('goal', ''):<7} "
              f"{r.get('note', '')}")


def test_random_playouts_blast_vs_openspiel_backgammon() -> None:
    RESULTS.update(playouts_vs_backgammon(
        "Blast", {}, "blast_playout_us_per_step",
        "ratio_blast_over_backgammon", "default rules", ROUNDS, ROUND_SECONDS))


def _clear_odds_caches() -> int:
    from boardgames.blast import board, odds

    n = 0
    for mod in (odds, board):
        for obj in vars(mod).values():
            if callable(getattr(obj, "cache_clear", None)):
                obj.cache_clear()
                n += 1
    return n


def test_fight_odds_with_two_1d6_cards() -> None:
    args = ([4, 3, 1], [5, 2], ["Surprise Attack", "Plasma Generator"], ["Ambush"])
    cold = []
    for _ in range(5):
        assert _clear_odds_caches() >= 1
        t0 = time.perf_counter_ns()
        d = bg.blast.fight_odds(*args)
        cold.append(time.perf_counter_ns() - t0)
    assert isinstance(d, bg.Dist) and sum(d.values(), Fraction(0)) == 1
    warm = median_ns(lambda: bg.blast.fight_odds(*args), 500)
    call = "fight_odds([4,3,1], [5,2], [Surprise Attack, Plasma Generator], [Ambush])"
    RESULTS["fight_odds_two_1d6_cold_ms"] = {
        "value": statistics.median(cold) / 1e6, "unit": "ms", "goal": "< 5",
        "note": f"{call}, caches cleared, median of 5; P(attacker) = "
                f"{d.prob('attacker')}"}
    RESULTS["fight_odds_two_1d6_warm_ms"] = {
        "value": warm / 1e6, "unit": "ms", "goal": "< 5", "note": "same call, median of 500"}


def _game_at_turn(turn: int, units: int = 6) -> bg.Blast:
    """The first seeded random game reaching ``turn`` with at least ``units`` units of the
    side to move on the board."""
    for seed in range(500):
        g = bg.Blast(seed=seed)
        rng = random.Random(seed)
        while not g.is_over and g.turn < turn:
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over and sum(map(len, g.state.units[g.state.player])) >= units:
            return g
    raise AssertionError(f"no random game reached turn {turn}")  # pragma: no cover


def test_reach_odds_fork_and_undo_mid_game() -> None:
    g = _game_at_turn(30)
    units = sum(len(st) for st in g.state.units[g.state.player])
    target = 15 if g.state.player == 0 else 1
    cold = []
    for _ in range(3):
        _clear_odds_caches()
        t0 = time.perf_counter_ns()
        odds = bg.blast.reach_odds(g, target, cards=True)
        cold.append(time.perf_counter_ns() - t0)
    assert all(0 <= p <= 1 for p in odds.values())
    plain = median_ns(lambda: bg.blast.reach_odds(g, target), 50)
    hand = list(g.state.hands[g.state.player])
    note = f"seed {g.seed}, turn {g.turn}, {units} units, target {target}, hand {hand}"
    RESULTS["reach_odds_with_cards_cold_ms"] = {
        "value": statistics.median(cold) / 1e6, "unit": "ms", "note": note}
    RESULTS["reach_odds_warm_ms"] = {"value": plain / 1e6, "unit": "ms",
                                     "note": "without cards, warm caches"}
    for _ in range(100):
        g.fork()
    RESULTS["fork_us_at_turn_30"] = {"value": median_ns(g.fork, 2000) / 1000, "unit": "µs",
                                     "note": f"{len(g.history)} steps"}
    f = g.fork()
    assert f == g
    undo, redo = [], []
    for _ in range(500):
        t0 = time.perf_counter_ns()
        g.undo()
        t1 = time.perf_counter_ns()
        g.redo()
        undo.append(t1 - t0)
        redo.append(time.perf_counter_ns() - t1)
    assert g == f
    RESULTS["undo_us_at_turn_30"] = {"value": statistics.median(undo) / 1000, "unit": "µs",
                                     "note": "the last action and its chance steps"}
    RESULTS["redo_us_at_turn_30"] = {"value": statistics.median(redo) / 1000, "unit": "µs",
                                     "note": "same"}
