"""'Pause before battles' on the person's own move (issue 17: "a battle or invasion
pauses before it resolves when the player asks for it, showing the exact odds first"):
Spacehole's end of turn draws an invader; the board rolls the draw, stops before the
battle's first roll with its exact odds in ``held``, and Continue rolls the battle -- the
same game as without the pause (the seeded roll)."""

from __future__ import annotations

from typing import Any

import boardgames as bg
from boardgames.core.game import CHANCE
from boardgames.ui.board import Board, dist_rows


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def before_an_invasion() -> bg.Spacehole:
    """Seed 4: the next 'end turn' draws an invader."""
    g = bg.Spacehole.scenario(structures=["Solar Array", "Laser Turret"],
                              defenders=["Space Navy"], hand=["Mine"], phase="build", seed=4)
    g.apply("pass")
    while "end turn" not in [str(a) for a in g.legal_actions()]:
        g.apply(g.legal_actions()[0])
    return g


def test_the_invasion_waits_with_its_odds_and_continue_plays_the_same_game() -> None:
    plain = before_an_invasion()
    plain.apply("end turn")
    g = before_an_invasion()
    b = g.widget()
    send(b, {"type": "pause_battles", "value": True})
    send(b, {"type": "intent", "action": "end turn", "version": b.version})
    assert b.error == "" and b.held and b.held["player"] == 0
    assert g.current_player == CHANCE and g.state.battle_round == 1
    assert "attacks the Base" in b.held["title"]
    assert b.held["odds"] == dist_rows(g.battle_odds())
    assert b.extra["odds"] == b.held["odds"]  # the board's battle panel shows them too
    assert not g.auto_roll  # held: nothing rolls
    send(b, {"type": "resume", "version": b.version})
    assert b.error == "" and b.held == {} and g.auto_roll
    assert g.to_json() == plain.to_json()  # the pause changed nothing in the game
    # undo takes the whole move back, as with auto roll
    g.undo()
    assert "end turn" in b.legal


def test_without_a_battle_the_move_is_played_at_once() -> None:
    g = bg.Spacehole.scenario(hand=["Mine"], phase="build", seed=3)
    b = g.widget()
    b.pause_battles = True
    send(b, {"type": "intent", "action": "build Mine", "version": b.version})
    assert b.error == "" and b.held == {} and g.auto_roll


def test_a_refused_move_with_the_pause_on_leaves_auto_roll_on() -> None:
    g = before_an_invasion()
    b = g.widget()
    b.pause_battles = True
    before = g.to_json()
    send(b, {"type": "intent", "action": "build Stargate", "version": b.version})
    assert "illegal action" in b.error and b.held == {}
    assert g.auto_roll and g.to_json() == before
