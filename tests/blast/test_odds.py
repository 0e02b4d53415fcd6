"""Exact odds: ``fight_odds`` and ``reach_odds`` against brute-force enumeration written
here, independently of ``boardgames/blast/odds.py`` (the card bonuses are read from the
notes of the rule text, the track arithmetic is written out again), and against the game
engine itself (every roll forced, every card play and move tried)."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction

import pytest
from blast.blast_support import TERRAN, Blast, Rules, card_rows, scenario

import boardgames as bg
from boardgames.blast import fight_odds, reach_odds
from boardgames.core.game import CHANCE

NOTES = dict(card_rows())


def bonus_of(card: str) -> tuple[int, int]:
    """(fixed bonus, number of 1D6) of an attack or defence card, from its note."""
    m = re.match(r"(?:Attacker|Defender) \+(\d|1D6) Force", NOTES[card])
    assert m, card
    return (0, 1) if m.group(1) == "1D6" else (int(m.group(1)), 0)


ATTACK = [n for n, note in NOTES.items() if note.startswith("Attacker")]
DEFENCE = [n for n, note in NOTES.items() if note.startswith("Defender")]


def brute_fight(att: list[int], dfn: list[int], ac: list[str], dc: list[str],
                tie: str) -> dict[str, Fraction]:
    a_fixed = sum(att) + sum(bonus_of(c)[0] for c in ac)
    d_fixed = sum(dfn) + sum(bonus_of(c)[0] for c in dc)
    na = sum(bonus_of(c)[1] for c in ac)
    nd = sum(bonus_of(c)[1] for c in dc)
    counts: dict[str, int] = {}
    rolls = list(itertools.product(range(1, 7), repeat=na + nd))
    for r in rolls:
        a = a_fixed + sum(r[:na])
        d = d_fixed + sum(r[na:])
        if a > d:
            who = "attacker"
        elif d > a:
            who = "defender"
        else:
            who = {"defender": "defender", "attacker": "attacker",
                   "both_destroyed": "neither"}[tie]
        counts[who] = counts.get(who, 0) + 1
    return {k: Fraction(v, len(rolls)) for k, v in counts.items()}


def test_fight_odds_examples() -> None:
    d = fight_odds([3, 2], [4], ["Surprise Attack"], ["Ambush"])
    assert isinstance(d, bg.Dist)
    assert d == {"attacker": Fraction(7, 12), "defender": Fraction(5, 12)}
    assert fight_odds([5], [4]) == {"attacker": Fraction(1)}
    assert fight_odds([4], [4]) == {"defender": Fraction(1)}
    assert fight_odds([4], [4], rules=Rules(tie="attacker")) == {"attacker": Fraction(1)}
    assert fight_odds([4], [4], rules=Rules(tie="both_destroyed")) == {"neither": Fraction(1)}
    assert fight_odds([1], [5], ["Nova Bomb"]) == {"attacker": Fraction(1)}


@pytest.mark.parametrize("tie", ["defender", "both_destroyed", "attacker"])
def test_fight_odds_match_brute_force(tie: str) -> None:
    rng = random.Random(tie)
    rules = Rules(tie=tie)
    for _ in range(120):
        att = [rng.randint(1, 5) for _ in range(rng.randint(1, 5))]
        dfn = [rng.randint(1, 5) for _ in range(rng.randint(1, 5))]
        ac = rng.sample(ATTACK * 2, rng.randint(0, 3))
        dc = rng.sample(DEFENCE * 2, rng.randint(0, 3))
        got = fight_odds(att, dfn, ac, dc, rules)
        assert dict(got) == {k: v for k, v in brute_fight(att, dfn, ac, dc, tie).items() if v}


def test_fight_odds_with_both_1d6_cards_on_each_side() -> None:
    att, dfn = [3, 3], [4, 2]
    ac = ["Surprise Attack", "Surprise Attack"]
    dc = ["Ambush", "Ambush"]
    assert dict(fight_odds(att, dfn, ac, dc)) == brute_fight(att, dfn, ac, dc, "defender")


def test_fight_odds_of_a_game_match_the_engine() -> None:
    """The odds of a fight in progress (with the cards played so far, a 1D6 being rolled
    counted exactly) and of the whole fight, counted by playing every 1D6 outcome in the
    engine (Surprise Attack, then Ambush) and seeing who wins."""
    g = scenario(units={10: {"terran": [3, 1], "empire": [4, 1]}}, phase="fight",
                 to_move="terran", hands={"terran": ["Surprise Attack", "Plasma Generator"],
                                          "empire": ["Ambush"]})
    g.apply("play Plasma Generator")
    g.apply("play Surprise Attack")
    assert g.fight_odds() == {"attacker": Fraction(1)}  # 6 + 1D6 against 5, no card yet
    wins: dict[str, int] = {}
    for a in range(1, 7):
        f = g.fork()
        f.apply(a)
        assert f.fight_odds() == fight_odds([3, 1], [4, 1], attack_bonus=2 + a)
        f.apply("play Ambush")
        here: dict[str, int] = {}
        for d in range(1, 7):
            h = f.fork()
            h.apply(d)
            who = "attacker" if h.state.last_fight[3] == TERRAN else "defender"
            here[who] = here.get(who, 0) + 1
            wins[who] = wins.get(who, 0) + 1
        assert dict(f.fight_odds()) == {k: Fraction(v, 6) for k, v in here.items()}
    whole = fight_odds([3, 1], [4, 1], ["Plasma Generator", "Surprise Attack"], ["Ambush"])
    assert dict(whole) == {k: Fraction(v, 36) for k, v in wins.items()}
    with pytest.raises(ValueError, match="no fight"):
        Blast(seed=1).fight_odds()


def test_fight_odds_refuse_bad_input() -> None:
    for args, words in [
        (([], [1]), "at least one unit"),
        (([6], [1]), "1..5"),
        (([1], [1], ["Ambush"]), "not one of the attack cards"),
        (([1], [1], [], ["Nova Bomb"]), "not one of the defence cards"),
        (([1], [1], ["Nova Bomb"] * 3), "only 2 Nova Bomb"),
        (("3", [1]), "list of unit forces"),
        (([True], [1]), "1..5"),
    ]:
        with pytest.raises(ValueError, match=re.escape(words)):
            fight_odds(*args)
    with pytest.raises(TypeError):
        fight_odds([1], [1], rules="defender")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------- reach
def step(sector: int, k: int, forward: bool, side: str) -> int:
    """The sector ``k`` steps from ``sector``: Terran clockwise (up), Empire down."""
    sign = 1 if (side == "terran") == forward else -1
    return ((sector - 1 + sign * k) % 28) + 1


def brute_reach(x: int, target: int, enemies: set[int], side: str) -> Fraction:
    """Over the 36 ordered rolls: one die, or both in either order with the first
    landing not on enemy units."""
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            ok = False
            for first, second in ((a, b), (b, a)):
                y = step(x, first, True, side)
                if y == target or (y not in enemies and step(y, second, True, side) == target):
                    ok = True
            hits += ok
    return Fraction(hits, 36)


ARMY = [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1]


def random_units(rng: random.Random) -> dict[int, dict[str, list[int]]]:
    units: dict[int, dict[str, list[int]]] = {}
    sectors = rng.sample(range(1, 29), 10)
    forces = {"terran": rng.sample(ARMY, 5), "empire": rng.sample(ARMY, 5)}
    for i, sec in enumerate(sectors):
        side = "terran" if i < 5 else "empire"
        units[sec] = {side: [forces[side][i % 5]]}
    return units


@pytest.mark.parametrize("mover", ["terran", "empire"])
def test_reach_odds_match_brute_force(mover: str) -> None:
    rng = random.Random(mover)
    other = "empire" if mover == "terran" else "terran"
    for _ in range(40):
        units = random_units(rng)
        enemies = {s for s, st in units.items() if other in st}
        for target in rng.sample(range(1, 29), 6):
            got = reach_odds(units, target, mover=mover)
            want = {(s, f): brute_reach(s, target, enemies, mover)
                    for s, st in units.items() if mover in st and s != target
                    for f in st[mover]}
            assert got == want


def test_reach_odds_examples() -> None:
    # A unit 7 away with nothing in between: 6 ways to roll a sum of 7, none with one die.
    assert reach_odds({1: {"terran": [2]}}, 8, mover="terran") == {(1, 2): Fraction(6, 36)}
    # 3 away: one die shows 3 (11 rolls) or sums 1+2 / 2+1 (2 more).
    assert reach_odds({1: {"terran": [2]}}, 4, mover="terran") == {(1, 2): Fraction(13, 36)}
    # An enemy on 2 blocks 1-then-2, but the same roll can go 2-then-1; enemies on 2 and
    # 3 block both orders of the 1-2 roll.
    got = reach_odds({1: {"terran": [2]}, 2: {"empire": [1]}}, 4, mover="terran")
    assert got == {(1, 2): Fraction(13, 36)}
    got = reach_odds({1: {"terran": [2]}, 2: {"empire": [1]}, 3: {"empire": [1]}}, 4,
                     mover="terran")
    assert got == {(1, 2): Fraction(11, 36)}
    # The wrap: an Empire unit on 2 reaches 27 with a 3.
    assert reach_odds({2: {"empire": [1]}}, 27, mover="empire")[(2, 1)] == Fraction(13, 36)
    # 13 away: out of reach of 2D6.
    assert reach_odds({1: {"terran": [2]}}, 14, mover="terran") == {(1, 2): Fraction(0)}


def _engine_reach(g: Blast, unit_from: int, target: int) -> Fraction:
    """The best probability, over the game engine's own choices, that the Terran unit
    starting on ``unit_from`` lands on ``target`` this turn: from the roll node, average
    over the roll; in the dice-card window, the best card (averaging rerolls / the Hyper
    Jump die) or ``done``; then any order of the legal moves."""

    def where(h: Blast) -> list[int]:
        return [i + 1 for i, st in enumerate(h.state.units[TERRAN]) if st]

    def moves(h: Blast) -> bool:
        if target in where(h) and h.state.pending == "move":
            return True
        if h.state.pending != "move":
            return False
        for a in h.legal_actions():
            if str(a) == "done":
                continue
            f = h.fork()
            f.apply(a)
            if target in where(f) or moves(f):
                return True
        return False

    def value(h: Blast) -> Fraction:
        if h.current_player == CHANCE:
            d = h.chance_outcomes()
            total = Fraction(0)
            for o, p in d.items():
                f = h.fork()
                f.apply(o)
                total += p * value(f)
            return total
        if h.state.pending == "dice":
            best = Fraction(0)
            for a in h.legal_actions():
                f = h.fork()
                f.apply(a)
                best = max(best, value(f))
            return best
        return Fraction(1) if moves(h) else Fraction(0)

    return value(g)


@pytest.mark.parametrize(
    ("hand", "unit_from", "target", "enemies"),
    [
        ([], 3, 10, [5]),
        (["Ion Thrusters"], 3, 16, [9]),
        (["Warp Overdrive", "Ion Thrusters"], 3, 18, []),
        (["Battle Computers"], 3, 13, [7]),
        (["Hyper Jump"], 3, 20, [9]),
        (["Space Combat Tactics"], 3, 27, []),
        (["Battle Computers", "Maximum Burn"], 3, 17, [6, 9]),
    ],
)
def test_reach_odds_with_cards_match_the_engine(hand: list[str], unit_from: int,
                                                 target: int, enemies: list[int]) -> None:
    units = {unit_from: {"terran": [2]}} | {e: {"empire": [1]} for e in enemies}
    g = scenario(units=units, phase="roll", to_move="terran", hands={"terran": hand},
                 scrap={"terran": [5, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1],
                        "empire": [5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1][
                            :15 - len(enemies)]})
    assert g.current_player == CHANCE
    got = reach_odds(g, target, cards=True)[(unit_from, 2)]
    assert got == _engine_reach(g, unit_from, target)
    if hand:
        assert reach_odds(g, target)[(unit_from, 2)] <= got


def engine_reach_2d6(units: dict, mover: str, unit: tuple[int, int], target: int,
                     hand: list[str], rules: Rules) -> Fraction:
    """Brute force over the 36 ordered rolls of 2D6: for each, the engine in its move
    phase with those dice and ``hand``; every sequence of legal actions is tried, and
    the roll counts when the unit (the only one of its force on its side) stands on
    ``target`` after some action. (A Nova Bomb in hand opens the attack window, so a
    fight on the target is not resolved before the unit is seen there.)"""
    p = ("terran", "empire").index(mover)
    f = unit[1]
    assert sum(st.get(mover, []).count(f) for st in units.values()) == 1

    def lands(g: Blast) -> bool:
        if f in g.state.units[p][target - 1]:
            return True
        return g.state.pending == "move" and any(
            lands(g.fork().apply(a)) for a in g.legal_actions() if str(a) != "done")

    hits = 0
    for a, b in itertools.product(range(1, 7), repeat=2):
        g = scenario(units=units, phase="move", dice=[a, b], to_move=mover, rules=rules,
                     hands={mover: [*hand, "Nova Bomb"]})
        hits += lands(g)
    return Fraction(hits, 36)


REACH_2D6 = [
    # issue 15: a Terran 3 on 20, target 4; Defend the Homeworld, then 3 (or 1+2) from Earth
    ({20: {"terran": [3]}}, "terran", (20, 3), 4, ["Defend the Homeworld"]),
    # other units take no part; enemies ahead of Earth block 1-then-2 and 2-then-1
    ({20: {"terran": [3]}, 10: {"terran": [1]}, 2: {"empire": [2]}, 3: {"empire": [1]}},
     "terran", (20, 3), 4, ["Defend the Homeworld"]),
    # the Empire (counter-clockwise, home Planet X 15): 6 on 23 or from 15 to 12
    ({23: {"empire": [2]}, 9: {"empire": [5]}, 13: {"terran": [4]}}, "empire", (23, 2), 12,
     ["Defend the Homeworld", "Space Combat Tactics"]),
    # Earth held by the enemy: the jump home lands on enemy units and stops there
    ({20: {"terran": [3]}, 1: {"empire": [1]}, 26: {"terran": [1]}}, "terran", (20, 3), 4,
     ["Defend the Homeworld"]),
    # a lone unit aiming at enemy units: it may not stop there if both dice can be used
    ({5: {"terran": [3]}, 9: {"empire": [1]}, 6: {"empire": [2]}}, "terran", (5, 3), 9, []),
    ({5: {"terran": [3]}, 9: {"empire": [1]}, 6: {"empire": [2]}}, "terran", (5, 3), 9,
     ["Space Combat Tactics"]),
    ({5: {"terran": [3]}, 9: {"empire": [1]}, 6: {"empire": [2]}}, "terran", (5, 3), 9,
     ["Defend the Homeworld"]),
    # the same with a second unit to take the other die
    ({5: {"terran": [3]}, 9: {"empire": [1]}, 6: {"empire": [2]}, 17: {"terran": [1]}},
     "terran", (5, 3), 9, ["Defend the Homeworld"]),
    # the Empire aiming at Earth, held by the Terran side, from 7 and, jumping, from 15
    ({7: {"empire": [4]}, 1: {"terran": [2]}, 4: {"terran": [1]}}, "empire", (7, 4), 1,
     ["Space Combat Tactics", "Defend the Homeworld"]),
]


@pytest.mark.parametrize("use_dice", ["maximum", "each"])
@pytest.mark.parametrize(("units", "mover", "unit", "target", "hand"), REACH_2D6)
def test_reach_odds_with_defend_the_homeworld_match_a_brute_force_over_2d6(
        units: dict, mover: str, unit: tuple[int, int], target: int, hand: list[str],
        use_dice: str) -> None:
    """``reach_odds(..., cards=True)`` plays the hand as well as possible: Defend the
    Homeworld jumps home, then the dice move on from there (issue 15: 1/36 before, 7/18
    by brute force); a lone unit under ``use_dice="maximum"`` may not leave a die unused;
    both against the engine itself, roll by roll."""
    rules = Rules(use_dice=use_dice)
    g = scenario(units=units, phase="roll", to_move=mover, hands={mover: hand}, rules=rules)
    want = engine_reach_2d6(units, mover, unit, target, hand, rules)
    assert reach_odds(g, target, cards=True)[unit] == want
    if use_dice == "maximum":  # a units mapping is weighed under the default rules
        assert reach_odds(units, target, cards=True, mover=mover, hand=hand)[unit] == want
    assert reach_odds(g, target)[unit] == engine_reach_2d6(units, mover, unit, target, [],
                                                           rules)


def test_ruling_7_reach_odds_defend_the_homeworld_jumps_home_then_the_dice_move_on() -> None:
    """Ruling 7: "Defend the Homeworld: one own unit jumps home, using no die", and
    ``reach_odds(cards=True)`` plays it (issue 15): a Terran 3 on 20, target 4, Defend
    the Homeworld in hand: 1/36 with the dice alone (6 + 6), 7/18 with the jump to Earth
    first (a 3 on a die, or 1 + 2); the same
    from ``reach_probability`` given the homeworld's offset."""
    units = {20: {"terran": [3]}}
    assert reach_odds(units, 4, mover="terran") == {(20, 3): Fraction(1, 36)}
    got = reach_odds(units, 4, mover="terran", cards=True, hand=["Defend the Homeworld"])
    assert got == {(20, 3): Fraction(7, 18)}
    from boardgames.blast.odds import reach_probability

    assert reach_probability(12, [], ["Defend the Homeworld"], home=9) == Fraction(7, 18)
    assert reach_probability(12, [], ["Defend the Homeworld"]) == Fraction(1, 36)
    assert reach_probability(12, [9], ["Defend the Homeworld"], home=9) == Fraction(1, 36)


def test_reach_odds_of_a_game_and_bad_input() -> None:
    g = scenario(units={3: {"terran": [2, 1]}, 8: {"empire": [4]}}, phase="move",
                 dice=[1, 2], to_move="terran", hands={"empire": ["Jam Transmission"],
                                                        "terran": ["Defend the Homeworld"]})
    g.apply("play Jam Transmission on 3:2")
    odds = reach_odds(g, 1, cards=True)
    assert odds == {(3, 1): Fraction(1), (3, 2): Fraction(0)}  # jammed: 0; home jump: 1
    assert g.reach_odds(8) == reach_odds(g, 8)
    with pytest.raises(ValueError, match="sector"):
        reach_odds(g, 29)
    with pytest.raises(ValueError, match="mover"):
        reach_odds({1: {"terran": [1]}}, 5, mover="klingon")
    with pytest.raises(ValueError, match="mover and hand"):
        reach_odds(g, 5, mover="terran")
    with pytest.raises(TypeError):
        reach_odds([1, 2], 5)  # type: ignore[arg-type]
