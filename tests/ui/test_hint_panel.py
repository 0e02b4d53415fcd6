"""The boards' Hint and Review panels (issue 18, item 3): the Hint button ranks the
legal actions of the board's player in a thread (progress, Stop), each hinted action can
be played by a click; the Review marks the player's decisions. Messages are untrusted:
a forged hint-play is refused and changes nothing."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from ui.twoplayer import CoinNim, NimRules

import boardgames as bg
from boardgames.agents import RandomAgent
from boardgames.ui.board import Board


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def nim(start: int = 2) -> CoinNim:
    return CoinNim(seed=1, rules=NimRules(start=start))


def board_of(game: bg.Game, **kw: Any) -> Board:
    b = Board(game, player=0)
    b.configure(hint_policy=RandomAgent(seed=0), **kw)
    return b


def test_hint_ranks_the_winning_take_first_and_a_click_plays_it() -> None:
    b = board_of(nim(2))
    send(b, {"type": "hint", "version": b.version})
    assert b.error == "" and b.hint["status"] in ("running", "done")
    assert b.wait_analysis(60)
    h = b.hint
    assert h["status"] == "done" and h["progress"] == 1.0
    assert h["measure"] == "win probability" and h["version"] == b.version
    top = h["candidates"][0]
    assert top["action"] == "take 2" and top["value"] == 1.0 and top["playouts"] == 64
    assert top["low"] <= top["value"] <= top["high"]
    send(b, {"type": "hint_play", "action": "take 2", "version": b.version})
    assert b.error == "" and b.game.is_over and b.game.winner == 0
    assert b.hint == {}  # the position moved on: the hint is gone


def test_a_forged_hint_play_is_refused_and_changes_nothing() -> None:
    g = nim(7)
    b = board_of(g)
    send(b, {"type": "hint_play", "action": "take 1", "version": b.version})
    assert "not one of the hinted actions" in b.error  # no hint asked yet
    send(b, {"type": "hint", "version": b.version})
    assert b.wait_analysis(60) and b.hint["status"] == "done"
    before, hint = g.to_json(), dict(b.hint)
    for action in ("take 3", "take 1; take 2", "x" * 150):
        send(b, {"type": "hint_play", "action": action, "version": b.version})
        assert "not one of the hinted actions" in b.error
    send(b, {"type": "hint_play", "action": "take 1", "version": b.version + 1})
    assert "stale" in b.error
    send(b, {"type": "hint_play", "action": "take 1", "version": b.version, "x": 1})
    assert "exactly the keys" in b.error
    assert g.to_json() == before and b.hint == hint


def test_the_hint_reports_progress_and_stop_keeps_what_it_found() -> None:
    g = bg.Intergalactic(seed=2)
    while len(g.legal_actions()) < 3:
        g.apply(g.legal_actions()[0])
    b = Board(g, player=g.current_player)
    b.configure(hint_seconds=120)  # the default policy (random rollouts), a long budget
    seen: list[float] = []
    b.observe(lambda change: seen.append(change["new"].get("progress", 0.0)), "hint")
    send(b, {"type": "hint", "version": b.version})
    deadline = time.monotonic() + 60
    while not any(0 < p < 1 for p in seen) and time.monotonic() < deadline:
        time.sleep(0.05)
    send(b, {"type": "hint_stop"})
    assert b.error == "" and b.wait_analysis(60)
    h = b.hint
    assert h["status"] == "stopped" and any(0 < p < 1 for p in seen)
    counts = {c["playouts"] for c in h["candidates"]}
    assert len(h["candidates"]) == len(g.legal_actions()) and min(counts) >= 1
    send(b, {"type": "hint_stop"})
    assert "no hint or review is running" in b.error


def test_hint_is_refused_when_it_is_not_the_boards_decision() -> None:
    g = nim(5)
    b = Board(g, player=1)
    before = g.to_json()
    send(b, {"type": "hint", "version": b.version})
    assert "a hint is for your own decision" in b.error and "not your turn" in b.error
    spectator = Board(g, player=None)
    send(spectator, {"type": "hint", "version": spectator.version})
    send(spectator, {"type": "review"})
    assert "spectator" in spectator.error
    assert g.to_json() == before and b.hint == {} and spectator.review == {}


def test_the_hint_cannot_see_the_opponents_hand() -> None:
    from agents.test_agents import _blast_pair

    a, b = _blast_pair("Surprise Attack", "Battle Computers")
    shown = []
    for g in (a, b):
        board = board_of(g, hint_seconds=600)
        board.hint_settings.update(playouts=4, first=4)
        send(board, {"type": "hint", "version": board.version})
        assert board.wait_analysis(120)
        shown.append(board.hint["candidates"])
    assert shown[0] == shown[1] and len(shown[0]) >= 2


def test_a_move_drops_the_running_hint() -> None:
    g = nim(9)
    b = board_of(g, hint_seconds=120)
    b.hint_settings.update(playouts=4096, first=2048)
    send(b, {"type": "hint", "version": b.version})
    job = b._hint_job
    g.apply("take 1")  # code in a cell moves the game on
    assert b.hint == {} and job is not None and job.stopping and job.wait(60)
    assert b.hint == {}  # its late report is not shown


def test_review_marks_the_blunder_and_names_its_step() -> None:
    g = nim(2)
    g.apply("take 1")  # "take 2" wins outright: a blunder
    b = board_of(g)
    send(b, {"type": "review"})
    assert b.error == "" and b.wait_analysis(60)
    r = b.review
    assert r["status"] == "done" and r["player"] == 0 and r["steps"] == len(g.history)
    (d,) = r["decisions"]
    assert d["step"] == 0 and d["played"] == "take 1" and d["best"] == "take 2"
    assert d["label"] == "blunder" and d["loss"] >= 0.2
    send(b, {"type": "scrub", "step": d["step"]})  # the click on the decision: jump there
    assert b.scrub_step == 0 and b.scrub_view["step"] == 0
    assert b.review == r  # the review stays while its history does
    g.undo()
    assert b.review == {}


def test_hint_settings_are_checked() -> None:
    b = board_of(nim(5))
    before = dict(b.hint_settings)
    with pytest.raises(ValueError, match="hint_seconds must be a number of seconds"):
        b.configure(hint_seconds=0)
    with pytest.raises(ValueError, match="review_seconds must be"):
        b.configure(review_seconds=True)
    with pytest.raises(TypeError):
        b.configure(hint_policy="not an agent")
    assert b.hint_settings == before


def test_the_hint_message_returns_at_once_while_the_hint_runs() -> None:
    g = nim(9)
    b = board_of(g, hint_seconds=60)
    b.hint_settings.update(playouts=4096, first=4096)  # seconds of rollouts
    t0 = time.perf_counter()
    send(b, {"type": "hint", "version": b.version})
    handled = time.perf_counter() - t0
    job = b._hint_job
    assert job is not None and job.thread.is_alive() and handled < 0.5
    assert job.thread is not threading.current_thread()
    send(b, {"type": "auto_roll", "value": False, "version": b.version})  # still answered
    assert b.error == "" and not g.auto_roll
    send(b, {"type": "hint_stop"})
    assert b.wait_analysis(60) and b.hint["status"] == "stopped"  # (the same position)


def test_a_hot_seat_board_forgets_the_review_when_passed_on() -> None:
    g = nim(6)
    b = Board(g, seats=[0, 1])
    b.configure(hint_policy=RandomAgent(seed=0))
    send(b, {"type": "reveal", "version": b.version})
    send(b, {"type": "hint", "version": b.version})
    assert b.wait_analysis(60) and b.hint["status"] == "done"
    send(b, {"type": "hint_play", "action": b.hint["candidates"][0]["action"],
             "version": b.version})
    assert b.error == "" and b.covered and b.hint == {}
    send(b, {"type": "review"})
    assert "covered" in b.error and b.review == {}  # the next person cannot ask for it
    send(b, {"type": "reveal", "version": b.version})
    send(b, {"type": "review"})
    assert b.wait_analysis(60) and b.review["player"] == 1 and b.review["decisions"] == []
    g.apply("take 1")  # seat 1 played (from code): the board is passed on to seat 0
    assert b.covered and b.review == {}
