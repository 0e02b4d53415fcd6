"""Space Base rule tests: the seven phases of a turn (rules/spacebase.txt, TRANSFER PHASE to
BUILD PHASE; RULINGS.md Space Base 4, 7, 8, 9 and the options ``action_cards`` and
``repair_sites``)."""

from __future__ import annotations

import random
from fractions import Fraction

from spacebase.support import CHANCE, Rules, SpaceBase, acts, chance, force, play, refused
from spacebase.support import scenario as _scenario

OUTPOSTS = {(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)}


def scenario(**kw):
    sites = dict(OUTPOSTS)
    sites.update(kw.pop("sites", {}))
    return _scenario(sites=sites, **kw)


def owners(g) -> dict:
    return {c: s.owner for c, s in g.board.sites().items()}


# --------------------------------------------------------------------------- Transfer
def test_transfer_move_a_site_to_a_space_adjacent_to_another_site_ruling_8_transfer() -> None:
    """"By playing (discarding) a Transfer card a player may:" "1. Move a site he
    controls to any other space adjacent to a site he also controls, or…" — ruling 8:
    "Transfer card: move a site you control to an empty cell adjacent to another site you
    control, or swap two sites you control." """
    g = scenario(sites={(1, 0): ("Metal", 0), (0, 1): ("Solar Panels Array", 0),
                        (8, 9): ("Colony", 1)},
                 hands=[["Transfer", "Metal"], []])
    assert g.phase == "transfer"
    assert acts(g) == {"done", "transfer (0,0)", "transfer (1,0)", "transfer (0,1)"}
    play(g, "transfer (1,0)")
    assert g.hand(0) == ("Metal",) and g.view(None)["discard"] == {"Transfer": 1}
    assert "Player 0 plays Transfer on the Metal at (1,0)" in g.log
    # empty cells next to another of the player's sites: (0,1)'s (1,1) and (0,2)
    assert acts(g) == {"move to (1,1)", "move to (0,2)", "swap with (0,0)",
                       "swap with (0,1)"}
    refused(g, "move to (5,5)", "not adjacent to another site Player 0 controls")
    refused(g, "move to (0,1)", "occupied")
    refused(g, "swap with (8,9)", "does not control")
    play(g, "move to (0,2)")
    assert g.board.site((0, 2)) == ("Metal", 0, 0) and g.board.site((1, 0)) is None
    assert "Player 0 moves the Metal from (1,0) to (0,2)" in g.log
    assert g.phase != "transfer"  # one Transfer card per phase (default)


def test_transfer_switch_the_location_of_any_two_site_cards_he_controls() -> None:
    """"2. Switch the location of any two site cards he controls." — damage and markers
    travel with the cards; an opponent's site cannot be switched."""
    g = scenario(sites={(0, 1): ("Extractor", 0), (1, 0): ("Metal", 0), (5, 5): ("Volcano", 0),
                        (8, 9): ("Colony", 1)},
                 damage={(0, 1): 3}, hands=[["Transfer"], []])
    refused(g, "transfer (8,9)", "does not control the Colony")
    play(g, "transfer (0,1)", "swap with (5,5)")
    assert g.board.site((5, 5)) == ("Extractor", 0, 3)
    assert g.board.site((0, 1)) == ("Volcano", 0, 0)
    assert "Player 0 switches the Extractor at (0,1) with the Volcano at (5,5)" in g.log


def test_transfer_phase_needs_a_transfer_card_and_two_sites() -> None:
    """"By playing (discarding) a Transfer card a player may:" — without the card, or
    with a single site (nothing to move it next to or switch it with), there is no
    Transfer decision."""
    g = scenario(hands=[["Transfer"], []], phase="transfer")
    assert g.current_player == CHANCE and g.phase == "meteor"
    g = scenario(sites={(1, 0): ("Metal", 0)}, hands=[["Metal"], []], phase="transfer")
    assert g.phase == "meteor"


def test_option_action_cards_one_and_any() -> None:
    """Option ``action_cards``: ``"one"`` (default) Transfer card per Transfer phase and
    Control card per Control phase, or ``"any"`` number of them."""
    assert Rules().action_cards == "one"
    spec = dict(sites={(1, 0): ("Metal", 0), (0, 1): ("Volcano", 0), (8, 9): ("Colony", 1),
                       (9, 8): ("Metal", 1)},
                hands=[["Transfer", "Transfer", "Control", "Control"], ["Colony", "Factory"]])
    g = scenario(**spec)
    play(g, "transfer (1,0)", "move to (1,1)")
    assert g.phase != "transfer"
    g = scenario(rules=Rules(action_cards="any"), **spec)
    play(g, "transfer (1,0)", "move to (1,1)")
    assert g.phase == "transfer" and "transfer (0,1)" in acts(g)
    play(g, "transfer (0,1)", "swap with (1,1)")
    assert g.phase != "transfer"  # no Transfer card left
    g = scenario(phase="control", **spec)
    play(g, "control look 1", "steal Factory")
    assert g.phase == "build" or g.current_player == CHANCE
    g = scenario(phase="control", rules=Rules(action_cards="any"), **spec)
    play(g, "control look 1", "steal Factory")
    assert g.phase == "control" and "control look 1" in acts(g)
    play(g, "control look 1", "steal Colony")
    assert g.hand(1) == ()


# --------------------------------------------------------------------------- Repair
def test_repair_sites_damaged_by_meteors_pay_1_credit_per_point_ruling_7_repair() -> None:
    """"Repair sites damaged by meteors." "Pay 1 credit to remove 1 point of damage." —
    ruling 7: "Repair: 1 credit per damage point, any amount, in the Repair phase." """
    g = scenario(sites={(1, 0): ("Solar Panels Array", 0), (9, 8): ("Extractor", 1)},
                 damage={(1, 0): 4, (9, 8): 2}, credits=[3, 50])
    assert g.phase == "repair"
    assert acts(g) == {"done", "repair (1,0) 1", "repair (1,0) 2", "repair (1,0) 3"}
    refused(g, "repair (1,0) 4", "has 3 credits")
    refused(g, "repair (9,8) 1", "does not control")
    play(g, "repair (1,0) 2")
    assert g.credits == (1, 50) and g.board.site((1, 0)).damage == 2
    assert "Player 0 pays 2 credits to repair the Solar Panels Array at (1,0) (2 damage left)" \
        in g.log
    play(g, "repair (1,0) 1")
    assert g.credits == (0, 50)
    assert g.phase == "meteor"  # no credits left: the Repair phase ends
    assert not g.board.is_functional((1, 0))  # still damaged: still defunct


def test_a_repaired_site_works_again_in_the_same_turn() -> None:
    """"Pay 1 credit to remove 1 point of damage." — with all damage removed the site is
    functional again before the Production phase."""
    g = scenario(sites={(1, 0): ("Extractor", 0), (2, 0): ("Metal", 0)}, damage={(1, 0): 2})
    assert g.view(None)["income"][0] == 1
    play(g, "repair (1,0) 2")
    assert g.board.is_functional((1, 0)) and g.view(None)["income"][0] == 2
    force(g, (5, 5))
    assert g.credits[0] == 50 - 2 + 2


def test_option_repair_sites_own_and_any() -> None:
    """Option ``repair_sites``: ``"own"`` (default, the sites the player controls) or
    ``"any"`` damaged site, an opponent's too."""
    assert Rules().repair_sites == "own"
    spec = dict(sites={(8, 9): ("Solar Panels Array", 1)}, damage={(8, 9): 1})
    g = scenario(**spec)
    assert g.phase == "meteor"  # nothing of player 0's to repair
    g = scenario(rules=Rules(repair_sites="any"), **spec)
    play(g, "repair (8,9) 1")
    assert g.board.site((8, 9)) == ("Solar Panels Array", 1, 0) and g.credits == (49, 50)


# --------------------------------------------------------------------------- Meteor
def test_each_turn_a_meteor_hits_a_random_space() -> None:
    """"Each turn a meteor hits a random space." — one meteor chance node per turn."""
    g = SpaceBase(players=2, seed=11)
    rng = random.Random(11)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    meteors = [st for st in g.history if st.player == CHANCE and isinstance(st.value, tuple)]
    assert len(meteors) == g.turn == 115
    assert sum(1 for line in g.log if line.startswith("A meteor hits")) == 115


def test_roll_two_ten_sided_dice_to_determine_the_x_and_y_axes_ruling_1_cells() -> None:
    """"(How convenient) Roll two ten sided dice to determine the X and Y axes." — ruling
    1: "Cells are (x, y) with 0 ≤ x, y ≤ 9; the meteor's 2D10 map 1..10 to 0..9." Each of
    the 100 cells has probability 1/100; the outcome is the cell."""
    g = scenario(phase="meteor")
    d = chance(g)
    assert set(d) == {(x, y) for x in range(10) for y in range(10)}
    assert all(p == Fraction(1, 100) for p in d.values())
    h = g.fork()
    h.apply("meteor (4,7)")
    assert h.history[-1].value == (4, 7) and h.history[-1].text == "meteor (4,7)"
    g.apply([4, 7])
    assert g.history == h.history


def test_if_the_space_contains_an_installation_it_receives_1d10_points_of_damage() -> None:
    """"If the space contains an installation, it receives 1D10 points of Damage." —
    damage adds up over several meteors."""
    g = scenario(sites={(1, 0): ("Extractor", 0)}, damage={(1, 0): 3}, phase="meteor",
                 credits=[0, 0])
    force(g, (1, 0))
    assert chance(g) == {k: Fraction(1, 10) for k in range(1, 11)}
    force(g, 7)
    assert g.board.site((1, 0)).damage == 10
    assert ("A meteor hits (1,0): the Extractor takes 7 damage (10 in all) and is defunct"
            in g.log)
    assert g.view(None)["meteor"] == {"cell": [1, 0], "damage": 7, "result": "damaged"}


def test_damaged_sites_are_considered_to_be_defunct() -> None:
    """"Damaged sites are considered to be "defunct"." — and so are the sites that
    depended on them; the Production phase right after pays less."""
    g = scenario(sites={(1, 0): ("Metal", 0), (0, 1): ("Refineries", 0), (0, 2): ("Factory", 0)},
                 phase="meteor")
    assert g.view(None)["income"][0] == 1 + 2 + 3
    force(g, (0, 0), 1)  # the Outpost: power and extractor of the chain
    assert g.board.functional() == {(9, 9)}  # player 1's Outpost only
    assert g.credits[0] == 50  # nothing produced
    assert g.view(None)["income"][0] == 0


def test_empty_spaces_and_resource_spaces_are_unaffected() -> None:
    """"Empty spaces and resource spaces are unaffected." — no damage roll for an empty
    cell, a resource site or a Volcano (not an installation)."""
    for cell, name, words in (((5, 5), None, "empty space"), ((1, 0), "Metal", "unaffected"),
                              ((0, 1), "Volcano", "unaffected")):
        g = scenario(sites={(1, 0): ("Metal", 0), (0, 1): ("Volcano", 0)}, phase="meteor")
        force(g, cell)
        assert g.view(None)["chance"] != "damage"
        assert any(words in line for line in g.log), (name, g.log)
        assert g.board.site((1, 0)).damage == 0


def test_shield_generators_and_adjacent_installations_are_unaffected_ruling_7_meteor() -> None:
    """"Shield generators and installations adjacent to shield generators are unaffected."
    Ruling 7: "Meteor. 2D10 picks a cell; an installation there that is not a functional
    Shield Generator or physically adjacent to one takes 1D10 damage." """
    sites = {(1, 0): ("Shield Generator", 0), (2, 0): ("Extractor", 0), (1, 1): ("Colony", 1),
             (3, 0): ("Research Station", 0)}
    for cell in ((1, 0), (2, 0), (1, 1), (0, 0)):
        g = scenario(sites=sites, phase="meteor")
        force(g, cell)
        assert g.view(None)["chance"] != "damage", cell
        assert any("is shielded" in line for line in g.log)
    g = scenario(sites=sites, phase="meteor")
    force(g, (3, 0))  # two cells away: not covered
    assert chance(g) == {k: Fraction(1, 10) for k in range(1, 11)}
    # a defunct (unpowered) Shield Generator protects nothing, itself included
    g = scenario(sites={(5, 5): ("Shield Generator", 0), (5, 6): ("Colony", 0)}, phase="meteor")
    assert not g.board.is_functional((5, 5))
    force(g, (5, 6))
    assert g.view(None)["chance"] == "damage"
    g = scenario(sites={(5, 5): ("Shield Generator", 0)}, phase="meteor")
    force(g, (5, 5), 2)
    assert g.board.site((5, 5)).damage == 2


# --------------------------------------------------------------------------- Production
def test_some_installations_produce_income_in_the_production_phase() -> None:
    """"Some installations produce income (credits)." "If an installation meets all of
    its functional requirements, then it is functional and produces income." "Income =
    Credits produced in Production Phase" — the player whose turn it is collects the
    Income column of each functional installation they control."""
    g = scenario(sites={(1, 0): ("Metal", 0), (0, 1): ("Refineries", 0), (0, 2): ("Factory", 0),
                        (1, 1): ("Solar Panels Array", 0), (8, 9): ("Extractor", 1),
                        (9, 8): ("Metal", 1)},
                 phase="meteor")
    force(g, (5, 5))
    assert g.credits == (50 + 1 + 2 + 3, 50)  # Outpost, Refineries, Factory; Solar: 0
    assert "Player 0 earns 6 credits (total 56)" in g.log
    assert g.view(None)["last_income"] == [0, 6]


def test_defunct_sites_produce_no_income() -> None:
    """"If an installation cannot meet all of its functional requirements, then it is
    considered defunct." "Defunct sites produce no income." """
    g = scenario(sites={(5, 5): ("Factory", 0), (5, 6): ("Colony", 0)}, phase="meteor")
    assert g.board.functional() == {(0, 0), (9, 9)}
    force(g, (7, 7))
    assert g.credits[0] == 51  # the Outpost only


def test_for_example_a_spaceport_needs_a_colony_high_tech_and_power() -> None:
    """"For example, a Spaceport must be adjacent to a Colony, a High tech industry, and
    a Power source." "To be functional, all of the adjacent required sites must also be
    functional." """
    full = _spaceport_chain()
    g = scenario(sites=full, phase="meteor")
    assert g.board.is_functional((4, 5)), g.board.explain((4, 5))
    assert g.board.functional() >= set(full) - {(0, 4), (7, 3), (8, 5)}  # all but ores
    for cut in ((5, 5), (4, 4), (4, 6)):  # its Colony, its High-Tech Industry, its power
        g = scenario(sites=full, damage={cut: 1}, phase="meteor")
        assert not g.board.is_functional((4, 5)), cut
    # present but defunct is not enough: the High-Tech Industry without its Factory
    g = scenario(sites={k: v for k, v in full.items() if k != (5, 4)}, phase="meteor")
    assert (4, 4) in g.board and not g.board.is_functional((4, 4))
    assert not g.board.is_functional((4, 5))


def _spaceport_chain() -> dict:
    """A Space Port at (4,5) with everything it needs, all of player 0's."""
    names = {
        (0, 4): "Ice + Organics", (1, 4): "Extractor", (1, 3): "Solar Panels Array",
        (2, 4): "Hydroponic Dome", (2, 5): "Solar Panels Array", (3, 4): "Colony",
        (3, 3): "Solar Panels Array", (4, 4): "High-Tech Industry", (4, 3): "Solar Panels Array",
        (5, 3): "Refineries", (6, 3): "Extractor", (7, 3): "Metal",
        (6, 4): "Solar Panels Array", (5, 4): "Factory", (4, 5): "Space Port",
        (4, 6): "Solar Panels Array", (5, 5): "Colony", (5, 6): "Solar Panels Array",
        (6, 5): "Hydroponic Dome", (7, 5): "Extractor", (8, 5): "Ice + Organics",
        (7, 4): "Solar Panels Array",
    }
    return {c: (n, 0) for c, n in names.items()}


def test_installations_may_meet_requirements_using_opponents_sites() -> None:
    """"Installations may meet requirements using adjacent sites controlled by
    opponents." — income goes to each site's controller."""
    g = scenario(sites={(5, 5): ("Solar Panels Array", 1), (5, 6): ("Extractor", 0),
                        (5, 7): ("Ice + Organics", 1), (4, 6): ("Hydroponic Dome", 1),
                        (4, 5): ("Solar Panels Array", 1)},
                 phase="meteor")
    assert {(5, 6), (4, 6)} <= g.board.functional()
    v = g.view(None)
    assert v["income"] == [1 + 1, 1 + 2]


# --------------------------------------------------------------------------- Control
def test_control_replace_the_marker_on_an_adjacent_opponent_site_ruling_8_control() -> None:
    """"By playing (discarding) a Control card a player may:" "1. Replace the control
    marker on an opponents site with one of your own markers." "The target site must
    already be adjacent to one of your sites." — ruling 8: "Control card: take over an
    opponent's site physically adjacent to one of yours, or look at one opponent's hand
    and take one card of your choice." """
    g = scenario(sites={(1, 0): ("Solar Panels Array", 1), (2, 0): ("Extractor", 1),
                        (3, 0): ("Metal", 1), (0, 2): ("Transport Hub", 0),
                        (1, 2): ("Factory", 1)},
                 hands=[["Control"], []], phase="control")
    # (1,0) is next to the Outpost; (1,2) is next to the hub (physically); (2,0) is not
    assert acts(g) == {"done", "control (1,0)", "control (1,2)"}
    refused(g, "control (2,0)", "must already be adjacent to one of Player 0's sites")
    refused(g, "control (0,0)", "already controls")
    refused(g, "control (5,5)", "no site")
    income = g.view(None)["income"]
    play(g, "control (1,0)")
    assert owners(g)[(1, 0)] == 0 and g.view(None)["discard"] == {"Control": 1}
    assert "Player 0 plays Control: takes over Player 1's Solar Panels Array at (1,0)" in g.log
    assert g.view(None)["income"] == income  # a Solar produces power, no income
    assert g.hand(0) == ()


def test_control_look_at_an_opponents_hand_and_steal_one_card() -> None:
    """"Or…." "2. Look at opponents hand and steal one card." — the looker alone sees that
    hand (in their view, while choosing), and takes the card of their choice; the others
    only learn that a card was taken."""
    g = scenario(players=3, sites={(9, 0): ("Outpost", 2)},
                 hands=[["Control"], ["Factory", "Metal", "Metal"], ["Colony"]],
                 phase="control")
    assert acts(g) == {"done", "control look 1", "control look 2"}
    play(g, "control look 1")
    assert g.view(0)["peek"] == {"player": 1, "hand": ["Factory", "Metal", "Metal"]}
    for p in (None, 1, 2):
        assert "peek" not in g.view(p)
    assert acts(g) == {"steal Factory", "steal Metal"}
    refused(g, "steal Colony", "holds no Colony")
    refused(g, "done", "steal <card>")
    play(g, "steal Factory")
    assert g.hand(0) == ("Factory",) and g.hand(1) == ("Metal", "Metal")
    assert "peek" not in g.view(0)
    assert g.log[-1] == "Player 0 takes a card from Player 1's hand" or \
        "Player 0 takes a card from Player 1's hand" in g.log
    assert not any("Factory" in line for line in g.log)
    # an empty hand cannot be looked at: there is nothing to steal
    g = scenario(hands=[["Control"], []], phase="control")
    assert g.phase != "control"


# --------------------------------------------------------------------------- Draw
def test_draw_one_card_ruling_9_draw() -> None:
    """"Draw one card." — ruling 9: "One card; a player with 9 or more cards then discards
    down to 8." The draw is a chance node over the cards left (a multiset); the other
    players see only that a card was drawn."""
    g = scenario(deck={"Metal": 3, "Colony": 1}, phase="draw")
    assert chance(g) == {"Colony": Fraction(1, 4), "Metal": Fraction(3, 4)}
    force(g, "Colony")
    assert g.hand(0) == ("Colony",)
    assert g.log[-1] == "Player 0 draws a card (3 left in the deck)"
    assert g.view(1)["hand"] == [] and g.view(1)["hand_sizes"] == [1, 0]
    assert "Colony" not in str(g.view(1)) and "Colony" not in str(g.view(None))


def test_if_a_player_has_9_or_more_cards_he_must_discard_down_to_8_cards() -> None:
    """"If a player has 9 or more cards in his hand he must discard down to 8 cards." —
    the player chooses; discards go to the (public) discard pile."""
    g = scenario(hands=[["Metal"] * 4 + ["Colony"] * 4, []], deck=["Factory", "Metal"],
                 phase="draw")
    assert len(g.hand(0)) == 9 and g.phase == "draw"
    assert acts(g) == {"discard Metal", "discard Colony", "discard Factory"}
    refused(g, "build Metal", "discard down to 8")
    play(g, "discard Factory")
    assert len(g.hand(0)) == 8 and g.view(None)["discard"] == {"Factory": 1}
    assert g.phase == "build"
    # 8 cards after the draw: nothing to discard
    g = scenario(hands=[["Metal"] * 7, []], deck=["Factory", "Metal"], phase="draw")
    assert g.phase == "build" and len(g.hand(0)) == 8
    # 10 after the draw (a stolen card): two discards
    g = scenario(hands=[["Metal"] * 8 + ["Control"], ["Colony"]], deck=["Factory", "Metal"],
                 phase="control")
    play(g, "control look 1", "steal Colony")
    assert len(g.hand(0)) == 10 - 1 + 1 and g.phase == "draw"
    play(g, "discard Metal", "discard Metal")
    assert len(g.hand(0)) == 8 and g.phase == "build"


# --------------------------------------------------------------------------- Build
def test_a_player_may_place_one_or_more_site_cards_onto_the_map_ruling_4_build() -> None:
    """"A player may place one or more "site" cards onto the map." Ruling 4: "Any number
    of site cards from hand, each on an empty cell orthogonally adjacent to a site the
    player controls; a Volcano may go on any empty cell." """
    g = scenario(hands=[["Metal", "Extractor", "Colony", "Transfer"], []], phase="build")
    assert acts(g) == {"done", "build Metal", "build Extractor", "build Colony"}
    play(g, "build Metal")
    assert acts(g) == {"place (1,0)", "place (0,1)"}
    play(g, "place (1,0)", "build Extractor", "place (2,0)", "build Colony", "place (0,1)")
    assert g.hand(0) == ("Transfer",)
    assert g.phase != "build"  # no site card left: the turn ends
    refused_g = scenario(hands=[["Transfer"], []], phase="build")
    assert refused_g.phase != "build"


def test_one_site_card_per_space() -> None:
    """"One site card per space." """
    g = scenario(sites={(1, 0): ("Metal", 1)}, hands=[["Volcano", "Colony"], []],
                 phase="build")
    play(g, "build Volcano")
    refused(g, "place (1,0)", "occupied by Metal", "one site card per space")
    refused(g, "place (9,9)", "occupied by Outpost")


def test_a_site_may_be_placed_in_an_empty_space_orthogonally_adjacent() -> None:
    """"A site may be placed in an empty space orthogonally adjacent to a site you
    control." — not diagonally, not next to an opponent's site only."""
    g = scenario(sites={(3, 3): ("Metal", 1)}, hands=[["Colony"], []], phase="build")
    play(g, "build Colony")
    assert acts(g) == {"place (1,0)", "place (0,1)"}
    refused(g, "place (1,1)", "not orthogonally adjacent to a site Player 0 controls")
    refused(g, "place (3,4)", "not orthogonally adjacent")


def test_place_one_of_your_control_markers_onto_any_site_you_place_ruling_4() -> None:
    """"Place one of your control markers onto any site you place." Ruling 4: "Every
    placed site, resource and volcano sites included, gets the player's control marker."
    — so a resource site extends where the player may build."""
    g = scenario(hands=[["Metal", "Volcano", "Colony"], []], phase="build")
    play(g, "build Metal", "place (1,0)", "build Volcano", "place (5,5)")
    assert owners(g)[(1, 0)] == 0 and owners(g)[(5, 5)] == 0
    play(g, "build Colony")
    assert {"place (5,4)", "place (2,0)", "place (4,5)"} <= acts(g)


def test_build_refuses_cards_not_in_hand_and_action_cards() -> None:
    """"A player may place one or more "site" cards onto the map." — site cards from the
    player's hand only."""
    g = scenario(hands=[["Metal", "Transfer"], []], phase="build")
    refused(g, "build Factory", "holds no Factory")
    refused(g, "build Transfer", "action card")
    refused(g, "place (1,0)", "build <card>")
