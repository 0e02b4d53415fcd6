"""Exact odds of Intergalactic: ``lookup`` at every threshold edge of every list (the
thresholds read from the rule text here, independently of the data module);
``stage_modifier`` against the text's sentences; ``roll_odds`` and ``battle_odds``
against brute-force enumeration written here, against icepool (an independent dice
library) and against the engine itself."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import icepool
import pytest
from intergalactic.support import force, keep, list_rows, play, rec, scenario

from boardgames.intergalactic import battle_odds, data, lookup, roll_odds, stage_modifier
from boardgames.intergalactic.odds import levels_modifier

ROWS = list_rows()
ROLLED = ("research", "exploration", "development", "buildup", "stratagem")
EDGES = [(name, i) for name in ROLLED for i in range(len(ROWS[name]))]


@pytest.mark.parametrize(("name", "i"), EDGES, ids=[f"{n}-{ROWS[n][i][0]}" for n, i in EDGES])
def test_lookup_at_every_threshold_edge(name: str, i: int) -> None:
    """The entry at threshold DC is landed on from DC up to the next threshold minus 1;
    DC - 1 lands on the entry before (nothing below the first); "00" is 100 and every
    total of 101 or more is the "101+" row."""
    rows = ROWS[name]
    dc, title = rows[i]
    top = rows[i + 1][0] - 1 if i + 1 < len(rows) else 10**6
    for total in {dc, top, (dc + top) // 2 if top < 10**6 else 250}:
        e = lookup(name, total)
        assert e is not None and (e.dc, e.name) == (dc, title), total
    below = lookup(name, dc - 1)
    if i == 0:
        assert below is None and lookup(name, 0) is None and lookup(name, -50) is None
    else:
        assert below is not None and (below.dc, below.name) == rows[i - 1]


def test_every_list_has_its_101_row_and_its_00_row() -> None:
    for name in ROLLED:
        assert ROWS[name][-1][0] == 101 and ROWS[name][-2][0] == 100
        assert lookup(name, 101).special in ("pick", "twice")
        assert lookup(name, 100) is data.LISTS[name][-2]


@pytest.mark.parametrize("name", ["race", "homeworld"])
def test_lookup_races_and_homeworlds_by_1d10(name: str) -> None:
    assert [(lookup(name, i).dc, lookup(name, i).name) for i in range(1, 11)] == ROWS[name]
    assert lookup(name, 0) is None and lookup(name, 11) is None


def test_lookup_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown list 'nolist'"):
        lookup("nolist", 5)
    for bad in ("5", 5.0, True, None):
        with pytest.raises(ValueError, match=f"total must be an int, not {bad!r}"):
            lookup("research", bad)  # type: ignore[arg-type]


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
    assert stage_modifier("exploration", {"Scan": -2}) == -4
    with pytest.raises(ValueError, match="unknown stage 'nostage'"):
        stage_modifier("nostage", a)
    # the same for a row of levels, as a player's record keeps them
    row = tuple(a[x] for x in data.ATTRIBUTES)
    for stage in (*data.STAGES, *data.LISTS):
        if stage in ("race", "homeworld"):
            continue
        assert levels_modifier(stage, row) == stage_modifier(stage, a), stage
    with pytest.raises(ValueError, match="unknown stage 'nostage'"):
        levels_modifier("nostage", row)


# ------------------------------------------------------------------ roll_odds
def _brute_roll(name: str, mod: int, tokens: int, held: set[str], twice: bool = False) -> dict:
    """Every die and every shift of at most ``tokens``: the best is the reachable
    entry not held with the highest threshold (the 101+ row highest of all; with
    ``twice`` a "Roll Twice" row is "Pick one of the Above")."""
    rows = list(data.LISTS[name])
    if twice and rows[-1].special == "twice":
        rows[-1] = data.Entry(name, 101, "Pick one of the Above", (), special="pick")
    counts: dict = {}
    for die in range(1, 101):
        best = None
        for shift in range(-tokens, tokens + 1):
            t = die + mod + shift
            cands = [e for e in rows if e.dc <= t]
            if not cands:
                continue
            e = cands[-1]
            if e.name in held:
                continue
            if best is None or e.dc > best.dc:
                best = e
        key = best.name if best else None
        counts[key] = counts.get(key, 0) + 1
    return {k: Fraction(v, 100) for k, v in counts.items()}


_rng = random.Random(2024)
CASES = [
    ("research", 0, 0, ()),
    ("research", 10, 3, ("Nova Bombs", "Telepathy")),
    ("exploration", 25, 7, ("Holy Worlds",)),
    ("development", -30, 5, ()),
    ("buildup", 40, 20, ("Planet Buster", "World Killer", "Task Force")),
    ("stratagem", -50, 2, ()),
    ("research", 120, 4, ()),
    ("research", 0, 20, ()),
    ("stratagem", -150, 20, ()),
] + [
    (name, _rng.randint(-60, 80), _rng.choice([0, 1, 2, 5, 9, 20, 26]),
     tuple(_rng.sample([e.name for e in data.LISTS[name][:-1]], _rng.randint(0, 12))))
    for name in ROLLED for _ in range(6)
]


@pytest.mark.parametrize(("name", "mod", "tokens", "held"), CASES)
def test_roll_odds_against_brute_force(name: str, mod: int, tokens: int,
                                       held: tuple[str, ...]) -> None:
    got = roll_odds(name, mod, tokens, held)
    assert dict(got) == _brute_roll(name, mod, tokens, set(held))
    assert sum(got.values()) == 1


def _icepool_roll(name: str, mod: int, tokens: int, held: tuple[str, ...]) -> dict:
    """The same distribution through icepool: d100 + mod mapped to the best entry in
    the window [total - tokens, total + tokens], found with ``lookup``."""
    def best(total: int) -> str:
        found = [lookup(name, t) for t in range(total - tokens, total + tokens + 1)]
        ok = [e for e in found if e is not None and e.name not in held]
        return max(ok, key=lambda e: e.dc).name if ok else "-"

    die = (icepool.d(100) + mod).map(best)
    return {(None if o == "-" else o): p for o, p in zip(die.outcomes(), die.probabilities(),
                                                        strict=True)}


@pytest.mark.parametrize(("name", "mod", "tokens", "held"), CASES[::3])
def test_roll_odds_against_icepool(name: str, mod: int, tokens: int,
                                   held: tuple[str, ...]) -> None:
    assert dict(roll_odds(name, mod, tokens, held)) == _icepool_roll(name, mod, tokens, held)


@pytest.mark.parametrize(("name", "mod", "tokens", "held"),
                         [c for c in CASES if c[0] in ("exploration", "development")]
                         + [("development", 100, 0, ()), ("exploration", 60, 3, ())])
def test_roll_odds_of_a_roll_made_for_roll_twice(name: str, mod: int, tokens: int,
                                                 held: tuple[str, ...]) -> None:
    """Ruling 2: "A roll made for "Roll Twice" that lands on 101+ again counts as "Pick
    one of the Above" on that list": ``twice=True`` reads the 101+ row so, and is the
    plain distribution with that name replaced."""
    got = roll_odds(name, mod, tokens, held, twice=True)
    assert dict(got) == _brute_roll(name, mod, tokens, set(held), twice=True)
    plain = dict(roll_odds(name, mod, tokens, held))
    if "Roll Twice" in plain:
        plain["Pick one of the Above"] = plain.pop("Roll Twice")
    assert dict(got) == plain
    assert dict(roll_odds("research", mod, tokens, twice=True)) == \
        dict(roll_odds("research", mod, tokens))  # its 101+ is a pick already


def test_a_roll_made_for_roll_twice_lands_where_roll_odds_says() -> None:
    """The game's landing of a roll made for "Roll Twice" is, for every die, the entry
    ``lookup(..., twice=True)`` gives (the view's while P0 decides), and the turn goes
    on as that entry says: a pick for 101+."""
    base = scenario([rec("Glish", "Green World", ["Ion Drives"]), rec("Yiff")],
                    stage="exploration")
    force(base, 1)  # income 1 IT
    force(base, 101 - stage_modifier("exploration", base.attributes(0)))
    play(base, keep(base))  # Roll Twice: the first of its two rolls is pending
    mod = base.state.chance[4]
    for die in (1, 50, 98, 99, 100):
        g = base.fork()
        force(g, die)
        want = lookup("exploration", die + mod, twice=True)
        if g.phase == "spend" and g.current_player == 0:
            assert g.view()["roll"]["entry"] == (want.name if want else None)
            play(g, keep(g))
        assert (g.phase == "pick") == (die + mod >= 101)
        assert f"P0 lands on {die + mod}: {want.name if want else 'nothing'}" in g.log


def test_roll_odds_without_tokens_is_the_plain_table() -> None:
    d = roll_odds("research", 0)
    assert d[None] == Fraction(9, 100)  # 1..9 below "10-Progress"
    assert d["Progress"] == Fraction(10, 100) and d["Telepathy"] == Fraction(1, 100)
    assert "Pick one of the Above" not in d
    assert roll_odds("research", 1)["Pick one of the Above"] == Fraction(1, 100)


def test_roll_odds_tokens_only_help() -> None:
    """More tokens never lower the chance of landing on one of the top entries: the
    probability of the best k entries grows with the tokens."""
    order = [e.name for e in reversed(data.RESEARCH)]
    for k in (1, 5, 20):
        top = set(order[:k])
        ps = [sum(p for n, p in roll_odds("research", 4, t).items() if n in top)
              for t in range(0, 21, 4)]
        assert ps == sorted(ps) and ps[-1] > ps[0]


def test_roll_odds_matches_what_a_player_can_reach_in_the_game() -> None:
    """For every die of a research roll with 3 IT, the entry ``roll_odds`` counts is one
    the player can land on in the game (a ``keep`` or ``land on`` action, each applied
    in a fork) and nothing better is reachable."""
    held = ("Meson Cannons",)
    base = scenario([rec("Glish", "Green World", list(held), tokens=2), rec("Yiff")])
    force(base, 1)  # 3 IT
    tokens = base.state.tokens[0]
    want = roll_odds("research", 0, tokens, held)
    got: dict = {}
    for die in range(1, 101):
        g = base.fork()
        force(g, die)
        reach = {}
        for a in g.legal_actions() or (None,):
            h = g.fork()
            if a is not None:
                h.apply(a)
            landed = next(x for x in reversed(h.log) if x.startswith("P0 lands on "))
            total = int(landed.split()[3].rstrip(":"))
            e = lookup("research", total)
            if e is not None and e.name not in held:
                assert landed.endswith(f": {e.name}")
                reach[e.name] = e.dc
        best = max(reach, key=reach.get) if reach else None
        got[best] = got.get(best, 0) + Fraction(1, 100)
    assert got == dict(want)


def test_roll_odds_rejects_bad_input() -> None:
    for args, word in [(("x", 0, 0), "unknown list 'x'"),
                       (("research", 0, -1), "tokens must be >= 0, not -1"),
                       (("race", 0, 0), "1D10"),
                       (("research", "1", 0), "modifier must be an int, not '1'"),
                       (("research", 0, 2.5), "tokens must be an int, not 2.5")]:
        with pytest.raises(ValueError, match=word):
            roll_odds(*args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="twice must be a bool, not 'yes'"):
        roll_odds("exploration", 0, 0, twice="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="twice must be a bool, not 1"):
        lookup("exploration", 101, twice=1)  # type: ignore[arg-type]


# ------------------------------------------------------------------ battle_odds
def _brute_battle(a: int, d: int) -> dict[str, Fraction]:
    w = t = lo = 0
    for x, y in itertools.product(range(1, 101), repeat=2):
        if x + a > y + d:
            w += 1
        elif x + a == y + d:
            t += 1
        else:
            lo += 1
    return {"attacker": Fraction(w, 10000), "tie": Fraction(t, 10000),
            "defender": Fraction(lo, 10000)}


BATS = [(0, 0), (10, 25), (25, 10), (100, 0), (0, 99), (0, 100), (5, 200), (-7, 3), (99, 0),
        (50, 51), (0, 101), (35, 35)]


@pytest.mark.parametrize(("a", "d"), BATS)
def test_battle_odds_against_brute_force(a: int, d: int) -> None:
    got = battle_odds(a, d)
    want = _brute_battle(a, d)
    for k in ("attacker", "tie", "defender"):
        assert got.prob(k) == want[k]
    assert sum(got.values()) == 1


@pytest.mark.parametrize(("a", "d"), BATS[::2])
def test_battle_odds_against_icepool(a: int, d: int) -> None:
    diff = (icepool.d(100) + a) - (icepool.d(100) + d)
    win = sum((diff.probability(k) for k in diff.outcomes() if k > 0), Fraction(0))
    got = battle_odds(a, d)
    assert got.prob("attacker") == win and got.prob("tie") == diff.probability(0)


def test_battle_odds_depends_only_on_the_difference_and_is_symmetric() -> None:
    for diff in range(-110, 111, 7):
        d = battle_odds(diff, 0)
        assert d == battle_odds(diff + 40, 40)
        mirror = battle_odds(0, diff)
        assert d.prob("attacker") == mirror.prob("defender") and d.prob("tie") == mirror.prob(
            "tie")
    assert battle_odds(0, 0).prob("tie") == Fraction(1, 100)
    assert battle_odds(100, 0).prob("attacker") == 1


def test_battle_odds_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match=r"bat_attacker must be an int, not 1\.5"):
        battle_odds(1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bat_defender must be an int, not '3'"):
        battle_odds(0, "3")  # type: ignore[arg-type]


def test_modifiers_are_written_signed_in_the_log() -> None:
    from boardgames.intergalactic.turn import signed

    assert [signed(n) for n in (3, 0, -2, 17)] == ["+3", "+0", "-2", "+17"]
    assert all(signed(n) == f"{n:+d}" for n in range(-120, 121))
