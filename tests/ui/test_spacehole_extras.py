"""The Spacehole board's own data: the battle round by round, its exact odds updated
live, why a card cannot be built, manual power tokens, the Babylon 5 theme."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import boardgames as bg
from boardgames.spacehole import Rules
from boardgames.ui.board import dist_rows
from boardgames.ui.spacehole import SpaceholeBoard, battle_rounds, shown_battle


def intent(board: SpaceholeBoard, action: str) -> None:
    board._on_msg(board, {"type": "intent", "action": action, "version": board.version}, [])
    assert board.error == "", board.error


def battle_game(**kw: Any) -> bg.Spacehole:
    # Alien Predators (Force 3) attack a Base (1 die) defended by Space Marines (Force 3).
    return bg.Spacehole.scenario(defenders=["Space Marines"], phase="event",
                                 event="Alien Predators", auto_roll=False, seed=1, **kw)


def test_the_battle_is_shown_round_by_round_as_the_dice_fall() -> None:
    g = battle_game()
    b = g.widget()
    assert b.extra["battle"] == {"invader": "Alien Predators", "rounds": [],
                                 "result": "fighting", "events": [], "turn": g.turn}
    # Round 1: the invader rolls 3 dice (1 hit), the defenders 3 + 1 (Base) dice (2 hits).
    intent(b, "1 hit")
    assert b.extra["battle"]["rounds"] == [{"round": 1, "invader": {"dice": 3, "hits": 1}}]
    intent(b, "2 hits")
    # Round 2: the invader has Force 1 left; the hit Marines roll 2 dice, the Base 1.
    intent(b, "0 hits")
    intent(b, "1 hit")
    battle = b.extra["battle"]
    assert battle["rounds"] == [
        {"round": 1, "invader": {"dice": 3, "hits": 1}, "defenders": {"dice": 4, "hits": 2}},
        {"round": 2, "invader": {"dice": 1, "hits": 0}, "defenders": {"dice": 3, "hits": 1}},
    ]
    assert battle["result"] == "destroyed" and battle["invader"] == "Alien Predators"
    assert any("destroyed" in e for e in battle["events"])


def test_battle_rounds_are_only_this_turns() -> None:
    log = ["Turn 3: drew invader Space Monster", "Invasion: Space Monster (Force 5) attacks",
           "Round 1: Space Monster roll 5 dice: 2 hits", "Round 1: Defenders roll 1 dice: 0 hits",
           "Turn 4: drew Mine into hand"]
    assert battle_rounds(log, None) is None
    assert battle_rounds(log[:4], "Space Monster")["rounds"] == [
        {"round": 1, "invader": {"dice": 5, "hits": 2}, "defenders": {"dice": 1, "hits": 0}}]
    assert battle_rounds([], None) is None


def test_the_exact_odds_of_the_battle_are_updated_live() -> None:
    g = battle_game()
    b = g.widget()
    first = b.extra["odds"]
    assert first == dist_rows(g.battle_odds())
    assert sum(Fraction(r["p"]) for r in first) == 1
    assert {r["outcome"] for r in first} == {"win", "loss"}
    intent(b, "0 hits")   # the invader misses: the odds of winning go up
    intent(b, "3 hits")   # and the defenders hit three times: the invader is destroyed
    assert b.extra["odds"] is None or b.extra["odds"] == dist_rows(g.battle_odds())
    win = {r["outcome"]: Fraction(r["p"]) for r in first}["win"]
    assert 0 < win < 1
    g2 = battle_game()
    b2 = g2.widget()
    intent(b2, "0 hits")
    assert {r["outcome"]: Fraction(r["p"]) for r in b2.extra["odds"]}["win"] > win


def test_without_the_odds_solver_the_board_shows_no_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    g = battle_game()

    def missing() -> None:
        raise NotImplementedError

    monkeypatch.setattr(g, "battle_odds", missing)
    b = g.widget()
    assert b.extra["odds"] is None and "not available" in b.extra["odds_error"]


def test_hand_cards_that_cannot_be_built_say_why() -> None:
    g = bg.Spacehole.scenario(structures=["Mine"] * 5, hand=["Starport", "Space Marines"],
                              phase="build", seed=1)
    b = g.widget()
    assert "build Space Marines" in b.legal and "build Starport" not in b.legal
    assert set(b.extra["hints"]) == {"build Starport"}
    assert "power" in b.extra["hints"]["build Starport"]
    assert g.widget(player=None).extra["hints"] == {}  # a spectator has no hand


def test_manual_power_tokens_and_the_optimal_default() -> None:
    g = bg.Spacehole.scenario(structures=["Mine", "Mine", "Refinery", "Agrodome"],
                              phase="power", seed=1, rules=Rules(power_choice="manual"))
    b = g.widget()
    assert {"power Mine", "power optimal", "power done"} <= set(b.legal)
    assert b.extra["optimal_power"] == g.optimal_power() != {}
    intent(b, "power Mine")
    assert sum(s["powered"] for s in b.view["structures"]) == 1
    assert [s["name"] for s in b.view["structures"] if s["powered"]] == ["Mine"]
    intent(b, "power optimal")
    assert b.view["phase"] != "power" and b.extra["optimal_power"] is None


def test_babylon5_names_and_theme() -> None:
    b = bg.Spacehole(seed=7, variant="babylon5").widget()
    assert b.extra["theme"] == "babylon5" and b.view["base"]["name"] == "Hull"
    assert bg.Spacehole(seed=7).widget().extra["theme"] == "classic"


@pytest.mark.parametrize(("line", "spectator"), [
    ("Turn 4: drew Space Marines into hand", "Turn 4: drew a card into hand"),
    ("Seen in the deck: Colony (position 2)", "Seen in the deck: a card (position 2)"),
    ("Turn 4: drew invader World Eater", "Turn 4: drew invader World Eater"),
    ("Took Mine from the discard pile into hand", "Took Mine from the discard pile into hand"),
])
def test_the_spectator_log_hides_cards_drawn_or_seen(line: str, spectator: str) -> None:
    g = bg.Spacehole(seed=3)
    assert g.widget(None)._public_log_line(line) == spectator
    assert g.widget(0)._public_log_line(line) == line


def test_the_last_battle_stays_after_the_turn_ends_until_the_next_decision() -> None:
    """Issue 17: 'Results stay on screen until the player moves on ... the last
    Spacehole battle'. The Vampiric Space Beavers attack at the start of turn 12 and are
    destroyed in round 4; ending turn 12 no longer puts the battle away: in turn 13 the
    board still shows it (its invader, its four rounds of dice, who rolled them, its
    outcome and its turn) until the player's first decision of turn 13."""
    g = bg.Spacehole.scenario(structures=["Solar Array", "Laser Turret"],
                              defenders=["Space Navy"], hand=["Mine"], phase="build", seed=4)
    b = g.widget()
    intent(b, "pass")
    while "end turn" not in b.legal:
        intent(b, b.legal[0])
    intent(b, "end turn")  # turn 12 draws the invader; its battle is rolled at once
    fought = battle_result(b)
    assert g.turn == 12 and fought["invader"] == "Vampiric Space Beavers"
    assert fought["result"] == "destroyed" and fought["turn"] == 12
    assert len(fought["rounds"]) == 4
    assert fought["rounds"][3] == {"round": 4, "invader": {"dice": 1, "hits": 0},
                                   "defenders": {"dice": 6, "hits": 2}}
    intent(b, "pass")
    assert battle_result(b) == fought
    intent(b, "end turn")  # turn 12 ends, turn 13 begins (no invader)
    assert g.turn == 13 and any(line.startswith("Turn 13: ") for line in g.log[-3:])
    assert battle_result(b) == fought  # the same battle, dice and outcome, turn 12
    intent(b, "pass")  # the player's first decision of turn 13: it has been seen
    assert b.extra["battle"] is None


def battle_result(b: SpaceholeBoard) -> dict[str, Any]:
    """The board's battle, but its log lines after the battle (``events``)."""
    return {k: v for k, v in b.extra["battle"].items() if k != "events"}


def test_shown_battle_reads_the_log() -> None:
    log = ["Turn 3: drew invader Space Monster", "Invasion: Space Monster (Force 5) attacks",
           "Round 1: Space Monster roll 5 dice: 2 hits", "Round 1: Defenders roll 1 dice: 3 hits",
           "Space Monster takes 3 hits: destroyed", "Income: 2 Megacredits (total 9)",
           "Turn 4: drew Mine into hand", "Built Mine"]
    fought = {"invader": "Space Monster", "result": "destroyed", "turn": 3,
              "rounds": [{"round": 1, "invader": {"dice": 5, "hits": 2},
                          "defenders": {"dice": 1, "hits": 3}}],
              "events": ["Space Monster takes 3 hits: destroyed",
                         "Income: 2 Megacredits (total 9)"]}
    # the player last acted in turn 3 (at log line 5): the battle of turn 3 is shown
    assert shown_battle(log, None, 5, 4) == fought
    assert shown_battle(log, None, 6, 4) == fought
    # they have acted in turn 4 (its "Turn 4" line is before their last action): not
    assert shown_battle(log, None, 7, 4) is None
    # this turn's battle: as battle_rounds has it, with the current turn
    assert shown_battle(log[:4], "Space Monster", 4, 3) == {
        **battle_rounds(log[:4], "Space Monster"), "turn": 3}
    assert shown_battle([], None, 0, 1) is None
