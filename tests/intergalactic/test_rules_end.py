"""Intergalactic rule tests: elimination, the end of the game and Victory Points
(rules/intergalactic.txt "At the end of turn 2X ..." to the end of the prose, and "The
player with the most Victory Points at the end of the game wins."; RULINGS.md
Intergalactic 8 and 9)."""

from __future__ import annotations

import re

import pytest
from intergalactic.support import (
    RULE_TEXT,
    Intergalactic,
    Rules,
    acts,
    battle,
    chance,
    force,
    play,
    rec,
    scenario,
    settle,
)

from boardgames.intergalactic import data

FLEETS = ["Core Fleet", "Fast Fleet"]


def conflict(*records: dict, **kw: object) -> Intergalactic:
    kw.setdefault("stage", "conflict")
    return scenario(list(records), **kw)


def quiet_turn(g: Intergalactic) -> Intergalactic:
    """One conflict turn without a battle: income 1, attack, Diplomacy, prevent."""
    p = g.state.chance[2]
    force(g, 1)
    play(g, sorted(acts(g))[0], by=p)
    force(g, 97)
    settle(g)
    play(g, "prevent battle", by=p)
    if g.phase == "again":
        play(g, "end turn")
    return g


def test_ruling_8_at_the_end_of_turn_2x_and_every_turn_after_roll_1d10() -> None:
    """"At the end of turn 2X (X = Number of players) of the Conflict Stage and every turn
    after that roll 1D10."
    "On a roll of 5 or less the game ends."

    Ruling 8: "After the conflict stage's player-turn number 2X (X = players at the start
    of the stage), and after every later one, roll 1D10: 5 or less ends the game."
    Three players: no roll after turns 1-5, a roll after turn 6 (6 goes on), after
    turn 7 (5 ends)."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS), rec("Humans", entries=FLEETS))
    for _ in range(5):
        quiet_turn(g)
        assert g.state.chance[0] == "income"
    quiet_turn(g)
    assert g.phase == "end_roll" and chance(g).keys() == set(range(1, 11))
    force(g, 6)
    assert g.state.chance[0] == "income" and g.state.turn == 7
    quiet_turn(g)
    assert g.phase == "end_roll"
    force(g, 5)
    assert g.is_over and g.log[-2:] == ("End-of-game roll: 5",
                                        "Game over: the end-of-game roll was 5 or less")


def test_ruling_8_x_is_the_players_at_the_start_of_the_stage() -> None:
    """Ruling 8: "After the conflict stage's player-turn number 2X (X = players at the
    start of the stage), and after every later one, roll 1D10: 5 or less ends the game."
    Four players, one eliminated before the stage: X = 3, the first roll after turn 6;
    a player eliminated during the stage does not change X."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS), rec("Humans", alive=False),
                 rec("Karnor", entries=FLEETS))
    assert g.state.x == 3
    for _ in range(5):
        quiet_turn(g)
        assert g.phase != "end_roll"
    quiet_turn(g)
    assert g.phase == "end_roll"


def test_if_you_lose_your_last_fleet_you_are_eliminated() -> None:
    """"If you lose your last Fleet, you automatically lose and are eliminated from the
    game."

    Ruling 8: "A player who loses their last fleet (any held entry that gives Fleet) is
    eliminated." P1 discards its only fleet: eliminated, never attacked or to move
    again, and cannot win."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=["Core Fleet", "Ice World"]),
                 rec("Humans", entries=FLEETS))
    battle(g, 1, (30, 30), (100, 1))
    assert g.state.alive == (True, False, True)
    assert "P1 is eliminated (lost the last fleet)" in g.log
    force(g, 1)  # next turn: P2 (P1 skipped)
    assert acts(g) == {"attack 0"}
    assert not g.view()["records"][1]["alive"]


def test_note_a_fleet_is_any_entry_that_gives_a_fleet_bonus() -> None:
    """"Note that a Fleet is considered to be any buildup that gives a Fleet bonus."

    Ruling 8: "A player who loses their last fleet (any held entry that gives Fleet) is
    eliminated." A technology (Survey Ships), a world (Derelict Ships) or a development
    (Prototypes) with a Fleet bonus is a fleet: P1 keeps playing after losing Core
    Fleet while holding Survey Ships."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=["Core Fleet", "Survey Ships"]))
    assert g.fleets(1) == ("Core Fleet", "Survey Ships")
    assert g.view()["records"][1]["fleets"] == 2
    battle(g, 1, (30, 30), (100, 1))
    play(g, "discard Core Fleet", by=1)
    assert g.state.alive == (True, True)


@pytest.mark.parametrize(("held", "spoil"), [
    (["Derelict Ships"], "take Derelict Ships"),
    (["Prototypes"], "remove Prototypes"),
])
def test_ruling_8_losing_a_world_or_development_that_gives_fleet_can_eliminate(
        held: list[str], spoil: str) -> None:
    """Ruling 8: "A player who loses their last fleet (any held entry that gives Fleet) is
    eliminated." The loser discards Core Fleet; its last fleet is then a world the winner
    takes (Derelict Ships) or a development the winner removes (Prototypes): eliminated
    as well."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=["Core Fleet", "Ice World",
                                                           "Space Lanes", *held]),
                 rec("Humans", entries=FLEETS))
    battle(g, 1, (30, 30), (100, 1))
    play(g, "discard Core Fleet", by=1)
    assert g.state.alive[1]
    play(g, spoil, by=0)
    assert g.fleets(1) == () and g.state.alive == (True, False, True)
    assert "P1 is eliminated (lost the last fleet)" in g.log


def test_ruling_8_what_counts_as_a_fleet_derelict_ships_and_military_buildup() -> None:
    """Ruling 8: "A player who loses their last fleet (any held entry that gives Fleet) is
    eliminated." What is a fleet for elimination, discards, VP and the Advanced bonus
    (docs/rules/intergalactic.md, its table of fleets): Derelict Ships (a world,
    Fleet +1) and Military Buildup (a development, Fleet +2, Req Manufacturing 1+) are
    fleets: the loser may discard either, and losing the last one eliminates. Each
    scores 1 VP (one world, one development, never 2). The Advanced bonus counts
    requirement-bearing technologies and Buildup entries only: Military Buildup, an
    Advanced development, is not counted; Space Armada is."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=["Derelict Ships", "Ice World",
                                                           "Military Buildup"]))
    assert g.fleets(1) == ("Derelict Ships", "Military Buildup")
    assert g.vp(1) == 1 + 3 and g.advanced(1) == 0
    assert conflict(rec(entries=["Space Armada"]), rec("Yiff")).advanced(0) == 1
    battle(g, 1, (30, 30), (100, 1))
    assert acts(g) == {"discard Derelict Ships", "discard Military Buildup"}
    play(g, "discard Military Buildup", by=1)
    assert g.state.alive == (True, True)
    assert acts(g) == {"take Derelict Ships", "take Ice World"}
    play(g, "take Derelict Ships", by=0)
    assert g.state.alive == (True, False) and g.is_over
    assert "P1 is eliminated (lost the last fleet)" in g.log


def test_ruling_8_the_game_also_ends_when_one_player_is_left() -> None:
    """Ruling 8: "The game also ends when one player is left." Two players: the loser's
    last fleet goes, the game is over, the survivor wins."""
    g = conflict(rec(entries=["Core Fleet"]), rec("Yiff", entries=["Core Fleet"]))
    battle(g, 1, (30, 30), (100, 1))
    assert g.is_over and g.winner == 0 and g.current_player is None
    assert "Game over: one player left" in g.log


def test_ruling_8_a_tie_that_eliminates_both_leaves_no_winner() -> None:
    """Ruling 7: "Battle: each rolls 1D100 + BAT; the higher wins; a tie costs each one
    fleet of their choice and ends the battle." and ruling 8 "A player who loses their
    last fleet (any held entry that gives Fleet) is eliminated.": both lose their only
    fleet, both are eliminated, nobody wins."""
    g = conflict(rec(entries=["Core Fleet"]), rec("Yiff", entries=["Core Fleet"]))
    battle(g, 1, (30, 30), ())
    settle(g)
    bat = g.view()["battle"]["bat"]
    force(g, 50, 50 + bat["0"] - bat["1"])
    assert g.state.alive == (False, False) and g.is_over and g.winner is None


def test_option_no_fleet_elimination_false_a_player_without_fleets_plays_on() -> None:
    """Ruling 8: "A player who loses their last fleet (any held entry that gives Fleet) is
    eliminated." Only losing one eliminates: a player who reaches the Conflict stage
    without any fleet plays on (the default); losing a battle costs no fleet then."""
    assert Rules().no_fleet_elimination is False
    g = scenario([rec(entries=FLEETS), rec("Yiff")], stage="buildup", turn=20, current_player=1)
    force(g, 1, 1)
    settle(g)
    assert g.state.stage == "conflict" and g.state.alive == (True, True)
    battle(g, 0, (30, 30), (1, 100))  # P1 attacks and loses
    assert any("P0 wins the battle" in x for x in g.log)
    assert g.state.alive == (True, True) and g.state.chance[:3] == ("income", "d6", 0)


def test_option_no_fleet_elimination_true_no_fleet_at_the_conflict_stage_eliminates() -> None:
    """Ruling 8: "A player who loses their last fleet (any held entry that gives Fleet) is
    eliminated." With ``Rules(no_fleet_elimination=True)`` a player without any fleet
    when the Conflict stage starts is eliminated at once (here: the game ends)."""
    rules = Rules(no_fleet_elimination=True)
    g = scenario([rec(entries=FLEETS), rec("Yiff")], stage="buildup", turn=20, current_player=1,
                 rules=rules)
    force(g, 1, 1)
    settle(g)
    assert g.state.alive == (True, False) and g.is_over and g.winner == 0
    assert "P1 is eliminated (no fleet at the Conflict stage)" in g.log
    three = scenario([rec(entries=FLEETS), rec("Yiff"), rec("Humans", entries=FLEETS)],
                     stage="buildup", turn=30, current_player=2, rules=rules)
    force(three, 1, 1)
    settle(three)
    assert three.state.stage == "conflict" and three.state.alive == (True, False, True)
    assert three.state.x == 2


def test_ruling_9_gain_1_vp_for_every_technology_world_development_and_fleet() -> None:
    """"Use paper & pencil to tally Victory Points (VP)"
    "Gain 1 VP for every Technology you have in play."
    "(Some Technologies are worth extra)"
    "Gain 1 VP for every World you have in play." "(Some Worlds are worth extra)"
    "Gain 1 VP for every Development you have in play."
    "(Some Developments are worth extra)"
    "Gain 1 VP for every Fleet you have in play."

    Ruling 9: "VP. 1 per technology, world (homeworld included) and development held,
    1 per fleet, plus every "VP +N" on held entries." Each held entry counts once (a
    world giving Fleet is one world)."""
    g = scenario([rec(entries=["Utopian Society", "Holy Worlds", "Cosmic Consulates",
                               "Core Fleet", "Ion Drives", "Derelict Ships"]), rec("Yiff")])
    assert g.vp(0) == 6 + 1 + 3 + 6 + 7
    assert g.vp(1) == 1  # the Homeworld
    assert g.scores == (23, 1) and g.view()["records"][0]["vp"] == 23


def _buildup_rows() -> list[tuple[str, str]]:
    """(name, notes) of every row of the text's Buildup list but its "101+" row."""
    block = RULE_TEXT.split("DC-Name")[4].split("\n\n")[0].splitlines()[1:]
    rows = [re.match(r"(\d\d)-([^\t]+)\t+(.*)", line) for line in block]
    return [(" ".join(m.group(2).split()), m.group(3).strip()) for m in rows if m]


def test_ruling_9_a_buildup_entry_with_no_fleet_bonus_scores_no_vp() -> None:
    """Ruling 9: "A Buildup entry that gives no Fleet bonus (Planetary Defenses, Orbital
    Minefields, ...) is neither a fleet nor a technology, world or development: it scores
    no VP of its own ("a Fleet is considered to be any buildup that gives a Fleet
    bonus")."

    Every row of the text's Buildup list, held alone: one with "Fleet +" in its notes
    scores 1 (plus the Homeworld's 1), a one-shot ("Get +N to next Roll") is never held,
    the others score nothing: the text has 38, 1 and 5 of them."""
    rows = _buildup_rows()
    fleets = [n for n, notes in rows if "Fleet +" in notes]
    one_shots = [n for n, notes in rows if "next Roll" in notes]
    others = [n for n, notes in rows if n not in fleets and n not in one_shots]
    assert (len(fleets), len(one_shots), len(others)) == (38, 1, 5)
    assert others == ["Planetary Defenses", "Orbital Minefields", "Stockpiles",
                      "Command Center", "Early Warning Network"]
    for name in fleets + others:
        g = scenario([rec(entries=[name]), rec("Yiff")])
        assert g.vp(0) == 1 + (name in fleets), name
        assert g.view()["records"][0]["vp"] == g.vp(0)
    assert not data.by_name(one_shots[0]).kept
    g = scenario([rec(entries=[*others, "Core Fleet", "Ice World"]), rec("Yiff")])
    assert g.scores == (3, 1) and g.fleets(0) == ("Core Fleet",)


def test_the_player_with_the_most_victory_points_at_the_end_of_the_game_wins() -> None:
    """"The player with the most Victory Points at the end of the game wins."

    Among the living players (an eliminated one cannot win, whatever its VP); equal
    VP: no winner."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=[*FLEETS, "Utopian Society"]),
                 turn=4)
    quiet_turn(g)
    force(g, 1)
    assert g.is_over and g.scores == (3, 7) and g.winner == 1
    tie = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS), turn=4)
    quiet_turn(tie)
    force(tie, 2)
    assert tie.is_over and tie.scores == (3, 3) and tie.winner is None
    dead = conflict(rec(entries=[*FLEETS, "Ice World"]),
                    rec("Yiff", entries=["Holy Worlds"], alive=False),
                    rec("Humans", entries=FLEETS), turn=4)
    quiet_turn(dead)
    force(dead, 3)
    assert dead.is_over and dead.scores == (4, 8, 3) and dead.winner == 0
