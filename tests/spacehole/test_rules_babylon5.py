"""Spacehole rule tests: the Babylon 5 re-theme (rules/spacehole.txt after "By C. Gerard
Luft"; RULINGS.md Spacehole "Deck" and 12; the option ``b5_add_refineries``).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from spacehole.rules_support import (
    Rules,
    Spacehole,
    acts,
    chance,
    force,
    play,
    scenario,
    view,
)

from boardgames.spacehole import data

B5 = {"variant": "babylon5"}
# Classic name -> Babylon 5 name, row by row of the two structure and defender lists.
STRUCTURE_NAMES = {
    "Base": "Hull", "Solar Array": "Fusion reactor", "Agrodome": "Garden",
    "Colony": "Living quarters", "Mine": "Loading bay", "Factory": "Factory",
    "Starport": "Landing bay", "Research Labs": "Research lab",
    "Stargate": "Hyperspace jumpgate", "Command Center": "Command and control",
    "Laser Turret": "Ppg turret", "Force Dome": "Hull armor",
}


def b5(**kw) -> Spacehole:
    kw.setdefault("deck", ["Garden"])
    return scenario(variant="babylon5", **kw)


def income(structures: list[str], **kw) -> int:
    return view(b5(structures=structures, phase="power", **kw))["last_income"]


def test_babylon_5_for_spacehole() -> None:
    """"Babylon 5 for spacehole." — a variant of the same game."""
    g = Spacehole(seed=4, variant="babylon5", auto_roll=False)
    assert g.view()["variant"] == "babylon5" and g.options == {"variant": "babylon5"}
    assert view(g)["deck_size"] == 91
    with pytest.raises(ValueError, match="unknown variant 'b5'"):
        Spacehole(variant="b5")


def test_uses_the_same_rules_as_spacehole_only_the_names_of_some_cards_have_changed() -> None:
    """"Uses the same rules as spacehole, only the names of some cards have changed."

    Row by row the renamed structures have the classic numbers, and the same position
    plays out the same way under both sets of names."""
    classic, b5cards = data.by_name("classic"), data.by_name("babylon5")
    for old, new in STRUCTURE_NAMES.items():
        a, b = classic[old], b5cards[new]
        assert (a.count, a.income, a.power, a.capacity, a.role) == \
            (b.count, b.income, b.power, b.capacity, b.role), new
    position = ["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony", "Starport",
                "Research Labs", "Stargate", "Mine", "Command Center", "Laser Turret"]
    g1 = scenario(structures=position, phase="power", deck=["Mine"])
    g2 = b5(structures=[STRUCTURE_NAMES[n] for n in position], phase="power",
            deck=["Loading bay"])
    for key in ("last_income", "capacity", "hand_limit", "power"):
        assert view(g1)[key] == view(g2)[key], key
    # 10 power: the Starport chain (6) and Lab + Stargate (4); the Mine goes without.
    assert view(g1)["last_income"] == 2 + 6 + 5 + 1 + 7


def test_the_player_tries_to_operate_b5_while_defending_against_invaders() -> None:
    """"The player tries to operate b5 while defending against invaders." — the Hull is
    the Base: the game is lost when it is destroyed."""
    g = b5(phase="event", event="Shadow ship", base_damage=9, megacredits=30)
    assert view(g)["base"]["name"] == "Hull"
    assert g.log[0] == "Invasion: Shadow ship (Force 7) attacks"
    force(g, 1, 0)
    assert g.is_over and g.scores == (0,)
    assert g.log[-2:] == ("Hull takes 1 damage (10/10)",
                          "Hull destroyed: the game is lost (score 0)")


def test_events_same_as_in_spacehole() -> None:
    """"same as in spacehole." — the 22 classic events, acting on the renamed cards."""
    events = Counter({c.name: c.count for c in data.BABYLON5 if c.kind == "event"})
    assert events == Counter({c.name: c.count for c in data.CLASSIC if c.kind == "event"})
    assert sum(events.values()) == 22
    assert view(b5(phase="event", event="Merchant from Venus",
                   structures=["Living quarters"] * 2))["megacredits"] == 40
    assert view(b5(phase="event", event="Dilithium Crystals",
                   structures=["Loading bay"] * 3))["megacredits"] == 30
    g = b5(phase="event", event="Lab Explosion", structures=["Research lab", "Garden"])
    assert [s["name"] for s in view(g)["structures"]] == ["Garden"]
    g = b5(phase="event", event="Lab Explosion", structures=["Garden"])
    assert "No Research lab in play: nothing happens" in g.log
    g = b5(phase="event", event="Terraform", structures=["Garden"])
    play(g, "pass")
    assert view(g)["last_income"] == 3
    g = b5(phase="event", event="Space Virus", structures=["Living quarters", "Garden"],
           defenders=["Marines"])
    assert acts(g) == {"virus Living quarters", "virus Marines"}
    g = b5(phase="event", event="Planet Bombs", structures=["Garden"])
    assert chance(g) == {"Garden": Fraction(1, 2), "Hull": Fraction(1, 2)}
    force(g, "Hull")
    assert g.log[-2:] == ("Planet Bombs hits the Hull", "Hull takes 1 damage (1/10)")


def test_babylon5_hull_and_fusion_reactor_generate_5_power_per_turn() -> None:
    """Hull and Fusion reactor: "Generates 5 power/turn"."""
    assert view(b5())["power"]["generated"] == 5
    assert view(b5(structures=["Fusion reactor"] * 3))["power"]["generated"] == 20


def test_babylon5_garden_supports_b5_typo_supports_living_quarters() -> None:
    """Garden: "supports b5" — read as the classic Agrodome's "Supports Colony": a Garden
    feeds one Living quarters (the text's "b5" names nothing else a Garden could
    support). Living quarters: "requires 1 garden"."""
    assert income(["Garden", "Living quarters"]) == 1 + 3
    assert income(["Living quarters"]) == 0
    assert income(["Garden", "Living quarters", "Living quarters"]) == 1 + 3


def test_babylon5_loading_bay_supports_refinery_factory_requires_2_refineries() -> None:
    """Loading bay: "supports refinery"; Factory: "requires 2 refineries" — Babylon 5 has
    no Refinery, so Loading bays only earn their own 1 and the Factory nothing."""
    assert income(["Fusion reactor"] + ["Loading bay"] * 8 + ["Factory"]) == 8
    assert not any(c.role == "refinery" for c in data.BABYLON5)


def test_babylon5_landing_bay_requires_2_living_quarters() -> None:
    """Landing bay: "requires 2 living quarters" (each with its own Garden)."""
    full = ["Fusion reactor", "Garden", "Garden", "Living quarters", "Living quarters",
            "Landing bay"]
    assert income(full) == 2 + 6 + 5
    assert income(full[:2] + full[3:]) == 1 + 3


def test_babylon5_hyperspace_jumpgate_requires_1_lab() -> None:
    """Hyperspace jumpgate: "requires 1 lab"."""
    assert income(["Research lab", "Hyperspace jumpgate"]) == 1 + 7
    assert income(["Hyperspace jumpgate"]) == 0


def test_babylon5_command_and_control_plus_2_hand_size() -> None:
    """Command and control: "+2 hand size"."""
    assert view(b5(structures=["Command and control"]))["hand_limit"] == 7
    g = b5(structures=["Command and control"], hand=["Garden"] * 5 + ["Loading bay"])
    assert g.phase == "build" and len(view(g)["hand"]) == 7


def test_babylon5_ppg_turret_force_1_and_hull_armor_3_hits() -> None:
    """Ppg turret: "Force = 1"; Hull armor: "3 Hits"."""
    g = b5(structures=["Ppg turret", "Hull armor"], phase="event", event="Narn battle fleet")
    force(g, 3)
    assert set(chance(g)) == {0, 1, 2}  # the turret's die and the Hull's
    force(g, 0)
    assert [(s["name"], s["damage"]) for s in view(g)["structures"]] == [("Ppg turret", 0)]
    assert view(g)["discard"] == {"Hull armor": 1} and view(g)["base"]["damage"] == 0


@pytest.mark.parametrize(("name", "note"), [
    ("Ranger Observers", "Discard to look at 1d6 cards in deck"),
    ("Ranger Marcus Cole", "discard to see 1d6 cards"),
])
def test_babylon5_rangers_discard_to_look_at_1d6_cards(name: str, note: str) -> None:
    """Ranger Observers: "Discard to look at 1d6 cards in deck"; Ranger Marcus Cole:
    "discard to see 1d6 cards" — ruling 12 names both: at the end of the turn, like the
    classic Space Rangers (the Babylon 5 notes omit "at end of turn")."""
    assert data.by_name("babylon5")[name].note == note
    g = b5(defenders=[name], phase="build", deck=None, seed=5)
    play(g, "pass")
    assert g.phase == "end" and acts(g) == {"end turn", f"peek {name}"}
    play(g, f"peek {name}")
    force(g, 1, "Vorlon cruiser")
    assert view(g)["current"]["name"] == "Vorlon cruiser"


def test_babylon5_ranger_commander_security_chief_xo_lt_cmd_are_flavour() -> None:
    """Jeffrey Sinclair "Ranger Commander", Michael Garibaldi "Security Chief", Susan
    Ivanova "xo lt cmd": titles only; they are plain defenders of their printed Force
    (Sinclair does not peek: only the two cards whose note says so do)."""
    g = b5(defenders=["Jeffrey Sinclair", "Michael Garibaldi"], phase="event",
           event="Secret police")
    force(g, 0)
    assert set(chance(g)) == set(range(4 + 4 + 1 + 1))
    g = b5(defenders=["Jeffrey Sinclair", "Susan Ivanova"], phase="build", deck=None, seed=5)
    assert view(g)["defenders"][1]["current_force"] == 2
    play(g, "pass")
    assert (g.turn, g.phase) == (2, "karma")  # no peek offered: the turn ended


def test_babylon5_co_capt_john_sheridan_can_only_take_1_hit() -> None:
    """Co Capt John Sheridan: "can only take 1 hit" (Force 5)."""
    g = b5(defenders=["Co Capt John Sheridan"], phase="event", event="Centauri agents")
    force(g, 1)
    assert set(chance(g)) == set(range(5 + 1 + 1))
    force(g, 0)
    assert view(g)["defenders"] == [] and view(g)["discard"] == {"Co Capt John Sheridan": 1}


def test_babylon5_alien_artifact_only_if_lab_present() -> None:
    """Alien Artifact: "only if lab present"."""
    g = b5(hand=["Alien Artifact"], phase="build")
    assert acts(g) == {"pass"}
    g = b5(hand=["Alien Artifact"], structures=["Research lab"], phase="build")
    assert "build Alien Artifact" in acts(g)


def test_babylon5_space_pirates_force_4() -> None:
    """The Babylon 5 list gives "Space pirates" Force 4 (the classic Space Pirates have 3):
    the list as written."""
    g = b5(phase="event", event="Space pirates")
    assert set(chance(g)) == set(range(5))
    assert view(scenario(phase="event", event="Space Pirates", deck=["Mine"]))[
        "current"]["force"] == 3


def test_ruling_deck_babylon5_option_b5_add_refineries_false() -> None:
    """Ruling "Deck": "Babylon 5: the renamed lists as written, including what they lack
    (there is no Refinery row, so its Factory can never be supported) (option
    `b5_add_refineries`, default off). Babylon 5 events are the classic events."

    91 cards: 37 structures, 12 defenders, 20 invaders, 22 events."""
    assert Rules().b5_add_refineries is False
    g = Spacehole(seed=9, variant="babylon5", auto_roll=False)
    kinds: Counter[str] = Counter()
    for name, p in chance(g).items():
        kinds[g.card(name).kind] += p * 91
    assert dict(kinds) == {"structure": 37, "defender": 12, "invader": 20, "event": 22}
    # A whole game lasts 91 turns.
    g = Spacehole(seed=9, variant="babylon5", rules=Rules(base_hits=1000))
    while not g.is_over:
        a = acts(g)
        g.apply("pass" if "pass" in a else "end turn" if "end turn" in a else min(a))
    assert g.turn == 91


def test_ruling_deck_babylon5_option_b5_add_refineries_true() -> None:
    """Ruling "Deck" with ``b5_add_refineries=True``: the classic four Refineries join the
    Babylon 5 deck (95 cards) and its Factory can be supported."""
    rules = Rules(b5_add_refineries=True)
    g = Spacehole(seed=9, variant="babylon5", rules=rules, auto_roll=False)
    assert view(g)["deck_size"] == 95 and chance(g)["Refinery"] == Fraction(4, 95)
    assert income(["Fusion reactor"] + ["Loading bay"] * 4 + ["Refinery", "Refinery",
                                                              "Factory"],
                  rules=rules) == 4 + 4 + 3
    # The option means nothing in the classic game.
    assert view(Spacehole(seed=9, rules=rules, auto_roll=False))["deck_size"] == 96
