"""Blast rule tests: the game, the board, the units, the set-up and the turn
(rules/blast.txt up to "5. Fight Phase"; RULINGS.md Blast 1, 2, 4).

Each test is named after the sentence or ruling it checks and quotes it in its docstring;
``test_rules_coverage.py`` checks that every sentence of the text is quoted somewhere.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from blast.blast_support import (
    CHANCE,
    EMPIRE,
    TERRAN,
    Blast,
    acts,
    board,
    chance,
    force,
    play,
    scenario,
)

from boardgames.blast import data, render
from boardgames.blast.board import dest

ARMY = [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5]


def dealt(seed: int = 5) -> Blast:
    """A new game (auto_roll=False) with the ten opening cards forced: each side gets
    five of the cards named below."""
    g = Blast(seed=seed, auto_roll=False)
    cards = ["Ion Thrusters", "Nova Bomb", "Ambush", "Hold Position", "Plasteel Armor",
             "Warp Overdrive", "Plasma Generator", "Hyper Jump", "Strategic Move",
             "Disruptor cannon"]
    force(g, *cards)
    return g


# ---------------------------------------------------------------------------------------
# The game and the board
# ---------------------------------------------------------------------------------------


def test_a_backgammon_variant_for_the_terran_defense_force_and_the_evil_empire() -> None:
    """"Backgammon variant on a circular board with cards and a sci-fi theme."
    "One player is the Terran Defense Force."
    "The other player is the Evil Empire."

    Two players: player 0 is the Terran Defense Force, player 1 the Evil Empire."""
    g = Blast(seed=1)
    assert g.players == 2
    assert (g.side(0), g.side(1)) == ("terran", "empire")
    assert g.player_of("empire") == EMPIRE
    assert g.view(None)["sides"] == ["terran", "empire"]
    assert len(g.scores) == 2
    with pytest.raises(ValueError):
        g.view(2)


def test_the_board_is_a_circular_track_of_28_sectors_with_four_planets() -> None:
    """"The board is in the shape of a circular track."
    "The circle is divided into 28 spaces also known as sectors."
    "One space represents Planet Earth. (Space #1)"
    "The opposite space is Planet X, home of the Evil Empire. (Space #15)"
    "Moving clockwise from Earth, Space #8 is the Planet Nimrod."
    "Moving clockwise from Planet X, Space #22 is the Planet Cygnus-7."
    "All other spaces are known as Deep-Space sectors."

    Ruling 1: "Sectors 1..28 clockwise;" "Earth 1, Nimrod 8, Planet X 15, Cygnus-7 22.\""""
    v = Blast(seed=1).view(None)
    assert [s["sector"] for s in v["sectors"]] == list(range(1, 29))
    planets = {s["sector"]: s["planet"] for s in v["sectors"] if s["planet"]}
    assert planets == {1: "Earth", 8: "Nimrod", 15: "Planet X", 22: "Cygnus-7"}
    assert v["homeworlds"] == {"terran": 1, "empire": 15}
    # Opposite: 14 sectors apart either way round; Nimrod 7 clockwise of Earth, Cygnus-7
    # 7 clockwise of Planet X; the track closes (28 -> 1).
    assert dest(1, 14, 1) == 15 and dest(1, 14, -1) == 15
    assert dest(1, 7, 1) == 8 and dest(15, 7, 1) == 22
    assert dest(28, 1, 1) == 1 and dest(1, 1, -1) == 28
    deep = [s for s in v["sectors"] if s["planet"] is None]
    assert len(deep) == 24


def test_the_deck_the_vortex_and_the_scrap_heap_are_in_the_interior() -> None:
    """"The deck and the discard pile (the vortex) can be kept in the interior of the
    circle."
    "Also in the interior there is an area called the scrap heap where destroyed units
    are kept."

    The view counts the deck and lists the vortex and both scrap heaps; the SVG draws
    them inside the ring."""
    g = scenario(units={1: {"terran": [5, 4]}, 15: {"empire": [3]}},
                 vortex=["Ambush", "Nova Bomb"], phase="draw", to_move="terran")
    v = g.view(None)
    assert v["deck_size"] == 48
    assert v["vortex"] == {"Ambush": 1, "Nova Bomb": 1} and v["vortex_size"] == 2
    assert v["scrap"]["terran"] == sorted((Counter(ARMY) - Counter([5, 4])).elements())
    assert len(v["scrap"]["empire"]) == 14
    svg = render.svg(v)
    assert "Deck 48" in svg and "Vortex 2" in svg
    assert "Terran scrap heap (13)" in svg and "Empire scrap heap (14)" in svg


def test_each_side_has_15_units_as_blue_and_red_chits_of_force_1_to_5() -> None:
    """"Each side has 15 pieces or units."
    "Make them using cardboard counters (or chits)."
    "Use blue chits for the Terran Defense Force units."
    "Use red chits for the Evil Empire units."
    "Chits should be marked with their force value, a number between 1 and 5."

    Ruling 2: "Each side: one 5, two 4s, three 3s, four 2s, five 1s (total 35)."
    The board draws Terran chips in Okabe-Ito blue and Empire chips in vermilion (the
    palette's red), each marked with its force."""
    g = Blast(seed=2)
    for p, side in enumerate(data.SIDES):
        units = [f for st in g.state.units[p] for f in st] + list(g.state.scrap[p])
        assert sorted(units) == ARMY and sum(units) == 35
        assert data.army_forces(side) == tuple(ARMY)
    svg = render.svg(g.view(None))
    assert 'class="chip terran"' in svg and 'class="chip empire"' in svg
    assert render.COLOUR == {"terran": "#0072B2", "empire": "#D55E00"}
    assert 'fill="#0072B2"' in svg and 'fill="#D55E00"' in svg
    for f in range(1, 6):
        assert f">{f}</text>" in svg


def test_ruling_2_units_of_equal_force_on_a_sector_are_interchangeable() -> None:
    """Ruling 2: "Units of one side with equal force on one sector are interchangeable,
    so actions name (sector, force), not unit ids."

    Five force-1 units on Earth give one action per die, not five."""
    g = scenario(phase="move", dice=[2, 3], to_move="terran")
    moves = sorted(a for a in acts(g) if a.startswith("move 1:1 "))
    assert moves == ["move 1:1 by 2", "move 1:1 by 3"]
    assert len([a for a in acts(g) if a.startswith("move ")]) == 5 * 2
    play(g, "move 1:1 by 2")
    assert board(g, TERRAN)[3] == [1] and board(g, TERRAN)[1].count(1) == 4


# ---------------------------------------------------------------------------------------
# Set-up
# ---------------------------------------------------------------------------------------


def test_each_player_starts_with_5_cards() -> None:
    """"Each player starts with 5 cards."

    Ten draws from the full 50-card deck before the first turn, each a chance node over
    the deck (a multiset: two copies of each card, 1/25 per name at first)."""
    g = Blast(seed=4, auto_roll=False)
    first = chance(g)
    assert set(first) == set(data.CARD_NAMES)
    assert set(first.values()) == {Fraction(1, 25)}
    g = dealt()
    assert [len(h) for h in g.state.hands] == [5, 5]
    assert g.view(TERRAN)["hand"] == sorted(["Nova Bomb", "Hold Position", "Warp Overdrive",
                                             "Hyper Jump", "Disruptor cannon"])
    assert len(g.state.deck) == 40


def test_each_player_puts_all_15_units_on_the_homeworld() -> None:
    """"Each player puts all 15 of his units on his homeworld." (Earth for the Terran
    Defense Force, Planet X for the Evil Empire.)"""
    g = Blast(seed=3)
    assert board(g, TERRAN) == {1: ARMY}
    assert board(g, EMPIRE) == {15: ARMY}
    assert g.state.scrap == ((), ())


def test_players_alternate_turns_and_the_evil_empire_goes_first() -> None:
    """"Players alternate turns."
    "The Evil Empire goes first."

    Ruling 4: "The Evil Empire goes first.\""""
    g = dealt()
    assert g.state.player == EMPIRE and g.turn == 1
    assert any("Turn 1: Empire" in line for line in g.log)
    seen: list[tuple[int, int]] = []
    g.auto_roll = True
    while len(seen) < 6 and not g.is_over:
        if not seen or seen[-1][0] != g.turn:
            seen.append((g.turn, g.state.player))
        g.apply(g.legal_actions()[0])  # "done" / "pass" sort first: no Major Offensive
    turns = [p for _, p in seen]
    assert turns[:6] == [EMPIRE, TERRAN, EMPIRE, TERRAN, EMPIRE, TERRAN]


def test_the_player_whose_turn_it_is_is_the_attacker_the_other_the_defender() -> None:
    """"The player whose turn it is, is known as the attacker, the other player is the
    defender."

    Even on the defender's homeworld with the defender moving nothing: in the Terran
    turn the Terran side attacks, and the Empire plays the defence cards."""
    g = scenario(units={15: {"terran": [3], "empire": [2]}, 1: {"terran": [5]}},
                 phase="fight", to_move="terran",
                 hands={"terran": ["Nova Bomb"], "empire": ["Plasteel Armor"]})
    v = g.view(None)
    assert v["fight"]["attacker"] == "terran" and v["fight"]["defender"] == "empire"
    assert g.current_player == TERRAN and "play Nova Bomb" in acts(g)
    play(g, "done")
    assert g.current_player == EMPIRE and acts(g) == {"play Plasteel Armor", "pass"}


def test_each_turn_has_5_phases_draw_roll_build_move_fight() -> None:
    """"Each turn has 5 phases:"
    "1. Draw Phase" "2. Roll Phase" "3. Build Phase" "4. Move Phase" "5. Fight Phase"

    Ruling 4: "Draw 2 (an empty deck is refilled by shuffling the vortex) → roll 2D6 →
    build → move → fight." Phases seen in one turn, in this order."""
    g = scenario(units={1: {"terran": [1, 1, 2]}, 6: {"empire": [1]}, 15: {"empire": [5]}},
                 scrap={"terran": [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1],
                        "empire": [4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1]},
                 hands={"terran": ["Ion Thrusters"]}, deck=["Nova Bomb", "Ambush"],
                 phase="draw", to_move="terran")
    phases = [g.phase]
    assert g.phase == "draw"
    force(g, "Ambush")  # the last card then comes by itself
    assert len(g.state.hands[TERRAN]) == 3
    phases.append(g.phase)
    force(g, (2, 2))
    phases.append(g.phase)          # dice cards: still the roll phase
    play(g, "done")
    phases.append(g.phase)          # doubles, a unit at home: build
    play(g, "rebuild 5")
    phases.append(g.phase)
    play(g, "move 1:5 by 2")
    phases.append(g.phase)
    assert phases == ["draw", "roll", "roll", "build", "move", "move"]
    g2 = scenario(units={1: {"terran": [3]}, 5: {"empire": [1]}}, phase="move", dice=[4, 4],
                  to_move="terran")
    play(g2, "move 1:3 by 4")
    assert g2.current_player == CHANCE  # the fight is won, the turn over: the next draw
    assert any(line.startswith("Fight on sector 5") for line in g2.log)
    assert board(g2, TERRAN) == {5: [3]} and board(g2, EMPIRE) == {}
