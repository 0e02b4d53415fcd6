"""What every benchmark shares: the reference measured in the same run (OpenSpiel's
backgammon random playouts, per event) and a median timer.

The playout comparison runs in a fresh interpreter (``python -m benchmarks.reference``):
the figure is then the same whichever tests ran before it. In the pytest process the
collector also walks the test runner's own ~200 000 objects and whatever earlier tests
left behind: measured side by side, that made Blast's ratio 1.54-1.58 instead of
1.23-1.26 (the same playouts after ``gc.freeze()``), and it is the likeliest cause of
an Intergalactic ratio of 1.05 in one full run against 0.65-0.85 in the others."""

from __future__ import annotations

import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

__all__ = ["backgammon_round", "median_ns", "playout_round", "playouts_vs_backgammon"]


def backgammon_round(game: Any, seed0: int, budget_ns: int) -> tuple[int, int, int]:
    """Random playouts of a pyspiel backgammon ``game`` until ``budget_ns`` is spent:
    (games, events, ns). An event is one ``apply_action``, chance outcomes included."""
    games = events = 0
    t0 = time.perf_counter_ns()
    while True:
        rng = random.Random(seed0 + games)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                u = rng.random()
                acc = 0.0
                action = outcomes[-1][0]
                for a, p in outcomes:
                    acc += p
                    if u < acc:
                        action = a
                        break
                s.apply_action(action)
            else:
                s.apply_action(rng.choice(s.legal_actions()))
            events += 1
        assert s.is_terminal()
        games += 1
        t = time.perf_counter_ns() - t0
        if t >= budget_ns:
            return games, events, t


def median_ns(fn: Any, repeats: int) -> float:
    """Median wall time of ``fn()`` over ``repeats`` calls, in nanoseconds."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return statistics.median(times)


def playout_round(make_game: Any, seed0: int, budget_ns: int) -> tuple[int, int, int]:
    """Random playouts of ``make_game(seed)`` (seeds from ``seed0``; a ``random.Random``
    of the same seed picks uniformly among ``legal_actions()``) until ``budget_ns`` is
    spent: (games, steps, ns). Steps are ``len(history)``: actions and chance outcomes."""
    games = steps = 0
    t0 = time.perf_counter_ns()
    while True:
        seed = seed0 + games
        g = make_game(seed)
        choice = random.Random(seed).choice
        while not g.is_over:
            g.apply(choice(g.legal_actions()))
        assert not g.legal_actions()
        games += 1
        steps += g.step_count  # len(history), without building its Step records
        t = time.perf_counter_ns() - t0
        if t >= budget_ns:
            return games, steps, t


def playouts_vs_backgammon(game_class: str, options: dict[str, Any], playout_key: str,
                           ratio_key: str, what: str, rounds: int = 5,
                           round_seconds: float = 0.4,
                           compiled: Path | None = None) -> dict[str, Any]:
    """Random playouts of ``boardgames.<game_class>(seed=seed, **options)`` and OpenSpiel's
    backgammon in alternating rounds of ``round_seconds`` each (after a warm-up of
    both), in a fresh interpreter: the medians of µs per step and per event, and their
    ratio, by wall clock and by CPU time of that process (on a shared machine the wall
    clock counts other processes' time too). Results as ``{key: {"value", "unit",
    "goal", "note"}}``; skipped without pyspiel. ``compiled``: a directory put first on the
    path, the engines compiled by mypyc (``tools/build_fast.py``: ``build/fast``)."""
    import pytest

    pytest.importorskip("pyspiel", reason="open-spiel (the bench extra) not installed")
    spec = {"game_class": game_class, "options": options, "playout_key": playout_key,
            "ratio_key": ratio_key, "what": what, "rounds": rounds,
            "round_seconds": round_seconds}
    tests = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ)
    first = str(compiled) if compiled is not None else None
    env["PYTHONPATH"] = os.pathsep.join(p for p in (first, tests, env.get("PYTHONPATH")) if p)
    done = subprocess.run([sys.executable, "-m", "benchmarks.reference", json.dumps(spec)],
                          capture_output=True, text=True, env=env, timeout=600,
                          cwd=tests)  # (not the project root: ./boardgames would come first)
    if done.returncode != 0:
        raise AssertionError(f"the playout benchmark failed:\n{done.stderr}")
    return json.loads(done.stdout)


def _measure(game_class: str, options: dict[str, Any], playout_key: str, ratio_key: str,
             what: str, rounds: int, round_seconds: float) -> dict[str, Any]:
    """``playouts_vs_backgammon``, in the fresh interpreter."""
    import pyspiel

    import boardgames
    from boardgames.core import game as core_game

    cls = getattr(boardgames, game_class)
    build = "compiled by mypyc" if core_game.__file__.endswith(".so") else "interpreted"

    def make_game(seed: int) -> Any:
        return cls(seed=seed, **options)

    game = pyspiel.load_game("backgammon")
    budget = int(round_seconds * 1e9)
    tracked = len(gc.get_objects())
    playout_round(make_game, 10_000, budget // 4)  # warm-up
    backgammon_round(game, 10_000, budget // 4)
    wall: dict[str, list[float]] = {"ours": [], "ref": []}
    cpu: dict[str, list[float]] = {"ours": [], "ref": []}
    totals = {"games": 0, "steps": 0, "bg_games": 0, "bg_events": 0}
    for r in range(rounds):
        for side, run, g_key, n_key in (
                ("ours", lambda s, b: playout_round(make_game, s, b), "games", "steps"),
                ("ref", lambda s, b: backgammon_round(game, s, b), "bg_games", "bg_events")):
            c = time.process_time_ns()
            n_games, n, t = run(r * 1000, budget)
            cpu[side].append((time.process_time_ns() - c) / n / 1000)
            wall[side].append(t / n / 1000)
            totals[g_key] += n_games
            totals[n_key] += n
    assert totals["games"] > 0 and totals["bg_games"] > 0
    us, us_bg = statistics.median(wall["ours"]), statistics.median(wall["ref"])
    c_us, c_bg = statistics.median(cpu["ours"]), statistics.median(cpu["ref"])
    return {
        playout_key: {
            "value": us, "unit": "µs",
            "note": f"median of {rounds} rounds; {totals['games']} games, {totals['steps']} "
                    f"steps (auto_roll, random agent, {what}, {build}; a fresh interpreter, "
                    f"{tracked} objects tracked by the collector at the start)"},
        "backgammon_openspiel_us_per_event": {
            "value": us_bg, "unit": "µs",
            "note": f"median of {rounds} rounds; {totals['bg_games']} games, "
                    f"{totals['bg_events']} events (pyspiel, random agent)"},
        ratio_key: {
            "value": us / us_bg, "unit": "x", "goal": "<= 1",
            "note": "per step / per event, same run, rounds alternating"},
        f"{ratio_key}_cpu": {
            "value": c_us / c_bg, "unit": "x", "goal": "<= 1",
            "note": f"the same rounds in CPU time of this process: {c_us:.2f} µs per step / "
                    f"{c_bg:.2f} µs per event"},
    }


if __name__ == "__main__":
    print(json.dumps(_measure(**json.loads(sys.argv[1]))))
