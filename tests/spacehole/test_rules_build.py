"""Spacehole rule tests: the Build phase (rules/spacehole.txt, Build Phase; the D column;
the Command Center's and Alien Artifact's notes; RULINGS.md Spacehole 7, 8, 9).
"""

from __future__ import annotations

from spacehole.rules_support import Rules, acts, force, play, quote, refused, scenario, view

from boardgames.core.errors import InvalidActionError


def names(cards: list[dict]) -> list[str]:
    return [c["name"] for c in cards]


def damage(g) -> dict[str, int]:
    v = view(g)
    out = {d["label"]: d["damage"] for d in v["defenders"]}
    out.update({s["label"]: s["damage"] for s in v["structures"] if s["damage"]})
    out["Base"] = v["base"]["damage"]
    return out


MANUAL = Rules(power_choice="manual")


def test_you_may_play_one_structure_card_or_one_defender_card_from_your_hand() -> None:
    """"You may play one Structure card or one Defender card from your hand."

    Each card of the hand is offered (or passing); after one card the Build phase is
    over."""
    g = scenario(structures=["Agrodome"], hand=["Colony", "Space Marines", "Mine"],
                 phase="build", deck=["Mine"], rules=MANUAL)
    assert acts(g) == {"build Colony", "build Space Marines", "build Mine", "pass"}
    play(g, "build Space Marines")
    assert g.phase == "power"
    assert acts(g) == {"power Agrodome", "power optimal", "power done"}
    refused(g, "build Colony", "waiting for power tokens")
    assert view(g)["hand"] == ["Colony", "Mine"]


def test_build_refuses_a_card_not_in_hand_and_unknown_names() -> None:
    """"You may play one Structure card or one Defender card from your hand." — only from
    the hand: anything else is refused with a reason, and the game is unchanged."""
    g = scenario(hand=["Mine"], phase="build", deck=["Mine"])
    refused(g, "build Colony", "no Colony in hand")
    msg = refused(g, "build Warp Core", "no classic card is called 'Warp Core'")
    assert "'build Warp Core'" in msg
    refused(g, "build", "needs a card name")
    refused(g, "fly Mine", "unknown verb")
    refused(g, 42, "not an action of spacehole")
    import pytest

    with pytest.raises(InvalidActionError):
        g.apply("build Foo [0 dmg]")


def test_the_played_card_is_placed_face_up_on_the_table_in_front_of_you() -> None:
    """"The played card is placed face-up on the table in front of you."

    It leaves the hand (secret) for the table (seen by anyone, spectators included)."""
    g = scenario(hand=["Colony", "Space Marines"], phase="build", deck=["Mine"])
    assert "hand" not in g.view(None)
    play(g, "build Colony")
    assert names(g.view(None)["structures"]) == ["Colony"]
    assert view(g)["hand"] == ["Mine", "Space Marines"]
    assert "Built Colony" in g.log
    play(g, "build Space Marines")
    assert names(g.view(None)["defenders"]) == ["Space Marines"]
    assert "Played defender Space Marines (Force 3)" in g.log


def test_note_you_cannot_have_more_defender_cards_than_your_structure_cards_allow() -> None:
    """"Note: You cannot have more Defender cards than your structure cards allow."
    "D = Number of Additional Defender cards that may be in play."

    The Base allows 2; Colony, Starport, Stargate and Command Center one more each."""
    v = view(scenario())
    assert v["capacity"] == 2
    for card in ("Colony", "Starport", "Stargate", "Command Center"):
        assert view(scenario(structures=[card]))["capacity"] == 3, card
    for card in ("Solar Array", "Agrodome", "Mine", "Refinery", "Factory", "Research Labs",
                 "Laser Turret", "Force Dome"):
        assert view(scenario(structures=[card]))["capacity"] == 2, card
    everything = ["Colony"] * 4 + ["Starport", "Stargate", "Command Center"]
    assert view(scenario(structures=everything))["capacity"] == 2 + 7


def test_excess_are_discarded_option_defender_overflow_discard() -> None:
    """"Excess are discarded." — option ``defender_overflow="discard"`` (the default): a
    defender may be played over the capacity, then the player chooses which defender
    (the new one included) goes to the discard pile."""
    assert Rules().defender_overflow == "discard"
    g = scenario(defenders=["Astro Guard", "Space Patrol"], hand=["Space Navy"],
                 phase="build", deck=["Mine"], rules=MANUAL)
    assert "build Space Navy" in acts(g)
    play(g, "build Space Navy")
    assert g.phase == "build"
    assert acts(g) == {"remove Astro Guard", "remove Space Patrol", "remove Space Navy"}
    assert "Defender capacity is 2: 1 must be discarded" in g.log
    play(g, "remove Space Patrol")
    assert names(view(g)["defenders"]) == ["Astro Guard", "Space Navy"]
    assert view(g)["discard"] == {"Space Patrol": 1}
    assert g.phase == "power"


def test_decision_option_defender_overflow_forbid() -> None:
    """"Note: You cannot have more Defender cards than your structure cards allow." —
    option ``defender_overflow="forbid"``: with every place taken, no defender can be
    played."""
    g = scenario(defenders=["Astro Guard", "Space Patrol"], hand=["Space Navy", "Mine"],
                 phase="build", deck=["Mine"], rules=Rules(defender_overflow="forbid"))
    assert acts(g) == {"build Mine", "pass"}
    refused(g, "build Space Navy", "defender places are taken", "forbid")
    g = scenario(defenders=["Astro Guard"], hand=["Space Navy"], phase="build",
                 deck=["Mine"], rules=Rules(defender_overflow="forbid"))
    assert "build Space Navy" in acts(g)
    # A capacity that drops still makes the player choose (ruling 8).
    g = scenario(structures=["Colony"], defenders=["Astro Guard", "Space Patrol", "Space Navy"],
                 phase="event", event="Space Virus", deck=["Mine"],
                 rules=Rules(defender_overflow="forbid"))
    play(g, "virus Colony")
    assert acts(g) == {"remove Astro Guard", "remove Space Patrol", "remove Space Navy"}


def test_you_cannot_play_a_structure_if_you_cant_provide_it_a_power_token() -> None:
    """"You cannot play a structure if you canít provide it a power token this turn in
    power phase."

    Five Agrodomes use the Base's 5 power: a Colony cannot be built, a Solar Array (no
    upkeep, +5 power) can, a defender can; the next turn the Colony can."""
    quote("You cannot play a structure if you canít provide it a power token this turn in "
          "power phase.")
    g = scenario(structures=["Agrodome"] * 5,
                 hand=["Colony", "Solar Array", "Laser Turret", "Space Marines"],
                 phase="build", deck=["Mine"])
    assert acts(g) == {"build Solar Array", "build Space Marines", "pass"}
    refused(g, "build Colony", "ruling 7", "would need 6 power", "only 5 is generated")
    refused(g, "build Laser Turret", "ruling 7")
    play(g, "build Solar Array")
    assert view(g)["power"] == {"generated": 10, "upkeep": 5}
    assert {"build Colony", "build Laser Turret"} <= acts(g)


def test_if_you_did_not_play_a_card_you_may_remove_all_the_damage_tokens_on_one_card() -> None:
    """"If you did not play a card you may remove all the damage tokens on one of your
    cards."

    Every damaged card is offered (a defender, a Force Dome, the Base); the one chosen
    loses all its damage, the others keep theirs. Playing a card means no repair."""
    g = scenario(structures=["Force Dome", "Colony"],
                 defenders=["Space Navy", "Space Marines", "Astro Guard"],
                 damage={"Space Navy": 3, "Force Dome": 2, "Space Marines": 1},
                 base_damage=4, hand=["Mine"], phase="build", deck=["Mine", "Mine"])
    assert acts(g) == {"build Mine", "pass", "repair Space Navy [3 dmg]",
                       "repair Space Marines [1 dmg]", "repair Force Dome [2 dmg]",
                       "repair Base"}
    refused(g, "repair Astro Guard", "no damaged card")
    play(g, "repair Space Navy [3 dmg]")
    assert damage(g) == {"Space Navy": 0, "Space Marines [1 dmg]": 1, "Astro Guard": 0,
                         "Force Dome [2 dmg]": 2, "Base": 4}
    assert "Repaired Space Navy: all damage removed" in g.log
    # Next turn: a card is played, so nothing is repaired.
    play(g, "build Mine")
    assert g.phase == "build" and g.turn == 3
    assert damage(g) == {"Space Navy": 0, "Space Marines [1 dmg]": 1, "Astro Guard": 0,
                         "Force Dome [2 dmg]": 2, "Base": 4}


def test_command_center_hand_size_plus_2() -> None:
    """The Command Center's note "Hand Size +2": the limit is 7 while it is in play, from
    the next draw on; back to 5 when it is gone."""
    g = scenario(hand=["Command Center", "Mine", "Mine", "Mine", "Mine"], phase="build",
                 deck=["Mine", "Agrodome", "Agrodome", "Sabotage", "Agrodome"])
    assert view(g)["hand_limit"] == 5
    play(g, "build Command Center")
    assert view(g)["hand_limit"] == 7
    assert g.phase == "build" and len(view(g)["hand"]) == 5  # + Mine: no discard
    play(g, "pass")
    assert len(view(g)["hand"]) == 6
    play(g, "pass")
    assert len(view(g)["hand"]) == 7
    play(g, "pass")
    force(g, "Command Center")  # Sabotage
    assert view(g)["hand_limit"] == 5 and len(view(g)["hand"]) == 7
    play(g, "pass")
    assert g.phase == "karma" and len(view(g)["hand"]) == 8
    play(g, "discard Mine", "discard Mine")
    assert g.phase == "karma"
    play(g, "discard Mine")
    assert g.phase == "build" and len(view(g)["hand"]) == 5


# ---------------------------------------------------------------------------------------
# Rulings 7 to 9
# ---------------------------------------------------------------------------------------


def test_ruling_7_option_build_power_check_total() -> None:
    """Ruling 7: "Building a structure is legal only if, with it, the total power upkeep
    of all structures in play is at most the power generated (Base 5 + 5 per Solar Array)
    (option `build_power_check`: total / new_card_only)." — the default, total."""
    assert Rules().build_power_check == "total"
    g = scenario(structures=["Agrodome"] * 4, hand=["Starport", "Research Labs"],
                 phase="build", deck=["Mine"])
    assert acts(g) == {"build Research Labs", "pass"}  # 4 + 1 <= 5 but 4 + 2 > 5
    g = scenario(structures=["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony", "Mine"],
                 hand=["Starport", "Stargate"], phase="build", deck=["Mine"])
    assert view(g)["power"] == {"generated": 10, "upkeep": 5}
    assert acts(g) == {"build Starport", "build Stargate", "pass"}  # 7 and 8 <= 10
    g = scenario(structures=["Solar Array", "Agrodome", "Agrodome", "Colony", "Colony",
                             "Mine", "Mine", "Mine", "Mine"],
                 hand=["Starport", "Stargate"], phase="build", deck=["Mine"])
    assert acts(g) == {"build Starport", "pass"}  # 8 + 2 <= 10 < 8 + 3


def test_ruling_7_option_build_power_check_new_card_only() -> None:
    """Ruling 7 with ``build_power_check="new_card_only"``: only the new card's own upkeep
    must fit the power generated; the Power phase then powers what it can."""
    g = scenario(structures=["Agrodome"] * 5, hand=["Starport", "Colony"], phase="build",
                 deck=["Mine"], rules=Rules(build_power_check="new_card_only"))
    assert acts(g) == {"build Starport", "build Colony", "pass"}
    play(g, "build Colony")
    # 6 structures, 5 power: Agrodome + Colony (4) + 3 Agrodomes (3) = 7 beats 5 Agrodomes.
    assert view(g)["last_income"] == 7
    g = scenario(hand=["Stargate"], phase="build", deck=["Mine"],
                 rules=Rules(build_power_check="new_card_only"))
    assert "build Stargate" in acts(g)  # 3 <= 5 (it cannot earn without a Lab)


def test_ruling_7_a_structure_that_uses_no_power_can_always_be_built() -> None:
    """Ruling 7: "A structure that uses no power (P 0: Solar Array, Fusion reactor) can
    always be built: the text forbids only a card that cannot be given a power token, and
    such a card needs none." "(Without this, losing Solar Arrays to events could lock a
    colony out of building the very card that would restore it.) Alien Artifact may be
    played only with a Research Lab in play, and fights only while one is in play." (the
    Artifact: the next test).

    Six Mines, five Agrodomes and a Solar Array (upkeep 11, 10 generated); Sabotage
    discards the Solar Array (5 generated). With the Solar Array in hand the total would
    be 11 > 10, yet it is offered under either option (the Colony is not, under total)."""
    crowded = ["Mine"] * 6 + ["Agrodome"] * 5
    for check in ("total", "new_card_only"):
        g = scenario(structures=[*crowded, "Solar Array"], hand=["Solar Array", "Colony"],
                     phase="event", event="Sabotage", deck=["Mine"],
                     rules=Rules(build_power_check=check))
        force(g, "Solar Array")
        assert view(g)["power"] == {"generated": 5, "upkeep": 11}
        assert "build Solar Array" in acts(g), check
        play(g, "build Solar Array")
        assert view(g)["power"] == {"generated": 10, "upkeep": 11}
    g = scenario(structures=crowded, hand=["Solar Array", "Colony"], phase="build",
                 deck=["Mine"])
    assert acts(g) == {"build Solar Array", "pass"}
    refused(g, "build Colony", "ruling 7", "would need 12 power")
    g = scenario(structures=["Loading bay"] * 6 + ["Garden"] * 5, hand=["Fusion reactor"],
                 phase="build", deck=["Loading bay"], variant="babylon5")
    assert acts(g) == {"build Fusion reactor", "pass"}


def test_ruling_7_alien_artifact_may_be_played_only_with_a_research_lab_in_play() -> None:
    """Ruling 7: "Alien Artifact may be played only with a Research Lab in play, and fights
    only while one is in play." — and the note "Play & use only if you have a Lab"."""
    g = scenario(hand=["Alien Artifact", "Research Labs"], phase="build",
                 deck=["Mine", "Space Pirates"])
    assert acts(g) == {"build Research Labs", "pass"}
    refused(g, "build Alien Artifact", "Alien Artifact (ruling 7)", "Research Labs in play")
    play(g, "build Research Labs")
    assert "build Alien Artifact" in acts(g)
    play(g, "build Alien Artifact")
    force(g, 0)
    assert set(g.chance_outcomes()) == set(range(5 + 1 + 1))  # 6 dice: Artifact 5, Base 1


def test_ruling_8_defender_capacity_drops_the_player_chooses_which_to_discard() -> None:
    """Ruling 8: "Defender capacity is 2 (Base) + the D column of structures in play. When
    it drops below the defenders in play, the player chooses which defenders to
    discard."
    """
    g = scenario(structures=["Colony", "Agrodome"],
                 defenders=["Astro Guard", "Space Marines", "Space Navy"],
                 damage={"Space Navy": 2}, phase="event", event="Meteor Swarm",
                 deck=["Mine"])
    assert view(g)["capacity"] == 3
    force(g, "Colony")
    assert view(g)["capacity"] == 2 and g.phase == "event"
    assert acts(g) == {"remove Astro Guard", "remove Space Marines",
                       "remove Space Navy [2 dmg]"}
    refused(g, "remove Space Navy", "not a choice")
    play(g, "remove Space Navy [2 dmg]")
    assert names(view(g)["defenders"]) == ["Astro Guard", "Space Marines"]
    assert view(g)["discard"] == {"Colony": 1, "Space Navy": 1, "Meteor Swarm": 1}
    assert g.phase == "build"


def test_ruling_9_repair_if_no_card_was_played_remove_all_damage_from_one_card() -> None:
    """Ruling 9: "If no card was played in the Build phase, the player may remove all
    damage from one card." — the Base too, and a Force Dome."""
    g = scenario(structures=["Force Dome"], damage={"Force Dome": 2}, base_damage=7,
                 phase="build", deck=["Mine", "Mine"])
    assert acts(g) == {"pass", "repair Base", "repair Force Dome [2 dmg]"}
    play(g, "repair Base")
    assert damage(g) == {"Force Dome [2 dmg]": 2, "Base": 0}
    play(g, "repair Force Dome [2 dmg]")
    assert damage(g) == {"Base": 0}
    assert acts(g) == {"build Mine", "pass"}  # nothing left to repair
    # Passing repairs nothing.
    g = scenario(base_damage=3, phase="build", deck=["Mine"])
    play(g, "pass")
    assert damage(g) == {"Base": 3} and "Built nothing" in g.log
