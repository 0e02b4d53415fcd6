"""One test per rule and ruling of Intergalactic, with chance outcomes forced
(``auto_roll=False``) from scenarios."""

from __future__ import annotations

import pytest

import boardgames as bg
from boardgames.core.errors import GameError
from boardgames.intergalactic import Intergalactic, Rules


def two(stage: str = "research", a: list[str] | None = None, b: list[str] | None = None,
        ta: int = 0, tb: int = 0, **kw: object) -> Intergalactic:
    return Intergalactic.scenario(
        players=[{"race": "Glish", "homeworld": "Blue World", "entries": a or [], "tokens": ta},
                 {"race": "Karnor", "homeworld": "Grey World", "entries": b or [],
                  "tokens": tb}],
        stage=stage, auto_roll=False, seed=1, **kw)  # type: ignore[arg-type]


def test_setup_turn_order_high_1d10_first_rerolling_ties() -> None:
    g = Intergalactic(players=3, seed=1, auto_roll=False)
    for o in (4, 9, 4):
        g.apply(o)
    g.apply(2).apply(7)  # P0 and P2 reroll
    assert g.state.order == (1, 2, 0)
    assert g.phase == "race" and g.current_player == 1


def test_setup_each_player_picks_or_rolls_a_different_race_and_a_homeworld() -> None:
    g = Intergalactic(players=2, seed=1, auto_roll=False)
    g.apply(9).apply(1)
    g.apply("race Humans").apply("homeworld roll").apply("Blue World")
    assert "race Humans" not in map(str, g.legal_actions())
    g.apply("race roll")
    assert "Humans" not in g.chance_outcomes()
    g.apply("Karnor").apply("homeworld Blue World")
    assert g.state.races == ("Humans", "Karnor") and g.state.stage == "research"


def test_research_income_1d6_and_roll_plus_2_per_intelligence() -> None:
    g = two(a=["Positronic Brains"])  # Intelligence 1
    g.apply(4)
    assert g.state.tokens[0] == 4
    g.apply(50)
    assert g.state.cur["total"] == 52


def test_exploration_modifiers_and_scan_income() -> None:
    g = two("exploration", a=["Energy Scanners", "Ion Drives"])  # Scan 2, Speed 1
    g.apply(3)
    assert g.state.tokens[0] == 5
    g.apply(10)
    assert g.state.cur["total"] == 10 + 2 * (2 + 1)


def test_token_spending_shift_one_per_token_either_way() -> None:
    g = two(ta=3)
    g.apply(1).apply(33)  # tokens 4: 33 + 0 (Glish/Blue World: no Intelligence)
    g.apply("shift +1").apply("shift +1")
    assert g.view()["roll"]["entry"] == "Particle Accelerators"
    g.apply("accept")
    assert "Particle Accelerators" in g.state.entries[0] and g.state.tokens[0] == 2


def test_shift_back_costs_nothing_and_tokens_bound_the_shift() -> None:
    g = two(ta=0)
    g.apply(1).apply(40)
    g.apply("shift +1")
    assert "shift +1" not in map(str, g.legal_actions())
    g.apply("shift -1").apply("accept")
    assert g.state.tokens[0] == 1


def test_extra_roll_costs_5_tokens_once_per_turn() -> None:
    g = two(ta=10)
    g.apply(1).apply(5).apply("accept")
    assert g.phase == "extra"
    g.apply("extra roll")
    assert g.state.tokens[0] == 6
    g.apply(5).apply("accept")
    assert g.current_player != 0 or g.phase != "extra"


def test_extra_rolls_per_turn_option() -> None:
    g = Intergalactic.scenario(
        players=[{"race": "Glish", "homeworld": "Blue World", "tokens": 15},
                 {"race": "Karnor", "homeworld": "Grey World"}],
        auto_roll=False, seed=1, rules=Rules(extra_rolls_per_turn=2))
    g.apply(1).apply(5).apply("accept").apply("extra roll").apply(5).apply("accept")
    assert g.phase == "extra"


def test_token_cap_20_plus_intelligence_excess_discarded() -> None:
    g = two(ta=19)
    g.apply(6)
    assert g.state.tokens[0] == 20


def test_requirement_not_met_gives_nothing() -> None:
    g = two()
    g.apply(1).apply(29).apply("accept")  # Comet Diverters needs Speed 1+
    assert g.state.entries[0] == ()


def test_requirement_met_gives_the_entry_and_it_is_advanced() -> None:
    g = two(a=["Ion Drives"])
    g.apply(1).apply(29).apply("accept")
    assert "Comet Diverters" in g.state.entries[0] and g.advanced(0) == 1


def test_unique_entries_held_at_most_once() -> None:
    g = two(a=["Meson Cannons"])
    g.apply(1).apply(34).apply("accept")
    assert g.state.entries[0].count("Meson Cannons") == 1


def test_one_shot_next_roll_bonus_applies_to_the_next_roll() -> None:
    g = two()
    g.apply(1).apply(10).apply("accept")  # Progress: +10 to next roll
    assert g.state.bonus[0] == 10 and g.state.entries[0] == ()
    g.apply(1).apply(50).apply("accept")  # P1's turn
    g.apply(1).apply(30)
    assert g.state.cur["total"] == 40 and g.state.bonus[0] == 0


def test_nested_roll_uses_the_named_list_with_its_modifiers_plus_n() -> None:
    g = two("exploration", a=["Positronic Brains"])  # Int 1: research +2
    g.apply(1).apply(67)  # 67 + 1 (Int) = 68 Alien Ruins -> Research +30
    g.apply("accept")
    g.apply(20)
    assert g.state.cur["list"] == "research" and g.state.cur["total"] == 20 + 30 + 2


def test_pick_one_of_the_above() -> None:
    g = two(ta=0, a=["Positronic Brains"] * 0)
    g.apply(1).apply(100).apply("shift +1").apply("accept")
    assert g.phase == "pick"
    assert "pick Telepathy" not in map(str, g.legal_actions())  # Req Int 1+
    g.apply("pick Nova Bombs") if "pick Nova Bombs" in map(str, g.legal_actions()) \
        else g.apply("pick Meson Cannons")
    assert len(g.state.entries[0]) == 1


def test_roll_twice_gives_two_more_rolls() -> None:
    g = two("exploration", ta=0)
    g.apply(1).apply(100).apply("shift +1").apply("accept")
    g.apply(51)
    g.apply(76)
    # Fringe World (Speed +1) adds 2 to the second roll: 76 + 2 = 78 Crystal World
    assert {"Fringe World", "Crystal World"} <= set(g.state.entries[0])


def test_criminal_development_plus_one_holder_minus_one_opponents() -> None:
    g = two("development", b=["Black Market"])
    assert g.attributes(1)["Finance"] == 1
    assert g.attributes(0)["Finance"] == 1 - 1  # Blue World +1, Black Market -1


def test_stage_ends_after_ten_turns_each() -> None:
    g = two(turn=20, current_player=1)
    g.apply(1).apply(1).apply("accept")
    assert g.state.stage == "exploration"


def test_conflict_logistics_1d6_plus_one_per_5_strategy_rounding_up() -> None:
    g = two("conflict", a=["Core Fleet"], b=["Core Fleet"])  # Karnor strategy 3
    g2 = two("conflict", a=["Core Fleet"], b=["Core Fleet"], current_player=1)
    g.apply(2)
    g2.apply(2)
    assert g.state.tokens[0] == 2 and g2.state.tokens[1] == 3


def _battle(g: Intergalactic, sa: int, sd: int, ra: int, rd: int) -> Intergalactic:
    g.apply(1).apply("attack 1").apply(sa)
    if g.phase == "spend":
        g.apply("accept")
    g.apply(sd)
    if g.phase == "spend":
        g.apply("accept")
    while g.phase == "bat":
        g.apply("done")
    return g.apply(ra).apply(rd)


def test_advantage_5_per_attribute_and_5_for_more_advanced() -> None:
    g = two("conflict", a=["Core Fleet", "Comet Diverters"], b=["Core Fleet"])
    _battle(g, 1, 1, 50, 50)
    # Glish/Blue: Pop1 Terra5 ; Karnor/Grey: Weapons 3, Strategy 3 -> each 2 wins, A +5 adv
    assert "BAT: P0 +15, P1 +10" in g.log


def test_battle_winner_takes_a_world_loser_discards_a_fleet() -> None:
    g = two("conflict", a=["Core Fleet"], b=["Core Fleet", "Attack Fleet", "Ice World"])
    _battle(g, 1, 1, 100, 1)
    assert g.phase == "discard" and g.current_player == 1
    g.apply("discard Attack Fleet")
    assert "Ice World" in g.state.entries[0] and "Ice World" not in g.state.entries[1]


def test_tie_each_loses_a_fleet_and_last_fleet_eliminates() -> None:
    g = two("conflict", a=["Core Fleet"], b=["Core Fleet"])
    _battle(g, 1, 1, 50, 50)  # BAT +10 each (Pop, Terraforming vs Weapons, Strategy)
    assert "Battle tied at 60: each loses a fleet" in g.log
    assert g.state.alive == (False, False) and g.is_over and g.winner is None


def test_elimination_ends_the_game_when_one_player_is_left() -> None:
    g = two("conflict", a=["Core Fleet"], b=["Core Fleet"])
    _battle(g, 1, 1, 100, 1)
    assert g.is_over and g.state.alive == (True, False) and g.winner == 0


def test_end_of_game_1d10_after_turn_2x() -> None:
    g = two("conflict", a=["Core Fleet"], b=["Core Fleet"], turn=4, current_player=1)
    g.apply(1).apply("attack 0")
    g.apply(97).apply("accept").apply("prevent battle")
    if g.phase == "again":
        g.apply("end turn")
    assert g.phase == "end_roll"
    g.apply(5)
    assert g.is_over


def test_victory_points_entries_homeworld_and_vp_bonus() -> None:
    g = two(a=["Utopian Society", "Ice World", "Core Fleet"])
    assert g.vp(0) == 3 + 1 + 3


def test_bad_input_leaves_the_game_unchanged() -> None:
    g = two(ta=2)
    g.apply(1).apply(40)
    before = g.to_json()
    for bad in ["fly", "shift +2", "attack x", "pick Nothing", "bat +1", 7, "extra roll"]:
        with pytest.raises((GameError, ValueError)):
            g.apply(bad)
        assert g.to_json() == before
    with pytest.raises(ValueError):
        Intergalactic(players=7)
    with pytest.raises(ValueError):
        two(a=["Death Star"])


def test_registry_and_json_round_trip() -> None:
    g = bg.load("intergalactic", players=3, seed=5)
    g.apply(g.legal_actions()[0])
    assert bg.from_json(g.to_json()) == g
