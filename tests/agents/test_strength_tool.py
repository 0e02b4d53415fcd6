"""tools/strength_hard.py, the runner of issue 18's full-size matches (``make strength``),
tried with cheap players (Random against Random) so that it costs seconds: each deal in every
seat, the same games on every run, a stopped run resumes, and the summary's figures and
verdict."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import strength_hard


def test_each_deal_is_played_in_both_seats_and_a_second_run_adds_nothing(tmp_path: Path) -> None:
    out = tmp_path / "blast.jsonl"
    assert strength_hard.run("blast", 0, 2, out, "random", "random") == 4
    rows = strength_hard.played(out)
    assert sorted((r["deal"], r["seat"]) for r in rows) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(r["agent"].startswith("RandomAgent") and r["opponent"].startswith("RandomAgent")
               for r in rows)
    assert strength_hard.run("blast", 0, 2, out, "random", "random") == 0  # resumed: nothing left
    assert len(strength_hard.played(out)) == 4


def test_a_stopped_run_resumes_with_the_same_games(tmp_path: Path) -> None:
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    strength_hard.run("blast", 3, 2, whole, "random", "random")
    strength_hard.run("blast", 3, 1, parts, "random", "random")  # stopped after the first deal
    lines = parts.read_text().splitlines()
    parts.write_text("\n".join(lines[:1]) + "\n")  # ... and in the middle of it
    assert strength_hard.run("blast", 3, 2, parts, "random", "random") == 3

    def key(r: dict) -> tuple:
        return r["deal"], r["seat"], r["winner"], r["scores"], r["steps"]

    assert sorted(map(key, strength_hard.played(parts))) == sorted(
        map(key, strength_hard.played(whole)))


def test_the_summary_counts_shared_first_places_and_checks_the_targets() -> None:
    assert strength_hard.share_of_first_place(None, [3, 5, 5, 1], 1) == 0.5
    assert strength_hard.share_of_first_place(None, [3, 5, 5, 1], 0) == 0.0
    # a winner is the game's: an eliminated player's equal score shares nothing
    assert strength_hard.share_of_first_place(2, [3, 5, 5, 1], 2) == 1.0
    assert strength_hard.share_of_first_place(2, [3, 5, 5, 1], 1) == 0.0
    rows = [{"deal": d, "seat": s, "agent": "A", "share": 1.0 if d < 70 else 0.0,
             "decision_cpu": [0.5, 1.5]} for d in range(100) for s in (0, 1)]
    figures = strength_hard.summary("blast", rows)
    assert figures["games"] == 200 and figures["wins"] == 140 and figures["rate"] == 0.7
    low, high = figures["wilson95"]
    assert low < 0.7 < high and figures["met"] is True
    assert figures["median_cpu_per_decision"] == 1.0
    assert strength_hard.summary("blast", rows[:100])["met"] is False  # too few games
    slow = [{**r, "decision_cpu": [2.5]} for r in rows]
    assert strength_hard.summary("blast", slow)["met"] is False  # over 2 s a decision
    ig = [{**r, "seat": r["seat"] * 2} for r in rows]
    assert strength_hard.summary("intergalactic", ig)["target"] == 0.35


def test_the_command_line_plays_then_sums_up(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "x.jsonl"
    status = strength_hard.main(["blast", "--deals", "1", "--agent", "random", "--opponent",
                                 "random", "--out", str(out), "--need", "2"])
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 2 and status == (0 if figures["met"] else 1)
    assert strength_hard.main(["blast", "--summary", "--out", str(out)]) == 1  # < 200 games


def test_the_tested_player_may_be_a_json_spec(tmp_path: Path) -> None:
    """``--agent '{"agent": ...}'``: a player of other settings than a preset's, made by
    ``agents.agent_from_spec`` and recorded by its repr."""
    out = tmp_path / "spec.jsonl"
    spec = '{"agent": "mcts", "difficulty": "easy", "iterations": 3}'
    assert strength_hard.run("blast", 0, 1, out, spec, "random") == 2
    rows = strength_hard.played(out)
    assert all(r["agent"].startswith("MCTSAgent(") and "iterations=3" in r["agent"]
               for r in rows)
    with pytest.raises(ValueError, match="agent spec"):
        strength_hard.run("blast", 1, 1, out, '{"agent": "oracle"}', "random")
    assert len(strength_hard.played(out)) == 2  # nothing written for the refused one
