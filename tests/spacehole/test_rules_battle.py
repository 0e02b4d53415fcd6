"""Spacehole rule tests: invasions and battle rounds (rules/spacehole.txt, Event Phase;
the Notes of Space Hero, Laser Turret, Force Dome, Alien Artifact; RULINGS.md Spacehole
3, 4, 5, 6).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction

from spacehole.rules_support import Rules, chance, force, play, scenario, view


@functools.cache
def binomial_by_enumeration(n: int) -> dict[int, Fraction]:
    """Hits among ``n`` d6 (a 1 hits): all 6**n throws for small n, else die by die (each
    of the six faces of each die, a 1 adding a hit)."""
    if n <= 4:
        c = Counter(sum(f == 1 for f in faces)
                    for faces in itertools.product(range(1, 7), repeat=n))
        return {k: Fraction(v, 6**n) for k, v in c.items()}
    out: dict[int, Fraction] = {}
    for k, p in binomial_by_enumeration(n - 1).items():
        for face in range(1, 7):
            j = k + (face == 1)
            out[j] = out.get(j, Fraction(0)) + p / 6
    return out


def defenders(g) -> list[tuple[str, int]]:
    return [(d["name"], d["damage"]) for d in view(g)["defenders"]]


def structures(g) -> list[tuple[str, int]]:
    return [(s["name"], s["damage"]) for s in view(g)["structures"]]


def test_for_invasion_cards_are_resolved_through_battle_rounds() -> None:
    """"For Invasion cards are resolved through Battle Rounds."

    Rounds follow one another until the invader is destroyed; then the game moves on to
    the Build phase and the invader is in the discard pile."""
    g = scenario(defenders=["Space Marines"], phase="event", event="Alien Predators",
                 deck=["Mine"])
    assert g.log[0] == "Invasion: Alien Predators (Force 3) attacks"
    force(g, 0, 1)
    assert view(g)["battle"]["round"] == 2
    force(g, 0, 0)
    assert view(g)["battle"]["round"] == 3
    assert g.phase == "event"
    force(g, 0, 2)
    assert g.phase == "build"
    assert view(g)["current"] is None and view(g)["discard"] == {"Alien Predators": 1}
    assert [ln for ln in g.log if ln.startswith("Round")] == [
        "Round 1: Alien Predators roll 3 dice: 0 hits", "Round 1: Defenders roll 4 dice: 1 hit",
        "Round 2: Alien Predators roll 2 dice: 0 hits", "Round 2: Defenders roll 4 dice: 0 hits",
        "Round 3: Alien Predators roll 2 dice: 0 hits", "Round 3: Defenders roll 4 dice: 2 hits",
    ]


def test_in_a_battle_round_the_invader_attacks_and_defenders_and_turrets_attack_once() -> None:
    """"In a Battle Round the Invader attacks, and your Defenders & Laser Turrets attack
    once each."

    One roll for the invader and one for the defending side (every defender, every Laser
    Turret and the Base's turret together) per round."""
    g = scenario(structures=["Laser Turret", "Laser Turret"],
                 defenders=["Space Marines", "Astro Guard"], phase="event",
                 event="Cylon Raiders", deck=["Mine"])
    assert view(g)["battle"]["invader_dice"] == 4
    force(g, 0)
    assert set(chance(g)) == set(range(3 + 2 + 1 + 1 + 1 + 1))  # 8 dice
    force(g, 0)
    assert view(g)["battle"]["round"] == 2
    assert [ln for ln in g.log if ln.startswith("Round 1")] == [
        "Round 1: Cylon Raiders roll 4 dice: 0 hits", "Round 1: Defenders roll 8 dice: 0 hits"]


def test_roll_1d6_for_every_level_of_force_an_invader_or_defender_has() -> None:
    """"Roll 1D6 for every level of Force an Invader or Defender has."
    """
    g = scenario(defenders=["Space Navy"], phase="event", event="The Warstar", deck=["Mine"])
    assert chance(g) == binomial_by_enumeration(6)  # The Warstar, Force 6
    force(g, 0)
    assert chance(g) == binomial_by_enumeration(4 + 1)  # Space Navy 4, the Base 1


def test_a_roll_of_1_will_do_one_point_of_damage_to_the_opposing_side() -> None:
    """"A roll of 1 will do one point of damage to the opposing side."

    Each die hits with probability 1/6; k hits do k damage to the other side."""
    g = scenario(defenders=["Space Navy", "Space Marines"], phase="event",
                 event="Dalek Exterminators", deck=["Mine"])
    assert chance(g) == binomial_by_enumeration(5)
    force(g, 1)
    assert chance(g) == binomial_by_enumeration(4 + 3 + 1)
    force(g, 3, "Space Navy")
    assert view(g)["current"]["damage"] == 3
    assert defenders(g) == [("Space Marines", 0), ("Space Navy", 1)]


def test_use_counters_placed_on_the_cards_to_record_damage() -> None:
    """"Use counters placed on the cards to record damage."

    Damage stays on the card from round to round (and after the battle)."""
    g = scenario(defenders=["Space Navy", "Space Knights"], phase="event",
                 event="Berserker Robots", deck=["Mine", "Mine"])
    force(g, 2, 1, "Space Navy", "Space Navy [1 dmg]")
    assert defenders(g) == [("Space Knights", 0), ("Space Navy", 2)]
    assert view(g)["current"]["damage"] == 1
    force(g, 1, 5, "Space Knights")
    assert defenders(g) == [("Space Knights", 1), ("Space Navy", 2)]
    assert g.phase == "build"  # the robots (Force 6) took 6 hits
    play(g, "pass")
    assert defenders(g) == [("Space Knights", 1), ("Space Navy", 2)]


def test_each_damage_counter_so_placed_reduces_the_cards_force_by_one_point() -> None:
    """"Each damage counter so placed reduces the cards Force by one point."
    """
    g = scenario(defenders=["Space Navy"], damage={"Space Navy": 1}, phase="event",
                 event="The Warstar", deck=["Mine"])
    d = view(g)["defenders"][0]
    assert (d["force"], d["current_force"]) == (4, 3)
    force(g, 0)
    assert chance(g) == binomial_by_enumeration(3 + 1)
    force(g, 2)
    assert view(g)["current"]["current_force"] == 4
    assert chance(g) == binomial_by_enumeration(4)  # round 2: The Warstar rolls 6 - 2


def test_an_invader_or_defender_card_reduced_to_0_force_is_destroyed() -> None:
    """"An Invader or Defender card reduced to 0 Force is destroyed."
    """
    g = scenario(defenders=["Astro Guard", "Space Navy"], phase="event",
                 event="Alien Invaders", deck=["Mine"])
    force(g, 2, 1, "Astro Guard", "Astro Guard [1 dmg]")
    assert defenders(g) == [("Space Navy", 0)]
    assert "Astro Guard is hit and destroyed" in g.log
    force(g, 0, 2)  # 1 + 2 = 3 = the invaders' Force
    assert "Alien Invaders takes 2 hits: destroyed" in g.log
    assert g.phase == "build"
    # More hits than Force left: destroyed all the same.
    g = scenario(defenders=["Space Navy"], phase="event", event="Alien Invaders",
                 deck=["Mine"])
    force(g, 0, 5)
    assert g.phase == "build" and "Alien Invaders takes 5 hits: destroyed" in g.log


def test_destroyed_cards_are_discarded() -> None:
    """"Destroyed cards are discarded."

    Destroyed defenders, invaders, Force Domes and Laser Turrets go to the discard pile
    (where Reinforcements and Repairs can find them)."""
    g = scenario(defenders=["Space Patrol"], phase="event", event="Time Warp Fugitives",
                 deck=["Mine"])
    force(g, 2, 3)
    assert view(g)["discard"] == {"Space Patrol": 1, "Time Warp Fugitives": 1}
    assert view(g)["defenders"] == []
    g = scenario(structures=["Force Dome", "Laser Turret"], phase="event",
                 event="World Eater", deck=["Mine"])
    force(g, 4, 0)
    assert view(g)["discard"] == {"Force Dome": 1, "Laser Turret": 1}
    assert structures(g) == []


def test_when_the_invaders_inflict_damage_a_random_defender_card_will_be_hit_first() -> None:
    """"When the invaders inflict damage a random defender card will be hit first."

    Each hit picks a defender uniformly at random, while Force Domes and Laser Turrets
    are in play too."""
    g = scenario(structures=["Colony", "Force Dome", "Laser Turret"],
                 defenders=["Space Marines", "Space Navy", "Space Knights"],
                 phase="event", event="Space Monster", deck=["Mine"])
    force(g, 2, 0)
    third = Fraction(1, 3)
    assert chance(g) == {"Space Knights": third, "Space Marines": third, "Space Navy": third}
    force(g, "Space Navy")
    assert chance(g) == {"Space Knights": third, "Space Marines": third,
                         "Space Navy [1 dmg]": third}
    force(g, "Space Navy [1 dmg]")
    assert structures(g) == [("Colony", 0), ("Force Dome", 0), ("Laser Turret", 0)]
    assert view(g)["base"]["damage"] == 0


def test_if_there_are_no_defender_cards_force_domes_will_be_attacked_next() -> None:
    """"If there are no defender cards, Force domes will be attacked next."
    """
    g = scenario(structures=["Force Dome", "Laser Turret"], phase="event",
                 event="Space Pirates", deck=["Mine"])
    force(g, 2, 0)
    assert structures(g) == [("Force Dome", 2), ("Laser Turret", 0)]
    assert view(g)["base"]["damage"] == 0
    assert "Force Dome is hit (2/3)" in g.log


def test_force_domes_can_take_3_hits_before_being_destroyed() -> None:
    """"Force Domes can take 3 Hits before being destroyed." — the Force Dome's note
    "3 Hits"."""
    g = scenario(structures=["Force Dome"], phase="event", event="Space Monster",
                 deck=["Mine"])
    force(g, 2, 0)
    assert structures(g) == [("Force Dome", 2)]
    force(g, 1, 0)
    assert structures(g) == [] and view(g)["discard"] == {"Force Dome": 1}
    assert "Force Dome is hit and destroyed" in g.log
    assert view(g)["base"]["damage"] == 0


def test_if_all_force_domes_are_destroyed_laser_turrets_are_next() -> None:
    """"If all force domes are destroyed, Laser Turrets (Force = 1) are next."
    """
    g = scenario(structures=["Force Dome", "Force Dome", "Laser Turret", "Laser Turret"],
                 phase="event", event="World Eater", deck=["Mine"])
    force(g, 7, 0)  # 3 + 3 for the domes, the seventh hit destroys a turret
    assert structures(g) == [("Laser Turret", 0)]
    assert view(g)["discard"] == {"Force Dome": 2, "Laser Turret": 1}
    assert view(g)["base"]["damage"] == 0


def test_laser_turret_force_1() -> None:
    """The Laser Turret's note "Force = 1": it rolls one die and one hit destroys it."""
    g = scenario(structures=["Laser Turret"] * 3, phase="event", event="Little Green Men",
                 deck=["Mine"])
    force(g, 1)
    assert chance(g) == binomial_by_enumeration(3 + 1)
    force(g, 0)
    assert structures(g) == [("Laser Turret", 0), ("Laser Turret", 0)]
    assert "Laser Turret is hit and destroyed" in g.log
    assert chance(g) == binomial_by_enumeration(4)
    force(g, 0)
    assert chance(g) == binomial_by_enumeration(2 + 1)


def test_if_all_laser_turrets_are_destroyed_then_the_base_card_will_be_attacked_next() -> None:
    """"If all Laser Turrets are destroyed, then the Base card will be attacked next."
    """
    g = scenario(structures=["Laser Turret"], phase="event", event="Space Monster",
                 deck=["Mine"])
    force(g, 3, 0)
    assert structures(g) == []
    assert view(g)["base"]["damage"] == 2
    assert g.log[-2:] == ("Base takes 1 damage (1/10)", "Base takes 1 damage (2/10)")


def test_space_hero_can_only_take_1_hit() -> None:
    """Space Hero's note "Can only take 1 Hit": Force 5 (five dice), destroyed by its
    first hit."""
    g = scenario(defenders=["Space Hero"], phase="event", event="Imperial Stormtroopers",
                 deck=["Mine"])
    force(g, 0)
    assert chance(g) == binomial_by_enumeration(5 + 1)
    force(g, 0)
    force(g, 1, 0)
    assert view(g)["defenders"] == [] and view(g)["discard"] == {"Space Hero": 1}
    assert "Space Hero is hit and destroyed" in g.log
    assert view(g)["base"]["damage"] == 0


def test_alien_artifact_play_and_use_only_if_you_have_a_lab_fights_with_a_lab() -> None:
    """Alien Artifact's note "Play & use only if you have a Lab": with a Research Lab in
    play it fights with Force 5; without one it rolls no dice."""
    g = scenario(structures=["Research Labs"], defenders=["Alien Artifact"], phase="event",
                 event="Space Pirates", deck=["Mine"])
    force(g, 0)
    assert chance(g) == binomial_by_enumeration(5 + 1)
    g = scenario(structures=["Research Labs"], defenders=["Alien Artifact"], phase="event",
                 event="Lab Explosion", deck=["Space Pirates"])
    play(g, "pass")
    assert view(g)["defenders"][0]["fights"] is False
    force(g, 0)
    assert chance(g) == binomial_by_enumeration(1)  # the Base's turret only


def test_decision_alien_artifact_without_a_lab_can_still_be_hit() -> None:
    """"When the invaders inflict damage a random defender card will be hit first." — an
    Alien Artifact whose Lab is gone is still a defender card in play: it does not fight
    but it can be hit (and it keeps its place against the capacity)."""
    g = scenario(structures=["Research Labs"], defenders=["Alien Artifact", "Space Marines"],
                 phase="event", event="Lab Explosion", deck=["Alien Invaders"])
    play(g, "pass")
    force(g, 1)
    assert chance(g) == binomial_by_enumeration(3 + 1)
    force(g, 0)
    assert chance(g) == {"Alien Artifact": Fraction(1, 2), "Space Marines": Fraction(1, 2)}
    force(g, "Alien Artifact")
    assert defenders(g) == [("Alien Artifact", 1), ("Space Marines", 0)]


# ---------------------------------------------------------------------------------------
# Rulings 3 to 6
# ---------------------------------------------------------------------------------------


def test_ruling_3_battle_rounds_repeat_until_the_invader_is_destroyed_or_the_base_is() -> None:
    """Ruling 3: "Battle rounds repeat until the invader is destroyed or the Base is."
    """
    g = scenario(phase="event", event="Mutant Space Zombies", base_damage=7, deck=["Mine"])
    for _ in range(4):  # nobody hits: the battle goes on
        force(g, 0, 0)
    assert view(g)["battle"]["round"] == 5
    force(g, 1, 0, 1, 0)
    assert not g.is_over and view(g)["base"]["damage"] == 9
    force(g, 1, 0)
    assert g.is_over and g.scores == (0,)


def test_ruling_3_option_battle_order_simultaneous() -> None:
    """Ruling 3: "In a round all dice are rolled together and hits applied afterwards
    (simultaneous) (option `battle_order`: simultaneous / invader_first /
    defenders_first)." — the default: a defender destroyed this round still rolled."""
    assert Rules().battle_order == "simultaneous"
    g = scenario(defenders=["Astro Guard"], phase="event", event="Space Pirates",
                 deck=["Mine"])
    force(g, 2)
    assert chance(g) == binomial_by_enumeration(2 + 1)  # Astro Guard still rolls
    force(g, 1)
    assert view(g)["defenders"] == []
    assert view(g)["current"]["damage"] == 1
    assert chance(g) == binomial_by_enumeration(2)  # round 2: the pirates roll 3 - 1


def test_ruling_3_option_battle_order_invader_first() -> None:
    """Ruling 3, option ``battle_order="invader_first"``: the invader's hits land before
    the defenders roll, so a defender destroyed by them does not roll."""
    g = scenario(defenders=["Astro Guard"], phase="event", event="Space Pirates",
                 deck=["Mine"], rules=Rules(battle_order="invader_first"))
    force(g, 2)
    assert view(g)["defenders"] == []
    assert chance(g) == binomial_by_enumeration(1)  # only the Base's turret
    force(g, 1)
    assert view(g)["current"]["damage"] == 1
    assert chance(g) == binomial_by_enumeration(2)
    # The Base falls before the defenders roll.
    g = scenario(phase="event", event="Space Pirates", base_damage=9, deck=["Mine"],
                 rules=Rules(battle_order="invader_first"))
    force(g, 1)
    assert g.is_over and not any("Defenders roll" in ln for ln in g.log)


def test_ruling_3_option_battle_order_defenders_first() -> None:
    """Ruling 3, option ``battle_order="defenders_first"``: the defenders' hits land
    before the invader rolls; an invader destroyed by them never rolls."""
    rules = Rules(battle_order="defenders_first")
    g = scenario(defenders=["Astro Guard"], phase="event", event="Space Pirates",
                 deck=["Mine"], rules=rules)
    assert chance(g) == binomial_by_enumeration(2 + 1)
    force(g, 3)
    assert g.phase == "build" and not any("Space Pirates roll" in ln for ln in g.log)
    assert defenders(g) == [("Astro Guard", 0)]
    g = scenario(defenders=["Astro Guard"], phase="event", event="Space Pirates",
                 deck=["Mine"], rules=rules)
    force(g, 1)
    assert chance(g) == binomial_by_enumeration(2)  # the pirates roll their Force left
    force(g, 1)
    assert defenders(g) == [("Astro Guard", 1)]
    assert chance(g) == binomial_by_enumeration(1 + 1)  # round 2: Guard 1, Base 1


def test_ruling_3_option_battle_order_is_validated() -> None:
    """Ruling 3: only the three orders exist."""
    import pytest

    with pytest.raises(ValueError, match="battle_order"):
        Rules(battle_order="random")


def test_ruling_4_who_rolls_invader_defenders_turrets_base_not_domes() -> None:
    """Ruling 4: "The invader rolls one die per point of current Force (printed Force
    minus damage). Each defender likewise; each Laser Turret one die; the Base's built-in
    turret one die. Force Domes do not attack. A die showing 1 is a hit."
    """
    g = scenario(structures=["Laser Turret", "Laser Turret", "Force Dome", "Force Dome"],
                 defenders=["Space Navy", "Astro Guard"], damage={"Space Navy": 1},
                 phase="event", event="World Eater", deck=["Mine"])
    assert chance(g) == binomial_by_enumeration(7)
    force(g, 0)
    assert view(g)["battle"]["defender_dice"] == 3 + 2 + 1 + 1 + 1
    assert chance(g) == binomial_by_enumeration(8)
    force(g, 2)
    assert chance(g) == binomial_by_enumeration(7 - 2)


def test_ruling_5_invader_hits_go_to_a_random_defender_then_domes_then_turrets_then_base(
) -> None:
    """Ruling 5: "Where invader hits go, one hit at a time: a uniformly random defender in
    play; if none, a Force Dome (each absorbs 3 hits, then is destroyed; the most damaged
    dome first); if none, a Laser Turret (1 hit destroys it); if none, the Base."
    """
    g = scenario(structures=["Force Dome", "Force Dome", "Laser Turret"],
                 defenders=["Astro Guard", "Space Patrol"], phase="event",
                 event="World Eater", deck=["Mine"])
    force(g, 7, 0)
    assert chance(g) == {"Astro Guard": Fraction(1, 2), "Space Patrol": Fraction(1, 2)}
    force(g, "Space Patrol", "Astro Guard", "Space Patrol [1 dmg]")
    # The fourth hit: Astro Guard [1 dmg] is the only defender left (no chance node).
    assert view(g)["defenders"] == []
    # Hits 5 to 7 went to the domes: 3 on one of them, not spread.
    assert structures(g) == [("Force Dome", 0), ("Laser Turret", 0)]
    force(g, 4, 0)  # 3 destroy the second dome, the 4th the turret
    assert structures(g) == [] and view(g)["base"]["damage"] == 0
    force(g, 1, 0)
    assert view(g)["base"]["damage"] == 1


def test_ruling_5_the_most_damaged_dome_first() -> None:
    """Ruling 5: "each absorbs 3 hits, then is destroyed; the most damaged dome first"."""
    g = scenario(structures=["Force Dome", "Force Dome"], phase="event",
                 event="Space Pirates", deck=["Mine"])
    force(g, 1, 0)
    assert structures(g) == [("Force Dome", 0), ("Force Dome", 1)]
    force(g, 1, 0)
    assert structures(g) == [("Force Dome", 0), ("Force Dome", 2)]
    force(g, 2, 0)
    assert structures(g) == [("Force Dome", 1)]


def test_ruling_5_space_hero_destroyed_by_its_first_hit_no_carry_over() -> None:
    """Ruling 5: "Space Hero is destroyed by its first hit. A hit on a card that can take
    no more is not carried over to the next card of the same hit."
    """
    g = scenario(structures=["Laser Turret"], defenders=["Space Hero"], phase="event",
                 event="Alien Predators", deck=["Mine"])
    force(g, 1, 0)
    assert view(g)["defenders"] == []
    assert structures(g) == [("Laser Turret", 0)] and view(g)["base"]["damage"] == 0
    force(g, 1, 0)  # one hit, one card: the turret, not also the Base
    assert structures(g) == [] and view(g)["base"]["damage"] == 0


def test_ruling_6_power_matters_for_income_and_building_not_for_fighting() -> None:
    """Ruling 6: "Power matters for income and building, not for fighting." "Power tokens
    exist only from the Power phase to the end of the Income phase, so turrets, domes and
    the Command Center work whether powered or not."
    """
    # Five Agrodomes take the Base's 5 power: turret, dome and Command Center get none.
    g = scenario(structures=["Agrodome"] * 5 + ["Laser Turret", "Force Dome",
                                                "Command Center"],
                 hand=["Mine"] * 6, phase="build", deck=["Space Pirates", "Mine"])
    assert g.optimal_power() == {"agrodome": 5}
    play(g, "pass")
    assert view(g)["last_income"] == 5
    assert g.state.powered == {}  # the tokens were discarded after the Income phase
    assert view(g)["hand_limit"] == 7 and g.phase == "event"  # 6 + 1 card kept, no discard
    assert view(g)["battle"]["defender_dice"] == 1 + 1  # the unpowered turret rolls
    force(g, 2, 0)
    assert structures(g)[-3:] == [("Command Center", 0), ("Force Dome", 2),
                                  ("Laser Turret", 0)]
    assert view(g)["base"]["damage"] == 0
