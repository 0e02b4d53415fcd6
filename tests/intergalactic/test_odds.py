"""lookup at every threshold edge; stage_modifier against the text's sentences; roll_odds
and battle_odds against brute-force enumeration written here."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from boardgames.intergalactic import battle_odds, data, lookup, roll_odds, stage_modifier


@pytest.mark.parametrize("name", ["research", "exploration", "development", "buildup",
                                  "stratagem"])
def test_lookup_at_every_threshold_edge(name: str) -> None:
    rows = data.LISTS[name]
    assert lookup(name, rows[0].dc - 1) is None
    assert lookup(name, -5) is None
    for e, nxt in itertools.pairwise(rows):
        assert lookup(name, e.dc) is e
        assert lookup(name, nxt.dc - 1) is e
    assert lookup(name, 100) is rows[-2] and rows[-2].dc == 100
    assert lookup(name, 101) is rows[-1] and lookup(name, 250) is rows[-1]


@pytest.mark.parametrize("name", ["race", "homeworld"])
def test_lookup_races_and_homeworlds_by_1d10(name: str) -> None:
    assert [lookup(name, i).name for i in range(1, 11)] == [e.name for e in data.LISTS[name]]
    assert lookup(name, 0) is None and lookup(name, 11) is None


def test_lookup_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="nolist"):
        lookup("nolist", 5)
    with pytest.raises(ValueError, match="'5'"):
        lookup("research", "5")  # type: ignore[arg-type]


def test_stage_modifier_per_the_text() -> None:
    a = {x: i + 1 for i, x in enumerate(data.ATTRIBUTES)}
    assert stage_modifier("research", a) == 2 * a["Intelligence"]
    assert stage_modifier("exploration", a) == a["Intelligence"] + a["Energy"] + 2 * (
        a["Scan"] + a["Speed"])
    assert stage_modifier("development", a) == a["Intelligence"] + a["Speed"] + a["Energy"] \
        + 2 * (a["Terraforming"] + a["Finance"] + a["Population"])
    assert stage_modifier("buildup", a) == a["Population"] + a["Speed"] + a["Energy"] + 2 * (
        a["Metals"] + a["Finance"] + a["Manufacturing"])
    assert stage_modifier("conflict", a) == 0 == stage_modifier("stratagem", a)
    assert stage_modifier("research", {}) == 0
    with pytest.raises(ValueError, match="nostage"):
        stage_modifier("nostage", a)


def _brute_roll(name: str, mod: int, tokens: int, held: set[str]) -> dict:
    """Every die and every shift: the best = highest-threshold entry not held."""
    rows = data.LISTS[name]
    counts: dict = {}
    for die in range(1, 101):
        best = None
        for shift in range(-tokens, tokens + 1):
            t = die + mod + shift
            cands = [e for e in rows if e.dc <= max(t, 0) and t >= rows[0].dc]
            if t >= 101:
                cands = [rows[-1]]
            if not cands:
                continue
            e = max(cands, key=lambda e: e.dc)
            if e.name in held:
                continue
            if best is None or e.dc > best.dc:
                best = e
        key = best.name if best else None
        counts[key] = counts.get(key, 0) + 1
    return {k: Fraction(v, 100) for k, v in counts.items()}


@pytest.mark.parametrize(("name", "mod", "tokens", "held"), [
    ("research", 0, 0, ()),
    ("research", 10, 3, ("Nova Bombs", "Telepathy")),
    ("exploration", 25, 7, ("Holy Worlds",)),
    ("development", -30, 5, ()),
    ("buildup", 40, 20, ("Planet Buster", "World Killer", "Task Force")),
    ("stratagem", -50, 2, ()),
    ("research", 120, 4, ()),
])
def test_roll_odds_against_brute_force(name: str, mod: int, tokens: int,
                                       held: tuple[str, ...]) -> None:
    assert dict(roll_odds(name, mod, tokens, held)) == _brute_roll(name, mod, tokens, set(held))


def test_roll_odds_without_tokens_is_the_plain_table() -> None:
    d = roll_odds("research", 0)
    assert d[None] == Fraction(9, 100)  # 1..9 below "10-Progress"
    assert d["Progress"] == Fraction(10, 100) and d["Telepathy"] == Fraction(1, 100)


def test_roll_odds_rejects_bad_input() -> None:
    for args in [("x", 0, 0), ("research", 0, -1), ("race", 0, 0), ("research", "1", 0)]:
        with pytest.raises(ValueError):
            roll_odds(*args)  # type: ignore[arg-type]


@pytest.mark.parametrize(("a", "d"), [(0, 0), (10, 25), (25, 10), (100, 0), (0, 99),
                                      (0, 100), (5, 200), (-7, 3)])
def test_battle_odds_against_brute_force(a: int, d: int) -> None:
    w = t = lo = 0
    for x in range(1, 101):
        for y in range(1, 101):
            if x + a > y + d:
                w += 1
            elif x + a == y + d:
                t += 1
            else:
                lo += 1
    got = battle_odds(a, d)
    assert got.prob("attacker") == Fraction(w, 10000)
    assert got.prob("tie") == Fraction(t, 10000)
    assert got.prob("defender") == Fraction(lo, 10000)


def test_battle_odds_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match=r"1\.5"):
        battle_odds(1.5, 0)  # type: ignore[arg-type]
