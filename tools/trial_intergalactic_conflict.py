"""A trial for issue 18, not a shipped player: Intergalactic's ``hard`` (Greedy, token
0.24) in the list stages, and Tesauro-Galperin rollouts (``RolloutAgent``) for its
decisions in the Conflict stage, where the game is close to its end, against three
Greedy, each deal in every seat (``tools/strength_hard.py``'s deals, seeds and rows).

    python tools/trial_intergalactic_conflict.py --first 1000 --deals 25 \\
        --rollout '{"playouts": 8, "first": 4, "z": 2.0, "horizon": 12}' --out FILE

One JSON line per game, with ``cpu`` (the game's CPU seconds, all four players); games
already in ``--out`` are skipped. ``tools/strength_hard.py intergalactic --summary --out
FILE`` summarises it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent))

import strength_hard

from boardgames.agents import hard_agent
from boardgames.rollouts import RolloutAgent


class ConflictRollouts:
    """The ``hard`` preset's Greedy outside the Conflict stage; rollouts in it."""

    def __init__(self, seed: int, rollout: dict[str, Any]) -> None:
        self.base = hard_agent("intergalactic", seed)
        self.rollouts = RolloutAgent(seed=seed, **rollout)

    def __repr__(self) -> str:
        return f"ConflictRollouts({self.base!r}, {self.rollouts!r})"

    def choose(self, game: Any) -> Any:
        if game.state.stage == "conflict" and len(game.legal_actions()) > 1:
            return self.rollouts.choose(game)
        return self.base.choose(game)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=1000)
    ap.add_argument("--deals", type=int, default=25)
    ap.add_argument("--rollout", default='{"playouts": 8, "first": 4, "z": 2.0, '
                                         '"horizon": 12}')
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args()
    rollout = json.loads(a.rollout)

    def player(kind: str, seed: int, game: str) -> Any:
        return ConflictRollouts(seed, rollout) if kind == "conflict" else \
            strength_hard.player(kind, seed, game)

    done = {(r["deal"], r["seat"]) for r in strength_hard.played(a.out)}
    for deal in range(a.first, a.first + a.deals):
        for seat in range(strength_hard.PLAYERS["intergalactic"]):
            if (deal, seat) in done:
                continue
            t0 = time.process_time()
            row = strength_hard.play("intergalactic", deal, seat, "conflict", make=player)
            row["cpu"] = round(time.process_time() - t0, 1)
            with a.out.open("a") as f:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
