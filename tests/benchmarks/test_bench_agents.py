"""Benchmarks of the agents and of bg.simulate (reported, never failing on time).

* ``simulate`` speed-up from 1 to 2 worker processes on the same games, the median of
  three tries (goal >= 1.7 on an otherwise idle 2-core machine);
* the overhead per game of a Dask ``LocalCluster`` against the same games run serially;
* MCTS decisions per second at each difficulty, in mid-game positions of every game.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import DIFFICULTIES, MCTSAgent, RandomAgent


def _timed(fn: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def test_simulate_speedup_from_one_to_two_processes(bench_results: dict) -> None:
    """The same 60 random Blast games (chunks of 5) on 1 and on 2 processes, three times
    in turn; the median of the three speed-ups (the wall clock of a shared virtual
    machine moves by tens of percent from one second to the next). (120 games took 73 s
    of make test's benchmarks stage, 8 s per process start-up included: 60 now.)"""
    games = 60
    kw = {"games": games, "seed": 1, "progress": False, "chunk_size": 5}
    runs = []
    for _ in range(3):
        t1, r1 = _timed(lambda: bg.simulate("blast", RandomAgent(), workers=1, **kw))
        t2, r2 = _timed(lambda: bg.simulate("blast", RandomAgent(), workers=2, **kw))
        assert [r["scores"] for r in r1] == [r["scores"] for r in r2]
        runs.append((t1 / t2, t1, t2))
    runs.sort()
    speedup, t1, t2 = runs[1]
    bench_results["simulate_speedup_1_to_2_processes"] = {
        "value": speedup, "unit": "x", "goal": ">= 1.7",
        "note": f"{games} random Blast games, median of 3: 1 process {t1:.2f} s, 2 processes "
                f"{t2:.2f} s (all three: {', '.join(f'{r[0]:.2f}' for r in runs)}); "
                f"{os.cpu_count()} CPUs"}


def test_dask_local_cluster_overhead_per_game(bench_results: dict) -> None:
    distributed = pytest.importorskip("distributed")
    games = 40
    kw = {"games": games, "seed": 2, "progress": False, "chunk_size": 5}
    ts, serial = _timed(lambda: bg.simulate("spacebase", RandomAgent(), executor="serial", **kw))
    t0 = time.perf_counter()
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        start = time.perf_counter() - t0
        td, dask = _timed(lambda: bg.simulate("spacebase", RandomAgent(),
                                              executor=client.get_executor(), **kw))
    assert [r["scores"] for r in dask] == [r["scores"] for r in serial]
    bench_results["dask_overhead_ms_per_game"] = {
        "value": (td - ts) / games * 1000, "unit": "ms",
        "note": f"{games} random Space Base games on a 1-worker LocalCluster ({td:.2f} s) vs "
                f"serial in this process ({ts:.2f} s); cluster start-up {start:.2f} s "
                f"not included"}


GAMES = {"blast": {}, "spacebase": {"players": 2}, "spacehole": {},
         "intergalactic": {"players": 2}}
POSITIONS = {"easy": 3, "medium": 2, "hard": 1}


def _positions(name: str, count: int) -> list[bg.Game]:
    """Mid-game positions of random games (a decision with more than two choices, past
    the first 40 steps; Spacehole's colonies die young under random play, so any)."""
    out: list[bg.Game] = []
    for seed in range(50):
        g = bg.load(name, seed=seed, **GAMES[name])
        agent = RandomAgent(seed)
        while not g.is_over and len(out) < count * (seed + 1):
            if len(g.legal_actions()) > 2 and (len(g.history) > 40 or name == "spacehole"):
                out.append(g.fork())
                if len(out) >= count:
                    return out
            g.apply(agent.choose(g))
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_mcts_decisions_per_second(bench_results: dict, name: str) -> None:
    """MCTS decisions per second at each difficulty, in CPU time (robust to other
    processes on a shared machine): a fresh agent per position (no subtree kept from an
    earlier decision), the preset's budget each (the search stops early when the choice
    is settled: the iterations run are reported)."""
    positions = _positions(name, max(POSITIONS.values()))
    assert positions
    for level in DIFFICULTIES:
        n = iterations = 0
        t0 = time.process_time()
        for pos in positions[: POSITIONS[level]]:
            agent = MCTSAgent(level, seed=1)
            agent.choose(pos)
            done = agent.last_search["iterations"]
            assert 0 < done <= DIFFICULTIES[level]["iterations"]
            iterations += done
            n += 1
        dt = time.process_time() - t0
        bench_results[f"mcts_{level}_decisions_per_s_{name}"] = {
            "value": n / dt, "unit": "1/s (CPU)",
            "note": f"{name} mid-game positions, budget {DIFFICULTIES[level]['iterations']} "
                    f"iterations ({iterations / n:.0f} run on average), {n} decisions in "
                    f"{dt:.2f} s of CPU"}
