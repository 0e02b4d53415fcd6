"""How strong the MCTS player is: matches against the random and the greedy players.

The issue's targets: MCTS beats Random in Blast and Space Base in at least 90% of 100
games and beats Greedy in more than half; in Spacehole (solo) the mean scores order MCTS >
Greedy > Random with non-overlapping 95% intervals. (Intergalactic is not among the
targets: its games are several times longer, see docs/agents.md.)

Two sizes:

* **CI** (default, ``pytest``): a few games per match, with the cheapest preset, in this
  process. Every game is seeded (game ``i`` of a match has ``game_seed(seed, i)``, the
  agents are re-seeded from it), so the results are the same on every run and on any
  number of workers; each threshold is the figure measured when the test was written
  minus a margin (both given next to it), so the test fails when the agents get clearly
  weaker, not by chance. The whole file costs about a minute and a half of CPU (95 s
  measured).
* **Full** (``BG_STRENGTH=full``, the Makefile's ``make strength``): the issue's 100
  games per match and its thresholds, exactly, on two worker processes (Spacehole, for
  which the issue fixes no number: 1000 games per player).

In a two-player match each game seed is played twice, MCTS in each seat (the same deal
both ways). The figures of every match (wins, losses, draws, score intervals, seconds per
game) are written to ``test-artifacts/strength-<size>.json`` and printed with ``-s``.
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import GreedyAgent, MCTSAgent, RandomAgent

FULL = os.environ.get("BG_STRENGTH", "").lower() == "full"
SIZE = "full" if FULL else "ci"
ARTIFACT = Path(__file__).resolve().parents[2] / "test-artifacts" / f"strength-{SIZE}.json"
PLAYERS = {"blast": {}, "spacebase": {"players": 2}}
RUN: dict[str, Any] = {"workers": 2} if FULL else {"executor": "serial"}

# The MCTS preset of each match (CI: the cheapest), and games per match (two-player:
# both seats of games // 2 seeds; Spacehole: games per player). Full size: "easy" is
# enough against Random (it won 40 of 40 Blast and Space Base games of a trial) and
# costs a quarter of "medium", the preset of the harder targets.
PRESET = ({"random": "easy", "greedy": "medium", "spacehole": "medium"} if FULL else
          {"random": "easy", "greedy": "easy", "spacehole": "easy"})
# Space Base's MCTS completes a build before valuing it (``complete=1``, its default:
# ``agents.COMPLETE_BY_GAME``). It cost about 11 times as much: the CI matches below
# took 271 s of CPU against Greedy and 280 s against Random with it (1 and 4 wins of 4),
# 24 s each without; since the fast look-ahead (``spacebase.agents.values_ahead``) about
# 4 times as much per decision, still too much for the CI, which plays without it
# (``complete=0``, the figures of ``CI_MEASURED``); the full size plays the default.
# Against Greedy at full size: "medium" as in Blast (about 2 minutes of CPU a Space Base
# game with the completion). "easy" with it won exactly 50 of these 100 games; "medium"
# won more than half of the first games played (docs/agents.md: not yet run to 100).
OPTIONS = {} if FULL else {"spacebase": {"complete": 0}}
PRESET_FOR: dict[tuple[str, str], str] = {}  # a preset other than PRESET's for a match
GAMES = 100 if FULL else 4
# Spacehole: the issue fixes no number of games. Full size: 1000 games per player on the
# same seeds (at 100 the intervals are too wide to order anything: Greedy 162.3 [67.5,
# 257.2], MCTS medium 147.1 [43.9, 250.3]); CI: 100.
SOLO_GAMES = 1000 if FULL else 100


def _record(name: str, figures: dict[str, Any]) -> None:
    """Add one match's figures to the artifact (and print them); a lock, as two runs
    may share the file."""
    ARTIFACT.parent.mkdir(parents=True, exist_ok=True)
    with open(ARTIFACT.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            doc = json.loads(ARTIFACT.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            doc = {}
        doc[name] = figures
        ARTIFACT.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    print(f"\n{name}: {figures}")


def match(game: str, mcts: MCTSAgent, other: Any, games: int, seed: int) -> dict[str, Any]:
    """``games`` games (an even number): each of ``games // 2`` seeds played with MCTS
    as player 0, then as player 1. Wins, losses and draws are MCTS's."""
    assert games % 2 == 0
    kw = {"games": games // 2, "seed": seed, "progress": False, "chunk_size": 1, **RUN,
          **PLAYERS[game]}
    t0 = time.perf_counter()
    c0 = time.process_time()
    first = bg.simulate(game, [mcts, other], **kw)
    second = bg.simulate(game, [other, mcts], **kw)
    wall = time.perf_counter() - t0
    seats = [(r, 0) for r in first] + [(r, 1) for r in second]
    wins = sum(1 for r, me in seats if r["winner"] == me)
    draws = sum(1 for r, _ in seats if r["winner"] is None)
    seconds = [r["seconds"] for r, _ in seats]
    out = {"games": games, "wins": wins, "losses": games - wins - draws, "draws": draws,
           "mcts": repr(mcts), "opponent": type(other).__name__,
           "turns_mean": round(sum(r["turns"] for r, _ in seats) / games, 1),
           "seconds_per_game": round(sum(seconds) / games, 2),
           "seconds_per_game_max": round(max(seconds), 2), "wall_seconds": round(wall, 1)}
    if not FULL:  # in this process: its CPU time is the matches' cost
        out["cpu_seconds"] = round(time.process_time() - c0, 1)
    return out


# ---------------------------------------------------------------- two-player games
# CI size (4 games, "easy", seed 2024): MCTS's wins as measured -> the threshold, the
# measured figure minus a margin of one game (none where it won all 4: a loss to Random
# would be far below the 90% target; none for Space Base against Greedy: 0 of 4 could
# not fail). About 75 s of CPU for the four matches.
CI_MEASURED = {
    ("blast", "random"): 4,  # 8.8 s of CPU
    ("blast", "greedy"): 2,  # 16.2 s
    ("spacebase", "random"): 4,  # 24.6 s
    ("spacebase", "greedy"): 1,  # 23.8 s
}
CI_WINS = {
    ("blast", "random"): 4,
    ("blast", "greedy"): 1,
    ("spacebase", "random"): 4,
    ("spacebase", "greedy"): 1,
}
# the targets (100 games): at least 90% against Random, more than half against Greedy
FULL_WINS = {"random": 90, "greedy": 51}


@pytest.mark.parametrize(("game", "opponent"), sorted(CI_WINS))
def test_mcts_against(game: str, opponent: str) -> None:
    """MCTS wins at least the threshold's number of games (CI: ``CI_WINS``; full size:
    the issue's 90 of 100 against Random, 51 of 100 against Greedy)."""
    other = RandomAgent() if opponent == "random" else GreedyAgent()
    preset = PRESET_FOR.get((game, opponent), PRESET[opponent])
    figures = match(game, MCTSAgent(preset, **OPTIONS.get(game, {})), other, GAMES, seed=2024)
    _record(f"{game} mcts-{preset} vs {opponent}", figures)
    need = FULL_WINS[opponent] if FULL else CI_WINS[(game, opponent)]
    assert figures["wins"] >= need, figures


# ---------------------------------------------------------------- Spacehole (solo)
def test_spacehole_mean_scores_order_mcts_greedy_random() -> None:
    """The three players on the same seeds; mean score with its 95% interval.

    Both sizes: Greedy's interval lies above Random's. Full size: MCTS's interval above
    Greedy's (the issue's target). CI size: MCTS's mean above Random's interval, and
    the means of MCTS and Greedy at least as measured minus a margin (see below)."""
    out = {}
    for name, agent in (("random", RandomAgent()), ("greedy", GreedyAgent()),
                        ("mcts", MCTSAgent(PRESET["spacehole"]))):
        c0 = time.process_time()
        r = bg.simulate("spacehole", [agent], games=SOLO_GAMES, seed=7, progress=False,
                        chunk_size=1, **RUN)
        mean, lo, hi = r.mean_score(0)
        out[name] = {"mean": round(mean, 1), "ci95": [round(lo, 1), round(hi, 1)],
                     "survived": sum(1 for x in r.scores(0) if x > 0), "games": SOLO_GAMES,
                     "seconds_per_game": round(sum(r.column("seconds")) / SOLO_GAMES, 2)}
        if not FULL:
            out[name]["cpu_seconds"] = round(time.process_time() - c0, 1)
    _record(f"spacehole mcts-{PRESET['spacehole']}", out)
    rnd, greedy, mcts = out["random"], out["greedy"], out["mcts"]
    assert greedy["ci95"][0] > rnd["ci95"][1], out
    if FULL:
        assert mcts["ci95"][0] > greedy["ci95"][1], out
    else:
        assert mcts["mean"] > rnd["ci95"][1], out
        for name, low in CI_SOLO_MEANS.items():
            assert out[name]["mean"] >= low, out


# CI size (100 games, seed 7, MCTS "easy"; 19 s of CPU): mean score [95% interval],
# colonies that survived, as measured -> the lowest mean accepted: the measured mean
# minus about two survivors' worth (a survivor scores about 1500, 15 on the mean).
CI_SOLO_MEASURED = {"random": (8.0, [-7.7, 23.8], 1), "greedy": (162.3, [67.5, 257.2], 11),
                    "mcts": (150.3, [48.1, 252.5], 8)}
CI_SOLO_MEANS = {"greedy": 130.0, "mcts": 120.0}


# ---------------------------------------------------------------- Spacehole's hard preset
# Full size only: the rollout player (agents.HARD_BY_GAME) against Greedy on the same 1000
# seeds (seed 7, the agents seeded alike, so a game differs only where the rollouts
# overrule Greedy), about 6 500 s of CPU on this machine (docs/agents.md). At the CI's
# size its games would be the few cheap ones that end in a few turns, all scoring 0
# whoever plays them: no figure worth a threshold.
@pytest.mark.skipif(not FULL, reason="full size only (BG_STRENGTH=full): hours of CPU")
def test_spacehole_hard_scores_at_least_greedy_on_the_same_seeds() -> None:
    """The issue's target: hard's mean score at least Greedy's over the same 1000
    seeds; the paired difference and its 95% interval are recorded."""
    from boardgames.agents import make_agent
    from boardgames.simulation import mean_ci

    scores = {}
    for name, agent in (("greedy", GreedyAgent()),
                        ("hard", make_agent("hard", game="spacehole"))):
        r = bg.simulate("spacehole", [agent], games=SOLO_GAMES, seed=7, progress=False,
                        chunk_size=1, **RUN)
        scores[name] = r.scores(0)
    diff = [h - g for h, g in zip(scores["hard"], scores["greedy"], strict=True)]
    mean, lo, hi = mean_ci(diff)
    out = {name: round(sum(v) / len(v), 1) for name, v in scores.items()}
    out.update(difference=round(mean, 1), ci95=[round(lo, 1), round(hi, 1)],
               games_that_differ=sum(1 for d in diff if d), games=SOLO_GAMES)
    _record("spacehole hard vs greedy", out)
    assert out["hard"] >= out["greedy"], out
