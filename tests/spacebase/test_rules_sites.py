"""Space Base rule tests: the sites (rules/spacebase.txt, RESOURCE SITES to SPACE PORT and
the card list; RULINGS.md Space Base 5 and 6, and the option ``volcano_adjacency``).

Positions are built on ``bg.spacebase.Board`` (the engine's own map); every expected set
of functional sites is worked out by hand from the text."""

from __future__ import annotations

import pytest
from spacebase.support import Rules, board_of, reference_functional, scenario

from boardgames.spacebase import Board, data
from boardgames.spacebase.board import REQUIRES

S, M, R, ICE = "Solar Panels Array", "Metal", "Radioactives", "Ice + Organics"


def func(sites: dict, **kw) -> set:
    b = board_of(sites, **kw)
    ref, _ = reference_functional(sites, volcano_adjacency=kw.get("volcano_adjacency",
                                                                   "logistic"))
    assert set(b.functional()) == ref
    return set(b.functional())


def test_there_are_three_types_of_resources_or_ores() -> None:
    """"There are three types: Metals, Radioactives, Ice + Organics." "These are called
    resources or ores." "R = Resource site" """
    assert data.ORES == ("Metals", "Radioactives", "Ice + Organics")
    assert sorted(c.name for c in data.CARD_LIST if c.type == "R") == sorted([M, R, ICE])
    b = board_of({(0, 0): "Outpost", (1, 0): M, (0, 1): R})
    assert b.ores((0, 0)) == {"Metals", "Radioactives"}


def test_extractors_mine_all_adjacent_resource_sites_even_of_different_types() -> None:
    """"These mine raw materials from all adjacent resource sites, even resources of
    different types." — an Extractor (powered, Income 1) carries every ore next to it."""
    sites = {(5, 5): "Extractor", (5, 4): S, (4, 5): M, (6, 5): ICE, (5, 6): R}
    assert func(sites) == {(5, 4), (5, 5)}
    b = board_of(sites)
    assert b.ores((5, 5)) == {"Metals", "Ice + Organics", "Radioactives"}
    assert b.income(0) == 1
    assert func({(5, 5): "Extractor", (5, 4): S}) == {(5, 4)}  # no resource next to it


def test_outposts_are_power_sources_and_also_extractors() -> None:
    """"Outposts are power sources." "Outposts are also extractors." "Each player starts
    the game with one of these." — an Outpost needs nothing, powers its neighbours and
    carries the ores next to it (Income 1)."""
    b = board_of({(0, 0): "Outpost", (1, 0): M, (0, 1): "Research Station",
                  (1, 1): "Refineries"})
    assert b.is_functional((0, 0)) and b.is_functional((0, 1))
    assert b.ores((0, 0)) == {"Metals"}
    assert not b.is_functional((1, 1))  # not physically next to the Outpost: no power
    b = board_of({(0, 0): "Outpost", (1, 0): M, (0, 1): "Refineries"})
    assert b.is_functional((0, 1)) and b.ores((0, 1)) == {"Metals"}
    assert b.income(0) == 1 + 2


def test_refineries_process_the_ores_of_all_adjacent_extractors() -> None:
    """"These process the raw ores collected from all adjacent extractors, even resources
    of different types." "To be functional these must be adjacent to an extractor, which
    is adjacent to any resource site." """
    sites = {(5, 5): "Refineries", (5, 4): S, (4, 5): "Extractor", (3, 5): M,
             (6, 5): "Extractor", (7, 5): R, (4, 4): S, (6, 4): S}
    b = board_of(sites)
    assert b.is_functional((5, 5)) and b.ores((5, 5)) == {"Metals", "Radioactives"}
    # an extractor with no resource site: the refinery is defunct
    assert (5, 5) not in func({(5, 5): "Refineries", (5, 4): S, (4, 5): "Extractor",
                               (4, 4): S})
    # an Outpost with no resource next to it carries no ore
    assert (5, 5) not in func({(5, 5): "Refineries", (4, 5): "Outpost"})


def test_solar_panels_power_all_adjacent_installations() -> None:
    """"These catch solar energy that can power all adjacent installations." "IP =
    Installation site that produces power" — needs nothing itself."""
    sites = {(5, 5): S, (4, 5): "Research Station", (6, 5): "Shield Generator",
             (5, 4): "Transport Hub", (5, 6): "Research Station", (7, 5): "Research Station"}
    assert func(sites) == {(5, 5), (4, 5), (6, 5), (5, 4), (5, 6)}


def test_geothermal_plants_need_a_volcano_and_power_adjacent_installations() -> None:
    """"These catch geothermal energy that can power all adjacent installations." "To be
    functional these must be adjacent to a volcano site." "V = Volcano site" """
    assert func({(5, 5): "Geothermal Plant", (4, 5): "Research Station"}) == set()
    assert func({(5, 5): "Geothermal Plant", (4, 5): "Research Station",
                 (6, 5): "Volcano"}) == {(5, 5), (4, 5)}


def test_volcanoes_are_not_resource_sites() -> None:
    """"These are not considered to be resource sites." — an Extractor next to a
    Volcano only has nothing to mine."""
    assert func({(5, 5): "Extractor", (5, 4): S, (4, 5): "Volcano"}) == {(5, 4)}
    assert "volcano" not in data.RESOURCES


def test_in_build_phase_volcanoes_may_be_placed_in_any_empty_space() -> None:
    """"In build phase these may be placed in any empty space." (ruling 4: "a Volcano may
    go on any empty cell")."""
    g = scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                 hands=[["Volcano", "Metal"], []], phase="build")
    g.apply("build Volcano")
    cells = {a.cell for a in g.legal_actions()}
    assert len(cells) == 98 and (9, 9) not in cells and (5, 5) in cells
    g.apply("place (9,8)")  # next to the opponent's Outpost
    assert g.board.site((9, 8)) == ("Volcano", 0, 0)
    g.apply("build Metal")
    assert (9, 7) in {a.cell for a in g.legal_actions()}  # next to the new Volcano


def test_reactor_cores_need_a_refinery_of_radioactives() -> None:
    """"These produce nuclear energy that can power all adjacent installations." "To be
    functional these must be adjacent to a refinery, which is adjacent to an extractor,
    which is next to a Radioactives resource site." — no power needed (Income 3)."""
    chain = {(0, 0): "Outpost", (1, 0): R, (0, 1): "Refineries", (0, 2): "Reactor Core",
             (1, 2): "Research Station"}
    assert func(chain) == {(0, 0), (0, 1), (0, 2), (1, 2)}
    assert board_of(chain).income(0) == 1 + 2 + 3 + 1
    chain[(1, 0)] = M
    assert func(chain) == {(0, 0), (0, 1)}


def test_factories_need_a_refinery_of_metals() -> None:
    """"These are producing manufactured goods." "To be functional these must be adjacent
    to a refinery, which is adjacent to an extractor, which is next to a Metals resource
    site." (Income 3)"""
    chain = {(0, 0): "Outpost", (1, 0): M, (0, 1): "Refineries", (0, 2): "Factory"}
    assert func(chain) == {(0, 0), (0, 1), (0, 2)}
    chain[(1, 0)] = ICE
    assert func(chain) == {(0, 0), (0, 1)}


def test_hydroponic_domes_need_an_extractor_of_ice_and_organics() -> None:
    """"These are producing food, water, and Oxygen." "To be functional these must be
    adjacent to an extractor, which is next to an Ice + Organics resource site." (and
    Power, as the card list says)"""
    assert func({(0, 0): "Outpost", (1, 0): ICE, (0, 1): "Hydroponic Dome"}) == {(0, 0), (0, 1)}
    assert func({(0, 0): "Outpost", (1, 0): M, (0, 1): "Hydroponic Dome"}) == {(0, 0)}
    # the extractor is there but the dome has no power
    assert func({(5, 5): "Extractor", (5, 4): S, (6, 5): ICE, (4, 5): "Hydroponic Dome"}) \
        == {(5, 4), (5, 5)}


def test_colonies_need_a_hydroponic_dome() -> None:
    """"These contain relatively large populations of enterprising colonists." "To be
    functional these must be adjacent to a hydroponic dome." (and Power; Income 3)"""
    base = {(0, 0): "Outpost", (1, 0): ICE, (0, 1): "Hydroponic Dome", (1, 1): "Colony"}
    assert func(base) == {(0, 0), (0, 1)}  # no power next to the Colony
    assert func({**base, (2, 1): S}) == {(0, 0), (0, 1), (1, 1), (2, 1)}


def test_transport_hub_all_sites_adjacent_to_the_hub_are_adjacent_to_each_other() -> None:
    """"All sites adjacent to the hub are also considered to be adjacent to each other."
    "This applies only to people and materials." — a Colony reaches a Dome across a
    functional hub."""
    sites = {(0, 0): "Outpost", (1, 0): ICE, (0, 1): "Hydroponic Dome", (0, 2): "Transport Hub",
             (0, 3): "Colony", (1, 3): S, (1, 2): S}
    assert func(sites) == {(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (1, 2)}
    b = board_of(sites)
    assert (0, 1) in b.logistic_neighbours((0, 3))
    assert b.logistic.has_edge((0, 1), (0, 3)) and not b.physical.has_edge((0, 1), (0, 3))


def test_transport_hub_does_not_transmit_power_or_shielding_ruling_5() -> None:
    """"This system does not transmit power or shielding." Ruling 5: "Power and shielding
    use physical adjacency; every other requirement (resources, ores, goods, people)
    uses logistic adjacency." """
    sites = {(0, 0): "Outpost", (0, 1): "Transport Hub", (0, 2): "Research Station",
             (1, 1): "Shield Generator", (2, 1): "Research Station"}
    b = board_of(sites)
    assert b.is_functional((0, 1))  # the hub, powered by the Outpost
    assert (0, 0) in b.logistic_neighbours((0, 2))
    assert not b.is_functional((0, 2))  # the Outpost's power does not cross the hub
    assert not b.is_functional((1, 1))
    sites[(1, 0)] = S  # power the Shield Generator: it covers its physical neighbours only
    b = board_of(sites)
    assert b.is_functional((1, 1))
    assert b.shielded((0, 1)) and b.shielded((2, 1)) and not b.shielded((0, 2))


def test_research_stations_need_power() -> None:
    """"These are studying the local geology, biology, meteorology, and astronomy."
    (Power; Income 1) — ruling 6: "Shield Generators, Transport Hubs and Research
    Stations need Power." """
    for name in ("Research Station", "Shield Generator", "Transport Hub"):
        assert func({(5, 5): name}) == set()
        assert func({(5, 5): name, (5, 6): S}) == {(5, 5), (5, 6)}
    assert REQUIRES["research"] == REQUIRES["shield"] == REQUIRES["hub"] == (("power",),)


def test_the_generator_and_all_adjacent_sites_are_immune_to_meteor_hits() -> None:
    """"The generator and all adjacent sites are immune to meteor hits." """
    b = board_of({(5, 5): "Shield Generator", (5, 6): S, (4, 5): "Factory",
                  (6, 5): "Colony", (5, 4): "Extractor", (7, 5): "Colony"})
    assert b.shield_cover() == {(5, 5), (4, 5), (6, 5), (5, 4), (5, 6)}
    assert [b.vulnerable(c) for c in ((5, 5), (4, 5), (6, 5), (5, 4), (5, 6), (7, 5))] \
        == [False, False, False, False, False, True]


def test_high_tech_industry_needs_a_colony_and_a_factory() -> None:
    """"These are producing sophisticated electronics, vehicles, computers, robots, etc."
    "To be functional these must be adjacent to a Colony, and a Factory" (and Power;
    Income 4)"""
    sites = {(0, 0): "Outpost", (1, 0): ICE, (0, 1): "Hydroponic Dome", (0, 2): "Colony",
             (0, 3): S, (1, 2): "High-Tech Industry", (1, 3): S, (2, 2): "Factory",
             (3, 2): "Refineries", (3, 1): "Extractor", (4, 1): M, (3, 0): S, (4, 2): S}
    assert {(0, 2), (2, 2), (1, 2)} <= func(sites)
    assert board_of(sites).income(0) == 1 + 2 + 3 + 4 + 3 + 2 + 1
    assert (1, 2) not in func({**sites, (4, 1): R})  # the Factory is defunct
    assert (1, 2) not in func({**sites, (0, 3): "Volcano"})  # the Colony has no power


def _colonies() -> dict:
    """Two Colonies, a Bio-Med Lab at (4,4) and a Space Port at (5,4), all supplied."""
    return {(5, 6): "Outpost", (5, 7): ICE, (5, 5): "Hydroponic Dome", (4, 5): "Colony",
            (4, 6): S, (4, 4): "Bio-Med Labs", (3, 4): "Research Station", (3, 5): S,
            (4, 3): S, (5, 4): "Space Port", (5, 3): S, (6, 4): "Colony", (7, 4): S,
            (6, 5): "Hydroponic Dome", (7, 5): S, (6, 6): "Extractor", (6, 7): ICE}


def test_bio_med_labs_need_a_colony_and_a_research_station() -> None:
    """"These are producing new drugs derived from the native life-forms." "To be
    functional these must be adjacent to a Colony, and a Research Station" (and Power;
    Income 4)"""
    sites = _colonies()
    assert {(4, 5), (3, 4), (4, 4)} <= func(sites)
    sites[(3, 5)] = "Volcano"  # the Research Station loses its power
    assert (4, 4) not in func(sites) and (4, 5) in func(sites)


def test_space_port_needs_a_colony_and_either_high_tech_or_bio_med() -> None:
    """"Centers of trade and commerce." "To be functional these must be adjacent to a
    Colony, and either a High-Tech Industry or Bio-Med Lab" (and Power; Income 5)"""
    sites = _colonies()
    assert func(sites) == set(sites) - {(5, 7), (6, 7)}
    assert board_of(sites).income(0) == 1 + 2 + 3 + 4 + 1 + 5 + 3 + 2 + 1
    assert (5, 4) not in func({**sites, (3, 5): "Volcano"})  # the Bio-Med Labs defunct
    assert (5, 4) not in func({**sites, (7, 4): "Volcano"})  # its Colony defunct
    sites[(4, 4)] = "High-Tech Industry"  # without a Factory: defunct, and so the port
    assert (5, 4) not in func(sites)


def test_ruling_5_physical_and_logistic_graphs() -> None:
    """Ruling 5: "Two adjacency graphs, both networkx graphs: physical = the 4-neighbour
    grid; logistic = physical plus, for every functional Transport Hub, edges between all
    sites adjacent to it (not transitive across hubs)." """
    import networkx as nx

    sites = {(2, 2): "Transport Hub", (2, 3): S, (1, 2): "Colony", (3, 2): "Colony",
             (2, 1): "Transport Hub", (1, 1): S, (2, 0): "Factory", (4, 4): "Transport Hub"}
    b = board_of(sites)
    assert isinstance(b.physical, nx.Graph) and isinstance(b.logistic, nx.Graph)
    assert set(b.physical.nodes) == set(sites)
    grid = {frozenset((a, c)) for a in sites for c in sites
            if abs(a[0] - c[0]) + abs(a[1] - c[1]) == 1}
    assert {frozenset(e) for e in b.physical.edges} == grid
    hub = {frozenset(e) for e in b.logistic.edges} - grid
    # around (2,2): (2,3), (1,2), (3,2), (2,1); around (2,1): (1,1), (2,0), (2,2)
    expect = {frozenset(p) for p in [((2, 3), (1, 2)), ((2, 3), (3, 2)), ((2, 3), (2, 1)),
                                     ((1, 2), (3, 2)), ((1, 2), (2, 1)), ((3, 2), (2, 1)),
                                     ((1, 1), (2, 0)), ((1, 1), (2, 2)), ((2, 0), (2, 2))]}
    assert hub == expect
    # not transitive: (2,0) (next to the hub at (2,1)) is not linked to (3,2) (next to (2,2))
    assert not b.logistic.has_edge((2, 0), (3, 2))
    assert not b.is_functional((4, 4)) and b.logistic.degree((4, 4)) == 0  # unpowered hub


def test_ruling_6_functional_sites_are_the_least_fixed_point() -> None:
    """Ruling 6: "Functional sites are the least fixed point: start with none, and add
    every undamaged installation whose requirements are met by functional neighbours (of
    any owner), until nothing changes." "So no chain of sites can power itself from
    nothing." — a Reactor Core feeding the power its own Refinery needs stays defunct."""
    loop = {(5, 5): "Reactor Core", (5, 6): "Refineries", (6, 6): "Extractor", (7, 6): R,
            (6, 5): "Shield Generator"}
    # the Reactor powers the Refinery and the Extractor, which would supply the Reactor:
    # a fixed point, but not the least one
    assert func(loop) == set()
    loop[(6, 7)] = S  # an outside power source starts the chain
    assert (5, 6) not in func(loop)  # the Refinery still has no power
    loop[(4, 6)] = S
    assert {(5, 5), (5, 6), (6, 6), (6, 5)} <= func(loop)
    # any owner: the same with the sites split between two players
    b = Board({c: (n, i % 2) for i, (c, n) in enumerate(loop.items())})
    assert {(5, 5), (5, 6), (6, 6)} <= b.functional()


def test_ruling_6_power_is_physical_adjacency_to_a_functional_source() -> None:
    """Ruling 6: ""Power" = physically adjacent to a functional Outpost, Solar Panels,
    Geothermal Plant or Reactor Core." — a defunct Geothermal Plant powers nothing."""
    for source, extra in (("Outpost", {}), (S, {}), ("Geothermal Plant", {(4, 4): "Volcano"}),
                          ("Reactor Core", {(4, 4): "Refineries", (3, 4): "Outpost",
                                            (2, 4): R})):
        sites = {(4, 5): source, (5, 5): "Research Station", **extra}
        assert (5, 5) in func(sites), source
    assert func({(4, 5): "Geothermal Plant", (5, 5): "Research Station"}) == set()


def test_ruling_6_extractors_and_refineries_carry_ore_types() -> None:
    """Ruling 6: "An extractor (Outposts too) carries the ore types of its resource
    neighbours; a refinery carries the ore types of its functional extractor
    neighbours." "Reactor Core needs a refinery carrying Radioactives;" "Factory one
    carrying Metals;" "Hydroponic Dome an extractor carrying Ice + Organics; the rest as
    the card list says." """
    sites = {(5, 5): "Refineries", (4, 5): "Extractor", (3, 5): M, (6, 5): "Extractor",
             (7, 5): R, (4, 6): S, (6, 4): S, (5, 4): S, (5, 6): "Reactor Core",
             (4, 4): "Hydroponic Dome", (8, 5): "Refineries", (8, 6): "Factory",
             (8, 4): S}
    b = board_of(sites)
    assert b.ores((4, 5)) == {"Metals"} and b.ores((6, 5)) == {"Radioactives"}
    assert b.ores((5, 5)) == {"Metals", "Radioactives"}
    assert b.is_functional((5, 6))  # the Reactor Core: Radioactives
    assert b.ores((8, 5)) == set() or not b.is_functional((8, 5))
    assert not b.is_functional((8, 6))  # its refinery only sees a Radioactives resource
    assert not b.is_functional((4, 4))  # no extractor carrying Ice + Organics
    b2 = board_of({**sites, (6, 4): "Volcano"})  # the Radioactives extractor unpowered
    assert b2.ores((5, 5)) == {"Metals"} and not b2.is_functional((5, 6))
    _, ores = reference_functional(sites)
    assert {c: frozenset(v) for c, v in ores.items()} == {c: b.ores(c) for c in ores}


def test_ruling_6_damaged_installations_are_defunct() -> None:
    """Ruling 6: "Damaged installations are defunct." — one point is enough; repairing
    it all brings it back (and what depended on it)."""
    b = board_of({(0, 0): "Outpost", (1, 0): M, (0, 1): "Refineries", (0, 2): "Factory"},
                 damage={(0, 1): 1})
    assert b.functional() == {(0, 0)}
    b.repair((0, 1), 1)
    assert b.functional() == {(0, 0), (0, 1), (0, 2)}


@pytest.mark.parametrize("mode", ["logistic", "physical"])
def test_option_volcano_adjacency_logistic_and_physical(mode: str) -> None:
    """Option ``volcano_adjacency``: the Geothermal Plant's Volcano requirement uses
    ``"logistic"`` adjacency (default: ruling 5, every requirement but power and
    shielding) or ``"physical"`` adjacency."""
    assert Rules().volcano_adjacency == "logistic"
    sites = {(5, 5): "Transport Hub", (5, 6): S, (4, 5): "Volcano", (6, 5): "Geothermal Plant"}
    b = board_of(sites, volcano_adjacency=mode)
    assert b.is_functional((5, 5))
    assert b.is_functional((6, 5)) == (mode == "logistic")
    g = scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1),
                        **{c: (n, 0) for c, n in sites.items()}},
                 rules=Rules(volcano_adjacency=mode))
    assert g.board.is_functional((6, 5)) == (mode == "logistic")
