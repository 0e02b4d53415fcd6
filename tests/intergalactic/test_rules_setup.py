"""Intergalactic rule tests: the game, its stages, records and set-up (rules/intergalactic.txt
from "List and Dice game" to "Each player selects a Race and a Homeworld."; RULINGS.md
Intergalactic 1)."""

from __future__ import annotations

import random
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
    play,
    rec,
    scenario,
)

import boardgames as bg
from boardgames.intergalactic import data


def _setup(players: int, orders: list[int]) -> Intergalactic:
    """A new game with the turn-order rolls forced."""
    g = Intergalactic(players=players, seed=1, auto_roll=False)
    return force(g, *orders)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_list_and_dice_game_for_2_to_6_players(players: int) -> None:
    """"List and Dice game for 2-6+ players."
    "Space Empire Theme."

    Ruling 1: "Setup. 2-6 players." Each player gets a race record; 1 or 7 players are
    refused by name."""
    g = Intergalactic(players=players, seed=3)
    assert g.players == players and len(g.view()["records"]) == players
    assert g.phase == "race" and g.current_player in range(players)
    for bad in (1, 7, 0, "4", True):
        with pytest.raises(ValueError, match="players must be an int from 2 to 6"):
            Intergalactic(players=bad)


def test_each_player_controls_a_different_alien_race() -> None:
    """"Each player controls a different Alien Race seeking to dominate his neighbors."

    A race taken is offered to nobody else, picked or rolled; a scenario with two players
    of one race is refused."""
    g = _setup(3, [9, 5, 2])
    play(g, "race Humans", by=0)
    play(g, "homeworld Blue World", by=0)
    assert "race Humans" not in acts(g) and len(acts(g)) == 1 + 9
    play(g, "race Karnor", "homeworld Blue World", by=1)
    play(g, "race roll", by=2)
    outcomes = chance(g)
    assert set(outcomes) == {e.name for e in data.RACE} - {"Humans", "Karnor"}
    assert set(outcomes.values()) == {Fraction(1, 8)}
    force(g, "Yiff")
    assert g.state.races == ("Humans", "Karnor", "Yiff")
    with pytest.raises(ValueError, match="each player controls a different race"):
        scenario([rec("Humans"), rec("Humans")])


def test_ruling_1_turn_order_1d10_high_first_rerolling_ties() -> None:
    """"Players roll high on 1D10 to determine turn order."

    Ruling 1: "Turn order: 1D10 high first, rerolling ties." Only the tied players
    reroll, as often as they tie again; the others keep their place."""
    g = Intergalactic(players=4, seed=1, auto_roll=False)
    assert chance(g) == {k: Fraction(1, 10) for k in range(1, 11)}
    force(g, 6, 9, 6, 2)  # P0 and P2 tie on 6
    assert "Ties for turn order: P0, P2 reroll" in g.log
    force(g, 3, 3)  # they tie again
    force(g, 8, 1)
    assert g.state.order == (1, 0, 2, 3)
    assert g.log[-1] == "Turn order: P1, P0, P2, P3"
    assert g.phase == "race" and g.current_player == 1
    # without a tie nobody rerolls
    h = _setup(3, [1, 10, 4])
    assert h.state.order == (1, 2, 0) and h.phase == "race"


def test_ruling_1_each_picks_or_rolls_a_race_and_a_homeworld_and_gains_their_bonuses() -> None:
    """"Each player selects a Race and a Homeworld."

    Ruling 1: "Each picks (or rolls 1D10 for) a Race and a Homeworld and gains their
    bonuses." In turn order; a rolled Race is uniform over those not taken (a reroll of a
    taken one), a rolled Homeworld uniform over all ten."""
    g = _setup(2, [3, 8])  # P1 first
    assert g.current_player == 1
    assert acts(g) == {"race roll"} | {f"race {e.name}" for e in data.RACE}
    play(g, "race Humans", by=1)  # Finance +1, Intelligence +1
    play(g, "homeworld roll", by=1)
    assert chance(g) == {e.name: Fraction(1, 10) for e in data.HOMEWORLD}
    force(g, "Blue World")  # Finance +1
    a = g.attributes(1)
    assert (a["Finance"], a["Intelligence"]) == (2, 1)
    assert sum(a.values()) == 3
    play(g, "race roll", by=0)
    assert len(chance(g)) == 9
    force(g, "Karnor")  # Weapons +3, Strategy +3
    play(g, "homeworld Black World", by=0)  # Defense +3
    a = g.attributes(0)
    assert (a["Weapons"], a["Strategy"], a["Defense"]) == (3, 3, 3)
    assert g.state.stage == "research" and g.current_player == CHANCE


def test_option_distinct_homeworlds_false_homeworlds_may_repeat() -> None:
    """Ruling 1: "Each picks (or rolls 1D10 for) a Race and a Homeworld and gains their
    bonuses." Only races must differ ("a different Alien Race"), so by default two
    players may share a Homeworld."""
    g = _setup(2, [5, 1])
    play(g, "race Glish", "homeworld Red World", by=0)
    play(g, "race Yiff", by=1)
    assert "homeworld Red World" in acts(g)
    play(g, "homeworld Red World", by=1)
    assert g.state.homeworlds == ("Red World", "Red World")
    assert scenario([rec(homeworld="Red World"), rec("Yiff", "Red World")]).players == 2


def test_option_distinct_homeworlds_true_a_taken_homeworld_is_not_offered() -> None:
    """Ruling 1: "Each picks (or rolls 1D10 for) a Race and a Homeworld and gains their
    bonuses." With ``Rules(distinct_homeworlds=True)`` a Homeworld taken is neither
    offered nor rolled again, and a scenario sharing one is refused."""
    rules = Rules(distinct_homeworlds=True)
    g = force(Intergalactic(players=2, seed=1, auto_roll=False, rules=rules), 5, 1)
    play(g, "race Glish", "homeworld Red World", by=0)
    play(g, "race Yiff", by=1)
    assert "homeworld Red World" not in acts(g) and len(acts(g)) == 1 + 9
    play(g, "homeworld roll", by=1)
    assert "Red World" not in chance(g) and len(chance(g)) == 9
    with pytest.raises(ValueError, match="homeworlds must be distinct"):
        scenario([rec(homeworld="Red World"), rec("Yiff", "Red World")], rules=rules)


def test_the_game_has_5_distinct_stages_that_follow_in_order() -> None:
    """"The game has 5 distinct Stages that follow in order."
    "Each Stage has its own unique List and turn Sequence."
    "The Stages in order are:" "I. Research Stage" "II. Exploration Stage"
    "III. Development Stage" "IV. Buildup Stage" "V. Conflict Stage"

    A whole (short) game passes the five stages in order; every roll of a stage is on
    its own list, and only the Conflict stage has a Challenge (its own sequence)."""
    g = Intergalactic(players=2, seed=11, auto_roll=False, rules=Rules(turns_per_stage=1))
    rng = random.Random(11)
    seen: list[str] = []
    lists: dict[str, set[str]] = {}
    while not g.is_over:
        stage = g.state.stage
        if not seen or seen[-1] != stage:
            seen.append(stage)
        if g.current_player == CHANCE:
            kind = g.state.chance
            if kind[0] == "roll" and kind[6] is False and kind[5] == 0 and stage != "setup":
                lists.setdefault(stage, set()).add(kind[3])
            g.roll()
        else:
            if g.phase == "challenge":
                lists.setdefault("challenge", set()).add(stage)
            g.apply(rng.choice(g.legal_actions()))
    assert seen[:6] == ["setup", "research", "exploration", "development", "buildup",
                        "conflict"]
    assert g.state.stage == "over" and len(seen) == 6
    for stage, lst in data.STAGE_LIST.items():
        assert lst in lists[stage], (stage, lists)
    assert lists["challenge"] == {"conflict"}


@pytest.mark.parametrize("stage", data.STAGES)
def test_each_stage_rolls_on_its_own_list(stage: str) -> None:
    """"Each Stage has its own unique List and turn Sequence."

    The view names the stage's list and the first roll of a turn is on it (the Conflict
    stage's is the Stratagem list, rolled in the Tactics phase of a battle)."""
    entries = ["Core Fleet"]
    g = scenario([rec(entries=entries), rec("Yiff", entries=entries)], stage=stage)
    assert g.view()["list"] == data.STAGE_LIST[stage]
    force(g, 1)
    if stage == "conflict":
        play(g, "attack 1")
    force(g, 50)
    assert any(x.startswith(f"P0 rolls 50 on the {data.STAGE_LIST[stage]} list")
               for x in g.log[-3:])


def test_six_and_ten_sided_dice_are_needed() -> None:
    """"Six and Ten sided Dice are needed."

    Every chance node of a whole game is a fair 1D6 (tokens), 1D10 (turn order, the end
    of the game, a rolled Race or Homeworld) or 1D100 (two ten-sided dice: list rolls and
    battle rolls)."""
    g = Intergalactic(players=3, seed=5, auto_roll=False, rules=Rules(turns_per_stage=1))
    rng = random.Random(5)
    sizes: set[int] = set()
    while not g.is_over:
        if g.current_player == CHANCE:
            d = chance(g)
            n = len(d)
            assert set(d.values()) == {Fraction(1, n)}
            if all(isinstance(o, int) for o in d):
                assert set(d) == set(range(1, n + 1)) and n in (6, 10, 100)
            else:
                assert set(d) <= {e.name for e in (*data.RACE, *data.HOMEWORLD)}
                assert n <= 10
            sizes.add(n)
            g.roll()
        else:
            g.apply(rng.choice(g.legal_actions()))
    assert {6, 10, 100} <= sizes


def test_one_set_of_common_tokens_with_different_uses_at_each_stage() -> None:
    """"There is one set of common Tokens."
    "These are also called Intergalactic Tokens."
    "These have different uses at each Stage."

    Each player has a count of IT in the one common supply. In stages I-IV they shift
    a list roll (``land on``) or buy an extra roll; in the Conflict stage they shift a
    stratagem roll, add to the BAT or pay to attack again."""
    g = scenario([rec(tokens=12), rec("Yiff", tokens=3)])
    assert [r["tokens"] for r in g.view()["records"]] == [12, 3]
    force(g, 1, 40)
    assert "keep 40" in acts(g) and "land on 41 Phaser Emitters (1 IT)" in acts(g)
    play(g, keep(g))
    assert acts(g) == {"extra roll", "end turn"}
    fleets = ["Core Fleet", "Fast Fleet"]
    c = scenario([rec(entries=fleets, tokens=12), rec("Yiff", entries=fleets)],
                 stage="conflict")
    force(c, 1)
    play(c, "attack 1")
    force(c, 45)
    assert "keep 45" in acts(c) and all(a.startswith("land on ") for a in acts(c) - {"keep 45"})
    play(c, keep(c))
    force(c, 30)  # the defender has no tokens: no choice
    assert c.phase == "bat" and acts(c) == {f"add {k}" for k in range(14)}
    play(c, "add 1")
    force(c, 100, 1)
    play(c, "discard Fast Fleet", by=1)
    assert c.phase == "again" and acts(c) == {"attack again", "end turn"}


def test_race_records_and_common_unmarked_stage_lists() -> None:
    """"Each player needs pencil and paper to record his Technologies, Worlds,
    Developments, Fleets, Maneuvers, and Attributes."
    "Have common unmarked Stage Lists." "Have Race Records for each player."

    The view holds one race record per player: Race, Homeworld, held entries by kind,
    attributes, tokens and VP. Maneuvers (stratagems) last one battle: they are in the
    view's battle, never on a record. The lists themselves are never marked: an entry
    one player holds is still on the list for the others."""
    g = scenario([rec(entries=["Ion Drives", "Ice World", "Space Lanes", "Core Fleet"]),
                  rec("Yiff", entries=["Ion Drives"])])
    r0, r1 = g.view()["records"]
    assert r0["held"] == {"technology": ["Ion Drives"], "world": ["Ice World"],
                          "development": ["Space Lanes"], "fleet": ["Core Fleet"]}
    assert (r0["race"], r0["homeworld"], r1["race"]) == ("Glish", "Blue World", "Yiff")
    assert set(r0) >= {"attributes", "tokens", "vp", "held", "alive"}
    assert r1["held"]["technology"] == ["Ion Drives"]
    force(g, 1, 64)  # P0 lands on Ion Drives, held by P0 and P1
    play(g, keep(g))
    assert g.state.entries[0].count("Ion Drives") == 1


def test_players_accumulate_levels_in_thirteen_attributes() -> None:
    """"Players accumulate levels (+1 bonuses) in several Attributes including:"
    "Weapons, Defense, Fleet, Speed, Population, Intelligence, Scan, Strategy,
    Terraforming, Finance, Manufacturing, Metals, Energy"

    The thirteen attributes, in this order; the levels of the Race, the Homeworld and
    every held entry add up."""
    g = scenario([rec("Karnor", "Red World", ["Meson Cannons", "Particle Accelerators",
                                              "Attack Fleet"]), rec()])
    a = g.attributes(0)
    assert tuple(a) == data.ATTRIBUTES
    assert a["Weapons"] == 3 + 1 + 2 + 4 and a["Strategy"] == 3 + 3 and a["Fleet"] == 2
    assert list(g.view()["records"][0]["attributes"]) == list(data.ATTRIBUTES)


def test_the_registry_makes_the_same_game() -> None:
    """Ruling 1: "Setup. 2-6 players." ``bg.load("intergalactic", players=n)`` is
    ``bg.Intergalactic(players=n)`` and saves round-trip."""
    g = bg.load("intergalactic", players=3, seed=5)
    assert g == bg.Intergalactic(players=3, seed=5)
    g.apply(g.legal_actions()[0])
    assert bg.from_json(g.to_json()) == g
