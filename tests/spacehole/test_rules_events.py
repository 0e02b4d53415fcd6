"""Spacehole rule tests: the 22 events, the footnote, the Rangers' peek
(rules/spacehole.txt, the event list and the defenders' notes; RULINGS.md Spacehole 11,
12).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from spacehole.rules_support import (
    RULE_TEXT,
    acts,
    chance,
    force,
    play,
    refused,
    scenario,
    view,
)

from boardgames.spacehole import data

HALF, THIRD = Fraction(1, 2), Fraction(1, 3)


def defenders(g) -> list[tuple[str, int]]:
    return [(d["name"], d["damage"]) for d in view(g)["defenders"]]


def structures(g) -> list[str]:
    return [s["name"] for s in view(g)["structures"]]


def event(name: str, **kw):
    """A game whose Event phase resolves ``name`` now; one known card left in the deck."""
    kw.setdefault("deck", ["Mine"])
    return scenario(phase="event", event=name, **kw)


# ---------------------------------------------------------------------------------------
# The events, in the order of the list
# ---------------------------------------------------------------------------------------


def test_solar_flare_randomly_distribute_2_points_of_damage_to_your_defenders() -> None:
    """Solar Flare: "Randomly distribute 2 points of damage to your defenders"
    Ruling 11: "Solar Flare: two hits, each to a random defender."

    Each point goes to a defender chosen uniformly at random (both may hit the same one);
    domes, turrets and the Base are not hit."""
    g = event("Solar Flare", structures=["Force Dome"],
              defenders=["Space Marines", "Space Navy"])
    assert chance(g) == {"Space Marines": HALF, "Space Navy": HALF}
    force(g, "Space Navy")
    assert chance(g) == {"Space Marines": HALF, "Space Navy [1 dmg]": HALF}
    force(g, "Space Navy [1 dmg]")
    assert defenders(g) == [("Space Marines", 0), ("Space Navy", 2)]
    assert view(g)["structures"][0]["damage"] == 0 and view(g)["base"]["damage"] == 0
    assert g.phase == "build" and view(g)["discard"] == {"Solar Flare": 1}


def test_solar_flare_space_hero_destroyed_by_the_first_point() -> None:
    """Solar Flare: "Randomly distribute 2 points of damage to your defenders" — a point
    that destroys a defender (Space Hero: one hit) leaves the second to the others."""
    g = event("Solar Flare", defenders=["Space Hero", "Space Marines"])
    force(g, "Space Hero")
    assert defenders(g) == [("Space Marines", 1)]  # the only one left: no chance node
    g = event("Solar Flare", defenders=["Astro Guard"])
    assert defenders(g) == [] and view(g)["discard"] == {"Astro Guard": 1, "Solar Flare": 1}
    g = event("Solar Flare", structures=["Force Dome", "Laser Turret"])
    assert structures(g) == ["Force Dome", "Laser Turret"]
    assert view(g)["structures"][0]["damage"] == 0 and view(g)["base"]["damage"] == 0


def test_reinforcements_take_1_defender_from_your_discard_and_put_it_in_your_hand() -> None:
    """Reinforcements: "Take 1 defender from your discard & put it in your hand"
    Ruling 11: "Reinforcements / Repairs: the player picks a defender / structure from the
    discard pile to hand."

    The player picks any defender of the discard pile (not a structure)."""
    g = event("Reinforcements", discard=["Space Navy", "Space Hero", "Colony", "Supernova"],
              hand=["Mine"])
    assert g.phase == "event"
    assert acts(g) == {"take Space Hero", "take Space Navy"}
    refused(g, "take Colony", "no Defender 'Colony' in the discard pile")
    play(g, "take Space Hero")
    assert view(g)["hand"] == ["Mine", "Space Hero"]
    assert view(g)["discard"] == {"Space Navy": 1, "Colony": 1, "Supernova": 1,
                                  "Reinforcements": 1}
    assert "Took Space Hero from the discard pile into hand" in g.log
    assert g.phase == "build" and "build Space Hero" in acts(g)
    g = event("Reinforcements", discard=["Colony"])
    assert g.phase == "build" and view(g)["hand"] == []


@pytest.mark.parametrize("name", ["Lost in Space", "Black Hole", "Intergalactic War"])
def test_discard_1_random_defender(name: str) -> None:
    """Lost in Space, Black Hole, Intergalactic War: "Discard 1 random Defender"
    Ruling 11: "Lost in Space, Black Hole, Intergalactic War: discard a random defender in
    play."
    """
    g = event(name, structures=["Colony"],
              defenders=["Astro Guard", "Space Navy", "Space Hero"], damage={"Space Navy": 3})
    assert chance(g) == {"Astro Guard": THIRD, "Space Hero": THIRD,
                         "Space Navy [3 dmg]": THIRD}
    force(g, "Space Navy [3 dmg]")
    assert defenders(g) == [("Astro Guard", 0), ("Space Hero", 0)]
    assert view(g)["discard"] == {"Space Navy": 1, name: 1}
    assert f"Space Navy discarded ({name})" in g.log
    g = event(name, defenders=["Astro Guard"])
    assert defenders(g) == [] and g.phase == "build"
    g = event(name, structures=["Agrodome"], hand=["Space Navy"])
    assert structures(g) == ["Agrodome"] and view(g)["hand"] == ["Space Navy"]


def test_supernova_discard_your_hand() -> None:
    """Supernova: "Discard your hand"
    """
    g = event("Supernova", hand=["Mine", "Mine", "Space Navy"], structures=["Agrodome"])
    assert view(g)["hand"] == []
    assert view(g)["discard"] == {"Mine": 2, "Space Navy": 1, "Supernova": 1}
    assert structures(g) == ["Agrodome"]
    assert "Hand discarded (3 cards)" in g.log


def test_lab_explosion_discard_1_lab() -> None:
    """Lab Explosion: "Discard 1 Lab"

    One Research Lab in play is discarded (they are identical: no choice to make); a
    Stargate then lacks its Lab."""
    g = event("Lab Explosion", structures=["Research Labs", "Research Labs", "Stargate"])
    assert structures(g) == ["Research Labs", "Stargate"]
    assert view(g)["discard"] == {"Research Labs": 1, "Lab Explosion": 1}
    g = event("Lab Explosion", structures=["Research Labs", "Stargate"])
    assert structures(g) == ["Stargate"]
    play(g, "pass")
    assert view(g)["last_income"] == 0
    g = event("Lab Explosion", structures=["Mine"])
    assert structures(g) == ["Mine"] and "No Research Labs in play: nothing happens" in g.log


def test_core_instabilities_discard_1_mine() -> None:
    """Core Instabilities: "Discard 1 Mine"
    """
    g = event("Core Instabilities", structures=["Mine", "Mine", "Refinery"])
    assert structures(g) == ["Mine", "Refinery"]
    assert view(g)["discard"] == {"Mine": 1, "Core Instabilities": 1}
    play(g, "pass")
    assert view(g)["last_income"] == 1  # the Refinery lost its second Mine
    g = event("Core Instabilities", structures=["Research Labs"])
    assert structures(g) == ["Research Labs"] and "No Mine in play: nothing happens" in g.log


def test_terraform_all_agrodomes_income_plus_2_for_rest_of_game() -> None:
    """Terraform: "All Agrodomes income +2 for rest of game"
    Ruling 11: "Terraform: +2 income per Agrodome for the rest of the game."

    Agrodomes in play and those built later, every later turn."""
    g = event("Terraform", structures=["Agrodome", "Colony"], hand=["Agrodome"],
              deck=["Mine", "Mine"])
    assert view(g)["terraform"] == 1
    assert view(g)["structures"][0]["income"] == 3
    play(g, "pass")
    assert view(g)["last_income"] == 3 + 3
    play(g, "build Agrodome")
    assert view(g)["last_income"] == 3 + 3 + 3
    play(g, "build Mine")
    assert view(g)["last_income"] == 3 + 3 + 3 + 1


def test_emergency_repairs_discard_all_damage_counters() -> None:
    """Emergency Repairs: "Discard all Damage counters"
    Ruling 11: "Emergency Repairs: remove all damage."
    """
    g = event("Emergency Repairs", structures=["Force Dome", "Colony"],
              defenders=["Space Navy", "Space Marines", "Astro Guard"],
              damage={"Space Navy": 3, "Space Marines": 1, "Force Dome": 2}, base_damage=8)
    assert defenders(g) == [("Astro Guard", 0), ("Space Marines", 0), ("Space Navy", 0)]
    assert all(s["damage"] == 0 for s in view(g)["structures"])
    assert view(g)["base"]["damage"] == 0
    assert "All damage removed" in g.log


def test_seismic_events_generate_no_income_this_turn() -> None:
    """Seismic Events: "Generate no income this turn" — the next turn earns again.
    Ruling 11: "Seismic Events: no income this turn."
    """
    g = event("Seismic Events", structures=["Agrodome", "Colony"], megacredits=10,
              deck=["Mine"])
    assert view(g)["seismic"] is True
    play(g, "pass")
    assert view(g)["last_income"] == 0 and view(g)["megacredits"] == 10
    assert "Seismic Events: no income this turn (would have been 4)" in g.log
    assert not any(line.startswith("Income:") for line in g.log)
    assert view(g)["seismic"] is False
    play(g, "build Mine")
    assert view(g)["last_income"] == 5 and view(g)["megacredits"] == 15


@pytest.mark.parametrize("name", ["Sabotage", "Planet Bombs", "Meteor Swarm"])
def test_discard_one_random_structure(name: str) -> None:
    """Sabotage, Planet Bombs, Meteor Swarm: "Discard one random structure*"
    Ruling 11: "Sabotage, Planet Bombs, Meteor Swarm: a random structure in play, the Base
    included, is discarded; if it is the Base, the Base takes 1 damage instead."

    Uniform among the structure cards in play, the Base included."""
    g = event(name, structures=["Agrodome", "Agrodome", "Colony"])
    assert chance(g) == {"Agrodome": HALF, "Base": Fraction(1, 4), "Colony": Fraction(1, 4)}
    force(g, "Agrodome")
    assert structures(g) == ["Agrodome", "Colony"]
    assert view(g)["discard"] == {"Agrodome": 1, name: 1}
    assert f"{name}: Agrodome discarded" in g.log
    g = event(name, structures=["Force Dome"], damage={"Force Dome": 2})
    assert chance(g) == {"Base": HALF, "Force Dome [2 dmg]": HALF}
    force(g, "Force Dome [2 dmg]")
    assert structures(g) == []


@pytest.mark.parametrize("name", ["Sabotage", "Planet Bombs", "Meteor Swarm"])
def test_footnote_if_base_is_hit_it_takes_1_damage_counter(name: str) -> None:
    """"* If Base is hit, it takes 1 Damage counter."
    """
    g = event(name, structures=["Mine"], base_damage=2)
    force(g, "Base")
    assert view(g)["base"]["damage"] == 3 and structures(g) == ["Mine"]
    assert view(g)["discard"] == {name: 1}
    assert g.log[-2:] == (f"{name} hits the Base", "Base takes 1 damage (3/10)")
    # No other structure: the Base is hit for certain (no chance node).
    g = event(name, base_damage=9, megacredits=50)
    assert g.is_over and g.scores == (0,)


def test_dilithium_crystals_gain_10_megacredits_per_mine() -> None:
    """Dilithium Crystals: "Gain 10 Megacredits per Mine" — Mines in play, powered or
    not."""
    g = event("Dilithium Crystals", structures=["Mine", "Mine", "Mine", "Refinery"],
              hand=["Mine"], megacredits=4)
    assert view(g)["megacredits"] == 34
    assert "Gained 30 Megacredits (total 34)" in g.log
    assert view(event("Dilithium Crystals"))["megacredits"] == 0


def test_decision_events_count_the_cards_in_play_powered_or_not() -> None:
    """Dilithium Crystals: "Gain 10 Megacredits per Mine" — events are resolved in the
    Event phase, before any power token is placed (ruling 6: "Power tokens exist only from
    the Power phase to the end of the Income phase"): every Mine in play counts, even one
    that will not be powered this turn."""
    g = event("Dilithium Crystals", structures=["Agrodome"] * 5 + ["Mine", "Mine"])
    assert view(g)["megacredits"] == 20
    play(g, "pass")
    assert view(g)["last_income"] == 5 and view(g)["megacredits"] == 20 + 5


def test_space_traders_gain_3_megacredits_per_structure() -> None:
    """Space Traders: "Gain 3 Megacredits per Structure" — the Base is a structure.
    Ruling 11: "Space Traders, Interstellar Tax Men: per structure in play, the Base
    included."
    """
    g = event("Space Traders", structures=["Mine", "Solar Array", "Laser Turret", "Colony"],
              defenders=["Space Navy"], hand=["Mine"], megacredits=1)
    assert view(g)["megacredits"] == 1 + 3 * 5


def test_space_virus_discard_1_defender_or_colony() -> None:
    """Space Virus: "Discard 1 Defender or Colony" — the player's choice.
    Ruling 11: "Space Virus: the player discards a defender or a Colony of their choice."
    """
    g = event("Space Virus", structures=["Colony", "Colony", "Agrodome"],
              defenders=["Space Navy", "Astro Guard"], damage={"Space Navy": 1})
    assert acts(g) == {"virus Space Navy [1 dmg]", "virus Astro Guard", "virus Colony"}
    refused(g, "virus Agrodome", "not a choice")
    play(g, "virus Colony")
    assert structures(g) == ["Agrodome", "Colony"]
    assert view(g)["discard"] == {"Colony": 1, "Space Virus": 1}
    assert "Space Virus: Colony discarded" in g.log
    g = event("Space Virus", defenders=["Astro Guard"])
    play(g, "virus Astro Guard")
    assert defenders(g) == [] and view(g)["discard"] == {"Astro Guard": 1, "Space Virus": 1}
    g = event("Space Virus", structures=["Agrodome"])
    assert g.phase == "build" and structures(g) == ["Agrodome"]


def test_discovery_gain_50_megacredits_if_you_have_a_lab() -> None:
    """Discovery: "Gain 50 Megacredits if you have a Lab" — once, however many Labs."""
    assert view(event("Discovery", structures=["Research Labs"]))["megacredits"] == 50
    assert view(event("Discovery", structures=["Research Labs"] * 2,
                      megacredits=3))["megacredits"] == 53
    assert view(event("Discovery", structures=["Stargate"], hand=["Research Labs"]))[
        "megacredits"] == 0


def test_merchant_from_venus_gain_20_megacredits_per_colony() -> None:
    """Merchant from Venus: "Gain 20 Megacredits per Colony"
    """
    assert view(event("Merchant from Venus", structures=["Colony"] * 3))["megacredits"] == 60
    assert view(event("Merchant from Venus", structures=["Agrodome"]))["megacredits"] == 0


@pytest.mark.parametrize(("before", "after"), [(41, 21), (40, 20), (1, 1), (0, 0), (3, 2)])
def test_cosmic_con_artist_lose_half_of_your_megacredits(before: int, after: int) -> None:
    """Cosmic Con Artist: "Lose half of your Megacredits"
    Ruling 11: "Cosmic Con Artist: lose half, rounded down." — the loss is rounded down
    (41 loses 20, keeps 21): the player keeps the odd Megacredit."""
    g = event("Cosmic Con Artist", megacredits=before)
    assert view(g)["megacredits"] == after


def test_interstellar_tax_men_lose_2_megacredits_per_structure() -> None:
    """Interstellar Tax Men: "Lose 2 Megacredits per Structure" — the Base counts; never
    below 0."""
    g = event("Interstellar Tax Men", structures=["Mine", "Colony", "Force Dome"],
              defenders=["Space Navy"], megacredits=20)
    assert view(g)["megacredits"] == 20 - 2 * 4
    assert "Lost 8 Megacredits (total 12)" in g.log
    g = event("Interstellar Tax Men", structures=["Mine", "Colony", "Force Dome"],
              megacredits=5)
    assert view(g)["megacredits"] == 0


def test_repairs_take_1_structure_from_your_discard_and_put_it_in_your_hand() -> None:
    """Repairs: "Take 1 structure from your discard & put it in your hand"
    """
    g = event("Repairs", discard=["Force Dome", "Laser Turret", "Space Navy", "Starmada"])
    assert acts(g) == {"take Force Dome", "take Laser Turret"}
    refused(g, "take Space Navy", "no Structure 'Space Navy' in the discard pile")
    play(g, "take Force Dome")
    assert view(g)["hand"] == ["Force Dome"]
    assert view(g)["discard"] == {"Laser Turret": 1, "Space Navy": 1, "Starmada": 1,
                                  "Repairs": 1}
    g = event("Repairs", discard=["Space Navy"])
    assert g.phase == "build" and view(g)["hand"] == []


def test_every_event_of_the_list_is_tested_here() -> None:
    """The event list of the text has 22 events, each with a test above (by its words)."""
    events = [c for c in data.CLASSIC if c.kind == "event"]
    assert len(events) == 22
    import inspect
    import sys

    docs = " ".join(inspect.getdoc(f) or "" for f in vars(sys.modules[__name__]).values()
                    if callable(f) and getattr(f, "__name__", "").startswith("test_"))
    for c in events:
        assert c.name in docs and f'"{c.note}"' in docs, c.name
        assert f"{c.name}\t" in RULE_TEXT or f"{c.name} \t" in RULE_TEXT


# ---------------------------------------------------------------------------------------
# Ruling 11
# ---------------------------------------------------------------------------------------


def test_ruling_11_events_random_picks_uniform_nothing_to_act_on_does_nothing() -> None:
    """Ruling 11: "Random picks are uniform among eligible cards in play; an event with
    nothing to act on does nothing."

    With nothing in play but the Base, no hand, an empty discard pile and no Megacredits,
    every event leaves everything as it was except: Space Traders (the Base is a
    structure: +3) and Sabotage / Planet Bombs / Meteor Swarm (the Base is hit)."""
    for c in data.CLASSIC:
        if c.kind != "event":
            continue
        g = event(c.name)
        v = view(g)
        assert g.phase == "build", c.name
        assert v["structures"] == [] and v["defenders"] == [] and v["hand"] == []
        assert v["discard"] == {c.name: 1}
        expected_mc = 3 if c.name == "Space Traders" else 0
        assert v["megacredits"] == expected_mc, c.name
        hit = c.name in ("Sabotage", "Planet Bombs", "Meteor Swarm")
        assert v["base"]["damage"] == (1 if hit else 0), c.name


def test_ruling_11_megacredits_never_go_below_0() -> None:
    """Ruling 11: "Megacredits never go below 0."
    """
    g = event("Interstellar Tax Men", structures=["Mine"] * 8, megacredits=3,
              deck=["Colony"])
    assert view(g)["megacredits"] == 0 and g.scores == (0,)
    assert "Lost 3 Megacredits (total 0)" in g.log


def test_ruling_11_lab_explosion_core_instabilities_player_choice_single_choice_auto() -> None:
    """Ruling 11: "Lab Explosion, Core Instabilities: discard one Research Lab / Mine in
    play (player's choice which)." — Labs (and Mines) in play carry no damage and are
    identical, so the choice has one distinct answer and is applied at once."""
    g = event("Core Instabilities", structures=["Mine"] * 5)
    assert g.phase == "build" and structures(g) == ["Mine"] * 4
    assert acts(g) == {"pass"}  # straight on to the Build phase: no decision was asked


# ---------------------------------------------------------------------------------------
# The Rangers' peek (ruling 12)
# ---------------------------------------------------------------------------------------


def test_space_rangers_discard_at_end_of_turn_to_look_at_next_1d6_cards_in_deck() -> None:
    """Space Rangers: "Discard at end of turn to look at next 1D6 cards in deck"

    The seen cards are fixed in order and drawn in that order in the next turns."""
    g = scenario(defenders=["Space Rangers"], phase="build", seed=5)
    play(g, "pass")
    assert g.phase == "end"
    assert acts(g) == {"end turn", "peek Space Rangers"}
    play(g, "peek Space Rangers")
    assert view(g)["defenders"] == [] and view(g)["discard"] == {"Space Rangers": 1}
    assert chance(g) == {k: Fraction(1, 6) for k in range(1, 7)}
    force(g, 3)
    assert "Looks at the next 3 card(s) of the deck" in g.log
    d = chance(g)
    assert d["Mine"] == Fraction(8, 95) and d["World Eater"] == Fraction(1, 95)
    force(g, "World Eater", "Mine")
    assert view(g)["known_top"] == ["World Eater", "Mine"]
    force(g, "Supernova")
    assert g.log[-5:-2] == ("Seen in the deck: World Eater (position 1)",
                          "Seen in the deck: Mine (position 2)",
                          "Seen in the deck: Supernova (position 3)")
    # Turn 2 draws the World Eater (no chance node for the draw).
    assert g.turn == 2 and g.phase == "event"
    assert view(g)["current"]["name"] == "World Eater"
    assert view(g)["known_top"] == ["Mine", "Supernova"]
    assert view(g)["deck_size"] == 95 - 1
    # The spectator does not see the order of the deck.
    assert "known_top" not in g.view(None)


def test_space_scouts_discard_at_end_of_turn_to_look_at_next_1d6_cards_in_deck() -> None:
    """Space Scouts: "Discard at end of turn to look at next 1D6 cards in deck" — the same
    card as Space Rangers, under another name; ``end turn`` keeps it in play."""
    g = scenario(defenders=["Space Scouts"], phase="end", seed=5)
    play(g, "end turn")
    assert g.turn == 2 and defenders(g) == [("Space Scouts", 0)]
    force(g, "Mine")
    play(g, "pass")
    assert acts(g) == {"end turn", "peek Space Scouts"}
    play(g, "peek Space Scouts")
    force(g, 1, "Colony")
    assert "Seen in the deck: Colony (position 1)" in g.log
    assert g.turn == 3 and view(g)["hand"] == ["Colony", "Mine"]


def test_ruling_12_rangers_peek_1d6_then_the_cards_are_known_in_order() -> None:
    """Ruling 12: "Space Rangers / Space Scouts / Ranger Observers / Ranger Marcus Cole: at
    the end of the turn the player may discard the card from play to see the next 1D6
    cards of the deck; from then on those cards are known, in order."
    """
    g = scenario(defenders=["Space Rangers", "Space Scouts"], phase="end", seed=5)
    play(g, "peek Space Rangers")
    force(g, 2, "Solar Array", "Black Hole")
    # The Scouts may peek too: the cards already known count among the next 1D6.
    assert acts(g) == {"end turn", "peek Space Scouts"}
    play(g, "peek Space Scouts")
    force(g, 3, "Starmada")
    assert "Seen in the deck: Starmada (position 3)" in g.log
    assert g.turn == 2 and view(g)["hand"] == ["Solar Array"]  # drawn without a chance node
    assert view(g)["known_top"] == ["Black Hole", "Starmada"]
    play(g, "pass")
    assert view(g)["current"] is None and view(g)["discard"]["Black Hole"] == 1
    play(g, "pass")
    assert view(g)["current"]["name"] == "Starmada"


def test_ruling_12_rangers_can_peek_in_the_turn_they_are_played() -> None:
    """Ruling 12: "at the end of the turn the player may discard the card from play" — a
    Rangers card played this turn is in play at the end of the turn."""
    g = scenario(hand=["Space Rangers"], phase="build", seed=5)
    play(g, "build Space Rangers")
    assert g.phase == "end" and "peek Space Rangers" in acts(g)


def test_ruling_12_a_roll_beyond_the_deck_size_shows_the_whole_deck() -> None:
    """Ruling 12: "to see the next 1D6 cards of the deck" — a roll above the cards left
    shows all of them."""
    rest = data.deck_counts()
    rest["Space Rangers"] -= 1
    rest["Mine"] -= 1
    rest["Colony"] -= 1
    g = scenario(defenders=["Space Rangers"], phase="end", seed=5,
                 discard=[n for n, k in rest.items() for _ in range(k)])
    assert view(g)["deck_size"] == 2 and view(g)["known_top"] == []
    play(g, "peek Space Rangers")
    force(g, 6)
    assert "Looks at the next 6 card(s) of the deck (2 left)" in g.log
    assert chance(g) == {"Colony": HALF, "Mine": HALF}
    force(g, "Colony")
    # The last card is then known for certain (no chance node).
    assert g.log[-3:] == ("Seen in the deck: Colony (position 1)",
                          "Seen in the deck: Mine (position 2)",
                          "Turn 2: drew Colony into hand")
    assert view(g)["hand"] == ["Colony"] and view(g)["known_top"] == ["Mine"]
    play(g, "pass")
    assert view(g)["hand"] == ["Colony", "Mine"]
    play(g, "pass")
    assert g.is_over


def test_ruling_12_peek_only_offered_while_unknown_cards_remain() -> None:
    """Ruling 12: looking at cards already known shows nothing new: with every card of
    the deck known, the turn ends without the offer."""
    g = scenario(defenders=["Space Rangers"], phase="build", deck=["Mine", "Mine"])
    play(g, "pass")
    assert g.turn == 2 and g.phase == "build"
    assert defenders(g) == [("Space Rangers", 0)]
    # The last turn: the deck is empty, so nothing is offered and the game ends.
    rest = data.deck_counts()
    rest["Space Rangers"] -= 1
    rest["Mine"] -= 1
    g = scenario(defenders=["Space Rangers"], phase="build", seed=5,
                 discard=[n for n, k in rest.items() for _ in range(k)])
    play(g, "pass")
    assert acts(g) == {"end turn", "peek Space Rangers"}  # one unknown card left
    play(g, "end turn")
    assert g.turn == 2 and view(g)["hand"] == ["Mine"]  # the only card: drawn for certain
    play(g, "pass")
    assert g.is_over and defenders(g) == [("Space Rangers", 0)]
