"""The exact meteor risk (``boardgames.spacebase.odds.meteor_risk``) checked against an
exhaustive enumeration of the meteor's 100 cells x 10 damage values.

Two independent enumerations: one plays every outcome through the game's own chance
nodes (fork, force the cell, force the damage) and reads the positions reached; the
other works each outcome out by hand from the rules, with the test's own from-scratch
fixed point (``support.reference_functional``) and the card list's incomes."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction

import pytest
from spacebase.support import CHANCE, reference_functional, scenario

from boardgames.core.dist import Dist
from boardgames.spacebase import Board, MeteorRisk, data, meteor_risk

SITE_NAMES = [c.name for c in data.CARD_LIST if c.kind != "action"]
INCOME = {c.name: c.income or 0 for c in data.CARD_LIST}
P_CELL, P_DMG = Fraction(1, 100), Fraction(1, 10)

DESIGNED = {
    (0, 0): ("Outpost", 0), (1, 0): ("Metal", 0), (0, 1): ("Refineries", 0),
    (0, 2): ("Factory", 0), (1, 1): ("Transport Hub", 1), (2, 1): ("Colony", 1),
    (1, 2): ("Hydroponic Dome", 1), (2, 2): ("Solar Panels Array", 1),
    (2, 0): ("Ice + Organics", 1),
    (3, 1): ("Solar Panels Array", 1), (9, 9): ("Outpost", 1), (8, 9): ("Shield Generator", 1),
    (8, 8): ("Research Station", 1), (7, 9): ("Extractor", 1), (6, 9): ("Radioactives", 1),
    (5, 5): ("Volcano", 0), (5, 6): ("Geothermal Plant", 0), (4, 6): ("Research Station", 0),
}


def by_hand(sites: dict, damage: dict, players: int):
    """The exact risk worked out from the rules with the reference fixed point."""
    names = {c: n for c, (n, _) in sites.items()}
    owner = {c: o for c, (_, o) in sites.items()}
    func, _ = reference_functional(names, damage)

    def income(f: set) -> list[int]:
        return [sum(INCOME[names[c]] for c in f if owner[c] == p) for p in range(players)]

    before = income(func)
    shields = {c for c in func if names[c] == "Shield Generator"}
    p_damage: dict = defaultdict(Fraction)
    e_damage: dict = defaultdict(Fraction)
    p_defunct: dict = defaultdict(Fraction)
    lost = [Counter() for _ in range(players)]
    for x in range(10):
        for y in range(10):
            c = (x, y)
            nbrs = {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
            exposed = (c in names and data.CARDS[names[c]].kind == "installation"
                       and c not in shields and not nbrs & shields)
            if not exposed:
                for p in range(players):
                    lost[p][0] += 10
                continue
            for d in range(1, 11):
                p_damage[c] += P_CELL * P_DMG
                e_damage[c] += P_CELL * P_DMG * d
                after, _ = reference_functional(names, {**damage, c: damage.get(c, 0) + d})
                for gone in func - after:
                    p_defunct[gone] += P_CELL * P_DMG
                now = income(after)
                for p in range(players):
                    lost[p][before[p] - now[p]] += 1
    return p_damage, e_damage, p_defunct, [Dist.from_weights(w) for w in lost]


def check_against_hand(risk: MeteorRisk, sites: dict, damage: dict, players: int) -> None:
    p_damage, e_damage, p_defunct, lost = by_hand(sites, damage, players)
    for c in sites:
        assert risk.p_damage[c] == p_damage.get(c, 0), c
        assert risk.expected_damage[c] == e_damage.get(c, 0), c
        assert risk.p_defunct[c] == p_defunct.get(c, 0), c
    for p in range(players):
        assert risk.income_lost[p] == lost[p], p


def test_meteor_risk_of_a_designed_board_matches_the_rules_by_hand() -> None:
    b = Board(DESIGNED, damage={(4, 6): 2})
    risk = meteor_risk(b, players=2)
    check_against_hand(risk, DESIGNED, {(4, 6): 2}, 2)
    # spot checks worked out on paper
    assert risk.p_damage[(0, 0)] == Fraction(1, 100)
    assert risk.expected_damage[(0, 0)] == Fraction(11, 200)
    assert risk.p_damage[(1, 0)] == 0  # a resource site
    assert risk.p_damage[(5, 5)] == 0  # a volcano
    assert risk.p_damage[(8, 8)] == 0 and risk.p_damage[(9, 9)] == 0  # shielded
    assert risk.p_damage[(7, 9)] == 0  # next to the Shield Generator
    # the Outpost's cell takes the Refinery and the Factory down with it
    assert risk.loss_by_cell[(0, 0)][0] == 1 + 2 + 3
    assert risk.p_defunct[(0, 2)] == Fraction(3, 100)  # Outpost, Refineries or Factory
    assert risk.damage((0, 0)) == Dist({0: Fraction(99, 100),
                                        **{k: Fraction(1, 1000) for k in range(1, 11)}})
    assert risk.damage((8, 8)) == Dist.constant(0)
    assert sum(risk.income_lost[0].values()) == 1
    assert "P(damage)" in risk.table()


@pytest.mark.parametrize("seed", range(4))
def test_meteor_risk_of_random_boards_matches_the_rules_by_hand(seed: int) -> None:
    rng = random.Random(seed)
    cells = [(x, y) for x in range(10) for y in range(10)]
    rng.shuffle(cells)
    sites = {c: (rng.choice(SITE_NAMES), rng.randrange(3)) for c in cells[:rng.randint(25, 60)]}
    damage = {c: rng.randint(1, 4) for c, (n, _) in sites.items()
              if data.CARDS[n].kind == "installation" and rng.random() < 0.1}
    risk = meteor_risk(Board(sites, damage=damage), players=3)
    check_against_hand(risk, sites, damage, 3)


def test_meteor_risk_matches_every_outcome_played_through_the_game() -> None:
    """Force each of the 100 cells and each damage value through the game's own chance
    nodes; the income the Production phase right after pays is the income lost."""
    g = scenario(sites=DESIGNED, damage={(4, 6): 2}, phase="meteor", credits=[0, 0])
    risk = g.meteor_risk()
    assert g.board.income(0) == sum(INCOME[n] for c, (n, o) in DESIGNED.items()
                                    if o == 0 and c in g.board.functional())
    base = g.board.income(0)
    paid: Counter = Counter()
    hit: dict = defaultdict(Fraction)
    node = g.chance_outcomes()
    for cell, p in node.items():
        f = g.fork()
        f.apply(cell)
        if f.current_player == CHANCE and f.view(None)["chance"] == "damage":
            for d, q in f.chance_outcomes().items():
                h = f.fork()
                h.apply(d)
                paid[base - h.credits[0]] += 1
                hit[cell] += p * q * d
        else:
            paid[base - f.credits[0]] += 10
    assert risk.income_lost[0] == Dist.from_weights(paid)
    assert dict(hit) == {c: e for c, e in risk.expected_damage.items() if e}


def test_meteor_risk_of_an_empty_board() -> None:
    risk = meteor_risk(Board(), players=2)
    assert risk.income_lost[0] == Dist.constant(0) and risk.p_damage == {}
