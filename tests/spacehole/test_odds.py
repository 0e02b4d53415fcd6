"""Exact battle odds (boardgames/spacehole/odds.py) against independent references.

* ``round_hits`` against icepool and math.comb;
* ``battle_odds`` against a brute force written here from the rulings (RULINGS.md,
  Spacehole 1, 3, 4, 5, 7): every card kept apart (no merging of interchangeable cards),
  every Force Dome by itself, invader hits allocated by enumerating every sequence of
  targets, dice by enumerating die faces, and the absorbing probabilities found by a
  generic sparse Gauss-Jordan solve in Fractions;
* hand-derived closed forms for tiny battles;
* Monte Carlo: an independent float sampler (10^5 battles) and the real engine
  (``Spacehole.scenario``, 3000 battles), each within 4 standard errors;
* ``Spacehole.battle_odds()`` mid-battle: at every chance node the odds are the
  probability-weighted average of the odds after each outcome (a martingale).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import random
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import icepool
import pytest

import boardgames as bg
from boardgames.spacehole import Rules, data, odds

ORDERS = ("simultaneous", "invader_first", "defenders_first")
CLASSIC = data.by_name("classic")
WIN, LOSS = "win", "loss"


# ====================================================================== reference dice
@functools.cache
def faces_hits(n: int) -> dict[int, Fraction]:
    """Hits among n dice by listing every face vector (n small)."""
    counts = Counter(sum(x == 1 for x in faces)
                     for faces in itertools.product(range(1, 7), repeat=n))
    return {k: Fraction(c, 6**n) for k, c in counts.items()}


@functools.cache
def hits(n: int) -> dict[int, Fraction]:
    """Hits among n dice, one die (its six faces) at a time."""
    if n == 0:
        return {0: Fraction(1)}
    out: dict[int, Fraction] = {}
    for k, p in hits(n - 1).items():
        for face in range(1, 7):
            h = k + (face == 1)
            out[h] = out.get(h, Fraction(0)) + p / 6
    return out


def test_reference_dice_agree_with_face_enumeration() -> None:
    for n in range(7):
        assert hits(n) == faces_hits(n)


# ====================================================================== round_hits
@pytest.mark.parametrize("n", range(13))
def test_round_hits_matches_icepool(n: int) -> None:
    d = odds.round_hits(n)
    if n == 0:
        assert dict(d) == {0: 1}
        return
    die = n @ (icepool.d6 == 1)
    expected = {int(k): Fraction(q, die.denominator()) for k, q in die.items()}
    assert dict(d) == {k: v for k, v in expected.items() if v}


@pytest.mark.parametrize("n", [0, 1, 2, 5, 10, 22, 40])
def test_round_hits_matches_math_comb(n: int) -> None:
    d = odds.round_hits(n)
    for k in range(n + 1):
        assert d.prob(k) == Fraction(math.comb(n, k) * 5 ** (n - k), 6**n)
    assert sum(d.values()) == 1
    assert d.mean() == Fraction(n, 6)


@pytest.mark.parametrize("bad", [-1, 2.5, True, "3", None])
def test_round_hits_rejects_bad_input(bad: Any) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        odds.round_hits(bad)


# ====================================================================== brute force
class Spec:
    """A battle for the brute force: defenders as (force, max_hits, fights, damage)."""

    def __init__(self, force: int, defenders: Sequence[tuple[int, int, bool, int]] = (),
                 turrets: int = 0, domes: Sequence[int] = (), base_damage: int = 0,
                 base_hits: int = 10, order: str = "simultaneous") -> None:
        self.force = force
        self.cards = [(fo, mh, fi) for fo, mh, fi, _ in defenders]
        self.damage = tuple(d for *_, d in defenders)
        self.turrets = turrets
        self.domes = tuple(domes)
        self.base_damage = base_damage
        self.base_hits = base_hits
        self.order = order


def card_spec(name: str, damage: int = 0, lab: bool = True) -> tuple[int, int, bool, int]:
    c = CLASSIC[name]
    return (c.force, c.max_hits, lab or not c.needs_lab, damage)


DOME_HITS = 3  # "Force Domes can take 3 Hits before being destroyed."

# A brute-force state: (invader force, damage of each defender card or None when
# destroyed, damage of each Force Dome or None, Laser Turrets left, Base damage).
BF = tuple[int, tuple[Any, ...], tuple[Any, ...], int, int]


def bf_defender_dice(spec: Spec, st: BF) -> int:
    _, dmg, _, turrets, _ = st
    dice = 1 + turrets  # the Base's own turret, and each Laser Turret
    for (force, _, fights), d in zip(spec.cards, dmg, strict=True):
        if d is not None and fights:
            dice += force - d
    return dice


def bf_allocate(spec: Spec, st: BF, k: int) -> dict[Any, Fraction]:
    """k invader hits, one at a time, every target sequence enumerated."""
    if k == 0:
        return {st: Fraction(1)}
    f, dmg, domes, turrets, base = st
    alive = [i for i, d in enumerate(dmg) if d is not None]
    nexts: list[tuple[Any, Fraction]] = []
    if alive:  # a uniformly random defender card
        for i in alive:
            d = dmg[i] + 1
            new = list(dmg)
            new[i] = None if d >= spec.cards[i][1] else d
            nexts.append(((f, tuple(new), domes, turrets, base), Fraction(1, len(alive))))
    elif any(d is not None for d in domes):  # the most damaged Force Dome
        i = max((i for i, d in enumerate(domes) if d is not None), key=lambda i: domes[i])
        new = list(domes)
        new[i] = None if domes[i] + 1 >= DOME_HITS else domes[i] + 1
        nexts.append(((f, dmg, tuple(new), turrets, base), Fraction(1)))
    elif turrets:
        nexts.append(((f, dmg, domes, turrets - 1, base), Fraction(1)))
    elif base + 1 >= spec.base_hits:
        return {LOSS: Fraction(1)}
    else:
        nexts.append(((f, dmg, domes, turrets, base + 1), Fraction(1)))
    out: dict[Any, Fraction] = {}
    for nxt, p in nexts:
        for res, q in bf_allocate(spec, nxt, k - 1).items():
            out[res] = out.get(res, Fraction(0)) + p * q
    return out


def bf_round(spec: Spec, st: BF) -> dict[Any, Fraction]:
    out: dict[Any, Fraction] = {}

    def add(key: Any, p: Fraction) -> None:
        out[key] = out.get(key, Fraction(0)) + p

    def hit_invader(a: BF, j: int) -> Any:
        return WIN if a[0] - j <= 0 else (a[0] - j, *a[1:])

    f = st[0]
    if spec.order == "simultaneous":
        for k, pk in hits(f).items():
            for j, pj in hits(bf_defender_dice(spec, st)).items():
                for a, pa in bf_allocate(spec, st, k).items():
                    add(LOSS if a == LOSS else hit_invader(a, j), pk * pj * pa)
    elif spec.order == "invader_first":
        for k, pk in hits(f).items():
            for a, pa in bf_allocate(spec, st, k).items():
                if a == LOSS:
                    add(LOSS, pk * pa)
                    continue
                for j, pj in hits(bf_defender_dice(spec, a)).items():
                    add(hit_invader(a, j), pk * pa * pj)
    else:
        for j, pj in hits(bf_defender_dice(spec, st)).items():
            b = hit_invader(st, j)
            if b == WIN:
                add(WIN, pj)
                continue
            for k, pk in hits(b[0]).items():
                for a, pa in bf_allocate(spec, b, k).items():
                    add(a, pj * pk * pa)
    return out


def solve_linear(rows: dict[Any, dict[Any, Fraction]], rhs: dict[Any, Fraction],
                 order: list[Any]) -> dict[Any, Fraction]:
    """Gauss-Jordan on sparse rows: sum_t rows[s][t] x_t = rhs[s]. ``order`` is only the
    pivot order (it changes the work, not the answer)."""
    rows = {s: dict(r) for s, r in rows.items()}
    rhs = dict(rhs)
    for v in order:
        piv = rows[v].pop(v)
        assert piv != 0
        for t in rows[v]:
            rows[v][t] /= piv
        rhs[v] /= piv
        rows[v][v] = Fraction(1)
        for s, r in rows.items():
            if s == v or v not in r:
                continue
            c = r.pop(v)
            for t, a in rows[v].items():
                if t != v:
                    r[t] = r.get(t, Fraction(0)) - c * a
                    if not r[t]:
                        del r[t]
            rhs[s] -= c * rhs[v]
    for v, r in rows.items():
        assert set(r) == {v}
    return rhs


def brute_force(spec: Spec) -> Fraction:
    """P(win) by building the whole chain of explicit states and solving it."""
    start: BF = (spec.force, spec.damage, spec.domes, spec.turrets, spec.base_damage)
    trans: dict[BF, dict[Any, Fraction]] = {}
    todo = [start]
    while todo:
        st = todo.pop()
        if st in trans:
            continue
        trans[st] = bf_round(spec, st)
        todo.extend(t for t in trans[st] if t not in (WIN, LOSS) and t not in trans)
    assert all(abs(sum(t.values()) - 1) == 0 for t in trans.values())
    rows: dict[Any, dict[Any, Fraction]] = {}
    rhs: dict[Any, Fraction] = {}
    for s, t in trans.items():
        r = {s: Fraction(1)}
        for u, p in t.items():
            if u not in (WIN, LOSS):
                r[u] = r.get(u, Fraction(0)) - p
        rows[s] = r
        rhs[s] = t.get(WIN, Fraction(0))

    def left(s: BF) -> int:  # hit points left in the state (a cheap pivot order)
        f, dmg, domes, turrets, base = s
        return f + turrets - base + sum(spec.cards[i][1] - d for i, d in enumerate(dmg)
                                        if d is not None) \
            + sum(DOME_HITS - d for d in domes if d is not None)

    return solve_linear(rows, rhs, sorted(trans, key=left))[start]


def odds_of_spec(spec: Spec, defenders: list[Any], lab: bool = True) -> Fraction:
    d = odds.battle_odds(spec.force, defenders, turrets=spec.turrets, domes=list(spec.domes),
                         base_damage=spec.base_damage,
                         rules=Rules(base_hits=spec.base_hits, battle_order=spec.order),
                         lab=lab)
    assert sum(d.values()) == 1
    return d.prob(WIN)


# (invader force, defenders for battle_odds, turrets, dome damages, base damage,
#  base hits, lab)
BRUTE_CASES = {
    "no defenders: domes, turrets, Base": (3, [], 1, [0], 0, 3, True),
    "one-hit Space Hero and a plain defender": (3, ["Space Hero", 2], 0, [], 0, 3, True),
    "Alien Artifact with a Research Lab": (3, ["Alien Artifact"], 1, [], 0, 2, True),
    "Alien Artifact without a Research Lab": (3, ["Alien Artifact"], 1, [], 0, 2, False),
    "damaged cards and two part-damaged domes": (
        2, [("Space Marines", 1), "Space Patrol"], 2, [1, 2], 1, 4, True),
    "interchangeable cards": (3, ["Astro Guard", "Space Patrol", ("Space Marines", 1)],
                              0, [], 0, 2, True),
    "strong invader, weak side": (5, ["Astro Guard"], 1, [2], 0, 3, True),
}


def spec_of(case: tuple, order: str) -> tuple[Spec, list[Any], bool]:
    force, defenders, turrets, domes, base_damage, base_hits, lab = case
    cards = []
    for x in defenders:
        if isinstance(x, int):
            cards.append((x, x, True, 0))
        elif isinstance(x, tuple):
            cards.append(card_spec(x[0], x[1], lab))
        else:
            cards.append(card_spec(x, 0, lab))
    spec = Spec(force, cards, turrets, domes, base_damage, base_hits, order)
    return spec, list(defenders), lab


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("name", list(BRUTE_CASES))
def test_ruling_3_battle_order_battle_odds_equal_brute_force(name: str, order: str) -> None:
    spec, defenders, lab = spec_of(BRUTE_CASES[name], order)
    assert odds_of_spec(spec, defenders, lab) == brute_force(spec)


def test_brute_force_distinguishes_the_battle_orders() -> None:
    """The three orders really differ (so the per-order comparisons test something)."""
    case = BRUTE_CASES["one-hit Space Hero and a plain defender"]
    values = {order: brute_force(spec_of(case, order)[0]) for order in ORDERS}
    assert len(set(values.values())) == 3


# ====================================================================== closed forms
def test_ruling_3_simultaneous_base_destroyed_is_a_loss_even_if_the_invader_dies() -> None:
    # Force 1 against the Base's turret only, Base with 1 hit: per round the invader
    # hits with 1/6 (loss, whatever the Base rolls), else the Base hits with 1/6 (win).
    p = Fraction(1, 6)
    win = (1 - p) * p / (1 - (1 - p) ** 2)
    for order in ("simultaneous", "invader_first"):
        d = odds.battle_odds(1, rules=Rules(base_hits=1, battle_order=order))
        assert d == {WIN: win, LOSS: 1 - win} == {WIN: Fraction(5, 11), LOSS: Fraction(6, 11)}
    # Defenders first: the Base's hit comes first and the invader never rolls.
    d = odds.battle_odds(1, rules=Rules(base_hits=1, battle_order="defenders_first"))
    assert d[WIN] == p / (1 - (1 - p) ** 2) == Fraction(6, 11)


def test_ruling_4_force_domes_do_not_attack() -> None:
    # One Force Dome (3 hits) then the Base (1 hit), Force 1 invader, only the Base fires:
    # W(1) = 5/11 and W(h) = (1/6 + 5/36 W(h-1)) / (11/36) while the dome absorbs hits.
    w = Fraction(5, 11)
    for _ in range(3):
        w = (Fraction(1, 6) + Fraction(5, 36) * w) / Fraction(11, 36)
    assert w == Fraction(13891, 14641)
    assert odds.battle_odds(1, domes=1, rules=Rules(base_hits=1))[WIN] == w
    # Three Laser Turrets also absorb 3 hits, but they fire: better odds.
    assert odds.battle_odds(1, turrets=3, rules=Rules(base_hits=1))[WIN] > w


def test_ruling_5_space_hero_is_destroyed_by_its_first_hit() -> None:
    # Force 1 invader against Space Hero (5 dice) and the Base's turret, Base 1 hit.
    # Any defender hit wins; else an invader hit kills the Hero (then 5/11); else again.
    q = Fraction(5, 6)
    win = (1 - q**6 + q**6 * Fraction(1, 6) * Fraction(5, 11)) / (1 - q**7)
    d = odds.battle_odds(1, ["Space Hero"], rules=Rules(base_hits=1))
    assert d[WIN] == win
    assert odds.battle_odds(1, [5], rules=Rules(base_hits=1))[WIN] > win  # 5 hits, not 1


def test_ruling_5_the_most_damaged_dome_takes_the_hit() -> None:
    # Hits go to the most damaged dome; domes do not fire, so only the total matters.
    spec = Spec(3, [], 0, [2, 0], 0, 2)
    assert brute_force(spec) == odds_of_spec(spec, []) == odds_of_spec(Spec(3, [], 0, [1, 1],
                                                                            0, 2), [])


def test_ruling_7_alien_artifact_fights_only_with_a_research_lab() -> None:
    with_lab = odds.battle_odds(5, ["Alien Artifact"], lab=True)
    without = odds.battle_odds(5, ["Alien Artifact"], lab=False)
    assert with_lab == odds.battle_odds(5, [5])
    assert without[WIN] < with_lab[WIN]
    # Without a lab it still soaks up 5 hits: better than no defender at all.
    assert without[WIN] > odds.battle_odds(5)[WIN]


def test_ruling_1_base_hits_option() -> None:
    weak = odds.battle_odds(6, rules=Rules(base_hits=5))
    strong = odds.battle_odds(6, rules=Rules(base_hits=10))
    assert weak[WIN] < strong[WIN]
    assert odds.battle_odds(6, base_damage=5) == weak  # 5 of 10 hits taken: 5 left


def test_invader_names_and_variants() -> None:
    assert odds.battle_odds("World Eater") == odds.battle_odds(7)
    assert odds.battle_odds(("World Eater", 3)) == odds.battle_odds(4)
    assert odds.battle_odds("Shadow ship", ["Marines"], variant="babylon5") \
        == odds.battle_odds(7, ["Space Marines"])
    assert odds.battle_odds(4, [("Space Navy", 1)]) != odds.battle_odds(4, ["Space Navy"])
    assert bg.spacehole.battle_odds is odds.battle_odds
    assert bg.spacehole.round_hits is odds.round_hits


@pytest.mark.parametrize("order", ORDERS)
def test_probabilities_sum_to_exactly_one(order: str) -> None:
    rules = Rules(battle_order=order)
    for inv, defs, t, dm in [(7, ["Space Navy", "Space Marines", "Star Fighters"], 4, 2),
                             (3, [], 0, 0), ("Starmada", ["Space Hero"], 1, [2, 1]),
                             (6, ["Alien Artifact", ("Battle Station", 3)], 2, 1)]:
        d = odds.battle_odds(inv, defs, turrets=t, domes=dm, rules=rules)
        assert set(d) <= {WIN, LOSS}
        assert sum(d.values()) == 1
        assert all(isinstance(v, Fraction) and 0 < v < 1 for v in d.values())


# ====================================================================== bad input
BAD_INPUTS = [
    ({"invader": 0}, 0),
    ({"invader": -2}, -2),
    ({"invader": True}, True),
    ({"invader": 2.5}, 2.5),
    ({"invader": "Space Navy"}, "Space Navy"),
    ({"invader": "Nobody"}, "Nobody"),
    ({"invader": ("World Eater", 7)}, ("World Eater", 7)),
    ({"invader": ("World Eater", 1, 2)}, ("World Eater", 1, 2)),
    ({"defenders": ["Nobody"]}, "Nobody"),
    ({"defenders": ["World Eater"]}, "World Eater"),
    ({"defenders": ["Marines"]}, "Marines"),  # a Babylon 5 name in the classic variant
    ({"defenders": [0]}, 0),
    ({"defenders": [("Space Marines", 3)]}, ("Space Marines", 3)),
    ({"defenders": [("Space Marines", -1)]}, -1),
    ({"defenders": "Space Navy"}, "Space Navy"),
    ({"defenders": [None]}, None),
    ({"turrets": -1}, -1),
    ({"turrets": 1.0}, 1.0),
    ({"domes": -2}, -2),
    ({"domes": [3]}, 3),
    ({"domes": ["x"]}, "x"),
    ({"base_damage": 10}, 10),
    ({"base_damage": -1}, -1),
    ({"variant": "b6"}, "b6"),
    ({"lab": "yes"}, "yes"),
    ({"rules": "fast"}, "fast"),
]


@pytest.mark.parametrize(("kwargs", "bad"), BAD_INPUTS, ids=[repr(b) for _, b in BAD_INPUTS])
def test_battle_odds_rejects_bad_input_quoting_it(kwargs: dict[str, Any], bad: Any) -> None:
    args = {"invader": 3, **kwargs}
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        odds.battle_odds(**args)


def test_no_invader_being_fought_raises() -> None:
    g = bg.Spacehole(seed=7)
    before = g.to_json()
    with pytest.raises(ValueError, match="no invader is being fought"):
        g.battle_odds()
    assert g.to_json() == before


# ====================================================================== Monte Carlo
@functools.cache
def hit_cdf(n: int) -> list[float]:
    acc, out = 0.0, []
    for k in range(n + 1):
        acc += float(hits(n).get(k, 0))
        out.append(acc)
    out[-1] = 1.0
    return out


def sample_battle(rng: random.Random, spec: Spec) -> bool:
    """One battle played card by card with floats. True when the Base is destroyed."""
    f = spec.force
    dmg = list(spec.damage)
    cards = spec.cards
    domes = list(spec.domes)
    turrets, base = spec.turrets, spec.base_damage

    def roll(n: int) -> int:
        return bisect.bisect_right(hit_cdf(n), rng.random())

    def def_dice() -> int:
        return 1 + turrets + sum(c[0] - d for c, d in zip(cards, dmg, strict=True)
                                 if d is not None and c[2])

    def invader_hits(k: int) -> bool:  # True when the Base falls
        nonlocal turrets, base
        for _ in range(k):
            alive = [i for i, d in enumerate(dmg) if d is not None]
            if alive:
                i = alive[int(rng.random() * len(alive))]
                dmg[i] += 1
                if dmg[i] >= cards[i][1]:
                    dmg[i] = None
            elif any(d is not None for d in domes):
                i = max((i for i, d in enumerate(domes) if d is not None),
                        key=lambda i: domes[i])
                domes[i] += 1
                if domes[i] >= DOME_HITS:
                    domes[i] = None
            elif turrets:
                turrets -= 1
            else:
                base += 1
                if base >= spec.base_hits:
                    return True
        return False

    while True:
        if spec.order == "simultaneous":
            k, j = roll(f), roll(def_dice())
            if invader_hits(k):
                return True
            f -= j
        elif spec.order == "invader_first":
            if invader_hits(roll(f)):
                return True
            f -= roll(def_dice())
        else:
            f -= roll(def_dice())
            if f <= 0:
                return False
            if invader_hits(roll(f)):
                return True
        if f <= 0:
            return False


def within_4_se(losses: int, n: int, p: Fraction) -> tuple[bool, str]:
    se = math.sqrt(float(p) * (1 - float(p)) / n)
    got = losses / n
    return abs(got - float(p)) <= 4 * se, f"observed {got:.4f}, exact {float(p):.4f}, SE {se:.4f}"


MC_CASES = {
    "simultaneous, Hero and Marines": (6, ["Space Marines", "Space Hero"], 1, [1], 0, 5, True,
                                       "simultaneous"),
    "invader_first, Artifact without lab": (5, ["Alien Artifact", "Space Patrol"], 1, [], 0, 4,
                                            False, "invader_first"),
}


@pytest.mark.parametrize("name", list(MC_CASES))
def test_monte_carlo_sampler_agrees_within_4_se(name: str) -> None:
    *case, order = MC_CASES[name]
    spec, defenders, lab = spec_of(tuple(case), order)
    p_loss = 1 - odds_of_spec(spec, defenders, lab)
    assert 0.05 < p_loss < 0.95  # a meaningful test
    rng = random.Random(20240601)
    n = 100_000
    losses = sum(sample_battle(rng, spec) for _ in range(n))
    ok, msg = within_4_se(losses, n, p_loss)
    assert ok, msg


ENGINE_CASES = [
    # (defenders, structures, base_hits, battle_order)
    (["Space Marines"], ["Laser Turret"], 10, "simultaneous"),
    (["Space Hero", "Space Patrol"], ["Force Dome", "Laser Turret"], 8, "invader_first"),
    (["Space Scouts", "Alien Artifact"], ["Research Labs", "Laser Turret"], 3,
     "defenders_first"),
]


@pytest.mark.parametrize(("defenders", "structures", "base_hits", "order"), ENGINE_CASES)
def test_engine_battles_agree_within_4_se(defenders: list[str], structures: list[str],
                                          base_hits: int, order: str) -> None:
    rules = Rules(base_hits=base_hits, battle_order=order)
    exact = odds.battle_odds("World Eater", defenders, turrets=structures.count("Laser Turret"),
                             domes=structures.count("Force Dome"), rules=rules,
                             lab="Research Labs" in structures)
    p_loss = exact.prob(LOSS)
    assert 0.05 < p_loss < 0.95
    n = 3000
    losses = 0
    for i in range(n):
        g = bg.Spacehole.scenario(defenders=defenders, structures=structures, phase="event",
                                  event="World Eater", seed=i, rules=rules)
        losses += g.state.lost
    ok, msg = within_4_se(losses, n, p_loss)
    assert ok, msg


# ====================================================================== mid-battle
def win_after(g: Any) -> Fraction:
    """P(win) of the battle in ``g``, also once it is over (lost, or the invader gone)."""
    s = g.state
    if s.lost:
        return Fraction(0)
    if s.current is None or g.cards[s.current].kind != "invader":
        return Fraction(1)
    return g.battle_odds().prob(WIN)


MARTINGALE_CASES = [
    # (defenders, structures, invader, base_hits, order, seeds); the last three cases
    # reach chance nodes where an outcome destroys the Base.
    (["Space Marines", "Space Hero", "Astro Guard"], ["Laser Turret", "Force Dome", "Colony"],
     "Berserker Robots", 3, "simultaneous", range(4)),
    (["Space Marines", "Space Patrol", "Alien Artifact"], ["Research Labs", "Force Dome",
                                                            "Colony"],
     "World Eater", 2, "invader_first", range(4)),
    (["Space Hero", "Star Force"], ["Laser Turret", "Laser Turret"], "Starmada", 2,
     "defenders_first", range(4)),
    ([], ["Laser Turret", "Force Dome"], "World Eater", 3, "simultaneous", range(3)),
    (["Space Patrol"], ["Laser Turret"], "Starmada", 2, "invader_first", range(3)),
    (["Astro Guard"], [], "Cyborg Collective", 2, "defenders_first", range(3)),
]


@pytest.mark.parametrize(("defenders", "structures", "invader", "base_hits", "order", "seeds"),
                         MARTINGALE_CASES)
def test_mid_battle_odds_are_a_martingale(defenders: list[str], structures: list[str],
                                          invader: str, base_hits: int, order: str,
                                          seeds: range) -> None:
    rules = Rules(base_hits=base_hits, battle_order=order)
    kinds: Counter[str] = Counter()
    for seed in seeds:
        g = bg.Spacehole.scenario(defenders=defenders, structures=structures, phase="event",
                                  event=invader, seed=seed, rules=rules, auto_roll=False)
        lab = "Research Labs" in structures
        start = odds.battle_odds(invader, defenders, turrets=structures.count("Laser Turret"),
                                 domes=structures.count("Force Dome"), rules=rules, lab=lab)
        assert g.battle_odds() == start
        steps = 0
        while g.current_player == bg.CHANCE:
            kind = g.state.chance[0]
            kinds[kind] += 1
            now = g.battle_odds()
            assert sum(now.values()) == 1
            before = g.to_json()
            expected = Fraction(0)
            for outcome, p in g.chance_outcomes().items():
                h = g.fork()
                h.apply(outcome)
                expected += p * win_after(h)
                kinds["loss"] += h.state.lost
            assert g.to_json() == before
            assert now.prob(WIN) == expected, (seed, steps, kind)
            g.roll()
            steps += 1
    assert kinds["inv_dice"] and kinds["def_dice"], kinds
    assert kinds["loss"] or len(defenders) > 1, kinds
    assert kinds["target"] or len(defenders) < 2, kinds


def test_battle_odds_before_the_battle_starts() -> None:
    """An Invader just drawn, the hand over its limit: the battle has not begun."""
    hand = ["Solar Array", "Mine", "Mine", "Agrodome", "Agrodome", "Colony"]
    g = bg.Spacehole.scenario(defenders=["Space Navy"], structures=["Force Dome"], hand=hand,
                              deck=["Cyborg Collective", "Mine"], phase="karma",
                              auto_roll=False)
    assert g.state.pending == "discard" and g.state.current == "Cyborg Collective"
    expected = odds.battle_odds("Cyborg Collective", ["Space Navy"], domes=1)
    assert g.battle_odds() == expected
    g.apply("discard Mine")
    assert g.current_player == bg.CHANCE
    assert g.battle_odds() == expected


def test_lost_battle_gives_certain_loss() -> None:
    g = bg.Spacehole.scenario(phase="event", event="World Eater", auto_roll=False,
                              base_damage=9)
    g.apply(7)  # seven invader hits: the Base (one hit left) falls
    while g.current_player == bg.CHANCE:
        g.apply(0)
    assert g.state.lost
    assert g.battle_odds() == {LOSS: 1}


def test_ruling_7_alien_artifact_does_not_fight_once_the_lab_is_gone() -> None:
    g = bg.Spacehole.scenario(defenders=["Alien Artifact"], structures=["Research Labs"],
                              phase="event", event="Lab Explosion", deck=["World Eater"],
                              auto_roll=False)
    g.apply("pass")
    assert g.current_player == bg.CHANCE and g.state.current == "World Eater"
    assert not any(n == "Research Labs" for n, _ in g.state.structures)
    assert g.battle_odds() == odds.battle_odds("World Eater", ["Alien Artifact"], lab=False)
    assert g.battle_odds() != odds.battle_odds("World Eater", ["Alien Artifact"], lab=True)


def test_babylon5_game_odds_use_its_own_cards() -> None:
    rules = Rules(base_hits=6)
    g = bg.Spacehole.scenario(variant="babylon5", defenders=["Marines", "Co Capt John Sheridan"],
                              structures=["Ppg turret", "Hull armor"], phase="event",
                              event="Shadow ship", auto_roll=False, rules=rules)
    expected = odds.battle_odds("Shadow ship", ["Marines", "Co Capt John Sheridan"], turrets=1,
                                domes=1, rules=rules, variant="babylon5")
    assert g.battle_odds() == expected
    assert expected == odds.battle_odds(7, [3, "Space Hero"], turrets=1, domes=1, rules=rules)
