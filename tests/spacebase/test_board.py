"""``bg.spacebase.Board``: the API, the least fixed point (self-powering loops, unpowered
hubs, shields), the incremental upkeep against an independent from-scratch fixed point,
the networkx graphs (incremental sync against a rebuild, shared between copies, frozen)
and ``explain``."""

from __future__ import annotations

import pickle
import random

import networkx as nx
import pytest
from spacebase.support import board_of, reference_functional

import boardgames as bg
from boardgames.spacebase import Board, BoardError, Site, data

S, M, R, ICE = "Solar Panels Array", "Metal", "Radioactives", "Ice + Organics"
SITE_NAMES = [c.name for c in data.CARD_LIST if c.kind != "action"]


def check(b: Board) -> None:
    """The board's functional set and ores equal the reference fixed point."""
    names = {c: s.name for c, s in b.sites().items()}
    dmg = {c: s.damage for c, s in b.sites().items() if s.damage}
    func, ores = reference_functional(names, dmg, b.volcano_adjacency)
    assert set(b.functional()) == func
    assert {c: set(b.ores(c)) for c in func if b.ores(c)} == {c: o for c, o in ores.items() if o}
    # the income and the frontiers kept incrementally (asked for here, they are kept from
    # now on: the next check sees them after the next change)
    owner = {c: s.owner for c, s in b.sites().items()}
    for o in range(4):
        assert b.income(o) == sum(data.CARDS[names[c]].income or 0 for c in func
                                  if owner[c] == o), o
        near = {(x + dx, y + dy) for (x, y), q in owner.items() if q == o
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        on_map = {(x, y) for x in range(10) for y in range(10)}
        assert b.frontier(o) == {c for c in near if c in on_map and c not in names}, o
        assert b.controlled_by(o) == [c for c, q in b.owners().items() if q == o], o
    assert all(b.owner_of(c) == owner.get(c) for c in on_map)  # None on empty cells


def graphs_rebuilt(b: Board) -> tuple[nx.Graph, nx.Graph]:
    fresh = b.copy()
    fresh._gr = None  # forget the shared graphs: build from scratch
    fresh._dirty = None
    return fresh.physical, fresh.logistic


def same_graph(g: nx.Graph, h: nx.Graph) -> bool:
    return (dict(g.nodes(data=True)) == dict(h.nodes(data=True))
            and {frozenset(e): d for *e, d in g.edges(data=True)}
            == {frozenset(e): d for *e, d in h.edges(data=True)})


# --------------------------------------------------------------------------- API
def test_board_api_place_remove_move_swap_damage_repair_owner() -> None:
    b = Board()
    b.place("Outpost", (0, 0), 0)
    b.place("metal", [1, 0], 1)  # any case; a list is a cell too
    assert b[(1, 0)] == Site("Metal", 1, 0) and b.site((5, 5)) is None
    assert len(b) == 2 and list(b) == [(0, 0), (1, 0)] and (0, 0) in b
    assert b.functional() == {(0, 0)} and b.income(0) == 1 and b.income(1) == 0
    assert b.ores((0, 0)) == {"Metals"}
    b.place("Refineries", (0, 1), 1)
    assert b.income(1) == 2
    b.move((1, 0), (5, 5))
    assert b.functional() == {(0, 0)} and b.site((5, 5)) == ("Metal", 1, 0)
    b.swap((5, 5), (0, 1))
    assert b.site((0, 1)) == ("Metal", 1, 0) and b.site((5, 5)) == ("Refineries", 1, 0)
    b.damage((0, 0), 4)
    assert b.functional() == set() and b.site((0, 0)).damage == 4
    b.repair((0, 0), 3)
    assert b.functional() == set()
    b.repair((0, 0), 1)
    assert b.functional() == {(0, 0)}
    b.set_owner((0, 0), 1)
    assert b.income(1) == 1 and b.income(0) == 0
    assert b.remove((0, 1)) == Site("Metal", 1, 0) and b.ores((0, 0)) == set()
    assert b.sites(owner=1) == {(0, 0): Site("Outpost", 1, 0), (5, 5): Site("Refineries", 1, 0)}
    assert bg.spacebase.Board is Board


@pytest.mark.parametrize(("call", "words"), [
    (lambda b: b.place("Metal", (10, 0), 0), "not a cell of the 10 x 10 map"),
    (lambda b: b.place("Metal", (0, -1), 0), "not a cell"),
    (lambda b: b.place("Metal", "x", 0), "'x' is not a cell"),
    (lambda b: b.place("Metal", (True, 0), 0), "not a cell"),
    (lambda b: b.place("Metal", (0, 0), 0), "occupied by Outpost"),
    (lambda b: b.place("Transfer", (3, 3), 0), "action card, not a site"),
    (lambda b: b.place("Warp Gate", (3, 3), 0), "'Warp Gate'"),
    (lambda b: b.place("Metal", (3, 3), -1), "owner must be a player index"),
    (lambda b: b.remove((4, 4)), "no site at (4,4)"),
    (lambda b: b.move((0, 0), (1, 0)), "occupied by Metal"),
    (lambda b: b.move((4, 4), (5, 5)), "no site at (4,4)"),
    (lambda b: b.swap((0, 0), (0, 0)), "with itself"),
    (lambda b: b.damage((1, 0), 2), "not an installation"),
    (lambda b: b.damage((0, 0), 0), "damage must be an int >= 1"),
    (lambda b: b.repair((0, 0), 1), "Outpost at (0,0) is not damaged"),
    (lambda b: b.repair((0, 1), 5), "has 2 damage: cannot repair 5"),
    (lambda b: b.set_owner((0, 0), "1"), "owner must be"),
])
def test_board_refuses_bad_input_and_stays_unchanged(call, words: str) -> None:
    b = Board({(0, 0): ("Outpost", 0), (1, 0): ("Metal", 0), (0, 1): ("Extractor", 0)},
              damage={(0, 1): 2})
    before = pickle.dumps(b)
    with pytest.raises(BoardError, match=None) as info:
        call(b)
    assert isinstance(info.value, ValueError)
    assert words in str(info.value)
    assert pickle.dumps(b) == before


def test_a_games_board_is_read_only() -> None:
    g = bg.SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)}, seed=3)
    before = g.to_json()
    with pytest.raises(BoardError, match="read-only"):
        g.board.place("Metal", (1, 0), 0)
    c = g.board.copy()
    c.place("Metal", (1, 0), 0)
    assert g.to_json() == before and g.board.site((1, 0)) is None


# --------------------------------------------------------------------------- fixed point
def test_self_powering_loops_stay_defunct() -> None:
    """No chain of sites can power itself from nothing (RULINGS.md Space Base 6)."""
    loops = [
        # Reactor -> powers Extractor and Refinery -> Refinery carries Radioactives -> Reactor
        {(5, 5): "Reactor Core", (5, 6): "Refineries", (4, 6): "Extractor", (4, 7): R,
         (4, 5): "Extractor"},
        # two Geothermal Plants without a volcano, hubs and shields powered by each other
        {(5, 5): "Geothermal Plant", (5, 6): "Transport Hub", (6, 6): "Geothermal Plant",
         (6, 5): "Shield Generator"},
        # the loop closed through a Transport Hub that the Reactor itself would power
        {(5, 5): "Reactor Core", (5, 4): "Transport Hub", (4, 4): "Refineries",
         (3, 4): "Extractor", (3, 3): R, (6, 4): "Research Station"},
    ]
    for sites in loops:
        b = board_of(sites)
        assert b.functional() == set(), sites
        check(b)


def test_unpowered_hubs_link_nothing() -> None:
    """An unpowered Transport Hub is defunct and adds no logistic edges."""
    sites = {(0, 0): "Outpost", (1, 0): ICE, (0, 1): "Hydroponic Dome", (5, 5): "Transport Hub",
             (5, 4): "Hydroponic Dome", (5, 6): "Colony", (6, 6): S}
    b = board_of(sites)
    assert not b.is_functional((5, 5)) and not b.is_functional((5, 6))
    assert (5, 4) not in b.logistic_neighbours((5, 6))
    assert b.hub_links() == []
    b.place(S, (4, 5), 0)  # power the hub: now its neighbours are linked
    assert b.is_functional((5, 5))
    assert b.hub_links() == [((4, 5), (5, 4), ((5, 5),)), ((4, 5), (5, 6), ((5, 5),)),
                             ((5, 4), (5, 6), ((5, 5),))]
    assert b.logistic.has_edge((5, 4), (5, 6))
    assert not b.is_functional((5, 6))  # the dome there has no extractor: still defunct
    check(b)


def test_hubs_are_not_transitive() -> None:
    """Sites next to two different hubs are linked to each hub's neighbours, but the
    neighbours of one hub are not linked to the neighbours of the other."""
    sites = {(2, 2): "Transport Hub", (4, 2): "Transport Hub", (3, 2): S, (2, 1): S,
             (4, 1): S, (1, 2): "Colony", (5, 2): "Hydroponic Dome", (0, 0): "Outpost",
             (0, 1): ICE, (1, 1): "Hydroponic Dome"}
    b = board_of(sites)
    assert b.is_functional((2, 2)) and b.is_functional((4, 2))
    assert (3, 2) in b.logistic_neighbours((1, 2))
    assert (5, 2) in b.logistic_neighbours((3, 2))
    assert (5, 2) not in b.logistic_neighbours((1, 2))
    check(b)


def test_shields_cover_only_when_functional() -> None:
    b = board_of({(5, 5): "Shield Generator", (4, 5): "Colony"})
    assert b.shield_cover() == set() and b.vulnerable((5, 5)) and b.vulnerable((4, 5))
    b.place(S, (5, 6), 0)
    assert b.shield_cover() == {(5, 5), (4, 5), (6, 5), (5, 4), (5, 6)}
    assert not b.vulnerable((4, 5)) and not b.vulnerable((5, 6))
    assert not b.vulnerable((7, 7))  # empty: nothing to damage
    b.damage((5, 6), 1)
    assert b.shield_cover() == set()


def random_board(rng: random.Random, n: int, **kw) -> Board:
    b = Board(**kw)
    cells = [(x, y) for x in range(10) for y in range(10)]
    rng.shuffle(cells)
    for c in cells[:n]:
        b.place(rng.choice(SITE_NAMES), c, rng.randrange(4))
    for c in cells[:n]:
        if data.CARDS[b.site(c).name].kind == "installation" and rng.random() < 0.1:
            b.damage(c, rng.randint(1, 5))
    return b


@pytest.mark.parametrize("seed", range(6))
def test_incremental_fixed_point_equals_the_reference_after_every_change(seed: int) -> None:
    """Random boards and random sequences of place / remove / move / swap / damage /
    repair / set_owner: after each change the incremental fixed point equals the
    independent one computed from scratch, and the incrementally synced graphs equal
    graphs built from scratch."""
    rng = random.Random(seed)
    b = random_board(rng, rng.randint(20, 70),
                     volcano_adjacency="physical" if seed % 3 == 2 else "logistic")
    check(b)
    _ = b.logistic  # materialise: from now on the graphs are synced incrementally
    for step in range(80):
        cells = list(b)
        empty = b.empty_cells()
        op = rng.choice(["place", "place", "remove", "move", "swap", "damage", "repair",
                         "owner"])
        if op == "place" and empty:
            b.place(rng.choice(SITE_NAMES), rng.choice(empty), rng.randrange(4))
        elif op == "remove" and cells:
            b.remove(rng.choice(cells))
        elif op == "move" and cells and empty:
            b.move(rng.choice(cells), rng.choice(empty))
        elif op == "swap" and len(cells) > 1:
            a, c = rng.sample(cells, 2)
            b.swap(a, c)
        elif op == "damage":
            inst = [c for c in cells if data.CARDS[b.site(c).name].kind == "installation"]
            if inst:
                b.damage(rng.choice(inst), rng.randint(1, 10))
        elif op == "repair":
            hurt = [c for c in cells if b.site(c).damage]
            if hurt:
                c = rng.choice(hurt)
                b.repair(c, rng.randint(1, b.site(c).damage))
        elif op == "owner" and cells:
            b.set_owner(rng.choice(cells), rng.randrange(4))
        check(b)
        if step % 7 == 0:
            P, L = graphs_rebuilt(b)
            assert same_graph(b.physical, P) and same_graph(b.logistic, L), (seed, step, op)


def test_copies_keep_their_own_sites_frontiers_damage_and_fixed_point() -> None:
    """A copy shares its parts (sites, damage, fixed point, cached frontiers) with its
    original until one of them changes one (copy-on-write): a change to either leaves
    the other as it was, whichever of the two changes first and whatever it changes."""
    b = board_of({(0, 0): "Outpost", (5, 5): "Outpost", (0, 1): "Extractor",
                  (1, 0): "Metal"})
    b.set_owner((5, 5), 1)
    frontier0 = b.frontier(0)  # known for player 0 only
    changes = [lambda x: x.place("Metal", (0, 2), 1), lambda x: x.damage((0, 1), 2),
               lambda x: x.set_owner((0, 0), 1), lambda x: x.move((1, 0), (1, 1)),
               lambda x: x.swap((0, 0), (0, 1)), lambda x: x.remove((1, 0))]
    for change in changes:
        for changed_first in ("copy", "original"):
            orig = b.copy()
            c = orig.copy()
            before = (orig.sites(), orig.functional(), orig.frontier(0), orig.income(0))
            target, other = (c, orig) if changed_first == "copy" else (orig, c)
            change(target)
            assert (other.sites(), other.functional(), other.frontier(0),
                    other.income(0)) == before
            assert target != other
            check(orig)
            check(c)
    c = b.copy()
    c.place("Metal", (0, 2), 1)
    assert c.frontier(1) == {(0, 3), (1, 2), (4, 5), (6, 5), (5, 4), (5, 6)}
    assert b.frontier(1) == {(4, 5), (6, 5), (5, 4), (5, 6)}
    assert b.frontier(0) == frontier0
    check(b)
    check(c)


def test_incremental_placement_on_a_full_board_matches_the_reference() -> None:
    rng = random.Random(99)
    for _ in range(20):
        b = random_board(rng, 99)
        last = b.empty_cells()[0]
        b.place(rng.choice(SITE_NAMES), last, 0)
        check(b)


# --------------------------------------------------------------------------- graphs
def test_graphs_are_networkx_graphs_with_site_attributes_and_are_frozen() -> None:
    b = board_of({(0, 0): "Outpost", (1, 0): M, (0, 1): "Transport Hub", (0, 2): "Colony",
                  (1, 1): "Hydroponic Dome"}, damage={(1, 1): 2})
    P, L = b.physical, b.logistic
    assert isinstance(P, nx.Graph) and nx.is_frozen(P) and nx.is_frozen(L)
    assert P.nodes[(0, 0)] == {"name": "Outpost", "kind": "installation", "role": "outpost",
                               "owner": 0, "damage": 0, "functional": True,
                               "ores": ("Metals",), "shielded": False}
    assert P.nodes[(1, 1)]["damage"] == 2 and not P.nodes[(1, 1)]["functional"]
    assert L.edges[(0, 2), (1, 1)] == {"kind": "hub", "hubs": ((0, 1),)}
    assert L.edges[(0, 0), (0, 1)] == {"kind": "grid"}
    with pytest.raises(nx.NetworkXError):
        P.add_edge((0, 0), (5, 5))


def test_graphs_follow_changes_incrementally_and_copies_keep_their_own() -> None:
    b = board_of({(0, 0): "Outpost", (0, 1): "Transport Hub", (1, 1): "Colony",
                  (0, 2): "Metal"})
    L = b.logistic
    assert L.has_edge((1, 1), (0, 2))
    c = b.copy()  # shares the graphs, takes them over
    c.damage((0, 0), 1)  # the hub loses power: the hub edge goes
    assert not c.logistic.has_edge((1, 1), (0, 2))
    assert c.logistic is L  # updated in place, not rebuilt
    # the original board's graphs are rebuilt for it, and still show the hub edge
    assert b.logistic.has_edge((1, 1), (0, 2)) and b.logistic is not L
    P2, L2 = graphs_rebuilt(c)
    assert same_graph(c.logistic, L2) and same_graph(c.physical, P2)
    # in a game: every step copies the board; the newest position keeps the graphs
    g = bg.SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                              hands=[["Metal", "Colony"], []], phase="build")
    G = g.board.physical
    g.apply("build Metal").apply("place (1,0)")
    assert g.board.physical is G and G.has_edge((0, 0), (1, 0))
    g.undo()
    assert not g.board.physical.has_edge((0, 0), (1, 0))


def test_pickled_boards_and_equality_ignore_the_graphs() -> None:
    b = board_of({(0, 0): "Outpost", (1, 0): M})
    _ = b.logistic
    c = pickle.loads(pickle.dumps(b))
    assert c == b and c.functional() == b.functional() and c._gr is None
    assert same_graph(c.logistic, b.logistic)
    c.place(S, (5, 5), 1)
    assert c != b


# --------------------------------------------------------------------------- explain
def test_explain_follows_the_chain_of_the_issue_example() -> None:
    b = board_of({(3, 4): "Factory", (3, 5): "Refineries", (4, 5): S, (2, 5): "Extractor",
                  (1, 5): ICE, (2, 6): S})
    assert b.explain((3, 4)) == ("Factory at (3,4) is defunct: the Refinery at (3,5) carries "
                                 "no Metals: its Extractor at (2,5) has no Metals neighbour")
    assert b.explain((3, 5)) == (
        "Refinery at (3,5) is functional: power from the Solar Panels Array at (4,5); "
        "the Extractor at (2,5) carries Ice + Organics; it carries Ice + Organics")


def test_explain_functional_sites_name_their_supports_owners_and_hubs() -> None:
    b = Board({(0, 0): ("Outpost", 1), (1, 0): (ICE, 1), (0, 1): ("Hydroponic Dome", 1),
               (0, 2): ("Transport Hub", 0), (0, 3): ("Colony", 0), (1, 3): (S, 0),
               (1, 2): (S, 0)})
    assert b.explain((0, 3)) == (
        "Colony at (0,3) is functional: power from the Solar Panels Array at (1,3); "
        "Player 1's Hydroponic Dome at (0,1) via the Transport Hub at (0,2)")
    assert b.explain((1, 3)) == ("Solar Panels Array at (1,3) is functional: it has no "
                                 "requirements; it produces power")
    assert b.explain((0, 0)).startswith("Outpost at (0,0) is functional: it has no "
                                        "requirements; it produces power; it carries")


def test_explain_defunct_sites() -> None:
    b = board_of({(5, 5): "Reactor Core", (5, 6): "Refineries", (4, 6): "Extractor",
                  (4, 7): R, (0, 0): "Research Station", (9, 9): "Geothermal Plant",
                  (2, 2): "Transport Hub", (2, 3): "Colony", (3, 3): "Outpost",
                  (7, 7): "Extractor", (7, 6): S, (2, 1): S},
                 damage={(2, 1): 3})
    assert b.explain((5, 5)) == (
        "Reactor Core at (5,5) is defunct: the Refinery at (5,6) is defunct: it has no "
        "power: the Reactor Core at (5,5) is defunct (a loop: no chain of sites can power "
        "itself from nothing)")
    assert b.explain((0, 0)) == (
        "Research Station at (0,0) is defunct: it has no power: no Outpost, Solar Panels "
        "Array, Geothermal Plant or Reactor Core next to it")
    assert b.explain((9, 9)) == "Geothermal Plant at (9,9) is defunct: there is no Volcano " \
        "next to it"
    assert b.explain((7, 7)) == ("Extractor at (7,7) is defunct: there is no resource site "
                                 "next to it")
    assert b.explain((2, 1)) == ("Solar Panels Array at (2,1) is defunct: it has 3 damage "
                                 "(damaged installations are defunct)")
    assert b.explain((2, 2)) == (
        "Transport Hub at (2,2) is defunct: it has no power: the Solar Panels Array at (2,1) "
        "is defunct: it has 3 damage (damaged installations are defunct)")
    # the Colony has power (the Outpost at (3,3)); its first failing requirement is next
    assert b.explain((2, 3)) == ("Colony at (2,3) is defunct: there is no Hydroponic Dome "
                                 "next to it")
    assert b.explain((4, 4)) == "(4,4) is empty"
    assert b.explain((4, 7)).startswith("Radioactives at (4,7) is a resource site")


def test_explain_says_a_hub_does_not_carry_power() -> None:
    b = board_of({(0, 0): "Outpost", (0, 1): "Transport Hub", (0, 2): "Research Station"})
    assert b.explain((0, 2)) == (
        "Research Station at (0,2) is defunct: it has no power: no Outpost, Solar Panels "
        "Array, Geothermal Plant or Reactor Core next to it (the Outpost at (0,0) is linked "
        "by a Transport Hub, which does not transmit power)")


def test_explain_of_a_game_and_bad_cells() -> None:
    # phase "build": no meteor falls before the check (with a random seed and the
    # default "transfer" phase, a meteor could hit the Outpost first)
    g = bg.SpaceBase.scenario(sites={(0, 0): ("Outpost", 0), (9, 9): ("Outpost", 1)},
                              phase="build", seed=3)
    assert g.explain((0, 0)).startswith("Outpost at (0,0) is functional")
    with pytest.raises(ValueError, match="not a cell"):
        g.explain((10, 10))
