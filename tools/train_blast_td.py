"""Train Blast's learned value (``boardgames/blast/learned.py``) by self-play, TD(lambda).

Both players are ``GreedyAgent(value=LearnedValue(w))`` with the weights being learned
(the policy changes as it learns, as TD-Gammon's did). After each move phase the value
of the mover's position at the end of its previous move phase is moved towards the value
of its position now, and at the end of the game towards the result (1 won, 0 lost, 1/2
drawn): for each player its own sequence of positions, with an eligibility trace.

    python tools/train_blast_td.py --games 1000 --out /tmp/td.json

starts from ``GREEDY_WEIGHTS`` (Greedy's own value) and gives the shipped ``WEIGHTS``
(33 minutes of one core on the compiled build: ``make fast``, then
``BOARDGAMES_COMPILED=1 PYTHONPATH=build/fast``). It prints the weights every
``--every`` games and writes them (with the settings and the games played) to ``--out``
as JSON; ``--resume`` continues from such a file. The same seeds and settings give the
same weights.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[1]))  # (after PYTHONPATH: a build)

import boardgames as bg
from boardgames.blast.agents import GreedyAgent
from boardgames.blast.learned import (
    FEATURES,
    GREEDY_WEIGHTS,
    LearnedValue,
    features,
)
from boardgames.core.logistic import logistic


class Trace:
    """One player's TD(lambda) state: its last position's features and the trace."""

    def __init__(self) -> None:
        self.x: tuple[float, ...] | None = None
        self.e = [0.0] * len(FEATURES)


def _value(w: list[float], x: tuple[float, ...]) -> float:
    return logistic(sum(a * b for a, b in zip(w, x, strict=True)))


def td_step(w: list[float], t: Trace, x: tuple[float, ...] | None, target: float | None,
            alpha: float, lam: float) -> float:
    """Move the value of ``t``'s last position towards ``target`` (the value of ``x``
    when ``target`` is None); then ``x`` becomes the last position. The error."""
    delta = 0.0
    if t.x is not None:
        v_new = target if target is not None else _value(w, x)  # type: ignore[arg-type]
        delta = v_new - _value(w, t.x)
        for i, e in enumerate(t.e):
            w[i] += alpha * delta * e
    if x is not None:
        v = _value(w, x)
        g = v * (1.0 - v)
        t.e = [lam * e + g * xi for e, xi in zip(t.e, x, strict=True)]
    t.x = x
    return delta


def play(seed: int, w: list[float], alpha: float, lam: float) -> tuple[int | None, int]:
    """One self-play game on deal ``seed``, learning as it goes: (winner, moves)."""
    value = LearnedValue(w)
    value.weights = w  # the same list: the players use the weights as they change
    agents = [GreedyAgent(seed=2 * seed, value=value), GreedyAgent(seed=2 * seed + 1,
                                                                   value=value)]
    g = bg.Blast(seed=seed, auto_roll=False)
    traces = [Trace(), Trace()]
    moves = 0
    while not g.is_over:
        s = g.state
        mover, phase, turn = s.player, s.phase, s.turn
        if g.current_player == bg.CHANCE:
            g.roll()
        else:
            g.apply(agents[g.current_player].choose(g))
        s = g.state
        if phase == "move" and (s.phase != "move" or s.turn != turn) and not g.is_over:
            td_step(w, traces[mover], features(g, mover), None, alpha, lam)
            moves += 1
    winner = g.state.winner
    for p in (0, 1):
        result = 0.5 if winner is None else float(winner == p)
        td_step(w, traces[p], None, result, alpha, lam)
    return winner, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--first", type=int, default=100_000, help="the first deal's seed")
    ap.add_argument("--alpha", type=float, default=0.05)
    ap.add_argument("--lam", type=float, default=0.7)
    ap.add_argument("--every", type=int, default=50)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--resume", action="store_true")
    a = ap.parse_args()
    w = list(GREEDY_WEIGHTS)
    done = 0
    if a.resume and a.out.exists():
        saved = json.loads(a.out.read_text())
        w, done = saved["weights"], saved["games"]
    t0 = time.process_time()
    for k in range(done, a.games):
        play(a.first + k, w, a.alpha, a.lam)
        if (k + 1) % a.every == 0 or k + 1 == a.games:
            a.out.write_text(json.dumps({
                "features": FEATURES, "weights": w, "games": k + 1, "alpha": a.alpha,
                "lam": a.lam, "first": a.first}, indent=1))
            print(k + 1, f"{time.process_time() - t0:.0f}s",
                  " ".join(f"{n}={x:+.3f}" for n, x in zip(FEATURES, w, strict=True)),
                  flush=True)


if __name__ == "__main__":
    main()
