"""'Since your last move' (issue 17, 'Nothing happens unseen'): a board publishes, in
``since``, everything the game logged after its player's last action -- the computer's
moves, the dice, whole turns -- as that board may see it, until the player acts again."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import boardgames as bg
from boardgames.blast.agents import GreedyAgent
from boardgames.ui.board import SINCE_LINES, Board


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def computer_turn(b: Board) -> None:
    g = b.game
    while g.current_player not in (b.player, None):
        if g.current_player == -1:
            g.roll()
        else:
            assert b.agent_step() is not None


def test_the_account_holds_every_line_since_the_players_last_action() -> None:
    g = bg.Blast(seed=1)
    b = g.widget(player=0, opponents={1: GreedyAgent(seed=2)})
    b.agents_running = False
    start = len(g.log)
    steps = len(g.history)
    computer_turn(b)
    told = [x for x in b.since if ", the computer: " not in x]  # (silent moves in words)
    assert told == list(g.log[start:])[-len(told):]
    assert b.since_omitted + len(told) == len(g.log) - start
    # every computer action since is in the account, in the game's own sentences
    mine = [s for s in g.history[steps:] if s.player == 1]
    assert mine and any("Empire" in line for line in b.since)
    # the player acts: the account starts again from that action
    before = len(g.log)
    send(b, {"type": "intent", "action": b.legal[0], "version": b.version})
    assert b.error == ""
    assert b.since == list(g.log[before:])[-SINCE_LINES:]


def test_an_undo_back_before_the_mark_shows_no_stale_lines() -> None:
    g = bg.Spacehole.scenario(hand=["Mine"], phase="build", seed=3)
    b = g.widget()
    send(b, {"type": "intent", "action": "build Mine", "version": b.version})
    assert b.error == "" and b.since
    g.undo()
    assert b.since == list(g.log[len(g.log):])  # empty: nothing happened since
    assert b.since_omitted == 0


def test_a_spectators_account_hides_what_the_spectator_may_not_see() -> None:
    g = bg.Spacehole.scenario(hand=["Mine"], phase="build", seed=3)
    s = g.widget(player=None)
    p = g.widget()
    start = len(g.log)
    for _ in range(6):  # a few turns: cards drawn into the hand
        if g.is_over:
            break
        send(p, {"type": "intent", "action": "pass" if "pass" in p.legal else p.legal[-1],
                 "version": p.version})
        assert p.error == ""
    drawn = [x for x in g.log[start:] if x.endswith(" into hand")]
    assert drawn, "no card was drawn into the hand: choose another seed"
    assert s.since == [s._public_log_line(x) for x in g.log[start:]][-SINCE_LINES:]
    shown = " ".join(s.since)
    assert "drew a card into hand" in shown
    assert not any(x in shown for x in drawn if x.split(": ", 1)[1] != "drew a card into hand")


def test_a_computer_move_that_logged_nothing_is_said_in_words() -> None:
    """'played done' (issue 17) is now a sentence; a move that logged is told by its log."""
    b = bg.Blast(seed=1).widget(player=0)
    assert b._account("The Empire", "done", []) == "The Empire: is done with this step"
    assert b._account("The Empire", "pass", []) == "The Empire: passes"
    assert b._account("The Empire", "fight 5", []) == "The Empire: chose fight 5"
    assert b._account("The Empire", "done", ["Empire ends the move"]) == \
        "The Empire: Empire ends the move"


def step_lines(start: bg.Game, steps: Sequence[Any]) -> list[list[str]]:
    """The log lines each of ``steps`` writes, replayed one at a time (auto roll off) on
    a fork of ``start``: the game's history, read independently of the board."""
    replay = start.fork()
    replay.auto_roll = False
    out = []
    for s in steps:
        mark = len(replay.log)
        replay.apply(s.value)
        out.append(list(replay.log[mark:]))
    return out


@pytest.mark.parametrize("name", ["Blast", "Intergalactic", "SpaceBase"])
def test_issue_17_the_account_names_every_action_the_computer_took(name: str) -> None:
    """After each computer turn, every step since the person's last action (read from
    the game's history, replayed one step at a time) is in the account in the order
    played: its own log lines, or, for a computer action that logs nothing (Blast's
    'done', Space Base's 'build <card>'), a sentence naming it."""
    silent = 0
    for seed in range(3):
        g = getattr(bg, name)(seed=seed)
        b = g.widget(player=0, opponents={1: bg.agents.RandomAgent(seed=seed)})
        b.agents_running = False
        start, steps = g.fork(), len(g.history)
        for _turn in range(6):
            computer_turn(b)
            taken = g.history[steps:]
            at = 0
            for s, lines in zip(taken, step_lines(start, taken), strict=True):
                if s.player == 1 and not lines:
                    silent += 1
                    said = b._account("", s.text, []).split(": ", 1)[1]
                    assert b.since[at].endswith(f"the computer: {said}"), (s, b.since)
                    at += 1
                else:
                    assert b.since[at:at + len(lines)] == lines, (s, b.since)
                    at += len(lines)
            assert at == len(b.since), (taken, b.since)
            if g.is_over:
                break
            start, steps = g.fork(), len(g.history)
            send(b, {"type": "intent", "action": b.legal[-1], "version": b.version})
            assert b.error == ""
    assert silent or name == "Intergalactic", "no silent computer action: try other seeds"
