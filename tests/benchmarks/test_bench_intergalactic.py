"""Intergalactic benchmarks, measured side by side in one run and written to
``test-artifacts/benchmarks-intergalactic.json`` (and printed with ``-s``). They never fail
on time: they assert only that what they measured is correct (playouts finished, odds
sum to 1, a fork equals its original).

* Random 4-player playouts (``auto_roll=True``, default rules, a ``random.Random`` agent
  picking uniformly among ``legal_actions()``): µs per step (steps = ``len(history)``:
  actions and chance outcomes), against OpenSpiel's backgammon random playouts, µs per
  event (chance outcomes included), in alternating rounds; the ratio is Intergalactic /
  backgammon (goal <= 1), in wall-clock time and in CPU time of this process (``_cpu``).
* ``roll_odds`` with 20 tokens (goal < 5 ms), cold (the lookup table cache cleared) and
  warm; ``battle_odds``; ``fork()`` / ``undo()`` / ``redo()`` in the Conflict stage.
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
PLAYERS = 4
ARTIFACT = (Path(__file__).resolve().parents[2] / "test-artifacts"
            / "benchmarks-intergalactic.json")
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
    print("\nIntergalactic benchmarks:")
    for k, r in RESULTS.items():
        print(f"  {k:<42} {r['value']:>12.3f} {r['unit']:<3} {r.get('goal', ''):<7} "
              f"{r.get('note', '')}")


def test_random_playouts_intergalactic_vs_openspiel_backgammon() -> None:
    RESULTS.update(playouts_vs_backgammon(
        "Intergalactic", {"players": PLAYERS},
        "intergalactic_4p_playout_us_per_step", "ratio_intergalactic_over_backgammon",
        "default rules", ROUNDS, ROUND_SECONDS))


def test_roll_odds_with_20_tokens() -> None:
    from boardgames.intergalactic import odds

    args = ("research", 10, 20, ("Telepathy", "Precog Computers", "Nova Bombs"))
    cold = []
    for _ in range(5):
        odds._table.cache_clear()
        t0 = time.perf_counter_ns()
        d = bg.intergalactic.roll_odds(*args)
        cold.append(time.perf_counter_ns() - t0)
    assert isinstance(d, bg.Dist) and sum(d.values(), Fraction(0)) == 1
    warm = median_ns(lambda: bg.intergalactic.roll_odds(*args), 200)
    call = "roll_odds('research', 10, 20, held=3 entries)"
    RESULTS["roll_odds_20_tokens_cold_ms"] = {
        "value": statistics.median(cold) / 1e6, "unit": "ms", "goal": "< 5",
        "note": f"{call}, lookup table cache cleared, median of 5; "
                f"P(Pick one of the Above) = {d.prob('Pick one of the Above')}"}
    RESULTS["roll_odds_20_tokens_warm_ms"] = {
        "value": warm / 1e6, "unit": "ms", "goal": "< 5", "note": "same call, median of 200"}
    b = median_ns(lambda: bg.intergalactic.battle_odds(35, 20), 500)
    RESULTS["battle_odds_us"] = {"value": b / 1000, "unit": "µs",
                                 "note": "battle_odds(35, 20), median of 500"}


def _conflict_game() -> bg.Intergalactic:
    """The first seeded random 4-player game that reaches the Conflict stage's turn 3."""
    for seed in range(100):
        g = bg.Intergalactic(players=PLAYERS, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and not (g.state.stage == "conflict" and g.turn >= 3):
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over:
            return g
    raise AssertionError("no random game reached the Conflict stage")  # pragma: no cover


def test_fork_undo_redo_in_the_conflict_stage() -> None:
    g = _conflict_game()
    note = f"seed {g.seed}, {len(g.history)} steps"
    RESULTS["fork_us_conflict_stage"] = {"value": median_ns(g.fork, 2000) / 1000,
                                         "unit": "µs", "note": note}
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
    RESULTS["undo_us_conflict_stage"] = {"value": statistics.median(undo) / 1000, "unit": "µs",
                                         "note": "the last action and its chance steps"}
    RESULTS["redo_us_conflict_stage"] = {"value": statistics.median(redo) / 1000, "unit": "µs",
                                         "note": "same"}
