"""A click on something that cannot be played now says why (issue 17, "Everything explains
itself"): the browser sends ``{"type": "why", "action", "version"}``, the board answers in
its ``why`` trait with the engine's own refusal (``IllegalActionError``'s rule and reason,
or whose turn it is) and a link to the rule's section of ``docs/rules/<game>.md``; the
game, the board's view and its version are unchanged."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg
from boardgames.agents import GreedyAgent
from boardgames.core.errors import IllegalActionError
from boardgames.ui.board import Board
from boardgames.ui.explain import DOCS_URL, RULE_SECTIONS, anchor, rule_link

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def send(board: Board, msg: Any) -> None:
    board._on_msg(board, msg, [])


def ask(board: Board, action: str) -> dict[str, Any]:
    """Click something that carries no legal action; the game must be unchanged."""
    g = board.game
    before, history, version, view = g.to_json(), g.history, board.version, board.view
    reply = board.reply
    send(board, {"type": "why", "action": action, "version": board.version})
    assert board.error == ""
    assert g.to_json() == before and g.history == history
    assert board.version == version and board.view == view
    assert board.reply == reply + 1
    assert board.why["version"] == board.version and board.why["action"] == action
    return board.why


def refusal(game: bg.Game, action: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        game.fork().apply(action)
    return info.value


def spacehole_build() -> bg.Spacehole:
    return bg.Spacehole.scenario(structures=["Solar Array", "Force Dome", "Laser Turret"],
                                 defenders=["Space Navy", "Battle Station"], hand=["Mine"],
                                 phase="build", seed=3)


def test_a_card_not_in_hand_says_the_engines_reason_and_rule() -> None:
    g = spacehole_build()
    b = g.widget()
    why = ask(b, "build Space Navy")
    e = refusal(g, "build Space Navy")
    assert (why["reason"], why["rule"]) == (e.reason, e.rule)
    assert why["reason"] == "there is no Space Navy in hand"
    assert why["link"] == rule_link("spacehole", e.rule)
    assert why["link"].startswith(f"{DOCS_URL}/spacehole.md#")


def test_another_phases_action_names_what_the_game_waits_for() -> None:
    g = spacehole_build()
    why = ask(g.widget(), "end turn")
    e = refusal(g, "end turn")
    assert why["reason"] == e.reason and "pass" in why["reason"]


def test_a_legal_action_is_not_played_by_a_why() -> None:
    g = spacehole_build()
    why = ask(g.widget(), "build Mine")
    assert why["reason"] == "it can be played now" and why["rule"] == ""
    assert len(g.history) == 0


def test_a_malformed_notation_is_answered_not_applied() -> None:
    why = ask(spacehole_build().widget(), "fly to the moon")
    assert why["rule"] == "notation" and "unknown verb" in why["reason"]


def test_a_stale_why_is_refused_and_changes_nothing() -> None:
    g = spacehole_build()
    b = g.widget()
    before = g.to_json()
    send(b, {"type": "why", "action": "build Space Navy", "version": b.version - 1})
    assert "stale" in b.error and b.why == {} and g.to_json() == before


def test_the_next_change_leaves_the_answer_behind() -> None:
    """The answer is for the version it was asked on: the browser shows it while the
    board is at that version, so the next move puts it away."""
    g = spacehole_build()
    b = g.widget()
    asked = ask(b, "build Space Navy")["version"]
    send(b, {"type": "intent", "action": "pass", "version": b.version})
    assert b.error == "" and b.version > asked


def test_blast_on_the_computers_turn_names_the_side_to_move() -> None:
    g = bg.Blast.scenario(phase="move", dice=[3, 4], seed=5)
    b = g.widget(player=0, opponents={1: GreedyAgent(seed=1)})
    b.agents_running = False
    why = ask(b, "move 1:5 by 3")
    assert why["rule"] == "turns"
    assert why["reason"] == "it is not your turn: the Empire (player 1), the computer, is to move"


HAND = ["Ion Thrusters", "Warp Overdrive", "Maximum Burn", "Hyper Jump", "Hold Position",
        "Battle Computers", "Ion Thrusters", "Warp Overdrive"]


def test_blast_a_card_without_target_says_what_the_game_waits_for() -> None:
    """A card that needs a target is clicked as 'play <card>' (no target): the answer is
    the decision pending, not a notation error."""
    g = bg.Blast.scenario(phase="move", dice=[3, 4], seed=5,
                          hands={"empire": ["Space Combat Tactics", "Plasma Generator"],
                                 "terran": []})
    b = g.widget(player=1)
    why = ask(b, "play Plasma Generator")
    e = refusal(g, "play Plasma Generator")
    assert (why["reason"], why["rule"]) == (e.reason, e.rule)
    why = ask(b, "play Hyper Jump")
    assert "Empire holds no Hyper Jump" in why["reason"]
    g2 = bg.Blast.scenario(phase="draw", seed=5, hands={"empire": HAND, "terran": []})
    b2 = g2.widget(player=1)
    while g2.current_player == -1:
        g2.roll()
    why = ask(b2, "play Ion Thrusters")
    assert why["rule"] == "Draw Phase: hand limit (ruling 3)"
    assert why["reason"].startswith("Ion Thrusters has no target it can be played on now:")
    assert why["link"].endswith("blast.md#the-rulings")


def test_a_spectator_and_a_finished_game_are_answered_too() -> None:
    g = spacehole_build()
    assert ask(g.widget(player=None), "pass")["reason"].startswith("this board only watches")
    over = bg.Blast(seed=2)
    while not over.is_over:
        over.apply(GreedyAgent(seed=3).choose(over)) if over.current_player != -1 else over.roll()
    assert ask(over.widget(player=1), "done")["reason"] == "the game is over"


@pytest.mark.parametrize("game", sorted(RULE_SECTIONS))
def test_every_rule_link_points_at_a_heading_of_the_games_docs(game: str) -> None:
    text = (DOCS / f"{game}.md").read_text(encoding="utf-8")
    headings = {anchor(m) for m in re.findall(r"^## (.+)$", text, flags=re.M)}
    for rule in ("Build Phase", "Fight Phase (ruling 8)"):
        link = rule_link(game, rule)
        assert link.startswith(f"{DOCS_URL}/{game}.md#")
        assert link.split("#", 1)[1] in headings, link
    assert rule_link(game, "") == "" and rule_link("chess", "x") == ""
