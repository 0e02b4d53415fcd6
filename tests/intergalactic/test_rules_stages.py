"""Intergalactic rule tests: the turn of stages I-IV (rules/intergalactic.txt, the Research,
Exploration, Development and Buildup paragraphs; RULINGS.md Intergalactic 5): turns,
income, the list roll and its modifiers, the race record, the end of a stage."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from intergalactic.support import (
    CHANCE,
    Intergalactic,
    Rules,
    acts,
    chance,
    force,
    keep,
    rec,
    rolled,
    scenario,
    settle,
    two,
)

from boardgames.intergalactic import data, lookup, stage_modifier

FOUR = ("research", "exploration", "development", "buildup")
# A record with a different level in every attribute a stage modifier or income reads.
LEVELS = ["Quantum Computers", "Fusion Reactors", "Energy Scanners", "Hyper Drives",
          "Weather Control", "Meta Data Encryption", "Genetic Engineering", "Zero-G Refining",
          "Self Assembly"]
# The sentences of the text, per stage: (income bonus attribute, weight-1 attributes,
# weight-2 attributes), written here from the text.
TEXT = {
    "research": (None, (), ("Intelligence",)),
    "exploration": ("Scan", ("Intelligence", "Energy"), ("Scan", "Speed")),
    "development": ("Finance", ("Intelligence", "Speed", "Energy"),
                    ("Terraforming", "Finance", "Population")),
    "buildup": ("Manufacturing", ("Population", "Speed", "Energy"),
                ("Metals", "Finance", "Manufacturing")),
}


def _turn_lines(g: Intergalactic) -> list[tuple[str, int, int]]:
    """(stage, turn, player) of every "-- <stage> turn N: Pp --" line of the log."""
    out = []
    for line in g.log:
        m = re.match(r"-- (\w+) turn (\d+): P(\d) --", line)
        if m:
            out.append((m.group(1), int(m.group(2)), int(m.group(3))))
    return out


def _quick(g: Intergalactic) -> Intergalactic:
    """Decline every token choice (``keep``, ``end turn``) until the stage changes."""
    stage = g.state.stage
    while g.state.stage == stage and not g.is_over:
        if g.current_player == CHANCE:
            g.roll()
        elif g.phase == "spend":
            g.apply(keep(g))
        elif "end turn" in acts(g):
            g.apply("end turn")
        else:
            g.apply(g.legal_actions()[0])
    return g


@pytest.mark.parametrize("stage", FOUR)
def test_players_take_turns(stage: str) -> None:
    """"Players take turns."

    In turn order, one player-turn after the other, each starting with the player's
    income; the order is the one rolled at set-up (here P2, P0, P1)."""
    g = scenario([rec(), rec("Yiff"), rec("Humans")], stage=stage, current_player=2)
    for _ in range(7):
        who = [t for t in _turn_lines(g) if t[0] == stage][-1][2]
        assert g.current_player == CHANCE and g.state.chance[:3] == ("income", "d6", who)
        force(g, 1, 5)
        while g.current_player not in (CHANCE, None):
            g.apply(keep(g) if g.phase == "spend" else "end turn")
        while g.current_player == CHANCE and g.state.chance[0] != "income":
            g.roll()
            while g.current_player not in (CHANCE, None):
                g.apply(keep(g) if g.phase == "spend" else g.legal_actions()[0])
    players = [p for st, _, p in _turn_lines(g) if st == stage]
    assert players[:8] == [2, 0, 1, 2, 0, 1, 2, 0]


@pytest.mark.parametrize("stage", FOUR)
def test_on_your_turn_gain_1d6_it_plus_the_stage_bonus(stage: str) -> None:
    """"On your turn gain 1D6 IT."
    "Add 1 for every level of Scan you have." (Exploration)
    "Add 1 for every level of Finances you have." (Development)
    "Add 1 for every level of Manufacturing you have." (Buildup)

    Ruling 5: "Each turn: gain 1D6 IT (+ the stage's attribute bonus), one roll on the
    stage's list with the stage's modifiers, optionally 5 IT for one extra roll per turn
    (option `extra_rolls_per_turn`, default 1)." The Research stage has no bonus."""
    g = scenario([rec(entries=LEVELS, tokens=2), rec("Yiff")], stage=stage)
    assert chance(g) == {k: Fraction(1, 6) for k in range(1, 7)}
    attr = TEXT[stage][0]
    bonus = g.attributes(0)[attr] if attr else 0
    assert bonus == {"research": 0, "exploration": 2, "development": 3, "buildup": 3}[stage]
    force(g, 4)
    assert g.state.tokens[0] == 2 + 4 + bonus
    assert f"P0 gains {4 + bonus} IT (1D6 4{bonus:+d})" in g.log[-1]


@pytest.mark.parametrize("stage", FOUR)
def test_on_your_turn_roll_1d100_once_on_the_stage_list_with_its_modifiers(stage: str) -> None:
    """"On your turn roll 1D100 (Research roll) once on the Research Technolgy List."
    "Add 2 to your roll for each level of Intelligence you have."
    "On your turn roll 1D100 (Exploration roll) once on the Explore Worlds List."
    "Add 1 to your roll for each level of Intelligence and Energy you have."
    "Add 2 to your roll for each level of Scan and Speed you have."
    "On your turn roll 1D100 (Development roll) once on the Development List."
    "Add 1 to your roll for each level of Intelligence, Speed, and Energy you have."
    "Add 2 to your roll for each level of Terraforming, Finances, and Population you have."
    "On your turn roll 1D100 (Buildup roll) once on the Buildup Fleet List."
    "Add 1 to your roll for each level of Population, Speed, and Energy you have."
    "Add 2 to your roll for each level of Metals, Finances, and Manufacturing you have."

    Every attribute level is different here, so a wrong weight shows."""
    g = scenario([rec(entries=LEVELS), rec("Yiff")], stage=stage)
    a = g.attributes(0)
    _, ones, twos = TEXT[stage]
    mod = sum(a[x] for x in ones) + 2 * sum(a[x] for x in twos)
    assert mod == stage_modifier(stage, a)
    assert mod == {"research": 6, "exploration": 3 + 2 + 2 * (2 + 5),
                   "development": 3 + 5 + 2 + 2 * (4 + 3 + 5),
                   "buildup": 5 + 5 + 2 + 2 * (3 + 3 + 3)}[stage]
    force(g, 1)
    assert chance(g).keys() == set(range(1, 101))
    force(g, 7)
    assert f"P0 rolls 7 on the {data.STAGE_LIST[stage]} list ({mod:+d}): {7 + mod}" in g.log
    settle(g)
    # once: with fewer than 5 IT (no extra roll) the next player's turn begins
    assert g.state.chance[:3] == ("income", "d6", 1)


KIND_ENTRY = {"research": "Ion Drives", "exploration": "Mining World",
              "development": "Space Lanes", "buildup": "Core Fleet"}


@pytest.mark.parametrize("stage", FOUR)
def test_record_on_your_race_record_what_you_land_on(stage: str) -> None:
    """"Record on your Race Record all your Technologies."
    "Record on your Race Record all your Discoveries."
    "Record on your Race Record all your Developments."
    "Record on your Race Record all Fleets you build."

    The entry landed on goes to the player's record, under its kind."""
    g = two(stage)
    name = KIND_ENTRY[stage]
    e = data.by_name(name)
    die = e.dc - stage_modifier(stage, g.attributes(0))
    force(g, 1, die)
    assert rolled(g) == (e.dc, name)
    settle(g)
    kind = data.KIND[e.list]
    assert g.view()["records"][0]["held"][kind] == [name]
    assert f"P0 gains {name} ({kind})" in g.log


@pytest.mark.parametrize("stage", FOUR)
def test_the_stage_ends_when_each_player_has_had_10_turns(stage: str) -> None:
    """"The Stage ends when each player has had 10 Turns."

    Ruling 5: "Ten turns per player per stage." Three players: 30 player-turns, ten
    each, then the next stage starts at its turn 1."""
    g = scenario([rec(), rec("Yiff"), rec("Humans")], stage=stage, auto_roll=True)
    _quick(g)
    turns = [(t, p) for st, t, p in _turn_lines(g) if st == stage]
    assert [t for t, _ in turns] == list(range(1, 31))
    assert sorted(p for _, p in turns) == [0] * 10 + [1] * 10 + [2] * 10
    nxt = data.STAGES[data.STAGES.index(stage) + 1]
    assert g.state.stage == nxt and g.state.turn == 1
    assert f"== {nxt.capitalize()} stage ==" in g.log


def test_option_turns_per_stage_shortens_every_stage() -> None:
    """"The Stage ends when each player has had 10 Turns." ``Rules(turns_per_stage=3)``
    makes it 3 (lessons and quick tests); the default is 10."""
    assert Rules().turns_per_stage == 10
    g = scenario([rec(), rec("Yiff")], rules=Rules(turns_per_stage=3), auto_roll=True)
    for stage in FOUR:
        _quick(g)
        assert len([1 for st, _, _ in _turn_lines(g) if st == stage]) == 6
    assert g.state.stage == "conflict"
    with pytest.raises(ValueError, match="turns_per_stage"):
        Rules(turns_per_stage=0)


def test_a_scenario_starts_at_any_turn_of_a_stage() -> None:
    """Ruling 5: "Ten turns per player per stage." A scenario at turn 20 of two players
    is the last turn of the stage; turn 21 is refused."""
    g = scenario([rec(), rec("Yiff")], stage="exploration", turn=20, current_player=1)
    force(g, 1, 1)
    settle(g)
    assert g.state.stage == "development" and g.state.turn == 1
    with pytest.raises(ValueError, match="turn must be an int in"):
        scenario([rec(), rec("Yiff")], stage="exploration", turn=21)


def test_lookup_of_the_stage_roll_is_the_engine_landing() -> None:
    """Ruling 5: "Each turn: gain 1D6 IT (+ the stage's attribute bonus), one roll on the
    stage's list with the stage's modifiers, optionally 5 IT for one extra roll per turn
    (option `extra_rolls_per_turn`, default 1)." For every die the view's landing entry
    is ``lookup`` of the die plus the modifier."""
    for stage in FOUR:
        for die in range(1, 101, 9):
            g = scenario([rec(entries=LEVELS), rec("Yiff")], stage=stage)
            force(g, 1, die)
            total = die + stage_modifier(stage, g.attributes(0))
            e = lookup(data.STAGE_LIST[stage], total)
            assert rolled(g) == (total, e.name if e else None)
