"""Intergalactic rule tests: the Conflict stage, its seven phases and the stratagems
(rules/intergalactic.txt from "Each turn has 7 Phases:" to "Discard excess cards.";
RULINGS.md Intergalactic 7)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from intergalactic.support import (
    CHANCE,
    Intergalactic,
    acts,
    battle,
    chance,
    force,
    play,
    rec,
    refused,
    scenario,
    settle,
    two,
)

from boardgames.intergalactic import battle_odds, data, stage_modifier

FLEETS = ["Core Fleet", "Fast Fleet"]


def conflict(*records: dict, **kw: object) -> Intergalactic:
    """A Conflict-stage scenario, P0 to move at turn 1 (``kw`` as for ``scenario``)."""
    kw.setdefault("stage", "conflict")
    return scenario(list(records), **kw)


def test_players_take_turns_in_the_conflict_stage() -> None:
    """"Players take turns."

    Conflict turns rotate among the living players in turn order, each starting with
    Logistics; an eliminated player's turn is skipped."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS), rec("Humans", entries=FLEETS,
                                                                       alive=False),
                 rec("Karnor", entries=FLEETS), current_player=1)
    whos = []
    for _ in range(5):
        assert g.state.chance[:2] == ("income", "d6")
        whos.append(g.state.chance[2])
        force(g, 1)
        play(g, f"attack {next(q for q in (0, 1, 3) if q != whos[-1])}")
        force(g, 97)  # Diplomacy
        settle(g)
        play(g, "prevent battle")
        if g.phase == "again":
            play(g, "end turn")
    assert whos == [1, 3, 0, 1, 3]


def test_each_conflict_turn_has_7_phases_in_order() -> None:
    """"Each turn has 7 Phases:" "1. Logistics Phase" "2. Challenge Phase"
    "3. Tactics Phase" "4. Advantage Phase" "5. Battle Phase" "6. Resolution Phase"
    "7. Galaxy Phase"

    The phases a turn passes, as ``g.phase`` names them: income (Logistics),
    challenge, tactics and spend (the stratagem rolls), bat (Advantage), battle,
    discard / spoils (Resolution), then again (Galaxy: attack again or end the turn)."""
    g = conflict(rec(entries=FLEETS, tokens=10), rec("Yiff", entries=[*FLEETS, "Ice World",
                                                                      "Rocky World"]))
    phases: list[str] = []

    def note() -> None:
        if not phases or phases[-1] != g.phase:
            phases.append(g.phase)

    note()
    force(g, 1)
    note()
    play(g, "attack 1")
    for die in (30, 30):
        note()
        force(g, die)
        note()
        settle(g) if g.phase == "spend" else None
    note()
    while g.phase == "bat":
        play(g, "add 0")
    note()
    force(g, 90)
    note()
    force(g, 10)
    note()
    play(g, "discard Fast Fleet")
    note()
    play(g, "take Ice World")
    note()
    named = [{"spend": "tactics"}.get(p, p) for p in phases]
    named = [p for i, p in enumerate(named) if i == 0 or named[i - 1] != p]
    assert named == ["income", "challenge", "tactics", "bat", "battle", "discard", "spoils",
                     "again"]
    play(g, "end turn")
    assert g.state.chance[:3] == ("income", "d6", 1)


@pytest.mark.parametrize(("extra", "strategy", "bonus"), [
    ([], 0, 0), (["Precog Computers"], 3, 1), (["Holography", "Cloaking Technology",
                                                "Precog Computers"], 5, 1),
    (["Precog Computers", "Telepathy"], 8, 2), (["Precog Computers", "Telepathy",
                                                 "Holography", "Cloaking Technology"], 10, 2),
    (["Precog Computers", "Telepathy", "Holography", "Cloaking Technology",
      "Long Range Probes"], 11, 3)])
def test_logistics_gain_1d6_tokens_plus_1_per_5_strategy_rounding_up(
        extra: list[str], strategy: int, bonus: int) -> None:
    """"Gain 1D6 Tokens."
    "Gain 1 extra Token per 5 Levels you have in Strategy (rounding up)."

    Ruling 7: "Logistics: 1D6 IT + ceil(Strategy / 5)." Strategy 3 and 5 give 1,
    8 and 10 give 2, 11 gives 3."""
    g = conflict(rec("Glish", "Green World", [*FLEETS, *extra]), rec("Yiff", entries=FLEETS))
    assert g.attributes(0)["Strategy"] == strategy
    assert chance(g) == {k: Fraction(1, 6) for k in range(1, 7)}
    force(g, 4)
    assert g.state.tokens[0] == 4 + bonus


def test_challenge_declare_which_opponent_you_are_attacking() -> None:
    """"Declare which opponent you are attacking." "You are the attacker."
    "He is the defender."

    Ruling 7: "Challenge: the attacker names a living opponent." Not oneself, not an
    eliminated player."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS), rec("Humans", alive=False),
                 rec("Karnor", entries=FLEETS))
    force(g, 1)
    assert acts(g) == {"attack 1", "attack 3"}
    refused(g, "attack 0", "'0' is not one of the choices now")
    refused(g, "attack 2", "not one of the choices")
    play(g, "attack 3")
    b = g.view()["battle"]
    assert (b["attacker"], b["defender"]) == (0, 3)
    assert "P0 attacks P3" in g.log


def test_tactics_attacker_then_defender_roll_once_on_the_stratagem_list() -> None:
    """"The Attacker rolls once on the Conflict Strategem List."
    "Next The Defender rolls once on the Conflict Stratagem List."
    "Players may spend 1 IT to increase or decrease their Conflict Roll by that amount."

    Ruling 7: "Tactics: attacker, then defender, roll on the Stratagem list (IT may
    shift it); a stratagem's bonuses last for this battle only." P1 shifts 72 down to
    70 (Asteroid Ambush) for 2 IT."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS, tokens=4))
    force(g, 1)
    play(g, "attack 1")
    assert g.state.chance[:4] == ("roll", "d100", 0, "stratagem")
    force(g, 30)
    settle(g)
    assert g.state.chance[:4] == ("roll", "d100", 1, "stratagem")
    force(g, 72)
    play(g, "land on 70 Asteroid Ambush (2 IT)", by=1)
    assert g.state.tokens[1] == 2
    assert g.view()["battle"]["bonus"]["1"] == {"Strategy": 10, "Intelligence": 5}
    assert "P1 lands on 70 after spending 2 IT: Asteroid Ambush" in g.log


def test_stratagem_bonuses_only_last_the_current_battle() -> None:
    """"Important note: The attribute bonuses provided by Strategems only last the current
    battle and are then lost."
    "The bonuses provided by Strategems are now lost."

    Ruling 7: "Stratagems act at once and for this battle only:" Suicide Mission
    (Strategy +5, Weapons +10) counts in the Advantage phase, is gone after the battle
    rolls (Resolution) and is not there in the next battle."""
    g = conflict(rec(entries=FLEETS, tokens=10), rec("Yiff", entries=[*FLEETS, "Ice World"]))
    force(g, 1)
    play(g, "attack 1")
    force(g, 73)
    settle(g)
    assert g.attributes(0, battle=True)["Weapons"] == g.attributes(0)["Weapons"] + 10
    force(g, 30)
    settle(g)
    # P0: Weapons and Strategy (the stratagem), Population, Terraforming; P1: Speed, Defense
    assert "BAT: P0 +20, P1 +10" in g.log
    force(g, 90, 10)
    assert g.view()["battle"]["bonus"] == {}
    assert g.attributes(0, battle=True) == g.attributes(0)
    play(g, "discard Fast Fleet", by=1)
    play(g, "attack again")
    play(g, "attack 1")
    force(g, 30)
    assert g.view()["battle"]["bonus"] == {}


def _example() -> Intergalactic:
    """The text's example: A (attacker) and B tied in Weaponry and Strategy (and Energy),
    A ahead in Population and Speed, B in Defense, Intelligence, Scan, Fleet and
    Terraforming."""
    a = rec("Karnor", "Grey World", ["Medical Immortality", "Ion Drives"])
    b = rec("Chaitians", "Black World", ["Nuclear Missiles", "Positronic Brains",
                                         "Survey Ships", "Atmospheric Converters"])
    return conflict(a, b)


def test_advantage_compare_the_ten_attributes_and_gain_5_per_advantage() -> None:
    """"Compare the Attacker & Defender's Levels in 10 Attributes:"
    "Weaponry, Defense, Fleet, Speed, Population, Energy, Intelligence, Scan, Strategy,
    and Terraforming"
    "If they have the same Level there is no Advantage."
    "The player with the higher Level has the Advantage in that Attribute."
    "Gain +5 to the upcoming Battle Roll for each Advantage you have."
    "This is the Battle Advantage Total (BAT)."

    Finance, Manufacturing and Metals are not compared: P0's large Manufacturing
    counts for nothing."""
    assert data.BATTLE_ATTRIBUTES == ("Weapons", "Defense", "Fleet", "Speed", "Population",
                                      "Energy", "Intelligence", "Scan", "Strategy",
                                      "Terraforming")
    g = _example()
    a, b = g.attributes(0), g.attributes(1)
    assert a["Manufacturing"] > b["Manufacturing"]
    force(g, 1)
    play(g, "attack 1")
    force(g, 30)
    settle(g)
    force(g, 30)
    settle(g)
    wins_a = sum(a[x] > b[x] for x in data.BATTLE_ATTRIBUTES)
    wins_b = sum(b[x] > a[x] for x in data.BATTLE_ATTRIBUTES)
    assert g.view()["battle"]["bat"] == {"0": 5 * wins_a, "1": 5 * wins_b}


def test_the_example_gives_bat_10_and_bat_25() -> None:
    """"For Example: You and I are tied in Weaponry and Strategy."
    "I have the advantage in Population & Speed so I have a BAT +10."
    "You have the advantage in Defense, Intelligence, Scan, Fleet Size, and Terraforming
    so you have a BAT +25." """
    g = _example()
    a, b = g.attributes(0), g.attributes(1)
    for x in ("Weapons", "Strategy", "Energy"):
        assert a[x] == b[x]
    for x in ("Population", "Speed"):
        assert a[x] > b[x]
    for x in ("Defense", "Intelligence", "Scan", "Fleet", "Terraforming"):
        assert b[x] > a[x]
    force(g, 1)
    play(g, "attack 1")
    force(g, 30)
    settle(g)
    force(g, 30)
    settle(g)
    assert "BAT: P0 +10, P1 +25" in g.log


def test_the_player_with_the_most_advanced_techs_and_fleets_gets_plus_5() -> None:
    """"The player with the most Advanced Techs and Fleets gets +5 to the BAT."

    Ruling 7: "Advantage: compare the ten named attributes, stratagem bonuses included;
    +5 per attribute won; +5 to the player holding more Advanced (requirement-bearing)
    technologies and fleets; then each may add IT 1:1, attacker first." An Advanced
    development does not count; equal counts give nobody the +5."""
    base = ["Core Fleet"]
    for a_extra, b_extra, bonus in [
        (["Comet Diverters"], [], (5, 0)),                       # an Advanced technology
        ([], ["Space Armada"], (0, 5)),                          # an Advanced fleet
        (["Fast Growing Colonies"], [], (0, 0)),                 # a development: no
        (["Comet Diverters"], ["Space Armada"], (0, 0)),         # equal counts
    ]:
        g = conflict(rec("Glish", "Green World", [*base, *a_extra]),
                     rec("Yiff", "Green World", [*base, *b_extra]))
        plain = conflict(rec("Glish", "Green World", [*base, *a_extra]),
                         rec("Yiff", "Green World", [*base, *b_extra]))
        a, b = plain.attributes(0), plain.attributes(1)
        wins = (sum(a[x] > b[x] for x in data.BATTLE_ATTRIBUTES),
                sum(b[x] > a[x] for x in data.BATTLE_ATTRIBUTES))
        force(g, 1)
        play(g, "attack 1")
        for die in (30, 30):
            force(g, die)
            settle(g)
        bat = g.view()["battle"]["bat"]
        assert (bat["0"], bat["1"]) == (5 * wins[0] + bonus[0], 5 * wins[1] + bonus[1])


def test_players_may_now_spend_it_to_increase_their_bat() -> None:
    """"Players may now spend IT to increase their BAT by the amount spent."

    Ruling 7: the Advantage phase ends "then each may add IT 1:1, attacker first." P0 adds
    3, P1 then adds 2 (seeing P0's choice): each one decision, ``add k`` for every k
    the player can pay (``add 0``: none)."""
    g = conflict(rec(entries=FLEETS, tokens=5), rec("Yiff", entries=FLEETS, tokens=4))
    battle(g, 1, (30, 30), ())
    assert g.phase == "bat" and g.current_player == 0
    before = dict(g.view()["battle"]["bat"])
    assert acts(g) == {f"add {k}" for k in range(6 + 1)}  # 5 IT and the income's 1
    play(g, "add 3", by=0)
    assert g.current_player == 1 and acts(g) == {f"add {k}" for k in range(4 + 1)}
    play(g, "add 2", by=1)
    bat = g.view()["battle"]["bat"]
    assert (bat["0"], bat["1"]) == (before["0"] + 3, before["1"] + 2)
    assert g.state.tokens == (6 - 3, 4 - 2)
    assert g.state.chance[:3] == ("battle", "d100", 0)
    refused(g, "add 1", "chance")


def test_battle_both_roll_1d100_and_add_their_bat_the_higher_crs_wins() -> None:
    """"Both Attacker & Defender roll 1D100 (The Battle Rolls) and add their BAT."
    "Each players total is called their Combat Roll Sum (CRS)."
    "The higher CRS is the Battle Winner." "The lower CRS is the Battle Loser."

    Ruling 7: "Battle: each rolls 1D100 + BAT; the higher wins; a tie costs each one
    fleet of their choice and ends the battle." BAT +10 / +5 (P1 Yiff: Speed): P1's 60
    beats P0's 45 + 10."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=[*FLEETS, "Ice World"]))
    battle(g, 1, (30, 30), (45, 60))
    bat = g.view()["battle"]["bat"]
    assert g.log[-3:] == (f"P0 battle roll 45 + BAT {bat['0']:+d} = {45 + bat['0']}",
                          f"P1 battle roll 60 + BAT {bat['1']:+d} = {60 + bat['1']}",
                          f"P1 wins the battle ({60 + bat['1']} to {45 + bat['0']})")
    assert g.view()["battle"]["loser"] == 0 and g.current_player == 0
    assert g.phase == "discard" and acts(g) == {"discard Core Fleet", "discard Fast Fleet"}
    d = battle_odds(bat["0"], bat["1"])
    assert sum(d.values()) == 1 and d["tie"] == Fraction(100 - abs(bat["0"] - bat["1"]), 10000)


def test_ties_are_possible_each_loses_a_fleet_and_that_is_all() -> None:
    """"Ties are possible."
    "If Battle Phase was a tie, Attacker & Defender both lose 1 Fleet (Each player
    chooses which of his Fleets is lost) and that is all."

    Attacker first, then defender, each choosing; no world or development changes
    hands."""
    h = conflict(rec(entries=FLEETS), rec("Yiff", entries=[*FLEETS, "Ice World"]))
    battle(h, 1, (30, 30), ())
    settle(h)
    bat = h.view()["battle"]["bat"]
    ra = 50
    rd = ra + bat["0"] - bat["1"]
    force(h, ra, rd)
    assert f"Battle tied at {ra + bat['0']}: each loses a fleet" in h.log
    assert h.current_player == 0 and acts(h) == {"discard Core Fleet", "discard Fast Fleet"}
    play(h, "discard Fast Fleet", by=0)
    play(h, "discard Core Fleet", by=1)
    assert h.state.entries == (("Core Fleet",), ("Fast Fleet", "Ice World"))
    assert h.phase != "spoils"


def test_resolution_the_loser_discards_a_fleet_of_his_choice() -> None:
    """"The Loser discards 1 of his own Fleets of his choice."

    Any held entry giving Fleet is a fleet (ruling 8): here Survey Ships (a technology)
    may be the one lost."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=["Core Fleet", "Survey Ships"]))
    battle(g, 1, (30, 30), (100, 1))
    assert g.current_player == 1 and acts(g) == {"discard Core Fleet", "discard Survey Ships"}
    play(g, "discard Survey Ships")
    assert g.state.entries[1] == ("Core Fleet",)


@pytest.mark.parametrize(("worlds", "devs", "choices"), [
    (["Ice World", "Rocky World"], ["Space Lanes"], {"take Ice World", "take Rocky World"}),
    (["Ice World"], ["Space Lanes", "Star Gates"], {"remove Space Lanes", "remove Star Gates"}),
    (["Ice World"], ["Space Lanes"], {"take Ice World", "remove Space Lanes"}),
])
def test_resolution_the_winner_takes_a_world_or_removes_a_development_whichever_more(
        worlds: list[str], devs: list[str], choices: set[str]) -> None:
    """"The winner takes control of 1 World (of his choice) of the loser OR causes 1
    Development (of his choice) of the loser to be eliminated, whichever he has more of
    (Example: If the loser has more Developments in play than Worlds, the winner must
    pick a Development to be lost)."

    Ruling 7: "Resolution: the loser discards one fleet of their choice; the winner takes
    one world of the loser or removes one development of the loser, whichever the loser
    has more of (winner's choice on equal counts). 5 IT: attack again from the Challenge
    phase." A world taken changes hands; a development removed is gone."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=[*FLEETS, *worlds, *devs]))
    battle(g, 1, (30, 30), (100, 1))
    play(g, "discard Fast Fleet", by=1)
    assert g.current_player == 0 and acts(g) == choices
    pick = sorted(choices)[-1]
    play(g, pick)
    verb, name = pick.split(" ", 1)
    assert name not in g.state.entries[1]
    assert (name in g.state.entries[0]) == (verb == "take")


def test_resolution_without_worlds_or_developments_the_winner_gets_nothing() -> None:
    """Ruling 7: "Resolution: the loser discards one fleet of their choice; the winner
    takes one world of the loser or removes one development of the loser, whichever the
    loser has more of (winner's choice on equal counts). 5 IT: attack again from the
    Challenge phase." The Homeworld is never taken: a loser without worlds or
    developments only loses the fleet."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS))
    battle(g, 1, (30, 30), (100, 1))
    play(g, "discard Fast Fleet", by=1)
    assert g.state.homeworlds[1] == "Blue World"
    assert g.state.chance[:3] == ("income", "d6", 1)


def test_you_may_play_5_it_to_attack_again_starting_at_challenge_phase() -> None:
    """"You may play 5 IT to attack again starting at Challenge Phase."

    After a battle a player with 5 IT may pay them and choose a defender again (the
    same or another); with fewer it is not offered."""
    g = conflict(rec(entries=FLEETS, tokens=6), rec("Yiff", entries=[*FLEETS, "Ice World"]),
                 rec("Humans", entries=FLEETS))
    battle(g, 1, (30, 30), ())
    settle(g)
    force(g, 100, 1)
    play(g, "discard Fast Fleet", by=1)
    assert g.phase == "again" and acts(g) == {"attack again", "end turn"}
    play(g, "attack again")
    assert g.state.tokens[0] == 7 - 5 and g.phase == "challenge"
    assert acts(g) == {"attack 1", "attack 2"}
    play(g, "attack 2")
    force(g, 30)
    settle(g)
    force(g, 30)
    settle(g)
    force(g, 100, 1)
    play(g, "discard Fast Fleet", by=2)
    assert g.state.chance[:3] == ("income", "d6", 1)  # 2 IT left: no offer


def test_galaxy_phase_max_hand_size_5_has_nothing_to_act_on() -> None:
    """"Max hand size is 5 cards." "Discard excess cards."

    Ruling 7: "No cards are held in this game, so the Galaxy phase's "max hand size 5"
    has nothing to act on: write that down." No view holds a hand, no action discards a
    card, and the turn ends after the Galaxy phase's only choice (attack again)."""
    g = Intergalactic(players=3, seed=4, auto_roll=False)
    rng = random.Random(4)
    verbs: set[str] = set()
    while not g.is_over:
        v = g.view(0)
        assert "hand" not in v and all("hand" not in r for r in v["records"])
        if g.current_player == CHANCE:
            g.roll()
        else:
            a = rng.choice(g.legal_actions())
            verbs.add(a.verb)
            if a.verb == "discard":
                assert data.by_name(a.arg).fleet > 0  # fleets only, never cards
            g.apply(a)
    assert "attack" in verbs


def test_ruling_7_diplomacy_and_truce_let_the_roller_cancel_the_battle() -> None:
    """Ruling 7: "Stratagems act at once and for this battle only:" "Diplomacy / Truce let
    the player who rolled them cancel the battle;" The defender rolls Truce and cancels:
    no Advantage, no battle rolls; with ``allow battle`` the battle goes on."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS))
    force(g, 1)
    play(g, "attack 1")
    force(g, 30)
    settle(g)
    force(g, 98)  # Truce, by the defender
    assert g.current_player == 1 and acts(g) == {"prevent battle", "allow battle"}
    play(g, "prevent battle")
    assert "P1 prevents the battle" in g.log and not any("BAT" in x for x in g.log)
    assert g.state.chance[:3] == ("income", "d6", 1)
    h = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS))
    force(h, 1)
    play(h, "attack 1")
    force(h, 97)  # Diplomacy, by the attacker
    settle(h)
    play(h, "allow battle", by=0)
    assert h.state.chance[:4] == ("roll", "d100", 1, "stratagem")


def test_ruling_7_sabotage_destroys_one_fleet_of_the_opponents() -> None:
    """Ruling 7: "Sabotage destroys one fleet of the opponent's (the roller's choice);"
    The attacker chooses which of the defender's fleets goes."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=["Core Fleet", "Attack Fleet"]))
    force(g, 1)
    play(g, "attack 1")
    force(g, 99)
    settle(g)
    assert g.current_player == 0 and acts(g) == {"sabotage Core Fleet", "sabotage Attack Fleet"}
    play(g, "sabotage Attack Fleet")
    assert g.state.entries[1] == ("Core Fleet",) and "P1 loses Attack Fleet (sabotaged by P0)" \
        in g.log
    assert g.state.chance[:4] == ("roll", "d100", 1, "stratagem")


def test_ruling_7_steal_technology_takes_a_copy_of_an_opponents_technology() -> None:
    """Ruling 7: "Steal Technology takes a copy of one technology an opponent holds;"
    Of any living opponent (not only the defender); both keep it; held ones and unmet
    requirements are not offered."""
    g = conflict(rec(entries=[*FLEETS, "Ion Drives"]),
                 rec("Yiff", entries=[*FLEETS, "Meson Cannons", "Ion Drives", "Nova Bombs"]),
                 rec("Humans", entries=[*FLEETS, "Holography", "Ice World"]))
    force(g, 1)
    play(g, "attack 1")
    force(g, 96)
    settle(g)
    assert acts(g) == {"steal Meson Cannons", "steal Holography"}  # Nova Bombs: Energy 1+
    play(g, "steal Holography")
    assert "Holography" in g.state.entries[0] and "Holography" in g.state.entries[2]
    assert "P0 steals a copy of Holography" in g.log


def test_ruling_7_jam_communications_gives_the_opponent_minus_50() -> None:
    """Ruling 7: "Jam Communications gives the opponent -50 on their stratagem roll (or,
    if they already rolled, on their next one);" The attacker jams: the defender's roll
    now is -50. The defender jams: the attacker's next stratagem roll (attacking again)
    is -50."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS))
    force(g, 1)
    play(g, "attack 1")
    force(g, 100)
    settle(g)
    assert g.state.chance[:5] == ("roll", "d100", 1, "stratagem", -50)
    force(g, 90)
    assert "P1 is jammed: -50" in g.log and "P1 lands on 40: Tactical Advantage" in g.log
    h = conflict(rec(entries=FLEETS, tokens=10), rec("Yiff", entries=[*FLEETS, "Ice World"]))
    force(h, 1)
    play(h, "attack 1")
    force(h, 30)
    settle(h)
    force(h, 100)  # the defender jams the attacker, who has rolled already
    settle(h)
    assert h.state.jam == (50, 0)
    force(h, 100, 1)
    play(h, "discard Fast Fleet", by=1)
    play(h, "attack again", "attack 1")
    assert h.state.chance[:5] == ("roll", "d100", 0, "stratagem", -50)


def test_ruling_7_alien_allies_and_mercenaries_fleets_are_discarded_at_the_end_of_turn() -> None:
    """Ruling 7: "Alien Allies / Mercenaries roll on the Buildup list +15 for a fleet that
    is discarded at the end of the turn (that discard is not a loss: it never eliminates
    a player);" The fleet fights this battle (it counts in the Advantage phase) and goes
    when the turn ends."""
    g = conflict(rec("Glish", "Green World", FLEETS), rec("Yiff", entries=FLEETS))
    force(g, 1)
    play(g, "attack 1")
    force(g, 93)
    settle(g)
    mod = g.state.chance[4]
    assert g.state.chance[3] == "buildup"
    assert mod == 15 + stage_modifier("buildup", g.attributes(0)) == 15 + 2 + 4
    force(g, 40 - mod)  # 40: Minor Fleet
    settle(g)
    assert "Minor Fleet" in g.state.entries[0] and g.state.temp[0] == ("Minor Fleet",)
    force(g, 30)
    settle(g)
    assert g.phase != "bat"  # nobody has IT for the BAT
    force(g, 100, 1)
    play(g, "discard Fast Fleet", by=1)
    assert "Minor Fleet" not in g.state.entries[0]
    assert "P0 loses Minor Fleet (discarded at the end of the turn)" in g.log


@pytest.mark.parametrize("held", [[], ["Core Fleet"]])
def test_ruling_7_discarding_an_alien_allies_fleet_never_eliminates(held: list[str]) -> None:
    """Ruling 7: the Alien Allies / Mercenaries fleet "is discarded at the end of the turn
    (that discard is not a loss: it never eliminates a player);"

    P0 attacks with no fleet (or one it then loses in a tie), rolls Alien Allies (Minor
    Fleet) and fights on; at the end of the turn the Minor Fleet goes and P0, now without
    any fleet, plays on (a fleet lost in a battle still eliminates: ruling 8)."""
    g = conflict(rec("Glish", "Green World", held), rec("Yiff", entries=FLEETS),
                 rec("Humans", entries=FLEETS))
    force(g, 1)
    play(g, "attack 1")
    force(g, 93)  # Alien Allies
    settle(g)
    force(g, 40 - g.state.chance[4])  # 40: Minor Fleet
    settle(g)
    assert g.state.temp[0] == ("Minor Fleet",)
    force(g, 30)
    settle(g)
    bat = g.view()["battle"]["bat"]
    if held:  # a tie: each loses a fleet; P0 keeps the Minor Fleet
        force(g, 50, 50 + bat["0"] - bat["1"])
        play(g, "discard Core Fleet", by=0)
        play(g, "discard Fast Fleet", by=1)
    else:  # P0 wins
        force(g, 100, 1)
        play(g, "discard Fast Fleet", by=1)
    while g.current_player == 0:
        play(g, "end turn")
    assert "P0 loses Minor Fleet (discarded at the end of the turn)" in g.log
    assert g.fleets(0) == () and g.state.alive == (True, True, True)
    assert not any("P0 is eliminated" in x for x in g.log)
    assert g.state.chance[:3] == ("income", "d6", 1)  # the next turn: P1's


def test_ruling_7_reserves_and_wartime_production_keep_theirs() -> None:
    """Ruling 7: "Reserves / Wartime Production keep theirs." A Buildup roll +15 whose
    fleet stays after the turn."""
    g = conflict(rec("Glish", "Green World", FLEETS), rec("Yiff", entries=FLEETS))
    force(g, 1)
    play(g, "attack 1")
    force(g, 91)
    settle(g)
    force(g, 40 - g.state.chance[4])
    settle(g)
    assert "Minor Fleet" in g.state.entries[0] and g.state.temp[0] == ()
    force(g, 30)
    settle(g)
    force(g, 100, 1)
    play(g, "discard Fast Fleet", by=1)
    assert "Minor Fleet" in g.state.entries[0]


def test_ruling_7_wartime_research_and_lost_opportunity() -> None:
    """Ruling 4: "One-shot entries ("Get +N to next Roll", "Roll on the Research List
    +N", "Lost Opportunity", "Roll on Fleet Table +15") are applied and not kept; they
    are not technologies, worlds or developments and give no VP." Wartime Research
    rolls on the Research list +30; Lost Opportunity does nothing, nor does a stratagem
    roll below 20."""
    g = conflict(rec(entries=FLEETS), rec("Yiff", entries=FLEETS))
    force(g, 1)
    play(g, "attack 1")
    force(g, 95)
    settle(g)
    assert g.state.chance[3:5] == ("research", 30)
    force(g, 34)  # 64: Ion Drives
    settle(g)
    assert "Ion Drives" in g.state.entries[0]
    force(g, 10)  # the defender: below 20, nothing
    settle(g)
    assert "P1 lands on 10: nothing" in g.log
    assert g.view()["battle"]["bonus"] == {}


def test_a_stratagem_101_lets_the_roller_pick_any_stratagem() -> None:
    """Ruling 2: "101+" gives its special result ("Pick one of the Above": the player
    picks any entry whose requirement they meet; On the Stratagem list: any of the 45
    stratagems, acting at once."""
    g = conflict(rec(entries=FLEETS, tokens=4), rec("Yiff", entries=FLEETS))
    force(g, 1)
    play(g, "attack 1")
    force(g, 99)
    play(g, "land on 101 Pick one of the Above (2 IT)")
    assert g.phase == "pick" and len(acts(g)) == 45
    play(g, "pick Legendary Captain")
    assert g.view()["battle"]["bonus"]["0"] == {"Strategy": 9, "Intelligence": 6}


def test_ruling_7_a_tie_ends_the_battle_but_not_the_turn() -> None:
    """Ruling 7: "Battle: each rolls 1D100 + BAT; the higher wins; a tie costs each one
    fleet of their choice and ends the battle." A tie ends the battle: the attacker may
    still pay 5 IT to attack again."""
    g = two("conflict", a=FLEETS, b=FLEETS, ta=9)
    battle(g, 1, (30, 30), ())
    settle(g)
    bat = g.view()["battle"]["bat"]
    force(g, 50, 50 + bat["0"] - bat["1"])
    play(g, "discard Fast Fleet", by=0)
    play(g, "discard Fast Fleet", by=1)
    assert g.phase == "again" and acts(g) == {"attack again", "end turn"}
