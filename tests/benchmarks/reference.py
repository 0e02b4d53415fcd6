"""What every benchmark shares: the reference measured in the same run (OpenSpiel's
backgammon random playouts, per event) and a median timer."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

__all__ = ["backgammon_round", "median_ns"]


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
