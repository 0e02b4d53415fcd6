"""The memoised helpers of the engine give what their plain definitions give
(``legal.pickable``, ``records.fleets`` / ``spoils_of`` / ``advanced``), on the positions
of seeded random games; and ``legal.spend_moves``, which weighs runs of totals, gives
what trying every total within reach gives."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import boardgames as bg
from boardgames.intergalactic import data, legal, records
from boardgames.intergalactic.actions import Move
from boardgames.intergalactic.data import LISTS
from boardgames.intergalactic.odds import landing_runs, lookup


def _plain_pickable(list_name: str, held: tuple[str, ...], attrs: tuple[int, ...]
                    ) -> tuple[data.Entry, ...]:
    out = []
    for e in sorted(LISTS[list_name], key=lambda e: e.name):
        if e.dc > 100 or (e.kept and e.name in held):
            continue
        if e.req is not None and attrs[records.INDEX[e.req[0]]] < e.req[1]:
            continue
        out.append(e)
    return tuple(out)


def _plain_spoils(entries: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    worlds = [n for n in entries if data.by_name(n).list == "exploration"]
    devs = [n for n in entries if data.by_name(n).list == "development"]
    out = []
    if len(worlds) >= len(devs):
        out += [("take", n) for n in worlds]
    if len(devs) >= len(worlds):
        out += [("remove", n) for n in devs]
    return tuple(out)


def _positions(seeds: range) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    out = []
    for seed in seeds:
        g = bg.Intergalactic(players=4, seed=seed)
        choice = random.Random(seed).choice
        while not g.is_over:
            s = g.state
            out.extend(zip(s.entries, s.attrs, strict=True))
            g.apply(choice(g.legal_actions()))
    return out


def test_memoised_helpers_match_their_plain_definitions() -> None:
    positions = _positions(range(40, 42))
    assert len(positions) > 1000
    seen_hits = 0
    for held, attrs in positions[::7]:
        for name in LISTS:
            got = legal.pickable(name, held, attrs)
            assert got == _plain_pickable(name, held, attrs), (name, held)
            assert legal.pickable(name, held, attrs) == got  # the memo gives it again
            seen_hits += any(e.kept and e.name in held for e in LISTS[name] if e.dc <= 100)
        assert records.fleets(held) == tuple(n for n in held if data.by_name(n).fleet > 0)
        assert records.spoils_of(held) == _plain_spoils(held)
        assert records.advanced(held) == sum(
            1 for n in held if (e := data.by_name(n)).advanced
            and e.list in ("research", "buildup"))
    assert seen_hits > 0  # the held-entries filter of pickable was exercised


def _plain_spend_moves(list_name: str, total: int, tokens: int, twice: bool) -> tuple[str, ...]:
    """Ruling 2 as written: every total within reach, 1 IT a point; for each entry (or
    nothing) other than the one rolled, the cheapest total landing on it (the lowest of
    equals)."""
    here = lookup(list_name, total, twice=twice)
    best: dict[str | None, tuple[int, int]] = {}
    for t in legal.reach(total, tokens):
        e = lookup(list_name, t, twice=twice)
        if e is here:
            continue
        name = e.name if e is not None else None
        if name not in best or abs(t - total) < best[name][0]:
            best[name] = (abs(t - total), t)
    moves = [f"keep {total}"] + [f"land on {t} {name or 'nothing'} ({cost} IT)"
                                 for name, (cost, t) in best.items()]
    return tuple(sorted(moves))


def test_spend_moves_by_runs_match_every_total_within_reach() -> None:
    """``legal.spend_moves`` weighs each run of totals landing on one entry
    (``odds.landing_runs``) by its total nearest the roll; the plain definition tries
    every total within reach. Every list, rolls below 0 to above 101, reaches from
    nothing to the whole list, and "Roll Twice" rolls."""
    checked = 0
    for name in LISTS:
        if name in ("race", "homeworld"):
            continue
        for twice in (False, True):
            runs = landing_runs(name, twice)
            assert runs[0][0] == 0 and runs[-1][1] == 101
            assert all(a[1] + 1 == b[0] and a[2] is not b[2] for a, b in pairwise(runs))
            for total in range(-3, 126, 2):
                for tokens in (0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 104, 130):
                    got = tuple(sorted(map(str, legal.spend_moves(name, total, tokens, twice))))
                    assert got == _plain_spend_moves(name, total, tokens, twice), (
                        name, total, tokens, twice)
                    checked += 1
    assert checked > 5000


def test_spend_moves_are_the_offers_a_purse_can_pay_kept_in_notation_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A purse of ``tokens`` IT takes the landing offers costing at most ``tokens`` (they
    come cheapest first); the choice of a roll total is kept in notation order with the
    cost of each action, and a game in the token-spending decision lists a part of it
    as it is (the core does not sort it again)."""
    for total in (-2, 0, 37, 64, 100, 101, 118):
        offers = legal.landing_offers("development", total, False)
        costs = [cost for cost, _, _ in offers]
        assert costs == sorted(costs) and all(cost > 0 for cost in costs)
        whole, whole_costs = legal.spend_offers("development", total, False)
        for tokens in range(0, 40, 3):
            got = legal.spend_moves("development", total, tokens, False)
            want = {legal.keep_move(total),
                    *(legal.land_move(t, e, c) for c, t, e in offers if c <= tokens)}
            assert set(got) == want and len(got) == len(want)
            assert [str(m) for m in got] == sorted(str(m) for m in got)
            assert [whole_costs[whole.index(m)] for m in got] == [
                abs(m.total - total) for m in got]  # 1 IT a point
            assert legal.can_land_elsewhere("development", total, False, tokens) == (
                len(got) > 1)
    made: list[tuple[Move, ...]] = []

    def spy(*args: object) -> tuple[Move, ...]:
        made.append(plain(*args))
        return made[-1]

    plain = legal.spend_moves
    monkeypatch.setattr(legal, "spend_moves", spy)
    spending = 0
    for seed in range(20):
        g = bg.Intergalactic(seed=seed)
        choice = random.Random(seed).choice
        while not g.is_over and spending < 20:
            if g.view()["phase"] == "spend":
                assert g.legal_actions() is made[-1]
                spending += 1
            g.apply(choice(g.legal_actions()))
    assert spending == 20


def test_keep_and_land_moves_are_the_shared_actions_of_their_notation() -> None:
    """``legal.keep_move`` / ``legal.land_move`` make each notation once and give the
    game's shared action for it (``Move.of``), whose fields read back."""
    m = legal.land_move(47, "Telepathy", 7)
    assert str(m) == "land on 47 Telepathy (7 IT)"
    assert m is legal.land_move(47, "Telepathy", 7) is Move.of("land", "on 47 Telepathy (7 IT)")
    assert (m.total, m.entry) == (47, "Telepathy") and Move.parse(str(m)) == m
    k = legal.keep_move(-3)
    assert str(k) == "keep -3" and k is Move.of("keep", "-3") and k.total == -3
