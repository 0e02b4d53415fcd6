"""The computer players' pace control (issue 17, "Pace"): the browser's select sends
``{"type": "pace", "speed": <name>}``; the board's synced ``pace`` becomes
``PACES[name]`` seconds, and a computer move already waiting waits the new pace."""

from __future__ import annotations

import time
from typing import Any

import pytest
from ui.twoplayer import CoinNim

from boardgames.agents import RandomAgent
from boardgames.ui import board_for
from boardgames.ui.board import PACES, Board


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


@pytest.mark.parametrize("speed", list(PACES))
def test_each_named_pace_sets_the_synced_pace(speed: str) -> None:
    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: RandomAgent(seed=1)}, pace=0.6)
    b.agents_running = False
    before, version = g.to_json(), b.version
    send(b, {"type": "pace", "speed": speed})
    assert b.error == "" and b.pace == PACES[speed] and b.get_state("pace")["pace"] == b.pace
    assert speed in b.notice and g.to_json() == before and b.version == version
    b.close()


@pytest.mark.parametrize("msg", [{"type": "pace", "speed": "ludicrous"},
                                 {"type": "pace", "speed": 0.1},
                                 {"type": "pace", "speed": "slow", "version": 1},
                                 {"type": "pace", "speed": "x" * 21}])
def test_an_unknown_pace_is_refused_and_changes_nothing(msg: dict[str, Any]) -> None:
    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: RandomAgent(seed=1)}, pace=0.6)
    send(b, msg)
    assert b.error and b.pace == 0.6
    b.close()


def test_a_waiting_computer_move_takes_the_new_pace() -> None:
    g = CoinNim(seed=4)
    b = board_for(g, player=0, opponents={1: RandomAgent(seed=1)}, pace=PACES["slow"])
    send(b, {"type": "intent", "action": "take 1", "version": b.version})
    assert g.current_player == 1 and b.thinking
    t0 = time.monotonic()
    send(b, {"type": "pace", "speed": "instant"})
    while g.current_player == 1 and time.monotonic() - t0 < 1.0:
        time.sleep(0.01)
    assert g.current_player != 1, "the computer still waited the slow pace"
    assert time.monotonic() - t0 < PACES["slow"]
    b.close()
