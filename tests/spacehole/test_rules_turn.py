"""Spacehole rule tests: the game, the Base, the turn, the Space Karma and Event phases,
the end of the game (rules/spacehole.txt, RULINGS.md Spacehole: Deck, 1, 2, 13).

Each test is named after the sentence or ruling it checks and quotes it in its docstring;
``test_rules_coverage.py`` checks that every sentence of the text is quoted somewhere.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from spacehole.rules_support import (
    CHANCE,
    RULE_TEXT,
    Rules,
    Spacehole,
    acts,
    chance,
    force,
    play,
    quote,
    refused,
    scenario,
    view,
)

from boardgames.spacehole import data

KINDS = ("structure", "defender", "invader", "event")


def new_game(**kw) -> Spacehole:
    kw.setdefault("seed", 3)
    return Spacehole(auto_roll=False, **kw)


# ---------------------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------------------


def test_solo_dice_and_card_game_the_player_defends_and_builds_his_colony() -> None:
    """"Solo Dice & Card game."
    "The player must defend and build up his Space colony."

    One player, who makes every decision; one score."""
    g = new_game()
    assert g.players == 1
    force(g, "Colony")
    assert g.current_player == 0
    assert len(g.scores) == 1
    with pytest.raises(ValueError):
        g.view(1)


def test_six_sided_dice_are_needed() -> None:
    """"Six sided dice are needed."

    Battle dice are d6 (each face 1/6, a 1 hits); the Rangers' peek is a d6."""
    g = scenario(phase="event", event="Space Pirates", deck=["Mine"])
    # Three d6, a hit on a 1: computed here by enumerating all 6**3 faces.
    faces = Counter(sum(f == 1 for f in (a, b, c))
                    for a in range(1, 7) for b in range(1, 7) for c in range(1, 7))
    assert chance(g) == {k: Fraction(n, 216) for k, n in faces.items()}
    peek = scenario(defenders=["Space Rangers"], phase="end")
    play(peek, "peek Space Rangers")
    assert chance(peek) == {k: Fraction(1, 6) for k in range(1, 7)}


def test_tokens_to_indicate_damage_and_power_are_needed() -> None:
    """"Tokens to indicate damage and power are needed."

    Damage counters are on the cards (view ``damage``) and power tokens on the structures
    while the Power phase runs (view ``powered``, shown in manual power mode)."""
    g = scenario(structures=["Agrodome", "Force Dome"], defenders=["Space Navy"],
                 damage={"Space Navy": 2, "Force Dome": 1}, phase="power",
                 rules=Rules(power_choice="manual"), deck=["Mine"])
    v = view(g)
    assert [(d["name"], d["damage"]) for d in v["defenders"]] == [("Space Navy", 2)]
    dome = next(s for s in v["structures"] if s["name"] == "Force Dome")
    assert dome["damage"] == 1
    assert not any(s["powered"] for s in v["structures"])
    play(g, "power Agrodome")
    powered = {s["name"]: s["powered"] for s in view(g)["structures"]}
    assert powered == {"Agrodome": True, "Force Dome": False}


def test_pen_and_paper_to_record_megacredit_totals_are_needed() -> None:
    """"Pen & paper to record Megacredit totals are needed."

    The game records the total (view ``megacredits``) and logs every change with it."""
    g = scenario(structures=["Agrodome", "Colony"], megacredits=10, phase="build",
                 deck=["Mine"])
    play(g, "pass")
    assert view(g)["megacredits"] == 14
    assert "Income: 4 Megacredits (total 14)" in g.log


def test_the_deck_has_4_types_of_cards_mixed_in() -> None:
    """"The deck has 4 types of cards mixed in: Events, Invaders, Defenders, and
    Structures."

    The first draw can be any of the four kinds, in proportion to their counts."""
    g = new_game()
    by_kind: Counter[str] = Counter()
    for name, p in chance(g).items():
        by_kind[g.card(name).kind] += p
    assert dict(by_kind) == {"structure": Fraction(41, 96), "defender": Fraction(13, 96),
                             "invader": Fraction(20, 96), "event": Fraction(22, 96)}


def test_number_column_is_the_number_of_that_card_in_the_deck() -> None:
    """"# = Number of that card in the deck"

    The first draw of a new game weighs each structure by its # column (the Base, in
    play, is not in the deck); every other card is in the deck once."""
    table = RULE_TEXT.split("Card Name:\t\t#", 1)[1].split("\n# =", 1)[0]
    counts = {}
    for line in table.splitlines()[1:]:
        cells = [c.strip() for c in line.split("\t") if c.strip()]
        counts[cells[0]] = int(cells[1])
    assert len(counts) == 13 and counts["Mine"] == 8
    d = chance(new_game())
    for name, k in counts.items():
        assert d.get(name, 0) == (0 if name == "Base" else Fraction(k, 96)), name
    others = [n for n in d if n not in counts]
    assert len(others) == 13 + 20 + 22
    assert all(d[n] == Fraction(1, 96) for n in others)


# ---------------------------------------------------------------------------------------
# The start and the Base
# ---------------------------------------------------------------------------------------


def test_you_start_with_your_base_card_in_play() -> None:
    """"You start with your base card in play."
    "You start with your base, zero Megacredits, and no cards."
    """
    quote("You start with your base card in play.")
    v = view(new_game())
    assert v["base"] == {"name": "Base", "damage": 0, "max_hits": 10, "generates": 5}
    assert v["structures"] == [] and v["defenders"] == []
    assert v["megacredits"] == 0
    assert v["hand"] == [] and v["hand_size"] == 0
    assert v["discard"] == {}
    assert v["deck_size"] == 96  # the Base is not in the deck
    assert (v["turn"], v["phase"], v["chance"]) == (1, "karma", "draw")


def test_base_can_take_10_hits_of_damage_before_being_destroyed() -> None:
    """"The Base has the following attributes: It can take 10 hits of Damage before being
    destroyed."

    Nine hits leave it standing; the tenth destroys it."""
    g = scenario(phase="event", event="Space Pirates", base_damage=8, deck=["Mine"])
    force(g, 1, 0)  # the pirates hit once, the Base's turret misses
    assert view(g)["base"]["damage"] == 9 and not g.is_over
    force(g, 1, 0)
    assert g.is_over and g.scores == (0,)
    assert "Base takes 1 damage (10/10)" in g.log


def test_ruling_1_base_hits_default_10() -> None:
    """Ruling 1: "Base hits. The text says both 10 and 5. Default 10 (option
    `base_hits`)."
    """
    assert Rules().base_hits == 10
    assert view(scenario())["base"]["max_hits"] == 10
    g = scenario(phase="event", event="Space Pirates", base_damage=9, deck=["Mine"])
    force(g, 1, 0)
    assert g.is_over


def test_ruling_1_option_base_hits_5() -> None:
    """Ruling 1 with ``base_hits=5``: "The Base card can take 5 hits and it has a built in
    Laser turret that can make a one die attack every round."
    """
    rules = Rules(base_hits=5)
    g = scenario(phase="event", event="Space Pirates", base_damage=3, deck=["Mine"],
                 rules=rules)
    assert view(g)["base"]["max_hits"] == 5
    assert chance(g) == {0: Fraction(125, 216), 1: Fraction(75, 216),
                         2: Fraction(15, 216), 3: Fraction(1, 216)}
    force(g, 1)
    assert chance(g) == {0: Fraction(5, 6), 1: Fraction(1, 6)}  # the built-in turret
    force(g, 0)
    assert view(g)["base"]["damage"] == 4 and not g.is_over
    force(g, 1, 0)
    assert g.is_over and "Base takes 1 damage (5/5)" in g.log
    with pytest.raises(ValueError, match="base_damage 5"):
        Spacehole.scenario(base_damage=5, rules=rules)


def test_ruling_1_option_base_hits_is_validated() -> None:
    """Ruling 1: the option takes a positive number of hits; anything else is refused."""
    for bad in (0, -3, "10", True, 10.0):
        with pytest.raises((ValueError, TypeError)):
            Rules(base_hits=bad)


def test_base_built_in_laser_turret_attacks_with_one_die_every_battle_turn() -> None:
    """"It has a built in laser turret: It attacks with one die every battle turn."

    With no defender and no turret the defending side still rolls one die, every round,
    and its hit damages the invader."""
    g = scenario(phase="event", event="Alien Invaders", deck=["Mine"])
    force(g, 0)
    assert chance(g) == {0: Fraction(5, 6), 1: Fraction(1, 6)}
    force(g, 1)
    assert view(g)["current"]["damage"] == 1
    assert "Round 1: Defenders roll 1 dice: 1 hit" in g.log
    force(g, 0)
    assert view(g)["battle"]["round"] == 2
    assert chance(g) == {0: Fraction(5, 6), 1: Fraction(1, 6)}


def test_base_generates_5_power_points_every_turn() -> None:
    """"It generates 5 power points every turn."

    Six Agrodomes, no Solar Array: only five can be powered, every turn."""
    g = scenario(structures=["Agrodome"] * 6, phase="build", deck=["Mine"])
    assert view(g)["power"] == {"generated": 5, "upkeep": 6}
    play(g, "pass")
    assert view(g)["last_income"] == 5
    play(g, "pass")
    assert view(g)["last_income"] == 5
    assert g.is_over and g.scores == (10,)


def test_a_base_allows_you_to_have_two_defenders() -> None:
    """"A Base allows you to have two defenders."
    """
    g = scenario(hand=["Space Marines", "Astro Guard", "Space Navy"], phase="build",
                 deck=["Mine", "Mine", "Mine"])
    assert view(g)["capacity"] == 2
    play(g, "build Space Marines", "build Astro Guard")
    assert [d["name"] for d in view(g)["defenders"]] == ["Astro Guard", "Space Marines"]
    play(g, "build Space Navy")  # a third: one of the three must go
    assert acts(g) == {"remove Astro Guard", "remove Space Marines", "remove Space Navy"}


# ---------------------------------------------------------------------------------------
# The end of the game and the score
# ---------------------------------------------------------------------------------------


def test_the_game_ends_at_the_end_of_the_turn_when_the_last_card_has_been_drawn() -> None:
    """"The game ends at the end of the turn when the last card has been drawn from the
    deck."

    The last card is drawn in the Space Karma phase; the Build, Power and Income phases of
    that turn are still played, then the game is over."""
    g = scenario(structures=["Agrodome"], deck=["Colony"])
    assert g.log[0] == "Turn 1: drew Colony into hand"
    assert view(g)["deck_size"] == 0 and not g.is_over
    assert g.phase == "build"
    play(g, "build Colony")
    assert g.is_over and g.phase == "over"
    assert g.turn == 1
    assert view(g)["last_income"] == 4  # Agrodome 1 + Colony 3: the last turn's income
    assert g.log[-1] == "Game over: the last card has been drawn. Score 4"
    assert g.legal_actions() == ()


def test_the_game_does_not_end_before_the_last_card_is_drawn() -> None:
    """"The game ends at the end of the turn when the last card has been drawn from the
    deck." — not before: with two cards there are two turns."""
    g = scenario(deck=["Mine", "Mine"])
    play(g, "build Mine")
    assert not g.is_over and g.turn == 2 and g.phase == "build"
    play(g, "build Mine")
    assert g.is_over and g.turn == 2 and g.scores == (1 + 2,)


def test_the_last_card_an_invader_is_fought_then_the_turn_ends_the_game() -> None:
    """"The game ends at the end of the turn when the last card has been drawn from the
    deck." — the last card is an invader: it is fought, the turn is played to its end."""
    g = scenario(structures=["Mine"], defenders=["Space Marines"], deck=["Space Pirates"],
                 megacredits=5)
    force(g, 0, 3)  # the pirates miss; three hits destroy them (Force 3)
    assert g.phase == "build" and not g.is_over
    play(g, "pass")
    assert g.is_over and g.scores == (6,)


def test_if_your_base_is_ever_destroyed_the_game_ends_immediately_score_0() -> None:
    """"If your base is ever destroyed the game ends immediately and you lose with a
    score = 0."

    The remaining hits of the round are not applied, the invader takes no damage, no
    Build, Power or Income phase follows, and the Megacredits do not count."""
    g = scenario(structures=["Agrodome"], phase="event", event="Starmada", base_damage=9,
                 megacredits=40, deck=["Mine"])
    force(g, 3, 1)
    assert g.is_over and g.phase == "over"
    assert g.scores == (0,) and g.winner is None
    assert view(g)["lost"] is True
    assert view(g)["megacredits"] == 40
    assert g.log.count("Base takes 1 damage (10/10)") == 1
    assert not any("Base takes 1 damage (11" in line for line in g.log)
    assert g.log[-1] == "Base destroyed: the game is lost (score 0)"
    assert view(g)["current"]["damage"] == 0
    assert g.legal_actions() == ()
    refused(g, "pass", "game is over")
    with pytest.raises(ValueError):
        g.chance_outcomes()


def test_your_score_is_equal_to_your_megacredit_total_at_the_end_of_the_game() -> None:
    """"Your score is equal to your Megacredit total at the end of the game."
    """
    g = scenario(megacredits=37, deck=["Mine"])
    assert g.scores == (37,)  # the running total, while playing
    play(g, "build Mine")
    assert g.is_over and g.scores == (38,) and g.winner == 0
    assert view(g)["megacredits"] == 38


# ---------------------------------------------------------------------------------------
# The turn
# ---------------------------------------------------------------------------------------


def test_each_turn_has_5_phases_in_this_order() -> None:
    """"Each turn has 5 Phases:" "1. Space Karma Phase" "2. Event Phase"
    "3. Build Phase" "4. Power Phase" "5. Income Phase"

    The phases are visited in this order: the draw (karma), the invasion (event), the
    build, the power tokens (manual mode shows them), the income."""
    g = Spacehole.scenario(structures=["Agrodome"], defenders=["Space Marines"], hand=["Mine"],
                           seed=2, auto_roll=False, rules=Rules(power_choice="manual"))
    seen = [g.phase]  # the draw is a chance node of the karma phase
    force(g, "Space Pirates")
    seen.append(g.phase)
    force(g, 0, 3)
    seen.append(g.phase)
    play(g, "build Mine")
    seen.append(g.phase)
    play(g, "power optimal")
    assert seen == ["karma", "event", "build", "power"]
    assert g.turn == 2 and g.phase == "karma"
    log = list(g.log)
    order = [log.index("Turn 1: drew invader Space Pirates"),
             log.index("Invasion: Space Pirates (Force 3) attacks"),
             log.index("Built Mine"),
             log.index("Power: the income-maximising allocation"),
             log.index("Income: 2 Megacredits (total 2)")]
    assert order == sorted(order)


def test_draw_1_card() -> None:
    """"Draw 1 card."

    One card per turn: the deck shrinks by one, the hand grows by one."""
    g = new_game()
    assert g.phase == "karma" and len(chance(g)) == len(data.deck_counts())
    force(g, "Mine")
    assert view(g)["deck_size"] == 95 and view(g)["hand"] == ["Mine"]
    play(g, "pass")
    assert g.turn == 2 and view(g)["deck_size"] == 95
    force(g, "Colony")
    assert view(g)["deck_size"] == 94 and view(g)["hand"] == ["Colony", "Mine"]


def test_if_it_is_an_invasion_or_event_card_it_is_resolved_in_event_phase() -> None:
    """"If it is an Invasion or Event card it is resolved in Event Phase."
    """
    g = new_game()
    force(g, "Space Traders")
    v = view(g)
    assert v["hand"] == [] and v["megacredits"] == 3 and v["discard"] == {"Space Traders": 1}
    assert "Event: Space Traders" in g.log
    g = new_game()
    force(g, "World Eater")
    assert g.phase == "event" and view(g)["hand"] == []
    assert view(g)["current"]["name"] == "World Eater"
    assert set(chance(g)) == set(range(8))  # the World Eater's seven dice


def test_otherwise_keep_it_in_your_hand() -> None:
    """"Otherwise, keep it in your hand."
    """
    g = new_game()
    force(g, "Space Marines")
    assert view(g)["hand"] == ["Space Marines"] and view(g)["defenders"] == []
    play(g, "pass")
    force(g, "Stargate")
    assert view(g)["hand"] == ["Space Marines", "Stargate"]
    assert view(g)["structures"] == []


def test_max_hand_size_is_5_discard_excess_cards() -> None:
    """"Max hand size is 5 cards." "Discard excess cards."

    The player chooses which card to discard (any card of the hand, the one just drawn
    included); a card not in hand is refused."""
    hand = ["Mine", "Mine", "Colony", "Agrodome", "Space Navy"]
    g = scenario(hand=hand, deck=["Solar Array", "Mine"])
    assert g.phase == "karma" and view(g)["hand_limit"] == 5
    assert acts(g) == {"discard Mine", "discard Colony", "discard Agrodome",
                       "discard Space Navy", "discard Solar Array"}
    refused(g, "discard Stargate", "no Stargate in hand")
    refused(g, "pass", "waiting for a card to discard")
    play(g, "discard Mine")
    assert g.phase == "build"
    assert view(g)["hand"] == ["Agrodome", "Colony", "Mine", "Solar Array", "Space Navy"]
    assert view(g)["discard"] == {"Mine": 1}
    assert "Discarded Mine from hand" in g.log


def test_max_hand_size_5_keeps_exactly_5() -> None:
    """"Max hand size is 5 cards." — five is allowed: no discard at five."""
    g = scenario(hand=["Mine"] * 4, deck=["Colony", "Mine"])
    assert g.phase == "build" and len(view(g)["hand"]) == 5


def test_decision_option_hand_limit_check_karma() -> None:
    """"Max hand size is 5 cards. Discard excess cards." is written in the Space Karma
    phase — option ``hand_limit_check="karma"`` (the default): a card taken into a full
    hand by Reinforcements stays until the next draw, then the hand is brought back to
    the limit (two discards)."""
    assert Rules().hand_limit_check == "karma"
    hand = ["Mine", "Mine", "Colony", "Agrodome", "Solar Array"]
    g = scenario(hand=hand, discard=["Space Navy"], phase="event", event="Reinforcements",
                 deck=["Mine", "Mine"])
    play(g, "take Space Navy")
    assert g.phase == "build" and len(view(g)["hand"]) == 6
    play(g, "pass")
    assert g.phase == "karma" and len(view(g)["hand"]) == 7
    play(g, "discard Mine")
    assert g.phase == "karma"
    play(g, "discard Solar Array")
    assert g.phase == "build" and len(view(g)["hand"]) == 5


def test_decision_option_hand_limit_check_always() -> None:
    """"Max hand size is 5 cards. Discard excess cards." — option
    ``hand_limit_check="always"``: an event that leaves the hand over its limit is
    followed at once by the discards (Reinforcements into a full hand; a Command Center
    lost to Sabotage)."""
    rules = Rules(hand_limit_check="always")
    hand = ["Mine", "Mine", "Colony", "Agrodome", "Solar Array"]
    g = scenario(hand=hand, discard=["Space Navy"], phase="event", event="Reinforcements",
                 deck=["Mine", "Mine"], rules=rules)
    play(g, "take Space Navy")
    assert g.phase == "event" and "Hand of 6 over its limit of 5" in g.log
    assert acts(g) == {f"discard {n}" for n in [*hand, "Space Navy"]}
    play(g, "discard Space Navy")
    assert g.phase == "build" and len(view(g)["hand"]) == 5
    assert view(g)["discard"] == {"Space Navy": 1, "Reinforcements": 1}
    seven = [*hand, "Space Marines", "Stargate"]
    g = scenario(structures=["Command Center"], hand=seven, phase="event", event="Sabotage",
                 deck=["Mine"], rules=rules)
    force(g, "Command Center")
    assert g.phase == "event" and view(g)["hand_limit"] == 5
    play(g, "discard Stargate", "discard Colony")
    assert g.phase == "build" and len(view(g)["hand"]) == 5
    # The karma check is unchanged.
    g = scenario(hand=hand, deck=["Mine", "Mine"], rules=rules)
    assert g.phase == "karma" and "discard Mine" in acts(g)


def test_an_invasion_or_event_card_drawn_last_phase_is_resolved_now() -> None:
    """"An Invasion or Event card drawn last phase is resolved now."

    Drawn in the Space Karma phase, resolved in the Event phase of the same turn."""
    g = new_game()
    force(g, "Dilithium Crystals")
    assert g.turn == 1 and g.phase == "build"
    assert g.log[:2] == ("Turn 1: drew event Dilithium Crystals", "Event: Dilithium Crystals")
    g = new_game()
    force(g, "Space Monster")
    assert g.turn == 1 and g.phase == "event"
    assert g.log[-1] == "Invasion: Space Monster (Force 5) attacks"


def test_for_event_cards_just_follow_the_instructions_on_the_card() -> None:
    """"For Event cards just follow the instructions on the card."

    Merchant from Venus: "Gain 20 Megacredits per Colony"."""
    g = scenario(structures=["Colony", "Colony", "Agrodome"], phase="event",
                 event="Merchant from Venus", megacredits=1, deck=["Mine"])
    assert view(g)["megacredits"] == 41
    assert "Gained 40 Megacredits (total 41)" in g.log


def test_discard_the_event_card_after_it_is_resolved() -> None:
    """"Discard the Event card after it is resolved."
    """
    g = scenario(phase="event", event="Supernova", hand=["Mine"], deck=["Mine"])
    assert view(g)["current"] is None
    assert view(g)["discard"] == {"Supernova": 1, "Mine": 1}
    # An event waiting for a decision is still on the table, not yet discarded.
    g = scenario(phase="event", event="Repairs", discard=["Mine"], deck=["Mine"])
    assert view(g)["current"]["name"] == "Repairs"
    assert view(g)["discard"] == {"Mine": 1}
    play(g, "take Mine")
    assert view(g)["current"] is None and view(g)["discard"] == {"Repairs": 1}


# ---------------------------------------------------------------------------------------
# Rulings: Deck, 2, 13
# ---------------------------------------------------------------------------------------


def test_ruling_deck_classic_96_cards_one_turn_per_card() -> None:
    """Ruling "Deck": "Classic: 41 structures in the deck (the Base starts in play), 13
    defenders, 20 invaders, 22 events: 96 cards, one turn per card."
    """
    counts = data.deck_counts("classic")
    kinds = Counter()
    for name, k in counts.items():
        kinds[data.by_name("classic")[name].kind] += k
    assert dict(kinds) == {"structure": 41, "defender": 13, "invader": 20, "event": 22}
    assert "Base" not in counts
    # One turn per card: a whole game (a Base that cannot fall) lasts 96 turns.
    g = Spacehole(seed=11, rules=Rules(base_hits=1000))
    while not g.is_over:
        a = acts(g)
        g.apply("pass" if "pass" in a else "end turn" if "end turn" in a else min(a))
    assert g.turn == 96 and view(g)["deck_size"] == 0
    assert sum(1 for line in g.log if line.startswith("Turn ")) == 96


def test_ruling_2_turn_karma_draws_one_card_invader_or_event_resolved_same_turn() -> None:
    """Ruling 2: "Space Karma = draw one card. An Invader or Event drawn is resolved in the
    Event phase of the same turn; anything else goes to hand."
    """
    for card, where in (("Cylon Raiders", "event"), ("Seismic Events", "build"),
                        ("Space Hero", "build"), ("Force Dome", "build")):
        g = new_game()
        force(g, card)
        assert g.turn == 1 and g.phase == where
        kind = g.card(card).kind
        assert (card in view(g)["hand"]) == (kind in ("structure", "defender"))


def test_ruling_2_hand_limit_5_plus_2_per_command_center_player_chooses_discard() -> None:
    """Ruling 2: "Hand limit 5, +2 per Command Center in play; on exceeding it the player
    chooses what to discard."
    """
    hand = ["Mine", "Mine", "Colony", "Agrodome", "Solar Array", "Space Navy", "Stargate"]
    g = scenario(structures=["Command Center"], hand=hand, deck=["Laser Turret", "Mine"])
    assert view(g)["hand_limit"] == 7
    assert g.phase == "karma"
    assert acts(g) == {f"discard {n}" for n in [*hand, "Laser Turret"]}
    play(g, "discard Laser Turret")
    assert g.phase == "build" and len(view(g)["hand"]) == 7
    g = scenario(structures=["Command Center"], hand=hand[:6], deck=["Mine", "Mine"])
    assert g.phase == "build" and len(view(g)["hand"]) == 7


def test_ruling_13_end_last_card_turn_score_megacredits() -> None:
    """Ruling 13: "The game ends at the end of the turn in which the last card was drawn;
    score = Megacredits."
    """
    g = scenario(structures=["Research Labs", "Stargate"], megacredits=12,
                 deck=["Space Traders"])
    # Space Traders: 3 structures (the Base counts) x 3 = 9; income: Lab 1 + Stargate 7.
    play(g, "pass")
    assert g.is_over and g.scores == (12 + 9 + 8,) and g.winner == 0


def test_ruling_13_base_destroyed_the_game_ends_at_once_with_score_0() -> None:
    """Ruling 13: "If the Base is destroyed the game ends at once with score 0."
    """
    g = scenario(phase="event", event="Sabotage", base_damage=9, megacredits=99,
                 deck=["Mine", "Mine"])
    assert g.is_over and g.scores == (0,) and g.phase == "over"
    assert g.log == ("Event: Sabotage", "Sabotage hits the Base",
                     "Base takes 1 damage (10/10)", "Base destroyed: the game is lost (score 0)")
    assert g.current_player is None
    assert g.turn == 1


def test_game_state_json_round_trip_of_a_scenario() -> None:
    """A scenario game saves and replays like any game (same log, same position)."""
    import boardgames as bg

    g = scenario(structures=["Agrodome"], hand=["Colony"], deck=["Space Pirates", "Mine"])
    force(g, 1, 1, 0, 1, 0, 1)  # the Base's turret alone destroys the pirates in 3 rounds
    assert view(g)["base"]["damage"] == 1
    play(g, "build Colony")
    h = bg.from_json(g.to_json())
    assert h.log == g.log and h.state == g.state
    assert h.current_player == g.current_player == 0
    assert CHANCE == -1


# ------------------------------------------------------------------ house rule grace_turns
def test_house_rule_option_grace_turns_spares_the_turn_1_invader_of_seed_3() -> None:
    """House rule ``grace_turns`` (not in the rule text, off by default): an Invader drawn
    in one of the first ``grace_turns`` turns passes without a battle and is discarded.
    Seed 3 draws Alien Predators in turn 1 and is lost before any decision by default;
    with ``grace_turns=1`` the same card is drawn, passes, and the player builds."""
    lost = Spacehole(seed=3)
    assert lost.is_over and lost.state.lost and lost.state.turn == 1
    g = Spacehole(seed=3, rules=Rules(grace_turns=1))
    assert g.log[0] == lost.log[0] == "Turn 1: drew invader Alien Predators"
    assert g.log[1] == ("Turn 1: Alien Predators passes without a battle "
                        "(house rule: no invasion before turn 2)")
    assert not g.is_over and g.phase == "build" and g.state.base_damage == 0
    assert view(g)["discard"] == {"Alien Predators": 1}
    assert not any("Invasion" in line for line in g.log)


def test_house_rule_option_grace_turns_ends_after_its_turns() -> None:
    """House rule ``grace_turns``: the Invader passes in turns 1..``grace_turns`` only;
    from the next turn on it is fought as "Invasion cards are resolved through Battle
    Rounds" says. Its exact odds say it cannot destroy the Base while it passes."""
    rules = Rules(grace_turns=2)
    six = ["Mine", "Mine", "Colony", "Agrodome", "Solar Array", "Mine"]
    g = scenario(hand=six, phase="karma", deck=["Alien Predators", "Mine"], turn=2,
                 rules=rules)
    assert g.state.current == "Alien Predators" and g.battle_odds() == {"win": 1}
    play(g, "discard Mine")
    assert g.phase == "build" and "Alien Predators passes without a battle" in g.log[-1]
    g = scenario(hand=six, phase="karma", deck=["Alien Predators", "Mine"], turn=3,
                 rules=rules)
    assert g.battle_odds()["loss"] > 0
    play(g, "discard Mine")
    assert g.chance_outcomes() and "Invasion: Alien Predators (Force 3) attacks" in g.log


def test_house_rule_option_grace_turns_is_off_by_default_and_checked() -> None:
    """House rule ``grace_turns``: 0 by default (every Invader is fought from turn 1, the
    same seeds give the same games); a negative or non-integer value is refused with a
    ValueError naming the field."""
    assert Rules().grace_turns == 0 and not Rules().spares_invader(1)
    g = scenario(phase="event", event="Alien Predators", turn=1, deck=["Mine"])
    assert g.chance_outcomes() and "Invasion: Alien Predators (Force 3) attacks" in g.log
    for bad in (-1, True, 1.5, "3"):
        with pytest.raises(ValueError, match="grace_turns"):
            Rules(grace_turns=bad)  # type: ignore[arg-type]
