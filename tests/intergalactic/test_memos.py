"""The memoised helpers of the engine give what their plain definitions give
(``legal.pickable``, ``records.fleets`` / ``spoils_of`` / ``advanced``), on the positions
of seeded random games."""

from __future__ import annotations

import random

import boardgames as bg
from boardgames.intergalactic import data, legal, records
from boardgames.intergalactic.data import LISTS


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
