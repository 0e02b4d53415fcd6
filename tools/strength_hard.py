"""The hard player against Greedy at the size issue 18 fixes (``make strength`` runs it).

    python tools/strength_hard.py GAME [--first 0] [--deals N] [--out PATH] [--agent hard]
    python tools/strength_hard.py blast --agent '{"agent": "lookahead", "z": 1.5}' ...
    python tools/strength_hard.py GAME --summary [--out PATH]

GAME is ``blast``, ``spacebase`` (2 players) or ``intergalactic`` (4 players). Deal ``i``
is the game seeded ``game_seed(2024, i)``; each deal is played once with the tested
player in every seat (both seats of a two-player game, each of the four of
Intergalactic's), the other seats Greedy. Every agent is seeded from the deal and its
seat, so a game is the same on every run. One JSON line per game is appended to
``--out`` (default ``test-artifacts/strength-hard-<game>.jsonl``); games already there
are skipped, so a run stopped for any reason resumes where it was.

The issue's targets, checked by ``--summary`` (exit status 1 when one is missed or
fewer games than ``--need`` were played): in Blast and Space Base the tested player
wins at least 60% of 200 games (100 deals); in Intergalactic its win share (a first
place shared by k players counts 1/k) is at least 35% of 200 games (50 deals; a fair
share is 25%); in every game its median CPU time per decision (a position with more
than one legal action) is at most 2 s. Rates come with their Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boardgames as bg
from boardgames.agents import agent_from_spec, make_agent
from boardgames.odds.intervals import wilson
from boardgames.simulation import game_seed, play_out

ROOT = Path(__file__).resolve().parents[1]
SEED = 2024
PLAYERS = {"blast": 2, "spacebase": 2, "intergalactic": 4}
TARGET = {"blast": 0.60, "spacebase": 0.60, "intergalactic": 0.35}
GAMES = 200
MAX_CPU_PER_DECISION = 2.0


def deal_seed(deal: int) -> int:
    return game_seed(SEED, deal)


def agent_seed(deal: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of ``deal`` (the same whoever sits there)."""
    return game_seed(deal_seed(deal), 1 + seat)


def share_of_first_place(winner: int | None, scores: list[float], seat: int) -> float:
    """1 if ``seat`` won, 0 if another player did; with no winner (a tie), 1/k if ``seat``
    is among the k players with the highest score, else 0."""
    if winner is not None:
        return float(winner == seat)
    top = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == top]
    return 1 / len(leaders) if seat in leaders else 0.0


class Timed:
    """An agent whose decisions' CPU time is recorded (those with more than one legal
    action: a forced move is not a decision)."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.cpu: list[float] = []

    def choose(self, game: Any) -> Any:
        choices = len(game.legal_actions())
        t0 = time.process_time()
        action = self.agent.choose(game)
        if choices > 1:
            self.cpu.append(round(time.process_time() - t0, 4))
        return action


def player(kind: str, seed: int, game: str) -> Any:
    """``make_agent(kind, ...)``, or, for a ``kind`` that is a JSON object, the player
    it specifies (``agents.agent_from_spec``: ``'{"agent": "lookahead", "samples":
    12}'``), so that a trial of other settings is one command."""
    if kind.lstrip().startswith("{"):
        return agent_from_spec(game, json.loads(kind), seed)
    return make_agent(kind, seed=seed, game=game)


def play(game: str, deal: int, seat: int, agent: str, opponent: str = "greedy",
         make: Callable[[str, int, str], Any] = player) -> dict[str, Any]:
    """One game of ``deal`` with ``agent`` in ``seat`` and ``opponent`` elsewhere, each
    made by ``make(kind, seed, game)`` (:func:`player`, unless a trial brings its own)."""
    n = PLAYERS[game]
    g = bg.load(game, seed=deal_seed(deal), players=n)
    agents = [make(agent if p == seat else opponent, agent_seed(deal, p), game)
              for p in range(n)]
    tested = Timed(agents[seat])
    play_out(g, [tested if p == seat else a for p, a in enumerate(agents)])
    scores = [float(x) for x in g.scores]
    return {"deal": deal, "seat": seat, "agent": repr(agents[seat]),
            "opponent": repr(agents[(seat + 1) % n]), "winner": g.winner,
            "scores": scores, "share": share_of_first_place(g.winner, scores, seat),
            "steps": g.step_count, "decision_cpu": tested.cpu}


def played(out: Path) -> list[dict[str, Any]]:
    if not out.exists():
        return []
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines() if line]


def run(game: str, first: int, deals: int, out: Path, agent: str, opponent: str = "greedy"
        ) -> int:
    """Play the deals' games not yet in ``out``; return how many were played."""
    done = {(r["deal"], r["seat"]) for r in played(out)}
    out.parent.mkdir(parents=True, exist_ok=True)
    count = 0
    for deal in range(first, first + deals):
        for seat in range(PLAYERS[game]):
            if (deal, seat) in done:
                continue
            row = play(game, deal, seat, agent, opponent)
            with out.open("a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
            count += 1
    return count


def summary(game: str, rows: list[dict[str, Any]], need: int = GAMES) -> dict[str, Any]:
    """The figures of ``rows`` and whether the issue's targets are met."""
    n = len(rows)
    wins = sum(r["share"] for r in rows)
    rate, low, high = wilson(wins, n)
    cpu = [c for r in rows for c in r["decision_cpu"]]
    median = statistics.median(cpu) if cpu else float("nan")
    seats = {s: sum(r["share"] for r in rows if r["seat"] == s) for s in range(PLAYERS[game])}
    met = (n >= need and rate >= TARGET[game] and median <= MAX_CPU_PER_DECISION)
    return {"game": game, "games": n, "wins": wins, "rate": rate, "wilson95": [low, high],
            "wins_by_seat": seats, "target": TARGET[game], "games_needed": need,
            "median_cpu_per_decision": median, "decisions": len(cpu), "met": met,
            "agents": sorted({re.sub(r"seed=\d+(, )?", "", r["agent"]) for r in rows})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=sorted(PLAYERS))
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--deals", type=int, default=None,
                    help="deals to play (default: the issue's 200 games)")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--agent", default="hard",
                    help="the tested player: make_agent's kind, or a JSON spec "
                         "(agents.agent_from_spec)")
    ap.add_argument("--opponent", default="greedy", help="the other seats' player")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--need", type=int, default=GAMES)
    args = ap.parse_args(argv)
    out = args.out or ROOT / "test-artifacts" / f"strength-hard-{args.game}.jsonl"
    if not args.summary:
        deals = args.deals if args.deals is not None else GAMES // PLAYERS[args.game]
        run(args.game, args.first, deals, out, args.agent, args.opponent)
    figures = summary(args.game, played(out), args.need)
    print(json.dumps(figures, indent=2))
    return 0 if figures["met"] else 1


if __name__ == "__main__":
    sys.exit(main())
