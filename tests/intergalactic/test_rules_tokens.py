"""Intergalactic rule tests: Intergalactic Tokens (IT): the cap, shifting a roll 1 IT per
point, the 5-IT extra roll (rules/intergalactic.txt "Max number of Tokens ...", "You may
spend 1 IT ...", "You may spend 5 IT ..."; RULINGS.md Intergalactic 2 and 5)."""

from __future__ import annotations

import pytest
from intergalactic.support import (
    CHANCE,
    Rules,
    acts,
    battle,
    force,
    keep,
    play,
    rec,
    refused,
    scenario,
    settle,
    two,
)

from boardgames.intergalactic import Move, data, lookup, stage_modifier

FOUR = ("research", "exploration", "development", "buildup")


def test_the_token_cap_is_20_plus_intelligence() -> None:
    """"Max number of Tokens you can have at any time is 20 plus your Intelligence level."
    "Immediately Use or Discard excess Tokens."

    Ruling 5: "Token cap 20 + Intelligence (at least 0); excess is discarded at once."
    Intelligence 3: income over 23 is discarded as it arrives, and logged."""
    g = scenario([rec(entries=["Quantum Computers"], tokens=21), rec("Yiff")])
    assert g.cap(0) == 23 and g.view()["records"][0]["cap"] == 23
    force(g, 6)
    assert g.state.tokens[0] == 23
    assert "P0 discards 4 IT over the cap of 23" in g.log
    h = scenario([rec(tokens=19), rec("Yiff")])
    force(h, 1)
    assert h.state.tokens[0] == 20 and h.cap(0) == 20 and not any("discards" in x
                                                                     for x in h.log)
    with pytest.raises(ValueError, match="24 tokens exceed the cap of 23"):
        scenario([rec(entries=["Quantum Computers"], tokens=24), rec("Yiff")])


def test_ruling_5_excess_tokens_are_discarded_at_once_when_intelligence_drops() -> None:
    """Ruling 5: "Token cap 20 + Intelligence (at least 0); excess is discarded at once."

    P1 holds 22 IT under a cap of 22 (Discovery Spheres: Intelligence +2). P0 wins a
    battle and removes Discovery Spheres: P1's cap is 20 and 2 IT go at once."""
    g = two("conflict", a=["Core Fleet"],
            b=["Core Fleet", "Fast Fleet", "Discovery Spheres", "Space Lanes"], tb=22)
    assert g.cap(1) == 22
    battle(g, 1, (30, 30), (100, 1))
    play(g, "discard Fast Fleet", by=1)
    assert g.state.tokens[1] == 22
    play(g, "remove Discovery Spheres", by=0)
    assert g.cap(1) == 20 and g.state.tokens[1] == 20
    assert "P1 discards 2 IT over the cap of 20" in g.log


def test_the_token_cap_at_least_0_never_binds() -> None:
    """Ruling 5: "Token cap 20 + Intelligence (at least 0); excess is discarded at once."

    No entry lowers Intelligence (every bonus is positive and no Criminal development is
    in Intelligence), so the cap is at least 20 in every game: the "at least 0" guard
    never binds."""
    for rows in data.LISTS.values():
        for e in rows:
            assert all(v > 0 for _, v in e.effects), e
            assert not (e.criminal and any(a == "Intelligence" for a, _ in e.effects)), e
    g = scenario([rec(entries=["Slavers", "Raiding"]), rec("Yiff", entries=["Black Market"])])
    assert g.cap(0) == g.cap(1) == 20


@pytest.mark.parametrize("stage", FOUR)
def test_you_may_spend_1_it_to_increase_or_decrease_a_roll(stage: str) -> None:
    """"You may spend 1 IT to increase or decrease a Research Roll by that amount."
    "You may spend 1 IT to increase or decrease a Exploration Roll by that amount."
    "You may spend 1 IT to increase or decrease a Development Roll by that amount."
    "You may spend 1 IT to increase or decrease a Buildup Roll by that amount."

    Ruling 2: "After seeing the die, the player may spend IT to move the total up or
    down by 1 each, then the entry is taken." One decision: with 3 IT after the income,
    ``keep <total>`` or ``land on <t> <entry> (<n> IT)`` for every other entry within 3
    either way, at the cheapest total that reaches it; the cost is paid as the entry is
    taken."""
    g = scenario([rec("Glish", "Green World", tokens=2), rec("Yiff")], stage=stage)
    mod = stage_modifier(stage, g.attributes(0))
    force(g, 1, 60)
    assert g.state.tokens[0] == 3
    lst = data.STAGE_LIST[stage]
    total = 60 + mod
    here = lookup(lst, total)
    want = {}
    for t in sorted(range(total - 3, total + 4), key=lambda t: abs(t - total)):
        e = lookup(lst, t)
        if e is not here and e.name not in want:
            want[e.name] = f"land on {t} {e.name} ({abs(t - total)} IT)"
    assert acts(g) == {f"keep {total}", *want.values()}
    up = max(want.values(), key=lambda a: Move.parse(a).total)  # the farthest up
    t = Move.parse(up).total
    play(g, up)
    assert g.state.tokens[0] == 3 - (t - total)
    assert f"P0 lands on {t} after spending {t - total} IT: {lookup(lst, t).name}" in g.log
    down = scenario([rec("Glish", "Green World", tokens=2), rec("Yiff")], stage=stage)
    force(down, 1, 60)
    play(down, keep(down))
    assert down.state.tokens[0] == 3 and f"P0 lands on {total}: {here.name}" in down.log


def test_ruling_2_the_shift_is_chosen_after_seeing_the_die_and_bounded() -> None:
    """Ruling 2: "After seeing the die, the player may spend IT to move the total up or
    down by 1 each, then the entry is taken."

    The die is rolled first (a chance node), then the player decides. Without IT, or
    with nothing else within reach, there is no decision at all. The landing stays
    within 0..101 (below 0 is as empty as 0, above 101 the same "101+")."""
    g = two(ta=20)
    force(g, 1)
    assert g.current_player == CHANCE  # the die comes first
    force(g, 100)
    assert max(Move.parse(a).total for a in acts(g)) == 101
    assert "land on 101 Pick one of the Above (1 IT)" in acts(g)
    assert "land on 80 Meta Data Encryption (20 IT)" in acts(g)  # the cap: 20
    assert min(Move.parse(a).total for a in acts(g)) == 80
    low = two(ta=10)
    force(low, 1, 2)
    assert acts(low) == {"keep 2", "land on 10 Progress (8 IT)"}  # 0..1 give nothing too
    play(low, "land on 10 Progress (8 IT)")
    assert low.state.tokens[0] == 11 - 8
    poor = two()
    force(poor, 1, 2)  # 1 IT: 1..3, nothing everywhere
    assert poor.phase != "spend" and "P0 lands on 2: nothing" in poor.log
    refused(poor, "keep 2", "chance")


def test_no_tokens_no_decision() -> None:
    """Ruling 2: "After seeing the die, the player may spend IT to move the total up or
    down by 1 each, then the entry is taken." A player without IT after the income
    (a Criminal Scan penalty can make the income 0) takes the entry at once."""
    g = scenario([rec(tokens=0), rec("Yiff", entries=["Raiding"])], stage="exploration")
    assert g.attributes(0)["Scan"] == -1
    force(g, 1)
    assert g.state.tokens[0] == 0 and "P0 gains 0 IT (1D6 1-1), has 0" in g.log
    force(g, 64)  # 64 + Speed/Scan modifiers
    assert g.phase != "spend" and any("P0 lands on" in x for x in g.log)


@pytest.mark.parametrize("stage", FOUR)
def test_you_may_spend_5_it_to_get_an_extra_roll(stage: str) -> None:
    """"You may spend 5 IT to get an extra Research Roll."
    "You may spend 5 IT to get an extra Exploration Roll."
    "You may spend 5 IT to get an extra Development Roll."
    "You may spend 5 IT to get an extra Buildup Roll."

    After the turn's roll, a player with 5 IT may buy one more roll on the stage's list,
    with the stage's modifier; once per turn (ruling 5)."""
    g = scenario([rec("Glish", "Green World", tokens=9), rec("Yiff")], stage=stage)
    force(g, 1, 1)
    settle(g)
    assert acts(g) == {"extra roll", "end turn"}
    play(g, "extra roll")
    assert g.state.tokens[0] == 10 - 5
    assert g.state.chance[:4] == ("roll", "d100", 0, data.STAGE_LIST[stage])
    assert g.state.chance[4] == stage_modifier(stage, g.attributes(0))
    force(g, 1)
    settle(g)
    assert g.state.chance[:3] == ("income", "d6", 1)  # no second extra roll
    poor = scenario([rec("Glish", "Green World", tokens=3), rec("Yiff")], stage=stage)
    force(poor, 1, 1)
    settle(poor)
    assert poor.state.chance[:3] == ("income", "d6", 1)  # 4 IT: no offer


def test_option_extra_rolls_per_turn_default_1() -> None:
    """Ruling 5: "Each turn: gain 1D6 IT (+ the stage's attribute bonus), one roll on the
    stage's list with the stage's modifiers, optionally 5 IT for one extra roll per turn
    (option `extra_rolls_per_turn`, default 1)."

    The default is 1; with 2 a second extra roll is offered, with 0 none."""
    assert Rules().extra_rolls_per_turn == 1
    g = two(ta=15, rules=Rules(extra_rolls_per_turn=2))
    force(g, 1, 1)
    settle(g)
    play(g, "extra roll")
    force(g, 1)
    settle(g)
    play(g, "extra roll")
    force(g, 1)
    settle(g)
    assert g.state.tokens[0] == 6 and g.state.chance[:3] == ("income", "d6", 1)
    z = two(ta=15, rules=Rules(extra_rolls_per_turn=0))
    force(z, 1, 1)
    settle(z)
    assert z.state.chance[:3] == ("income", "d6", 1)
    refused(z, "extra roll", "chance")
    for bad in (-1, 21, True, 1.0):
        with pytest.raises(ValueError, match="extra_rolls_per_turn"):
            Rules(extra_rolls_per_turn=bad)


def test_an_extra_roll_without_5_it_is_refused() -> None:
    """Ruling 5: "Token cap 20 + Intelligence (at least 0); excess is discarded at once."
    and "optionally 5 IT for one extra roll per turn": the offer needs 5 IT; asking
    for it in the wrong phase names the rule."""
    g = two(ta=9)
    force(g, 1, 1)
    msg = refused(g, "extra roll", "extra roll")
    assert "5 IT" in msg
