"""Intergalactic rule tests: reading a list (thresholds, "101+"), requirements and the
Advanced designation, entries held once, one-shot and nested rolls, Criminal developments
(rules/intergalactic.txt "Some technologies and developments ..." and the Development
paragraph's last two sentences; RULINGS.md Intergalactic 2, 3, 4 and 6)."""

from __future__ import annotations

import re

import pytest
from intergalactic.support import (
    CHANCE,
    RULE_TEXT,
    Intergalactic,
    Rules,
    acts,
    force,
    keep,
    play,
    rec,
    scenario,
    settle,
    two,
)

from boardgames.intergalactic import data, lookup, stage_modifier


def _roll(stage: str, total: int, **kw: object) -> Intergalactic:
    """Two players, P0 (Glish, Green World: no income bonus) with 0 IT, whose first roll of
    ``stage`` lands on ``total`` (forced die = total - modifier)."""
    entries = kw.pop("entries", [])
    g = scenario([rec("Glish", "Green World", entries), rec("Yiff")], stage=stage, **kw)
    die = total - stage_modifier(stage, g.attributes(0))
    assert 1 <= die <= 100, die
    g.apply(1)  # income 1 IT
    g.apply(die)
    if g.phase == "spend":
        play(g, keep(g))
    return g


def test_ruling_2_entries_are_keyed_by_threshold_and_00_is_100() -> None:
    """Ruling 2: "Entries are keyed by threshold (DC);" "00" is 100. "A modified roll
    gives the entry with the highest DC not above it; below the lowest DC gives
    nothing;"

    Research: 9 is below "10-Progress" (nothing), 10-19 Progress, 26 Research, 27
    Advanced Research; 100 ("00") Telepathy."""
    for total, want in [(9, None), (10, "Progress"), (19, "Progress"), (26, "Research"),
                        (27, "Advanced Research"), (99, "Precog Computers"),
                        (100, "Telepathy")]:
        e = lookup("research", total)
        assert (e.name if e else None) == want
    g = _roll("research", 9)
    assert "P0 lands on 9: nothing" in g.log and g.state.entries[0] == ()
    h = _roll("research", 100, entries=["Positronic Brains"])  # Telepathy: Req Int 1+
    assert "Telepathy" in h.state.entries[0]
    assert re.search(r"^00-Telepathy", RULE_TEXT, re.M)


def test_ruling_2_101_gives_its_special_result_pick_one_of_the_above() -> None:
    """Ruling 2: "101+" gives its special result ("Pick one of the Above": the player
    picks any entry whose requirement they meet;

    On the Research list 101 lets the player pick: every entry of the list (one-shots
    included) whose requirement is met and which is not held."""
    g = _roll("research", 101, entries=["Meson Cannons", "Ion Drives", "Positronic Brains"])
    assert g.phase == "pick" and g.current_player == 0
    picks = {a.removeprefix("pick ") for a in acts(g)}
    a = g.attributes(0)
    want = {e.name for e in data.RESEARCH if e.dc <= 100 and e.name not in g.state.entries[0]
            and (e.req is None or a[e.req[0]] >= e.req[1])}
    assert picks == want
    assert "Progress" in picks and "Comet Diverters" in picks  # Speed 1 from Ion Drives
    assert "Telepathy" in picks and "Nova Bombs" not in picks  # Req Int 1+ / Energy 1+
    play(g, "pick Comet Diverters")
    assert "Comet Diverters" in g.state.entries[0] and "P0 picks Comet Diverters" in g.log


def test_ruling_2_roll_twice_gives_two_more_rolls() -> None:
    """Ruling 2: "Roll Twice": two more rolls).

    Exploration 101 ("Roll Twice"): two more rolls on the same list with the usual
    modifier; the first one's bonus (Fringe World: Speed +1) counts for the second."""
    g = _roll("exploration", 101, entries=["Ion Drives"])  # Speed 1: modifier 2
    assert g.current_player == CHANCE and g.state.chance[3] == "exploration"
    force(g, 49)  # 51: Fringe World, Speed +1
    play(g, keep(g))
    assert g.state.chance[3:5] == ("exploration", 4)
    force(g, 74)  # 78: Crystal World
    play(g, keep(g))
    assert {"Fringe World", "Crystal World"} <= set(g.state.entries[0])
    d = _roll("development", 101)
    assert d.current_player == CHANCE and d.state.chance[3] == "development"
    assert lookup("development", 101).special == "twice"


RICH = ["Alien Refugees", "Accelerated Cloning", "Inner System", "Genetic Engineering",
        "Prime World", "Weather Control", "Medical Immortality", "Agri World", "Hyper Drives",
        "Geothermal Venting", "Advanced Bioharvesting", "Tachyon Drives", "Mind Duplicates",
        "Meta Data Encryption", "Atmospheric Converters", "Ion Drives"]
"""Technologies and worlds that give Glish of the Blue World a Development modifier of
100: every Development roll is 101+."""


def test_ruling_2_a_roll_twice_roll_that_lands_on_101_again_is_pick_one_of_the_above() -> None:
    """Ruling 2: "A roll made for "Roll Twice" that lands on 101+ again counts as "Pick one
    of the Above" on that list, so a large modifier is a reward, never a dead end."

    A Development modifier of 100: the stage roll is 101+ (Roll Twice), both rolls it
    gives are 101+ again, and each lets P0 pick a development it may take (the list's
    own, not the Research list's); P0 ends the turn with two developments."""
    g = scenario([rec("Glish", "Blue World", RICH), rec("Yiff")], stage="development")
    assert stage_modifier("development", g.attributes(0)) == 100
    force(g, 1, 1)  # income 1 IT, then the stage roll: 101
    play(g, keep(g))
    assert g.state.chance[3:6] == ("development", 100, 1)  # a roll made for Roll Twice
    force(g, 37)  # 137: with 1 IT nothing else is within reach, no decision
    assert g.view()["roll"]["entry"] == "Pick one of the Above"
    assert lookup("development", 137).name == "Roll Twice"
    assert lookup("development", 137, twice=True).name == "Pick one of the Above"
    assert g.phase == "pick" and g.current_player == 0
    assert "P0 lands on 137: Pick one of the Above" in g.log
    picks = {a.removeprefix("pick ") for a in acts(g)}
    want = {e.name for e in data.DEVELOPMENT if e.dc <= 100 and e.name not in RICH
            and (e.req is None or g.attributes(0)[e.req[0]] >= e.req[1])}
    assert picks == want and "Cosmic Consulates" in picks
    play(g, "pick Cosmic Consulates")
    force(g, 100)  # the second roll: 200
    if g.phase == "spend":
        play(g, keep(g))
    play(g, "pick Alien Embassies")
    assert {"Cosmic Consulates", "Alien Embassies"} <= set(g.state.entries[0])
    assert g.vp(0) == g.vp(1) + len(RICH) + (1 + 7) + (1 + 6)


@pytest.mark.parametrize(("depth", "rolls"), [(1, 3), (3, 15)])
def test_option_roll_twice_depth(depth: int, rolls: int) -> None:
    """Ruling 2: "Roll Twice": two more rolls). ``Rules.roll_twice_depth`` (default 1,
    the ruling): how many levels of Roll Twice a stage roll goes through before a 101+
    is "Pick one of the Above". Depth 1: one roll and its two, each a pick; depth 3:
    1 + 2 + 4 + 8 rolls, the last 8 picks."""
    assert Rules().roll_twice_depth == 1
    g = _roll("exploration", 101, entries=["Ion Drives"], rules=Rules(roll_twice_depth=depth))
    n = 1
    picked: list[str] = []
    while g.current_player != CHANCE or g.state.chance[0] == "roll":
        if g.current_player == CHANCE:
            force(g, 100)
            n += 1
        elif g.phase == "spend":
            play(g, keep(g))
        elif g.phase == "pick":  # the first world it may take
            picked.append(min((a for a in acts(g) if data.by_name(a[5:]).kept),
                              key=lambda a: data.by_name(a[5:]).dc))
            play(g, picked[-1])
        else:
            break
    assert n == rolls and len(picked) == 2 ** depth
    assert sum("Pick one of the Above" in x for x in g.log) == 2 ** depth
    with pytest.raises(ValueError, match="roll_twice_depth"):
        Rules(roll_twice_depth=0)


def test_ruling_3_a_player_holds_each_named_entry_at_most_once() -> None:
    """Ruling 3: "A player holds each named entry at most once; landing on one already
    held, or one whose requirement ("Req X n+") is not met, gives nothing." """
    g = _roll("research", 34, entries=["Meson Cannons"])
    assert g.state.entries[0] == ("Meson Cannons",)
    assert "  P0 already holds Meson Cannons: nothing" in g.log


def test_requirements_must_be_met_to_put_an_entry_in_play() -> None:
    """"Some technologies and developments and Fleets have requirements that must be met
    in order for them to be put in play."
    "These are always some minimum Attribute level (Example: Req Speed 3+ means you
    must have 3 or more levels of the speed attribute before you can play the card)."

    Ruling 3: landing on an entry "whose requirement ("Req X n+") is not met, gives
    nothing". Fast Growing Colonies (Req Speed 3+): nothing with Speed 2, held with
    Speed 3."""
    e = data.by_name("Fast Growing Colonies")
    assert e.req == ("Speed", 3)
    g = _roll("development", 43, entries=["Impulse Drives"])  # Speed 2
    assert "Fast Growing Colonies" not in g.state.entries[0]
    assert "  Fast Growing Colonies needs Speed 3+: nothing" in g.log
    h = _roll("development", 43, entries=["Reactionless Drives"])  # Speed 3
    assert "Fast Growing Colonies" in h.state.entries[0]


def test_all_tech_dev_and_fleet_cards_with_a_requirement_are_advanced() -> None:
    """"All Tech and Dev and Fleet cards with a requirement are considered to have the
    "Advanced" designation."

    Every entry with a "(Req" in the text, and only those, is Advanced; the race
    record counts the Advanced technologies and fleets (the Advantage phase's +5)."""
    reqs = len(re.findall(r"\(Req \w+ \d\+\)", RULE_TEXT))
    advanced = [e for rows in data.LISTS.values() for e in rows if e.advanced]
    assert len(advanced) == reqs == 44
    assert {e.list for e in advanced} == {"research", "development", "buildup"}
    g = scenario([rec(entries=["Comet Diverters", "Fast Growing Colonies", "Planet Buster",
                               "Ion Drives"]), rec("Yiff")])
    assert g.advanced(0) == 2 and g.view()["records"][0]["advanced"] == 2


def test_ruling_3_lists_are_shared() -> None:
    """Ruling 3: "Lists are shared: several players may hold the same entry."
    "Have common unmarked Stage Lists."

    P1 holds Meson Cannons; P0 lands on it and gains it too."""
    g = scenario([rec("Glish", "Green World"), rec("Yiff", entries=["Meson Cannons"])])
    force(g, 1, 34)
    play(g, keep(g))
    assert "Meson Cannons" in g.state.entries[0] and "Meson Cannons" in g.state.entries[1]


def test_ruling_4_one_shot_entries_are_applied_and_not_kept() -> None:
    """Ruling 4: "One-shot entries ("Get +N to next Roll", "Roll on the Research List
    +N", "Lost Opportunity", "Roll on Fleet Table +15") are applied and not kept; they
    are not technologies, worlds or developments and give no VP."

    Progress ("Get +10 to next Roll"): no entry, no VP, a +10 waiting; Alien Ruins
    ("Roll on the Research List +30"): a research roll, Alien Ruins not held."""
    g = _roll("research", 10)
    assert g.state.entries[0] == () and g.vp(0) == 1 and g.state.bonus[0] == 10
    assert g.view()["records"][0]["next_bonus"] == 10
    h = _roll("exploration", 68)
    assert h.state.chance[3] == "research" and h.state.entries[0] == ()
    force(h, 1)
    assert "Alien Ruins" not in h.state.entries[0] and h.vp(0) == 1
    for rows in data.LISTS.values():
        for e in rows:
            assert e.one_shot == (not e.kept and e.list not in ("race", "homeworld")), e


def test_ruling_4_next_roll_bonus_applies_to_the_next_list_roll_of_any_kind() -> None:
    """Ruling 4: "+N to next Roll" applies to that player's next list roll of any kind.

    Empty Void ("Get +5 to next Roll") on an exploration roll: P0's extra roll gets +5.
    Progress (+10) in the last research turn: P0's first exploration roll gets +10. A
    bonus waiting at the Conflict stage goes to the stratagem roll."""
    g = scenario([rec("Glish", "Green World", tokens=8), rec("Yiff")], stage="exploration")
    force(g, 1, 20)
    play(g, keep(g), "extra roll")
    assert g.state.chance[4] == 5 and g.state.bonus[0] == 0
    assert "P0 uses +5 to the next roll" in g.log
    h2 = scenario([rec("Glish", "Green World"), rec("Yiff")], turn=19)
    force(h2, 1, 10)
    play(h2, keep(h2))  # P0 lands on Progress
    force(h2, 1, 1)
    settle(h2)  # P1 (nothing within reach of 1 IT: no decision)
    assert h2.state.stage == "exploration" and h2.state.bonus[0] == 10
    force(h2, 1)
    assert h2.state.chance[3] == "exploration" and h2.state.chance[4] == 10
    r = scenario([rec(entries=["Core Fleet"]), rec("Yiff", entries=["Core Fleet"])],
                 stage="buildup", turn=20, current_player=1)
    force(r, 1)
    r.apply(14 - stage_modifier("buildup", r.attributes(1)))  # P1: Research & Design +15
    if r.phase == "spend":
        play(r, keep(r))
    assert r.state.stage == "conflict" and r.state.bonus[1] == 15
    force(r, 1)
    play(r, "attack 0", by=1)
    assert r.state.chance[:4] == ("roll", "d100", 1, "stratagem") and r.state.chance[4] == 15


def test_ruling_4_a_nested_roll_uses_the_named_list_with_its_stage_modifiers_plus_n() -> None:
    """Ruling 4: "A nested roll uses the named list with its stage's usual modifiers plus
    N."

    Invention Matrix ("Roll on the Research List +35") on a development roll: a research
    roll at 2 x Intelligence + 35; its landing may be shifted with IT like any roll."""
    g = scenario([rec("Glish", "Green World", entries=["Quantum Computers"], tokens=3),
                  rec("Yiff")], stage="development")
    dev = stage_modifier("development", g.attributes(0))
    force(g, 1, 60 - dev)
    play(g, keep(g))
    assert g.state.chance[3:5] == ("research", 2 * 3 + 35)
    force(g, 20)
    assert g.phase == "spend" and g.view()["roll"]["total"] == 61
    play(g, "land on 62 Hyper Drives (1 IT)")
    assert "Hyper Drives" in g.state.entries[0] and g.state.tokens[0] == 3


def test_criminal_developments_plus_1_to_the_holder_minus_1_to_all_opponents() -> None:
    """"Some Development cards have the criminal designation."
    "They give you +1 in the indicated attribute and a -1 to all your opponents."

    Ruling 6: "Criminal developments: +1 to the holder, -1 to every opponent in that
    attribute." Three players: P1 lands on Piracy (Metals); P0 and P2 lose a level."""
    g = scenario([rec("Glish", "Brown World"), rec("Yiff", "Green World"),
                  rec("Humans", "Brown World")], stage="development", current_player=1)
    before = [g.attributes(p)["Metals"] for p in range(3)]
    force(g, 1, 96 - stage_modifier("development", g.attributes(1)))
    play(g, keep(g))
    assert "Piracy" in g.state.entries[1] and data.by_name("Piracy").criminal
    assert [g.attributes(p)["Metals"] for p in range(3)] == [before[0] - 1, before[1] + 1,
                                                            before[2] - 1]
    crim = [e for e in data.DEVELOPMENT if e.criminal]
    assert len(crim) == 7 and all(len(e.effects) == 1 and e.effects[0][1] == 1 for e in crim)


def test_ruling_6_attributes_may_go_below_zero() -> None:
    """Ruling 6: "Attributes may go below zero."

    Two opponents hold Raiding (Scan, Criminal): P0's Scan is -2, which lowers its
    exploration modifier by 4 and its exploration income by 2 (never below 0 IT)."""
    g = scenario([rec(), rec("Yiff", entries=["Raiding"]), rec("Humans", entries=["Raiding"])],
                 stage="exploration")
    assert g.attributes(0)["Scan"] == -2 and g.attributes(1)["Scan"] == 1 - 1
    assert stage_modifier("exploration", g.attributes(0)) == -4
    force(g, 1)
    assert g.state.tokens[0] == 0
    force(g, 10)  # no IT: the entry is taken at once
    assert "P0 rolls 10 on the exploration list (-4): 6" in g.log
    assert "P0 lands on 6: nothing" in g.log


def test_criminal_penalties_count_for_requirements() -> None:
    """Ruling 6: "Criminal developments: +1 to the holder, -1 to every opponent in that
    attribute." and ruling 3 "whose requirement ("Req X n+") is not met, gives
    nothing": the penalty counts. P0 has Metals 1 (Brown World) but P1 holds Piracy:
    Mass Drivers (Req Metals 1+) gives P0 nothing."""
    g = scenario([rec("Glish", "Brown World"), rec("Yiff", entries=["Piracy"])])
    assert g.attributes(0)["Metals"] == 0
    force(g, 1, 42)
    play(g, keep(g))
    assert "  Mass Drivers needs Metals 1+: nothing" in g.log


def test_quick_lookup_of_every_list_matches_the_engine() -> None:
    """Ruling 2: "A modified roll gives the entry with the highest DC not above it; below
    the lowest DC gives nothing;" the engine's landing equals ``lookup`` for every total
    of every stage list (checked on the view of a forced roll)."""
    for stage in ("research", "exploration", "development", "buildup"):
        g = two(stage)
        mod = stage_modifier(stage, g.attributes(0))
        for die in (1, 13, 50, 99, 100):
            h = two(stage)
            force(h, 1, die)
            e = lookup(data.STAGE_LIST[stage], die + mod)
            if h.phase == "spend":
                assert h.view()["roll"]["entry"] == (e.name if e else None)
            settle(h)  # (no decision when nothing else is within reach of 1 IT)
            assert f"P0 lands on {die + mod}: {e.name if e else 'nothing'}" in h.log
