"""Spacehole's board explains what happened (issue 17): the dice say who rolled them,
and a finished game is summed up (turns survived, score, what ended it)."""

from __future__ import annotations

import boardgames as bg
from boardgames.agents import GreedyAgent
from boardgames.core.game import CHANCE
from boardgames.spacehole import Rules
from boardgames.ui.spacehole import game_summary


def played(seed: int) -> bg.Spacehole:
    g = bg.Spacehole(seed=seed)
    agent = GreedyAgent(seed=1)
    while not g.is_over:
        g.apply(agent.choose(g))
    return g


def test_battle_dice_in_the_history_say_who_rolled_them() -> None:
    g = played(11)
    b = g.widget()
    rolled = [text for _, p, text in b.history if p == CHANCE and "hit" in text]
    assert rolled
    for i, p, text in b.history:
        step = g.history[i]
        if p != CHANCE or not isinstance(step.value, int):
            continue
        kind = g.state_before(i).chance[0]
        if kind == "def_dice":
            assert text == f"Defenders rolled {step.text}"
        elif kind == "inv_dice":
            assert text == f"{g.state_before(i).current} rolled {step.text}"
    assert g.history[-1].text in b.history[-1][2]  # the game's own history is unchanged
    assert all("rolled" not in s.text for s in g.history if isinstance(s.value, int))


def test_a_lost_game_says_how_long_it_lasted_and_what_destroyed_the_base() -> None:
    g = played(11)
    assert g.state.lost and g.turn == 7
    s = game_summary(g)
    odds = s.pop("loss_odds")
    assert s == {"lost": True, "turns_survived": 6, "score": 0,
                 "ended": "the Base was destroyed by Dalek Exterminators in turn 7"}
    assert "Invasion: Dalek Exterminators" in " ".join(g.log[-60:])
    assert g.widget().extra["summary"] == {**s, "loss_odds": odds}
    # the odds as the battle began: the game taken back to before its first roll
    h = g.fork()
    h.auto_roll = False
    while len(h.history) > odds["at_step"]:
        h.undo()
    assert h.state.chance[0] == "inv_dice" and "Invasion" in h.log[-1]
    assert odds["p"] == str(h.battle_odds()["loss"]) and 0 < odds["prob"] < 1


def test_a_game_lost_before_any_decision_says_what_happened_with_its_odds() -> None:
    """Issue 17: 'an invader at turn 1 against the bare Base' (seed 3)."""
    g = bg.Spacehole(seed=3)
    assert g.is_over and not any(s.player == 0 for s in g.history)
    s = g.widget().extra["summary"]
    assert s["turns_survived"] == 0 and s["score"] == 0
    assert s["ended"] == "the Base was destroyed by Alien Predators in turn 1"
    assert round(s["loss_odds"]["prob"], 4) == 0.1703


def test_a_finished_game_says_its_score_and_that_the_deck_ran_out() -> None:
    g = played(7)
    assert not g.state.lost
    s = g.widget().extra["summary"]
    assert s == {"lost": False, "turns_survived": g.turn, "score": g.scores[0],
                 "ended": "the last card of the deck was drawn"}
    assert g.log[-1] == f"Game over: the last card has been drawn. Score {g.scores[0]}"


def test_no_summary_while_the_game_goes_on() -> None:
    g = bg.Spacehole.scenario(hand=["Mine"], phase="build", seed=3)
    assert not g.is_over and "summary" not in g.widget().extra


def test_a_game_lost_before_any_decision_names_the_house_rule_grace_turns() -> None:
    """Seed 3 is lost in turn 1 before the player chose anything: the summary says so and
    names the house rule (off by default) that avoids it; with the rule on, the board
    says it is in force, and New game keeps it."""
    lost = bg.Spacehole(seed=3)
    summary = lost.widget().extra["summary"]
    assert summary["lost"] and "grace_turns" in summary["house_rule"]
    assert lost.widget().extra["house_rules"] == []
    played_game = played(11)  # lost in turn 7, after decisions: no house-rule advice
    assert played_game.state.lost and "house_rule" not in game_summary(played_game)
    spared = bg.Spacehole(seed=3, rules=Rules(grace_turns=3))
    board = spared.widget()
    assert not spared.is_over
    assert board.extra["house_rules"] == [
        "no invasion before turn 4: an Invader drawn earlier passes without a battle "
        "(grace_turns=3)"]
    board._on_msg(board, {"type": "new", "seed": 3}, [])  # what the browser sends
    assert board.game.rules.grace_turns == 3 and not board.game.is_over


def test_new_house_starts_a_new_game_with_the_house_rule_grace_turns() -> None:
    """The board's house-rule control (message new_house): a new game with grace_turns
    set, the other options kept; seed 3 then survives turn 1. An unknown rule, a bad
    value, a rule a board does not offer are refused and change nothing."""
    g = bg.Spacehole(seed=5, rules=Rules(base_hits=7))
    board = g.widget()
    board._on_msg(board, {"type": "new_house", "seed": 3, "rule": "grace_turns",
                          "value": 2}, [])
    new = board.game
    assert new is not g and new.rules == Rules(base_hits=7, grace_turns=2)
    assert not new.is_over and "passes without a battle" in new.log[1]
    before = new.to_json()
    for rule, value, why in (("base_hits", 3, "unknown house rule"),
                             ("grace_turns", 1001, "grace_turns must be <= 1000")):
        board._on_msg(board, {"type": "new_house", "seed": 3, "rule": rule, "value": value}, [])
        assert why in board.error and board.game is new and new.to_json() == before
    blast = bg.Blast(seed=1).widget()
    blast._on_msg(blast, {"type": "new_house", "seed": 1, "rule": "grace_turns",
                          "value": 1}, [])
    assert "offers: none" in blast.error
