"""Blast rule tests: the Draw phase, the hand limit and control (rules/blast.txt "Draw two
cards." to "Max hand size -2 ..."; RULINGS.md Blast 3, 4)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from blast.blast_support import (
    CHANCE,
    EMPIRE,
    TERRAN,
    acts,
    chance,
    force,
    play,
    scenario,
)

from boardgames.blast import data

REST_T = {"terran": [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1]}


def test_draw_two_cards() -> None:
    """"Draw two cards."

    Two chance nodes over the deck (a multiset, each name weighted by its copies left),
    each card into the hand of the player whose turn it is."""
    g = scenario(deck=["Ambush", "Ambush", "Nova Bomb"], phase="draw", to_move="terran")
    assert chance(g) == {"Ambush": Fraction(2, 3), "Nova Bomb": Fraction(1, 3)}
    force(g, "Ambush")
    assert chance(g) == {"Ambush": Fraction(1, 2), "Nova Bomb": Fraction(1, 2)}
    force(g, "Nova Bomb")
    assert g.state.hands[TERRAN] == ("Ambush", "Nova Bomb")
    assert g.state.hands[EMPIRE] == ()
    assert len(g.state.deck) == 1
    assert g.log.count("Terran draws a card") == 2
    # The log never names the card drawn (hands are hidden).
    assert not any("Ambush" in line or "Nova Bomb" in line for line in g.log)


def test_ruling_4_if_the_deck_runs_out_shuffle_the_vortex_and_continue() -> None:
    """"If the deck runs out, shuffle the discard and continue."

    Ruling 4: "an empty deck is refilled by shuffling the vortex": the last card of the
    deck is drawn (no chance: one card left), then the vortex becomes the deck and the
    second draw is a chance node over it. With deck and vortex both empty nothing is
    drawn."""
    g = scenario(deck=["Hyper Jump"], vortex=["Ambush", "Ambush", "Nova Bomb"],
                 hands={"terran": [c for c in data.CARD_NAMES for _ in range(2)
                                   if c not in ("Hyper Jump", "Ambush", "Nova Bomb")],
                        "empire": ["Hyper Jump", "Nova Bomb"]},
                 phase="draw", to_move="terran",
                 units={1: {"terran": [1]}, 8: {"terran": [1]}, 22: {"terran": [1]},
                        15: {"empire": [1]}})
    assert g.current_player == CHANCE
    assert any("vortex (3 cards) is shuffled" in line for line in g.log)
    assert chance(g) == {"Ambush": Fraction(2, 3), "Nova Bomb": Fraction(1, 3)}
    assert g.state.vortex == () and len(g.state.deck) == 3
    force(g, "Nova Bomb")
    assert g.state.hands[TERRAN].count("Hyper Jump") == 1
    empty = scenario(deck=[], vortex=[], phase="draw", to_move="empire",
                     hands={"terran": [c for c in data.CARD_NAMES for _ in range(2)][:25],
                            "empire": [c for c in data.CARD_NAMES for _ in range(2)][25:]})
    assert any("deck and vortex are empty" in line for line in empty.log)
    assert len(empty.state.hands[EMPIRE]) == 25  # nothing drawn; now over the limit
    assert empty.state.pending == "discard" and empty.phase == "draw"


def test_base_maximum_hand_size_is_6_discard_excess_cards() -> None:
    """"Base maximum hand size = 6."
    "Discard excess cards."

    Six cards plus two drawn is two over: the player chooses two discards, which go to
    the vortex, and only then rolls."""
    hand = ["Ambush", "Ambush", "Nova Bomb", "Plasteel Armor", "Hyper Jump", "Espionage"]
    g = scenario(hands={"empire": hand}, deck=["Major Offensive", "Major Offensive"],
                 phase="draw", to_move="empire")
    assert g.current_player == EMPIRE and g.state.pending == "discard"
    assert len(g.state.hands[EMPIRE]) == 8 and g.hand_limit(EMPIRE) == 6
    assert acts(g) == {f"discard {c}" for c in set(hand) | {"Major Offensive"}}
    vortex = Counter(g.state.vortex)
    play(g, "discard Ambush", by=EMPIRE)
    assert g.state.pending == "discard"
    play(g, "discard Major Offensive", by=EMPIRE)
    assert len(g.state.hands[EMPIRE]) == 6
    assert Counter(g.state.vortex) - vortex == Counter(["Ambush", "Major Offensive"])
    assert g.current_player == CHANCE and g.phase == "roll"
    assert "Empire discards Ambush" in g.log  # discards are public, face up


@pytest.mark.parametrize(
    ("planets", "limit"),
    [
        ({}, 4),                    # no homeworld
        ({1: "terran"}, 6),
        ({1: "terran", 8: "terran"}, 7),
        ({1: "terran", 22: "terran"}, 7),
        ({1: "terran", 8: "terran", 22: "terran"}, 8),
        ({8: "terran", 22: "terran"}, 6),   # both +1, no homeworld -2
        ({8: "terran"}, 5),
        ({1: "terran", 8: "both", 22: "empire"}, 6),  # a contested Nimrod counts for nobody
    ],
)
def test_max_hand_size_plus_1_for_nimrod_plus_1_for_cygnus_minus_2_without_homeworld(
        planets: dict[int, str], limit: int) -> None:
    """"Max hand size +1 if you control Nimrod."
    "Max hand size +1 if you control Cygnus-7."
    "Max hand size -2 if you are not in control of your Homeworld."

    Ruling 3: "Hand limit 6, +1 per Nimrod / Cygnus-7 controlled, −2 without one's own
    homeworld; checked after drawing, the player chooses the discards." The arithmetic
    for the Terran side, and the draw phase enforcing it."""
    units: dict[int, dict[str, list[int]]] = {15: {"empire": [5]}}
    for sec, who in planets.items():
        units[sec] = {"terran": [1], "empire": [1]} if who == "both" else {who: [2]}
    phase = "fight" if "both" in planets.values() else "draw"
    g = scenario(units=units, phase=phase, to_move="terran",
                 hands={"terran": ["Nova Bomb"]})  # waits in the attack-card window
    assert g.hand_limit(TERRAN) == limit
    assert g.view(None)["hand_limits"][TERRAN] == limit
    if phase == "draw":
        hand = [c for c in data.CARD_NAMES[:limit]]
        g = scenario(units=units, phase="draw", to_move="terran", hands={"terran": hand})
        force(g, data.CARD_NAMES[20], data.CARD_NAMES[21])
        assert g.state.pending == "discard"
        play(g, f"discard {data.CARD_NAMES[20]}")
        assert g.state.pending == "discard"
        play(g, f"discard {data.CARD_NAMES[21]}")
        assert len(g.state.hands[TERRAN]) == limit and g.phase == "roll"


def test_ruling_3_control_is_having_a_unit_there_after_fights() -> None:
    """Ruling 3: "Control of a sector = having at least one unit there after fights."

    A sector holding both sides (after the moves, before its fight) is controlled by
    nobody; after the fight the winner controls it."""
    g = scenario(units={8: {"terran": [4], "empire": [1]}, 1: {"terran": [1]},
                        15: {"empire": [1]}}, phase="fight", to_move="terran",
                 hands={"empire": ["Plasteel Armor"]})
    assert not g.controls(TERRAN, 8) and not g.controls(EMPIRE, 8)
    assert g.view(None)["planets"]["Nimrod"]["control"] is None
    assert g.controls(TERRAN, 1) and g.controls(EMPIRE, 15)
    play(g, "pass", by=EMPIRE)
    assert g.controls(TERRAN, 8)
    assert g.view(None)["planets"]["Nimrod"]["control"] == "terran"


def test_ruling_3_the_limit_is_checked_after_drawing_only() -> None:
    """Ruling 3: "checked after drawing, the player chooses the discards": a hand over
    the limit after a fight (Nimrod lost) is not cut down until that player's next draw
    phase, where the player picks the discards."""
    hand = ["Ambush", "Ambush", "Nova Bomb", "Plasteel Armor", "Hyper Jump", "Espionage",
            "Strategic Move"]
    g = scenario(units={8: {"terran": [1]}, 10: {"empire": [5]}, 1: {"terran": [1]},
                        15: {"empire": [1]}},
                 phase="move", dice=[2, 3], to_move="empire", hands={"terran": hand},
                 deck=["Ion Thrusters", "Warp Overdrive"])
    assert g.hand_limit(TERRAN) == 7 and len(g.state.hands[TERRAN]) == 7
    play(g, "move 10:5 by 2", "move 15:1 by 3", by=EMPIRE)
    # Terran (defending) plays no defence card: loses Nimrod; 7 cards, limit now 6.
    play(g, "pass", by=TERRAN)
    assert not g.controls(TERRAN, 8) and g.hand_limit(TERRAN) == 6
    assert g.state.player == TERRAN and g.phase == "draw" and g.current_player == CHANCE
    assert len(g.state.hands[TERRAN]) == 7  # over the limit, but nothing is discarded yet
    force(g, "Warp Overdrive")
    # Terran's own draw phase: 9 cards, three to discard, chosen by the Terran player.
    assert g.state.pending == "discard" and g.current_player == TERRAN
    assert len(g.state.hands[TERRAN]) == 9
    play(g, "discard Ambush", "discard Ambush", "discard Espionage", by=TERRAN)
    assert len(g.state.hands[TERRAN]) == 6 and g.phase == "roll"
