"""Measure MCTSAgent's win share against three Greedy Intergalactic players (issue 21).

    python tools/measure_intergalactic_mcts.py medium 0 40 out.jsonl [stride offset]

plays games ``first .. first + count - 1`` (seed 1000 + i, the MCTS player in seat
i % 4, the Greedy players seeded by seat), one JSON line per game: seat, winner, scores,
decisions, the MCTS player's CPU seconds. A win share counts a shared first place as
1/k of a win for each of the k tied leaders.
"""

from __future__ import annotations

import json
import sys
import time

from boardgames import Intergalactic
from boardgames.agents import MCTSAgent
from boardgames.intergalactic.agents import GreedyAgent


def play(level: str, i: int) -> dict[str, object]:
    seat = i % 4
    g = Intergalactic(players=4, seed=1000 + i)
    agents = {p: GreedyAgent(seed=p) for p in range(4)}
    mcts = MCTSAgent(level, seed=i)
    cpu = 0.0
    decisions = 0
    while not g.is_over:
        p = g.current_player
        if p is None or p < 0:
            g.roll()
            continue
        if p == seat:
            t0 = time.process_time()
            a = mcts.choose(g)
            cpu += time.process_time() - t0
        else:
            a = agents[p].choose(g)
        g.apply(a)
        decisions += 1
    scores = list(g.scores)
    top = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == top]
    return {"game": i, "seat": seat, "winner": g.winner, "scores": scores,
            "share": (1 / len(leaders)) if seat in leaders else 0.0,
            "decisions": decisions, "steps": len(g.history), "mcts_cpu_s": round(cpu, 1)}


def main() -> None:
    level, first, count, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    stride = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    offset = int(sys.argv[6]) if len(sys.argv) > 6 else 0
    with open(out, "a") as f:
        for i in range(first + offset, first + count, stride):
            f.write(json.dumps(play(level, i)) + "\n")
            f.flush()


if __name__ == "__main__":
    main()
